// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// mkdocs-material's `blog` plugin, as a site configures it: posts under `blog_dir/posts`
/// published at dated URLs, with an index, archive and category pages listing their excerpts.
/// The options and their defaults are Material 9.8's.
package struct BlogSettings: Sendable, Equatable {
    package var blogDirectory = "blog"
    /// Where posts are, `{blog}` standing for `blogDirectory`.
    package var postDirectory = "{blog}/posts"
    package var postDateFormat = "long"
    package var postURLDateFormat = "yyyy/MM/dd"
    package var postURLFormat = "{date}/{slug}"
    package var postURLMaxCategories = 1
    package var postSlugSeparator = "-"
    /// `optional` or `required`: whether every post must have an excerpt separator.
    package var excerptRequired = false
    package var excerptMaxAuthors = 1
    package var excerptMaxCategories = 5
    package var excerptSeparator = "<!-- more -->"
    package var readtime = true
    package var readtimeWordsPerMinute = 265
    package var archive = true
    package var archiveName = "blog.archive"
    package var archiveDateFormat = "yyyy"
    package var archiveURLDateFormat = "yyyy"
    package var archiveURLFormat = "archive/{date}"
    package var archivePagination: Bool?
    package var archivePaginationPerPage: Int?
    package var categories = true
    package var categoriesName = "blog.categories"
    package var categoriesURLFormat = "category/{slug}"
    package var categoriesSlugSeparator = "-"
    package var categoriesSortReverse = false
    package var categoriesAllowed: [String] = []
    package var categoriesPagination: Bool?
    package var categoriesPaginationPerPage: Int?
    package var authors = true
    package var authorsFile = "{blog}/.authors.yml"
    package var pagination = true
    package var paginationPerPage = 10
    package var paginationURLFormat = "page/{page}"
    package var paginationFormat = "~2~"
    package var paginationIfSinglePage = false
    /// Drafts are published (`draft`), on `serve` (`draft_on_serve`), and posts dated in the
    /// future count as drafts (`draft_if_future_date`).
    package var draft = false
    package var draftOnServe = true
    package var draftIfFutureDate = false
    /// The line of the plugin's entry.
    package var line = 0

    /// The plugin's defaults.
    package init() {}

    /// `{blog}` in a path option replaced by the blog's folder.
    package func path(_ template: String) -> String {
        template.replacingOccurrences(of: "{blog}", with: blogDirectory)
    }

    /// The settings of the plugin entry's `options`, or `nil` when `enabled: false`; what is
    /// wrong or not honoured goes to `problems`, at its line.
    package static func read(_ options: ConfigValue, line: Int, problems: inout [(Int, String)]) -> BlogSettings? {
        var settings = BlogSettings()
        settings.line = line
        var enabled = true
        for entry in options.entries ?? [] {
            var reader = OptionReader(entry: entry, plugin: "blog", problems: problems)
            defer { problems = reader.problems }
            switch entry.key {
            case "enabled": enabled = reader.flag() ?? true
            case "blog_dir": settings.blogDirectory = reader.text() ?? settings.blogDirectory
            case "blog_toc", "archive_toc", "categories_toc", "authors_profiles":
                // The excerpts' titles in a view's table of contents, and author pages, are
                // not made by Galley: asking for them is said, not dropped.
                if reader.flag() == true {
                    reader.problem("`\(entry.key): true` of the `blog` plugin is not supported by Galley; it is ignored")
                }
            case "post_dir": settings.postDirectory = reader.text() ?? settings.postDirectory
            case "post_date_format": settings.postDateFormat = reader.text() ?? settings.postDateFormat
            case "post_url_date_format": settings.postURLDateFormat = reader.text() ?? settings.postURLDateFormat
            case "post_url_format": settings.postURLFormat = reader.text() ?? settings.postURLFormat
            case "post_url_max_categories": settings.postURLMaxCategories = reader.number() ?? 1
            case "post_slugify_separator": settings.postSlugSeparator = reader.text() ?? "-"
            case "post_excerpt":
                switch reader.text() {
                case "optional": settings.excerptRequired = false
                case "required": settings.excerptRequired = true
                default: reader.problem("`post_excerpt` of the `blog` plugin is `optional` or `required`")
                }
            case "post_excerpt_max_authors": settings.excerptMaxAuthors = reader.number() ?? 1
            case "post_excerpt_max_categories": settings.excerptMaxCategories = reader.number() ?? 5
            case "post_excerpt_separator": settings.excerptSeparator = reader.text() ?? settings.excerptSeparator
            case "post_readtime": settings.readtime = reader.flag() ?? true
            case "post_readtime_words_per_minute": settings.readtimeWordsPerMinute = reader.number() ?? 265
            case "archive": settings.archive = reader.flag() ?? true
            case "archive_name": settings.archiveName = reader.text() ?? settings.archiveName
            case "archive_date_format": settings.archiveDateFormat = reader.text() ?? settings.archiveDateFormat
            case "archive_url_date_format": settings.archiveURLDateFormat = reader.text() ?? settings.archiveURLDateFormat
            case "archive_url_format": settings.archiveURLFormat = reader.text() ?? settings.archiveURLFormat
            case "pagination_keep_content":
                if reader.flag() == true {
                    reader.problem("`pagination_keep_content: true` of the `blog` plugin is not supported by Galley; later pages show the title alone")
                }
            case "archive_pagination": settings.archivePagination = reader.flag()
            case "archive_pagination_per_page": settings.archivePaginationPerPage = reader.number()
            case "categories": settings.categories = reader.flag() ?? true
            case "categories_name": settings.categoriesName = reader.text() ?? settings.categoriesName
            case "categories_url_format": settings.categoriesURLFormat = reader.text() ?? settings.categoriesURLFormat
            case "categories_slugify_separator": settings.categoriesSlugSeparator = reader.text() ?? "-"
            case "categories_sort_reverse": settings.categoriesSortReverse = reader.flag() ?? false
            case "categories_allowed": settings.categoriesAllowed = reader.texts() ?? []
            case "categories_pagination": settings.categoriesPagination = reader.flag()
            case "categories_pagination_per_page": settings.categoriesPaginationPerPage = reader.number()
            case "authors": settings.authors = reader.flag() ?? true
            case "authors_file": settings.authorsFile = reader.text() ?? settings.authorsFile
            case "pagination": settings.pagination = reader.flag() ?? true
            case "pagination_per_page": settings.paginationPerPage = max(1, reader.number() ?? 10)
            case "pagination_url_format": settings.paginationURLFormat = reader.text() ?? settings.paginationURLFormat
            case "pagination_format": settings.paginationFormat = reader.text() ?? settings.paginationFormat
            case "pagination_if_single_page": settings.paginationIfSinglePage = reader.flag() ?? false
            case "draft": settings.draft = reader.flag() ?? false
            case "draft_on_serve": settings.draftOnServe = reader.flag() ?? true
            case "draft_if_future_date": settings.draftIfFutureDate = reader.flag() ?? false
            default:
                // The slug functions (`post_slugify`, `categories_slugify`) and sort keys are
                // Python functions Galley cannot call.
                reader.problem("the option `\(entry.key)` of the `blog` plugin has no effect in Galley; it is ignored")
            }
        }
        return enabled ? settings : nil
    }
}

/// Reads one option of a plugin, noting what is wrong at its line.
struct OptionReader {
    let entry: ConfigValue.MapEntry
    let plugin: String
    var problems: [(Int, String)]

    mutating func problem(_ text: String) {
        problems.append((entry.line, text))
    }

    mutating func flag() -> Bool? {
        guard let value = entry.value.bool else {
            problem("`\(entry.key)` of the `\(plugin)` plugin must be true or false")
            return nil
        }
        return value
    }

    mutating func text() -> String? {
        guard let value = entry.value.string, !value.isEmpty else {
            problem("`\(entry.key)` of the `\(plugin)` plugin must be a text")
            return nil
        }
        return value
    }

    mutating func number() -> Int? {
        guard case .int(let value) = entry.value, value >= 0 else {
            problem("`\(entry.key)` of the `\(plugin)` plugin must be a whole number")
            return nil
        }
        return value
    }

    mutating func texts() -> [String]? {
        guard let items = entry.value.list?.compactMap(\.string) else {
            problem("`\(entry.key)` of the `\(plugin)` plugin must be a list of texts")
            return nil
        }
        return items
    }
}

extension SiteConfig {
    /// The `blog` plugin's settings, or `nil` when the site does not use it.
    package var blog: BlogSettings? {
        pluginSettings("blog") { BlogSettings.read($0, line: $1, problems: &$2) }
    }
}

/// A post's author, from the blog's authors file (`.authors.yml`).
package struct BlogAuthor: Sendable, Equatable {
    package var name: String
    package var description: String
    package var avatar: String
    package var url: String?

    /// The `authors:` map of the file at `path` (shown as `shown`), by identifier; a file that
    /// is missing gives none, one that is wrong is an error at its line.
    package static func read(path: String, shown: String) throws(DiagnosticError) -> [String: BlogAuthor] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        let value = try YAMLFile.value(of: String(decoding: data, as: UTF8.self), shown: shown, code: ConfigCodes.invalid)
        var authors: [String: BlogAuthor] = [:]
        for entry in value["authors"]?.entries ?? [] {
            // As the plugin requires: a name, a description and an avatar.
            guard let name = entry.value["name"]?.string, let description = entry.value["description"]?.string, let avatar = entry.value["avatar"]?.string else {
                throw DiagnosticError(at: SourceLocation(file: shown, line: entry.line), "the author `\(entry.key)` needs a `name`, a `description` and an `avatar`", code: ConfigCodes.invalid)
            }
            authors[entry.key] = BlogAuthor(name: name, description: description, avatar: avatar, url: entry.value["url"]?.string)
        }
        return authors
    }
}
