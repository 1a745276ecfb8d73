// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How Python prints, compares and adds the values templates handle, for Jinja's output to
/// be Python's: `True`, `['a', 1]`, `0.1`, `{'k': None}`.
extension TemplateValue {
    /// The value as `{{ … }}` prints it where nothing is escaped: Python's `str()`.
    package var printedText: String { pythonString }

    /// The attribute under which an object keeps how it prints (a date, as Python's `str()`).
    static let textKey = "__str__"

    /// Python's `str()`.
    var pythonString: String {
        switch self {
        case .undefined: return ""
        case .none: return "None"
        case .bool(let flag): return flag ? "True" : "False"
        case .int(let number): return String(number)
        case .double(let number): return Self.pythonFloat(number)
        case .string(let text), .markup(let text): return text
        case .object(_, let attributes):
            if let text = attributes[Self.textKey]?.stringValue { return text }
            return pythonRepr
        case .list, .tuple, .dict: return pythonRepr
        case .callable(let callable): return callable.macroInfo != nil ? "<Macro '\(callable.name)'>" : "<function \(callable.name)>"
        case .namespace(let namespace): return "<Namespace \(TemplateValue.dict(namespace.values).pythonRepr)>"
        }
    }

    /// Python's `repr()`.
    var pythonRepr: String {
        switch self {
        case .string(let text): return Self.pythonQuoted(text)
        case .markup(let text): return "Markup(" + Self.pythonQuoted(text) + ")"
        case .undefined: return "Undefined"
        case .list(let items), .object(let items, _): return "[" + items.map(\.pythonRepr).joined(separator: ", ") + "]"
        case .tuple(let items, _): return "(" + items.map(\.pythonRepr).joined(separator: ", ") + (items.count == 1 ? ",)" : ")")
        case .dict(let map): return "{" + map.entries.map { Self.pythonQuoted($0.key) + ": " + $0.value.pythonRepr }.joined(separator: ", ") + "}"
        default: return pythonString
        }
    }

    /// A string as Python's `repr()` quotes it.
    static func pythonQuoted(_ text: String) -> String {
        let quote: Character = text.contains("'") && !text.contains("\"") ? "\"" : "'"
        var result = String(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where Character(scalar) == quote: result += "\\" + String(quote)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += String(format: "\\x%02x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + String(quote)
    }

    /// A float as Python's `repr()` writes it: the shortest digits that read back the same,
    /// in positional notation from 1e-4 up to 1e16 and with an exponent outside.
    static func pythonFloat(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        if number == 0 { return number.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description has the shortest digits too; only the notation differs.
        let described = "\(number)"
        let negative = described.hasPrefix("-")
        let unsigned = negative ? String(described.dropFirst()) : described
        let parts = unsigned.split(separator: "e", maxSplits: 1)
        let mantissa = String(parts[0])
        var exponent = parts.count > 1 ? Int(parts[1])! : 0
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(pieces[0]) + (pieces.count > 1 ? String(pieces[1]) : "")
        exponent += pieces[0].count - 1
        // Leading zeros (`0.001`) are not digits.
        while digits.count > 1, digits.first == "0" {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let sign = negative ? "-" : ""
        if exponent < -4 || exponent >= 16 {
            let head = String(digits.prefix(1)) + (digits.count > 1 ? "." + digits.dropFirst() : "")
            return sign + head + "e" + (exponent < 0 ? "-" : "+") + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
        }
        if exponent < 0 { return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits }
        if digits.count <= exponent + 1 { return sign + digits + String(repeating: "0", count: exponent + 1 - digits.count) + ".0" }
        return sign + digits.prefix(exponent + 1) + "." + digits.dropFirst(exponent + 1)
    }

    /// Python's `==`.
    func pythonEquals(_ other: TemplateValue) -> Bool {
        switch (self, other) {
        case (.undefined, .undefined), (.none, .none): return true
        case (.string(let a), .string(let b)), (.markup(let a), .markup(let b)), (.string(let a), .markup(let b)), (.markup(let a), .string(let b)):
            return a == b
        case (.list(let a), .list(let b)), (.tuple(let a, _), .tuple(let b, _)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.pythonEquals($1) }
        case (.dict(let a), .dict(let b)):
            return a.count == b.count && a.entries.allSatisfy { entry in b[entry.key].map { entry.value.pythonEquals($0) } ?? false }
        case (.callable(let a), .callable(let b)): return a === b
        case (.namespace(let a), .namespace(let b)): return a === b
        default:
            if let a = numeric, let b = other.numeric { return a == b }
            return false
        }
    }

    /// The number a bool, int or float stands for.
    var numeric: Double? {
        switch self {
        case .bool(let flag): return flag ? 1 : 0
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// The integer a bool or int stands for.
    var integer: Int? {
        switch self {
        case .bool(let flag): return flag ? 1 : 0
        case .int(let number): return number
        default: return nil
        }
    }

    /// Python's ordering (`<`), or `nil` where Python raises a `TypeError`.
    func pythonLess(_ other: TemplateValue) -> Bool? {
        if let a = integer, let b = other.integer { return a < b }
        if let a = numeric, let b = other.numeric { return a < b }
        if let a = stringValue, let b = other.stringValue { return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) }
        if let a = sequence, let b = other.sequence {
            for (x, y) in zip(a, b) where !x.pythonEquals(y) { return x.pythonLess(y) }
            return a.count < b.count
        }
        return nil
    }

    /// A key for Python's `hash()`-based work (`unique`, `groupby`): equal values, equal keys.
    var hashKey: String {
        switch self {
        case .bool, .int, .double:
            let number = numeric!
            return number == number.rounded() && abs(number) < 1e18 ? "n\(Int(number))" : "n\(number)"
        case .string(let text), .markup(let text): return "s" + text
        default: return "r" + pythonRepr
        }
    }
}
