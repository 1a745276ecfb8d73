// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Character references in text made characters again, as Python's `html.unescape` does (for
/// `striptags`, and the blog's read time): numeric ones, and the named ones templates' text uses. Python's table
/// has all 2,231 names of HTML5; this one has the common ones, and leaves any other as written.
package enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®", "trade": "™",
        "hellip": "…", "mdash": "—", "ndash": "–", "laquo": "«", "raquo": "»", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "para": "¶", "sect": "§", "middot": "·", "times": "×", "bull": "•", "deg": "°", "euro": "€",
    ]

    package static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            let body = after.prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }
            if body.endIndex < after.endIndex, after[body.endIndex] == ";", let decoded = decode(body) {
                result += decoded
                rest = after[after.index(after: body.endIndex)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func decode(_ body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return named[String(body)]
    }
}
