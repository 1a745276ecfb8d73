// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// YAML, as Pygments' YAML lexer classes it: keys `nt` (quoted keys `s`), the `:` after them
/// and `-` list markers `p`, quoted values `s`, plain values (words, numbers and booleans
/// alike) `l`, comments `c1`, `---` and `...` document markers `nn`, `%YAML` directives `nt`,
/// anchors `nl`, aliases `nv`, tags `kt`, block scalars' `|`/`>` `p` and their text `no`,
/// and in flow collections (`{…}`, `[…]`) brackets and commas `p`, keys `nt`, values `nv`.
enum YAMLHighlighter {
    static let names: Set<String> = ["yaml", "yml"]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        /// The indent of the line whose value opened a block scalar: deeper lines are its text.
        var scalarIndent: Int?
        for (number, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            if let open = scalarIndent, line.allSatisfy({ $0 == " " }) || indent > open {
                tokens.append(line.prefix(indent), nil)
                tokens.append(line.dropFirst(indent), "no")
            } else {
                scalarIndent = nil
                if highlightLine(line, into: &tokens) { scalarIndent = indent }
            }
            if number + 1 < lines.count { tokens.append("\n", nil) }
        }
        return tokens
    }

    /// Classes one line; whether its value opens a block scalar (`|`, `>-`).
    private static func highlightLine(_ line: Substring, into tokens: inout [HighlightToken]) -> Bool {
        var rest = line
        let indent = rest.prefix { $0 == " " }
        tokens.append(indent, nil)
        rest = rest.dropFirst(indent.count)
        if rest.hasPrefix("#") {
            tokens.append(rest, "c1")
            return false
        }
        if rest == "---" || rest == "..." {
            tokens.append(rest, "nn")
            return false
        }
        if rest.hasPrefix("%") {
            directive(rest, into: &tokens)
            return false
        }
        while rest.hasPrefix("- ") || rest == "-" || rest.hasPrefix("? ") || rest.hasPrefix(": ") {
            tokens.append(rest.prefix(1), "p")
            rest = rest.dropFirst()
            let spaces = rest.prefix { $0 == " " }
            tokens.append(spaces, nil)
            rest = rest.dropFirst(spaces.count)
        }
        if let (key, keyClass, colon) = key(rest) {
            tokens.append(key, keyClass)
            tokens.append(":", "p")
            rest = rest[rest.index(after: colon)...]
            let spaces = rest.prefix { $0 == " " }
            tokens.append(spaces, nil)
            rest = rest.dropFirst(spaces.count)
        }
        return value(rest, into: &tokens)
    }

    /// `%YAML 1.2`: the directive `nt`, its numbers `m`.
    private static func directive(_ text: Substring, into tokens: inout [HighlightToken]) {
        let name = text.prefix { $0 != " " }
        tokens.append(name, "nt")
        var rest = text.dropFirst(name.count)
        while let first = rest.first {
            let isSpace = first == " "
            let run = rest.prefix { ($0 == " ") == isSpace }
            tokens.append(run, isSpace ? nil : run.first?.isNumber == true ? "m" : nil)
            rest = rest.dropFirst(run.count)
        }
    }

    /// The key a line starts with, its class (`nt`, or `s` quoted) and the `:` after it
    /// (followed by a space or the end, outside quotes).
    private static func key(_ text: Substring) -> (Substring, String, Substring.Index)? {
        guard let first = text.first, first != "[", first != "{", first != "#", first != "&", first != "*", first != "!" else { return nil }
        if first == "\"" || first == "'" {
            guard let close = text.dropFirst().firstIndex(of: first) else { return nil }
            let colon = text.index(after: close)
            guard colon < text.endIndex, text[colon] == ":" else { return nil }
            let next = text.index(after: colon)
            guard next == text.endIndex || text[next] == " " else { return nil }
            return (text[..<colon], "s", colon)
        }
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "#" { return nil }
            if text[index] == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " { return (text[..<index], "nt", index) }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Classes a value; whether it opens a block scalar.
    private static func value(_ text: Substring, into tokens: inout [HighlightToken]) -> Bool {
        var rest = text
        // Anchors, aliases and tags before the value itself.
        while let first = rest.first, first == "&" || first == "*" || first == "!" {
            let word = rest.prefix { $0 != " " }
            tokens.append(word, first == "&" ? "nl" : first == "*" ? "nv" : "kt")
            rest = rest.dropFirst(word.count)
            let spaces = rest.prefix { $0 == " " }
            tokens.append(spaces, nil)
            rest = rest.dropFirst(spaces.count)
        }
        guard let first = rest.first else { return false }
        var body = rest
        var comment: Substring = ""
        if let hash = rest.range(of: " #") {
            body = rest[..<hash.lowerBound]
            comment = rest[hash.lowerBound...]
        }
        var opensScalar = false
        if first == "{" || first == "[" {
            flow(body, into: &tokens)
        } else if first == "\"" || first == "'" {
            tokens.append(body, "s")
        } else if first == "|" || first == ">" {
            tokens.append(body, "p")
            opensScalar = true
        } else {
            tokens.append(body, "l")
        }
        if !comment.isEmpty {
            tokens.append(" ", nil)
            tokens.append(comment.dropFirst(), "c1")
        }
        return opensScalar
    }

    /// A flow collection: brackets, braces and commas `p`, `key:` `nt` and `p`, quoted
    /// scalars `s`, other scalars `nv`.
    private static func flow(_ text: Substring, into tokens: inout [HighlightToken]) {
        var rest = text
        while let first = rest.first {
            if "{}[],".contains(first) {
                tokens.append(rest.prefix(1), "p")
                rest = rest.dropFirst()
            } else if first == " " {
                let spaces = rest.prefix { $0 == " " }
                tokens.append(spaces, nil)
                rest = rest.dropFirst(spaces.count)
            } else if first == "\"" || first == "'" {
                let close = rest.dropFirst().firstIndex(of: first).map { rest.index(after: $0) } ?? rest.endIndex
                tokens.append(rest[..<close], "s")
                rest = rest[close...]
            } else {
                let scalar = rest.prefix { !"{}[],".contains($0) && $0 != ":" }
                let afterScalar = rest.dropFirst(scalar.count)
                if afterScalar.first == ":" {
                    tokens.append(scalar, "nt")
                    tokens.append(":", "p")
                    rest = afterScalar.dropFirst()
                } else if scalar.isEmpty {
                    tokens.append(rest.prefix(1), nil)
                    rest = rest.dropFirst()
                } else {
                    let trimmed = scalar.reversed().drop { $0 == " " }.count
                    tokens.append(scalar.prefix(trimmed), "nv")
                    tokens.append(scalar.dropFirst(trimmed), nil)
                    rest = afterScalar
                }
            }
        }
    }
}
