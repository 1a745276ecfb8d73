// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The options of the page-templating plugins and `git-revision-date-localized`: each takes
/// effect, or is a warning at its line. (`search` and `redirects` read theirs where they are
/// used.)
enum PluginOptions {
    static let understood: [String: Set<String>] = [
        "macros": ["on_undefined", "include_dir", "render_by_default", "include_yaml"],
        "markdownextradata": ["data"],
        "i18n": ["docs_structure", "fallback_to_default", "reconfigure_material", "reconfigure_search", "languages"],
    ]

    static func problems(name: String, options: ConfigValue) -> [(Int, String)] {
        if name == "tags" {
            var settingsProblems: [(Int, String)] = []
            _ = TagsSettings.read(options, line: 0, problems: &settingsProblems)
            return settingsProblems
        }
        if name == "blog" {
            var settingsProblems: [(Int, String)] = []
            _ = BlogSettings.read(options, line: 0, problems: &settingsProblems)
            return settingsProblems
        }
        if name == "rss" {
            var settingsProblems: [(Int, String)] = []
            _ = RSSSettings.read(options, line: options.entries?.first?.line ?? 0, problems: &settingsProblems)
            return settingsProblems
        }
        if name == "git-revision-date-localized" {
            var settingsProblems: [(Int, String)] = []
            _ = RevisionDateSettings.read(options, problems: &settingsProblems)
            return settingsProblems
        }
        guard let known = understood[name] else { return [] }
        var problems: [(Int, String)] = []
        for entry in options.entries ?? [] where !known.contains(entry.key) {
            switch entry.key {
            case "module_name", "modules":
                problems.append((entry.line, "`\(entry.key)` names Python macros, which Galley cannot run; pages that call them keep the call as written"))
            default:
                problems.append((entry.line, "the option `\(entry.key)` of the `\(name)` plugin has no effect in Galley; it is ignored"))
            }
        }
        if name == "i18n" {
            var settingsProblems: [(Int, String)] = []
            _ = I18nSettings.read(options, line: options.entries?.first?.line ?? 0, problems: &settingsProblems)
            problems += settingsProblems
        }
        if name == "macros", options["render_by_default"]?.bool == false {
            problems.append((options.entries?.first { $0.key == "render_by_default" }?.line ?? 0, "`render_by_default: false` renders only pages whose front matter says `render_macros: true`; Galley renders every page"))
        }
        return problems
    }
}

extension SiteConfig {
    /// The settings `read` makes of the plugin `name`'s options, or `nil` when the site does
    /// not use it (what is wrong with them was said when the configuration was loaded).
    func pluginSettings<Settings>(_ name: String, _ read: (ConfigValue, Int, inout [(Int, String)]) -> Settings?) -> Settings? {
        guard let entry = plugins.first(where: { $0.name == name }) else { return nil }
        var ignored: [(Int, String)] = []
        return read(entry.options, entry.line, &ignored)
    }
}
