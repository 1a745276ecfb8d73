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
