// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// JSON string literals, written by hand for every stage that writes JSON (the search files,
/// the theme's data attributes and inline scripts): Foundation's `JSONEncoder` goes through
/// `Encodable` containers and costs a page far more than its few strings.
///
/// The output is `JSONEncoder`'s with `.withoutEscapingSlashes`: `"`, `\` and control
/// characters are escaped, everything else is kept as UTF-8.
package enum JSONText {
    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `texts` as a JSON array of string literals.
    package static func array(_ texts: [String]) -> String {
        "[" + texts.map(quoted).joined(separator: ",") + "]"
    }

    /// Appends `text` as a JSON string literal to `bytes`. Runs of bytes that need no escape
    /// are copied whole.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { source in
            var runStart = 0
            for (index, byte) in source.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: source[runStart..<index])
                appendEscape(byte, to: &bytes)
                runStart = index + 1
            }
            bytes.append(contentsOf: source[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
