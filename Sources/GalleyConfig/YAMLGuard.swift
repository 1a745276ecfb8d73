// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import Yams

/// Checks on composed YAML before anything reads it: aliases that expand without bound (the
/// "billion laughs" document) and tags mkdocs' loader would reject.
package enum YAMLGuard {
    /// How many nodes a document may expand to through aliases; real configs have hundreds.
    package static let nodeLimit = 200_000

    /// Why a document was refused, and the node where.
    package struct Refusal: Error {
        package var message: String
        package var mark: Mark?
        /// Whether the document expands past ``nodeLimit`` (else: an unknown tag).
        package var tooLarge: Bool
    }

    /// Walks `node` as its readers will (aliases expanded), counting against `budget` and
    /// checking each tag with `allowsTag`. Stops at the first problem.
    package static func check(_ node: Node, budget: inout Int, allowsTag: (String) -> Bool) throws(Refusal) {
        budget -= 1
        guard budget >= 0 else {
            throw Refusal(message: "this value expands to more than \(nodeLimit) values through YAML aliases, so it is refused", mark: node.mark, tooLarge: true)
        }
        let tag = node.tag.rawValue
        guard allowsTag(tag) else {
            throw Refusal(message: "unknown YAML tag `\(tag)`", mark: node.mark, tooLarge: false)
        }
        switch node {
        case .scalar, .alias:
            return
        case .sequence(let sequence):
            for item in sequence { try check(item, budget: &budget, allowsTag: allowsTag) }
        case .mapping(let mapping):
            for (key, value) in mapping {
                try check(key, budget: &budget, allowsTag: allowsTag)
                try check(value, budget: &budget, allowsTag: allowsTag)
            }
        }
    }

    /// Tags mkdocs' YAML loader accepts: the standard ones, `!ENV`, `!relative`, and Python
    /// objects and names (which mkdocs' full loader builds).
    package static func mkdocsAllows(_ tag: String) -> Bool {
        if tag.isEmpty || tag == "?" || tag == "!" || tag == "!ENV" || tag == "!relative" { return true }
        if tag.hasPrefix("tag:yaml.org,2002:") {
            let name = tag.dropFirst("tag:yaml.org,2002:".count)
            return name.hasPrefix("python/") || ["str", "int", "float", "bool", "null", "map", "seq", "omap", "set", "pairs", "binary", "timestamp", "merge", "value"].contains(String(name))
        }
        return false
    }
}

/// mkdocs (PyYAML) takes the last of two equal keys in one mapping; Yams refuses the whole
/// document. This finds such keys in block mappings by indentation and blanks the earlier
/// entries (lines are kept, so every line number stays true), so the document reads as
/// PyYAML reads it. It runs only after Yams has reported a duplicate.
enum DuplicateKeys {
    /// The text with earlier duplicates blanked, and the line (1-based) and name of each later one.
    static func resolve(_ text: String) -> (text: String, duplicates: [(line: Int, key: String)]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        struct Level { var indent: Int; var seen: [String: Int] }
        var levels: [Level] = []
        var blanked: [(from: Int, indent: Int)] = []
        var duplicates: [(line: Int, key: String)] = []
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            var rest = line.dropFirst(indent)
            if rest.isEmpty || rest.hasPrefix("#") { continue }
            var keyIndent = indent
            if rest.hasPrefix("- ") {
                levels.removeAll { $0.indent > indent }
                rest = rest.dropFirst(2)
                keyIndent = indent + 2 + rest.prefix { $0 == " " }.count
                rest = rest.drop { $0 == " " }
            }
            levels.removeAll { $0.indent > keyIndent }
            guard let key = Self.key(rest) else { continue }
            if levels.last?.indent != keyIndent || line.dropFirst(indent).hasPrefix("- ") {
                levels.removeAll { $0.indent >= keyIndent }
                levels.append(Level(indent: keyIndent, seen: [:]))
            }
            if let earlier = levels[levels.count - 1].seen[key] {
                blanked.append((earlier, keyIndent))
                duplicates.append((index + 1, key))
            }
            levels[levels.count - 1].seen[key] = index
        }
        for (from, indent) in blanked {
            lines[from] = ""
            var next = from + 1
            while next < lines.count {
                let line = lines[next]
                let trimmed = line.drop { $0 == " " }
                if !trimmed.isEmpty && !trimmed.hasPrefix("#") && line.count - trimmed.count <= indent { break }
                lines[next] = ""
                next += 1
            }
        }
        return (lines.joined(separator: "\n"), duplicates)
    }

    /// The key of a `key: value` or `key:` line, plain or quoted.
    private static func key(_ text: Substring) -> String? {
        if let quote = text.first, quote == "\"" || quote == "'" {
            guard let end = text.dropFirst().firstIndex(of: quote) else { return nil }
            let after = text[text.index(after: end)...]
            guard after.hasPrefix(":") else { return nil }
            return String(text[text.index(after: text.startIndex)..<end])
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let after = text[text.index(after: colon)...]
        guard after.isEmpty || after.hasPrefix(" ") else { return nil }
        let key = text[..<colon]
        guard !key.isEmpty, !key.contains("{"), !key.contains("["), !key.hasPrefix("&"), !key.hasPrefix("*") else { return nil }
        return String(key)
    }
}
