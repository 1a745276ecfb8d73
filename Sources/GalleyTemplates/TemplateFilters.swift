// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup

/// Jinja's built-in filters, and mkdocs' (`url`, `script_tag`), each with Jinja's arguments
/// and Python's results; a build can add its own (``TemplateEngine/init(directories:builtIn:options:filters:globals:)``).
enum TemplateFilters {
    typealias Filter = TemplateFilter

    static func isKnown(_ name: String, engine: TemplateEngine) -> Bool {
        engine.filters[name] != nil || builtIn[name] != nil
    }

    static func apply(_ name: String, to value: TemplateValue, _ arguments: TemplateArguments, context: TemplateFilterContext) throws -> TemplateValue {
        guard let filter = context.renderer.engine.filters[name] ?? builtIn[name] else { throw TemplateRuntimeError(reason: "No filter named '\(name)'.") }
        return try filter(value, arguments, context)
    }

    static func escapeHTML(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&#34;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Python's `str.replace(old, new, count)`.
    static func replace(_ text: String, _ old: String, _ new: String, count: Int) -> String {
        if old.isEmpty {
            // Python puts `new` between every character, and at both ends.
            var parts = text.map(String.init)
            if count >= 0, count < parts.count + 1 {
                let head = parts.prefix(count).map { new + $0 }.joined()
                parts = Array(parts.dropFirst(count))
                return head + parts.joined()
            }
            return new + parts.joined(separator: new) + new
        }
        guard count >= 0 else { return text.replacingOccurrences(of: old, with: new) }
        var result = ""
        var rest = Substring(text)
        var replaced = 0
        while replaced < count, let range = rest.range(of: old) {
            result += rest[..<range.lowerBound] + new
            rest = rest[range.upperBound...]
            replaced += 1
        }
        return result + rest
    }

    // MARK: Helpers

    private static func text(_ value: TemplateValue, _ context: TemplateFilterContext) throws -> String {
        try context.renderer.text(value)
    }

    private static func keepsMarkup(_ value: TemplateValue, _ text: String) -> TemplateValue {
        if case .markup = value { return .markup(text) }
        return .string(text)
    }

    private static func flag(_ arguments: TemplateArguments, _ index: Int, _ name: String, _ fallback: Bool = false) -> Bool {
        arguments.value(index, name)?.isTrue ?? fallback
    }

    private static func items(_ value: TemplateValue, _ context: TemplateFilterContext) throws -> [TemplateValue] {
        try context.renderer.iterate(value)
    }

    /// `attribute="a.b"` as Jinja's `make_attrgetter` reads it: dotted, numbers as indexes.
    private static func attributeGetter(_ path: TemplateValue?, _ context: TemplateFilterContext, default fallback: TemplateValue? = nil) -> ((TemplateValue) throws -> TemplateValue)? {
        guard let path, !path.isNone else { return nil }
        let parts: [String] = path.stringValue.map { $0.split(separator: ".").map(String.init) } ?? [path.pythonString]
        let engine = context.renderer.engine
        return { value in
            var current = value
            for part in parts {
                current = try TemplateMethods.item(current, Int(part).map { .int($0) } ?? .string(part), engine: engine)
                if current.isUndefined, let fallback { return fallback }
            }
            return current
        }
    }

    /// The key sorting and grouping compare: strings in lower case unless `caseSensitive`.
    private static func sortKey(_ value: TemplateValue, caseSensitive: Bool) -> TemplateValue {
        if !caseSensitive, let text = value.stringValue { return .string(text.lowercased()) }
        return value
    }

    private static func sorted(_ values: [TemplateValue], by key: (TemplateValue) throws -> TemplateValue, reverse: Bool) throws -> [TemplateValue] {
        let keyed = try values.map { (try key($0), $0) }
        var failure: TemplateRuntimeError?
        let result = keyed.enumerated().sorted { left, right in
            let (a, b) = (left.element.0, right.element.0)
            if let less = reverse ? b.pythonLess(a) : a.pythonLess(b) {
                if less { return true }
                if (reverse ? a.pythonLess(b) : b.pythonLess(a)) == true { return false }
                return left.offset < right.offset
            }
            failure = TemplateRuntimeError(reason: "'<' not supported between instances of '\(a.typeName)' and '\(b.typeName)'")
            return left.offset < right.offset
        }
        if let failure { throw failure }
        return result.map(\.element.1)
    }

    /// The test or filter a `select`, `reject` or `map` names, applied.
    private static func selecting(_ value: TemplateValue, _ arguments: TemplateArguments, _ context: TemplateFilterContext, byAttribute: Bool, keep: Bool) throws -> TemplateValue {
        var rest = arguments.positional
        var getter: (TemplateValue) throws -> TemplateValue = { $0 }
        if byAttribute {
            guard !rest.isEmpty, let attribute = attributeGetter(rest.removeFirst(), context) else { throw TemplateRuntimeError(reason: "Missing parameter for attribute name") }
            getter = attribute
        }
        let test = rest.isEmpty ? nil : rest.removeFirst().stringValue
        let testArguments = TemplateArguments(rest, keywords: arguments.keywords)
        return .list(try items(value, context).filter { item in
            let subject = try getter(item)
            let passes = try test.map { try TemplateTests.apply($0, to: subject, testArguments, renderer: context.renderer) } ?? subject.isTrue
            return passes == keep
        })
    }

    /// `value` with every map's keys sorted, as Python's `pprint` writes them.
    private static func sortedMaps(_ value: TemplateValue) -> TemplateValue {
        switch value {
        case .dict(let map): return .dict(TemplateDict(map.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.map { ($0, sortedMaps(map[$0]!)) }))
        case .list(let items): return .list(items.map(sortedMaps))
        case .tuple(let items, let names): return .tuple(items.map(sortedMaps), names: names)
        default: return value
        }
    }

    // MARK: The filters

    static let builtIn: [String: Filter] = {
        var filters: [String: Filter] = [:]
        filters["abs"] = { value, _, _ in
            switch value {
            case .int(let number): return .int(abs(number))
            case .double(let number): return .double(abs(number))
            case .bool(let flag): return .int(flag ? 1 : 0)
            default: throw TemplateRuntimeError(reason: "bad operand type for abs(): '\(value.typeName)'")
            }
        }
        filters["attr"] = { value, arguments, context in
            guard let name = arguments.value(0, "name")?.stringValue else { return .undefined(TemplateUndefined(name: nil, owner: value.typeName, key: "")) }
            if case .dict = value, !["items", "keys", "values", "get", "copy"].contains(name) {
                return .undefined(TemplateUndefined(name: nil, owner: value.typeName, key: name))
            }
            return try TemplateMethods.attribute(value, name, engine: context.renderer.engine)
        }
        filters["batch"] = { value, arguments, context in
            let size = arguments.value(0, "linecount")?.integer ?? 1
            guard size > 0 else { throw TemplateRuntimeError(reason: "batch size must be positive") }
            let fill = arguments.value(1, "fill_with")
            let all = try items(value, context)
            return .list(stride(from: 0, to: all.count, by: size).map { start in
                var row = Array(all[start..<min(start + size, all.count)])
                if let fill, !fill.isNone { while row.count < size { row.append(fill) } }
                return .list(row)
            })
        }
        filters["capitalize"] = { value, _, context in
            let string = try text(value, context)
            return keepsMarkup(value, string.prefix(1).uppercased() + string.dropFirst().lowercased())
        }
        filters["center"] = { value, arguments, context in
            let string = try text(value, context)
            let width = arguments.value(0, "width")?.integer ?? 80
            let padding = max(0, width - string.count)
            let left = padding / 2 + (padding & width & 1)
            return .string(String(repeating: " ", count: left) + string + String(repeating: " ", count: padding - left))
        }
        let defaultFilter: Filter = { value, arguments, _ in
            let fallback = arguments.value(0, "default_value") ?? .string("")
            if value.isUndefined || (flag(arguments, 1, "boolean") && !value.isTrue) { return fallback }
            return value
        }
        filters["default"] = defaultFilter
        filters["d"] = defaultFilter
        filters["dictsort"] = { value, arguments, _ in
            guard case .dict(let map) = value else { throw TemplateRuntimeError(reason: "dictsort needs a mapping") }
            let caseSensitive = flag(arguments, 0, "case_sensitive")
            let byValue = arguments.value(1, "by")?.stringValue == "value"
            let pairs = map.entries.map { TemplateValue.tuple([.string($0.key), $0.value]) }
            return .list(try sorted(pairs, by: { pair in sortKey(pair.sequence![byValue ? 1 : 0], caseSensitive: caseSensitive) }, reverse: flag(arguments, 2, "reverse")))
        }
        let escape: Filter = { value, _, context in
            if case .markup = value { return value }
            return .markup(escapeHTML(try text(value, context)))
        }
        filters["escape"] = escape
        filters["e"] = escape
        filters["forceescape"] = { value, _, context in .markup(escapeHTML(try text(value, context))) }
        filters["filesizeformat"] = { value, arguments, _ in
            let bytes = value.numeric ?? Double(value.stringValue ?? "") ?? 0
            let binary = flag(arguments, 0, "binary")
            let base: Double = binary ? 1024 : 1000
            let prefixes = binary ? ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"] : ["kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"]
            if bytes == 1 { return .string("1 Byte") }
            if bytes < base { return .string("\(Int(bytes)) Bytes") }
            var unit = base
            for (index, prefix) in prefixes.enumerated() {
                unit = pow(base, Double(index + 2))
                if bytes < unit { return .string(String(format: "%.1f %@", base * bytes / unit, prefix)) }
            }
            return .string(String(format: "%.1f %@", base * bytes / unit, prefixes.last!))
        }
        filters["first"] = { value, _, context in
            try items(value, context).first ?? .undefined(TemplateUndefined(name: "No first item, sequence was empty.", owner: nil, key: nil))
        }
        filters["last"] = { value, _, context in
            try items(value, context).last ?? .undefined(TemplateUndefined(name: "No last item, sequence was empty.", owner: nil, key: nil))
        }
        filters["float"] = { value, arguments, _ in
            let fallback = arguments.value(0, "default") ?? .double(0)
            if let number = value.numeric { return .double(number) }
            if let text = value.stringValue, let number = Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")) { return .double(number) }
            return fallback
        }
        filters["int"] = { value, arguments, _ in
            let fallback = arguments.value(0, "default") ?? .int(0)
            let base = arguments.value(1, "base")?.integer ?? 10
            switch value {
            case .int, .bool: return .int(value.integer!)
            case .double(let number): return number.isFinite ? .int(Int(number)) : fallback
            case .string(let string), .markup(let string):
                let trimmed = string.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
                if let number = Int(trimmed, radix: base) { return .int(number) }
                var digits = trimmed.lowercased()
                for prefix in ["0x", "0o", "0b"] where digits.hasPrefix(prefix) { digits.removeFirst(2) }
                if base != 10, let number = Int(digits, radix: base) { return .int(number) }
                if let number = Double(trimmed), number.isFinite { return .int(Int(number)) }
                return fallback
            default: return fallback
            }
        }
        filters["format"] = { value, arguments, context in
            let format = try text(value, context)
            if !arguments.keywords.isEmpty {
                return .string(try TemplateOperators.percentFormat(format, .dict(TemplateDict(arguments.keywords))))
            }
            return .string(try TemplateOperators.percentFormat(format, .tuple(arguments.positional)))
        }
        filters["groupby"] = { value, arguments, context in
            let caseSensitive = flag(arguments, 2, "case_sensitive")
            guard let getter = attributeGetter(arguments.value(0, "attribute"), context, default: arguments.value(1, "default")) else {
                throw TemplateRuntimeError(reason: "groupby needs an attribute")
            }
            let sortedItems = try sorted(try items(value, context), by: { sortKey(try getter($0), caseSensitive: caseSensitive) }, reverse: false)
            var groups: [(TemplateValue, TemplateValue, [TemplateValue])] = []
            for item in sortedItems {
                let key = try getter(item)
                let compared = sortKey(key, caseSensitive: caseSensitive)
                if let last = groups.last, last.1.pythonEquals(compared) {
                    groups[groups.count - 1].2.append(item)
                } else {
                    groups.append((key, compared, [item]))
                }
            }
            return .list(groups.map { .tuple([$0.0, .list($0.2)], names: ["grouper", "list"]) })
        }
        filters["indent"] = { value, arguments, context in
            let width = arguments.value(0, "width") ?? .int(4)
            let indentation = width.stringValue ?? String(repeating: " ", count: width.integer ?? 4)
            let first = flag(arguments, 1, "first")
            let blank = flag(arguments, 2, "blank")
            let string = try text(value, context) + "\n"
            let lines = string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropLast().map(String.init)
            var result: String
            if blank {
                result = lines.joined(separator: "\n" + indentation)
            } else {
                result = lines.first ?? ""
                if lines.count > 1 {
                    result += "\n" + lines.dropFirst().map { $0.isEmpty ? $0 : indentation + $0 }.joined(separator: "\n")
                }
            }
            if first { result = indentation + result }
            return keepsMarkup(value, result)
        }
        filters["items"] = { value, _, _ in
            switch value {
            case .dict(let map): return .list(map.entries.map { .tuple([.string($0.key), $0.value]) })
            case .undefined: return .list([])
            default: throw TemplateRuntimeError(reason: "Can only get item pairs from a mapping.")
            }
        }
        filters["join"] = { value, arguments, context in
            let separator = arguments.value(0, "d").map { try? text($0, context) } ?? ""
            let getter = attributeGetter(arguments.value(1, "attribute"), context)
            var anyMarkup = false
            let parts = try items(value, context).map { item -> String in
                let part = try getter?(item) ?? item
                if case .markup = part { anyMarkup = true }
                return try text(part, context)
            }
            let joined = parts.joined(separator: separator ?? "")
            return anyMarkup && context.renderer.engine.options.autoescape ? .markup(joined) : .string(joined)
        }
        let length: Filter = { value, _, _ in
            switch value {
            case .string(let text), .markup(let text): return .int(text.count)
            case .list(let items), .tuple(let items, _), .object(let items, _): return .int(items.count)
            case .dict(let map): return .int(map.count)
            case .undefined: return .int(0)
            default: throw TemplateRuntimeError(reason: "object of type '\(value.typeName)' has no len()")
            }
        }
        filters["length"] = length
        filters["count"] = length
        filters["list"] = { value, _, context in .list(try items(value, context)) }
        filters["lower"] = { value, _, context in keepsMarkup(value, try text(value, context).lowercased()) }
        filters["upper"] = { value, _, context in keepsMarkup(value, try text(value, context).uppercased()) }
        filters["map"] = { value, arguments, context in
            let all = try items(value, context)
            if let getter = attributeGetter(arguments.value(-1, "attribute"), context, default: arguments.keywords.first { $0.0 == "default" }?.1) {
                return .list(try all.map(getter))
            }
            guard let name = arguments.positional.first?.stringValue else { throw TemplateRuntimeError(reason: "map requires a filter argument") }
            let rest = TemplateArguments(Array(arguments.positional.dropFirst()), keywords: arguments.keywords)
            return .list(try all.map { try apply(name, to: $0, rest, context: context) })
        }
        let extreme: (Bool) -> Filter = { largest in
            { value, arguments, context in
                let caseSensitive = flag(arguments, 0, "case_sensitive")
                let getter = attributeGetter(arguments.value(1, "attribute"), context) ?? { $0 }
                let all = try sorted(try items(value, context), by: { sortKey(try getter($0), caseSensitive: caseSensitive) }, reverse: largest)
                return all.first ?? .undefined(TemplateUndefined(name: "No aggregated item, sequence was empty.", owner: nil, key: nil))
            }
        }
        filters["min"] = extreme(false)
        filters["max"] = extreme(true)
        filters["pprint"] = { value, _, _ in .string(sortedMaps(value).pythonRepr) }
        filters["reject"] = { value, arguments, context in try selecting(value, arguments, context, byAttribute: false, keep: false) }
        filters["select"] = { value, arguments, context in try selecting(value, arguments, context, byAttribute: false, keep: true) }
        filters["rejectattr"] = { value, arguments, context in try selecting(value, arguments, context, byAttribute: true, keep: false) }
        filters["selectattr"] = { value, arguments, context in try selecting(value, arguments, context, byAttribute: true, keep: true) }
        filters["replace"] = { value, arguments, context in
            guard let old = arguments.value(0, "old"), let new = arguments.value(1, "new") else { throw TemplateRuntimeError(reason: "replace needs the old and the new text") }
            let result = replace(try text(value, context), try text(old, context), try text(new, context), count: arguments.value(2, "count")?.integer ?? -1)
            return keepsMarkup(value, result)
        }
        filters["reverse"] = { value, _, context in
            if let string = value.stringValue { return keepsMarkup(value, String(string.reversed())) }
            return .list(try items(value, context).reversed())
        }
        filters["round"] = { value, arguments, _ in
            guard let number = value.numeric else { throw TemplateRuntimeError(reason: "type \(value.typeName) doesn't define __round__ method") }
            let precision = arguments.value(0, "precision")?.integer ?? 0
            let method = arguments.value(1, "method")?.stringValue ?? "common"
            let scale = pow(10, Double(precision))
            switch method {
            case "common": return .double((number * scale).rounded(.toNearestOrEven) / scale)
            case "ceil": return .double((number * scale).rounded(.up) / scale)
            case "floor": return .double((number * scale).rounded(.down) / scale)
            default: throw TemplateRuntimeError(reason: "method must be common, ceil or floor")
            }
        }
        filters["safe"] = { value, _, context in
            if case .markup = value { return value }
            return .markup(try text(value, context))
        }
        filters["slice"] = { value, arguments, context in
            let all = try items(value, context)
            let count = arguments.value(0, "slices")?.integer ?? 1
            guard count > 0 else { throw TemplateRuntimeError(reason: "slices must be positive") }
            let fill = arguments.value(1, "fill_with")
            let perSlice = all.count / count
            let withExtra = all.count % count
            var offset = 0
            var result: [TemplateValue] = []
            for index in 0..<count {
                let start = offset + index * perSlice
                if index < withExtra { offset += 1 }
                let end = offset + (index + 1) * perSlice
                var part = Array(all[min(start, all.count)..<min(end, all.count)])
                if let fill, !fill.isNone, index >= withExtra { part.append(fill) }
                result.append(.list(part))
            }
            return .list(result)
        }
        filters["sort"] = { value, arguments, context in
            let reverse = flag(arguments, 0, "reverse")
            let caseSensitive = flag(arguments, 1, "case_sensitive")
            // `attribute="a,b"`: sorted by `a`, then `b`.
            let getters = arguments.value(2, "attribute")?.stringValue?.split(separator: ",").compactMap { attributeGetter(.string(String($0)), context) }
            let getter: (TemplateValue) throws -> TemplateValue = getters.map { list in { item in .list(try list.map { try sortKey($0(item), caseSensitive: caseSensitive) }) } } ?? { $0 }
            return .list(try sorted(try items(value, context), by: { sortKey(try getter($0), caseSensitive: caseSensitive) }, reverse: reverse))
        }
        filters["string"] = { value, _, context in
            if case .markup = value { return value }
            return .string(try text(value, context))
        }
        filters["striptags"] = { value, _, context in
            var string = try text(value, context)
            string = string.replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
            string = string.replacingOccurrences(of: "<[\\s\\S]*?>", with: "", options: .regularExpression)
            return .markup(HTMLEntities.unescape(string.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")))
        }
        filters["sum"] = { value, arguments, context in
            let getter = attributeGetter(arguments.value(0, "attribute"), context) ?? { $0 }
            var total = arguments.value(1, "start") ?? .int(0)
            for item in try items(value, context) {
                total = try TemplateOperators.binary("+", total, try getter(item), renderer: context.renderer)
            }
            return total
        }
        filters["title"] = { value, _, context in
            // Jinja's own rule, not Python's `str.title()`: words start after spaces, hyphens
            // and opening brackets.
            var result = ""
            var atStart = true
            for character in try text(value, context) {
                if character.isWhitespace || "-({[<".contains(character) {
                    result.append(character)
                    atStart = true
                } else {
                    result += atStart ? character.uppercased() : character.lowercased()
                    atStart = false
                }
            }
            return keepsMarkup(value, result)
        }
        filters["tojson"] = { value, arguments, _ in
            let indent = arguments.value(0, "indent")?.integer
            return .markup(try PythonJSON.encode(value, indent: indent, htmlSafe: true))
        }
        filters["trim"] = { value, arguments, context in
            let string = try text(value, context)
            let characters = arguments.value(0, "chars")?.stringValue
            let test: (Character) -> Bool = characters.map { set in { set.contains($0) } } ?? { $0.isWhitespace }
            return keepsMarkup(value, String(string.drop(while: test).reversed().drop(while: test).reversed()))
        }
        filters["truncate"] = { value, arguments, context in
            let string = try text(value, context)
            let length = arguments.value(0, "length")?.integer ?? 255
            let killWords = flag(arguments, 1, "killwords")
            let end = arguments.value(2, "end")?.stringValue ?? "..."
            let leeway = arguments.value(3, "leeway")?.integer ?? 5
            guard length >= end.count else { throw TemplateRuntimeError(reason: "expected length >= \(end.count), got \(length)") }
            guard leeway >= 0 else { throw TemplateRuntimeError(reason: "expected leeway >= 0, got \(leeway)") }
            if string.count <= length + leeway { return .string(string) }
            let head = String(string.prefix(length - end.count))
            if killWords { return .string(head + end) }
            let cut = head.range(of: " ", options: .backwards).map { String(head[..<$0.lowerBound]) } ?? head
            return .string(cut + end)
        }
        filters["unique"] = { value, arguments, context in
            let caseSensitive = flag(arguments, 0, "case_sensitive")
            let getter = attributeGetter(arguments.value(1, "attribute"), context) ?? { $0 }
            var seen: Set<String> = []
            var result: [TemplateValue] = []
            for item in try items(value, context) where seen.insert(sortKey(try getter(item), caseSensitive: caseSensitive).hashKey).inserted {
                result.append(item)
            }
            return .list(result)
        }
        filters["urlencode"] = { value, _, context in
            if case .dict(let map) = value {
                return .string(try map.entries.map { "\(URLQuoting.quote($0.key, forQuery: true))=\(URLQuoting.quote(try text($0.value, context), forQuery: true))" }.joined(separator: "&"))
            }
            if let pairs = value.sequence {
                return .string(try pairs.map { pair in
                    let parts = try items(pair, context)
                    guard parts.count == 2 else { throw TemplateRuntimeError(reason: "urlencode needs pairs") }
                    return "\(URLQuoting.quote(try text(parts[0], context), forQuery: true))=\(URLQuoting.quote(try text(parts[1], context), forQuery: true))"
                }.joined(separator: "&"))
            }
            return .string(URLQuoting.quote(try text(value, context), forQuery: false))
        }
        filters["wordcount"] = { value, _, context in
            let string = try text(value, context)
            var count = 0
            var inWord = false
            for character in string {
                let isWord = character.isLetter || character.isNumber || character == "_"
                if isWord, !inWord { count += 1 }
                inWord = isWord
            }
            return .int(count)
        }
        filters["xmlattr"] = { value, arguments, context in
            guard case .dict(let map) = value else { throw TemplateRuntimeError(reason: "xmlattr needs a mapping") }
            var parts: [String] = []
            for (key, item) in map.entries where !item.isNone && !item.isUndefined {
                guard !key.contains(where: { $0.isWhitespace || "/>=".contains($0) }) else { throw TemplateRuntimeError(reason: "Invalid character in attribute name: '\(key)'") }
                parts.append("\(escapeHTML(key))=\"\(escapeHTML(try text(item, context)))\"")
            }
            let joined = parts.joined(separator: " ")
            return .markup(flag(arguments, 0, "autospace", true) && !joined.isEmpty ? " " + joined : joined)
        }
        return filters
    }()
}
