// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// mkdocs-material's `tags` plugin, as a site configures it: pages name their tags in front
/// matter, each page shows its tags, and a page holding the listing marker
/// (`<!-- material/tags -->`) lists every tag with the pages that carry it.
package struct TagsSettings: Sendable, Equatable {
    /// The front matter key holding a page's tags (`tags_name_property`).
    package var nameProperty = "tags"
    /// Whether pages show their tags (`tags`).
    package var showsTags = true
    /// Whether listings are rendered (`listings`).
    package var listings = true
    /// The listing marker's name (`listings_directive`): `<!-- material/tags -->`.
    package var listingsDirective = "material/tags"
    /// Whether a listing's tags join the page's table of contents (`listings_toc`).
    package var listingsTOC = true
    /// A tag's anchor in a listing (`tags_slugify_format`): `tag:{slug}`.
    package var slugFormat = "tag:{slug}"
    /// What joins a tag's words in its slug (`tags_slugify_separator`).
    package var slugSeparator = "-"
    /// Tags sorted from Z to A (`tags_sort_reverse`), and a tag's pages likewise (`listings_sort_reverse`).
    package var tagsSortReverse = false
    package var listingsSortReverse = false
    /// `tags.json`, every page's tags, written with the site (`export`, `export_file`).
    package var export = true
    package var exportFile = "tags.json"
    /// When not empty, the only tags pages may name (`tags_allowed`).
    package var allowed: [String] = []
    /// The line of the plugin's entry, for what is said about the plugin as a whole.
    package var line = 0

    /// The options Galley honours.
    static let understood: Set<String> = [
        "enabled", "tags", "tags_name_property", "listings", "listings_directive", "listings_toc", "tags_slugify_format",
        "tags_slugify_separator", "tags_sort_reverse", "listings_sort_reverse", "export", "export_file", "tags_allowed",
    ]

    /// The settings of the plugin entry's `options`, or `nil` when `enabled: false`; what is
    /// wrong or left out goes to `problems`, at its line.
    package static func read(_ options: ConfigValue, line: Int, problems: inout [(Int, String)]) -> TagsSettings? {
        var settings = TagsSettings()
        settings.line = line
        var enabled = true
        for entry in options.entries ?? [] {
            var reader = OptionReader(entry: entry, plugin: "tags", problems: problems)
            defer { problems = reader.problems }
            switch entry.key {
            case "enabled": enabled = reader.flag() ?? true
            case "tags": settings.showsTags = reader.flag() ?? true
            case "listings": settings.listings = reader.flag() ?? true
            case "listings_toc": settings.listingsTOC = reader.flag() ?? true
            case "tags_sort_reverse": settings.tagsSortReverse = reader.flag() ?? false
            case "listings_sort_reverse": settings.listingsSortReverse = reader.flag() ?? false
            case "export": settings.export = reader.flag() ?? true
            case "tags_name_property": settings.nameProperty = reader.text() ?? settings.nameProperty
            case "listings_directive": settings.listingsDirective = reader.text() ?? settings.listingsDirective
            case "tags_slugify_separator": settings.slugSeparator = reader.text() ?? settings.slugSeparator
            case "export_file": settings.exportFile = reader.text() ?? settings.exportFile
            case "tags_slugify_format":
                guard let format = reader.text() else { continue }
                if format.contains("{slug}") {
                    settings.slugFormat = format
                } else {
                    reader.problem("`tags_slugify_format` must contain `{slug}`")
                }
            case "tags_allowed":
                guard let items = entry.value.list?.compactMap(\.string) else {
                    reader.problem("`tags_allowed` of the `tags` plugin must be a list of tags")
                    continue
                }
                settings.allowed = items
            case "tags_file":
                reader.problem("`tags_file` is the `tags` plugin's old way to place the tags index; put `<!-- \(settings.listingsDirective) -->` in the page instead (Galley lists the tags where the marker is)")
            default:
                reader.problem("the option `\(entry.key)` of the `tags` plugin has no effect in Galley; it is ignored")
            }
        }
        return enabled ? settings : nil
    }

    /// A tag's anchor: `slugFormat` with the tag's slug.
    package func anchor(slug: String) -> String {
        slugFormat.replacingOccurrences(of: "{slug}", with: slug)
    }
}

extension SiteConfig {
    /// The `tags` plugin's settings, or `nil` when the site does not use it.
    package var tags: TagsSettings? {
        pluginSettings("tags") { TagsSettings.read($0, line: $1, problems: &$2) }
    }
}
