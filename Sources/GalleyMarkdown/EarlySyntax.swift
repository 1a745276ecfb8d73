// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkup
/// How `pymdownx.arithmatex` is set up: which delimiters are math and what markup they get.
package struct MathOptions: Sendable, Equatable {
    /// `generic: true`: the TeX in a plain element, wrapped in `\(…\)` or `\[…\]`, for any
    /// math library; otherwise MathJax 2's `<script type="math/tex">` with a preview.
    package var generic = false
    /// `$` only opens before, and closes after, a character that is not white space.
    package var smartDollar = true
    package var inlineDollar = true
    /// `\(…\)`.
    package var inlineRound = true
    /// `$$…$$` as a block of its own.
    package var blockDollar = true
    /// `\[…\]` as a block of its own.
    package var blockSquare = true
    /// `\begin{env}…\end{env}` as a block of its own.
    package var blockBegin = true
    /// MathJax 2's preview element before the script.
    package var preview = true
    package var inlineWrap = ("\\(", "\\)")
    package var blockWrap = ("\\[", "\\]")
    package var inlineTag = "span"
    package var blockTag = "div"

    package init() {}

    package static func == (lhs: MathOptions, rhs: MathOptions) -> Bool {
        lhs.generic == rhs.generic && lhs.smartDollar == rhs.smartDollar && lhs.inlineDollar == rhs.inlineDollar
            && lhs.inlineRound == rhs.inlineRound && lhs.blockDollar == rhs.blockDollar && lhs.blockSquare == rhs.blockSquare
            && lhs.blockBegin == rhs.blockBegin && lhs.preview == rhs.preview && lhs.inlineWrap == rhs.inlineWrap
            && lhs.blockWrap == rhs.blockWrap && lhs.inlineTag == rhs.inlineTag && lhs.blockTag == rhs.blockTag
    }
}

/// How `pymdownx.escapeall` is set up.
package struct EscapeAllOptions: Sendable, Equatable {
    /// A backslash at the end of a line is a line break (else it stays a backslash).
    package var hardBreak = false
    /// An escaped space is a non-breaking space (else a space).
    package var nonBreakingSpace = false

    package init() {}
}

/// The syntax that has to be taken out of a stretch of Markdown before cmark-gfm reads it,
/// because cmark would read it otherwise: TeX math (cmark takes the backslash of `\(` and the
/// underscores of `$a_b$` as its own) and `pymdownx.escapeall` escapes (cmark keeps `\a`).
/// Each is replaced by a ``Placeholders`` entry, following pymdown-extensions' patterns:
/// a paragraph that is one `$$…$$`, `\[…\]` or `\begin{env}…\end{env}` is a math block, `$…$`
/// or `\(…\)` in text is inline math, and a backslash before any character escapes it.
/// Fenced code and code spans are left alone.
struct EarlySyntax {
    let math: MathOptions?
    let escapeAll: EscapeAllOptions?
    let placeholders: Placeholders

    /// The options of this kind that `options` turns on, or `nil` when none is.
    init?(options: MarkdownOptions, placeholders: Placeholders) {
        guard options.math != nil || options.escapeAll != nil else { return nil }
        math = options.math
        escapeAll = options.escapeAll
        self.placeholders = placeholders
    }

    /// `lines` with their math replaced; the number of lines stays the same.
    func protect(_ lines: [SourceLine]) -> [SourceLine] {
        var result: [SourceLine] = []
        result.reserveCapacity(lines.count)
        var fence: Fence?
        var paragraph: [SourceLine] = []
        func flush() {
            if !paragraph.isEmpty { result += protectParagraph(paragraph) }
            paragraph.removeAll()
        }
        for line in lines {
            if let open = fence {
                result.append(line)
                if BlockScanner.closesFence(line.text, open) { fence = nil }
            } else if let opened = BlockScanner.opensFence(line.text) {
                flush()
                fence = opened
                result.append(line)
            } else if line.isBlank {
                flush()
                result.append(line)
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return result
    }

    private func protectParagraph(_ lines: [SourceLine]) -> [SourceLine] {
        let joined = lines.map(\.text).joined(separator: "\n")
        guard joined.contains("\\") || (math != nil && joined.contains("$")) else { return lines }
        let indent = joined.prefix { $0 == " " || $0 == "\t" }
        // A block inside a list item is read without the item's indentation, as Python-Markdown does.
        let dedented = lines.map { $0.dedented(by: lines[0].indent).text }.joined(separator: "\n")
        if self.math != nil, let math = blockMath(dedented) {
            let html = blockHTML(math)
            let first = String(indent) + placeholders.store(html, written: joined, alone: .block(html))
            let fillers = lines.dropFirst().map { SourceLine(text: Substring(String(Placeholders.filler)), number: $0.number) }
            return [SourceLine(text: Substring(first), number: lines[0].number)] + fillers
        }
        let replaced = inline(joined)
        guard replaced != joined else { return lines }
        let pieces = replaced.split(separator: "\n", omittingEmptySubsequences: false)
        return zip(lines, pieces).map { SourceLine(text: $1, number: $0.number) }
    }

    // MARK: Blocks

    /// The TeX of a paragraph that is one math block, or `nil`.
    private func blockMath(_ text: String) -> String? {
        guard let options = math else { return nil }
        let body = Substring(text).trimmingTrailingSpaces
        if options.blockDollar, body.hasPrefix("$$"), body.hasSuffix("$$"), body.count >= 5 {
            let inner = body.dropFirst(2).dropLast(2)
            if !Self.endsEscaped(inner) { return String(inner) }
        }
        if options.blockSquare, body.hasPrefix("\\["), body.hasSuffix("\\]"), body.count >= 5 {
            let inner = body.dropFirst(2).dropLast(2)
            if !Self.endsEscaped(inner) { return String(inner) }
        }
        if options.blockBegin, body.hasPrefix("\\begin{"), let nameEnd = body.firstIndex(of: "}") {
            let name = body[body.index(body.startIndex, offsetBy: 7)..<nameEnd]
            let isName = !name.isEmpty && name.dropLast(name.hasSuffix("*") ? 1 : 0).allSatisfy { $0 >= "a" && $0 <= "z" }
            if isName, body.hasSuffix("\\end{\(name)}"), body.count > 7 + name.count + 1 + 6 + name.count { return String(body) }
        }
        return nil
    }

    /// Whether the text ends in an odd run of backslashes, which escapes the closing delimiter.
    private static func endsEscaped(_ text: Substring) -> Bool {
        text.reversed().prefix { $0 == "\\" }.count % 2 == 1
    }

    private func blockHTML(_ tex: String) -> String {
        guard let options = math else { return "" }
        let escaped = Placeholders.escaped(tex)
        if options.generic {
            return "<\(options.blockTag) class=\"arithmatex\">\(MarkupText.escapeKeepingReferences(options.blockWrap.0))\(escaped)\(MarkupText.escapeKeepingReferences(options.blockWrap.1))</\(options.blockTag)>"
        }
        let preview = options.preview ? "<div class=\"MathJax_Preview\">\(escaped)</div>\n" : ""
        return "<\(options.blockTag) class=\"arithmatex\">\n\(preview)<script type=\"math/tex; mode=display\">\(escaped)</script>\n</\(options.blockTag)>"
    }

    // MARK: Inline

    /// `text` with each inline math span and escape replaced, code spans skipped.
    func inline(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "`" {
                let skipped = Self.codeSpanEnd(characters, from: index)
                result += String(characters[index..<skipped])
                index = skipped
                continue
            }
            let escapedBefore = index > 0 && characters[index - 1] == "\\" && !Self.isEscapedBackslash(characters, at: index - 1)
            if !escapedBefore, let (end, tex) = match(characters, at: index) {
                let written = String(characters[index..<end])
                result += placeholders.store(inlineHTML(tex), written: written)
                // Keep the line count: a span over several lines leaves its line breaks.
                result += String(repeating: "\n" + String(Placeholders.filler), count: written.filter { $0 == "\n" }.count)
                index = end
                continue
            }
            if let escapeAll, character == "\\" {
                let next = index + 1 < characters.count ? characters[index + 1] : "\n"
                if next == "\n" {
                    // cmark reads a backslash before a line break as a break, which is what
                    // `hardbreak: true` asks for; without it, the line break is escaped and
                    // stays one. A backslash that ends the paragraph stays as it is.
                    result += escapeAll.hardBreak || index + 1 == characters.count ? "\\" : placeholders.store("", written: "\\")
                    index += 1
                    continue
                }
                if next.isASCII, next.isPunctuation || next.isSymbol {
                    // cmark-gfm escapes ASCII punctuation itself, and the pair must stay
                    // together so that `\\` does not escape what follows it.
                    result += "\\" + String(next)
                } else {
                    let html = next == " " ? (escapeAll.nonBreakingSpace ? "&nbsp;" : " ") : Placeholders.escaped(String(next))
                    result += placeholders.store(html, written: "\\" + String(next))
                }
                index += 2
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// Whether the backslash at `index` is itself escaped by the one before it.
    private static func isEscapedBackslash(_ characters: [Character], at index: Int) -> Bool {
        var count = 0
        var position = index - 1
        while position >= 0, characters[position] == "\\" {
            count += 1
            position -= 1
        }
        return count % 2 == 1
    }

    /// The end of a code span opening at `start`, or just past the backtick run when it has
    /// no closing run of the same length.
    private static func codeSpanEnd(_ characters: [Character], from start: Int) -> Int {
        var runEnd = start
        while runEnd < characters.count, characters[runEnd] == "`" { runEnd += 1 }
        let length = runEnd - start
        var position = runEnd
        while position < characters.count {
            if characters[position] == "`" {
                var close = position
                while close < characters.count, characters[close] == "`" { close += 1 }
                if close - position == length { return close }
                position = close
            } else {
                position += 1
            }
        }
        return runEnd
    }

    /// Inline math starting at `start`: its end and its TeX.
    private func match(_ characters: [Character], at start: Int) -> (Int, String)? {
        guard let options = math else { return nil }
        if options.inlineDollar, characters[start] == "$" {
            var position = start + 1
            guard position < characters.count, characters[position] != "$" else { return nil }
            if options.smartDollar, characters[position].isWhitespace { return nil }
            while position < characters.count {
                let character = characters[position]
                if character == "\\" {
                    position += 2
                    continue
                }
                if character == "$" {
                    if options.smartDollar, characters[position - 1].isWhitespace { return nil }
                    return (position + 1, String(characters[(start + 1)..<position]))
                }
                position += 1
            }
            return nil
        }
        if options.inlineRound, characters[start] == "\\", start + 1 < characters.count, characters[start + 1] == "(" {
            var position = start + 2
            while position + 1 < characters.count {
                if characters[position] == "\\" {
                    if characters[position + 1] == ")" {
                        guard position > start + 2 else { return nil }
                        return (position + 2, String(characters[(start + 2)..<position]))
                    }
                    position += 2
                    continue
                }
                position += 1
            }
        }
        return nil
    }

    private func inlineHTML(_ tex: String) -> String {
        guard let options = math else { return "" }
        let escaped = Placeholders.escaped(tex)
        let tag = options.inlineTag
        if options.generic {
            return "<\(tag) class=\"arithmatex\">\(MarkupText.escapeKeepingReferences(options.inlineWrap.0))\(escaped)\(MarkupText.escapeKeepingReferences(options.inlineWrap.1))</\(tag)>"
        }
        let preview = options.preview ? "<span class=\"MathJax_Preview\">\(escaped)</span>" : ""
        return "<\(tag) class=\"arithmatex\">\(preview)<script type=\"math/tex\">\(escaped)</script></\(tag)>"
    }

}

private extension Substring {
    var trimmingTrailingSpaces: Substring {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
