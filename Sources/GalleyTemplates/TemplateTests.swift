// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Jinja's tests (`x is defined`, `n is divisibleby 3`), each as Jinja defines it.
enum TemplateTests {
    static let names: Set<String> = [
        "defined", "undefined", "none", "boolean", "true", "false", "integer", "float", "number", "string", "mapping",
        "iterable", "sequence", "callable", "sameas", "escaped", "in", "odd", "even", "divisibleby", "eq", "equalto", "==",
        "ne", "!=", "lt", "<", "lessthan", "le", "<=", "gt", ">", "greaterthan", "ge", ">=", "lower", "upper", "filter", "test",
    ]

    static func apply(_ name: String, to value: TemplateValue, _ arguments: TemplateArguments, renderer: TemplateRenderer) throws -> Bool {
        let argument = arguments.positional.first
        func other() throws -> TemplateValue {
            guard let argument else { throw TemplateRuntimeError(reason: "test '\(name)' takes one argument") }
            return argument
        }
        switch name {
        case "defined": return !value.isUndefined
        case "undefined": return value.isUndefined
        case "none": return value.isNone
        case "boolean": if case .bool = value { return true } else { return false }
        case "true": if case .bool(true) = value { return true } else { return false }
        case "false": if case .bool(false) = value { return true } else { return false }
        case "integer": if case .int = value { return true } else { return false }
        case "float": if case .double = value { return true } else { return false }
        case "number": return value.numeric != nil
        case "string": return value.stringValue != nil
        case "mapping": if case .dict = value { return true } else { return false }
        case "iterable", "sequence":
            switch value {
            case .list, .tuple, .dict, .string, .markup, .object: return true
            case .undefined: return name == "iterable"
            default: return false
            }
        case "callable":
            if case .callable = value { return true }
            if case .dict(let map) = value { return map[TemplateRenderer.callKey] != nil }
            return false
        case "sameas":
            let target = try other()
            switch (value, target) {
            case (.none, .none): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.callable(let a), .callable(let b)): return a === b
            case (.namespace(let a), .namespace(let b)): return a === b
            case (.int(let a), .int(let b)): return a == b && (-5...256).contains(a)
            default: return false
            }
        case "escaped": if case .markup = value { return true } else { return false }
        case "in": return try TemplateOperators.contains(try other(), value)
        case "odd", "even":
            guard let number = value.integer else { throw TemplateRuntimeError(reason: "'\(value.typeName)' is not an integer") }
            return (number % 2 != 0) == (name == "odd")
        case "divisibleby":
            guard let number = value.integer, let divisor = try other().integer else { throw TemplateRuntimeError(reason: "divisibleby needs integers") }
            guard divisor != 0 else { throw TemplateRuntimeError(reason: "integer modulo by zero") }
            return number % divisor == 0
        case "eq", "equalto", "==": return value.pythonEquals(try other())
        case "ne", "!=": return !value.pythonEquals(try other())
        case "lt", "<", "lessthan": return try TemplateOperators.compare("<", value, try other(), renderer: renderer)
        case "le", "<=": return try TemplateOperators.compare("<=", value, try other(), renderer: renderer)
        case "gt", ">", "greaterthan": return try TemplateOperators.compare(">", value, try other(), renderer: renderer)
        case "ge", ">=": return try TemplateOperators.compare(">=", value, try other(), renderer: renderer)
        case "lower":
            let text = try renderer.text(value)
            return !text.contains(where: \.isUppercase) && text.contains(where: \.isLowercase)
        case "upper":
            let text = try renderer.text(value)
            return !text.contains(where: \.isLowercase) && text.contains(where: \.isUppercase)
        case "filter": return value.stringValue.map { TemplateFilters.isKnown($0, engine: renderer.engine) } ?? false
        case "test": return value.stringValue.map { names.contains($0) } ?? false
        default: throw TemplateRuntimeError(reason: "No test named '\(name)'.")
        }
    }
}
