// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Ruby, as Pygments classes it: keywords `k`, `true`, `false` and `nil` `kp`, `self` and the
/// like `nb`, the name a `def` declares `nf`, a `class` `nc`, a `module` `nn` (as is a
/// constant before `::`), other constants `no`, `@instance` variables `vi`, `@@class` ones
/// `vc`, `$globals` `vg`, `:symbols` and `key:` labels `ss`, strings `s1`/`s2` with `#{ }`
/// interpolation `si`, numbers `mi`/`mf`, comments `c1`, operators (`.`, brackets too) `o`.
enum RubyHighlighter {
    static let names: Set<String> = ["ruby", "rb", "rake", "gemspec", "podspec"]

    static let keywords: Set<String> = [
        "alias", "and", "begin", "break", "case", "def", "defined?", "do", "else", "elsif", "end", "ensure", "for", "if", "in",
        "next", "not", "or", "redo", "rescue", "retry", "return", "super", "then", "undef", "unless", "until", "when", "while",
        "yield", "class", "module", "raise", "__FILE__", "__LINE__", "BEGIN", "END",
    ]
    static let pseudoKeywords: Set<String> = [
        "true", "false", "nil", "new", "attr", "attr_reader", "attr_writer", "attr_accessor", "private", "protected",
        "public", "include", "extend", "module_function", "loop", "catch", "throw", "lambda", "proc", "block_given?",
    ]
    static let builtins: Set<String> = [
        "self", "puts", "print", "p", "require", "format", "sprintf", "gets", "exit", "abort", "at_exit", "freeze", "system",
        "sleep", "rand", "open", "printf", "putc", "binding", "caller",
    ]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let text = Array(code)
        var index = 0
        var previousWord = ""
        /// Open `#{` interpolations: each entry is the string's quote to return to.
        var interpolations: [Character] = []
        var braceDepth: [Int] = []

        func take(_ count: Int, _ className: String?) {
            tokens.append(String(text[index..<min(index + count, text.count)]), className)
            index = min(index + count, text.count)
        }
        func wordLength(from start: Int) -> Int {
            var end = start
            while end < text.count, text[end].isLetter || text[end].isNumber || text[end] == "_" { end += 1 }
            if end < text.count, text[end] == "?" || text[end] == "!", end + 1 >= text.count || text[end + 1] != "=" { end += 1 }
            return end - start
        }
        /// The rest of a double-quoted string from `index`, up to its end or an interpolation.
        func stringBody(_ quote: Character) {
            var length = 0
            while index + length < text.count, text[index + length] != quote {
                if text[index + length] == "\\" {
                    length += 2
                    continue
                }
                if quote == "\"", text[index + length] == "#", index + length + 1 < text.count, text[index + length + 1] == "{" {
                    take(length, "s2")
                    take(2, "si")
                    interpolations.append(quote)
                    braceDepth.append(0)
                    return
                }
                length += 1
            }
            take(min(length + 1, text.count - index), quote == "\"" ? "s2" : "s1")
        }

        while index < text.count {
            let character = text[index]
            let next: Character? = index + 1 < text.count ? text[index + 1] : nil
            if !interpolations.isEmpty, character == "}", braceDepth.last == 0 {
                take(1, "si")
                braceDepth.removeLast()
                stringBody(interpolations.removeLast())
                continue
            }
            if character.isWhitespace {
                var length = 1
                while index + length < text.count, text[index + length].isWhitespace { length += 1 }
                take(length, nil)
                continue
            }
            if character == "#" {
                var length = 0
                while index + length < text.count, text[index + length] != "\n" { length += 1 }
                take(length, "c1")
                continue
            }
            if character == "\"" || character == "'" {
                take(1, character == "\"" ? "s2" : "s1")
                stringBody(character)
                previousWord = ""
                continue
            }
            if character == "@" {
                let sigil = next == "@" ? 2 : 1
                take(sigil + wordLength(from: index + sigil), sigil == 2 ? "vc" : "vi")
                continue
            }
            if character == "$", let next, next.isLetter || next == "_" {
                take(1 + wordLength(from: index + 1), "vg")
                continue
            }
            if character == ":", let next, next.isLetter || next == "_", index == 0 || text[index - 1] != ":" {
                take(1 + wordLength(from: index + 1), "ss")
                continue
            }
            if character.isNumber {
                var length = 1
                while index + length < text.count, text[index + length].isNumber || text[index + length] == "_" { length += 1 }
                var isFloat = false
                if index + length + 1 < text.count, text[index + length] == ".", text[index + length + 1].isNumber {
                    isFloat = true
                    length += 1
                    while index + length < text.count, text[index + length].isNumber { length += 1 }
                }
                take(length, isFloat ? "mf" : "mi")
                continue
            }
            if character.isLetter || character == "_" {
                let length = wordLength(from: index)
                let word = String(text[index..<(index + length)])
                let after = index + length < text.count ? text[index + length] : nil
                let afterNext = index + length + 1 < text.count ? text[index + length + 1] : nil
                let className: String?
                if after == ":", afterNext != ":", previousWord != "?" {
                    // `strict: true`: a label.
                    take(length, "ss")
                    previousWord = word
                    continue
                } else if previousWord == "def", word == "self", after == "." {
                    // `def self.name`: the receiver, then the name.
                    take(length, "nc")
                    take(1, "o")
                    let name = wordLength(from: index)
                    take(name, "nf")
                    previousWord = ""
                    continue
                } else if previousWord == "def" {
                    className = "nf"
                } else if previousWord == "class" {
                    className = "nc"
                } else if previousWord == "module" {
                    className = "nn"
                } else if keywords.contains(word) {
                    className = "k"
                } else if pseudoKeywords.contains(word) {
                    className = "kp"
                } else if builtins.contains(word), index == 0 || text[index - 1] != "." {
                    className = "nb"
                } else if word.first?.isUppercase == true {
                    className = after == ":" && afterNext == ":" ? "nn" : "no"
                } else {
                    className = nil
                }
                take(length, className)
                previousWord = word
                continue
            }
            if character == "{", !braceDepth.isEmpty { braceDepth[braceDepth.count - 1] += 1 }
            if character == "}", !braceDepth.isEmpty { braceDepth[braceDepth.count - 1] -= 1 }
            previousWord = character == "?" ? "?" : ""
            if character == ":", next == ":" {
                take(2, "o")
            } else if "(){},;".contains(character) {
                take(1, "p")
            } else if character == "?" || character == ":" {
                take(1, "p")
            } else {
                take(1, "o")
            }
        }
        return tokens
    }
}
