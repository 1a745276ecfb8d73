// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// TeX and LaTeX, as Pygments' TeX lexer classes them: commands `k` (an `[option]` right
/// after one `na`), braces `nb`, comments `c` (with their newline), and math (`$ … $`,
/// `$$ … $$`, `\( … \)`, `\[ … \]` and the math environments) with its delimiters `s`/`sb`,
/// commands `nv`, numbers `m`, operators `o` and the rest `nb`.
enum TeXHighlighter {
    static let names: Set<String> = ["latex", "tex"]

    /// Environments whose body is math.
    static let mathEnvironments: Set<String> = [
        "equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*", "eqnarray", "eqnarray*",
        "displaymath", "math", "flalign", "flalign*",
    ]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let text = Array(code)
        var index = 0
        func starts(_ literal: String, at position: Int) -> Bool {
            text[position...].starts(with: literal)
        }
        while index < text.count {
            let character = text[index]
            if character == "%" {
                var end = index
                while end < text.count, text[end] != "\n" { end += 1 }
                tokens.append(String(text[index..<min(text.count, end + 1)]), "c")
                index = min(text.count, end + 1)
            } else if starts("$$", at: index) {
                tokens.append("$$", "sb")
                index = math(text, from: index + 2, until: "$$", closeClass: "sb", into: &tokens)
            } else if character == "$" {
                tokens.append("$", "s")
                index = math(text, from: index + 1, until: "$", closeClass: "s", into: &tokens)
            } else if starts("\\(", at: index) || starts("\\[", at: index) {
                let opensDisplay = text[index + 1] == "["
                tokens.append(String(text[index...(index + 1)]), opensDisplay ? "sb" : "s")
                index = math(text, from: index + 2, until: opensDisplay ? "\\]" : "\\)", closeClass: opensDisplay ? "sb" : "s", into: &tokens)
            } else if character == "\\" {
                var end = index + 1
                while end < text.count, text[end].isLetter || text[end] == "@" { end += 1 }
                if end == index + 1, end < text.count { end += 1 }
                let command = String(text[index..<end])
                tokens.append(command, "k")
                index = end
                if index < text.count, text[index] == "*" {
                    tokens.append("*", "k")
                    index += 1
                }
                if index < text.count, text[index] == "[", let close = text[index...].firstIndex(of: "]") {
                    tokens.append(String(text[index...close]), "na")
                    index = close + 1
                }
                // `\begin{equation}`: the environment's name is built in, and its body math.
                if command == "\\end", index < text.count, text[index] == "{", let close = text[index...].firstIndex(of: "}"),
                   mathEnvironments.contains(String(text[(index + 1)..<close]))
                {
                    tokens.append(String(text[index...close]), "nb")
                    index = close + 1
                } else if command == "\\begin", index < text.count, text[index] == "{", let close = text[index...].firstIndex(of: "}"),
                   mathEnvironments.contains(String(text[(index + 1)..<close]))
                {
                    let name = String(text[(index + 1)..<close])
                    tokens.append("{", "nb")
                    tokens.append(name, "nb")
                    tokens.append("}", "nb")
                    index = math(text, from: close + 1, until: "\\end", closeClass: nil, into: &tokens)
                }
            } else if character == "{" || character == "}" {
                tokens.append(String(character), "nb")
                index += 1
            } else {
                var end = index
                while end < text.count, !"%$\\{}".contains(text[end]) { end += 1 }
                tokens.append(String(text[index..<end]), nil)
                index = end
            }
        }
        return tokens
    }

    /// Math from `start` to `close` (written with `closeClass`, or left for the caller when
    /// `nil`); the index after it.
    private static func math(_ text: [Character], from start: Int, until close: String, closeClass: String?, into tokens: inout [HighlightToken]) -> Int {
        var index = start
        while index < text.count {
            if text[index...].starts(with: close) {
                guard let closeClass else { return index }
                tokens.append(close, closeClass)
                return index + close.count
            }
            let character = text[index]
            if character == "\\" {
                var end = index + 1
                while end < text.count, text[end].isLetter { end += 1 }
                if end == index + 1, end < text.count { end += 1 }
                tokens.append(String(text[index..<end]), "nv")
                index = end
            } else if character.isNumber {
                var end = index
                while end < text.count, text[end].isNumber { end += 1 }
                tokens.append(String(text[index..<end]), "m")
                index = end
            } else if "-=!+*/()[]".contains(character) {
                tokens.append(String(character), "o")
                index += 1
            } else if character == "%" {
                var end = index
                while end < text.count, text[end] != "\n" { end += 1 }
                tokens.append(String(text[index..<min(text.count, end + 1)]), "c")
                index = min(text.count, end + 1)
            } else {
                var end = index + 1
                if !"{}_^&$".contains(character) {
                    while end < text.count, !"-=!+*/()[]\\$%&_^{}".contains(text[end]), !text[end].isNumber { end += 1 }
                }
                tokens.append(String(text[index..<end]), "nb")
                index = end
            }
        }
        return index
    }
}
