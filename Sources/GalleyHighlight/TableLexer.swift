// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A compact lexer driven by ``LanguageRules``: comments, strings, numbers, keywords,
/// annotations, variables, keys and markup tags, everything else punctuation or plain.
///
/// It works on UTF-8 bytes: every token boundary it cares about is an ASCII byte, and bytes of
/// non-ASCII characters count as word characters, so tokens never split a character.
struct TableLexer {
    let rules: LanguageRules

    func highlight(_ code: String) -> [HighlightToken] {
        if rules.markup { return MarkupLexer.highlight(code, html: rules.htmlMarkup) }
        var tokens: [HighlightToken] = []
        let text = Array(code.utf8)
        var index = 0
        /// The class the next name takes, after a keyword that names something.
        var pendingName: String?
        /// The last token was `.`.
        var afterDot = false
        /// The last word was a type (so a name after it, before `(`, is a function's).
        var lastWordWasType = false
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

        /// `#include <file.h>`: `#` and the directive `cp`, the file `cpf`; any other
        /// directive's line `cp` to its end.
        func emitPreprocessorLine() {
            emit(index + 1, "cp")
            var end = index
            while end < text.count, text[end] == .space { end += 1 }
            emit(end, nil)
            while end < text.count, text[end].isWordByte { end += 1 }
            let directive = String(decoding: text[index..<end], as: UTF8.self)
            emit(end, "cp")
            if directive == "include" || directive == "import" {
                while end < text.count, text[end] == .space { end += 1 }
                emit(end, nil)
                while end < text.count, text[end] != .newline { end += 1 }
                emit(end, "cpf")
            } else {
                while end < text.count, text[end] != .newline { end += 1 }
                emit(end, "cp")
            }
        }

        while index < text.count {
            let byte = text[index]
            if byte == .newline {
                emit(index + 1, nil)
                continue
            }
            if byte == .space || byte == .tab {
                var end = index
                while end < text.count, text[end] == .space || text[end] == .tab { end += 1 }
                emit(end, nil)
                continue
            }
            if let doc = rules.docLineComment, peek(doc, at: index), !peek(doc + "/", at: index) {
                var end = index
                while end < text.count, text[end] != .newline { end += 1 }
                emit(min(text.count, end + 1), "sd")
                continue
            }
            if rules.hashAttributes, peek("#[", at: index) || peek("#![", at: index) {
                var end = index
                while end < text.count, text[end] != UInt8(ascii: "]"), text[end] != .newline { end += 1 }
                emit(min(text.count, end + 1), "cp")
                continue
            }
            if rules.preprocessor, byte == UInt8(ascii: "#"), Self.onlySpacesBefore(index, in: text) {
                emitPreprocessorLine()
                continue
            }
            if rules.lineComments.contains(where: { peek($0, at: index) }) {
                var end = index
                while end < text.count, text[end] != .newline { end += 1 }
                if rules.commentsIncludeNewline, end < text.count { end += 1 }
                emit(end, "c1")
                continue
            }
            if let block = rules.blockComment, peek(block.open, at: index) {
                var end = index + block.open.utf8.count
                while end < text.count, !peek(block.close, at: end) { end += 1 }
                emit(min(text.count, end + block.close.utf8.count), "cm")
                continue
            }
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
                var className = triple ? rules.tripleQuoteClass : quote.1
                if rules.quotedKeys {
                    var after = end
                    while after < text.count, text[after] == .space { after += 1 }
                    if after < text.count, text[after] == .colon { className = "nt" }
                }
                if rules.stringEscapes, className == "s" {
                    escaped(text[index..<end], into: &tokens)
                    index = end
                } else if (rules.stringInterpolation && quote.0 == UInt8(ascii: "\"")) || (rules.templateInterpolation && quote.1 == "sb") {
                    interpolated(text[index..<end], stringClass: className, bareNames: rules.stringInterpolation, into: &tokens)
                    index = end
                } else {
                    emit(end, className)
                }
                pendingName = nil
                afterDot = false
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
                emit(end, rules.numberClass ?? (fraction ? "mf" : (hex ? "mh" : "mi")))
                pendingName = nil
                afterDot = false
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
                let namesNamespace = pendingName == "nn"
                while end < text.count, text[end].isWordByte || (namesNamespace && (text[end] == .period || text[end] == UInt8(ascii: "*"))) { end += 1 }
                let word = String(decoding: text[index..<end], as: UTF8.self)
                if rules.macroBang, end < text.count, text[end] == UInt8(ascii: "!"), end + 1 < text.count, "([{".utf8.contains(text[end + 1]) {
                    emit(end + 1, "fm")
                    pendingName = nil
                    continue
                }
                var className = wordClass(word)
                if let fieldClass = rules.nameBeforeEquals, className == rules.nameClass, pendingName == nil {
                    var next = end
                    while next < text.count, text[next] == .space { next += 1 }
                    if next < text.count, text[next] == UInt8(ascii: "="), next + 1 >= text.count || text[next + 1] != UInt8(ascii: "=") { className = fieldClass }
                }
                if rules.functionNameAfterType, className == rules.nameClass, lastWordWasType {
                    var next = end
                    while next < text.count, text[next] == .space { next += 1 }
                    if next < text.count, text[next] == UInt8(ascii: "(") { className = "nf" }
                }
                lastWordWasType = className == "kt"
                if className == rules.nameClass {
                    if let pending = pendingName {
                        className = pending
                    } else if afterDot, let member = rules.memberClass {
                        className = member
                    }
                }
                emit(end, className)
                pendingName = rules.nameAfterKeyword[word]
                afterDot = false
                continue
            }
            if let run = rules.punctuationRuns.first(where: { peek($0.0, at: index) }) {
                emit(index + run.0.utf8.count, run.1)
                pendingName = nil
                afterDot = false
                continue
            }
            if rules.tableHeaders, byte == UInt8(ascii: "["), index == 0 || text[index - 1] == .newline {
                var end = index
                while end < text.count, text[end] != .newline { end += 1 }
                emit(end, "k")
                continue
            }
            emit(index + 1, rules.operatorBytes.contains(byte) ? "o" : "p")
            if byte != UInt8(ascii: "*") { lastWordWasType = false }
            afterDot = byte == .period
            // `fun Foo.bar()` and `fun <T> name()`: the name may come after a receiver or type
            // parameters; anything else ends the wait.
            if byte != .period, byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">") { pendingName = nil }
        }
        return tokens
    }

    /// Whether only spaces stand between the start of the line and `index`.
    static func onlySpacesBefore(_ index: Int, in text: [UInt8]) -> Bool {
        var position = index - 1
        while position >= 0, text[position] == .space || text[position] == .tab { position -= 1 }
        return position < 0 || text[position] == .newline
    }

    /// A string with its escapes (`\n`, `\x41`) as `se` tokens and the rest `s`.
    private func escaped(_ string: ArraySlice<UInt8>, into tokens: inout [HighlightToken]) {
        var start = string.startIndex
        var index = string.startIndex
        while index < string.endIndex {
            if string[index] == .backslash, index + 1 < string.endIndex {
                if start < index { tokens.append(String(decoding: string[start..<index], as: UTF8.self), "s") }
                var end = index + 2
                if string[index + 1] == UInt8(ascii: "x") {
                    while end < string.endIndex, end < index + 4, string[end].isHexDigit { end += 1 }
                }
                tokens.append(String(decoding: string[index..<end], as: UTF8.self), "se")
                index = end
                start = end
            } else {
                index += 1
            }
        }
        if start < string.endIndex { tokens.append(String(decoding: string[start...], as: UTF8.self), "s") }
    }

    /// A double-quoted string with `$name` and `${ … }` in it: the string's class around
    /// them, `si` for `$`, `${` and `}`, and the code inside highlighted as code.
    private func interpolated(_ string: ArraySlice<UInt8>, stringClass: String, bareNames: Bool, into tokens: inout [HighlightToken]) {
        var start = string.startIndex
        var index = string.startIndex
        func flush(_ end: Int) {
            if start < end { tokens.append(String(decoding: string[start..<end], as: UTF8.self), stringClass) }
        }
        while index < string.endIndex {
            guard string[index] == UInt8(ascii: "$"), index + 1 < string.endIndex else {
                index += string[index] == .backslash ? 2 : 1
                continue
            }
            let next = string[index + 1]
            if next == UInt8(ascii: "{") {
                var depth = 1
                var close = index + 2
                while close < string.endIndex, depth > 0 {
                    if string[close] == UInt8(ascii: "{") { depth += 1 }
                    if string[close] == UInt8(ascii: "}") { depth -= 1 }
                    if depth > 0 { close += 1 }
                }
                guard close < string.endIndex else { break }
                flush(index)
                tokens.append("${", "si")
                for token in TableLexer(rules: rules).highlight(String(decoding: string[(index + 2)..<close], as: UTF8.self)) {
                    tokens.append(token.text, token.className)
                }
                tokens.append("}", "si")
                index = close + 1
                start = index
            } else if bareNames, next.isWordByte, !next.isDigit {
                flush(index)
                tokens.append("$", "si")
                var end = index + 1
                while end < string.endIndex, string[end].isWordByte { end += 1 }
                tokens.append(String(decoding: string[(index + 1)..<end], as: UTF8.self), "n")
                index = end
                start = index
            } else {
                index += 1
            }
        }
        index = min(index, string.endIndex)
        flush(string.endIndex)
    }

    private static let numberPunctuation = Set("._xXbBoOeELuU".utf8)

    private func wordClass(_ original: String) -> String? {
        let word = rules.caseInsensitiveKeywords ? original.lowercased() : original
        if rules.declarationKeywords.contains(word) { return "kd" }
        if rules.namespaceKeywords.contains(word) { return rules.namespaceKeywordClass }
        if rules.constants.contains(word) { return "kc" }
        if rules.keywords.contains(word) { return "k" }
        if rules.types.contains(word) { return "kt" }
        if rules.builtins.contains(word) { return "nb" }
        if rules.pseudoBuiltins.contains(word) { return "bp" }
        if rules.operatorWords.contains(word) { return "ow" }
        if rules.reservedKeywords.contains(word) { return "kr" }
        return rules.nameClass
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

/// XML and HTML, as Pygments' two lexers class them: comments `cm`, `<?xml … ?>` `cp`,
/// entities `ni`, attribute values `s`. The XML lexer makes `<name`, `/>`, `>` and `</name>`
/// tags (`nt`) and `attr=` one attribute name (`na`); the HTML lexer makes `<`, `/` and `>`
/// punctuation (`p`), only the name a tag (`nt`) and `=` an operator (`o`).
enum MarkupLexer {
    static func highlight(_ code: String, html: Bool) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let text = Array(code)
        var index = 0
        func starts(_ literal: String, at position: Int) -> Bool {
            text[position...].starts(with: literal)
        }
        func emitUntil(_ literal: String, from start: Int, _ className: String) {
            var end = start
            while end < text.count, !starts(literal, at: end) { end += 1 }
            end = min(text.count, end + literal.count)
            tokens.append(String(text[index..<end])[...], className)
            index = end
        }
        while index < text.count {
            if text[index] == "<" {
                if starts("<!--", at: index) {
                    emitUntil("-->", from: index + 4, "cm")
                    continue
                }
                if starts("<?", at: index) {
                    emitUntil("?>", from: index + 2, "cp")
                    continue
                }
                if starts("<!", at: index) {
                    // `<!DOCTYPE html>`: a declaration, classed as a preprocessor line.
                    emitUntil(">", from: index + 2, "cp")
                    continue
                }
                var nameStart = index + 1
                var closing = false
                if html {
                    tokens.append("<", "p")
                    if nameStart < text.count, text[nameStart] == "/" {
                        tokens.append("/", "p")
                        nameStart += 1
                        closing = true
                    }
                    index = nameStart
                }
                var end = nameStart
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
                        tokens.append("=", html ? "o" : "na")
                        index += 1
                    } else if character == "/" {
                        if html {
                            tokens.append("/", "p")
                            index += 1
                        } else {
                            break
                        }
                    } else {
                        var close = index
                        while close < text.count, !text[close].isWhitespace, text[close] != "=", text[close] != ">", text[close] != "/" { close += 1 }
                        if !html, close < text.count, text[close] == "=" { close += 1 }
                        tokens.append(String(text[index..<close])[...], "na")
                        index = close
                    }
                }
                if index < text.count, text[index] == "/", !html {
                    let close = min(text.count, index + 2)
                    tokens.append(String(text[index..<close])[...], "nt")
                    index = close
                } else if index < text.count {
                    tokens.append(">", html ? "p" : "nt")
                    index += 1
                    // The body of `<style>` and `<script>` is CSS and JavaScript, as Pygments'
                    // HTML lexer hands them to those lexers.
                    let name = String(text[nameStart..<end]).lowercased()
                    if html, !closing, name == "style" || name == "script", text[index - 2] != "/" {
                        let close = "</\(name)"
                        var bodyEnd = index
                        while bodyEnd < text.count, !String(text[bodyEnd..<min(text.count, bodyEnd + close.count)]).lowercased().hasPrefix(close) { bodyEnd += 1 }
                        let body = String(text[index..<bodyEnd])
                        let embedded = name == "style" ? CSSHighlighter.highlight(body) : TableLexer(rules: .javascript).highlight(body)
                        for token in embedded { tokens.append(token.text, token.className) }
                        index = bodyEnd
                    }
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
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, text) in lines.enumerated() {
            let newline = number + 1 < lines.count ? "\n" : ""
            if let prompt = ["$ ", "% ", "# ", "> "].first(where: { text.hasPrefix($0) }) {
                tokens.append(text.prefix(prompt.count), "gp")
                for token in ShellHighlighter.highlight(String(text.dropFirst(prompt.count))) {
                    tokens.append(token.text[...], token.className)
                }
                tokens.append(newline, nil)
            } else {
                // Pygments makes an output line, its newline included, one token.
                tokens.append(String(text) + newline, text.isEmpty ? nil : "go")
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
            if text.hasPrefix("diff ") || text.hasPrefix("index ") {
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
