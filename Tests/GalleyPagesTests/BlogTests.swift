// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyOracle
import GalleyPages
import GalleySources
import Testing

/// The blog's layout and its read time, apart from a site.
@Suite("Blog")
struct BlogTests {
    static let words = Array(repeating: "Words to read, one after another in a long paragraph.", count: 60).joined(separator: " ")

    static func post(_ path: String, _ date: String, draft: Bool? = nil, categories: [String] = []) -> BlogPost {
        BlogPost(
            file: PageFile(path: path, absolutePath: "/docs/" + path, destination: "", url: ""), title: PageTitle.fromFileName(path),
            created: BlogDate.parse(date)!, updated: nil, categories: categories, authors: [], draft: draft, pin: false, readtime: nil, slug: nil
        )
    }

    static func blog(_ posts: [BlogPost], settings: BlogSettings = BlogSettings(), showsDrafts: Bool = false, now: Date = Date()) -> (Blog, DiagnosticLog) {
        var log = DiagnosticLog()
        let blog = Blog(settings: settings, posts: posts, index: nil, indexTitle: nil, authors: [:], locale: "en", useDirectoryURLs: true, showsDrafts: showsDrafts, now: now, taken: { _ in nil }, log: &log)
        return (blog, log)
    }

    @Test func dratsAreLeftOutOfABuildAndShownOnServe() {
        let posts = [Self.post("blog/posts/a.md", "2024-01-01"), Self.post("blog/posts/b.md", "2024-02-01", draft: true)]
        #expect(Self.blog(posts).0.posts.map(\.file.path) == ["blog/posts/a.md"])
        #expect(Self.blog(posts).0.excluded == ["blog/posts/b.md"])
        #expect(Self.blog(posts, showsDrafts: true).0.posts.map(\.file.path) == ["blog/posts/b.md", "blog/posts/a.md"])
        var settings = BlogSettings()
        settings.draftIfFutureDate = true
        let future = [Self.post("blog/posts/c.md", "2030-01-01"), Self.post("blog/posts/d.md", "2030-01-01", draft: false)]
        #expect(Self.blog(future, settings: settings).0.posts.map(\.file.path) == ["blog/posts/d.md"])
    }

    @Test func urlsFollowTheFormats() {
        var settings = BlogSettings()
        settings.postURLFormat = "{categories}/{file}"
        settings.archiveDateFormat = "MMMM yyyy"
        settings.archiveURLDateFormat = "yyyy/MM"
        settings.paginationPerPage = 1
        let (blog, log) = Self.blog([Self.post("blog/posts/a-file.md", "2024-01-31T10:00:00Z", categories: ["Big News", "Other"])], settings: settings)
        #expect(log.diagnostics.isEmpty)
        #expect(blog.posts[0].file.url == "blog/big-news/a-file/")
        #expect(blog.views.map { $0.pages[0].url } == ["blog/", "blog/archive/2024/01/", "blog/category/big-news/", "blog/category/other/"])
        #expect(blog.views[1].name == "January 2024")
        #expect(blog.generated["blog/index.md"] == "# Blog\n")
        #expect(blog.format(blog.posts[0].created, "long") == "January 31, 2024")
    }

    @Test func datesAreReadAsYAMLWritesThem() {
        #expect(BlogDate.parse("2024-01-31") == BlogDate(year: 2024, month: 1, day: 31))
        #expect(BlogDate.parse("2024-01-31 10:05:03") == BlogDate(year: 2024, month: 1, day: 31, hour: 10, minute: 5, second: 3))
        #expect(BlogDate.parse("2024-01-31T10:05:03.5+02:00") == BlogDate(year: 2024, month: 1, day: 31, hour: 10, minute: 5, second: 3))
        #expect(BlogDate.parse("2024-13-01") == nil)
        #expect(BlogDate.parse("yesterday") == nil)
    }

    /// Read time counts as the plugin's function does, on the same HTML.
    @Test func readTimeEqualsThePlugins() throws {
        let python = Oracle.repository.appendingPathComponent(".build/oracle-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Oracle.Missing() }
        let samples = [
            "",
            "<p>One two three.</p>",
            "<p>\(BlogTests.words)</p><img src=a.png><img src='b.png'/>" + String(repeating: "<p><img src=c.png></p>", count: 12),
            "<p>Über <em>Ärger</em> &amp; 漢字 naïve_word 3.14</p><script>var a = 1 < 2;</script><svg><path d='M0'/><text>not counted</text></svg><p>after</p>",
            "<style>p { color: red }</style><object><p>hidden</p></object><p>shown &nbsp; text &#233;t&eacute;</p><!-- a comment -->",
            "<pre><code>let x = 1\nprint(x)</code></pre><br><hr/><p>end</p>",
        ]
        let script = """
            import json, sys
            from material.plugins.blog.readtime import readtime
            print(json.dumps([readtime(html, 30) for html in json.load(sys.stdin)]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(samples))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let theirs = try JSONDecoder().decode([Int].self, from: data)
        #expect(samples.map { ReadTime.minutes(html: $0, wordsPerMinute: 30) } == theirs)
    }
}
