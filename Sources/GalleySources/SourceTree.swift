// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics

/// A Markdown page of the site and where it goes.
package struct PageFile: Sendable, Hashable {
    /// Path under `docs_dir`, with `/` separators (`userguide/concepts.md`).
    package var path: String
    /// Where the bytes are read from, symbolic links resolved.
    package var absolutePath: String
    /// Path of the HTML file under the site directory (`userguide/concepts/index.html`).
    package var destination: String
    /// URL relative to the site root (`userguide/concepts/`); empty for the home page.
    package var url: String

    package init(path: String, absolutePath: String, destination: String, url: String) {
        self.path = path
        self.absolutePath = absolutePath
        self.destination = destination
        self.url = url
    }
}

/// A file copied to the site unchanged (image, stylesheet, script...).
package struct AssetFile: Sendable, Hashable {
    /// Path under `docs_dir`.
    package var path: String
    /// Where the bytes are read from, symbolic links resolved.
    package var absolutePath: String
    /// Its path under the site directory: `path`, unless a plugin moves it (a blog post's
    /// images go where the post goes).
    package var destination: String

    package init(path: String, absolutePath: String, destination: String? = nil) {
        self.path = path
        self.absolutePath = absolutePath
        self.destination = destination ?? path
    }
}

/// Every file under `docs_dir` that belongs to the site.
package struct SourceTree: Sendable {
    /// The Markdown pages, sorted by path.
    package var pages: [PageFile]
    /// Everything else, sorted by path.
    package var assets: [AssetFile]
    /// The absolute `docs_dir`.
    package var docsDirectory: String
    /// Pages that are never in the navigation (as mkdocs' `NOT_IN_NAV`): a blog's posts and
    /// its views' later pages, which the blog links itself.
    package var outsideNavigation: Set<String> = []
    /// What `theme.custom_dir` holds, when the configuration names one.
    package var theme: ThemeDirectory?

    private var pagesByPath: [String: Int]
    private var pagesByURL: [String: Int]
    /// Other paths that name a page: in one language of a multi-language site, the path a
    /// page has without its language (`routing.md` for `routing.zh.md`), so links and the
    /// nav written with that path reach the page in the same language.
    private var aliases: [String: Int] = [:]

    package init(pages: [PageFile], assets: [AssetFile], docsDirectory: String) {
        self.pages = pages.sorted { $0.path < $1.path }
        self.assets = assets.sorted { $0.path < $1.path }
        self.docsDirectory = docsDirectory
        self.pagesByPath = Dictionary(self.pages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.pagesByURL = Dictionary(self.pages.enumerated().map { ($1.url, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// This tree with `added` among its pages (pages made rather than read, such as the API
    /// reference's); a path the tree already has keeps its page.
    package mutating func add(_ added: [PageFile]) {
        let fresh = added.filter { pagesByPath[$0.path] == nil }
        guard !fresh.isEmpty else { return }
        let aliasPaths = aliases.mapValues { pages[$0].path }
        pages = (pages + fresh).sorted { $0.path < $1.path }
        pagesByPath = Dictionary(pages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        pagesByURL = Dictionary(pages.enumerated().map { ($1.url, $0) }, uniquingKeysWith: { first, _ in first })
        aliases = aliasPaths.compactMapValues { pagesByPath[$0] }
    }

    /// This tree with the pages at `paths` taken out (a blog's drafts).
    package mutating func remove(_ paths: Set<String>) {
        guard !paths.isEmpty else { return }
        let aliasPaths = aliases.mapValues { pages[$0].path }
        pages.removeAll { paths.contains($0.path) }
        pagesByPath = Dictionary(pages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        pagesByURL = Dictionary(pages.enumerated().map { ($1.url, $0) }, uniquingKeysWith: { first, _ in first })
        aliases = aliasPaths.compactMapValues { pagesByPath[$0] }
    }

    /// This tree with the page at `path` published at `url`, into `destination`.
    package mutating func move(_ path: String, destination: String, url: String) {
        guard let index = pagesByPath[path] else { return }
        pagesByURL[pages[index].url] = nil
        pages[index].destination = destination
        pages[index].url = url
        pagesByURL[url] = index
    }

    /// This tree with the assets under `folder` (`blog/posts/`) published under `target`
    /// (`blog/`) instead.
    package mutating func moveAssets(under folder: String, to target: String) {
        for index in assets.indices where assets[index].path.hasPrefix(folder) {
            assets[index].destination = target + assets[index].path.dropFirst(folder.count)
        }
    }

    /// The page at `path` under `docs_dir`.
    package func page(at path: String) -> PageFile? {
        (pagesByPath[path] ?? aliases[path]).map { pages[$0] }
    }

    /// This tree with `alias` naming the page at `path` too.
    package mutating func addAlias(_ alias: String, for path: String) {
        if let index = pagesByPath[path], pagesByPath[alias] == nil { aliases[alias] = index }
    }

    /// The page served at `url` (relative to the site root, no leading slash).
    package func page(servedAt url: String) -> PageFile? {
        pagesByURL[url].map { pages[$0] }
    }
}

/// Where a page's HTML goes and its URL, as mkdocs computes them.
package enum PageURL {
    /// The destination and URL of the page at `path` (a `.md` path under `docs_dir`).
    package static func locate(_ path: String, useDirectoryURLs: Bool) -> (destination: String, url: String) {
        var stem = String(path.dropLast(3))
        let name = stem.split(separator: "/").last.map(String.init) ?? stem
        let directory = stem.count > name.count ? String(stem.dropLast(name.count)) : ""
        if name == "index" || name == "README" {
            stem = directory + "index"
            return (stem + ".html", useDirectoryURLs ? directory : stem + ".html")
        }
        if useDirectoryURLs {
            return (stem + "/index.html", stem + "/")
        }
        return (stem + ".html", stem + ".html")
    }
}
