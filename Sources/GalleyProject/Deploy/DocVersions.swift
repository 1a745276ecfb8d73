// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

/// The versions published side by side on a deploy branch, in mike's `versions.json`: each
/// version's folder, its title and aliases (and mike's free-form properties). Galley reads and
/// writes exactly mike's format and rules, so a branch made by either tool is extended by the
/// other, and Material's version selector reads it.
package struct DocVersions: Sendable, Equatable {
    package struct Version: Sendable, Equatable {
        package var name: String
        package var title: String
        package var aliases: Set<String>
        /// mike's `properties`, kept as they were read.
        package var properties: JSONValue?
    }

    /// A version or alias mike would refuse, or a version file that is not mike's format.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    private(set) var byName: [String: Version] = [:]

    package init() {}

    /// Reads `versions.json`.
    package init(json: Data) throws(Problem) {
        guard let value = try? JSONValue.parse(json), case .array(let items) = value else {
            throw Problem(description: "versions.json is not a JSON array of versions")
        }
        for item in items {
            guard case .object(let fields) = item,
                  case .string(let name)? = fields.first(where: { $0.key == "version" })?.value,
                  case .array(let aliasValues)? = fields.first(where: { $0.key == "aliases" })?.value else {
                throw Problem(description: "versions.json has an entry without `version` and `aliases`")
            }
            var title = name
            if case .string(let text)? = fields.first(where: { $0.key == "title" })?.value { title = text }
            let aliases = aliasValues.compactMap { value -> String? in if case .string(let alias) = value { return alias } else { return nil } }
            try Self.check(name, "version")
            for alias in aliases { try Self.check(alias, "alias") }
            _ = try uniqueAliasOwners(for: name, aliases: Set(aliases), moving: false)
            byName[name] = Version(name: name, title: title, aliases: Set(aliases), properties: fields.first(where: { $0.key == "properties" })?.value)
        }
    }

    /// Newest first, as mike orders them: names that do not start with a digit (`main`, `dev`)
    /// before releases, each group by descending loose version.
    package var ordered: [Version] {
        byName.values.sorted { left, right in
            let (leftDevelopment, rightDevelopment) = (Self.isDevelopment(left.name), Self.isDevelopment(right.name))
            if leftDevelopment != rightDevelopment { return leftDevelopment }
            return LooseVersion(right.name) < LooseVersion(left.name)
        }
    }

    /// The version `identifier` names: itself, or the version that has it as an alias.
    package func find(_ identifier: String) -> (version: String, alias: String?)? {
        if byName[identifier] != nil { return (identifier, nil) }
        return byName.values.first { $0.aliases.contains(identifier) }.map { ($0.name, identifier) }
    }

    /// Adds `name` (or updates its title and adds aliases), as `mike deploy` does; returns
    /// the aliases that moved here from other versions. Without `updateAliases`, an alias
    /// another version has is refused, as mike refuses it.
    @discardableResult
    package mutating func add(_ name: String, title: String?, aliases: Set<String>, updateAliases: Bool) throws(Problem) -> [(version: String, alias: String)] {
        try Self.check(name, "version")
        for alias in aliases { try Self.check(alias, "alias") }
        if aliases.contains(name) { throw Problem(description: "`\(name)` is given as both the version and an alias") }
        let moved = try uniqueAliasOwners(for: name, aliases: aliases, moving: updateAliases)
        for (version, alias) in moved {
            byName[version]?.aliases.remove(alias)
        }
        if var existing = byName[name] {
            existing.title = title ?? existing.title
            existing.aliases.formUnion(aliases)
            byName[name] = existing
        } else {
            byName[name] = Version(name: name, title: title ?? name, aliases: aliases, properties: nil)
        }
        return moved
    }

    /// Removes versions or aliases; what each identifier removed (a version with its
    /// aliases, or one alias).
    package mutating func remove(_ identifiers: [String]) throws(Problem) -> [(version: String, alias: String?)] {
        var removed: [(version: String, alias: String?)] = []
        for identifier in identifiers {
            guard let found = find(identifier) else {
                throw Problem(description: "`\(identifier)` is neither a version nor an alias on the branch (published: \(ordered.map(\.name).joined(separator: ", ")))")
            }
            if let alias = found.alias {
                byName[found.version]?.aliases.remove(alias)
            }
            removed.append(found)
        }
        for entry in removed where entry.alias == nil {
            byName[entry.version] = nil
        }
        return removed
    }

    /// The aliases of `version`.
    package func aliases(of version: String) -> Set<String> { byName[version]?.aliases ?? [] }

    /// `versions.json` as mike writes it: Python's `json.dumps(indent=2)` and a newline.
    package var json: Data {
        let value = JSONValue.array(ordered.map { version in
            var fields: [(key: String, value: JSONValue)] = [
                ("version", .string(version.name)),
                ("title", .string(version.title)),
                ("aliases", .array(version.aliases.sorted().map { .string($0) })),
            ]
            if let properties = version.properties, properties != .null, properties != .object([]) {
                fields.append(("properties", properties))
            }
            return .object(fields)
        })
        return Data((value.pythonText(indent: 0) + "\n").utf8)
    }

    /// `identifier` is a folder name mike accepts: not empty, not `.` or `..`, no slashes.
    static func check(_ identifier: String, _ kind: String) throws(Problem) {
        if identifier.isEmpty || identifier == "." || identifier == ".." || identifier.contains("/") || identifier.contains("\\") {
            throw Problem(description: "`\(identifier)` is not a valid \(kind): a folder name, not empty, `.` or `..`, without slashes")
        }
    }

    private static func isDevelopment(_ name: String) -> Bool {
        var scalars = name.unicodeScalars[...]
        if scalars.first == "v" { scalars = scalars.dropFirst() }
        guard let first = scalars.first else { return true }
        return !("0"..."9").contains(first)
    }

    /// The (version, alias) pairs that hold `name` or one of `aliases` elsewhere, which move
    /// when `moving`; refused otherwise, with mike's reasons.
    private func uniqueAliasOwners(for name: String, aliases: Set<String>, moving: Bool) throws(Problem) -> [(version: String, alias: String)] {
        var moved: [(version: String, alias: String)] = []
        if let found = find(name), let alias = found.alias {
            guard moving else { throw Problem(description: "`\(name)` is already an alias of version \(found.version) (pass --update-aliases to make it a version of its own)") }
            moved.append((found.version, alias))
        }
        for alias in aliases.sorted() {
            guard let found = find(alias), found.version != name else { continue }
            guard found.alias != nil else { throw Problem(description: "alias `\(alias)` is already a version") }
            guard moving else { throw Problem(description: "alias `\(alias)` already belongs to version \(found.version) (pass --update-aliases to move it)") }
            moved.append((found.version, alias))
        }
        return moved
    }
}

/// mike's version order (verspec's `LooseVersion`, the key setuptools used before PEP 440):
/// the lowercased name is cut into runs of digits, runs of letters, `.` and `-`; numbers are
/// padded to compare numerically, `pre`/`preview`/`rc` read as `c` and `dev` as `@` (so they
/// sort before a release), trailing zeros of each numeric series are dropped, and a final
/// marker makes `1.0a` sort before `1.0`. Written here because no Swift package implements
/// this legacy scheme; tested against verspec itself.
package struct LooseVersion: Comparable, Sendable {
    package let key: [[UInt8]]

    package init(_ text: String) {
        var parts: [String] = []
        for part in Self.components(text.lowercased()) {
            if part.hasPrefix("*") {
                if part < "*final" {
                    while parts.last == "*final-" { parts.removeLast() }
                }
                while parts.last == "00000000" { parts.removeLast() }
            }
            parts.append(part)
        }
        key = parts.map { Array($0.utf8) }
    }

    package static func < (left: LooseVersion, right: LooseVersion) -> Bool {
        left.key.lexicographicallyPrecedes(right.key) { $0.lexicographicallyPrecedes($1) }
    }

    private static let replacements = ["pre": "c", "preview": "c", "-": "final-", "rc": "c", "dev": "@"]

    private static func components(_ text: String) -> [String] {
        enum Kind { case digits, letters, other }
        func kind(_ character: Character) -> Kind {
            if ("0"..."9").contains(character) { return .digits }
            if ("a"..."z").contains(character) { return .letters }
            return .other
        }
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "." || character == "-" {
                tokens.append(String(character))
                index = text.index(after: index)
                continue
            }
            let start = index
            let run = kind(character)
            while index < text.endIndex, text[index] != ".", text[index] != "-", kind(text[index]) == run {
                index = text.index(after: index)
            }
            tokens.append(String(text[start..<index]))
        }
        var result: [String] = []
        for token in tokens {
            let part = replacements[token] ?? token
            if part.isEmpty || part == "." { continue }
            if let first = part.first, ("0"..."9").contains(first) {
                result.append(String(repeating: "0", count: max(0, 8 - part.count)) + part)
            } else {
                result.append("*" + part)
            }
        }
        result.append("*final")
        return result
    }
}

/// A JSON value that keeps its objects' key order, so a file read and written again changes
/// only what was meant to change.
package indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    /// A number, `true`, `false`: the literal as written.
    case literal(String)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)), (.literal(let a), .literal(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Parses JSON text. YAML's flow style is a superset of JSON, and Yams keeps mapping
    /// order and each scalar's quoting, which is all this needs.
    static func parse(_ data: Data) throws -> JSONValue {
        guard let node = try Yams.compose(yaml: String(decoding: data, as: UTF8.self)) else { return .null }
        return try value(node)
    }

    private static func value(_ node: Node) throws -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .doubleQuoted || scalar.style == .singleQuoted { return .string(scalar.string) }
            return scalar.string == "null" ? .null : .literal(scalar.string)
        case .sequence(let sequence):
            return .array(try sequence.map(value))
        case .mapping(let mapping):
            return .object(try mapping.map { pair in (key: pair.key.string ?? "", value: try value(pair.value)) })
        case .alias:
            throw DocVersions.Problem(description: "not JSON")
        }
    }

    /// Python's `json.dumps(value, indent=2)` from nesting level `indent`: ASCII only,
    /// `, `-free item separators, `": "` between key and value.
    func pythonText(indent: Int) -> String {
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch self {
        case .string(let text): return Self.pythonQuoted(text)
        case .literal(let text): return text
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.pythonText(indent: indent + 1) }.joined(separator: ",\n") + "\n\(outer)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { inner + Self.pythonQuoted($0.key) + ": " + $0.value.pythonText(indent: indent + 1) }.joined(separator: ",\n") + "\n\(outer)}"
        }
    }

    /// A string as Python's `json.dumps` writes it with `ensure_ascii`: non-ASCII as `\uXXXX`
    /// (UTF-16 units, lowercase hex).
    private static func pythonQuoted(_ text: String) -> String {
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x08: result += "\\b"
            case 0x0C: result += "\\f"
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result + "\""
    }
}
