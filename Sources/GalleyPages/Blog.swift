// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySources

/// mkdocs-material's blog, laid out: every post at its dated URL, newest first (pinned posts
/// before the rest), and the views that list them — the blog's index, one archive page per
/// year (or what `archive_date_format` groups by), one page per category — each split into
/// pages of `pagination_per_page` posts. Views that no file of the docs provides are made
/// here, as Markdown held in memory (never written into the docs).
package struct Blog: Sendable {
    /// What a view lists.
    package enum Kind: Sendable, Equatable {
        case index, archive, category
    }

    /// A view: its first page is the view itself, the others its later pages.
    package struct View: Sendable {
        package var kind: Kind
        /// The archive's date or the category's name; the index's title.
        package var name: String
        package var pages: [PageFile]
        /// The paths of its posts, in the blog's order.
        package var posts: [String]
        /// Posts per page.
        package var perPage: Int

        /// The posts on its page `number` (from 1).
        package func posts(onPage number: Int) -> ArraySlice<String> {
            let start = min(posts.count, (number - 1) * perPage)
            return posts[start..<min(posts.count, start + perPage)]
        }
    }

    package let settings: BlogSettings
    /// The published posts, newest first, pinned ones before the rest.
    package private(set) var posts: [BlogPost] = []
    /// The index first, then archives (newest first), then categories (by name).
    package private(set) var views: [View] = []
    /// The authors file's authors, by identifier.
    package let authors: [String: BlogAuthor]
    /// The Markdown of the pages the blog makes, by path.
    package private(set) var generated: [String: String] = [:]
    /// The posts kept out of the site (drafts), by path.
    package private(set) var excluded: Set<String> = []
    /// `theme.language`, for dates.
    package let locale: String
    /// Each post's minutes to read, by path, once its page is rendered (`readtime:` in its
    /// front matter comes first).
    package var readtimes: [String: Int] = [:]
    private var postPositions: [String: Int] = [:]
    private var viewPages: [String: (view: Int, page: Int)] = [:]

    /// The published post at `path`.
    package func post(at path: String) -> BlogPost? {
        postPositions[path].map { posts[$0] }
    }

    /// The view a page belongs to and which of its pages it is (from 1).
    package func view(at path: String) -> (view: View, page: Int)? {
        viewPages[path].map { (views[$0.view], $0.page + 1) }
    }

    /// The blog's index page.
    package var index: PageFile { views[0].pages[0] }

    /// The pages the blog adds to the site: the views not in the docs, and their later pages.
    package var addedPages: [PageFile] {
        views.flatMap(\.pages).filter { generated[$0.path] != nil }
    }

    /// The pages that are not in the navigation: posts, and views' later pages.
    package var pagesOutsideNavigation: [String] {
        posts.map(\.file.path) + views.flatMap { $0.pages.dropFirst().map(\.path) }
    }

    /// `date` written with `format`: a style (`full`, `long`, `medium`, `short`) or a
    /// Unicode date pattern (`yyyy/MM/dd`), in the site's language, as the plugin's Babel does.
    package func format(_ date: BlogDate, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        let styles: [String: DateFormatter.Style] = ["full": .full, "long": .long, "medium": .medium, "short": .short]
        if let style = styles[format] {
            formatter.dateStyle = style
            formatter.timeStyle = .none
        } else {
            formatter.dateFormat = format
        }
        return formatter.string(from: date.moment)
    }

    /// Lays out the blog of `posts` (read from the pages under the posts folder), whose
    /// index is `index` when the docs have one (`indexTitle` its title). `taken` tells
    /// whether a path is a page of the docs. Drafts stay out unless `showsDrafts`.
    package init(
        settings: BlogSettings, posts candidates: [BlogPost], index: PageFile?, indexTitle: String?, authors: [String: BlogAuthor],
        locale: String, useDirectoryURLs: Bool, showsDrafts: Bool, now: Date = Date(), taken: (String) -> PageFile?, log: inout DiagnosticLog
    ) {
        self.settings = settings
        self.authors = authors
        self.locale = locale
        func file(_ path: String) -> PageFile {
            if let existing = taken(path) { return existing }
            let located = PageURL.locate(path, useDirectoryURLs: useDirectoryURLs)
            return PageFile(path: path, absolutePath: "", destination: located.destination, url: located.url)
        }
        func viewPath(_ format: String, _ values: [String: String]) -> String {
            var text = format
            for (key, value) in values { text = text.replacingOccurrences(of: "{\(key)}", with: value) }
            let normalized = URLPath.normalize(text.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) ?? text
            return settings.blogDirectory + "/" + normalized + ".md"
        }
        // The posts at their URLs, drafts set apart.
        var published: [BlogPost] = []
        var used: [String: String] = [:]
        for var post in candidates {
            let isDraft = post.draft ?? (settings.draftIfFutureDate && post.created.moment > now)
            if isDraft && !settings.draft && !showsDrafts {
                excluded.insert(post.file.path)
                continue
            }
            let categories = post.categories.prefix(settings.postURLMaxCategories).map { Slug.unicodeSlugify($0, separator: settings.categoriesSlugSeparator) }
            let path = viewPath(settings.postURLFormat, [
                "categories": categories.joined(separator: "/"),
                "date": format(post.created, settings.postURLDateFormat),
                "file": String(PathName.lastComponent(post.file.path).dropLast(3)),
                "slug": post.slug ?? Slug.unicodeSlugify(post.title, separator: settings.postSlugSeparator),
            ])
            let located = PageURL.locate(path, useDirectoryURLs: useDirectoryURLs)
            if let other = used[located.url] ?? taken(path).map(\.path) {
                log.error(at: SourceLocation(file: post.file.path, line: 1), "the post would be published at `\(located.url)`, where `\(other)` is already; give one of them another `slug:`", code: BlogCodes.url)
                excluded.insert(post.file.path)
                continue
            }
            used[located.url] = post.file.path
            post.file.destination = located.destination
            post.file.url = located.url
            published.append(post)
        }
        // Newest first, pinned posts first; posts of one moment keep the docs' order.
        posts = published.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.pin ? 1 : 0, lhs.element.created), right = (rhs.element.pin ? 1 : 0, rhs.element.created)
            if left.0 != right.0 { return left.0 > right.0 }
            if left.1 != right.1 { return left.1 > right.1 }
            return lhs.offset < rhs.offset
        }.map(\.element)
        postPositions = Dictionary(posts.enumerated().map { ($1.file.path, $0) }, uniquingKeysWith: { first, _ in first })

        let indexPath = settings.blogDirectory + "/index.md"
        let indexFile = index ?? file(indexPath)
        if index == nil { generated[indexPath] = "# Blog\n" }
        var views = [View(kind: .index, name: indexTitle ?? "Blog", pages: [indexFile], posts: posts.map(\.file.path), perPage: settings.paginationPerPage)]
        if settings.archive {
            var archives: [String: Int] = [:]
            for post in posts {
                let path = viewPath(settings.archiveURLFormat, ["date": format(post.created, settings.archiveURLDateFormat)])
                if archives[path] == nil {
                    archives[path] = views.count
                    views.append(View(kind: .archive, name: format(post.created, settings.archiveDateFormat), pages: [file(path)], posts: [], perPage: settings.archivePaginationPerPage ?? settings.paginationPerPage))
                }
                views[archives[path]!].posts.append(post.file.path)
            }
        }
        if settings.categories {
            var categories: [String: View] = [:]
            for post in posts {
                for name in post.categories {
                    if !settings.categoriesAllowed.isEmpty && !settings.categoriesAllowed.contains(name) {
                        log.error(at: SourceLocation(file: post.file.path, line: 1), "the category `\(name)` is not in the `blog` plugin's `categories_allowed`", code: BlogCodes.category)
                        continue
                    }
                    let path = viewPath(settings.categoriesURLFormat, ["slug": Slug.unicodeSlugify(name, separator: settings.categoriesSlugSeparator)])
                    categories[path, default: View(kind: .category, name: name, pages: [file(path)], posts: [], perPage: settings.categoriesPaginationPerPage ?? settings.paginationPerPage)].posts.append(post.file.path)
                }
            }
            // By name as Python compares text (code point by code point).
            let sorted = categories.values.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
            views += settings.categoriesSortReverse ? sorted.reversed() : sorted
        }
        for position in views.indices {
            let view = views[position]
            if view.pages[0].absolutePath.isEmpty, generated[view.pages[0].path] == nil {
                generated[view.pages[0].path] = "# \(view.name)\n"
            }
            guard paginates(view.kind) else {
                views[position].perPage = max(1, view.posts.count)
                continue
            }
            for number in stride(from: 2, through: (view.posts.count + view.perPage - 1) / view.perPage, by: 1) {
                let pagination = settings.paginationURLFormat.replacingOccurrences(of: "{page}", with: String(number))
                var base = String(view.pages[0].path.dropLast(3))
                var tail = pagination
                // An index page's later pages are index pages of their own folder.
                if ["index", "README"].contains(PathName.lastComponent(base)) {
                    base = URLPath.directory(of: base).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                    tail += "/index"
                }
                let normalized = URLPath.normalize(tail.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) ?? tail
                let path = (base.isEmpty ? "" : base + "/") + normalized + ".md"
                let page = file(path)
                if page.absolutePath.isEmpty {
                    let title = view.kind == .index ? (indexTitle ?? "Blog") : view.name
                    generated[path] = "# \(title)\n"
                }
                views[position].pages.append(page)
            }
        }
        self.views = views
        for (position, view) in views.enumerated() {
            for (number, page) in view.pages.enumerated() where viewPages[page.path] == nil {
                viewPages[page.path] = (position, number)
            }
        }
    }

    /// Whether views of `kind` are split into pages.
    private func paginates(_ kind: Kind) -> Bool {
        switch kind {
        case .index: settings.pagination
        case .archive: settings.archivePagination ?? settings.pagination
        case .category: settings.categoriesPagination ?? settings.pagination
        }
    }

    /// The navigation's sections for the archive and the categories, titled in `words`.
    package func navigationSections(archiveTitle: String, categoriesTitle: String) -> [NavEntry] {
        var sections: [NavEntry] = []
        let archives = views.filter { $0.kind == .archive }
        if !archives.isEmpty {
            sections.append(.section(title: archiveTitle, children: archives.map { .page(title: nil, path: $0.pages[0].path, line: settings.line) }, line: settings.line))
        }
        let categories = views.filter { $0.kind == .category }
        if !categories.isEmpty {
            sections.append(.section(title: categoriesTitle, children: categories.map { .page(title: nil, path: $0.pages[0].path, line: settings.line) }, line: settings.line))
        }
        return sections
    }
}
