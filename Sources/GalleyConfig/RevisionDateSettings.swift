// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The `git-revision-date-localized` plugin's options: how each page's last-update (and, when
/// asked, creation) date from git is written under it.
package struct RevisionDateSettings: Sendable, Equatable {
    /// The plugin's `type`.
    package enum Style: String, Sendable, CaseIterable {
        case date, datetime, isoDate = "iso_date", isoDatetime = "iso_datetime", timeago, custom
    }

    package var style: Style = .date
    /// `custom_format`, a `strftime` pattern for `type: custom`.
    package var customFormat = "%d. %B %Y"
    /// `timezone`, an IANA name.
    package var timezone = "UTC"
    /// `locale`; `nil` takes the theme's language.
    package var locale: String?
    /// `fallback_to_build_date`: a page git knows nothing of shows the build's date.
    package var fallbackToBuildDate = false
    /// `enable_creation_date`.
    package var showsCreationDate = false
    /// `exclude`: glob patterns of page paths that show no dates.
    package var exclude: [String] = []

    package init() {}

    /// The options the plugin reads that Galley does, and those it accepts without effect on
    /// the output.
    static let understood: Set<String> = [
        "type", "custom_format", "timezone", "locale", "fallback_to_build_date", "enable_creation_date", "exclude", "enabled",
        "enable_parallel_processing", "strict",
    ]

    /// The settings `options` give, or `nil` when `enabled: false`; what they get wrong goes
    /// to `problems` with its line.
    static func read(_ options: ConfigValue, problems: inout [(Int, String)]) -> RevisionDateSettings? {
        var settings = RevisionDateSettings()
        if options["enabled"]?.bool == false { return nil }
        for entry in options.entries ?? [] {
            switch entry.key {
            case "type":
                if let name = entry.value.string, let style = Style(rawValue: name) {
                    settings.style = style
                } else {
                    problems.append((entry.line, "`type` of `git-revision-date-localized` is one of \(Style.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")); `date` is used"))
                }
            case "custom_format": settings.customFormat = entry.value.string ?? settings.customFormat
            case "timezone": settings.timezone = entry.value.string ?? settings.timezone
            case "locale": settings.locale = entry.value.string
            case "fallback_to_build_date": settings.fallbackToBuildDate = entry.value.bool ?? false
            case "enable_creation_date": settings.showsCreationDate = entry.value.bool ?? false
            case "exclude": settings.exclude = (entry.value.list ?? []).compactMap(\.string)
            case "enable_git_follow":
                if entry.value.bool != false {
                    problems.append((entry.line, "`enable_git_follow`: Galley reads the docs folder's history in one `git log` and does not follow a page across renames; a renamed page's dates start at its rename"))
                }
            case "enabled", "enable_parallel_processing", "strict": break
            default:
                problems.append((entry.line, "the option `\(entry.key)` of the `git-revision-date-localized` plugin has no effect in Galley; it is ignored"))
            }
        }
        return settings
    }
}

extension SiteConfig {
    /// The `git-revision-date-localized` plugin's settings, when it is on.
    package var revisionDates: RevisionDateSettings? {
        guard let plugin = plugins.first(where: { $0.name == "git-revision-date-localized" }) else { return nil }
        var ignored: [(Int, String)] = []
        return RevisionDateSettings.read(plugin.options, problems: &ignored)
    }
}
