// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A value from `mkdocs.yml` whose shape Galley does not fix (`extra`, extension options),
/// after mkdocs' YAML tags have been resolved.
package indirect enum ConfigValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([ConfigValue])
    /// Keys in file order.
    case map([MapEntry])
    /// A `!!python/object/apply:` tag mkdocs would turn into a call when it loads the file:
    /// the function's dotted name and the node it would be given (`{kwds: {case: lower}}`).
    case pythonCall(function: String, arguments: ConfigValue)

    /// One key of a map.
    package struct MapEntry: Sendable, Equatable {
        package var key: String
        package var value: ConfigValue
        /// Where the key is.
        package var line: Int

        package init(key: String, value: ConfigValue, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The value of `key` in a map.
    package subscript(key: String) -> ConfigValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// A scalar as text.
    package var string: String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// A boolean, accepting YAML's and Python's spellings.
    package var bool: Bool? {
        switch self {
        case .bool(let flag): flag
        case .int(let number): number != 0
        case .string(let text): ["true", "yes", "on", "1"].contains(text.lowercased()) ? true
            : ["false", "no", "off", "0"].contains(text.lowercased()) ? false : nil
        default: nil
        }
    }

    /// A list, or a single scalar as a one-element list.
    package var list: [ConfigValue]? {
        switch self {
        case .list(let items): items
        case .null: []
        case .map: nil
        default: [self]
        }
    }

    /// The entries of a map.
    package var entries: [MapEntry]? {
        if case .map(let entries) = self { return entries }
        return nil
    }
}
