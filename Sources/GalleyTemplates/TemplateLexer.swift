// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A Jinja template cut into text and tags, as Jinja's lexer cuts it: `{{ … }}`, `{% … %}`,
/// `{# … #}` and `{% raw %}`, with whitespace control (`{%-`, `-%}`, `+%}`, `trim_blocks`,
/// `lstrip_blocks`), line breaks made `\n` and one final line break dropped.
///
/// Jinja is a Python library and no Swift package implements it, so Galley has its own; the
/// tests run the same templates through Jinja itself and require the same output.
struct TemplateLexer {
    /// One piece of a template.
    enum Piece {
        case text(String)
        /// `{{ … }}`: the expression's tokens.
        case output([Token], TemplatePlace)
        /// `{% … %}`: the tag's tokens, its name first.
        case statement([Token], TemplatePlace)
    }

    struct Token: Equatable {
        enum Kind: Equatable {
            case name, string, integer, float, symbol
            /// The end of the tag's tokens.
            case end
        }

        var kind: Kind
        var text: String
        var place: TemplatePlace
    }

    struct Options {
        var trimBlocks = false
        var lstripBlocks = false
        var keepTrailingNewline = false
    }

    private let source: [UInt8]
    private let options: Options
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var result: [Piece] = []
    /// The text since the last tag, not yet added.
    private var text: [UInt8] = []
    /// The next text loses its leading whitespace (`-%}`) or its first line break (`trim_blocks`).
    private var stripNext: Strip = .none

    private enum Strip { case none, whitespace, newline }

    init(_ source: String, options: Options) {
        var bytes = Array(source.utf8)
        if bytes.contains(UInt8(ascii: "\r")) {
            var normalized: [UInt8] = []
            normalized.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\r") {
                    normalized.append(UInt8(ascii: "\n"))
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                } else {
                    normalized.append(bytes[index])
                }
                index += 1
            }
            bytes = normalized
        }
        if !options.keepTrailingNewline, bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        self.source = bytes
        self.options = options
    }

    /// The pieces of the template, or the first error with its place.
    mutating func pieces() throws(TemplateSyntaxError) -> [Piece] {
        while position < source.count {
            let byte = source[position]
            if byte == UInt8(ascii: "{"), position + 1 < source.count, let kind = TagKind(source[position + 1]) {
                try tag(kind)
                continue
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            appendText(byte)
            position += 1
        }
        flushText()
        return result
    }

    private enum TagKind {
        case output, statement, comment

        init?(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "{"): self = .output
            case UInt8(ascii: "%"): self = .statement
            case UInt8(ascii: "#"): self = .comment
            default: return nil
            }
        }

        var closing: [UInt8] {
            switch self {
            case .output: Array("}}".utf8)
            case .statement: Array("%}".utf8)
            case .comment: Array("#}".utf8)
            }
        }
    }

    private var place: TemplatePlace { TemplatePlace(line: line, column: position - lineStart + 1) }

    private mutating func appendText(_ byte: UInt8) {
        switch stripNext {
        case .none: text.append(byte)
        case .whitespace:
            if !Self.isSpace(byte) {
                stripNext = .none
                text.append(byte)
            }
        case .newline:
            stripNext = .none
            if byte != UInt8(ascii: "\n") { text.append(byte) }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    private mutating func flushText() {
        if !text.isEmpty { result.append(.text(String(decoding: text, as: UTF8.self))) }
        text.removeAll(keepingCapacity: true)
    }

    /// Before a tag: `{%-` strips the whitespace before it; `lstrip_blocks` the spaces from
    /// the start of its line, unless `{%+`.
    private mutating func stripBefore(_ kind: TagKind, modifier: UInt8?) {
        stripNext = .none
        if modifier == UInt8(ascii: "-") {
            while let last = text.last, Self.isSpace(last) { text.removeLast() }
            return
        }
        guard options.lstripBlocks, kind != .output, modifier != UInt8(ascii: "+") else { return }
        // Only when the tag starts its line, after nothing but spaces and tabs.
        guard source[lineStart..<position].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return }
        let count = min(position - lineStart, text.count)
        if text.suffix(count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { text.removeLast(count) }
    }

    private mutating func tag(_ kind: TagKind) throws(TemplateSyntaxError) {
        let start = place
        var cursor = position + 2
        let modifier = cursor < source.count && (source[cursor] == UInt8(ascii: "-") || source[cursor] == UInt8(ascii: "+")) ? source[cursor] : nil
        if kind == .statement, let raw = rawBlock(from: cursor) {
            stripBefore(kind, modifier: modifier)
            try takeRaw(openEnd: raw.openEnd, trimsContent: raw.trims)
            return
        }
        stripBefore(kind, modifier: modifier)
        if modifier != nil { cursor += 1 }
        flushText()
        if kind == .comment {
            let closing = kind.closing
            var end = cursor
            while end + 1 < source.count, !(source[end] == closing[0] && source[end + 1] == closing[1]) { end += 1 }
            guard end + 1 < source.count else { throw TemplateSyntaxError("missing end of comment tag", at: start) }
            let stripsAfter = end > cursor && source[end - 1] == UInt8(ascii: "-")
            let keeps = end > cursor && source[end - 1] == UInt8(ascii: "+")
            advance(to: end + 2)
            stripNext = stripsAfter ? .whitespace : (options.trimBlocks && !keeps ? .newline : .none)
            return
        }
        position = cursor
        var tokens: [Token] = []
        var depth = 0
        while true {
            skipWhitespace()
            guard position < source.count else {
                throw TemplateSyntaxError(kind == .output ? "unexpected end of template, expected 'end of print statement'" : "unexpected end of template, expected 'end of statement block'", at: start)
            }
            if depth == 0, let (length, trims) = closingMarker(kind) {
                tokens.append(Token(kind: .end, text: "", place: place))
                advance(to: position + length)
                stripNext = trims == UInt8(ascii: "-") ? .whitespace : (kind == .statement && options.trimBlocks && trims != UInt8(ascii: "+") ? .newline : .none)
                break
            }
            let token = try expressionToken()
            if token.kind == .symbol {
                if ["(", "[", "{"].contains(token.text) { depth += 1 }
                if [")", "]", "}"].contains(token.text) { depth = max(0, depth - 1) }
            }
            tokens.append(token)
        }
        result.append(kind == .output ? .output(tokens, start) : .statement(tokens, start))
    }

    /// At a tag's end: its length and its modifier (`-`, `+`).
    private func closingMarker(_ kind: TagKind) -> (Int, UInt8?)? {
        let closing = kind.closing
        func matches(_ at: Int) -> Bool {
            at + 1 < source.count && source[at] == closing[0] && source[at + 1] == closing[1]
        }
        if matches(position) { return (2, nil) }
        let byte = source[position]
        if byte == UInt8(ascii: "-") || (byte == UInt8(ascii: "+") && kind == .statement), matches(position + 1) { return (3, byte) }
        return nil
    }

    private mutating func advance(to end: Int) {
        while position < end {
            if source[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
    }

    private mutating func skipWhitespace() {
        while position < source.count, Self.isSpace(source[position]) { advance(to: position + 1) }
    }

    // MARK: Raw

    /// `{% raw %}` starting at `cursor` (after `{%`): where its tag ends, and whether it
    /// strips the content's leading whitespace (`-%}`).
    private func rawBlock(from cursor: Int) -> (openEnd: Int, trims: Bool)? {
        var index = cursor
        if index < source.count, source[index] == UInt8(ascii: "-") || source[index] == UInt8(ascii: "+") { index += 1 }
        while index < source.count, Self.isSpace(source[index]) { index += 1 }
        guard index + 3 <= source.count, source[index..<index + 3].elementsEqual("raw".utf8) else { return nil }
        index += 3
        while index < source.count, Self.isSpace(source[index]) { index += 1 }
        var trims = false
        if index < source.count, source[index] == UInt8(ascii: "-") || source[index] == UInt8(ascii: "+") {
            trims = source[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index + 1 < source.count, source[index] == UInt8(ascii: "%"), source[index + 1] == UInt8(ascii: "}") else { return nil }
        return (index + 2, trims)
    }

    /// The text up to `{% endraw %}`, as it is.
    private mutating func takeRaw(openEnd: Int, trimsContent: Bool) throws(TemplateSyntaxError) {
        let start = place
        advance(to: openEnd)
        var search = position
        while search + 1 < source.count {
            if source[search] == UInt8(ascii: "{"), source[search + 1] == UInt8(ascii: "%") {
                var index = search + 2
                var stripsBefore = false
                if index < source.count, source[index] == UInt8(ascii: "-") || source[index] == UInt8(ascii: "+") {
                    stripsBefore = source[index] == UInt8(ascii: "-")
                    index += 1
                }
                while index < source.count, Self.isSpace(source[index]) { index += 1 }
                if index + 6 <= source.count, source[index..<index + 6].elementsEqual("endraw".utf8) {
                    index += 6
                    while index < source.count, Self.isSpace(source[index]) { index += 1 }
                    var modifier: UInt8?
                    if index < source.count, source[index] == UInt8(ascii: "-") || source[index] == UInt8(ascii: "+") {
                        modifier = source[index]
                        index += 1
                    }
                    if index + 1 < source.count, source[index] == UInt8(ascii: "%"), source[index + 1] == UInt8(ascii: "}") {
                        var content = Array(source[position..<search])
                        if trimsContent { while let first = content.first, Self.isSpace(first) { content.removeFirst() } }
                        if stripsBefore { while let last = content.last, Self.isSpace(last) { content.removeLast() } }
                        flushText()
                        if !content.isEmpty { result.append(.text(String(decoding: content, as: UTF8.self))) }
                        advance(to: index + 2)
                        stripNext = modifier == UInt8(ascii: "-") ? .whitespace : (options.trimBlocks && modifier != UInt8(ascii: "+") ? .newline : .none)
                        return
                    }
                }
            }
            search += 1
        }
        throw TemplateSyntaxError("missing end of raw directive", at: start)
    }

    // MARK: Expressions

    private static let symbols = ["**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">", "=", "(", ")", "[", "]", "{", "}", ",", ".", ":", "|"]

    private mutating func expressionToken() throws(TemplateSyntaxError) -> Token {
        let start = place
        let byte = source[position]
        if Self.isNameStart(byte) {
            let begin = position
            while position < source.count, Self.isNameStart(source[position]) || Self.isDigit(source[position]) { position += 1 }
            return Token(kind: .name, text: String(decoding: source[begin..<position], as: UTF8.self), place: start)
        }
        if Self.isDigit(byte) { return number(start) }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { return try string(quote: byte, start) }
        for symbol in Self.symbols where position + symbol.utf8.count <= source.count && source[position..<position + symbol.utf8.count].elementsEqual(symbol.utf8) {
            position += symbol.utf8.count
            return Token(kind: .symbol, text: symbol, place: start)
        }
        let character = String(decoding: source[position..<min(position + 1, source.count)], as: UTF8.self)
        throw TemplateSyntaxError("unexpected char '\(character)' at \(position)", at: start)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func number(_ start: TemplatePlace) -> Token {
        let begin = position
        func digits() {
            while position < source.count, Self.isDigit(source[position]) || source[position] == UInt8(ascii: "_") { position += 1 }
        }
        digits()
        var isFloat = false
        if position + 1 < source.count, source[position] == UInt8(ascii: "."), Self.isDigit(source[position + 1]) {
            isFloat = true
            position += 1
            digits()
        }
        if position < source.count, source[position] == UInt8(ascii: "e") || source[position] == UInt8(ascii: "E") {
            var index = position + 1
            if index < source.count, source[index] == UInt8(ascii: "+") || source[index] == UInt8(ascii: "-") { index += 1 }
            if index < source.count, Self.isDigit(source[index]) {
                isFloat = true
                position = index
                digits()
            }
        }
        let text = String(decoding: source[begin..<position], as: UTF8.self).replacingOccurrences(of: "_", with: "")
        return Token(kind: isFloat ? .float : .integer, text: text, place: start)
    }

    /// A quoted string with Python's escapes read.
    private mutating func string(quote: UInt8, _ start: TemplatePlace) throws(TemplateSyntaxError) -> Token {
        position += 1
        var bytes: [UInt8] = []
        while position < source.count, source[position] != quote {
            if source[position] == UInt8(ascii: "\\"), position + 1 < source.count {
                position += 1
                let escape = source[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "0"): bytes.append(0)
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): bytes.append(escape)
                case UInt8(ascii: "\n"): line += 1; lineStart = position
                case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let count = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
                    let hex = String(decoding: source[position..<min(position + count, source.count)], as: UTF8.self)
                    guard hex.count == count, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw TemplateSyntaxError("invalid \\\(Character(Unicode.Scalar(escape))) escape in a string", at: start)
                    }
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                    position += count
                default: bytes.append(UInt8(ascii: "\\")); bytes.append(escape)
                }
                continue
            }
            if source[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            bytes.append(source[position])
            position += 1
        }
        guard position < source.count else { throw TemplateSyntaxError("unexpected end of string", at: start) }
        position += 1
        return Token(kind: .string, text: String(decoding: bytes, as: UTF8.self), place: start)
    }
}

/// A line and column in a template.
package struct TemplatePlace: Sendable, Equatable {
    package var line: Int
    package var column: Int
}

/// What is wrong with a template's syntax, and where.
struct TemplateSyntaxError: Error {
    var reason: String
    var place: TemplatePlace

    init(_ reason: String, at place: TemplatePlace) {
        self.reason = reason
        self.place = place
    }
}
