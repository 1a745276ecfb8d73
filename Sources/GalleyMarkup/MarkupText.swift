// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Escaping text for HTML and SVG, the one place every stage that writes markup goes through
/// (the Markdown stage's placeholders, the diagrams' SVG, the pages' and the theme's HTML).
package enum MarkupText {
    /// `text` with `&`, `<`, `>` and `"` escaped, safe in element content and in a quoted
    /// attribute value. Works on UTF-8 bytes: these four are ASCII, so no multi-byte character
    /// is ever split, and text without them is returned as is.
    package static func escape(_ text: String) -> String {
        var needsEscape = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 {
            needsEscape = true
            break
        }
        guard needsEscape else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension MarkupText {
    /// Text from the configuration written into element content as Python-Markdown's
    /// serializer writes it: `<` and `>` escaped, and `&` escaped unless it starts a character
    /// reference (`&para;`, `&#182;`, `&#xB6;`), so a configured symbol may be an entity but
    /// never markup.
    package static func escapeKeepingReferences(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "<"): result.append(contentsOf: Array("&lt;".utf8))
            case UInt8(ascii: ">"): result.append(contentsOf: Array("&gt;".utf8))
            case UInt8(ascii: "&") where !startsReference(bytes, at: index): result.append(contentsOf: Array("&amp;".utf8))
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `&` at `index` starts `&#digits;`, `&#xhex;` or `&name;` (letters and digits).
    private static func startsReference(_ bytes: [UInt8], at index: Int) -> Bool {
        var cursor = index + 1
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) }
        func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) }
        var accepts = isAlphanumeric
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            accepts = isDigit
            if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
                cursor += 1
                accepts = isHex
            }
        }
        let start = cursor
        while cursor < bytes.count, accepts(bytes[cursor]) { cursor += 1 }
        return cursor > start && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";")
    }
}

extension MarkupText {
    /// `text` as a JavaScript string literal that is safe inside a `<script>` element: JSON's
    /// quoting, plus `<`, `>` and `&` as `\u003c`-style escapes, so neither `</script>` nor
    /// an HTML comment can close or change the element, and the line separators JavaScript
    /// once refused. Entities are not decoded in a script, so HTML escaping would be wrong here.
    package static func scriptString(_ text: String) -> String {
        let json = JSONText.quoted(text)
        var result = ""
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` escaped as ``escape(_:)`` does, for an XML document (a JUnit report): the C0
    /// control characters XML 1.0 cannot hold, which compiler output may contain, become
    /// U+FFFD; tab, line feed and carriage return stay.
    package static func escapeForXML(_ text: String) -> String {
        let escaped = escape(text)
        guard escaped.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return escaped }
        var result = ""
        result.unicodeScalars.reserveCapacity(escaped.unicodeScalars.count)
        for scalar in escaped.unicodeScalars {
            result.unicodeScalars.append(scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" ? "\u{FFFD}" : scalar)
        }
        return result
    }
}
