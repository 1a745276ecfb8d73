// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources
import GalleyTemplates

/// The `tags` plugin's view of the site: each page's tags, and every tag with the pages that
/// carry it, as mkdocs-material orders them (tags by name, a tag's pages by title). Pages
/// show their tags as links into the first page that holds the listing marker, and that
/// page shows the listing where its marker is.
package struct TagIndex: Sendable {
    /// A page that carries tags, or holds a listing.
    package struct Page: Sendable {
        package var file: PageFile
        package var tags: [String]
        /// Whether its source holds the listing marker.
        package var hasListing: Bool

        package init(file: PageFile, tags: [String], hasListing: Bool) {
            self.file = file
            self.tags = tags
            self.hasListing = hasListing
        }
    }

    package let settings: TagsSettings
    /// Each tag's pages, by tag, sorted as the listing shows them.
    private(set) var tagged: [(tag: String, pages: [PageFile])] = []
    /// Each page's tags, in its front matter's order.
    private var tagsOfPage: [String: [String]] = [:]
    /// The pages that carry tags, in the site's order.
    private var taggedPages: [PageFile] = []
    /// Where tags link to: the first page holding a listing.
    package private(set) var listingPage: PageFile?
    /// `extra.tags`: a tag's identifier, which names its style and icon.
    private let identifiers: [String: String]

    package init(settings: TagsSettings, pages: [Page], titles: [String: String], extra: ConfigValue) {
        self.settings = settings
        var identifiers: [String: String] = [:]
        for entry in extra["tags"]?.entries ?? [] {
            if let identifier = entry.value.string { identifiers[entry.key] = identifier }
        }
        self.identifiers = identifiers
        var byTag: [String: [PageFile]] = [:]
        // Python sorts text by code point: upper case before lower case.
        let before: (String, String) -> Bool = { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let tagOrder: (String, String) -> Bool = settings.tagsSortReverse ? { before($1, $0) } : before
        for page in pages {
            if page.hasListing, listingPage == nil { listingPage = page.file }
            guard !page.tags.isEmpty else { continue }
            var seen: Set<String> = []
            // A page's own tags are sorted as the listing's are.
            let own = page.tags.filter { seen.insert($0).inserted }.sorted(by: tagOrder)
            tagsOfPage[page.file.path] = own
            taggedPages.append(page.file)
            for tag in own { byTag[tag, default: []].append(page.file) }
        }
        func title(_ file: PageFile) -> String { titles[file.path] ?? PageTitle.fromFileName(file.path) }
        let names = byTag.keys.sorted(by: tagOrder)
        tagged = names.map { tag in
            let pages = byTag[tag]!.enumerated().sorted { left, right in
                let (a, b) = (title(left.element), title(right.element))
                if a != b { return settings.listingsSortReverse ? before(b, a) : before(a, b) }
                return left.offset < right.offset
            }.map(\.element)
            return (tag, pages)
        }
    }

    /// The pages of a view as the index reads them: each one's tags, and whether it holds
    /// the listing marker (with or without options).
    package static func pages(_ parsed: [ParsedPage], settings: TagsSettings) -> [Page] {
        let marker = "<!-- \(settings.listingsDirective)"
        return parsed.map { page in
            Page(file: page.file, tags: page.document.metadata.lists[settings.nameProperty] ?? [], hasListing: settings.listings && page.source.containsBytes(marker))
        }
    }

    /// The tags `page` carries.
    package func tags(of page: String) -> [String] {
        tagsOfPage[page] ?? []
    }

    /// The listing marker as the Markdown stage writes it (an HTML comment, as written).
    package var marker: String { "<!-- \(settings.listingsDirective)" }

    /// `html` with each listing marker (with its options, which are warned about) replaced by `listing`.
    func replacingMarkers(in html: String, with listing: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: marker), let end = rest[start.upperBound...].range(of: "-->") {
            result += rest[..<start.lowerBound] + listing
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// A tag's anchor in a listing (`tag:html5`).
    func anchor(_ tag: String) -> String {
        settings.anchor(slug: Slug.unicodeSlugify(tag, separator: settings.slugSeparator))
    }

    private func classes(_ tag: String) -> String {
        identifiers[tag].map { "g-tag g-tag--\(MarkupText.escape($0))" } ?? "g-tag"
    }

    /// The icon a tag shows: `theme.icon.tag.<identifier>`, else `theme.icon.tag.default`.
    private func icon(_ tag: String, icons: ThemeIcons, config: SiteConfig) -> HTML {
        let name = identifiers[tag].flatMap { config.theme.icons["tag.\($0)"] } ?? config.theme.icons["tag.default"]
        return icons.svg(name) ?? .empty
    }

    /// The tags `page` carries, as links into the listing (or as labels when no page lists
    /// them); empty when it carries none or `tags: false`.
    func pageTags(_ page: String, root: String, icons: ThemeIcons, config: SiteConfig) -> HTML {
        let own = tags(of: page)
        guard settings.showsTags, !own.isEmpty else { return .empty }
        var html: HTML = "<nav class=\"g-tags\" aria-label=\"Tags\">\n"
        for tag in own {
            let label: HTML = icon(tag, icons: icons, config: config) + "\(tag)"
            if let listing = listingPage {
                html += "<a class=\"\(classes(tag))\" href=\"\(PageTemplate.href(listing.url, root: root))#\(anchor(tag))\">" + label + "</a>\n"
            } else {
                html += "<span class=\"\(classes(tag))\">" + label + "</span>\n"
            }
        }
        return html + "</nav>\n"
    }

    /// The listing: each tag as a heading, with links to its pages.
    func listing(root: String, icons: ThemeIcons, config: SiteConfig, titles: (PageFile) -> String) -> HTML {
        var html = HTML.empty
        for (tag, pages) in tagged {
            html += "<h2 id=\"\(anchor(tag))\" class=\"g-tag-heading\"><span class=\"\(classes(tag))\">" + icon(tag, icons: icons, config: config) + "\(tag)</span></h2>\n<ul class=\"g-tag-pages\">\n"
            for file in pages {
                html += "<li><a href=\"\(PageTemplate.href(file.url, root: root))\">\(titles(file))</a></li>\n"
            }
            html += "</ul>\n"
        }
        return html
    }

    /// The listing's entries for the table of contents: one per tag, at level 2.
    package var tableOfContents: [TOCEntry] {
        tagged.map { TOCEntry(level: 2, title: $0.tag, id: anchor($0.tag)) }
    }

    /// `tags.json`, as the plugin exports it: each tagged page's URL, title and tags.
    package func export(titles: (PageFile) -> String) -> Data {
        let mappings: [TemplateValue] = taggedPages.map { file in
            .dict(TemplateDict([
                ("item", .dict(TemplateDict([("url", .string(file.url)), ("title", .string(titles(file)))]))),
                ("tags", .list(tags(of: file.path).map { .string($0) })),
            ]))
        }
        let json = (try? PythonJSON.encode(.dict(TemplateDict([("mappings", .list(mappings))])), sortKeys: false)) ?? "{}"
        return Data(json.utf8)
    }
}
