// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
@testable import GalleyConfig
import Testing

/// The `blog` plugin's options: Material's defaults, each option read, and what is wrong
/// said at its line.
@Suite("Blog settings")
struct BlogSettingsTests {
    @Test func defaultsAreMaterials() throws {
        let (config, _) = try ConfigLoader.parse("site_name: X\nplugins:\n  - blog\n", path: "mkdocs.yml")
        let blog = try #require(config.blog)
        #expect(blog.path(blog.postDirectory) == "blog/posts")
        #expect(blog.postURLFormat == "{date}/{slug}" && blog.postURLDateFormat == "yyyy/MM/dd")
        #expect(blog.archiveURLFormat == "archive/{date}" && blog.categoriesURLFormat == "category/{slug}")
        #expect(blog.paginationPerPage == 10 && blog.readtimeWordsPerMinute == 265 && blog.excerptSeparator == "<!-- more -->")
        #expect(blog.path(blog.authorsFile) == "blog/.authors.yml")
    }

    @Test func optionsAreReadAndProblemsAreAtTheirLines() {
        let options: ConfigValue = .map([
            .init(key: "blog_dir", value: .string("news"), line: 3),
            .init(key: "pagination_per_page", value: .int(5), line: 4),
            .init(key: "post_excerpt", value: .string("required"), line: 5),
            .init(key: "archive", value: .string("maybe"), line: 6),
            .init(key: "post_slugify", value: .string("!!python/object/apply:pymdownx.slugs.slugify"), line: 7),
            .init(key: "post_excerpt", value: .string("sometimes"), line: 8),
        ])
        var problems: [(Int, String)] = []
        let blog = BlogSettings.read(options, line: 2, problems: &problems)
        #expect(blog?.path("{blog}/posts") == "news/posts")
        #expect(blog?.paginationPerPage == 5)
        #expect(blog?.excerptRequired == true)
        #expect(blog?.archive == true)
        #expect(problems.map(\.0) == [6, 7, 8])
        #expect(problems.map(\.1) == [
            "`archive` of the `blog` plugin must be true or false",
            "the option `post_slugify` of the `blog` plugin has no effect in Galley; it is ignored",
            "`post_excerpt` of the `blog` plugin is `optional` or `required`",
        ])
        var none: [(Int, String)] = []
        #expect(BlogSettings.read(.map([.init(key: "enabled", value: .bool(false), line: 3)]), line: 2, problems: &none) == nil)
    }
}
