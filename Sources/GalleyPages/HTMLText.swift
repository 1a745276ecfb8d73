// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup

/// Escaping for text and attribute values in generated HTML.
package enum HTMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped (``MarkupText/escape(_:)``).
    package static func escape(_ text: String) -> String {
        MarkupText.escape(text)
    }
}

extension HTMLText {
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
}
