import Foundation
import GalleyConfig
import GalleyDiagnostics

/// A Markdown page of the site and where it goes.
public struct PageFile: Sendable, Hashable {
    /// Path under `docs_dir`, with `/` separators (`userguide/concepts.md`).
    public var path: String
    /// Where the bytes are read from, symbolic links resolved.
    public var absolutePath: String
    /// Path of the HTML file under the site directory (`userguide/concepts/index.html`).
    public var destination: String
    /// URL relative to the site root (`userguide/concepts/`); empty for the home page.
    public var url: String

    public init(path: String, absolutePath: String, destination: String, url: String) {
        self.path = path
        self.absolutePath = absolutePath
        self.destination = destination
        self.url = url
    }
}

/// A file copied to the site unchanged (image, stylesheet, script...).
public struct AssetFile: Sendable, Hashable {
    /// Path under `docs_dir`, which is also its path under the site directory.
    public var path: String
    /// Where the bytes are read from, symbolic links resolved.
    public var absolutePath: String

    public init(path: String, absolutePath: String) {
        self.path = path
        self.absolutePath = absolutePath
    }
}

/// Every file under `docs_dir` that belongs to the site.
public struct SourceTree: Sendable {
    /// The Markdown pages, sorted by path.
    public var pages: [PageFile]
    /// Everything else, sorted by path.
    public var assets: [AssetFile]
    /// The absolute `docs_dir`.
    public var docsDirectory: String
    /// What `theme.custom_dir` holds, when the configuration names one.
    public var theme: ThemeDirectory?

    private var pagesByPath: [String: Int]
    private var pagesByURL: [String: Int]
    /// Other paths that name a page: in one language of a multi-language site, the path a
    /// page has without its language (`routing.md` for `routing.zh.md`), so links and the
    /// nav written with that path reach the page in the same language.
    private var aliases: [String: Int] = [:]

    public init(pages: [PageFile], assets: [AssetFile], docsDirectory: String) {
        self.pages = pages.sorted { $0.path < $1.path }
        self.assets = assets.sorted { $0.path < $1.path }
        self.docsDirectory = docsDirectory
        self.pagesByPath = Dictionary(self.pages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.pagesByURL = Dictionary(self.pages.enumerated().map { ($1.url, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page at `path` under `docs_dir`.
    public func page(at path: String) -> PageFile? {
        (pagesByPath[path] ?? aliases[path]).map { pages[$0] }
    }

    /// This tree with `alias` naming the page at `path` too.
    public mutating func addAlias(_ alias: String, for path: String) {
        if let index = pagesByPath[path], pagesByPath[alias] == nil { aliases[alias] = index }
    }

    /// The page served at `url` (relative to the site root, no leading slash).
    public func page(servedAt url: String) -> PageFile? {
        pagesByURL[url].map { pages[$0] }
    }
}

/// Where a page's HTML goes and its URL, as mkdocs computes them.
public enum PageURL {
    /// The destination and URL of the page at `path` (a `.md` path under `docs_dir`).
    public static func locate(_ path: String, useDirectoryURLs: Bool) -> (destination: String, url: String) {
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
