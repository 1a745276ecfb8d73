// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The `rss` plugin (mkdocs-rss-plugin), as a site configures it: two RSS feeds of the site's
/// pages, newest first by creation and by update, and the same two as JSON Feed. The
/// options and their defaults are the plugin's (1.19).
package struct RSSSettings: Sendable, Equatable {
    package var abstractCharacters = 160
    package var abstractDelimiter = "<!-- more -->"
    /// The front matter keys whose values are an entry's categories.
    package var categories: [String] = []
    package var commentsPath: String?
    /// Where an entry's dates come from: `git`, or a front matter key (`date`, `date.created`).
    package var creationDateKey = "git"
    package var updateDateKey = "git"
    /// How a date written as text in front matter is read (`strftime` codes).
    package var dateFormat = "%Y-%m-%d %H:%M"
    /// The time of day of a front matter date without one, as `HH:MM`.
    package var defaultTime = (hour: 0, minute: 0)
    package var timeZone = "UTC"
    package var rssCreatedFile = "feed_rss_created.xml"
    package var rssUpdatedFile = "feed_rss_updated.xml"
    package var jsonCreatedFile = "feed_json_created.json"
    package var jsonUpdatedFile = "feed_json_updated.json"
    package var feedDescription: String?
    package var feedTitle: String?
    package var ttl = 1440
    package var image: String?
    package var jsonFeeds = true
    package var rssFeeds = true
    /// How many entries each feed has.
    package var length = 20
    /// Which pages are entries: a regular expression their path under `docs_dir` starts with.
    package var matchPath = ".*"
    package var prettyPrint = false
    /// `auto` (Galley's own stylesheet, `rss.xsl`), a URL, or `nil` for none.
    package var stylesheet: String? = "auto"
    /// Query parameters added to each entry's link.
    package var urlParameters: [(String, String)] = []
    package var usesGit = true
    /// Whether the blog's authors file names a post's authors.
    package var usesMaterialBlog = true
    package var line = 0

    package static func == (lhs: RSSSettings, rhs: RSSSettings) -> Bool {
        lhs.line == rhs.line && lhs.matchPath == rhs.matchPath && lhs.length == rhs.length && lhs.creationDateKey == rhs.creationDateKey
            && lhs.updateDateKey == rhs.updateDateKey && lhs.abstractCharacters == rhs.abstractCharacters && lhs.categories == rhs.categories
            && lhs.feedTitle == rhs.feedTitle && lhs.feedDescription == rhs.feedDescription && lhs.prettyPrint == rhs.prettyPrint
            && lhs.rssFeeds == rhs.rssFeeds && lhs.jsonFeeds == rhs.jsonFeeds && lhs.urlParameters.map { "\($0)=\($1)" } == rhs.urlParameters.map { "\($0)=\($1)" }
    }

    package init() {}

    /// The settings of the plugin entry's `options`, or `nil` when `enabled: false` or both
    /// kinds of feed are off; what is wrong goes to `problems`, at its line.
    package static func read(_ options: ConfigValue, line: Int, problems: inout [(Int, String)]) -> RSSSettings? {
        var settings = RSSSettings()
        settings.line = line
        var enabled = true
        for entry in options.entries ?? [] {
            var reader = OptionReader(entry: entry, plugin: "rss", problems: problems)
            defer { problems = reader.problems }
            switch entry.key {
            case "enabled": enabled = reader.flag() ?? true
            case "abstract_chars_count":
                // -1 (the whole page) is allowed.
                if case .int(let count) = entry.value { settings.abstractCharacters = count } else { reader.problem("`abstract_chars_count` of the `rss` plugin must be a whole number") }
            case "abstract_delimiter": settings.abstractDelimiter = reader.text() ?? settings.abstractDelimiter
            case "categories": settings.categories = reader.texts() ?? []
            case "comments_path": settings.commentsPath = reader.text()
            case "feed_description": settings.feedDescription = reader.text()
            case "feed_title": settings.feedTitle = reader.text()
            case "feed_ttl": settings.ttl = reader.number() ?? 1440
            case "image": settings.image = reader.text()
            case "json_feed_enabled": settings.jsonFeeds = reader.flag() ?? true
            case "rss_feed_enabled": settings.rssFeeds = reader.flag() ?? true
            case "length": settings.length = reader.number() ?? 20
            case "match_path":
                guard let pattern = reader.text() else { continue }
                if (try? NSRegularExpression(pattern: pattern)) == nil {
                    reader.problem("`match_path` of the `rss` plugin is not a regular expression Galley can read: `\(pattern)`")
                } else {
                    settings.matchPath = pattern
                }
            case "pretty_print": settings.prettyPrint = reader.flag() ?? false
            case "stylesheet":
                if case .null = entry.value {
                    settings.stylesheet = nil
                } else {
                    settings.stylesheet = entry.value.bool == false ? nil : reader.text()
                }
            case "url_parameters":
                for parameter in entry.value.entries ?? [] {
                    settings.urlParameters.append((parameter.key, parameter.value.string ?? ""))
                }
            case "use_git": settings.usesGit = reader.flag() ?? true
            case "use_material_blog": settings.usesMaterialBlog = reader.flag() ?? true
            case "use_material_social_cards", "cache_dir":
                // Social cards are images Galley does not make; the cache holds remote images' sizes.
                break
            case "date_from_meta":
                for option in entry.value.entries ?? [] {
                    var inner = OptionReader(entry: option, plugin: "rss", problems: reader.problems)
                    defer { reader.problems = inner.problems }
                    switch option.key {
                    case "as_creation": settings.creationDateKey = inner.text() ?? "git"
                    case "as_update": settings.updateDateKey = inner.text() ?? "git"
                    case "datetime_format": settings.dateFormat = inner.text() ?? settings.dateFormat
                    case "default_timezone":
                        guard let zone = inner.text() else { continue }
                        if TimeZone(identifier: zone) == nil { inner.problem("`default_timezone` names no time zone: `\(zone)`") } else { settings.timeZone = zone }
                    case "default_time":
                        let parts = (inner.text() ?? "").split(separator: ":").compactMap { Int($0) }
                        if parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) {
                            settings.defaultTime = (parts[0], parts[1])
                        } else {
                            inner.problem("`default_time` of the `rss` plugin is written `HH:MM`")
                        }
                    default: inner.problem("the option `date_from_meta.\(option.key)` of the `rss` plugin has no effect in Galley; it is ignored")
                    }
                }
            case "feeds_filenames":
                for option in entry.value.entries ?? [] {
                    var inner = OptionReader(entry: option, plugin: "rss", problems: reader.problems)
                    defer { reader.problems = inner.problems }
                    switch option.key {
                    case "rss_created": settings.rssCreatedFile = inner.text() ?? settings.rssCreatedFile
                    case "rss_updated": settings.rssUpdatedFile = inner.text() ?? settings.rssUpdatedFile
                    case "json_created": settings.jsonCreatedFile = inner.text() ?? settings.jsonCreatedFile
                    case "json_updated": settings.jsonUpdatedFile = inner.text() ?? settings.jsonUpdatedFile
                    default: inner.problem("the option `feeds_filenames.\(option.key)` of the `rss` plugin has no effect in Galley; it is ignored")
                    }
                }
            default:
                reader.problem("the option `\(entry.key)` of the `rss` plugin has no effect in Galley; it is ignored")
            }
        }
        if !settings.rssFeeds && !settings.jsonFeeds {
            problems.append((line, "the `rss` plugin has both `rss_feed_enabled` and `json_feed_enabled` off, so it writes nothing"))
            return nil
        }
        return enabled ? settings : nil
    }
}

extension SiteConfig {
    /// The `rss` plugin's settings, or `nil` when the site does not use it.
    package var rss: RSSSettings? {
        pluginSettings("rss") { RSSSettings.read($0, line: $1, problems: &$2) }
    }
}
