// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// `json.dumps(value, sort_keys=True)` as Jinja's `tojson` calls it: Python's separators
/// (`, ` and `: `), non-ASCII as `\u` escapes, and with `htmlSafe` `<`, `>`, `&` and `'`
/// escaped too, so the text is safe in HTML. Without `sortKeys`, maps keep their order, as
/// plain `json.dumps` writes them.
package enum PythonJSON {
    package static func encode(_ value: TemplateValue, indent: Int? = nil, htmlSafe: Bool = false, sortKeys: Bool = true) throws -> String {
        var result = ""
        try write(value, indent: indent, level: 0, sortKeys: sortKeys, into: &result)
        guard htmlSafe else { return result }
        return result.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "'", with: "\\u0027")
    }

    private static func write(_ value: TemplateValue, indent: Int?, level: Int, sortKeys: Bool, into result: inout String) throws {
        let (open, separator, close): (String, String, String)
        if let indent {
            let inner = "\n" + String(repeating: " ", count: indent * (level + 1))
            (open, separator, close) = (inner, "," + inner, "\n" + String(repeating: " ", count: indent * level))
        } else {
            (open, separator, close) = ("", ", ", "")
        }
        switch value {
        case .none: result += "null"
        case .bool(let flag): result += flag ? "true" : "false"
        case .int(let number): result += String(number)
        case .double(let number):
            result += number.isNaN ? "NaN" : number.isInfinite ? (number < 0 ? "-Infinity" : "Infinity") : TemplateValue.pythonFloat(number)
        case .string(let text), .markup(let text): result += quoted(text)
        case .list(let items), .tuple(let items, _):
            guard !items.isEmpty else { result += "[]"; return }
            result += "[" + open
            for (index, item) in items.enumerated() {
                if index > 0 { result += separator }
                try write(item, indent: indent, level: level + 1, sortKeys: sortKeys, into: &result)
            }
            result += close + "]"
        case .dict(let map):
            guard map.count > 0 else { result += "{}"; return }
            result += "{" + open
            let keys = sortKeys ? map.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) : map.keys
            for (index, key) in keys.enumerated() {
                if index > 0 { result += separator }
                result += quoted(key) + ": "
                try write(map[key]!, indent: indent, level: level + 1, sortKeys: sortKeys, into: &result)
            }
            result += close + "}"
        case .undefined(let undefined): throw TemplateRuntimeError(reason: "Object of type Undefined is not JSON serializable (\(undefined.message))")
        default: throw TemplateRuntimeError(reason: "Object of type \(value.typeName) is not JSON serializable")
        }
    }

    /// A JSON string with `ensure_ascii`: every character past ASCII as `\uXXXX` (a pair
    /// of them past the basic plane).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    for unit in String(scalar).utf16 { result += String(format: "\\u%04x", unit) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Python's `urllib.parse.quote`, as Jinja's `urlencode` uses it: letters, digits and `_.-~`
/// as they are (and `/` outside a query), any other byte of the UTF-8 as `%XX`; a space is
/// `+` in a query.
package enum URLQuoting {
    package static func quote(_ text: String, forQuery: Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "_.-~".contains(character) || (!forQuery && character == "/") {
                result.append(character)
            } else if forQuery, byte == 0x20 {
                result += "+"
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}

