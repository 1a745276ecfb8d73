// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown

/// Front matter keys that do nothing in Galley are said to, at their line: a page that sets
/// `status: new` or `hide: [navigation]` for mkdocs-material must not lose it in silence.
enum FrontMatterKeys {
    /// Keys that take effect: the page's title and description, which parts it hides, and
    /// its snippet settings.
    static let honoured: Set<String> = ["title", "description", "hide", "snippets"]
    /// The `hide` entries Galley's theme honours: the table of contents, and the feedback widget
    /// of `extra.analytics.feedback`.
    static let hideable: Set<String> = ["toc", "feedback"]

    /// A tags listing marker with options (`<!-- material/tags { include: [a] } -->`): Galley
    /// lists every tag there, and says so at its line.
    static func checkListingMarkers(_ source: String, file: String, tags: TagsSettings, log: inout DiagnosticLog) {
        let marker = "<!-- \(tags.listingsDirective)"
        guard source.contains(marker) else { return }
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let start = line.range(of: marker) else { continue }
            let rest = line[start.upperBound...].drop { $0 == " " }
            guard !rest.hasPrefix("-->") else { continue }
            log.warn(at: SourceLocation(file: file, line: index + 1, column: line.distance(from: line.startIndex, to: start.lowerBound) + 1), "a tags listing's options (scope, include, exclude, layout) are not supported; Galley lists every tag here", code: PageCodes.frontMatterKey)
        }
    }

    /// `themeTemplates`: the templates of `theme.custom_dir` and the keys they read; `tags`:
    /// the `tags` plugin's settings, when the site uses it; `isPost`: whether the page is a
    /// blog post, whose keys (`date`, `authors`...) the blog reads.
    static func check(_ metadata: PageMetadata, file: String, themeTemplates: ThemeTemplateNames, tags: TagsSettings?, isPost: Bool = false, log: inout DiagnosticLog) {
        for (key, line) in metadata.keyLines.sorted(by: { $0.value < $1.value }) where !themeTemplates.metaKeys.contains(key) {
            let location = SourceLocation(file: file, line: line, column: 1)
            if let tags, key == tags.nameProperty {
                guard let names = metadata.lists[key] else {
                    log.warn(at: location, "`\(key)` must be a list of tags (`\(key): [a, b]`); the page shows none", code: PageCodes.frontMatterKey)
                    continue
                }
                // As the plugin does, a tag outside `tags_allowed` stops the build.
                for name in names where !tags.allowed.isEmpty && !tags.allowed.contains(name) {
                    log.error(at: location, "the tag `\(name)` is not in the `tags` plugin's `tags_allowed`", code: PageCodes.frontMatterKey)
                }
            } else if key == "template" {
                guard let name = metadata.template, !themeTemplates.names.contains(name) else { continue }
                let why = themeTemplates.names.isEmpty ? "the site has no `theme.custom_dir` templates" : "`theme.custom_dir` has no such template"
                log.warn(at: location, "`template: \(name)` names a template, but \(why); the page is laid out as every other", code: PageCodes.frontMatterKey)
            } else if key == "hide" {
                for entry in metadata.hide where !hideable.contains(entry) {
                    log.warn(at: location, "`hide: \(entry)` has no effect in Galley's theme; only `toc` and `feedback` can be hidden", code: PageCodes.frontMatterKey)
                }
            } else if isPost, BlogPost.keys.contains(key) {
                continue
            } else if !honoured.contains(key) {
                log.warn(at: location, "the front matter key `\(key)` has no effect in Galley; it is ignored", code: PageCodes.frontMatterKey)
            }
        }
    }
}
