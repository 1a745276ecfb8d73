// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleySite

/// Where a request for a path of the preview leads.
package enum SiteResolution: Equatable, Sendable {
    /// A file of the site, by its path in the site.
    case file(String)
    /// The same resource under its canonical URL: a folder without its final `/`, or the
    /// server's root when the site is mounted below it.
    case redirect(String)
    /// Nothing is there.
    case notFound
    /// The path would leave the site, through `..`.
    case forbidden
    /// The path cannot be decoded.
    case badRequest
}

/// Maps request paths to the files of a site built in memory, never to anything else: `..`
/// segments are refused after percent-decoding (so `%2e%2e` is caught too), and only paths
/// the build made are answered.
package struct SitePathResolver: Sendable {
    package let site: MemorySite
    /// Where the site is mounted, starting and ending with `/`.
    package let mount: String

    package init(site: MemorySite, mount: String = "/") {
        self.site = site
        self.mount = mount
    }

    /// Resolves `path`, still percent-encoded as it arrived; `query` is kept on redirects.
    package func resolve(path: String, query: String = "") -> SiteResolution {
        guard path.hasPrefix("/") else { return .badRequest }
        guard path.hasPrefix(mount) else {
            return path == "/" || path + "/" == mount ? .redirect(mount) : .notFound
        }
        guard let decoded = String(path.dropFirst(mount.count)).removingPercentEncoding, !decoded.contains("\0") else {
            return .badRequest
        }
        let segments = decoded.split(separator: "/").filter { $0 != "." }
        if segments.contains("..") { return .forbidden }
        let relative = segments.joined(separator: "/")
        if !relative.isEmpty, site.file(relative) != nil { return .file(relative) }
        guard site.isFolder(relative) else { return .notFound }
        guard path.hasSuffix("/") else {
            return .redirect(path + "/" + (query.isEmpty ? "" : "?" + query))
        }
        let index = relative.isEmpty ? "index.html" : relative + "/index.html"
        return site.file(index) != nil ? .file(index) : .notFound
    }
}
