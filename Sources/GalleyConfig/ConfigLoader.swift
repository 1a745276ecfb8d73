// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Yams

/// Reads an `mkdocs.yml` as mkdocs does: unknown keys, extensions and plugins are warnings
/// naming their line; mkdocs' YAML tags (`!ENV`, `!!python/...`) are resolved, not fatal.
package enum ConfigLoader {
    /// Keys mkdocs or its common themes define that Galley reads or knowingly ignores.
    static let knownKeys: Set<String> = [
        "site_name", "site_url", "site_description", "site_author", "repo_url", "repo_name", "edit_uri",
        "edit_uri_template", "copyright", "docs_dir", "site_dir", "use_directory_urls", "nav", "theme",
        "extra_css", "extra_javascript", "extra_templates", "markdown_extensions", "plugins", "extra",
        "exclude_docs", "not_in_nav", "validation", "remote_branch", "remote_name", "dev_addr", "strict",
        "hooks", "watch", "google_analytics", "draft_docs", "INHERIT",
    ]

    /// Extensions whose output Galley produces.
    static let supportedExtensions: Set<String> = [
        "admonition", "attr_list", "codehilite", "def_list", "footnotes", "md_in_html", "meta", "smarty",
        "tables", "toc", "fenced_code", "abbr", "sane_lists", "nl2br", "extra",
        "pymdownx.betterem", "pymdownx.caret", "pymdownx.details", "pymdownx.highlight", "pymdownx.inlinehilite",
        "pymdownx.magiclink", "pymdownx.mark", "pymdownx.smartsymbols", "pymdownx.superfences",
        "pymdownx.tabbed", "pymdownx.tilde", "pymdownx.tasklist", "pymdownx.emoji", "pymdownx.snippets",
        "pymdownx.keys", "pymdownx.escapeall", "pymdownx.critic", "pymdownx.arithmatex",
    ]

    /// Plugins Galley implements.
    /// Material's plugins whose work every Galley site does without them: accepted, with a
    /// note (shown with `-v`) saying so.
    static let builtInPlugins: [String: String] = [
        "offline": "the `offline` plugin is not needed: every Galley site works opened from disk, search included",
        "privacy": "the `privacy` plugin is not needed for the theme, which loads nothing from other sites (no web fonts, scripts or images; only Google's analytics script, once a reader agrees, when `extra.analytics` asks for it); images or scripts the pages themselves take from other sites are not downloaded into the site, as the plugin would",
    ]

    static let supportedPlugins: Set<String> = ["search", "redirects", "macros", "markdownextradata", "i18n", "git-revision-date-localized", "tags", "blog", "rss"]

    /// Loads the config at `path`.
    package static func load(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(DiagnosticError) -> (SiteConfig, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticError(at: SourceLocation(file: path), "cannot read the config file", code: ConfigCodes.unreadable)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let position = UTF8Position.firstInvalid(in: data)
            throw DiagnosticError(
                at: SourceLocation(file: path, line: position?.line ?? 0, column: position?.column ?? 0),
                "the config file is not valid UTF-8 from here on; save it as UTF-8",
                code: ConfigCodes.encoding
            )
        }
        return try parse(text, path: path, environment: environment)
    }

    /// Parses config `text` as if read from `path`.
    package static func parse(_ text: String, path: String, environment: [String: String] = [:]) throws(DiagnosticError) -> (SiteConfig, [Diagnostic]) {
        var reader = ConfigReader(file: path, environment: environment)
        var text = text
        var root: Node?
        while root == nil {
            do {
                // The basic resolver skips the regular-expression tag guessing; plain scalars are
                // typed below by the `construct` functions instead.
                guard let node = try Yams.compose(yaml: text, .basic) else {
                    throw DiagnosticError(at: SourceLocation(file: path, line: 1), "the config file is empty; it needs at least `site_name`", code: ConfigCodes.empty)
                }
                root = node
            } catch let error as DiagnosticError {
                throw error
            } catch YamlError.duplicatedKeysInMapping(let keys, let context) {
                // mkdocs keeps the last of two equal keys; so does this, with a warning.
                let (resolved, duplicates) = DuplicateKeys.resolve(text)
                guard !duplicates.isEmpty, resolved != text else {
                    throw DiagnosticError(
                        at: SourceLocation(file: path, line: context.mark.line, column: context.mark.column),
                        "duplicate key \(keys.map { "`\($0)`" }.joined(separator: ", ")) in one mapping",
                        code: ConfigCodes.yaml
                    )
                }
                for duplicate in duplicates {
                    reader.log.warn(at: SourceLocation(file: path, line: duplicate.line), "`\(duplicate.key)` is given twice in one mapping; this later value is used, as mkdocs does", code: ConfigCodes.duplicateKey)
                }
                text = resolved
            } catch let error as YamlError {
                throw DiagnosticError(at: reader.location(of: error), "invalid YAML: \(YamlMessage.describe(error))", code: ConfigCodes.yaml)
            } catch {
                throw DiagnosticError(at: SourceLocation(file: path), "invalid YAML: \(error)", code: ConfigCodes.yaml)
            }
        }
        guard let root else { throw DiagnosticError(at: SourceLocation(file: path), "the config file is empty", code: ConfigCodes.empty) }
        // Each top-level value is checked on its own, so an alias bomb is named at its key.
        var budget = YAMLGuard.nodeLimit
        for (key, value) in root.mapping.map(Array.init) ?? [(root, root)] {
            do {
                try YAMLGuard.check(value, budget: &budget, allowsTag: YAMLGuard.mkdocsAllows)
            } catch {
                let mark = error.tooLarge ? key.mark : error.mark
                throw DiagnosticError(at: SourceLocation(file: path, line: mark?.line ?? 0, column: mark?.column ?? 0), error.message, code: ConfigCodes.yaml)
            }
        }
        var config = try reader.read(root: root)
        (config.templateData, config.templateDataFiles) = TemplateData.load(config, environment: environment, log: &reader.log)
        return (config, reader.log.diagnostics)
    }
}

/// Short texts for Yams' errors, which otherwise repeat the whole input.
enum YamlMessage {
    static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case .parser(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        default:
            return "\(error)"
        }
    }
}
