// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Line-oriented configuration files, as Pygments classes them: INI (`[section]` `k`, keys
/// `na`, `=` `o`, values `s`, `;` and `#` comments `c1`), Java properties (the same without
/// sections) and Dockerfiles (instructions `k`, their arguments `s`, `ENV` names `nv`, the
/// JSON form's strings `s2`).
enum ConfigFileHighlighter {
    static let iniNames: Set<String> = ["ini", "cfg", "dosini", "properties", "jproperties"]
    static let dockerNames: Set<String> = ["docker", "dockerfile"]

    static func highlightKeyValues(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            tokens.append(indent, nil)
            let rest = line.dropFirst(indent.count)
            if rest.hasPrefix("#") || rest.hasPrefix(";") || rest.hasPrefix("!") {
                tokens.append(rest, "c1")
            } else if rest.hasPrefix("[") {
                tokens.append(rest, "k")
            } else if let separator = rest.firstIndex(where: { $0 == "=" || $0 == ":" }) {
                let key = rest[..<separator]
                let trimmedKey = key.reversed().drop { $0 == " " }.count
                tokens.append(key.prefix(trimmedKey), "na")
                tokens.append(key.dropFirst(trimmedKey), nil)
                tokens.append(String(rest[separator]), "o")
                let value = rest[rest.index(after: separator)...]
                let spaces = value.prefix { $0 == " " }
                tokens.append(spaces, nil)
                tokens.append(value.dropFirst(spaces.count), "s")
            } else {
                tokens.append(rest, nil)
            }
            if number + 1 < lines.count { tokens.append("\n", nil) }
        }
        return tokens
    }

    static func highlightDockerfile(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("#") {
                tokens.append(line, "c1")
            } else if let instruction = line.split(separator: " ", maxSplits: 1).first, instruction.allSatisfy({ $0.isUppercase }), !instruction.isEmpty {
                tokens.append(instruction, "k")
                var rest = line.dropFirst(instruction.count)
                let spaces = rest.prefix { $0 == " " }
                tokens.append(spaces, nil)
                rest = rest.dropFirst(spaces.count)
                if rest.hasPrefix("[") {
                    jsonArray(rest, into: &tokens)
                } else if instruction == "ENV" || instruction == "ARG", let equals = rest.firstIndex(of: "=") {
                    tokens.append(rest[..<equals], "nv")
                    tokens.append("=", "o")
                    tokens.append(rest[rest.index(after: equals)...], nil)
                } else if instruction == "FROM", let alias = rest.range(of: " AS ") {
                    tokens.append(rest[..<alias.lowerBound], "s")
                    tokens.append(" ", nil)
                    tokens.append("AS", "k")
                    tokens.append(" ", nil)
                    tokens.append(rest[alias.upperBound...], "s")
                } else if ["RUN", "CMD", "ENTRYPOINT", "COPY", "ADD"].contains(instruction) {
                    // Commands and copies are shell words, as Pygments reads them.
                    for token in ShellHighlighter.highlight(String(rest)) { tokens.append(token.text, token.className) }
                } else {
                    tokens.append(rest, "s")
                }
            } else {
                tokens.append(line, nil)
            }
            if number + 1 < lines.count { tokens.append("\n", nil) }
        }
        return tokens
    }

    /// `["a", "b"]`: brackets and commas `p`, strings `s2`.
    private static func jsonArray(_ text: Substring, into tokens: inout [HighlightToken]) {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                var close = text.index(after: index)
                while close < text.endIndex, text[close] != "\"" { close = text.index(after: close) }
                close = close < text.endIndex ? text.index(after: close) : close
                tokens.append(text[index..<close], "s2")
                index = close
            } else {
                tokens.append(String(character), character == " " ? nil : "p")
                index = text.index(after: index)
            }
        }
    }
}
