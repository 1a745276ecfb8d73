// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

/// A page's YAML front matter as typed values (lists, maps, booleans and numbers as PyYAML
/// types them), for what reads it as data rather than as page settings: mkdocs-macros gives
/// each key to the page's template as a variable.
package enum FrontMatterValues {
    /// The keys of the front matter `source` starts with, in file order; empty when it has
    /// none or it is not a YAML map (the Markdown stage reports bad front matter).
    package static func read(_ source: String, file: String) -> [ConfigValue.MapEntry] {
        guard source.hasPrefix("---") else { return [] }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) })
        else { return [] }
        let yaml = lines[1..<end].joined(separator: "\n")
        guard let node = try? Yams.compose(yaml: yaml, .basic) else { return [] }
        var budget = YAMLGuard.nodeLimit
        guard (try? YAMLGuard.check(node, budget: &budget, allowsTag: YAMLGuard.mkdocsAllows)) != nil else { return [] }
        return ConfigReader(file: file, environment: [:]).value(node).entries ?? []
    }
}
