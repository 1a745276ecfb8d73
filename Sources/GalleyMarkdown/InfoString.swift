// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A fence's info string split the way superfences reads it:
/// ```` ```swift run title="Main.swift" hl_lines="2 3" ````, or the braced
/// ```` ``` { .swift title="Main.swift" } ```` form.
struct InfoString: Equatable {
    var language = ""
    var flags: [String] = []
    var options: [String: String] = [:]

    init(_ info: String) {
        var text = info.trimmingWhitespace()
        if text.hasPrefix("{"), text.hasSuffix("}") {
            text = String(text.dropFirst().dropLast())
        }
        var first = true
        for token in Self.tokens(text) {
            if let equals = token.firstIndex(of: "=") {
                let key = String(token[..<equals])
                var value = String(token[token.index(after: equals)...])
                if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                    value = String(value.dropFirst().dropLast())
                }
                options[key] = value
            } else if first {
                language = token.hasPrefix(".") ? String(token.dropFirst()) : token
            } else if token.hasPrefix(".") {
                flags.append(String(token.dropFirst()))
            } else {
                flags.append(token)
            }
            first = false
        }
    }

    /// Splits on spaces, keeping quoted values (which may contain spaces) whole.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}

extension UInt8 {
    /// Whether the byte is white space as the Markdown stage trims it: space, tab, `\n`, `\r`.
    var isLineWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }
}

extension Substring {
    /// The text without leading and trailing spaces, tabs and newlines (`\r` and `\n`,
    /// apart or as one `\r\n`). Scanned as bytes: every one of these is a single ASCII byte,
    /// and this runs on most lines of every page.
    package func trimmingWhitespace() -> String {
        let bytes = utf8
        guard let start = bytes.firstIndex(where: { !$0.isLineWhitespace }), let last = bytes.lastIndex(where: { !$0.isLineWhitespace }) else {
            return ""
        }
        return String(decoding: bytes[start...last], as: UTF8.self)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    package func trimmingWhitespace() -> String {
        self[...].trimmingWhitespace()
    }
}
