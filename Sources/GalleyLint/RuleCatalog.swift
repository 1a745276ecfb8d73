/// Every rule mdl 0.12.0 ships, ordered by id.
public enum RuleCatalog {
    public static let all: [Rule] = (Rule.headerRules + Rule.listRules + Rule.whitespaceRules + Rule.inlineRules + Rule.codeRules)
        .sorted { $0.id < $1.id }

    public static func rule(_ idOrAlias: String) -> Rule? {
        all.first { $0.id == idOrAlias || $0.aliases.contains(idOrAlias) }
    }
}
