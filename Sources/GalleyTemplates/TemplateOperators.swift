// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Jinja's operators, which are Python's: `/` always divides to a float, `//` and `%` round
/// toward minus infinity, `+` joins strings and lists, `~` joins anything as text.
enum TemplateOperators {
    static func binary(_ symbol: String, _ left: TemplateValue, _ right: TemplateValue, renderer: TemplateRenderer) throws -> TemplateValue {
        if symbol == "~" { return .string(try renderer.text(left) + (try renderer.text(right))) }
        for value in [left, right] {
            if case .undefined(let undefined) = value { throw TemplateRuntimeError(reason: undefined.message) }
        }
        switch (symbol, left, right) {
        case ("+", .markup(let a), _):
            guard let b = right.stringValue else { break }
            if case .markup = right { return .markup(a + b) }
            return .markup(a + TemplateFilters.escapeHTML(b))
        case ("+", .string(let a), .markup(let b)): return .markup(TemplateFilters.escapeHTML(a) + b)
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .list(let a), .list(let b)): return .list(a + b)
        case ("+", .tuple(let a, _), .tuple(let b, _)): return .tuple(a + b)
        case ("*", .string(let text), _), ("*", _, .string(let text)):
            guard let count = (left.integer != nil ? left : right).integer else { break }
            return .string(String(repeating: text, count: max(0, count)))
        case ("*", .list(let items), _), ("*", _, .list(let items)):
            guard let count = (left.integer != nil ? left : right).integer else { break }
            return .list(Array(repeating: items, count: max(0, count)).flatMap { $0 })
        case ("%", .string(let format), _), ("%", .markup(let format), _):
            return .string(try percentFormat(format, right))
        default: break
        }
        if let a = left.integer, let b = right.integer {
            switch symbol {
            case "+": return .int(a &+ b)
            case "-": return .int(a &- b)
            case "*": return .int(a &* b)
            case "/":
                guard b != 0 else { throw TemplateRuntimeError(reason: "division by zero") }
                return .double(Double(a) / Double(b))
            case "//":
                guard b != 0 else { throw TemplateRuntimeError(reason: "integer division or modulo by zero") }
                let quotient = a / b
                return .int((a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient)
            case "%":
                guard b != 0 else { throw TemplateRuntimeError(reason: "integer modulo by zero") }
                let remainder = a % b
                return .int(remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder)
            case "**":
                if b >= 0 {
                    var result = 1
                    for _ in 0..<b { result = result &* a }
                    return .int(result)
                }
                return .double(pow(Double(a), Double(b)))
            default: break
            }
        }
        if let a = left.numeric, let b = right.numeric {
            switch symbol {
            case "+": return .double(a + b)
            case "-": return .double(a - b)
            case "*": return .double(a * b)
            case "/":
                guard b != 0 else { throw TemplateRuntimeError(reason: "float division by zero") }
                return .double(a / b)
            case "//":
                guard b != 0 else { throw TemplateRuntimeError(reason: "float floor division by zero") }
                return .double((a / b).rounded(.down))
            case "%":
                guard b != 0 else { throw TemplateRuntimeError(reason: "float modulo") }
                let remainder = fmod(a, b)
                return .double(remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder)
            case "**": return .double(pow(a, b))
            default: break
            }
        }
        throw TemplateRuntimeError(reason: "unsupported operand type(s) for \(symbol): '\(left.typeName)' and '\(right.typeName)'")
    }

    static func compare(_ symbol: String, _ left: TemplateValue, _ right: TemplateValue, renderer: TemplateRenderer) throws -> Bool {
        if renderer.engine.options.undefined == .strict {
            for value in [left, right] {
                if case .undefined(let undefined) = value { throw TemplateRuntimeError(reason: undefined.message) }
            }
        }
        switch symbol {
        case "==": return left.pythonEquals(right)
        case "!=": return !left.pythonEquals(right)
        case "in": return try contains(right, left)
        case "notin": return !(try contains(right, left))
        default:
            let ordered: Bool?
            switch symbol {
            case "<": ordered = left.pythonLess(right)
            case ">": ordered = right.pythonLess(left)
            case "<=": ordered = left.pythonEquals(right) ? true : left.pythonLess(right)
            default: ordered = left.pythonEquals(right) ? true : right.pythonLess(left)
            }
            guard let ordered else {
                if case .undefined(let undefined) = left { throw TemplateRuntimeError(reason: undefined.message) }
                if case .undefined(let undefined) = right { throw TemplateRuntimeError(reason: undefined.message) }
                throw TemplateRuntimeError(reason: "'\(symbol)' not supported between instances of '\(left.typeName)' and '\(right.typeName)'")
            }
            return ordered
        }
    }

    /// Python's `item in container`.
    static func contains(_ container: TemplateValue, _ item: TemplateValue) throws -> Bool {
        switch container {
        case .string(let text), .markup(let text):
            guard let part = item.stringValue else { throw TemplateRuntimeError(reason: "'in <string>' requires string as left operand, not \(item.typeName)") }
            return part.isEmpty || text.contains(part)
        case .list(let items), .tuple(let items, _), .object(let items, _): return items.contains { $0.pythonEquals(item) }
        case .dict(let map): return item.stringValue.map { map[$0] != nil } ?? false
        case .namespace(let namespace): return item.stringValue.map { namespace.values[$0] != nil } ?? false
        case .undefined: return false
        default: throw TemplateRuntimeError(reason: "argument of type '\(container.typeName)' is not iterable")
        }
    }

    /// Python's `format % values`, for `%s`, `%r`, `%d`, `%i`, `%f` (with a precision) and `%%`.
    static func percentFormat(_ format: String, _ values: TemplateValue) throws -> String {
        var arguments: [TemplateValue]
        if case .tuple(let items, _) = values { arguments = items } else { arguments = [values] }
        var result = ""
        var characters = Substring(format)
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            var precision: Int?
            if rest.first == "." {
                let digits = rest.dropFirst().prefix { $0.isNumber }
                precision = Int(digits)
                rest = rest.dropFirst(1 + digits.count)
            }
            guard let conversion = rest.first else { throw TemplateRuntimeError(reason: "incomplete format") }
            characters = rest.dropFirst()
            if conversion == "%" {
                result += "%"
                continue
            }
            guard !arguments.isEmpty else { throw TemplateRuntimeError(reason: "not enough arguments for format string") }
            let value = arguments.removeFirst()
            switch conversion {
            case "s": result += value.pythonString
            case "r": result += value.pythonRepr
            case "d", "i":
                guard let number = value.numeric else { throw TemplateRuntimeError(reason: "%\(conversion) format: a real number is required, not \(value.typeName)") }
                result += String(Int(number))
            case "f":
                guard let number = value.numeric else { throw TemplateRuntimeError(reason: "must be real number, not \(value.typeName)") }
                result += String(format: "%.\(precision ?? 6)f", number)
            default: throw TemplateRuntimeError(reason: "unsupported format character '\(conversion)'")
            }
        }
        guard arguments.isEmpty else { throw TemplateRuntimeError(reason: "not all arguments converted during string formatting") }
        return result + characters
    }
}

extension TemplateRenderer {
    /// A value as `~` and filters that work on text read it: printed, without escaping.
    func text(_ value: TemplateValue) throws -> String {
        if case .undefined(let undefined) = value {
            switch engine.options.undefined {
            case .lenient: return ""
            case .debug: return undefined.debugText
            case .strict: throw TemplateRuntimeError(reason: undefined.message)
            }
        }
        return value.pythonString
    }
}
