// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyMarkup
import GalleyPages
import GalleySources

/// How the blog shows in Galley's theme: a post's facts (date, authors, categories, read
/// time) above it, and a view's excerpts after the view's own content, with the links to
/// its other pages.
package enum BlogListing {
    /// An excerpt ready to show: the post, its excerpt's HTML, and whether the post goes on.
    package struct Excerpt: Sendable {
        package var post: BlogPost
        package var html: HTML
        package var more: Bool

        package init(post: BlogPost, html: HTML, more: Bool) {
            self.post = post
            self.html = html
            self.more = more
        }
    }

    /// The line of facts about `post`, on the page at `pageURL`; `authorLimit` and
    /// `categoryLimit` bound how many of each it names.
    package static func facts(of post: BlogPost, blog: Blog, pageURL: String, authorLimit: Int = .max, categoryLimit: Int = .max) -> HTML {
        let words = BlogWords.forLocale(blog.locale)
        var items: [HTML] = []
        var authors: [HTML] = []
        if blog.settings.authors {
            for id in post.authors.prefix(authorLimit) {
                guard let author = blog.authors[id] else { continue }
                authors.append("<span class=\"g-post-author\"><img src=\"\(link(author.avatar, from: pageURL))\" alt=\"\(author.name)\"> \(author.name)</span>")
            }
        }
        items.append("<time datetime=\"\(post.created.isoText)\">\(blog.format(post.created, blog.settings.postDateFormat))</time>")
        let categories = post.categories.prefix(categoryLimit).compactMap { name -> HTML? in
            guard let view = blog.views.first(where: { $0.kind == .category && $0.name == name }) else { return nil }
            return "<a href=\"\(URLPath.relative(view.pages[0].url, from: pageURL))\">\(name)</a>"
        }
        if !categories.isEmpty {
            items.append("\(words.inCategories) " + categories.joined(separator: ", "))
        }
        if blog.settings.readtime, let minutes = post.readtime ?? blog.readtimes[post.file.path] {
            items.append(HTML(trusted: MarkupText.escape(words.readTime.replacingOccurrences(of: "%d", with: String(minutes)))))
        }
        if post.draft == true {
            items.append("<span class=\"g-post-draft\">\(words.draft)</span>")
        }
        let authorLine: HTML = authors.isEmpty ? .empty : "<span class=\"g-post-authors\">\(authors.joined(separator: " "))</span>"
        return "<div class=\"g-post-facts\">\(authorLine)<ul>" + items.map { "<li>\($0)</li>" as HTML }.joined() + "</ul></div>"
    }

    /// A post's related links, as a list after its facts; `resolve` gives a link target's
    /// address from the post and its title, or `nil` for a target that is not there.
    package static func relatedLinks(_ links: [BlogLink], resolve: (String) -> (url: String, title: String)?) -> HTML {
        guard !links.isEmpty else { return .empty }
        func list(_ links: [BlogLink]) -> HTML {
            let items = links.map { link -> HTML in
                switch link {
                case .target(let title, let target):
                    guard let found = resolve(target) else { return "<li>\(title ?? target)</li>" }
                    return "<li><a href=\"\(found.url)\">\(title ?? found.title)</a></li>"
                case .section(let title, let children):
                    return "<li>\(title)" + list(children) + "</li>"
                }
            }
            return "<ul>" + items.joined() + "</ul>"
        }
        return "<nav class=\"g-post-links\">" + list(links) + "</nav>"
    }

    /// The excerpts of a view's page `number` and the links to its other pages.
    package static func listing(_ excerpts: [Excerpt], view: Blog.View, page number: Int, blog: Blog, pageURL: String) -> HTML {
        let words = BlogWords.forLocale(blog.locale)
        var html: HTML = "<div class=\"g-posts\">"
        for excerpt in excerpts {
            let more: HTML = excerpt.more ? "<p class=\"g-post-more\"><a href=\"\(URLPath.relative(excerpt.post.file.url, from: pageURL))\">\(words.continueReading)</a></p>" : .empty
            let facts = Self.facts(of: excerpt.post, blog: blog, pageURL: pageURL, authorLimit: blog.settings.excerptMaxAuthors, categoryLimit: blog.settings.excerptMaxCategories)
            html += "<article class=\"g-post\(excerpt.post.pin ? " g-post-pinned" : "")\">" + facts + excerpt.html + more + "</article>"
        }
        html += "</div>"
        return html + pager(view, page: number, pageURL: pageURL, format: blog.settings.paginationFormat, ifSinglePage: blog.settings.paginationIfSinglePage)
    }

    /// Links to a view's pages, as the plugin's `~2~` pager shows them: the first and last
    /// page, and those within the radius of the current one, gaps marked with `..`.
    static func pager(_ view: Blog.View, page current: Int, pageURL: String, format: String, ifSinglePage: Bool) -> HTML {
        let count = view.pages.count
        guard count > 1 || ifSinglePage else { return .empty }
        let radius = format.split(separator: "~").first.flatMap { Int($0) } ?? 2
        let low = max(1, current - radius), high = min(count, current + radius)
        var numbers: [Int?] = []
        if low > 1 { numbers.append(1) }
        if low > 2 { numbers.append(nil) }
        numbers += (low...high).map { Optional($0) }
        if high < count - 1 { numbers.append(nil) }
        if high < count { numbers.append(count) }
        let links = numbers.map { number -> HTML in
            guard let number else { return "<span class=\"g-pager-gap\">..</span>" }
            if number == current { return "<span class=\"g-pager-current\" aria-current=\"page\">\(number)</span>" }
            return "<a class=\"g-pager-link\" href=\"\(URLPath.relative(view.pages[number - 1].url, from: pageURL))\">\(number)</a>"
        }
        return "<nav class=\"g-pager\">" + links.joined(separator: " ") + "</nav>"
    }

    /// An avatar's address from the page at `pageURL`: a URL as written, a file of the docs
    /// relative to the page.
    private static func link(_ target: String, from pageURL: String) -> String {
        if target.contains("://") || target.hasPrefix("/") || target.hasPrefix("data:") { return target }
        return URLPath.relative(target, from: pageURL)
    }
}
