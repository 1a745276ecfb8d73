// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// YAML, as Pygments' YAML lexer classes it: keys `nt`, the `:` after them and `-` list
/// markers `p`, quoted values `s`, plain values (words, numbers and booleans alike) `l`,
/// comments `c1`, `---` and `...` document markers `nn`... kept to what docs configs hold.
enum YAMLHighlighter {
    static let names: Set<String> = ["yaml", "yml"]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            highlightLine(line, into: &tokens)
            if number + 1 < lines.count { tokens.append("\n", nil) }
        }
        return tokens
    }

    private static func highlightLine(_ line: Substring, into tokens: inout [HighlightToken]) {
        var rest = line
        let indent = rest.prefix { $0 == " " }
        tokens.append(indent, nil)
        rest = rest.dropFirst(indent.count)
        if rest.hasPrefix("#") {
            tokens.append(rest, "c1")
            return
        }
        if rest == "---" || rest == "..." {
            tokens.append(rest, "nn")
            return
        }
        while rest.hasPrefix("- ") || rest == "-" {
            tokens.append("-", "p")
            rest = rest.dropFirst()
            let spaces = rest.prefix { $0 == " " }
            tokens.append(spaces, nil)
            rest = rest.dropFirst(spaces.count)
        }
        if let colon = keyColon(rest) {
            tokens.append(rest[..<colon], "nt")
            tokens.append(":", "p")
            rest = rest[rest.index(after: colon)...]
            let spaces = rest.prefix { $0 == " " }
            tokens.append(spaces, nil)
            rest = rest.dropFirst(spaces.count)
        }
        value(rest, into: &tokens)
    }

    /// The `:` that ends a key: followed by a space or the end, outside quotes.
    private static func keyColon(_ text: Substring) -> Substring.Index? {
        guard let first = text.first, first != "\"", first != "'", first != "[", first != "{", first != "#" else { return nil }
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "#" { return nil }
            if text[index] == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func value(_ text: Substring, into tokens: inout [HighlightToken]) {
        guard let first = text.first else { return }
        var body = text
        var comment: Substring = ""
        if let hash = text.range(of: " #") {
            body = text[..<hash.lowerBound]
            comment = text[hash.lowerBound...]
        }
        if first == "\"" || first == "'" {
            tokens.append(body, "s")
        } else if first == "|" || first == ">" {
            tokens.append(body, "p")
        } else {
            tokens.append(body, "l")
        }
        if !comment.isEmpty {
            tokens.append(" ", nil)
            tokens.append(comment.dropFirst(), "c1")
        }
    }
}
