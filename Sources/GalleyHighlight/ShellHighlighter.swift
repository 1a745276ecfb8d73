// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Shell scripts, as Pygments' Bash lexer classes them. Its states, written here from that
/// lexer's documented behaviour: plain words; keywords `k` and builtins `nb`; `$VAR` and
/// assigned names `nv`; `$(…)` and `$((…))` whose delimiters are `k` and whose insides are
/// read as a script again; `${…}` (`si`, with `:-` `k`); double-quoted strings `s2` that hold
/// such expansions, single-quoted `s1`; backticks `sb`; numbers `m`; a backslash and the
/// character after it `se`; `&&`, `||`, brackets and `=` `o`; `|`, `;` and `&` `p`.
enum ShellHighlighter {
    static let names: Set<String> = ["sh", "bash", "shell", "zsh", "ksh"]
    static let keywords: Set<String> = ["if", "fi", "else", "while", "in", "do", "done", "for", "then", "return", "function",
                                        "case", "select", "break", "continue", "until", "esac", "elif"]
    static let builtins: Set<String> = ["alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen",
                                        "complete", "declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit",
                                        "export", "false", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill",
                                        "let", "local", "logout", "popd", "printf", "pushd", "pwd", "read", "readonly",
                                        "set", "shift", "shopt", "source", "suspend", "test", "time", "times", "trap",
                                        "true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait"]

    private enum State {
        /// A script: at the top, inside `$( … )` (ended by `)`), or inside backticks.
        case script(end: String?)
        /// `$(( … ))`.
        case arithmetic
        /// Inside `"…"`.
        case string
        /// Inside `${…}`.
        case braces
    }

    static func highlight(_ code: String) -> [HighlightToken] {
        var lexer = Lexer(Array(code.unicodeScalars))
        lexer.run()
        return lexer.tokens
    }

    private struct Lexer {
        let text: [Unicode.Scalar]
        var index = 0
        var tokens: [HighlightToken] = []
        var states: [State] = [.script(end: nil)]

        init(_ text: [Unicode.Scalar]) {
            self.text = text
        }

        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }

        func starts(with prefix: String) -> Bool {
            var position = index
            for scalar in prefix.unicodeScalars {
                guard position < text.count, text[position] == scalar else { return false }
                position += 1
            }
            return true
        }

        mutating func take(_ count: Int, _ className: String?) {
            let end = min(index + count, text.count)
            var piece = ""
            piece.unicodeScalars.append(contentsOf: text[index..<end])
            tokens.append(piece, className)
            index = end
        }

        static func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
        }

        /// Characters a plain word runs over.
        static func isText(_ scalar: Unicode.Scalar) -> Bool {
            !"=[]{}()$\"'`\\<&|; \t\n\r".unicodeScalars.contains(scalar)
        }

        mutating func run() {
            while index < text.count {
                switch states.last ?? .script(end: nil) {
                case .script(let end): script(end: end)
                case .arithmetic: arithmetic()
                case .string: string()
                case .braces: braces()
                }
            }
        }

        /// `$((`, `$(`, `${`, `$NAME` and `$1` where they start; false when none does.
        mutating func expansion() -> Bool {
            guard at(0) == "$" else { return false }
            if starts(with: "$((") {
                take(3, "k")
                states.append(.arithmetic)
                return true
            }
            if starts(with: "$(") {
                take(2, "k")
                states.append(.script(end: ")"))
                return true
            }
            if starts(with: "${") {
                take(at(2) == "#" ? 3 : 2, "si")
                states.append(.braces)
                return true
            }
            if let next = at(1), next.properties.isAlphabetic || next == "_" {
                var length = 2
                while let scalar = at(length), Self.isWord(scalar) { length += 1 }
                take(length, "nv")
                return true
            }
            if let next = at(1), ("0"..."9").contains(next) {
                var length = 2
                while let scalar = at(length), ("0"..."9").contains(scalar) { length += 1 }
                take(length, "nv")
                return true
            }
            if let next = at(1), "#$?!_*@-".unicodeScalars.contains(next) {
                take(2, "nv")
                return true
            }
            return false
        }

        mutating func script(end: String?) {
            let scalar = text[index]
            if let end, starts(with: end) {
                take(end.unicodeScalars.count, end == "`" ? "sb" : "k")
                states.removeLast()
                return
            }
            let atWordStart = index == 0 || !Self.isText(text[index - 1]) || text[index - 1] == "="
            if atWordStart, let word = keywordOrBuiltin() {
                take(word.count, word.className)
                return
            }
            if scalar == "#", atWordStart {
                var length = 0
                while let next = at(length), next != "\n" { length += 1 }
                let isHashbang = index == 0 && at(1) == "!"
                take(length + (at(length) == "\n" ? 1 : 0), isHashbang ? "ch" : "c1")
                return
            }
            if scalar == "\\" {
                take(2, "se")
                return
            }
            if atWordStart, let assignment = assignmentName() {
                take(assignment, "nv")
                return
            }
            if "[]{}()=".unicodeScalars.contains(scalar) {
                take(1, "o")
                return
            }
            if starts(with: "&&") || starts(with: "||") {
                take(2, "o")
                return
            }
            if starts(with: "<<<") {
                take(3, "o")
                return
            }
            if scalar == "`" {
                take(1, "sb")
                states.append(.script(end: "`"))
                return
            }
            if expansion() { return }
            if scalar == "\"" {
                doubleQuoted()
                return
            }
            if scalar == "'" || (scalar == "$" && at(1) == "'") {
                var length = scalar == "$" ? 2 : 1
                while let next = at(length), next != "'" {
                    length += scalar == "$" && next == "\\" ? 2 : 1
                }
                // A quote that never closes is a stray character, not a string to the end.
                take(at(length) == "'" ? length + 1 : 1, at(length) == "'" ? "s1" : nil)
                return
            }
            if ";&|".unicodeScalars.contains(scalar) {
                take(1, "p")
                return
            }
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                var length = 1
                while let next = at(length), next == " " || next == "\t" || next == "\n" || next == "\r" { length += 1 }
                take(length, nil)
                return
            }
            if ("0"..."9").contains(scalar) {
                var length = 1
                while let next = at(length), ("0"..."9").contains(next) { length += 1 }
                // A number ends at a word boundary; `2026-01` is the number 2026 and text.
                if at(length).map(Self.isWord) != true {
                    take(length, "m")
                    return
                }
            }
            if Self.isText(scalar) {
                var length = 1
                while let next = at(length), Self.isText(next) { length += 1 }
                take(length, nil)
                return
            }
            take(1, nil)
        }

        /// A keyword (a whole word, then a word boundary) or a builtin (followed by white
        /// space, `)` or a backtick) at the current position.
        func keywordOrBuiltin() -> (count: Int, className: String)? {
            var length = 0
            while let scalar = at(length), Self.isWord(scalar) { length += 1 }
            guard length > 0 else { return nil }
            var word = ""
            word.unicodeScalars.append(contentsOf: text[index..<(index + length)])
            if ShellHighlighter.keywords.contains(word) { return (length, "k") }
            if ShellHighlighter.builtins.contains(word), let next = at(length), next == " " || next == "\t" || next == "\n" || next == ")" || next == "`" {
                return (length, "nb")
            }
            return nil
        }

        /// `NAME=` or `NAME+=`: the length of the name.
        func assignmentName() -> Int? {
            var length = 0
            while let scalar = at(length), Self.isWord(scalar) { length += 1 }
            guard length > 0 else { return nil }
            var after = length
            while at(after) == " " || at(after) == "\t" { after += 1 }
            if at(after) == "+" { after += 1 }
            return at(after) == "=" && at(after + 1) != "=" ? length : nil
        }

        /// A double-quoted string: one token when it holds no expansion, else its parts.
        mutating func doubleQuoted() {
            var length = 1
            var plain = true
            while let scalar = at(length), scalar != "\"" {
                if scalar == "$" { plain = false; break }
                length += scalar == "\\" ? 2 : 1
            }
            if plain {
                take(length + 1, "s2")
                return
            }
            take(1, "s2")
            states.append(.string)
        }

        mutating func string() {
            if text[index] == "\"" {
                take(1, "s2")
                states.removeLast()
                return
            }
            if expansion() { return }
            var length = 0
            while let scalar = at(length), scalar != "\"" {
                if scalar == "\\" {
                    length += 2
                    continue
                }
                if scalar == "$", length > 0 { break }
                if scalar == "$" {
                    length += 1
                    break
                }
                length += 1
            }
            take(max(length, 1), "s2")
        }

        mutating func braces() {
            let scalar = text[index]
            if scalar == "}" {
                take(1, "si")
                states.removeLast()
                return
            }
            if starts(with: ":-") {
                take(2, "k")
                return
            }
            if Self.isWord(scalar) {
                var length = 1
                while let next = at(length), Self.isWord(next) { length += 1 }
                take(length, "nv")
                return
            }
            if scalar == ":" {
                take(1, "p")
                return
            }
            if !"}:\"'`$\\".unicodeScalars.contains(scalar) {
                var length = 1
                while let next = at(length), !"}:\"'`$\\".unicodeScalars.contains(next), !Self.isWord(next) { length += 1 }
                take(length, "p")
                return
            }
            script(end: nil)
        }

        mutating func arithmetic() {
            if starts(with: "))") {
                take(2, "k")
                states.removeLast()
                return
            }
            let scalar = text[index]
            if starts(with: "**") || starts(with: "||") || starts(with: "<<") || starts(with: ">>") {
                take(2, "o")
            } else if "-+*/%^|&<>".unicodeScalars.contains(scalar) {
                take(1, "o")
            } else if ("0"..."9").contains(scalar) {
                var length = 1
                while let next = at(length), ("0"..."9").contains(next) { length += 1 }
                take(length, "m")
            } else if scalar.properties.isAlphabetic || scalar == "_" {
                var length = 1
                while let next = at(length), Self.isWord(next) { length += 1 }
                take(length, "nv")
            } else {
                script(end: nil)
            }
        }
    }
}
