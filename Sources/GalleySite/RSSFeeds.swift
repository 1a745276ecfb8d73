// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources
import GalleyTemplates

/// The `rss` plugin's feeds (mkdocs-rss-plugin): the site's pages whose path matches
/// `match_path`, newest first — one RSS feed and one JSON Feed by creation date, one of each
/// by update date — with the same entries, dates, descriptions and links as the plugin
/// writes. Dates come from front matter keys, else from git, else the build's time.
enum RSSFeeds {
    /// One entry of a feed.
    struct Entry {
        var title: String
        var link: String?
        var guid: String?
        var comments: String?
        var description: String
        var created: Date
        var updated: Date
        var authors: [String]?
        var categories: [String]?
    }

    /// What a feed says about the site.
    struct Channel {
        var title: String
        var description: String?
        var siteURL: String?
        var author: String?
        var repository: String?
        var language: String?
        var built: Date
    }

    /// The files the plugin writes for `pages`, by name.
    static func files(settings: RSSSettings, config: SiteConfig, pages: [ParsedPage], blog: Blog?, docsDirectory: String, built: Date = buildTime()) -> [(name: String, data: Data)] {
        let zone = TimeZone(identifier: settings.timeZone) ?? TimeZone(identifier: "UTC")!
        let matcher = try? NSRegularExpression(pattern: settings.matchPath)
        let chosen = pages.filter { page in
            guard let matcher, matcher.firstMatch(in: page.file.path, options: .anchored, range: NSRange(page.file.path.startIndex..., in: page.file.path)) != nil else { return false }
            return page.document.metadata.values["draft"].map { !["true", "True"].contains($0) } ?? true
        }
        let needsGit = settings.usesGit && !chosen.isEmpty
        let history = needsGit ? GitHistory.fileDates(under: docsDirectory) ?? [:] : [:]
        let siteURL = config.siteURL.flatMap { $0.isEmpty ? nil : ($0.hasSuffix("/") ? $0 : $0 + "/") }
        let entries = chosen.map { page -> Entry in
            let metadata = page.document.metadata
            func date(_ key: String, git: Int?) -> Date? {
                if (!settings.usesGit || key != "git"), let text = metadata.values[key] { return metaDate(text, settings: settings, zone: zone) }
                return git.map { Date(timeIntervalSince1970: TimeInterval($0)) }
            }
            let dates = history[page.file.path]
            // As mkdocs quotes a page's URL: non-ASCII and reserved characters as `%XX`.
            let canonical = siteURL.map { $0 + URLQuoting.quote(page.file.url, forQuery: false) }
            let query = settings.urlParameters.map { "\(URLQuoting.quote($0, forQuery: true))=\(URLQuoting.quote($1, forQuery: true))" }.joined(separator: "&")
            return Entry(
                title: page.title,
                link: canonical.map { query.isEmpty ? $0 : $0 + "?" + query },
                guid: canonical,
                comments: settings.commentsPath.flatMap { path in canonical.map { $0 + path } },
                description: description(of: page, settings: settings),
                created: date(settings.creationDateKey, git: dates?.created) ?? built,
                updated: date(settings.updateDateKey, git: dates?.updated) ?? built,
                authors: authors(of: page, blog: settings.usesMaterialBlog ? blog : nil),
                categories: settings.categories.isEmpty ? nil : settings.categories.flatMap { metadata.lists[$0] ?? metadata.values[$0].map { [$0] } ?? [] }.sorted()
            )
        }
        let channel = Channel(
            title: settings.feedTitle ?? config.siteName, description: settings.feedDescription ?? config.siteDescription, siteURL: siteURL,
            author: config.siteAuthor, repository: config.repoURL, language: config.theme.name == "material" ? config.theme.language : nil, built: built
        )
        // Newest first; entries of one moment keep the site's order, as Python's sort does.
        func newest(_ key: KeyPath<Entry, Date>) -> [Entry] {
            Array(entries.enumerated().sorted { $0.element[keyPath: key] != $1.element[keyPath: key] ? $0.element[keyPath: key] > $1.element[keyPath: key] : $0.offset < $1.offset }.map(\.element).prefix(settings.length))
        }
        var files: [(name: String, data: Data)] = []
        let byCreation = newest(\.created), byUpdate = newest(\.updated)
        if settings.rssFeeds {
            files.append((settings.rssCreatedFile, Data(rss(channel, byCreation, date: \.created, file: settings.rssCreatedFile, settings: settings, zone: zone).utf8)))
            files.append((settings.rssUpdatedFile, Data(rss(channel, byUpdate, date: \.updated, file: settings.rssUpdatedFile, settings: settings, zone: zone).utf8)))
            if settings.stylesheet == "auto" { files.append(("rss.xsl", Data(FeedStylesheet.text.utf8))) }
        }
        if settings.jsonFeeds {
            files.append((settings.jsonCreatedFile, Data(json(channel, byCreation, file: settings.jsonCreatedFile, settings: settings, zone: zone).utf8)))
            files.append((settings.jsonUpdatedFile, Data(json(channel, byUpdate, file: settings.jsonUpdatedFile, settings: settings, zone: zone).utf8)))
        }
        return files
    }

    /// The build's time: `SOURCE_DATE_EPOCH` when set, for reproducible builds, else now.
    static func buildTime(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        environment["SOURCE_DATE_EPOCH"].flatMap { TimeInterval($0) }.map { Date(timeIntervalSince1970: $0) } ?? Date()
    }

    /// A front matter date: as YAML reads a date (at `default_time`) or a date and time, else
    /// as `datetime_format` reads the text; the wall clock is taken in `zone`.
    static func metaDate(_ text: String, settings: RSSSettings, zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        if var date = BlogDate.parse(text) {
            if !text.contains(":") { (date.hour, date.minute) = settings.defaultTime }
            return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute, second: date.second))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = unicodePattern(settings.dateFormat)
        return formatter.date(from: text)
    }

    /// A `strftime` pattern (`%Y-%m-%d %H:%M`) as a Unicode date pattern, for reading.
    static func unicodePattern(_ strftime: String) -> String {
        let codes: [Character: String] = ["Y": "yyyy", "y": "yy", "m": "MM", "d": "dd", "H": "HH", "I": "hh", "M": "mm", "S": "ss", "p": "a", "b": "MMM", "B": "MMMM", "a": "EEE", "A": "EEEE", "z": "xx", "%": "'%'"]
        var result = ""
        var literal = ""
        func flush() {
            if !literal.isEmpty { result += "'" + literal.replacingOccurrences(of: "'", with: "''") + "'" }
            literal = ""
        }
        var characters = strftime.makeIterator()
        while let character = characters.next() {
            if character == "%", let code = characters.next() {
                flush()
                result += codes[code] ?? ""
            } else {
                literal.append(character)
            }
        }
        flush()
        return result
    }

    /// An entry's description: the front matter's (`rss.feed_description`, `description`),
    /// else the page's Markdown up to the abstract delimiter, else its first characters, as HTML.
    static func description(of page: ParsedPage, settings: RSSSettings) -> String {
        let metadata = page.document.metadata
        let markdown = String(page.source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(metadata.lineCount).joined(separator: "\n").drop { $0 == "\n" })
        if settings.abstractCharacters == -1 { return html(markdown) }
        if let given = metadata.values["rss.feed_description"] ?? metadata.values["description"], !given.isEmpty { return given }
        if let cut = markdown.range(of: settings.abstractDelimiter) { return html(String(markdown[..<cut.lowerBound])) }
        guard settings.abstractCharacters > 0, !markdown.isEmpty else { return "" }
        if markdown.count <= settings.abstractCharacters { return html(markdown) }
        return html(String(markdown.prefix(max(0, settings.abstractCharacters - 3))) + "...")
    }

    /// Markdown as plain Markdown makes it, with no extensions, in HTML5's spelling (`<br>`,
    /// not `<br />`: the renderer's text has no bare `>`, so only its tags end in ` />`).
    private static func html(_ markdown: String) -> String {
        var log = DiagnosticLog()
        var renderer = HTMLRenderer(settings: MarkdownSettings())
        let html = renderer.render(MarkdownParser.parse(markdown, file: "", log: &log)).string
        return html.replacingOccurrences(of: " />", with: ">").trimmingCharacters(in: .newlines)
    }

    /// `author:` or `authors:`; a blog post's author identifiers are named from the authors file.
    static func authors(of page: ParsedPage, blog: Blog?) -> [String]? {
        let metadata = page.document.metadata
        if let list = metadata.lists["author"] { return list }
        if let one = metadata.values["author"] { return [one] }
        if let list = metadata.lists["authors"] {
            guard let blog, blog.post(at: page.file.path) != nil else { return list }
            return list.map { blog.authors[$0]?.name ?? $0 }
        }
        return metadata.values["authors"].map { [$0] }
    }

    /// RFC 822 dates, as RSS writes them (`Fri, 05 Jan 2024 00:00:00 +0000`).
    static func rfc822(_ date: Date, zone: TimeZone?) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone ?? TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss"
        // A time of no zone is `-0000` (the channel's build time, as Python's `formatdate`).
        return formatter.string(from: date) + " " + (zone.map { offset($0, date, colon: false) } ?? "-0000")
    }

    /// ISO 8601 with the zone's offset (`2024-01-05T00:00:00+00:00`).
    static func iso(_ date: Date, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date) + offset(zone, date, colon: true)
    }

    private static func offset(_ zone: TimeZone, _ date: Date, colon: Bool) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        return sign + String(format: colon ? "%02d:%02d" : "%02d%02d", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }

    private static func rss(_ channel: Channel, _ entries: [Entry], date: KeyPath<Entry, Date>, file: String, settings: RSSSettings, zone: TimeZone) -> String {
        let feedURL = channel.siteURL.map { $0 + file }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\" ?>"]
        if let stylesheet = settings.stylesheet {
            let href = stylesheet == "auto" ? "rss.xsl" : stylesheet
            lines.append("<?xml-stylesheet type=\"text/xsl\" href=\"\(MarkupText.escape(href))\"?>")
        }
        lines.append("<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">")
        lines.append("<channel>")
        func element(_ name: String, _ value: String?) {
            if let value { lines.append("<\(name)>\(MarkupText.escape(value))</\(name)>") }
        }
        element("title", channel.title)
        element("description", channel.description)
        element("link", channel.siteURL)
        if let feedURL { lines.append("<atom:link href=\"\(MarkupText.escape(feedURL))\" rel=\"self\" type=\"application/rss+xml\" />") }
        element("managingEditor", channel.author)
        element("docs", channel.repository)
        element("language", channel.language)
        element("pubDate", rfc822(channel.built, zone: nil))
        element("lastBuildDate", rfc822(channel.built, zone: nil))
        element("ttl", String(settings.ttl))
        element("generator", "Galley")
        if let image = settings.image {
            lines.append("<image>")
            element("url", image)
            element("title", channel.title)
            element("link", channel.siteURL)
            lines.append("</image>")
        }
        for entry in entries {
            lines.append("<item>")
            element("title", entry.title)
            entry.authors?.forEach { element("author", $0) }
            entry.categories?.forEach { element("category", $0) }
            element("description", entry.description)
            element("link", entry.link)
            element("pubDate", rfc822(entry[keyPath: date], zone: zone))
            if entry.link != nil, let feedURL { lines.append("<source url=\"\(MarkupText.escape(feedURL))\">\(MarkupText.escape(channel.title))</source>") }
            element("comments", entry.comments)
            if let guid = entry.guid { lines.append("<guid isPermaLink=\"true\">\(MarkupText.escape(guid))</guid>") }
            lines.append("</item>")
        }
        lines.append("</channel>")
        lines.append("</rss>")
        let text = lines.joined(separator: "\n") + "\n"
        guard !settings.prettyPrint else { return text }
        // As the plugin writes a feed on one line: every line break a space, and no two
        // spaces in a row, in the descriptions' text too.
        var compact = ""
        for character in text {
            let next: Character = character == "\n" ? " " : character
            if next == " ", compact.last == " " { continue }
            compact.append(next)
        }
        return compact
    }

    private static func json(_ channel: Channel, _ entries: [Entry], file: String, settings: RSSSettings, zone: TimeZone) -> String {
        func text(_ value: String?) -> TemplateValue { value.map { .string($0) } ?? .none }
        let items: [TemplateValue] = entries.map { entry in
            .dict(TemplateDict([
                ("id", text(entry.guid)), ("url", text(entry.link)), ("title", .string(entry.title)), ("content_html", .string(entry.description)),
                ("image", .none), ("date_modified", .string(iso(entry.updated, zone: zone))), ("date_published", .string(iso(entry.created, zone: zone))),
                ("authors", .list((entry.authors ?? []).map { .dict(TemplateDict([("name", .string($0))])) })),
                ("tags", entry.categories.map { .list($0.map { .string($0) }) } ?? .none),
            ]))
        }
        let feed = TemplateValue.dict(TemplateDict([
            ("version", .string("https://jsonfeed.org/version/1.1")), ("title", .string(channel.title)), ("home_page_url", text(channel.siteURL)),
            ("feed_url", text(channel.siteURL.map { $0 + file })), ("description", text(channel.description)), ("icon", text(settings.image)),
            ("authors", .list(channel.author.map { [.dict(TemplateDict([("name", .string($0))]))] } ?? [])),
            ("language", .string(channel.language ?? "None")), ("items", .list(items)),
        ]))
        return (try? PythonJSON.encode(feed, indent: settings.prettyPrint ? 4 : nil, sortKeys: false)) ?? "{}"
    }
}
