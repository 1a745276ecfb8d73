// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import GalleyMarkdown

/// Front matter keys that do nothing in Galley are said to, at their line: a page that sets
/// `status: new` or `hide: [navigation]` for mkdocs-material must not lose it in silence.
enum FrontMatterKeys {
    /// Keys that take effect: the page's title and description, which parts it hides, and
    /// its snippet settings.
    static let honoured: Set<String> = ["title", "description", "hide", "snippets"]
    /// The `hide:` entries Galley's theme honours.
    static let hideable: Set<String> = ["toc"]

    /// `themeTemplates`: the templates of `theme.custom_dir` and the keys they read.
    static func check(_ metadata: PageMetadata, file: String, themeTemplates: ThemeTemplateNames, log: inout DiagnosticLog) {
        for (key, line) in metadata.keyLines.sorted(by: { $0.value < $1.value }) where !themeTemplates.metaKeys.contains(key) {
            let location = SourceLocation(file: file, line: line, column: 1)
            if key == "template" {
                guard let name = metadata.template, !themeTemplates.names.contains(name) else { continue }
                let why = themeTemplates.names.isEmpty ? "the site has no `theme.custom_dir` templates" : "`theme.custom_dir` has no such template"
                log.warn(at: location, "`template: \(name)` names a template, but \(why); the page is laid out as every other", code: PageCodes.frontMatterKey)
            } else if key == "hide" {
                for entry in metadata.hide where !hideable.contains(entry) {
                    log.warn(at: location, "`hide: \(entry)` has no effect in Galley's theme; only `toc` can be hidden", code: PageCodes.frontMatterKey)
                }
            } else if !honoured.contains(key) {
                log.warn(at: location, "the front matter key `\(key)` has no effect in Galley; it is ignored", code: PageCodes.frontMatterKey)
            }
        }
    }
}
