// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// mkdocs-material's `blog` plugin: the same project built by mkdocs and by Galley has the
/// same pages at the same URLs (posts, archive, categories, later pages), each view lists
/// the same posts in the same order with the same dates, categories and read times, and
/// the posts' images move with them.
@Suite("Blog plugin")
struct BlogPluginTests {
    static func post(_ front: String, _ body: String) -> String {
        "---\n\(front)\n---\n\n\(body)\n"
    }

    static let words = Array(repeating: "Words to read, one after another in a long paragraph.", count: 60).joined(separator: " ")

    static let files: [String: String] = [
        "mkdocs.yml": """
            site_name: Blog
            theme:
              name: material
            plugins:
              - search
              - blog:
                  pagination_per_page: 3
            nav:
              - Home: index.md
              - News:
                - blog/index.md

            """,
        "docs/index.md": "# Home\n\nRead [the news](blog/index.md).\n",
        "docs/blog/index.md": "# News\n\nWhat is new.\n",
        "docs/blog/.authors.yml": "authors:\n  ann:\n    name: Ann Author\n    description: Writer\n    avatar: https://example.com/ann.png\n",
        "docs/blog/posts/first.md": post("date: 2024-01-05\nauthors: [ann]\ncategories:\n  - Releases\nlinks:\n  - index.md\n  - The third: blog/posts/third.md\n  - More:\n    - blog/posts/first.md#details\n    - https://example.com/", "# First release\n\nThe summary.\n\n<!-- more -->\n\n\(words)\n\n## Details\n\nMore."),
        "docs/blog/posts/second.md": post("date:\n  created: 2024-03-01\n  updated: 2024-03-02\ntitle: \"Second: the sequel\"\ncategories:\n  - Releases\n  - Guides", "Text of the second post, with ![a picture](third/pic.png).\n\n\(words) \(words)"),
        "docs/blog/posts/third.md": post("date: 2023-12-24 10:30:00\nslug: custom-slug\ncategories: [Guides]", "# Third\n\n![A picture](third/pic.png)\n\nSee [the first](first.md#details).\n\n<!-- more -->\n\nRest."),
        "docs/blog/posts/third/pic.png": "not really a picture",
        "docs/blog/posts/pinned.md": post("date: 2022-06-01\npin: true", "# Pinned post\n\nAlways first."),
        "docs/blog/posts/draft.md": post("date: 2024-05-01\ndraft: true", "# Not yet\n\nUnfinished."),
        "docs/blog/posts/nested/fifth.md": post("date: 2024-01-05\ncategories: [Zebra]", "# Fifth – Ärger über Ümlaute\n\nShort."),
        "docs/blog/posts/old.md": post("date: 2021-02-03", "# An old post\n\nOld."),
    ]

    /// The pages of the site under `blog/`.
    static func pages(_ root: URL) -> [String] {
        let blog = root.appendingPathComponent("blog")
        let found = FileManager.default.enumerator(atPath: blog.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".html") || $0.hasSuffix(".png") }.sorted()
    }

    /// A view's excerpts as a reader sees them: each post's link, date, categories and read time.
    static func excerpts(_ html: String, marker: String) -> [String] {
        html.components(separatedBy: marker).dropFirst().map { part in
            func first(_ pattern: String) -> String {
                let expression = try! NSRegularExpression(pattern: pattern)
                guard let match = expression.firstMatch(in: part, range: NSRange(part.startIndex..., in: part)), let range = Range(match.range(at: 1), in: part) else { return "-" }
                return String(part[range])
            }
            let link = first(#"<h2[^>]*>\s*<a[^>]*href="([^"]*)""#)
            let date = first(#"<time[^>]*>\s*([^<]*?)\s*</time>"#)
            let minutes = first(#"(\d+) min read"#)
            let header = part.components(separatedBy: "<h2").first ?? ""
            let categories = try! NSRegularExpression(pattern: #"<a href="[^"]*category/[^"]*"[^>]*>\s*([^<]*?)\s*</a>"#).matches(in: header, range: NSRange(header.startIndex..., in: header)).map { String(header[Range($0.range(at: 1), in: header)!]) }
            // mkdocs writes non-ASCII in URLs percent-encoded, Galley as it is: the same address.
            return "\(link.removingPercentEncoding ?? link) \(date) [\(categories.joined(separator: ", "))] \(minutes)"
        }
    }

    @Test func theBlogIsPublishedAsMkdocsPublishesIt() throws {
        guard FileManager.default.isExecutableFile(atPath: TemplateParityTests.mkdocs) else { throw Oracle.Missing() }
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        #expect(try TemplateParityTests.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build", "--strict"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        let theirs = Self.pages(project.root.appendingPathComponent("mkdocs-site"))
        #expect(theirs.contains("2023/12/24/custom-slug/index.html"))
        #expect(theirs.contains("page/2/index.html"))
        #expect(!theirs.contains { $0.contains("not-yet") })
        #expect(Self.pages(project.root.appendingPathComponent("site")) == theirs)
        let views = theirs.filter { $0 == "index.html" || $0.hasPrefix("archive/") || $0.hasPrefix("category/") || $0.hasPrefix("page/") }
        #expect(views.count == 9)
        for view in views {
            let expected = Self.excerpts(project.read("mkdocs-site/blog/" + view) ?? "", marker: "md-post--excerpt")
            #expect(!expected.isEmpty, "\(view)")
            #expect(Self.excerpts(project.read("site/blog/" + view) ?? "", marker: "<article class=\"g-post") == expected, "\(view)")
        }
        // The archive and the categories follow the blog's index in the navigation, in
        // mkdocs' order (the pinned post's year first).
        func navigation(_ html: String) -> [String] {
            let labels = ["News", "Archive", "2024", "2023", "2022", "2021", "Categories", "Guides", "Releases", "Zebra"]
            let found = labels.compactMap { label in html.range(of: ">\\s*\(label)\\s*<", options: .regularExpression).map { (label, $0.lowerBound) } }
            return found.sorted { $0.1 < $1.1 }.map(\.0)
        }
        let order = navigation(project.read("mkdocs-site/blog/index.html") ?? "")
        #expect(order.count == 10)
        #expect(navigation(project.read("site/blog/index.html") ?? "") == order)
        // A post names its author, and its picture went where the post went.
        let third = project.read("site/blog/2023/12/24/custom-slug/index.html") ?? ""
        #expect(third.contains("src=\"../../../../third/pic.png\""))
        let first = project.read("site/blog/2024/01/05/first-release/index.html") ?? ""
        #expect(first.contains("Ann Author"))
        // Its related links, from the docs folder as `nav` writes them, titled by their pages.
        #expect(first.contains("<li><a href=\"../../../../../\">Home</a></li><li><a href=\"../../../../2023/12/24/custom-slug/\">The third</a></li><li>More<ul><li><a href=\"./#details\">Details</a></li><li><a href=\"https://example.com/\">https://example.com/</a></li></ul></li>"), "\(first)")
    }

    @Test func wrongPostsAreErrorsAtTheirLines() throws {
        var files = Self.files
        files["docs/blog/posts/undated.md"] = Self.post("title: No date", "Text.")
        files["docs/blog/posts/baddate.md"] = Self.post("date: yesterday", "# Bad\n\nText.")
        files["docs/blog/posts/stranger.md"] = Self.post("date: 2024-02-02\nauthors: [bob]", "# Stranger\n\nText.")
        files["docs/blog/posts/clash.md"] = Self.post("date: 2024-01-05\nslug: first-release", "# Clash\n\nText.")
        files["docs/blog/posts/linked.md"] = Self.post("date: 2024-02-03\nlinks:\n  - nowhere.md", "# Linked\n\nText.")
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.status != 0)
        #expect(galley.stderr.contains("docs/blog/posts/undated.md:1:1: error: a blog post needs a `date:`"), "\(galley.stderr)")
        #expect(galley.stderr.contains("docs/blog/posts/baddate.md:2:1: error: `yesterday` is not a date"))
        #expect(galley.stderr.contains("docs/blog/posts/stranger.md:3:1: error: the author `bob` is not in `blog/.authors.yml`"))
        #expect(galley.stderr.contains("would be published at `blog/2024/01/05/first-release/`"))
        #expect(galley.stderr.contains("docs/blog/posts/linked.md:3:1: warning: the related link `nowhere.md` names no page of the docs"))
        #expect(!project.exists("site"))
    }

    @Test func optionsGalleyDoesNotHonourAreWarnedAbout() throws {
        var files = Self.files
        files["mkdocs.yml"] = "site_name: Blog\nplugins:\n  - blog:\n      blog_toc: true\n      post_slugify: !!python/name:pymdownx.slugs.uslugify\n      pagination_per_page: many\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.stderr.contains("mkdocs.yml:4:"), "\(galley.stderr)")
        #expect(galley.stderr.contains("`blog_toc: true` of the `blog` plugin is not supported"))
        #expect(galley.stderr.contains("the option `post_slugify` of the `blog` plugin has no effect"))
        #expect(galley.stderr.contains("`pagination_per_page` of the `blog` plugin must be a whole number"))
    }

    /// A feed's entries as a reader gets them: each element of each item, in order.
    static func feedItems(_ xml: String) -> [[String]] {
        xml.components(separatedBy: "<item>").dropFirst().map { item in
            let body = item.components(separatedBy: "</item>")[0]
            let pattern = try! NSRegularExpression(pattern: #"<(title|author|category|description|link|pubDate|guid)[^>]*>([\s\S]*?)</\1>"#)
            return pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)).map { match in
                let name = String(body[Range(match.range(at: 1), in: body)!])
                var value = String(body[Range(match.range(at: 2), in: body)!])
                // Python-Markdown and Galley break lines between blocks differently, and Jinja
                // writes a quote `&#34;` where Galley writes `&quot;`: the same text.
                value = value.replacingOccurrences(of: #"&gt;\s+&lt;"#, with: "&gt;&lt;", options: .regularExpression).replacingOccurrences(of: "&#34;", with: "&quot;")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                return name + ": " + value
            }
        }
    }

    @Test func feedsListThePostsAsTheRSSPluginDoes() throws {
        guard FileManager.default.isExecutableFile(atPath: TemplateParityTests.mkdocs) else { throw Oracle.Missing() }
        var files = Self.files
        files["mkdocs.yml"] = """
            site_name: Blog
            site_url: https://example.com/news
            site_description: What is new
            theme:
              name: material
            plugins:
              - blog
              - rss:
                  match_path: "blog/posts/.*"
                  use_git: false
                  categories: [categories]
                  date_from_meta:
                    as_creation: date
                    as_update: date
                  length: 5

            """
        files["docs/blog/posts/second.md"] = Self.post("date: 2024-03-01\ntitle: \"Second: the sequel\"\ndescription: The second one & more.\ncategories:\n  - Releases\n  - Guides", "Text of the second post.\n\n\(Self.words)")
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        #expect(try TemplateParityTests.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build", "--strict"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        for feed in ["feed_rss_created.xml", "feed_rss_updated.xml"] {
            let theirs = Self.feedItems(project.read("mkdocs-site/" + feed) ?? "")
            #expect(theirs.count == 5)
            #expect(Self.feedItems(project.read("site/" + feed) ?? "") == theirs, "\(feed)")
        }
        // The JSON feeds hold the same entries.
        for feed in ["feed_json_created.json", "feed_json_updated.json"] {
            func entries(_ path: String) throws -> [[String: String]] {
                let object = try JSONSerialization.jsonObject(with: Data((project.read(path) ?? "{}").utf8)) as? [String: Any]
                return (object?["items"] as? [[String: Any]] ?? []).map { item in
                    item.compactMapValues { value in (value as? String).map { $0.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression) } }
                }
            }
            #expect(try entries("site/" + feed) == entries("mkdocs-site/" + feed), "\(feed)")
        }
        #expect(project.read("site/rss.xsl")?.contains("xsl:stylesheet") == true)
    }

    /// Without front matter dates, an entry is dated by git: created when first committed,
    /// updated when last committed.
    @Test func feedsDateByGitAsTheRSSPluginDoes() throws {
        guard FileManager.default.isExecutableFile(atPath: TemplateParityTests.mkdocs) else { throw Oracle.Missing() }
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Notes\nsite_url: https://example.com/\nplugins:\n  - rss\n",
            "docs/index.md": "# Home\n\nWelcome.\n",
            "docs/older.md": "# Older\n\nWritten first.\n",
            "docs/newer.md": "---\ndescription: Given.\n---\n# Newer\n\nWritten second.\n",
        ])
        defer { project.remove() }
        try TemporaryProject.shell("""
            export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.com GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@example.com
            git init -q . && git add mkdocs.yml docs/index.md docs/older.md
            GIT_AUTHOR_DATE='2020-01-02T03:04:05Z' GIT_COMMITTER_DATE='2020-01-02T03:04:05Z' git commit -qm one
            git add docs/newer.md && GIT_AUTHOR_DATE='2021-05-06T07:08:09Z' GIT_COMMITTER_DATE='2021-05-06T07:08:09Z' git commit -qm two
            echo More. >> docs/older.md && git add docs/older.md && GIT_AUTHOR_DATE='2022-10-11T12:13:14Z' GIT_COMMITTER_DATE='2022-10-11T12:13:14Z' git commit -qm three
            """, in: project.root)
        #expect(try TemplateParityTests.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build", "--strict"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        for feed in ["feed_rss_created.xml", "feed_rss_updated.xml"] {
            let theirs = Self.feedItems(project.read("mkdocs-site/" + feed) ?? "")
            #expect(theirs.count == 3)
            #expect(Self.feedItems(project.read("site/" + feed) ?? "") == theirs, "\(feed)")
        }
        #expect(project.read("site/feed_rss_updated.xml")?.contains("Tue, 11 Oct 2022 12:13:14 +0000") == true)
    }
}
