// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleySources

/// A date and time as a post's front matter writes it (`2024-01-31`, `2024-01-31 10:00`,
/// `2024-01-31T10:00:00Z`): the calendar's numbers, which is what URLs and archives show.
package struct BlogDate: Sendable, Hashable, Comparable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour = 0
    package var minute = 0
    package var second = 0

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The date YAML reads from `text` (a date, or a date and time with an optional zone,
    /// which is dropped), or `nil`.
    package static func parse(_ text: String) -> BlogDate? {
        let pattern = #"^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d*)?)?(?:[ \t]*(?:Z|[-+]\d{1,2}(?::?\d{2})?))?)?$"#
        guard let match = try? NSRegularExpression(pattern: pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        func number(_ group: Int) -> Int {
            guard let range = Range(match.range(at: group), in: text) else { return 0 }
            return Int(text[range]) ?? 0
        }
        let date = BlogDate(year: number(1), month: number(2), day: number(3), hour: number(4), minute: number(5), second: number(6))
        guard (1...12).contains(date.month), (1...31).contains(date.day), date.hour < 24, date.minute < 60, date.second < 61 else { return nil }
        return date
    }

    /// The moment, read in UTC (as the plugin reads a date without a zone).
    package var moment: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) ?? Date(timeIntervalSince1970: 0)
    }

    /// `2024-01-31 00:00:00+00:00`, as the plugin's templates write a post's `datetime`.
    package var isoText: String {
        String(format: "%04d-%02d-%02d %02d:%02d:%02d+00:00", year, month, day, hour, minute, second)
    }

    package static func < (lhs: BlogDate, rhs: BlogDate) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second) < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}

/// A post's related link (`links:` in its front matter, written as mkdocs' `nav` is): a page
/// of the docs by its path (with an anchor, perhaps) or a URL, titled or not, or a titled
/// group of them.
package indirect enum BlogLink: Sendable, Equatable {
    case target(title: String?, String)
    case section(title: String, [BlogLink])

    /// The links `value` lists; what is not a link is said in `problems`.
    package static func read(_ value: ConfigValue, problems: inout [String]) -> [BlogLink] {
        guard let items = value.list else {
            problems.append("`links` must be a list of pages, URLs and titled groups of them")
            return []
        }
        return items.compactMap { item in
            if let path = item.string { return .target(title: nil, path) }
            guard let entry = item.entries?.first, item.entries?.count == 1 else {
                problems.append("a related link is a path, `Title: path`, or `Title:` with a list of links")
                return nil
            }
            if let path = entry.value.string { return .target(title: entry.key, path) }
            return .section(title: entry.key, read(entry.value, problems: &problems))
        }
    }
}

/// One post of the blog, as its front matter describes it.
package struct BlogPost: Sendable {
    /// The post's page, at the URL the blog gives it.
    package var file: PageFile
    package var title: String
    package var created: BlogDate
    package var updated: BlogDate?
    package var categories: [String]
    package var authors: [String]
    /// `draft:` when the front matter says it.
    package var draft: Bool?
    package var pin: Bool
    /// `readtime:` when the front matter sets it.
    package var readtime: Int?
    /// `slug:` when the front matter sets it.
    package var slug: String?
    /// `links:`, the post's related links.
    package var links: [BlogLink] = []

    package init(
        file: PageFile, title: String, created: BlogDate, updated: BlogDate?, categories: [String], authors: [String],
        draft: Bool?, pin: Bool, readtime: Int?, slug: String?
    ) {
        self.file = file
        self.title = title
        self.created = created
        self.updated = updated
        self.categories = categories
        self.authors = authors
        self.draft = draft
        self.pin = pin
        self.readtime = readtime
        self.slug = slug
    }

    /// The front matter keys that take effect on a post.
    package static let keys: Set<String> = ["date", "slug", "authors", "categories", "draft", "pin", "readtime", "links"]

    /// The post `page` describes; a post without a date it can be published by is an error
    /// at its `date:` line (or its first line).
    package static func read(_ page: ParsedPage, log: inout DiagnosticLog) -> BlogPost? {
        let metadata = page.document.metadata
        let dateLine = metadata.keyLines["date"] ?? 1
        guard let createdText = metadata.values["date"] ?? metadata.values["date.created"] else {
            log.error(at: SourceLocation(file: page.file.path, line: dateLine, column: 1), "a blog post needs a `date:` (or `date: {created: …}`) in its front matter", code: BlogCodes.date)
            return nil
        }
        guard let created = BlogDate.parse(createdText) else {
            log.error(at: SourceLocation(file: page.file.path, line: dateLine, column: 1), "`\(createdText)` is not a date; write it as `2024-01-31` or `2024-01-31 10:00:00`", code: BlogCodes.date)
            return nil
        }
        var updated: BlogDate?
        if let text = metadata.values["date.updated"] {
            updated = BlogDate.parse(text)
            if updated == nil {
                log.error(at: SourceLocation(file: page.file.path, line: dateLine, column: 1), "the updated date `\(text)` is not a date; write it as `2024-01-31`", code: BlogCodes.date)
            }
        }
        func flag(_ key: String) -> Bool? {
            metadata.values[key].flatMap { ["true": true, "True": true, "yes": true, "false": false, "False": false, "no": false][$0] }
        }
        var links: [BlogLink] = []
        if let line = metadata.keyLines["links"] {
            // The front matter again, as YAML: links nest, which the page's metadata keeps flat.
            let yaml = page.source.split(separator: "\n", omittingEmptySubsequences: false).prefix(metadata.lineCount).dropFirst().dropLast().joined(separator: "\n")
            var problems: [String] = []
            if let value = try? YAMLFile.value(of: yaml, shown: page.file.path, code: BlogCodes.date), let listed = value["links"] {
                links = BlogLink.read(listed, problems: &problems)
            }
            for problem in problems {
                log.warn(at: SourceLocation(file: page.file.path, line: line, column: 1), problem, code: PageCodes.frontMatterKey)
            }
        }
        var post = BlogPost(
            file: page.file, title: page.title, created: created, updated: updated,
            categories: metadata.lists["categories"] ?? [], authors: metadata.lists["authors"] ?? [],
            draft: flag("draft"), pin: flag("pin") ?? false, readtime: metadata.values["readtime"].flatMap { Int($0) },
            slug: metadata.values["slug"].flatMap { $0.isEmpty ? nil : $0 }
        )
        post.links = links
        return post
    }
}
