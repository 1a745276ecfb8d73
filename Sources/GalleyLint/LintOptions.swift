// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// What a lint run does: mdl's options, from the command line over `.mdlrc`.
package struct LintOptions: Sendable {
    /// A built-in style's name or a style file's path.
    package var style = "default"
    /// `--rules`: ids or aliases to keep, and (`~` prefixed) to drop.
    package var rules: (include: [String], exclude: [String])?
    /// `--tags`, the same for tags.
    package var tags: (include: [String], exclude: [String])?
    package var ignoreFrontMatter = false
    /// With `ignoreFrontMatter`: only a YAML block at the top is front matter and reported
    /// lines are the file's (what the build's lint wants), instead of mdl's way.
    package var leadingFrontMatterOnly = false
    package var showAliases = false
    package var json = false
    /// Read container bodies (`!!!`, `???`, `===`) as Markdown.
    package var mkdocs = false
    /// What relative file and style paths are relative to; the current directory if nil.
    package var directory: String?
    /// `-d`: leave out mdl's own rules (only rule files given with `-u` would run, which
    /// need Ruby).
    package var skipDefaultRuleset = false
    /// `-g`: a directory means the Markdown files git tracks below it.
    package var gitRecurse = false
    /// `-w`: mdl shows kramdown's parser warnings; Galley does not reproduce them.
    package var showKramdownWarnings = false
    /// `list_rules true` in `.mdlrc`: list the enabled rules and stop, as `-l` does.
    package var listRules = false
    /// `rulesets` in `.mdlrc`: Ruby rule files mdl would load (Galley does not run Ruby), and
    /// where the setting is.
    package var rulesets: (files: [String], location: SourceLocation)?
    /// What `.mdlrc` said that mdl ignores (a key it does not know): warnings at their lines.
    package var settingsWarnings: [Diagnostic] = []

    package init() {}

    /// `MD001,~MD002` into what to keep and what to drop.
    package static func toggleList(_ text: String) -> (include: [String], exclude: [String]) {
        let parts = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return split(parts)
    }

    /// A string is split at commas; an array's items are taken as they are (mdl's `toggle_list`).
    static func toggleList(_ value: ParameterValue) -> (include: [String], exclude: [String]) {
        if case .list(let items) = value { return split(items.map(\.text)) }
        return toggleList(value.text)
    }

    private static func split(_ parts: [String]) -> (include: [String], exclude: [String]) {
        return (parts.filter { !$0.hasPrefix("~") }, parts.filter { $0.hasPrefix("~") }.map { String($0.dropFirst()) })
    }

    /// Applies an `.mdlrc` (mdl's configuration file, the same Ruby one-liners:
    /// `style 'path'`, `rules 'MD001,~MD013'`, `tags ...`, `ignore_front_matter true`, ...).
    package mutating func apply(mdlrc text: String, file: String) throws(DiagnosticError) {
        for statement in try RubyStatement.parse(text, file: file) {
            let location = SourceLocation(file: file, line: statement.line, column: statement.column)
            // Several values are an array, as Ruby's configuration object stores them.
            guard let first = statement.arguments.first else {
                throw DiagnosticError(at: location, "`\(statement.name)` needs a value", code: LintCodes.config)
            }
            let value = statement.arguments.count == 1 ? first : .list(statement.arguments)
            if case .list = value, !["rules", "tags", "rulesets"].contains(statement.name) {
                throw DiagnosticError(at: location, "`\(statement.name)` takes one value", code: LintCodes.config)
            }
            switch statement.name {
            case "style": style = value.text
            case "rules": rules = Self.toggleList(value)
            case "tags": tags = Self.toggleList(value)
            case "ignore_front_matter": ignoreFrontMatter = value == .boolean(true)
            case "show_aliases": showAliases = value == .boolean(true)
            case "json": json = value == .boolean(true)
            case "git_recurse": gitRecurse = value == .boolean(true)
            case "show_kramdown_warnings": showKramdownWarnings = value == .boolean(true)
            case "skip_default_ruleset": skipDefaultRuleset = value == .boolean(true)
            case "list_rules": listRules = value == .boolean(true)
            case "rulesets":
                let files = if case .list(let items) = value { items.map(\.text) } else { [value.text] }
                rulesets = (files, location)
            case "verbose": continue
            default:
                // mdl's configuration takes any key and ignores those it does not read; so
                // does this, but says so.
                settingsWarnings.append(Diagnostic(.warning, at: location, "`\(statement.name)` is not an mdl setting; mdl ignores it, and so does galley lint", code: LintCodes.config))
            }
        }
    }

    /// The rules that run, each with its parameters, in id order.
    /// `path` against `directory`.
    package func resolve(_ path: String) -> String {
        guard let directory, !path.hasPrefix("/") else { return path }
        return directory + "/" + path
    }

    package func selectedRules() throws(DiagnosticError) -> [(Rule, RuleParameters)] {
        try selection().rules
    }

    /// The rules that run, with the warnings their style file gave.
    func selection() throws(DiagnosticError) -> (rules: [(Rule, RuleParameters)], warnings: [Diagnostic]) {
        let style = try LintStyle.load(style, relativeTo: directory)
        var selected = RuleCatalog.all.filter { style.enabled.contains($0.id) }
        if let rules {
            if !rules.include.isEmpty { selected.removeAll { rule in !rules.include.contains(rule.id) && Set(rule.aliases).isDisjoint(with: rules.include) } }
            if !rules.exclude.isEmpty { selected.removeAll { rule in rules.exclude.contains(rule.id) || !Set(rule.aliases).isDisjoint(with: rules.exclude) } }
        }
        if let tags {
            if !tags.include.isEmpty { selected.removeAll { Set($0.tags).isDisjoint(with: tags.include) } }
            if !tags.exclude.isEmpty { selected.removeAll { !Set($0.tags).isDisjoint(with: tags.exclude) } }
        }
        return (selected.map { ($0, style.parameters(for: $0)) }, style.warnings)
    }
}
