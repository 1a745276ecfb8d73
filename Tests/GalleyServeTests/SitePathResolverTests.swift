import Foundation
import Testing
@testable import GalleyServe

@Suite struct SitePathResolverTests {
    /// A site with a page, a directory page, and links pointing inside and outside it.
    final class Site {
        let base: String
        let root: String

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-resolver-\(UUID().uuidString)").path
            root = base + "/site"
            let manager = FileManager.default
            try manager.createDirectory(atPath: root + "/guide", withIntermediateDirectories: true)
            try Data("home".utf8).write(to: URL(fileURLWithPath: root + "/index.html"))
            try Data("guide".utf8).write(to: URL(fileURLWithPath: root + "/guide/index.html"))
            try Data("a b".utf8).write(to: URL(fileURLWithPath: root + "/a b.txt"))
            try Data("secret".utf8).write(to: URL(fileURLWithPath: base + "/secret.txt"))
            try manager.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: base + "/secret.txt")
            try manager.createSymbolicLink(atPath: root + "/outside", withDestinationPath: base)
            try manager.createSymbolicLink(atPath: root + "/alias.html", withDestinationPath: root + "/index.html")
        }

        deinit { try? FileManager.default.removeItem(atPath: base) }
    }

    @Test func servesFilesAndDirectoryIndexes() throws {
        let site = try Site()
        let resolver = SitePathResolver(root: site.root)
        let real = SitePathResolver.realPath(site.root)!
        #expect(resolver.resolve(path: "/") == .file(real + "/index.html"))
        #expect(resolver.resolve(path: "/guide/") == .file(real + "/guide/index.html"))
        #expect(resolver.resolve(path: "/a%20b.txt") == .file(real + "/a b.txt"))
        #expect(resolver.resolve(path: "/./guide/./index.html") == .file(real + "/guide/index.html"))
        #expect(resolver.resolve(path: "/alias.html") == .file(real + "/index.html"), "a link that stays inside the site is followed")
    }

    @Test func directoriesWithoutTheirSlashRedirectKeepingTheQuery() throws {
        let site = try Site()
        let resolver = SitePathResolver(root: site.root)
        #expect(resolver.resolve(path: "/guide") == .redirect("/guide/"))
        #expect(resolver.resolve(path: "/guide", query: "q=1") == .redirect("/guide/?q=1"))
    }

    @Test func missingFilesAreNotFound() throws {
        let site = try Site()
        let resolver = SitePathResolver(root: site.root)
        #expect(resolver.resolve(path: "/nothing.html") == .notFound)
        #expect(resolver.resolve(path: "/index.html/more") == .notFound)
        #expect(resolver.resolve(path: "/%252e%252e/secret.txt") == .notFound, "double encoding stays a literal name")
    }

    @Test(arguments: [
        "/../secret.txt", "/guide/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/guide/%2e%2e%2f%2e%2e%2fsecret.txt", "/..%2fsecret.txt", "/guide/..",
    ])
    func traversalIsRefused(path: String) throws {
        let site = try Site()
        #expect(SitePathResolver(root: site.root).resolve(path: path) == .forbidden)
    }

    @Test func linksPointingOutsideTheSiteAreRefused() throws {
        let site = try Site()
        let resolver = SitePathResolver(root: site.root)
        #expect(resolver.resolve(path: "/escape.txt") == .forbidden)
        #expect(resolver.resolve(path: "/outside/secret.txt") == .forbidden)
    }

    @Test func undecodablePathsAreBadRequests() throws {
        let site = try Site()
        let resolver = SitePathResolver(root: site.root)
        #expect(resolver.resolve(path: "/%zz") == .badRequest)
        #expect(resolver.resolve(path: "/a%00.txt") == .badRequest)
        #expect(resolver.resolve(path: "index.html") == .badRequest)
    }

    @Test func aMountedSiteAnswersOnlyBelowItsMount() throws {
        let site = try Site()
        let resolver = SitePathResolver(root: site.root, mount: "/docs/")
        let real = SitePathResolver.realPath(site.root)!
        #expect(resolver.resolve(path: "/docs/") == .file(real + "/index.html"))
        #expect(resolver.resolve(path: "/docs/guide/") == .file(real + "/guide/index.html"))
        #expect(resolver.resolve(path: "/") == .redirect("/docs/"))
        #expect(resolver.resolve(path: "/docs") == .redirect("/docs/"))
        #expect(resolver.resolve(path: "/guide/") == .notFound)
        #expect(resolver.resolve(path: "/docs/../docs/index.html") == .forbidden)
    }
}
