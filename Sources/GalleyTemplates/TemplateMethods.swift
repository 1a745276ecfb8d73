// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// `a.b` and `a[b]` as Jinja reads them (an attribute first for `.`, an item first for
/// `[]`), and the Python methods templates call on strings, maps and lists.
enum TemplateMethods {
    private static let dictMethods: Set<String> = ["items", "keys", "values", "get", "copy"]
    private static let stringMethods: Set<String> = [
        "upper", "lower", "title", "capitalize", "strip", "lstrip", "rstrip", "startswith", "endswith", "replace", "split",
        "rsplit", "join", "find", "rfind", "count", "format", "splitlines", "isdigit", "isalpha", "isalnum", "isspace",
        "islower", "isupper", "zfill", "center", "ljust", "rjust", "partition", "rpartition", "swapcase", "removeprefix",
        "removesuffix", "index",
    ]

    static func attribute(_ value: TemplateValue, _ name: String, engine: TemplateEngine) throws -> TemplateValue {
        switch value {
        case .dict(let map):
            if dictMethods.contains(name) { return method(value, name) }
            return map[name] ?? missing(value, name)
        case .namespace(let namespace):
            return namespace.values[name] ?? missing(value, name)
        case .object(_, let attributes):
            return attributes[name] ?? missing(value, name)
        case .string, .markup:
            if stringMethods.contains(name) { return method(value, name) }
        case .list, .tuple:
            if case .tuple(let items, let names?) = value, let index = names.firstIndex(of: name), index < items.count { return items[index] }
            if name == "index" || name == "count" { return method(value, name) }
        case .undefined(let undefined):
            throw TemplateRuntimeError(reason: undefined.message)
        case .callable(let callable) where name == "name":
            return .string(callable.name)
        default: break
        }
        return missing(value, name)
    }

    static func item(_ value: TemplateValue, _ key: TemplateValue, engine: TemplateEngine) throws -> TemplateValue {
        switch value {
        case .dict(let map):
            if let name = key.stringValue { return map[name] ?? (dictMethods.contains(name) ? method(value, name) : missing(value, name)) }
            return missing(value, key.pythonString)
        case .list(let items), .tuple(let items, _), .object(let items, _):
            if let index = key.integer {
                let position = index < 0 ? items.count + index : index
                return items.indices.contains(position) ? items[position] : missing(value, String(index))
            }
            if let name = key.stringValue { return try attribute(value, name, engine: engine) }
        case .string(let text), .markup(let text):
            if let index = key.integer {
                let characters = Array(text)
                let position = index < 0 ? characters.count + index : index
                guard characters.indices.contains(position) else { return missing(value, String(index)) }
                return .string(String(characters[position]))
            }
        case .namespace, .callable:
            if let name = key.stringValue { return try attribute(value, name, engine: engine) }
        case .undefined(let undefined):
            throw TemplateRuntimeError(reason: undefined.message)
        default: break
        }
        return missing(value, key.stringValue ?? key.pythonString)
    }

    private static func missing(_ value: TemplateValue, _ key: String) -> TemplateValue {
        .undefined(TemplateUndefined(name: nil, owner: value.typeName, key: key))
    }

    static func slice(_ value: TemplateValue, _ start: TemplateValue?, _ stop: TemplateValue?, _ step: TemplateValue?) throws -> TemplateValue {
        func bound(_ value: TemplateValue?) throws -> Int? {
            guard let value, !(value.isNone) else { return nil }
            guard let number = value.integer else { throw TemplateRuntimeError(reason: "slice indices must be integers or None") }
            return number
        }
        let (first, last, stride) = (try bound(start), try bound(stop), try bound(step) ?? 1)
        guard stride != 0 else { throw TemplateRuntimeError(reason: "slice step cannot be zero") }
        func indices(_ count: Int) -> [Int] {
            func clamp(_ index: Int?, _ fallback: Int, low: Int, high: Int) -> Int {
                guard var index else { return fallback }
                if index < 0 { index += count }
                return min(max(index, low), high)
            }
            if stride > 0 {
                let from = clamp(first, 0, low: 0, high: count)
                let to = clamp(last, count, low: 0, high: count)
                return Array(Swift.stride(from: from, to: to, by: stride))
            }
            let from = clamp(first, count - 1, low: -1, high: count - 1)
            let to = clamp(last, -1, low: -1, high: count - 1)
            return Array(Swift.stride(from: from, to: to, by: stride))
        }
        switch value {
        case .list(let items): return .list(indices(items.count).map { items[$0] })
        case .tuple(let items, _): return .tuple(indices(items.count).map { items[$0] })
        case .string(let text), .markup(let text):
            let characters = Array(text)
            return .string(String(indices(characters.count).map { characters[$0] }))
        case .undefined(let undefined): throw TemplateRuntimeError(reason: undefined.message)
        default: throw TemplateRuntimeError(reason: "'\(value.typeName)' object is not subscriptable")
        }
    }

    // MARK: Methods

    private static func method(_ owner: TemplateValue, _ name: String) -> TemplateValue {
        .callable(TemplateCallable(name: name) { arguments in try call(owner, name, arguments) })
    }

    private static func call(_ owner: TemplateValue, _ name: String, _ arguments: TemplateArguments) throws -> TemplateValue {
        let first = arguments.positional.first
        switch owner {
        case .dict(let map):
            switch name {
            case "items": return .list(map.entries.map { .tuple([.string($0.key), $0.value]) })
            case "keys": return .list(map.keys.map { .string($0) })
            case "values": return .list(map.entries.map(\.value))
            case "copy": return owner
            default:
                guard let key = first?.stringValue else { return arguments.value(1, "default") ?? .none }
                return map[key] ?? arguments.value(1, "default") ?? .none
            }
        case .list(let items), .tuple(let items, _):
            guard let first else { throw TemplateRuntimeError(reason: "\(name)() takes exactly one argument (0 given)") }
            if name == "count" { return .int(items.filter { $0.pythonEquals(first) }.count) }
            guard let index = items.firstIndex(where: { $0.pythonEquals(first) }) else { throw TemplateRuntimeError(reason: "\(first.pythonRepr) is not in list") }
            return .int(index)
        default:
            return try stringMethod(owner.stringValue ?? "", name, arguments)
        }
    }

    private static func stringMethod(_ text: String, _ name: String, _ arguments: TemplateArguments) throws -> TemplateValue {
        let first = arguments.positional.first
        func characterSet(_ value: TemplateValue?) -> ((Character) -> Bool) {
            guard let chars = value?.stringValue else { return { $0.isWhitespace } }
            return { chars.contains($0) }
        }
        func prefixes(_ value: TemplateValue?) throws -> [String] {
            guard let value else { throw TemplateRuntimeError(reason: "\(name)() takes at least 1 argument (0 given)") }
            if let items = value.sequence { return items.compactMap(\.stringValue) }
            guard let text = value.stringValue else { throw TemplateRuntimeError(reason: "\(name) first arg must be str or a tuple of str, not \(value.typeName)") }
            return [text]
        }
        switch name {
        case "upper": return .string(text.uppercased())
        case "lower": return .string(text.lowercased())
        case "swapcase": return .string(String(text.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) }))
        case "title": return .string(pythonTitle(text))
        case "capitalize": return .string(text.prefix(1).uppercased() + text.dropFirst().lowercased())
        case "strip":
            let test = characterSet(first)
            return .string(String(text.drop(while: test).reversed().drop(while: test).reversed()))
        case "lstrip": return .string(String(text.drop(while: characterSet(first))))
        case "rstrip": return .string(String(text.reversed().drop(while: characterSet(first)).reversed()))
        case "startswith": return .bool(try prefixes(first).contains { text.hasPrefix($0) })
        case "endswith": return .bool(try prefixes(first).contains { text.hasSuffix($0) })
        case "removeprefix": return .string(first?.stringValue.map { text.hasPrefix($0) ? String(text.dropFirst($0.count)) : text } ?? text)
        case "removesuffix": return .string(first?.stringValue.map { text.hasSuffix($0) ? String(text.dropLast($0.count)) : text } ?? text)
        case "replace":
            guard let old = first?.stringValue, let new = arguments.value(1, "new")?.stringValue else { throw TemplateRuntimeError(reason: "replace() takes at least 2 arguments") }
            let limit = arguments.value(2, "count")?.integer ?? -1
            return .string(TemplateFilters.replace(text, old, new, count: limit))
        case "split", "rsplit":
            let separator = arguments.value(0, "sep").flatMap { $0.isNone ? nil : $0.stringValue }
            let limit = arguments.value(1, "maxsplit")?.integer ?? -1
            return .list(pythonSplit(text, separator: separator, limit: limit, fromEnd: name == "rsplit").map { .string($0) })
        case "splitlines": return .list(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { .string(String($0)) }.dropLast(text.last?.isNewline == true ? 1 : 0))
        case "join":
            guard let first else { throw TemplateRuntimeError(reason: "join() takes exactly one argument (0 given)") }
            let items = first.sequence ?? (first.stringValue.map { $0.map { TemplateValue.string(String($0)) } } ?? [])
            var parts: [String] = []
            for item in items {
                guard let part = item.stringValue else { throw TemplateRuntimeError(reason: "sequence item \(parts.count): expected str instance, \(item.typeName) found") }
                parts.append(part)
            }
            return .string(parts.joined(separator: text))
        case "find", "rfind", "index":
            guard let part = first?.stringValue else { throw TemplateRuntimeError(reason: "\(name)() takes at least 1 argument") }
            let range = name == "rfind" ? text.range(of: part, options: .backwards) : text.range(of: part)
            guard let range else {
                if name == "index" { throw TemplateRuntimeError(reason: "substring not found") }
                return .int(-1)
            }
            return .int(text.distance(from: text.startIndex, to: range.lowerBound))
        case "count":
            guard let part = first?.stringValue else { throw TemplateRuntimeError(reason: "count() takes at least 1 argument") }
            return .int(part.isEmpty ? text.count + 1 : text.components(separatedBy: part).count - 1)
        case "format": return .string(try pythonFormat(text, arguments))
        case "isdigit": return .bool(!text.isEmpty && text.allSatisfy(\.isNumber))
        case "isalpha": return .bool(!text.isEmpty && text.allSatisfy(\.isLetter))
        case "isalnum": return .bool(!text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber })
        case "isspace": return .bool(!text.isEmpty && text.allSatisfy(\.isWhitespace))
        case "islower": return .bool(text.contains(where: \.isLowercase) && !text.contains(where: \.isUppercase))
        case "isupper": return .bool(text.contains(where: \.isUppercase) && !text.contains(where: \.isLowercase))
        case "zfill":
            let width = first?.integer ?? 0
            guard text.count < width else { return .string(text) }
            let sign = text.first == "-" || text.first == "+" ? String(text.prefix(1)) : ""
            return .string(sign + String(repeating: "0", count: width - text.count) + text.dropFirst(sign.count))
        case "center", "ljust", "rjust":
            let width = first?.integer ?? 0
            let fill = arguments.value(1, "fillchar")?.stringValue ?? " "
            let padding = max(0, width - text.count)
            switch name {
            case "ljust": return .string(text + String(repeating: fill, count: padding))
            case "rjust": return .string(String(repeating: fill, count: padding) + text)
            default:
                // Python puts the odd space on the left when the width is odd.
                let left = padding / 2 + (padding & width & 1)
                return .string(String(repeating: fill, count: left) + text + String(repeating: fill, count: padding - left))
            }
        default:
            guard let separator = first?.stringValue, !separator.isEmpty else { throw TemplateRuntimeError(reason: "empty separator") }
            let range = name == "rpartition" ? text.range(of: separator, options: .backwards) : text.range(of: separator)
            guard let range else {
                return name == "rpartition" ? .tuple([.string(""), .string(""), .string(text)]) : .tuple([.string(text), .string(""), .string("")])
            }
            return .tuple([.string(String(text[..<range.lowerBound])), .string(separator), .string(String(text[range.upperBound...]))])
        }
    }

    /// Python's `str.title()`: a letter after a letter is made lower case, any other upper.
    static func pythonTitle(_ text: String) -> String {
        var result = ""
        var afterLetter = false
        for character in text {
            if character.isCased {
                result += afterLetter ? character.lowercased() : character.uppercased()
                afterLetter = true
            } else {
                result.append(character)
                afterLetter = false
            }
        }
        return result
    }

    /// Python's `str.split()`: on runs of whitespace without a separator, else on each one;
    /// at most `limit` times (`-1`: no limit), from the end for `rsplit`.
    static func pythonSplit(_ text: String, separator: String?, limit: Int, fromEnd: Bool) -> [String] {
        guard let separator else {
            var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
            if limit >= 0 {
                if fromEnd {
                    // Python keeps the leading spaces of what is left, as `split` keeps the trailing ones.
                    var rest = Substring(text)
                    var tail: [String] = []
                    for _ in 0..<limit {
                        while let last = rest.last, last.isWhitespace { rest = rest.dropLast() }
                        guard let space = rest.lastIndex(where: \.isWhitespace) else { break }
                        tail.insert(String(rest[rest.index(after: space)...]), at: 0)
                        rest = rest[..<space]
                    }
                    while let last = rest.last, last.isWhitespace { rest = rest.dropLast() }
                    return (rest.isEmpty ? [] : [String(rest)]) + tail
                }
                var rest = Substring(text).drop(while: \.isWhitespace)
                var head: [String] = []
                for _ in 0..<limit {
                    guard let space = rest.firstIndex(where: \.isWhitespace) else { break }
                    head.append(String(rest[..<space]))
                    rest = rest[space...].drop(while: \.isWhitespace)
                }
                words = head + (rest.isEmpty ? [] : [String(rest)])
            }
            return words
        }
        var parts = text.components(separatedBy: separator)
        if limit >= 0, parts.count > limit + 1 {
            if fromEnd {
                let kept = parts.suffix(limit)
                parts = [parts.dropLast(limit).joined(separator: separator)] + kept
            } else {
                parts = Array(parts.prefix(limit)) + [parts.dropFirst(limit).joined(separator: separator)]
            }
        }
        return parts
    }

    /// Python's `str.format()` for `{}`, `{0}`, `{name}`, `{name.key}` and `{{ }}`, with the
    /// format specs templates use: a width and alignment, and `.Nf`.
    static func pythonFormat(_ format: String, _ arguments: TemplateArguments) throws -> String {
        var result = ""
        var automatic = 0
        var characters = Array(format)
        var index = 0
        characters.append("\0")
        while index < characters.count - 1 {
            let character = characters[index]
            if character == "{", characters[index + 1] == "{" {
                result += "{"
                index += 2
                continue
            }
            if character == "}", characters[index + 1] == "}" {
                result += "}"
                index += 2
                continue
            }
            guard character == "{" else {
                result.append(character)
                index += 1
                continue
            }
            guard let close = characters[index...].firstIndex(of: "}") else { throw TemplateRuntimeError(reason: "Single '{' encountered in format string") }
            let field = String(characters[(index + 1)..<close])
            index = close + 1
            let (reference, spec) = field.firstIndex(of: ":").map { (String(field[..<$0]), String(field[field.index(after: $0)...])) } ?? (field, "")
            var path = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let head = path.removeFirst()
            var value: TemplateValue
            if head.isEmpty {
                guard automatic < arguments.positional.count else { throw TemplateRuntimeError(reason: "Replacement index \(automatic) out of range for positional args tuple") }
                value = arguments.positional[automatic]
                automatic += 1
            } else if let position = Int(head) {
                guard position < arguments.positional.count else { throw TemplateRuntimeError(reason: "Replacement index \(position) out of range for positional args tuple") }
                value = arguments.positional[position]
            } else {
                guard let named = arguments.keywords.first(where: { $0.0 == head })?.1 else { throw TemplateRuntimeError(reason: "'\(head)'") }
                value = named
            }
            for key in path {
                if case .dict(let map) = value, let inner = map[key] { value = inner } else { throw TemplateRuntimeError(reason: "'\(value.typeName)' object has no attribute '\(key)'") }
            }
            result += try formatSpec(value, spec)
        }
        return result
    }

    private static func formatSpec(_ value: TemplateValue, _ spec: String) throws -> String {
        guard !spec.isEmpty else { return value.pythonString }
        var spec = Substring(spec)
        var align: Character?
        var fill: Character = " "
        if spec.count >= 2, "<>^".contains(spec[spec.index(after: spec.startIndex)]) {
            fill = spec.first!
            align = spec[spec.index(after: spec.startIndex)]
            spec = spec.dropFirst(2)
        } else if let first = spec.first, "<>^".contains(first) {
            align = first
            spec = spec.dropFirst()
        }
        let width = Int(spec.prefix { $0.isNumber }) ?? 0
        spec = spec.drop { $0.isNumber }
        var text = value.pythonString
        if spec.hasPrefix("."), spec.hasSuffix("f"), let precision = Int(spec.dropFirst().dropLast()), let number = value.numeric {
            text = String(format: "%.\(precision)f", number)
        } else if spec == "d", let number = value.integer {
            text = String(number)
        } else if !spec.isEmpty {
            throw TemplateRuntimeError(reason: "Invalid format specifier '\(spec)'")
        }
        let padding = max(0, width - text.count)
        switch align ?? (value.numeric != nil && value.stringValue == nil ? ">" : "<") {
        case ">": return String(repeating: fill, count: padding) + text
        case "^": return String(repeating: fill, count: padding / 2) + text + String(repeating: fill, count: padding - padding / 2)
        default: return text + String(repeating: fill, count: padding)
        }
    }
}

extension TemplateValue {
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
