/// A compact lexer driven by ``LanguageRules``: comments, strings, numbers, keywords,
/// annotations, variables, keys and markup tags, everything else punctuation or plain.
struct TableLexer {
    let rules: LanguageRules

    func highlight(_ code: String) -> [HighlightToken] {
        if rules.markup { return MarkupLexer.highlight(code) }
        var tokens: [HighlightToken] = []
        let text = Array(code)
        var index = 0
        var atLineStart = true

        func peek(_ literal: String, at position: Int) -> Bool {
            var offset = position
            for character in literal {
                guard offset < text.count, text[offset] == character else { return false }
                offset += 1
            }
            return true
        }

        func emit(_ end: Int, _ className: String?) {
            tokens.append(String(text[index..<end])[...], className)
            index = end
        }

        while index < text.count {
            let character = text[index]
            if character == "\n" {
                emit(index + 1, nil)
                atLineStart = true
                continue
            }
            if character == " " || character == "\t" {
                var end = index
                while end < text.count, text[end] == " " || text[end] == "\t" { end += 1 }
                emit(end, nil)
                continue
            }
            if let comment = rules.lineComments.first(where: { peek($0, at: index) }) {
                _ = comment
                var end = index
                while end < text.count, text[end] != "\n" { end += 1 }
                emit(end, "c1")
                continue
            }
            if let block = rules.blockComment, peek(block.open, at: index) {
                var end = index + block.open.count
                while end < text.count, !peek(block.close, at: end) { end += 1 }
                emit(min(text.count, end + block.close.count), "cm")
                continue
            }
            if rules.lineKeys, atLineStart, let keyEnd = yamlKeyEnd(text, from: index) {
                emit(keyEnd, "nt")
                atLineStart = false
                continue
            }
            atLineStart = false
            if let quote = rules.quotes.first(where: { $0.0 == character }) {
                let triple = rules.tripleQuotes && peek(String(repeating: quote.0, count: 3), at: index)
                var end = index + (triple ? 3 : 1)
                while end < text.count {
                    if text[end] == "\\" { end += 2; continue }
                    if triple {
                        if peek(String(repeating: quote.0, count: 3), at: end) { end += 3; break }
                    } else if text[end] == quote.0 {
                        end += 1
                        break
                    } else if text[end] == "\n" {
                        break
                    }
                    end += 1
                }
                end = min(end, text.count)
                var className = triple ? "sd" : quote.1
                if rules.quotedKeys {
                    var after = end
                    while after < text.count, text[after] == " " { after += 1 }
                    if after < text.count, text[after] == ":" { className = "nt" }
                }
                emit(end, className)
                continue
            }
            if character.isNumber {
                var end = index
                while end < text.count, text[end].isHexDigit || "._xXbBoOeEL".contains(text[end]) { end += 1 }
                let literal = String(text[index..<end])
                emit(end, literal.contains(".") ? "mf" : (literal.lowercased().hasPrefix("0x") ? "mh" : "mi"))
                continue
            }
            if rules.annotations, character == "@" {
                var end = index + 1
                while end < text.count, text[end].isLetter || text[end].isNumber || text[end] == "_" || text[end] == "." { end += 1 }
                emit(end, "nd")
                continue
            }
            if rules.dollarVariables, character == "$" {
                var end = index + 1
                if end < text.count, text[end] == "{" {
                    while end < text.count, text[end] != "}" { end += 1 }
                    end = min(end + 1, text.count)
                } else {
                    while end < text.count, text[end].isLetter || text[end].isNumber || text[end] == "_" { end += 1 }
                }
                emit(end, "nv")
                continue
            }
            if character.isLetter || character == "_" {
                var end = index
                while end < text.count, text[end].isLetter || text[end].isNumber || text[end] == "_" { end += 1 }
                let word = String(text[index..<end])
                emit(end, wordClass(word))
                continue
            }
            emit(index + 1, "+-*/%=<>!&|^~?:".contains(character) ? "o" : "p")
        }
        return tokens
    }

    private func wordClass(_ word: String) -> String? {
        if rules.declarationKeywords.contains(word) { return "kd" }
        if rules.namespaceKeywords.contains(word) { return "kn" }
        if rules.constants.contains(word) { return "kc" }
        if rules.keywords.contains(word) { return "k" }
        if rules.types.contains(word) { return "kt" }
        return "n"
    }

    /// The end of `key:` (or `- key:`'s key) at the start of a YAML line.
    private func yamlKeyEnd(_ text: [Character], from start: Int) -> Int? {
        var end = start
        while end < text.count, text[end] != ":", text[end] != "\n", text[end] != "#" {
            if text[end] == "\"" || text[end] == "'" || text[end] == "{" || text[end] == "[" { return nil }
            end += 1
        }
        guard end < text.count, text[end] == ":", end > start,
              end + 1 == text.count || text[end + 1] == " " || text[end + 1] == "\n"
        else { return nil }
        if text[start] == "-" { return nil }
        return end
    }
}

/// XML and HTML: tags `nt`, attribute names `na`, values `s`, comments `c`, entities `ni`.
enum MarkupLexer {
    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let text = Array(code)
        var index = 0
        while index < text.count {
            if text[index] == "<" {
                if text[index...].starts(with: "<!--") {
                    var end = index + 4
                    while end < text.count, !text[end...].starts(with: "-->") { end += 1 }
                    end = min(text.count, end + 3)
                    tokens.append(String(text[index..<end])[...], "c")
                    index = end
                    continue
                }
                var end = index + 1
                while end < text.count, !text[end].isWhitespace, text[end] != ">", !(text[end] == "/" && end + 1 < text.count && text[end + 1] == ">") { end += 1 }
                tokens.append(String(text[index..<end])[...], "nt")
                index = end
                while index < text.count, text[index] != ">" {
                    let character = text[index]
                    if character.isWhitespace {
                        tokens.append(String(character)[...], nil)
                        index += 1
                    } else if character == "\"" || character == "'" {
                        var close = index + 1
                        while close < text.count, text[close] != character { close += 1 }
                        close = min(text.count, close + 1)
                        tokens.append(String(text[index..<close])[...], "s")
                        index = close
                    } else if character == "=" {
                        tokens.append("=", "o")
                        index += 1
                    } else if character == "/" {
                        tokens.append("/", "nt")
                        index += 1
                    } else {
                        var close = index
                        while close < text.count, !text[close].isWhitespace, text[close] != "=", text[close] != ">", text[close] != "/" { close += 1 }
                        tokens.append(String(text[index..<close])[...], "na")
                        index = close
                    }
                }
                if index < text.count {
                    tokens.append(">", "nt")
                    index += 1
                }
            } else if text[index] == "&" {
                var end = index + 1
                while end < text.count, text[end] != ";", !text[end].isWhitespace, end - index < 12 { end += 1 }
                if end < text.count, text[end] == ";" {
                    tokens.append(String(text[index...end])[...], "ni")
                    index = end + 1
                } else {
                    tokens.append("&", nil)
                    index += 1
                }
            } else {
                var end = index
                while end < text.count, text[end] != "<", text[end] != "&" { end += 1 }
                tokens.append(String(text[index..<end])[...], nil)
                index = end
            }
        }
        return tokens
    }
}

/// A terminal session: `$ ` prompts (`gp`), the commands after them highlighted as shell,
/// and everything else output (`go`).
enum ConsoleHighlighter {
    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let shell = TableLexer(rules: .shell)
        for line in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { tokens.append("\n", nil) }
            let text = line.element
            if let prompt = ["$ ", "% ", "# ", "> "].first(where: { text.hasPrefix($0) }) {
                tokens.append(text.prefix(prompt.count), "gp")
                for token in shell.highlight(String(text.dropFirst(prompt.count))) {
                    tokens.append(token.text[...], token.className)
                }
            } else {
                tokens.append(text, "go")
            }
        }
        return tokens
    }
}

/// Unified diffs: added lines `gi`, removed `gd`, hunk headers `gu`, file headers `gh`.
enum DiffHighlighter {
    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { tokens.append("\n", nil) }
            let text = line.element
            let className: String?
            if text.hasPrefix("+++") || text.hasPrefix("---") || text.hasPrefix("diff ") || text.hasPrefix("index ") {
                className = "gh"
            } else if text.hasPrefix("+") {
                className = "gi"
            } else if text.hasPrefix("-") {
                className = "gd"
            } else if text.hasPrefix("@@") {
                className = "gu"
            } else {
                className = nil
            }
            tokens.append(text, className)
        }
        return tokens
    }
}
