// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyFileSystem
import GalleyMarkup
import GalleyPages
import GalleySources

/// Each page's dates from git, written under its content as the `git-revision-date-localized`
/// plugin writes them in mkdocs-material ("Last update", and "Created" when asked).
package struct RevisionDates: Sendable {
    package var settings: RevisionDateSettings
    /// By page path under `docs_dir`.
    var files: [String: GitHistory.FileDates]
    /// The build's own time, for `fallback_to_build_date`.
    var buildTime: Int

    package init(settings: RevisionDateSettings, files: [String: GitHistory.FileDates], buildTime: Int) {
        self.settings = settings
        self.files = files
        self.buildTime = buildTime
    }

    /// The dates of the page at `path`, or `nil` when it shows none.
    func dates(of path: String) -> GitHistory.FileDates? {
        guard !settings.exclude.contains(where: { SystemCalls.matchesGlob($0, path) }) else { return nil }
        if let known = files[path] { return known }
        return settings.fallbackToBuildDate ? GitHistory.FileDates(created: buildTime, updated: buildTime) : nil
    }

    /// The dates under a page's content.
    func html(for path: String, language: String, strings: ThemeStrings) -> HTML {
        guard let dates = dates(of: path) else { return .empty }
        var html: HTML = "<aside class=\"g-source-dates\">"
        html += "<span class=\"g-updated\">\(strings.lastUpdate): \(stamp(dates.updated, language: language))</span>"
        if settings.showsCreationDate {
            html += " <span class=\"g-created\">\(strings.created): \(stamp(dates.created, language: language))</span>"
        }
        return html + "</aside>\n"
    }

    /// The date as templates read it (`page.meta.git_revision_date_localized`).
    func text(_ time: Int, language: String) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(time))
        let zone = TimeZone(identifier: settings.timezone) ?? TimeZone(identifier: "UTC")!
        let locale = Locale(identifier: settings.locale ?? language)
        switch settings.style {
        case .date, .timeago:
            return format(date, zone: zone, locale: locale, style: .long, time: false)
        case .datetime:
            return format(date, zone: zone, locale: locale, style: .long, time: true)
        case .isoDate:
            return strftime("%Y-%m-%d", time, zone: zone)
        case .isoDatetime:
            return strftime("%Y-%m-%d %H:%M:%S", time, zone: zone)
        case .custom:
            return strftime(settings.customFormat, time, zone: zone)
        }
    }

    /// A `<time>` element; `timeago` dates are made relative ("3 days ago") by the page's script.
    private func stamp(_ time: Int, language: String) -> HTML {
        let iso = strftime("%Y-%m-%dT%H:%M:%SZ", time, zone: TimeZone(identifier: "UTC")!)
        let relative: HTML = settings.style == .timeago ? " class=\"g-timeago\"" : .empty
        return "<time datetime=\"\(iso)\"\(relative)>\(text(time, language: language))</time>"
    }

    private func format(_ date: Date, zone: TimeZone, locale: Locale, style: DateFormatter.Style, time: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = zone
        formatter.dateStyle = style
        formatter.timeStyle = time ? .medium : .none
        return formatter.string(from: date)
    }

    /// `pattern` as C's `strftime` writes it, in `zone`.
    private func strftime(_ pattern: String, _ time: Int, zone: TimeZone) -> String {
        SystemCalls.formatTime(pattern, time, utcOffset: zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(time))))
    }
}
