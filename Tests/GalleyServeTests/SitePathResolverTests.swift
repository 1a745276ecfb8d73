// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import GalleySite
@testable import GalleyServe

@Suite struct SitePathResolverTests {
    /// A site in memory with a page, a folder's page and a name with a space.
    static func site() throws -> MemorySite {
        let site = MemorySite()
        try site.write(Data("home".utf8), to: "index.html")
        try site.write(Data("guide".utf8), to: "guide/index.html")
        try site.write(Data("deep".utf8), to: "guide/deep/page.html")
        try site.write(Data("a b".utf8), to: "a b.txt")
        return site
    }

    @Test func servesFilesAndFolderIndexes() throws {
        let resolver = SitePathResolver(site: try Self.site())
        #expect(resolver.resolve(path: "/") == .file("index.html"))
        #expect(resolver.resolve(path: "/guide/") == .file("guide/index.html"))
        #expect(resolver.resolve(path: "/a%20b.txt") == .file("a b.txt"))
        #expect(resolver.resolve(path: "/./guide/./index.html") == .file("guide/index.html"))
        #expect(resolver.resolve(path: "/guide/deep/page.html") == .file("guide/deep/page.html"))
    }

    @Test func foldersWithoutTheirSlashRedirectKeepingTheQuery() throws {
        let resolver = SitePathResolver(site: try Self.site())
        #expect(resolver.resolve(path: "/guide") == .redirect("/guide/"))
        #expect(resolver.resolve(path: "/guide", query: "q=1") == .redirect("/guide/?q=1"))
        #expect(resolver.resolve(path: "/guide/deep/") == .notFound, "a folder without an index page has nothing to show")
    }

    @Test func missingFilesAreNotFound() throws {
        let resolver = SitePathResolver(site: try Self.site())
        #expect(resolver.resolve(path: "/nothing.html") == .notFound)
        #expect(resolver.resolve(path: "/index.html/more") == .notFound)
        #expect(resolver.resolve(path: "/%252e%252e/secret.txt") == .notFound, "double encoding stays a literal name")
    }

    @Test(arguments: [
        "/../secret.txt", "/guide/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/guide/%2e%2e%2f%2e%2e%2fsecret.txt", "/..%2fsecret.txt", "/guide/..",
    ])
    func traversalIsRefused(path: String) throws {
        #expect(SitePathResolver(site: try Self.site()).resolve(path: path) == .forbidden)
    }

    @Test func undecodablePathsAreBadRequests() throws {
        let resolver = SitePathResolver(site: try Self.site())
        #expect(resolver.resolve(path: "/%zz") == .badRequest)
        #expect(resolver.resolve(path: "/a%00.txt") == .badRequest)
        #expect(resolver.resolve(path: "index.html") == .badRequest)
    }

    @Test func aMountedSiteAnswersOnlyBelowItsMount() throws {
        let resolver = SitePathResolver(site: try Self.site(), mount: "/docs/")
        #expect(resolver.resolve(path: "/docs/") == .file("index.html"))
        #expect(resolver.resolve(path: "/docs/guide/") == .file("guide/index.html"))
        #expect(resolver.resolve(path: "/") == .redirect("/docs/"))
        #expect(resolver.resolve(path: "/docs") == .redirect("/docs/"))
        #expect(resolver.resolve(path: "/guide/") == .notFound)
        #expect(resolver.resolve(path: "/docs/../docs/index.html") == .forbidden)
    }
}
