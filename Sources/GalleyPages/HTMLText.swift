import Foundation

/// Escaping for text and attribute values in generated HTML.
public enum HTMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped. Works on UTF-8 bytes: these four are ASCII,
    /// so no multi-byte character is ever split, and text without them is returned as is.
    public static func escape(_ text: String) -> String {
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

extension HTMLText {
    /// `text` as a JavaScript string literal that is safe inside a `<script>` element: JSON's
    /// quoting, plus `<`, `>` and `&` as `\u003c`-style escapes, so neither `</script>` nor
    /// an HTML comment can close or change the element, and the line separators JavaScript
    /// once refused. Entities are not decoded in a script, so HTML escaping would be wrong here.
    public static func scriptString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let json = (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
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
}
