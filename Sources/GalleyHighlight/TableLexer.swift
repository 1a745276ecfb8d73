/// A compact lexer driven by ``LanguageRules``: comments, strings, numbers, keywords,
/// annotations, variables, keys and markup tags, everything else punctuation or plain.
///
/// It works on UTF-8 bytes: every token boundary it cares about is an ASCII byte, and bytes of
/// non-ASCII characters count as word characters, so tokens never split a character.
struct TableLexer {
    let rules: LanguageRules

    func highlight(_ code: String) -> [HighlightToken] {
        if rules.markup { return MarkupLexer.highlight(code) }
        var tokens: [HighlightToken] = []
        let text = Array(code.utf8)
        var index = 0
        var atLineStart = true
        let quotes = rules.quotes.compactMap { quote in quote.0.asciiValue.map { ($0, quote.1) } }

        func peek(_ literal: String, at position: Int) -> Bool {
            var offset = position
            for byte in literal.utf8 {
                guard offset < text.count, text[offset] == byte else { return false }
                offset += 1
            }
            return true
        }

        func peekTriple(_ quote: UInt8, at position: Int) -> Bool {
            position + 2 < text.count && text[position] == quote && text[position + 1] == quote && text[position + 2] == quote
        }

        func emit(_ end: Int, _ className: String?) {
            tokens.append(String(decoding: text[index..<end], as: UTF8.self), className)
            index = end
        }

        while index < text.count {
            let byte = text[index]
            if byte == .newline {
                emit(index + 1, nil)
                atLineStart = true
                continue
            }
            if byte == .space || byte == .tab {
                var end = index
                while end < text.count, text[end] == .space || text[end] == .tab { end += 1 }
                emit(end, nil)
                continue
            }
            if rules.lineComments.contains(where: { peek($0, at: index) }) {
                var end = index
                while end < text.count, text[end] != .newline { end += 1 }
                emit(end, "c1")
                continue
            }
            if let block = rules.blockComment, peek(block.open, at: index) {
                var end = index + block.open.utf8.count
                while end < text.count, !peek(block.close, at: end) { end += 1 }
                emit(min(text.count, end + block.close.utf8.count), "cm")
                continue
            }
            if rules.lineKeys, atLineStart, let keyEnd = yamlKeyEnd(text, from: index) {
                emit(keyEnd, "nt")
                atLineStart = false
                continue
            }
            atLineStart = false
            if let quote = quotes.first(where: { $0.0 == byte }) {
                let triple = rules.tripleQuotes && peekTriple(quote.0, at: index)
                var end = index + (triple ? 3 : 1)
                while end < text.count {
                    if text[end] == .backslash { end += 2; continue }
                    if triple {
                        if peekTriple(quote.0, at: end) { end += 3; break }
                    } else if text[end] == quote.0 {
                        end += 1
                        break
                    } else if text[end] == .newline {
                        break
                    }
                    end += 1
                }
                end = min(end, text.count)
                var className = triple ? "sd" : quote.1
                if rules.quotedKeys {
                    var after = end
                    while after < text.count, text[after] == .space { after += 1 }
                    if after < text.count, text[after] == .colon { className = "nt" }
                }
                emit(end, className)
                continue
            }
            if byte.isDigit {
                var end = index
                var fraction = false
                while end < text.count, text[end].isHexDigit || Self.numberPunctuation.contains(text[end]) {
                    fraction = fraction || text[end] == .period
                    end += 1
                }
                let hex = end - index > 1 && byte == UInt8(ascii: "0") && (text[index + 1] | 0x20) == UInt8(ascii: "x")
                emit(end, fraction ? "mf" : (hex ? "mh" : "mi"))
                continue
            }
            if rules.annotations, byte == UInt8(ascii: "@") {
                var end = index + 1
                while end < text.count, text[end].isWordByte || text[end] == .period { end += 1 }
                emit(end, "nd")
                continue
            }
            if rules.dollarVariables, byte == UInt8(ascii: "$") {
                var end = index + 1
                if end < text.count, text[end] == UInt8(ascii: "{") {
                    while end < text.count, text[end] != UInt8(ascii: "}") { end += 1 }
                    end = min(end + 1, text.count)
                } else {
                    while end < text.count, text[end].isWordByte { end += 1 }
                }
                emit(end, "nv")
                continue
            }
            if byte.isWordByte, !byte.isDigit {
                var end = index
                while end < text.count, text[end].isWordByte { end += 1 }
                let className = wordClass(String(decoding: text[index..<end], as: UTF8.self))
                emit(end, className)
                continue
            }
            emit(index + 1, Self.operators.contains(byte) ? "o" : "p")
        }
        return tokens
    }

    private static let numberPunctuation = Set("._xXbBoOeEL".utf8)
    private static let operators = Set("+-*/%=<>!&|^~?:".utf8)

    private func wordClass(_ word: String) -> String? {
        if rules.declarationKeywords.contains(word) { return "kd" }
        if rules.namespaceKeywords.contains(word) { return "kn" }
        if rules.constants.contains(word) { return "kc" }
        if rules.keywords.contains(word) { return "k" }
        if rules.types.contains(word) { return "kt" }
        return "n"
    }

    /// The end of `key:` (or `- key:`'s key) at the start of a YAML line.
    private func yamlKeyEnd(_ text: [UInt8], from start: Int) -> Int? {
        var end = start
        while end < text.count, text[end] != .colon, text[end] != .newline, text[end] != UInt8(ascii: "#") {
            if text[end] == UInt8(ascii: "\"") || text[end] == UInt8(ascii: "'") || text[end] == UInt8(ascii: "{") || text[end] == UInt8(ascii: "[") { return nil }
            end += 1
        }
        guard end < text.count, text[end] == .colon, end > start,
              end + 1 == text.count || text[end + 1] == .space || text[end + 1] == .newline
        else { return nil }
        if text[start] == UInt8(ascii: "-") { return nil }
        return end
    }
}

extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let backslash = UInt8(ascii: "\\")
    static let colon = UInt8(ascii: ":")
    static let period = UInt8(ascii: ".")

    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    var isHexDigit: Bool {
        isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
    }

    /// Letters, digits, `_`, and every byte of a non-ASCII character.
    var isWordByte: Bool {
        isDigit || self == UInt8(ascii: "_") || self >= 0x80 || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
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
