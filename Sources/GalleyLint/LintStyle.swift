// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// Which rules run and with which parameters: mdl's style files (`.markdownlint.rb`), read
/// statement by statement: `all`, `rule`, `exclude_rule`, `tag`, `exclude_tag`.
package struct LintStyle: Sendable {
    /// Enabled rule ids.
    package var enabled: Set<String> = []
    /// Parameters set by the style, by rule id.
    package var parameters: [String: [String: ParameterValue]] = [:]
    /// Parameters a rule does not have: mdl ignores them silently; Galley ignores them too
    /// and says so on standard error (`file:line:col: warning: …`).
    package var warnings: [Diagnostic] = []

    package init() {}

    /// The styles mdl ships, by name.
    static let builtIn: [String: String] = [
        "default": "all\nexclude_rule 'MD040'\nexclude_rule 'MD041'\n",
        "all": "all\n",
        "relaxed": "all\nexclude_tag :whitespace\nexclude_tag :line_length\n"
            + ["MD006", "MD007", "MD033", "MD034", "MD040", "MD041", "MD047"].map { "exclude_rule '\($0)'\n" }.joined(),
        "cirosantilli": "all\nrule 'MD003', :style => :atx\nrule 'MD004', :style => :dash\nrule 'MD007', :indent => 4\n"
            + "rule 'MD030', :ul_multi => 3, :ol_multi => 2\nrule 'MD035', :style => '---'\nexclude_rule 'MD033'\nexclude_rule 'MD047'\n",
    ]

    /// Loads `name`: a built-in style's name, or a path (containing `/` or ending `.rb`, as
    /// mdl requires).
    package static func load(_ name: String, relativeTo directory: String? = nil) throws(DiagnosticError) -> LintStyle {
        if !name.contains("/") && !name.hasSuffix(".rb") {
            guard let text = builtIn[name] else {
                throw DiagnosticError(at: SourceLocation(file: name), "`\(name)` is not a built-in style (default, all, relaxed, cirosantilli); a style file's path must contain `/` or end in `.rb`", code: LintCodes.style)
            }
            return try parse(text, file: name)
        }
        let path = directory.map { name.hasPrefix("/") ? name : $0 + "/" + name } ?? name
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticError(at: SourceLocation(file: name), "the style file does not exist or cannot be read", code: LintCodes.style)
        }
        return try parse(text, file: name)
    }

    package static func parse(_ text: String, file: String) throws(DiagnosticError) -> LintStyle {
        var style = LintStyle()
        for statement in try RubyStatement.parse(text, file: file) {
            let location = SourceLocation(file: file, line: statement.line, column: statement.column)
            func ruleArgument() throws(DiagnosticError) -> Rule {
                guard statement.arguments.count == 1, let name = statement.arguments.first?.text else {
                    throw DiagnosticError(at: location, "`\(statement.name)` takes one rule id or alias", code: LintCodes.style)
                }
                guard let rule = RuleCatalog.rule(name) else {
                    throw DiagnosticError(at: location, "no such rule: `\(name)`", code: LintCodes.style)
                }
                return rule
            }
            func tagArgument() throws(DiagnosticError) -> [Rule] {
                guard statement.arguments.count == 1, let tag = statement.arguments.first?.text else {
                    throw DiagnosticError(at: location, "`\(statement.name)` takes one tag", code: LintCodes.style)
                }
                return RuleCatalog.all.filter { $0.tags.contains(tag) }
            }
            switch statement.name {
            case "all":
                style.enabled.formUnion(RuleCatalog.all.map(\.id))
            case "rule":
                let rule = try ruleArgument()
                style.enabled.insert(rule.id)
                for (key, value) in statement.options {
                    guard rule.defaults[key] != nil else {
                        let known = rule.defaults.keys.sorted().map { ":\($0)" }.joined(separator: ", ")
                        style.warnings.append(Diagnostic(.warning, at: location, "\(rule.id) has no parameter `:\(key)`, so it is ignored (as mdl ignores it)"
                            + (known.isEmpty ? "; the rule takes none" : "; the rule takes \(known)"), code: LintCodes.style))
                        continue
                    }
                    style.parameters[rule.id, default: [:]][key] = value
                }
            case "exclude_rule":
                style.enabled.remove(try ruleArgument().id)
            case "tag":
                style.enabled.formUnion(try tagArgument().map(\.id))
            case "exclude_tag":
                style.enabled.subtract(try tagArgument().map(\.id))
            default:
                throw DiagnosticError(at: location, "`\(statement.name)` is not a style setting (all, rule, exclude_rule, tag, exclude_tag)", code: LintCodes.style)
            }
        }
        return style
    }

    /// A rule's parameters under this style.
    func parameters(for rule: Rule) -> RuleParameters {
        RuleParameters(values: rule.defaults.merging(parameters[rule.id] ?? [:]) { $1 })
    }
}
