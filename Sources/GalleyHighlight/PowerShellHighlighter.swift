// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// PowerShell, as Pygments' PowerShell lexer classes it: comments `c` (`<# … #>` `cm`),
/// keywords `k`, `$variables` `nv`, `[types]` `no`, `Verb-Noun` commands `nb`, `-eq`-style
/// operators `o` and other `-Parameters` `n`, strings `s2`/`s1` (a `$( … )` inside a
/// double-quoted one is code), other words and numbers `n`, punctuation `p`.
enum PowerShellHighlighter {
    static let names: Set<String> = ["powershell", "pwsh", "ps1", "psm1", "posh"]

    static let keywords: Set<String> = [
        "begin", "break", "catch", "class", "continue", "data", "default", "do", "dynamicparam", "else", "elseif", "end",
        "enum", "exit", "filter", "finally", "for", "foreach", "from", "function", "hidden", "if", "in", "param",
        "process", "return", "switch", "throw", "trap", "try", "until", "using", "var", "while", "workflow",
    ]

    static let operators: Set<String> = [
        "eq", "ne", "gt", "ge", "lt", "le", "like", "notlike", "match", "notmatch", "contains", "notcontains", "in",
        "notin", "replace", "split", "join", "is", "isnot", "as", "and", "or", "xor", "not", "band", "bor", "bxor",
        "bnot", "shl", "shr", "f", "ceq", "cne", "ieq", "ine", "clike", "ilike", "cmatch", "imatch", "creplace", "ireplace",
    ]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        lex(Array(code), into: &tokens)
        return tokens
    }

    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func lex(_ text: [Character], into tokens: inout [HighlightToken]) {
        var index = 0
        func take(_ end: Int, _ className: String?) {
            tokens.append(String(text[index..<end]), className)
            index = end
        }
        func starts(_ literal: String, at position: Int) -> Bool {
            text[position...].starts(with: literal)
        }
        while index < text.count {
            let character = text[index]
            if character.isWhitespace {
                var end = index
                while end < text.count, text[end].isWhitespace { end += 1 }
                take(end, nil)
            } else if starts("<#", at: index) {
                var end = index + 2
                while end < text.count, !starts("#>", at: end) { end += 1 }
                take(min(text.count, end + 2), "cm")
            } else if character == "#" {
                var end = index
                while end < text.count, text[end] != "\n" { end += 1 }
                take(end, "c")
            } else if character == "\"" {
                doubleQuoted(text, from: &index, into: &tokens)
            } else if character == "'" {
                var end = index + 1
                while end < text.count, text[end] != "'" { end += 1 }
                take(min(text.count, end + 1), "s1")
            } else if character == "$", index + 1 < text.count, isWord(text[index + 1]) || text[index + 1] == "{" {
                var end = index + 1
                if text[end] == "{" {
                    while end < text.count, text[end] != "}" { end += 1 }
                    end = min(text.count, end + 1)
                } else {
                    while end < text.count, isWord(text[end]) || text[end] == ":" { end += 1 }
                }
                take(end, "nv")
            } else if character == "[", index + 1 < text.count, text[index + 1].isLetter,
                      let close = text[index...].firstIndex(of: "]"), text[(index + 1)..<close].allSatisfy({ isWord($0) || $0 == "." || $0 == "[" })
            {
                take(close + 1, "no")
            } else if character == "-", index + 1 < text.count, text[index + 1].isLetter, index == 0 || !isWord(text[index - 1]) {
                var end = index + 1
                while end < text.count, isWord(text[end]) || text[end] == "-" { end += 1 }
                take(end, operators.contains(String(text[(index + 1)..<end]).lowercased()) ? "o" : "n")
            } else if isWord(character) {
                var end = index
                while end < text.count, isWord(text[end]) || (text[end] == "-" && end + 1 < text.count && text[end + 1].isLetter) { end += 1 }
                let word = String(text[index..<end])
                if word.contains("-") {
                    take(end, "nb")
                } else {
                    take(end, keywords.contains(word.lowercased()) ? "k" : "n")
                }
            } else {
                take(index + 1, "p")
            }
        }
    }

    /// A double-quoted string from `index`: the text `s2`, a `$( … )` inside it code.
    private static func doubleQuoted(_ text: [Character], from index: inout Int, into tokens: inout [HighlightToken]) {
        tokens.append("\"", "s2")
        var start = index + 1
        var position = start
        while position < text.count, text[position] != "\"" {
            if text[position] == "`", position + 1 < text.count {
                position += 2
                continue
            }
            if text[position] == "$", position + 1 < text.count, text[position + 1] == "(" {
                tokens.append(String(text[start..<position]), "s2")
                tokens.append("$(", "p")
                var depth = 1
                var close = position + 2
                while close < text.count, depth > 0 {
                    if text[close] == "(" { depth += 1 }
                    if text[close] == ")" { depth -= 1 }
                    if depth > 0 { close += 1 }
                }
                lex(Array(text[(position + 2)..<min(close, text.count)]), into: &tokens)
                if close < text.count { tokens.append(")", "p") }
                position = min(text.count, close + 1)
                start = position
                continue
            }
            position += 1
        }
        tokens.append(String(text[start..<min(position + 1, text.count)]), "s2")
        index = min(position + 1, text.count)
    }
}
