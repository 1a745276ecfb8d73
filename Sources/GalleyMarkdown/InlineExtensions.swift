// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
/// The pymdown inline extensions cmark-gfm lacks, applied to the typed inline tree:
/// `^^ins^^`, `^sup^`, `~sub~`, `==mark==`, `++keys++`, smart symbols, inline highlighting,
/// `nl2br` and the page's abbreviations.
struct InlineExtensions {
    let options: MarkdownOptions

    init(options: MarkdownOptions, abbreviations: [String: String] = [:]) {
        self.options = options
        self.abbreviations = abbreviations
        abbreviationMatcher = Abbreviations.Matcher(abbreviations)
    }
    /// The page's abbreviations (`abbr`), by term.
    var abbreviations: [String: String] = [:] {
        didSet { abbreviationMatcher = Abbreviations.Matcher(abbreviations) }
    }
    private var abbreviationMatcher = Abbreviations.Matcher([:])
    /// Collects the `:shortcodes:` the emoji index lacks, with the line of the block they are in.
    let unknownShortcodes = ShortcodeLog()

    var isActive: Bool {
        options.caret || options.tilde || options.mark || options.smartSymbols || options.inlineHilite
            || options.keys || options.newlineToBreak || options.joinsCJKLines || !abbreviations.isEmpty || options.attrList || options.emoji != nil
            || options.symbolLinks
    }

    func apply(_ blocks: [Block]) -> [Block] {
        guard isActive else { return blocks }
        return blocks.map(apply)
    }

    func apply(_ block: Block) -> Block {
        if let line = block.sourceLine { unknownShortcodes.line = line }
        return block.mappingInlines(apply).mappingChildren(apply)
    }

    func apply(_ inlines: [Inline]) -> [Inline] {
        let expanded = expandAll(options.joinsCJKLines ? CJKLines.join(inlines) : inlines)
        return options.attrList ? Self.attachingAttributes(expanded) : expanded
    }

    /// `{ … }` right after a link, image, emphasis or code span gives that element
    /// attributes (`attr_list`); braces that do not hold attributes stay text.
    static func attachingAttributes(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            guard case .text(let text) = inline, text.hasPrefix("{"), let last = result.last, canTakeAttributes(last),
                  let close = text.firstIndex(of: "}"), !text[..<close].contains("\n"),
                  let attributes = ElementAttributes.parse(text[text.index(after: text.startIndex)..<close])
            else {
                result.append(inline)
                continue
            }
            result[result.count - 1] = .attributed(last, attributes)
            let rest = String(text[text.index(after: close)...])
            if !rest.isEmpty { result.append(.text(rest)) }
        }
        return result
    }

    private static func canTakeAttributes(_ inline: Inline) -> Bool {
        switch inline {
        case .link, .image, .emphasis, .strong, .code, .strikethrough, .marked, .inserted, .emoji: true
        default: false
        }
    }

    private func expandAll(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in Self.mergingText(inlines) {
            switch inline {
            case .text(let text) where options.symbolLinks && text.contains("]["):
                for piece in Self.autorefs(text) {
                    if case .text(let plain) = piece { result.append(contentsOf: expand(plain)) } else { result.append(piece) }
                }
            case .text(let text):
                result.append(contentsOf: expand(text))
            case .code(let code):
                result.append(highlighted(code))
            case .softBreak where options.newlineToBreak:
                result.append(.lineBreak)
            case .emphasis(let content): result.append(.emphasis(apply(content)))
            case .strong(let content): result.append(.strong(apply(content)))
            case .strikethrough(let content): result.append(.strikethrough(apply(content)))
            case .link(let destination, let title, let content):
                result.append(.link(destination: destination, title: title, content: apply(content)))
            default:
                result.append(inline)
            }
        }
        return result
    }

    /// `[Symbol][]` and `[shown text][Symbol]` left as text, which is what an undefined reference
    /// is to CommonMark: mkdocs-autorefs' spelling of a symbol link.
    static func autorefs(_ text: String) -> [Inline] {
        var result: [Inline] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "[") {
            guard let middle = rest[open...].utf8Range(of: "]["),
                  let close = rest[middle.upperBound...].firstIndex(of: "]")
            else { break }
            let shown = rest[rest.index(after: open)..<middle.lowerBound]
            let path = rest[middle.upperBound..<close]
            let target = path.isEmpty ? shown : path
            guard !shown.isEmpty, !shown.contains("["), !target.isEmpty,
                  !target.contains(where: { $0.isWhitespace || $0 == "[" || $0 == "]" || $0 == "`" })
            else {
                result.append(.text(String(rest[...open])))
                rest = rest[rest.index(after: open)...]
                continue
            }
            if open > rest.startIndex { result.append(.text(String(rest[..<open]))) }
            result.append(.symbolLink(path: String(target), content: path.isEmpty ? nil : [.text(String(shown))]))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { result.append(.text(String(rest))) }
        return mergingText(result)
    }

    /// cmark-gfm splits text at delimiter characters; the delimiters here span those splits.
    static func mergingText(_ inlines: [Inline]) -> [Inline] {
        var merged: [Inline] = []
        for inline in inlines {
            if case .text(let next) = inline, case .text(let previous)? = merged.last {
                merged[merged.count - 1] = .text(previous + next)
            } else {
                merged.append(inline)
            }
        }
        return merged
    }

    private func highlighted(_ code: String) -> Inline {
        guard options.inlineHilite else { return .code(code) }
        for prefix in ["#!", ":::"] where code.hasPrefix(prefix) {
            let rest = code.dropFirst(prefix.count)
            let language = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "+" || $0 == "_" }
            let body = rest.dropFirst(language.count)
            guard !language.isEmpty, body.first == " " else { continue }
            return .highlightedCode(language: String(language), code: String(body.dropFirst()))
        }
        return .code(code)
    }

    /// Splits a text run into text, key combinations and the inline elements the delimiters
    /// mark, then marks the page's abbreviations in what is left as text.
    private func expand(_ text: String) -> [Inline] {
        let pieces = options.keys && text.contains("++") ? KeyCombination.split(text) : [.text(text)]
        var expanded = pieces.flatMap { piece -> [Inline] in
            guard case .text(let plain) = piece else { return [piece] }
            return expandDelimiters(plain)
        }
        if let emoji = options.emoji {
            expanded = expanded.flatMap { piece -> [Inline] in
                guard case .text(let plain) = piece else { return [piece] }
                return EmojiShortcodes.split(plain, options: emoji) { unknownShortcodes.add($0) }
            }
        }
        guard !abbreviations.isEmpty else { return expanded }
        return expanded.flatMap { piece -> [Inline] in
            guard case .text(let plain) = piece else { return [piece] }
            return abbreviationMatcher.mark(plain)
        }
    }

    private func expandDelimiters(_ text: String) -> [Inline] {
        var delimiters: [(String, ([Inline]) -> Inline)] = []
        if options.caret {
            delimiters.append(("^^", { .inserted($0) }))
            delimiters.append(("^", { .superscript($0) }))
        }
        if options.mark { delimiters.append(("==", { .marked($0) })) }
        if options.tilde { delimiters.append(("~", { .subscript($0) })) }
        let hasDelimiter = !delimiters.isEmpty && text.utf8.contains { $0 == UInt8(ascii: "^") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "~") }
        let expanded = hasDelimiter ? Self.split(text, delimiters: delimiters) : [.text(text)]
        guard options.smartSymbols else { return expanded }
        return expanded.map { inline in
            if case .text(let plain) = inline { return .text(SmartSymbols.replace(plain)) }
            return inline
        }
    }

    /// Finds the first delimiter pair (opening not followed by a space, closing not preceded
    /// by one, non-empty content) and recurses on both sides and inside.
    static func split(_ text: String, delimiters: [(String, ([Inline]) -> Inline)]) -> [Inline] {
        guard !delimiters.isEmpty else { return [.text(text)] }
        var best: (range: Range<String.Index>, content: Range<String.Index>, make: ([Inline]) -> Inline)?
        for (delimiter, make) in delimiters {
            var searchStart = text.startIndex
            while let open = text.range(of: delimiter, range: searchStart..<text.endIndex) {
                let contentStart = open.upperBound
                guard contentStart < text.endIndex, text[contentStart] != " ",
                      !text[contentStart...].hasPrefix(String(delimiter.first!))
                else {
                    searchStart = text.index(after: open.lowerBound)
                    continue
                }
                if let close = text.range(of: delimiter, range: text.index(after: contentStart)..<text.endIndex),
                   text[text.index(before: close.lowerBound)] != " "
                {
                    if delimiter.count == 1, close.upperBound < text.endIndex, text[close.upperBound] == delimiter.first! {
                        searchStart = close.upperBound
                        continue
                    }
                    let candidate = (open.lowerBound..<close.upperBound, contentStart..<close.lowerBound, make)
                    if best == nil || candidate.0.lowerBound < best!.range.lowerBound {
                        best = candidate
                    }
                }
                break
            }
        }
        guard let found = best else { return [.text(text)] }
        var result: [Inline] = []
        let before = String(text[..<found.range.lowerBound])
        if !before.isEmpty { result.append(.text(before)) }
        result.append(found.make(split(String(text[found.content]), delimiters: delimiters)))
        let after = String(text[found.range.upperBound...])
        if !after.isEmpty { result.append(contentsOf: split(after, delimiters: delimiters)) }
        return result
    }
}

/// The unknown `:shortcodes:` of one parse, each with the line of the block holding it.
final class ShortcodeLog {
    var line = 1
    private(set) var found: [(shortcode: String, line: Int)] = []

    func add(_ shortcode: String) {
        found.append((shortcode, line))
    }
}

/// The replacements of `pymdownx.smartsymbols`, with the conditions its patterns hold: a
/// fraction not next to a digit (`01/2020` stays), `c/o` as a word, `-->` not after a dash
/// and `<--` not before one. Its ordinal numbers are not made here.
enum SmartSymbols {
    /// What must hold around a pattern for it to be replaced.
    private enum Guard {
        case none, notBetweenDigits, wholeWord, notAfterDash, notBeforeDash
    }

    /// Longest patterns first, so `<-->` wins over `-->` and `<--`.
    private static let table: [(pattern: [UInt8], symbol: String, guard: Guard)] = [
        ("<-->", "\u{2194}", Guard.none), ("-->", "\u{2192}", .notAfterDash), ("<--", "\u{2190}", .notBeforeDash),
        ("(tm)", "\u{2122}", .none), ("(c)", "\u{00A9}", .none), ("(r)", "\u{00AE}", .none),
        ("c/o", "\u{2105}", .wholeWord), ("+/-", "\u{00B1}", .none), ("=/=", "\u{2260}", .none),
        ("1/4", "\u{00BC}", .notBetweenDigits), ("1/2", "\u{00BD}", .notBetweenDigits), ("3/4", "\u{00BE}", .notBetweenDigits),
        ("1/3", "\u{2153}", .notBetweenDigits), ("2/3", "\u{2154}", .notBetweenDigits), ("1/5", "\u{2155}", .notBetweenDigits),
        ("2/5", "\u{2156}", .notBetweenDigits), ("3/5", "\u{2157}", .notBetweenDigits), ("4/5", "\u{2158}", .notBetweenDigits),
        ("1/6", "\u{2159}", .notBetweenDigits), ("5/6", "\u{215A}", .notBetweenDigits), ("1/8", "\u{215B}", .notBetweenDigits),
        ("3/8", "\u{215C}", .notBetweenDigits), ("5/8", "\u{215D}", .notBetweenDigits), ("7/8", "\u{215E}", .notBetweenDigits),
    ].map { (Array($0.0.utf8), $0.1, $0.2) }

    /// Whether the pattern at `start..<end` of `bytes` may be replaced.
    private static func holds(_ condition: Guard, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let before: UInt8? = start > 0 ? bytes[start - 1] : nil
        let after: UInt8? = end < bytes.count ? bytes[end] : nil
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        // A word character as Python's `\b` sees one; bytes of other scripts count as letters.
        func isWord(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x80 || $0 == 0x5F || isDigit($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) } ?? false }
        switch condition {
        case .none: return true
        case .notBetweenDigits: return !isDigit(before) && !isDigit(after)
        case .wholeWord: return !isWord(before) && !isWord(after)
        case .notAfterDash: return before != UInt8(ascii: "-")
        case .notBeforeDash: return after != UInt8(ascii: "-")
        }
    }

    /// Whether a byte can start a pattern, by byte value: a table lookup per byte of text,
    /// where a `Set` would hash each one.
    private static let starts: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for entry in SmartSymbols.table { table[Int(entry.pattern[0])] = true }
        return table
    }()

    /// `text` with every pattern replaced, in one pass over its bytes.
    static func replace(_ text: String) -> String {
        var text = text
        var result: [UInt8] = []
        var copiedUpTo = 0
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                guard starts[Int(bytes[index])] else {
                    index += 1
                    continue
                }
                var matched = false
                for (pattern, symbol, condition) in table where pattern[0] == bytes[index] && index + pattern.count <= bytes.count {
                    if bytes[index..<(index + pattern.count)].elementsEqual(pattern), holds(condition, bytes, index, index + pattern.count) {
                        if result.isEmpty { result.reserveCapacity(bytes.count) }
                        result.append(contentsOf: bytes[copiedUpTo..<index])
                        result.append(contentsOf: symbol.utf8)
                        index += pattern.count
                        copiedUpTo = index
                        matched = true
                        break
                    }
                }
                if !matched { index += 1 }
            }
            if copiedUpTo > 0 { result.append(contentsOf: bytes[copiedUpTo...]) }
        }
        guard copiedUpTo > 0 else { return text }
        return String(decoding: result, as: UTF8.self)
    }
}
