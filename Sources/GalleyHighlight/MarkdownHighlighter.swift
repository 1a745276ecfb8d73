// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Markdown, as Pygments classes it: a level-one heading `gh`, deeper ones `gu`, list
/// markers and quote markers `k`, quoted text `ge`, emphasis `ge`, strong `gs`, code spans
/// and fences `sb` (a fence's code highlighted in its own language), link text `nt` and
/// addresses `na`.
enum MarkdownHighlighter {
    static let names: Set<String> = ["markdown", "md"]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        var fence: (marker: Substring, language: String, body: [Substring])?
        for (number, line) in lines.enumerated() {
            let isLast = number + 1 == lines.count
            let newline = isLast ? "" : "\n"
            let trimmed = line.drop { $0 == " " }
            if var open = fence {
                if trimmed.hasPrefix(open.marker), trimmed.allSatisfy({ $0 == open.marker.first }) {
                    let body = open.body.map { $0 + "\n" }.joined()
                    for token in Highlighter.highlight(body, language: open.language) ?? [HighlightToken(body)] {
                        tokens.append(token.text, token.className)
                    }
                    tokens.append(line + newline, "sb")
                    fence = nil
                } else {
                    open.body.append(line)
                    fence = open
                }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.prefix { $0 == trimmed.first }
                // The line break before the fence belongs to it, as Pygments matches it.
                markPreviousNewline(&tokens, "sb")
                tokens.append(line.prefix(line.count - trimmed.count + marker.count), "sb")
                let language = trimmed.dropFirst(marker.count)
                tokens.append(language, "sb")
                tokens.append(newline, nil)
                fence = (marker, String(language.trimmingCharacters(in: CharacterSet(charactersIn: " {}."))), [])
                continue
            }
            if trimmed.hasPrefix("#") {
                let level = trimmed.prefix { $0 == "#" }.count
                tokens.append(line, level == 1 ? "gh" : "gu")
                tokens.append(newline, nil)
                continue
            }
            if trimmed.hasPrefix(">") {
                markPreviousNewline(&tokens, "k")
                let marker = line.prefix(line.count - trimmed.count + 1) + (trimmed.dropFirst().first == " " ? " " : "")
                tokens.append(marker, "k")
                tokens.append(line.dropFirst(marker.count) + newline, "ge")
                continue
            }
            var rest = line[...]
            let indent = rest.prefix { $0 == " " }
            tokens.append(indent, nil)
            rest = rest.dropFirst(indent.count)
            if let marker = listMarker(rest) {
                tokens.append(marker, "k")
                rest = rest.dropFirst(marker.count)
            }
            inline(rest, into: &tokens)
            tokens.append(newline, nil)
        }
        if let open = fence {
            for (index, line) in open.body.enumerated() { tokens.append(line + (index + 1 == open.body.count ? "" : "\n"), nil) }
        }
        return tokens
    }

    private static func markPreviousNewline(_ tokens: inout [HighlightToken], _ className: String) {
        guard let last = tokens.last, last.text.hasSuffix("\n"), last.className == nil else { return }
        tokens[tokens.count - 1].text.removeLast()
        if tokens[tokens.count - 1].text.isEmpty { tokens.removeLast() }
        tokens.append("\n", className)
    }

    private static func listMarker(_ text: Substring) -> Substring? {
        if let first = text.first, "*+-".contains(first), text.dropFirst().first == " " { return text.prefix(1) }
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, text.dropFirst(digits.count).first == ".", text.dropFirst(digits.count + 1).first == " " {
            return text.prefix(digits.count + 1)
        }
        return nil
    }

    /// Code spans, strong and emphasis, and links, in a line's text.
    private static func inline(_ text: Substring, into tokens: inout [HighlightToken]) {
        var rest = text
        while let first = rest.first {
            if first == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                tokens.append(rest[...close], "sb")
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("**") || rest.hasPrefix("__"), let close = rest.dropFirst(2).range(of: String(rest.prefix(2))) {
                tokens.append(rest[..<close.upperBound], "gs")
                rest = rest[close.upperBound...]
            } else if first == "*" || first == "_", rest.dropFirst().first.map({ !$0.isWhitespace }) == true,
                      let close = rest.dropFirst().firstIndex(of: first)
            {
                tokens.append(rest[...close], "ge")
                rest = rest[rest.index(after: close)...]
            } else if first == "[", let textEnd = rest.firstIndex(of: "]"), rest[rest.index(after: textEnd)...].first == "(",
                      let urlEnd = rest[textEnd...].firstIndex(of: ")")
            {
                tokens.append("[", nil)
                tokens.append(rest[rest.index(after: rest.startIndex)..<textEnd], "nt")
                tokens.append("](", nil)
                tokens.append(rest[rest.index(textEnd, offsetBy: 2)..<urlEnd], "na")
                tokens.append(")", nil)
                rest = rest[rest.index(after: urlEnd)...]
            } else {
                tokens.append(String(first), nil)
                rest = rest.dropFirst()
            }
        }
    }
}
