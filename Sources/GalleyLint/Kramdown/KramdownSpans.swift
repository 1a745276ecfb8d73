// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// kramdown's span parser, run on the raw text of every block once all blocks are read
/// (its `update_tree`): emphasis, code spans, links and images, autolinks, HTML, smart
/// quotes, entities, typographic symbols, line breaks and escapes. A text element takes the
/// line of the element before it, or of its parent, as kramdown records it; mdl's text
/// rules count lines from there.
final class KramdownSpans {
    let linkDefinitions: Set<String>
    let footnotes: Set<String>
    private var src = KramdownScanner([], startLine: 1)
    private var tree = KramdownElement(.root, location: nil)
    /// The elements being parsed into, outermost first (kramdown's `@stack` with `@tree`).
    private var open: [KramdownElement.Kind] = []

    init(linkDefinitions: Set<String>, footnotes: Set<String>) {
        self.linkDefinitions = linkDefinitions
        self.footnotes = footnotes
    }

    func update(_ element: KramdownElement) {
        var children: [KramdownElement] = []
        var lastBlank: KramdownElement?
        for child in element.children {
            switch child.kind {
            case .rawText:
                lastBlank = nil
                children += spans(of: child.value, location: element.location, textLocation: child.location)
            case .endOfBlock:
                continue
            case .blank:
                if let lastBlank {
                    lastBlank.value += child.value
                } else {
                    lastBlank = child
                    children.append(child)
                }
            default:
                lastBlank = nil
                update(child)
                children.append(child)
            }
        }
        element.children = children
    }

    /// The span elements of `text`: lines counted from `location` (the parent's), and text
    /// elements placed at `textLocation` (the raw text element's own, which kramdown parses
    /// into and which has no content model).
    private func spans(of text: [UInt8], location: Int?, textLocation: Int?) -> [KramdownElement] {
        let holder = KramdownElement(.rawText, location: textLocation)
        holder.contentModel = .span
        src = KramdownScanner(text, startLine: location ?? 1)
        tree = holder
        open = []
        _ = parseSpans(holder, stop: nil)
        return holder.children
    }

    /// What kramdown's table check reads a table's lines as: its span parser with only the
    /// code-span and span-HTML parsers, run over the lines (text, code spans, HTML elements
    /// and comments, as the root's children).
    static func tablePieces(_ text: [UInt8]) -> [KramdownElement] {
        let parser = KramdownSpans(linkDefinitions: [], footnotes: [])
        let holder = KramdownElement(.root, location: nil)
        holder.contentModel = .span
        parser.src = KramdownScanner(text, startLine: 1)
        parser.tree = holder
        _ = parser.parseSpans(holder, stop: nil, parsers: [.codeSpan, .html])
        return holder.children
    }

    private func addText(_ text: ArraySlice<UInt8>, to element: KramdownElement? = nil) {
        (element ?? tree).appendText(text, kind: .text)
    }

    /// The parsers kramdown tries, in its order.
    private enum Parser: CaseIterable {
        case emphasis, codeSpan, autolink, html, footnote, link, smartQuote, math, spanExtension, entity, typographic, lineBreak, escape
    }

    private var bytes: [UInt8] { src.bytes }

    /// Bytes at which some parser's start pattern can match (a quote makes the byte before
    /// it one too).
    private static let startBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("*_`<[!\"'$&-.\\ >{".utf8) { table[Int(byte)] = true }
        return table
    }()

    /// Whether any parser's start pattern (kramdown's `span_start`) matches at `at`.
    private func isSpanStart(_ at: Int, parsers: [Parser]) -> Bool {
        let byte = bytes[at]
        if !Self.startBytes[Int(byte)] {
            guard let next = src.byte(at + 1), next == 0x22 || next == 0x27, parsers.contains(.smartQuote) else { return false }
            return true
        }
        // A space starts a span only before another space (a line break), `<<` or `>>`
        // (typographic quotes), or a quote: most spaces are before none of these, and are
        // answered without asking each parser.
        if byte == 0x20, let next = src.byte(at + 1), next != 0x20, next != 0x3C, next != 0x3E, next != 0x22, next != 0x27 {
            return false
        }
        for parser in parsers {
            switch parser {
            case .emphasis: if byte == 0x2A || byte == 0x5F { return true }
            case .codeSpan: if byte == 0x60 { return true }
            case .autolink, .html: if byte == 0x3C { return true }
            case .footnote: if byte == 0x5B { return true }
            case .link: if byte == 0x5B || (byte == 0x21 && src.byte(at + 1) == 0x5B) { return true }
            case .smartQuote:
                if byte == 0x22 || byte == 0x27 { return true }
                if byte != 0x5C, let next = src.byte(at + 1), next == 0x22 || next == 0x27 { return true }
            case .math: if byte == 0x24 { return true }
            case .spanExtension: if byte == 0x7B, src.byte(at + 1) == 0x3A { return true }
            case .entity: if byte == 0x26 { return true }
            case .typographic:
                if RubyBytes.startsWith(bytes, at, "--") || RubyBytes.startsWith(bytes, at, "...") { return true }
                var from = at
                if byte == 0x5C || byte == 0x20 { from += 1 }
                if RubyBytes.startsWith(bytes, from, "<<") || RubyBytes.startsWith(bytes, from, ">>") { return true }
            case .lineBreak:
                if RubyBytes.startsWith(bytes, at, "  \n") || RubyBytes.startsWith(bytes, at, "\\\n") { return true }
            case .escape: if byte == 0x5C { return true }
            }
        }
        return false
    }

    /// Whether the parser's own start pattern matches at `at`.
    private func starts(_ parser: Parser, _ at: Int) -> Bool {
        let byte = bytes[at]
        switch parser {
        case .emphasis: return byte == 0x2A || byte == 0x5F
        case .codeSpan: return byte == 0x60
        case .autolink: return autolinkEnd(at) != nil
        case .html:
            guard byte == 0x3C, let next = src.byte(at + 1) else { return false }
            return next == 0x2F || RubyBytes.startsWith(bytes, at + 1, "!--") || KramdownHTML.nameLength(bytes, at + 1) > 0
        case .footnote: return footnoteEnd(at) != nil
        case .link:
            let bracket = byte == 0x21 ? at + 1 : at
            guard src.byte(bracket) == 0x5B, let next = src.byte(bracket + 1) else { return false }
            return next != 0x5E
        case .smartQuote:
            if byte == 0x22 || byte == 0x27 { return true }
            return byte != 0x5C && (src.byte(at + 1) == 0x22 || src.byte(at + 1) == 0x27)
        case .math: return mathEnd(at) != nil
        case .spanExtension: return byte == 0x7B && src.byte(at + 1) == 0x3A
        case .entity: return entityEnd(at) != nil
        case .typographic: return typographicLength(at) != nil
        case .lineBreak: return RubyBytes.startsWith(bytes, at, "  \n") || RubyBytes.startsWith(bytes, at, "\\\\\n")
        case .escape:
            guard byte == 0x5C, let next = src.byte(at + 1) else { return false }
            return "\\.*_+`<>()[]{}#!:|\"'$=-".utf8.contains(next)
        }
    }

    /// What ends a nested parse: a delimiter, with a test of the place it was found.
    private struct Stop {
        /// Whether the stop pattern matches at a position.
        var matches: (Int) -> Bool
        /// Whether the parse ends there (kramdown's block given to `parse_spans`).
        var accept: (Int) -> Bool
    }

    private func delimiterStop(_ delimiter: [UInt8], accept: @escaping (Int) -> Bool) -> Stop {
        let text = String(decoding: delimiter, as: UTF8.self)
        let first = delimiter.first
        return Stop(matches: { [unowned self] at in self.bytes[at] == first && RubyBytes.startsWith(self.bytes, at, text) }, accept: accept)
    }

    /// `parse_spans`: true when the stop was found (the position is then on it).
    private func parseSpans(_ element: KramdownElement, stop: Stop?, parsers: [Parser] = Parser.allCases) -> Bool {
        let savedTree = tree
        open.append(element.kind)
        tree = element
        defer {
            tree = savedTree
            open.removeLast()
        }
        while !src.atEnd {
            var at = src.position
            var stopHere = false
            while at < bytes.count {
                if let stop, stop.matches(at) { stopHere = true; break }
                if isSpanStart(at, parsers: parsers) { break }
                at += 1
            }
            if at >= bytes.count {
                if stop == nil {
                    addText(bytes[src.position...])
                    src.position = bytes.count
                }
                return false
            }
            addText(bytes[src.position..<at])
            src.position = at
            if stopHere, let stop, stop.accept(at) { return true }
            if let parser = parsers.first(where: { starts($0, at) }) {
                run(parser)
            } else {
                addText(bytes[at...at])
                src.position = at + 1
            }
        }
        return false
    }

    private func run(_ parser: Parser) {
        switch parser {
        case .emphasis: parseEmphasis()
        case .codeSpan: parseCodeSpan()
        case .autolink: parseAutolink()
        case .html: parseHTML()
        case .footnote: parseFootnote()
        case .link: parseLink()
        case .smartQuote: parseSmartQuote()
        case .math: parseMath()
        case .spanExtension: parseSpanExtension()
        case .entity: parseEntity()
        case .typographic: parseTypographic()
        case .lineBreak: parseLineBreak()
        case .escape:
            addText(bytes[(src.position + 1)...(src.position + 1)])
            src.position += 2
        }
    }

    // MARK: - Extensions

    /// `parse_span_extensions`: `{::comment}…{:/comment}` (a comment), `{::nomarkdown}…{:/}`
    /// (raw output, not text), `{::options … /}` (nothing here), and `{: …}` after an element
    /// (its attributes); anything else is a `{` of text.
    private func parseSpanExtension() {
        let at = src.position
        /// The end of `{:` + body + `}` from `at`, the body being `\}` or any byte but `}`.
        func braceEnd(_ from: Int) -> Int? {
            var index = from
            while index < bytes.count {
                if bytes[index] == 0x5C, src.byte(index + 1) == 0x7D { index += 2; continue }
                if bytes[index] == 0x7D { return index + 1 }
                index += 1
            }
            return nil
        }
        if RubyBytes.startsWith(bytes, at, "{::"), let tagEnd = braceEnd(at + 3) {
            let name = String(decoding: bytes[(at + 3)...].prefix { RubyBytes.isWord($0) }, as: UTF8.self)
            let afterName = at + 3 + name.utf8.count
            let shaped = !name.isEmpty && (afterName == tagEnd - 1 || bytes[afterName] == 0x20 || bytes[afterName] == 0x09 || bytes[afterName] == 0x0A || bytes[afterName] == 0x2F)
            if shaped, ["comment", "nomarkdown", "options"].contains(name) {
                if bytes[tagEnd - 2] == 0x2F {
                    src.position = tagEnd
                    return
                }
                // The body runs to `{:/name}` or `{:/}`.
                var index = tagEnd
                while index + 3 < bytes.count {
                    if RubyBytes.startsWith(bytes, index, "{:/") {
                        for stop in ["{:/\(name)}", "{:/}"] where RubyBytes.startsWith(bytes, index, stop) {
                            let line = src.lineNumber
                            if name != "options" {
                                let element = KramdownElement(name == "comment" ? .comment : .rawOutput, value: Array(bytes[tagEnd..<index]), location: line)
                                tree.children.append(element)
                            }
                            src.position = index + stop.utf8.count
                            return
                        }
                    }
                    index += 1
                }
            }
        } else if !RubyBytes.startsWith(bytes, at, "{:/"), let end = braceEnd(at + 2), end > at + 3,
                  let last = tree.children.last, last.kind != .text {
            // An attribute list for the element before it.
            src.position = end
            return
        }
        addText(bytes[at...at])
        src.position = at + 1
    }

    // MARK: - Emphasis

    private func parseEmphasis() {
        let line = src.lineNumber
        let start = src.position
        let type = bytes[start]
        let double = src.byte(start + 1) == type
        let delimiter = double ? [type, type] : [type]
        let kind: KramdownElement.Kind = double ? .strong : .emphasis
        src.position = start + delimiter.count
        // `_` inside a word, space after the marker, or the same emphasis already open.
        if type == 0x5F, Self.endsInWord(bytes[..<start]) {
            addText(delimiter[...])
            return
        }
        if let next = src.byte(src.position), RubyBytes.isSpace(next) {
            addText(delimiter[...])
            return
        }
        if tree.kind == kind || open.contains(kind) {
            addText(delimiter[...])
            return
        }
        var (found, element) = subParse(delimiter, kind, type: type, line: line)
        var used = delimiter
        if !found, kind == .strong, tree.kind != .emphasis {
            src.position = start + 1
            (found, element) = subParse([type], .emphasis, type: type, line: line)
            used = [type]
        }
        if found {
            src.position += used.count
            tree.children.append(element)
        } else {
            src.position = start + delimiter.count
            addText(delimiter[...])
        }
    }

    private func subParse(_ delimiter: [UInt8], _ kind: KramdownElement.Kind, type: UInt8, line: Int) -> (Bool, KramdownElement) {
        let element = KramdownElement(kind, location: line)
        let stop = delimiterStop(delimiter) { [unowned self] at in
            guard at > 0, !RubyBytes.isSpace(self.bytes[at - 1]) else { return false }
            if kind == .emphasis {
                // Not a double delimiter (unless a third follows).
                let doubled = delimiter + delimiter
                if RubyBytes.startsWith(self.bytes, at, String(decoding: doubled, as: UTF8.self)),
                   !RubyBytes.startsWith(self.bytes, at + doubled.count, String(decoding: delimiter, as: UTF8.self)) { return false }
            }
            if type == 0x5F, let after = self.src.byte(at + delimiter.count), RubyBytes.isAlnum(after) { return false }
            return !element.children.isEmpty
        }
        let found = parseSpans(element, stop: stop)
        return (found, element)
    }

    /// `[[:alpha:]]-?[[:alpha:]]*\z`.
    private static func endsInWord(_ before: ArraySlice<UInt8>) -> Bool {
        guard let last = before.last else { return false }
        if RubyBytes.isAlpha(last) { return true }
        return last == 0x2D && before.dropLast().last.map(RubyBytes.isAlpha) == true
    }

    // MARK: - Code spans

    private func parseCodeSpan() {
        let line = src.lineNumber
        let start = src.position
        let run = bytes[start...].prefix { $0 == 0x60 }.count
        let delimiter = Array(bytes[start..<(start + run)])
        src.position = start + run
        // A single backtick after space (or at the start) and before space is text.
        if run == 1 {
            let before = bytes[..<start]
            let atStart = before.isEmpty || (before.count == 1 && before.last == 0x0A)
            let afterSpace = before.last.map(RubyBytes.isSpace) == true
            if (afterSpace || atStart), let next = src.byte(src.position), RubyBytes.isSpace(next) {
                addText(delimiter[...])
                return
            }
        }
        // The first run of the same length or longer ends it (`scan_until(/`{run}/)`).
        var index = src.position
        while index + run <= bytes.count {
            if RubyBytes.startsWith(bytes, index, String(decoding: delimiter, as: UTF8.self)) {
                var text = Array(bytes[src.position..<index])
                if run > 1 {
                    if text.first == 0x20 { text.removeFirst() }
                    if text.last == 0x20 { text.removeLast() }
                }
                tree.children.append(KramdownElement(.codeSpan, value: text, location: line))
                src.position = index + run
                return
            }
            index += 1
        }
        addText(delimiter[...])
    }

    // MARK: - Links

    /// `<(mailto|https?|ftps?):…>` or `<user@host>`.
    private func autolinkEnd(_ at: Int) -> Int? {
        guard bytes[at] == 0x3C else { return nil }
        let schemes = ["mailto:", "https:", "http:", "ftps:", "ftp:"]
        if schemes.contains(where: { RubyBytes.startsWith(bytes, at + 1, $0) }) {
            var index = at + 1
            while index < bytes.count, bytes[index] != 0x3E, bytes[index] != 0x0A { index += 1 }
            let colon = bytes[(at + 1)...].firstIndex(of: 0x3A) ?? at
            guard index < bytes.count, bytes[index] == 0x3E, index > colon + 1 else { return nil }
            return index + 1
        }
        func isAddressCharacter(_ byte: UInt8) -> Bool { RubyBytes.isAlnum(byte) || byte == 0x2D || byte == 0x5F || byte == 0x2E }
        var index = at + 1
        while index < bytes.count, isAddressCharacter(bytes[index]) { index += 1 }
        guard index > at + 1, src.byte(index) == 0x40 else { return nil }
        let host = index + 1
        index = host
        while index < bytes.count, isAddressCharacter(bytes[index]) { index += 1 }
        guard index > host, src.byte(index) == 0x3E else { return nil }
        return index + 1
    }

    private func parseAutolink() {
        let line = src.lineNumber
        guard let end = autolinkEnd(src.position) else { return }
        let element = KramdownElement(.link, location: line)
        var text = bytes[(src.position + 1)..<(end - 1)]
        if RubyBytes.startsWith(Array(text), 0, "mailto:") { text = text.dropFirst(7) }
        addText(text, to: element)
        tree.children.append(element)
        src.position = end
    }

    private func footnoteEnd(_ at: Int) -> Int? {
        guard RubyBytes.startsWith(bytes, at, "[^"), let first = src.byte(at + 2), RubyBytes.isWord(first) else { return nil }
        var index = at + 3
        while index < bytes.count, RubyBytes.isWord(bytes[index]) || bytes[index] == 0x2D { index += 1 }
        return src.byte(index) == 0x5D ? index + 1 : nil
    }

    private func parseFootnote() {
        let line = src.lineNumber
        guard let end = footnoteEnd(src.position) else { return }
        let name = String(decoding: bytes[(src.position + 2)..<(end - 1)], as: UTF8.self)
        if footnotes.contains(name) {
            tree.children.append(KramdownElement(.footnote, location: line))
        } else {
            addText(bytes[src.position..<end])
        }
        src.position = end
    }

    private func parseLink() {
        let line = src.lineNumber
        let start = src.position
        let image = bytes[start] == 0x21
        let opening = image ? 2 : 1
        src.position = start + opening
        let contentStart = src.position
        if !image, tree.kind == .image || tree.kind == .link || open.contains(.image) || open.contains(.link) {
            addText(bytes[start..<contentStart])
            return
        }
        let element = KramdownElement(image ? .image : .link, location: line)
        let found = parseBracketed(element)
        guard found else {
            src.position = contentStart
            addText(bytes[start..<contentStart])
            return
        }
        let altText = Array(bytes[contentStart..<src.position])
        src.position += 1
        // `[text][id]`, `[text][]` or `[text]` with a definition.
        let afterBracket = src.position
        var probe = afterBracket
        while probe < bytes.count, RubyBytes.isSpace(bytes[probe]) { probe += 1 }
        var reference: [UInt8]?
        var referenced = false
        if src.byte(probe) == 0x5B {
            var close = probe + 1
            while close < bytes.count, bytes[close] != 0x5D { close += 1 }
            if close < bytes.count {
                referenced = true
                if close > probe + 1 { reference = Array(bytes[(probe + 1)..<close]) }
                src.position = close + 1
            }
        }
        if referenced || src.byte(src.position) != 0x28 {
            let id = KramdownParser.normalizedLinkID(String(decoding: Self.unescaped(reference ?? altText), as: UTF8.self))
            if linkDefinitions.contains(id) {
                if image { element.children = [] }
                tree.children.append(element)
            } else {
                src.position = contentStart
                addText(bytes[start..<contentStart])
            }
            return
        }
        // `(url)`, `(<url>)` or `(url "title")`.
        if RubyBytes.startsWith(bytes, src.position, "(<") {
            var close = src.position + 2
            while close < bytes.count, bytes[close] != 0x3E { close += 1 }
            if close < bytes.count, src.byte(close + 1) == 0x29 {
                src.position = close + 2
                if image { element.children = [] }
                tree.children.append(element)
                return
            }
        } else {
            var depth = 0
            var index = src.position
            var closed = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x28 {
                    depth += 1
                } else if byte == 0x29 {
                    depth -= 1
                    if depth == 0 { closed = true; index += 1; break }
                } else if RubyBytes.isSpace(byte), let next = src.byte(index + 1), next == 0x22 || next == 0x27 {
                    break
                }
                index += 1
            }
            if closed {
                src.position = index
                if image { element.children = [] }
                tree.children.append(element)
                return
            }
            src.position = index
        }
        // A title, then `)`.
        var index = src.position
        while index < bytes.count, RubyBytes.isSpace(bytes[index]) { index += 1 }
        if let quote = src.byte(index), quote == 0x22 || quote == 0x27 {
            var close = index + 2
            while close < bytes.count {
                if bytes[close] == quote {
                    var after = close + 1
                    while after < bytes.count, RubyBytes.isSpace(bytes[after]) { after += 1 }
                    if src.byte(after) == 0x29 {
                        src.position = after + 1
                        if image { element.children = [] }
                        tree.children.append(element)
                        return
                    }
                }
                close += 1
            }
        }
        src.position = contentStart
        addText(bytes[start..<contentStart])
    }

    /// The link text, up to the `]` that balances the opening bracket: kramdown stops at
    /// `]`, `[` or `![` (`LINK_BRACKET_STOP_RE`) and counts, and nested images balance their
    /// own brackets.
    private func parseBracketed(_ element: KramdownElement) -> Bool {
        var depth = 1
        let stop = Stop(matches: { [unowned self] at in
            self.bytes[at] == 0x5D || self.bytes[at] == 0x5B || (self.bytes[at] == 0x21 && self.src.byte(at + 1) == 0x5B)
        }, accept: { [unowned self] at in
            depth += self.bytes[at] == 0x5D ? -1 : 1
            return depth - element.children.filter { $0.kind == .image }.count == 0
        })
        return parseSpans(element, stop: stop)
    }

    /// `gsub(ESCAPED_CHARS, '\1')`.
    private static func unescaped(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == 0x5C, index + 1 < text.count, "\\.*_+`<>()[]{}#!:|\"'$=-".utf8.contains(text[index + 1]) {
                result.append(text[index + 1])
                index += 2
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    // MARK: - HTML

    private func parseHTML() {
        let line = src.lineNumber
        let start = src.position
        if let end = KramdownHTML.comment(bytes, at: start) {
            tree.children.append(KramdownElement(.comment, value: Array(bytes[start..<end]), location: line))
            src.position = end
            return
        }
        if let closing = KramdownHTML.closingTag(bytes, at: start) {
            addText(bytes[start..<closing.end])
            src.position = closing.end
            return
        }
        guard let tag = KramdownHTML.tag(bytes, at: start) else {
            addText(bytes[start...start])
            src.position = start + 1
            return
        }
        let name = KramdownHTML.isKnown(tag.name.lowercased()) ? tag.name.lowercased() : tag.name
        if KramdownHTML.blockElements.contains(name) {
            addText(bytes[start..<tag.end])
            src.position = tag.end
            return
        }
        src.position = tag.end
        var parse = !(KramdownHTML.contentModel(name) == .raw || tree.contentModel == .raw)
        switch tag.attributes["markdown"] {
        case "span": parse = true
        case "1": parse = KramdownHTML.contentModel(name) != .raw
        case "0": parse = false
        default: break
        }
        let element = KramdownElement(.html, location: line)
        element.name = name
        element.contentModel = parse ? .span : .raw
        tree.children.append(element)
        guard !tag.selfClosing, !KramdownHTML.withoutBody.contains(name) else { return }
        let closing = Array("</\(name)".utf8)
        let stop = delimiterStop(closing) { [unowned self] at in
            KramdownHTML.closingTag(self.bytes, at: at) != nil
        }
        let found = parseSpans(element, stop: stop, parsers: parse ? Parser.allCases : [.html])
        if found, let close = KramdownHTML.closingTag(bytes, at: src.position) {
            src.position = close.end
        } else {
            addText(bytes[src.position...], to: element)
            src.position = bytes.count
        }
    }

    // MARK: - Quotes, symbols, breaks

    private func parseSmartQuote() {
        let line = src.lineNumber
        var at = src.position
        if bytes[at] != 0x22, bytes[at] != 0x27 {
            addText(bytes[at...at])
            at += 1
        }
        let quote = bytes[at]
        let other: UInt8 = quote == 0x22 ? 0x27 : 0x22
        var count = 1
        if src.byte(at + 1) == other, let next = src.byte(at + 2), RubyBytes.isWord(next) { count = 2 }
        for offset in 0..<count {
            tree.children.append(KramdownElement(.smartQuote, value: [bytes[at + offset]], location: line))
        }
        src.position = at + count
    }

    private func mathEnd(_ at: Int) -> Int? {
        guard RubyBytes.startsWith(bytes, at, "$$") else { return nil }
        var index = at + 2
        while index + 1 < bytes.count {
            if bytes[index] == 0x24, bytes[index + 1] == 0x24 { return index + 2 }
            index += 1
        }
        return nil
    }

    private func parseMath() {
        let line = src.lineNumber
        guard let end = mathEnd(src.position) else { return }
        tree.children.append(KramdownElement(.math, location: line))
        src.position = end
    }

    /// `&name;`, `&#123;` or `&#x1F;`.
    private func entityEnd(_ at: Int) -> Int? {
        guard bytes[at] == 0x26 else { return nil }
        var index = at + 1
        if src.byte(index) == 0x23 {
            index += 1
            if let x = src.byte(index), x == 0x78 {
                let digits = index + 1
                index = digits
                while let byte = src.byte(index), RubyBytes.isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) { index += 1 }
                if index > digits, src.byte(index) == 0x3B { return index + 1 }
                return nil
            }
            let digits = index
            while let byte = src.byte(index), RubyBytes.isDigit(byte) { index += 1 }
            return index > digits && src.byte(index) == 0x3B ? index + 1 : nil
        }
        guard let first = src.byte(index), RubyBytes.isWord(first) || first == 0x3A else { return nil }
        index += 1
        while let byte = src.byte(index), RubyBytes.isWord(byte) || byte == 0x2D || byte == 0x2E || byte == 0x3A { index += 1 }
        return src.byte(index) == 0x3B ? index + 1 : nil
    }

    private func parseEntity() {
        let line = src.lineNumber
        guard let end = entityEnd(src.position) else { return }
        tree.children.append(KramdownElement(.entity, location: line))
        src.position = end
    }

    private func typographicLength(_ at: Int) -> Int? {
        for symbol in ["---", "--", "...", "\\<<", "\\>>", "<< ", " >>", "<<", ">>"] where RubyBytes.startsWith(bytes, at, symbol) {
            return symbol.utf8.count
        }
        return nil
    }

    private func parseTypographic() {
        let line = src.lineNumber
        guard let length = typographicLength(src.position) else { return }
        tree.children.append(KramdownElement(.typographicSymbol, location: line))
        src.position += length
    }

    private func parseLineBreak() {
        tree.children.append(KramdownElement(.lineBreak, location: src.lineNumber))
        src.position += 2
    }
}
