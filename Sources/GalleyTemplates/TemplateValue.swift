// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A value as a Jinja template sees it: Python's types, as mkdocs hands them to templates.
/// Lists and maps are values (copied on write); a `namespace()` is the one thing a template
/// can change in place, as in Jinja.
package enum TemplateValue: Sendable {
    /// A name or key with no value; `name` says which, for messages and `DebugUndefined`.
    case undefined(TemplateUndefined)
    case none
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// Text marked safe (`|safe`, `|e`): escaping leaves it alone.
    case markup(String)
    case list([TemplateValue])
    /// Python's tuple: a list that prints with brackets of its own, and (from `groupby`)
    /// fields with names.
    case tuple([TemplateValue], names: [String]? = nil)
    case dict(TemplateDict)
    /// An object that is iterated as a list and has attributes too, as mkdocs' `nav` is
    /// (`for item in nav`, `nav.homepage`).
    case object(items: [TemplateValue], attributes: TemplateDict)
    case callable(TemplateCallable)
    case namespace(TemplateNamespace)

    /// Text as Python's `str` makes it.
    package static func text(_ string: String) -> TemplateValue { .string(string) }

    package var isUndefined: Bool {
        if case .undefined = self { return true }
        return false
    }

    /// The items of a list or tuple.
    var sequence: [TemplateValue]? {
        switch self {
        case .list(let items), .tuple(let items, _), .object(let items, _): return items
        default: return nil
        }
    }

    /// The text of a string or markup.
    var stringValue: String? {
        switch self {
        case .string(let text), .markup(let text): return text
        default: return nil
        }
    }

    /// Python's name for the value's type, as Jinja's messages say it.
    var typeName: String {
        switch self {
        case .undefined: return "Undefined"
        case .none: return "NoneType"
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "float"
        case .string: return "str"
        case .markup: return "Markup"
        case .list: return "list"
        case .tuple: return "tuple"
        case .dict: return "dict"
        case .object: return "object"
        case .callable: return "function"
        case .namespace: return "Namespace"
        }
    }
}

/// Where an undefined value came from.
package struct TemplateUndefined: Sendable, Equatable {
    /// The name, for a name nothing defines.
    var name: String?
    /// The object's type and the missing key, for an attribute or item it lacks.
    var owner: String?
    var key: String?

    /// Jinja's words for it (`'x' is undefined`, `'dict object' has no attribute 'y'`).
    var message: String {
        if let owner, let key { return "'\(owner) object' has no attribute '\(key)'" }
        return "'\(name ?? "value")' is undefined"
    }

    /// As `DebugUndefined` prints it: the expression kept, or what was missing.
    var debugText: String {
        if let owner, let key { return "{{ no such element: \(owner) object['\(key)'] }}" }
        return "{{ \(name ?? "") }}"
    }
}

/// A Python dictionary: keys in the order they were added.
package struct TemplateDict: Sendable {
    package private(set) var keys: [String] = []
    private var storage: [String: TemplateValue] = [:]

    package init() {}

    package init(_ entries: [(String, TemplateValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    package var count: Int { keys.count }

    package subscript(key: String) -> TemplateValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    package var entries: [(key: String, value: TemplateValue)] {
        keys.map { ($0, storage[$0]!) }
    }
}

/// Something a template calls: a macro, a global function, a bound method, a filter.
package final class TemplateCallable: @unchecked Sendable {
    /// Positional arguments, then keyword ones, in the order written.
    package typealias Body = (_ arguments: TemplateArguments) throws -> TemplateValue

    let name: String
    let body: Body
    /// A macro's own parts, for `caller`, `name`, `arguments`.
    let macroInfo: (arguments: [String], catchesVarargs: Bool)?

    package init(name: String, body: @escaping Body) {
        self.name = name
        self.body = body
        macroInfo = nil
    }

    init(macro name: String, arguments: [String], catchesVarargs: Bool, body: @escaping Body) {
        self.name = name
        self.body = body
        macroInfo = (arguments, catchesVarargs)
    }

    func call(_ arguments: TemplateArguments) throws -> TemplateValue {
        try body(arguments)
    }
}

/// The arguments of a call.
package struct TemplateArguments: Sendable {
    package var positional: [TemplateValue]
    package var keywords: [(String, TemplateValue)]

    package init(_ positional: [TemplateValue] = [], keywords: [(String, TemplateValue)] = []) {
        self.positional = positional
        self.keywords = keywords
    }

    /// The argument at `index`, or the keyword `name`, or `nil`.
    package func value(_ index: Int, _ name: String) -> TemplateValue? {
        if index >= 0, index < positional.count { return positional[index] }
        return keywords.first { $0.0 == name }?.1
    }
}

/// `namespace()`: attributes a template can set from inside a loop (`{% set ns.x = 1 %}`).
package class TemplateNamespace: @unchecked Sendable {
    var values: TemplateDict

    init(_ values: TemplateDict) {
        self.values = values
    }
}

// MARK: Conversions

package extension TemplateValue {
    /// A value from Swift's: strings, numbers, booleans, arrays and dictionaries (whose keys
    /// are sorted, having no order of their own), and values already converted.
    init(_ any: Any?) {
        switch any {
        case nil: self = .none
        case let value as TemplateValue: self = value
        case let text as String: self = .string(text)
        case let text as Substring: self = .string(String(text))
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .int(number)
        case let number as Double: self = .double(number)
        case let items as [Any]: self = .list(items.map { TemplateValue($0) })
        case let map as [String: Any]: self = .dict(TemplateDict(map.keys.sorted().map { ($0, TemplateValue(map[$0])) }))
        case let map as [String: String]: self = .dict(TemplateDict(map.keys.sorted().map { ($0, .string(map[$0]!)) }))
        case let items as [String]: self = .list(items.map { .string($0) })
        case let value?: self = .string(String(describing: value))
        }
    }

    /// Truth as Python's `bool()` has it.
    var isTrue: Bool {
        switch self {
        case .undefined, .none: return false
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0
        case .string(let text), .markup(let text): return !text.isEmpty
        case .list(let items), .tuple(let items, _), .object(let items, _): return !items.isEmpty
        case .dict(let map): return map.count > 0
        case .callable, .namespace: return true
        }
    }
}
