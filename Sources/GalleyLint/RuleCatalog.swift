// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Every rule mdl 0.12.0 ships, ordered by id.
package enum RuleCatalog {
    package static let all: [Rule] = (Rule.headerRules + Rule.listRules + Rule.whitespaceRules + Rule.inlineRules + Rule.codeRules)
        .sorted { $0.id < $1.id }

    package static func rule(_ idOrAlias: String) -> Rule? {
        all.first { $0.id == idOrAlias || $0.aliases.contains(idOrAlias) }
    }
}
