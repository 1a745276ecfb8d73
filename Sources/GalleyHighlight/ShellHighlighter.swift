/// Shell scripts, as Pygments' Bash lexer classes them: words (commands, arguments, paths,
/// flags) plain, keywords `k`, builtins `nb`, `$VAR` and assignments' names `nv`, `${`/`}`
/// `si`, strings `s2`/`s1` with variables inside them, backticks `sb`, numbers `m`, a
/// backslash before a newline `se`, `&&` and brackets `o`, `|`, `;` and `&` `p`.
enum ShellHighlighter {
    static let names: Set<String> = ["sh", "bash", "shell", "zsh", "ksh"]
    static let keywords: Set<String> = ["if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until",
                                        "do", "done", "in", "function", "return"]
    static let builtins: Set<String> = ["alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen",
                                        "complete", "continue", "declare", "dirs", "disown", "echo", "enable", "eval", "exec",
                                        "exit", "export", "false", "fc", "fg", "getopts", "hash", "help", "history", "jobs",
                                        "kill", "let", "local", "logout", "popd", "printf", "pushd", "pwd", "read",
                                        "readonly", "set", "shift", "shopt", "source", "suspend", "test", "time", "times",
                                        "trap", "true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait"]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let text = Array(code.unicodeScalars)
        var index = 0
        func string(_ range: Range<Int>) -> String {
            var result = ""
            result.unicodeScalars.append(contentsOf: text[range])
            return result
        }
        func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            !" \t\n;|&(){}[]<>\"'`$\\=".unicodeScalars.contains(scalar)
        }
        /// `$NAME`, `${…}` or `$1` at `index`, emitted; false when there is none.
        func variable() -> Bool {
            guard text[index] == "$", index + 1 < text.count else { return false }
            let next = text[index + 1]
            if next == "{" {
                var close = index + 2
                while close < text.count, text[close] != "}" { close += 1 }
                guard close < text.count else { return false }
                tokens.append("${", "si")
                tokens.append(string((index + 2)..<close), "nv")
                tokens.append("}", "si")
                index = close + 1
                return true
            }
            var end = index + 1
            while end < text.count, text[end].properties.isAlphabetic || text[end] == "_" || ("0"..."9").contains(text[end]) { end += 1 }
            if end == index + 1, end < text.count, "?#@*!$-".unicodeScalars.contains(text[end]) { end += 1 }
            guard end > index + 1 else { return false }
            tokens.append(string(index..<end), "nv")
            index = end
            return true
        }
        while index < text.count {
            let scalar = text[index]
            if scalar == "#", index == 0 || " \t\n".unicodeScalars.contains(text[index - 1]) {
                var end = index
                while end < text.count, text[end] != "\n" { end += 1 }
                let isHashbang = index == 0 && index + 1 < text.count && text[index + 1] == "!"
                if isHashbang, end < text.count { end += 1 }
                tokens.append(string(index..<end), isHashbang ? "ch" : "c1")
                index = end
            } else if scalar == " " || scalar == "\t" || scalar == "\n" {
                tokens.append(String(Character(scalar)), nil)
                index += 1
            } else if scalar == "\\" {
                let end = min(text.count, index + 2)
                tokens.append(string(index..<end), "se")
                index = end
            } else if scalar == "\"" {
                tokens.append("\"", "s2")
                index += 1
                var start = index
                while index < text.count, text[index] != "\"" {
                    if text[index] == "\\" { index += 2; continue }
                    if text[index] == "$" {
                        let before = index
                        if start < before { tokens.append(string(start..<before), "s2") }
                        if variable() {
                            start = index
                            continue
                        }
                        index = before
                    }
                    index += 1
                }
                index = min(index, text.count)
                if start < index { tokens.append(string(start..<index), "s2") }
                if index < text.count {
                    tokens.append("\"", "s2")
                    index += 1
                }
            } else if scalar == "'" {
                var end = index + 1
                while end < text.count, text[end] != "'" { end += 1 }
                end = min(text.count, end + 1)
                tokens.append(string(index..<end), "s1")
                index = end
            } else if scalar == "`" {
                tokens.append("`", "sb")
                index += 1
            } else if scalar == "$", variable() {
                continue
            } else if scalar == "&", index + 1 < text.count, text[index + 1] == "&" {
                tokens.append("&&", "o")
                index += 2
            } else if "|;&".unicodeScalars.contains(scalar) {
                tokens.append(String(Character(scalar)), "p")
                index += 1
            } else if "(){}[]=".unicodeScalars.contains(scalar) {
                tokens.append(String(Character(scalar)), "o")
                index += 1
            } else {
                var end = index
                while end < text.count, isWordCharacter(text[end]) { end += 1 }
                if end == index { end += 1 }
                let word = string(index..<end)
                let className: String?
                if end < text.count, text[end] == "=", word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }) {
                    className = "nv"
                } else if word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
                    className = "m"
                } else if keywords.contains(word) {
                    className = "k"
                } else if builtins.contains(word) {
                    className = "nb"
                } else {
                    className = nil
                }
                tokens.append(word, className)
                index = end
            }
        }
        return tokens
    }
}
