// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkup
import GalleyPages
import GalleySearch
import GalleySources
import GalleyTheme

/// The files of a site besides its pages: sitemap, redirects, 404 page and search index.
enum SiteFiles {
    /// `sitemap.xml`, one `<url>` per page, absolute when `site_url` is set.
    /// `alternates`: for a multi-language site, each page URL's counterparts in every
    /// language, listed as `xhtml:link` alternates as mkdocs-static-i18n lists them.
    static func sitemap(pages: [PageFile], siteURL: String?, date: String, alternates: [String: [SiteContext.Alternate]] = [:]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
        xml += alternates.isEmpty ? ">\n" : " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        let base = siteURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        for page in pages.sorted(by: { $0.url < $1.url }) {
            xml += "    <url>\n         <loc>\(MarkupText.escape(base + page.url))</loc>\n         <lastmod>\(date)</lastmod>\n"
            for alternate in alternates[page.url] ?? [] {
                xml += "         <xhtml:link rel=\"alternate\" hreflang=\"\(MarkupText.escape(alternate.locale))\" href=\"\(MarkupText.escape(base + alternate.url))\"/>\n"
            }
            xml += "    </url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// The build's time in seconds since 1970: `SOURCE_DATE_EPOCH` when it is set (as mkdocs
    /// honours it, for reproducible builds), else the clock.
    static var buildTime: Int {
        SystemCalls.environmentValue("SOURCE_DATE_EPOCH").flatMap { Int($0) } ?? Int(time(nil))
    }

    /// The build's date (``buildTime``) in UTC as `yyyy-mm-dd`, in plain digits: a
    /// locale-aware formatter, or `String(format:)` with its variadic arguments, costs a small
    /// build more than the rest of the sitemap.
    static func today() -> String {
        var seconds = time_t(buildTime)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2)
    }

    /// A page that sends the browser to `target` (a URL relative to the redirect page, or absolute).
    static func redirectPage(to target: String) -> String {
        // The target goes into attributes and text escaped for HTML, and into the script as a
        // JavaScript string: a `&` in it stays `&` there (a script does not decode entities).
        let page: HTML = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Redirecting…</title>
        <link rel="canonical" href="\(target)">
        <meta name="robots" content="noindex">
        <script>var anchor=window.location.hash.substr(1);location.href=\(script: target)+(anchor?"#"+anchor:"")</script>
        <meta http-equiv="refresh" content="0; url=\(target)">
        </head>
        <body>
        Redirecting to <a href="\(target)">\(target)</a>…
        </body>
        </html>

        """
        return page.string
    }

    /// Where each `redirect_maps` entry's page goes and the URL it points to. As the
    /// mkdocs-redirects plugin does, a target must be an `http(s)` URL or a file of the site
    /// (a fragment aside); any other entry is a warning at its line and is skipped.
    static func redirects(_ config: SiteConfig, tree: SourceTree, log: inout DiagnosticLog) -> [(destination: String, target: String)] {
        config.redirects.compactMap { entry in
            guard entry.from.hasSuffix(".md") else { return nil }
            let from = PageURL.locate(entry.from, useDirectoryURLs: config.useDirectoryURLs)
            let lowered = entry.to.lowercased()
            if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
                return (from.destination, entry.to)
            }
            var path = entry.to
            var fragment = ""
            if let hash = path.firstIndex(of: "#") {
                fragment = String(path[hash...])
                path = String(path[..<hash])
            }
            let url: String
            if let page = tree.page(at: path) {
                url = page.url
            } else if let asset = tree.assets.first(where: { $0.path == path }) {
                url = asset.destination
            } else {
                log.warn(at: SourceLocation(file: config.configFile, line: entry.line), "the redirect from `\(entry.from)` points to `\(entry.to)`, which is not a file of the site; the redirect is skipped", code: SiteCodes.redirectsMissingTarget)
                return nil
            }
            return (from.destination, URLPath.relative(url, from: from.url) + fragment)
        }
    }

    /// `search/search_index.json` in the shape mkdocs' search plugin writes: a page entry and
    /// one entry per section.
    static func searchIndex(_ pages: [RenderedPage]) throws -> Data {
        // Keys in sorted order, as `JSONEncoder` with `.sortedKeys` wrote them.
        var json = JSONWriter()
        json.beginObject()
        json.key("config")
        json.beginObject()
        json.key("lang")
        json.beginArray()
        json.string("en")
        json.endArray()
        json.key("separator")
        json.string("[\\s\\-]+")
        json.endObject()
        json.key("docs")
        json.beginArray()
        for page in pages.sorted(by: { $0.file.url < $1.file.url }) {
            for section in page.searchSections {
                json.beginObject()
                json.key("location")
                json.string(section.anchor.isEmpty ? page.file.url : page.file.url + "#" + section.anchor)
                json.key("text")
                json.string(section.text)
                json.key("title")
                json.string(section.title)
                json.endObject()
            }
        }
        json.endArray()
        json.endObject()
        return Data(json.bytes)
    }
}
