// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// `galley serve` end to end: a real server process, a project on disk, and the sockets a
/// browser would open.
@Suite(.serialized) struct ServeCommandTests {
    static let files = [
        "mkdocs.yml": "site_name: Preview\nnav:\n  - index.md\n  - guide.md\n",
        "docs/index.md": "# Home\n\nFirst version.\n",
        "docs/guide.md": "# Guide\n\nSee [home](index.md).\n",
        "docs/images/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
    ]

    @Test func servesPagesWithTypesIndexesAndTheSite404() throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        defer { server.stop() }

        let home = try RawHTTP.request(port: server.port, path: "/")
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.body.contains("First version."))
        #expect(home.body.contains("<script src=\"/__galley/live.js?build="), "pages load the live-reload client")

        let guide = try RawHTTP.request(port: server.port, path: "/guide")
        #expect(guide.status == 302)
        #expect(guide.headers["location"] == "/guide/")
        #expect(try RawHTTP.request(port: server.port, path: "/guide/").body.contains("See <a href=\"../\">home</a>"))

        #expect(home.body.contains("href=\"assets/galley/favicon.svg\""), "a default icon, so browsers do not ask for /favicon.ico")
        #expect(try RawHTTP.request(port: server.port, path: "/assets/galley/favicon.svg").headers["content-type"] == "image/svg+xml")
        let logo = try RawHTTP.request(port: server.port, path: "/images/logo.svg")
        #expect(logo.headers["content-type"] == "image/svg+xml")
        let css = try RawHTTP.request(port: server.port, path: "/assets/galley/galley.css")
        #expect(css.status == 200 && css.headers["content-type"] == "text/css; charset=utf-8")

        let missing = try RawHTTP.request(port: server.port, path: "/no/such/page/")
        #expect(missing.status == 404)
        #expect(missing.body.contains("Page not found"), "the site's own 404 page")
        #expect(missing.body.contains("href=\"/assets/galley/galley.css\""), "whose links work at any depth")

        let head = try RawHTTP.request(port: server.port, path: "/", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(home.body.utf8.count))
        #expect(try RawHTTP.request(port: server.port, path: "/", method: "POST").status == 405)

        let client = try RawHTTP.request(port: server.port, path: "/__galley/live.js")
        #expect(client.headers["content-type"] == "text/javascript; charset=utf-8" && client.body.contains("WebSocket"))
    }

    @Test(arguments: ["/../mkdocs.yml", "/%2e%2e/mkdocs.yml", "/%2E%2e/%2e%2E/etc/passwd", "/images/..%2f..%2fmkdocs.yml", "/images/%2e%2e/%2e%2e/mkdocs.yml"])
    func nothingOutsideTheSiteIsServed(path: String) throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        defer { server.stop() }
        let response = try RawHTTP.request(port: server.port, path: path)
        #expect([403, 404].contains(response.status), "\(path) answered \(response.status)")
        #expect(!response.body.contains("site_name"), "\(path) leaked the config")
        #expect(!response.body.contains("root:"), "\(path) leaked /etc/passwd")
    }

    @Test func aSavedPageIsRebuiltAndOpenPagesAreToldToReload() throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        defer { server.stop() }
        let live = try LiveSocket(port: server.port)
        let first = try #require(live.next())
        #expect(first["type"] as? String == "ready")
        let page = try RawHTTP.request(port: server.port, path: "/")
        #expect(page.body.contains("build=\(first["build"] as? String ?? "?")"), "the page names the build it came from")

        try project.write("# Home\n\nSecond version.\n", to: "docs/index.md")
        let second = try #require(live.next())
        #expect(second["type"] as? String == "ready")
        #expect(second["build"] as? String != first["build"] as? String)
        #expect(try RawHTTP.request(port: server.port, path: "/").body.contains("Second version."))
        #expect(server.waitForOutput(containing: "after a change to") != nil)
    }

    @Test func aBrokenRebuildShowsItsProblemsAndKeepsTheLastGoodSite() throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root, arguments: ["--strict"])
        defer { server.stop() }
        let live = try LiveSocket(port: server.port)
        let first = try #require(live.next())

        try project.write("# Guide\n\nSee [gone](missing.md).\n", to: "docs/guide.md")
        let failed = try #require(live.next())
        #expect(failed["type"] as? String == "failed")
        #expect(failed["build"] as? String == first["build"] as? String, "pages keep the build they show")
        let problems = failed["problems"] as? [[String: String]] ?? []
        #expect(problems.contains { $0["location"] == "docs/guide.md:3:12" && $0["code"] == "links.not_found" }, "\(problems)")
        #expect(try RawHTTP.request(port: server.port, path: "/guide/").body.contains("See <a href=\"../\">home</a>"), "the last good site is still served")
        #expect(server.waitForOutput(containing: "docs/guide.md:3:12: error:") != nil, "the terminal shows it too")

        // A page that connects now learns of the failure at once.
        let late = try LiveSocket(port: server.port)
        #expect(late.next()?["type"] as? String == "failed")

        try project.write("# Guide\n\nFixed.\n", to: "docs/guide.md")
        let fixed = try #require(live.next())
        #expect(fixed["type"] as? String == "ready")
        #expect(fixed["build"] as? String != first["build"] as? String)
    }

    @Test func aProjectThatNeverBuiltServesItsProblemsUntilItBuilds() throws {
        let project = try TemporaryProject(files: Self.files.merging(["mkdocs.yml": "site_name: [unclosed\n"]) { $1 })
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        defer { server.stop() }
        let page = try RawHTTP.request(port: server.port, path: "/guide/")
        #expect(page.status == 503)
        #expect(page.body.contains("mkdocs.yml"))
        #expect(page.body.contains("/__galley/live.js?build=none"))
        let live = try LiveSocket(port: server.port)
        #expect(live.next()?["type"] as? String == "failed")
        try project.write(Self.files["mkdocs.yml"]!, to: "mkdocs.yml")
        #expect(live.next()?["type"] as? String == "ready")
        #expect(try RawHTTP.request(port: server.port, path: "/").body.contains("First version."))
    }

    @Test func stoppingRemovesTheBuilds() throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        let pid = server.process.processIdentifier
        let temporary = FileManager.default.temporaryDirectory.path
        let builds = { (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.filter { $0.hasPrefix("galley-serve-\(pid)-") } ?? [] }
        #expect(builds().count == 1)
        server.stop()
        #expect(server.process.terminationStatus == 0)
        #expect(builds().isEmpty)
        #expect(!project.exists("site"), "serving never writes the project's site directory")
    }

    /// Ctrl-C while a rebuild runs: the rebuild is cut short and nothing temporary is left,
    /// the server's folder included. The site itself lives in memory, so no build of it is
    /// written anywhere.
    @Test func stoppingDuringARebuildLeavesNothingBehind() throws {
        var files = Self.files
        // Enough pages that a rebuild of the debug build is still running when Ctrl-C comes.
        for number in 0..<1_500 {
            files["docs/many/page-\(number).md"] = "# Page \(number)\n\n## Part\n\nSome text for page \(number), [home](../index.md).\n"
        }
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        let pid = server.process.processIdentifier
        let temporary = FileManager.default.temporaryDirectory.path
        // Galley names its temporary paths `galley-<kind>-<pid>-…`; other names (SwiftPM's lock
        // files of other tests, whose random parts may hold the same digits) are not its own.
        let leftovers = { (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.filter { $0.hasPrefix("galley-") && $0.split(separator: "-").contains { $0 == "\(pid)" } } ?? [] }
        let live = try LiveSocket(port: server.port)
        _ = live.next()
        try project.write("# Changed\n\nA rebuild is running.\n", to: "docs/index.md")
        usleep(150_000)
        server.stop()
        #expect(server.process.terminationStatus == 0)
        #expect(leftovers().isEmpty, "\(leftovers())")
        #expect(!project.exists("site"))
    }

    @Test func aSiteURLWithAPathIsServedUnderThatPath() throws {
        let project = try TemporaryProject(files: Self.files.merging(["mkdocs.yml": "site_name: Preview\nsite_url: https://example.com/guide/\n"]) { $1 })
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        defer { server.stop() }
        #expect(server.output.contains("Serving http://127.0.0.1:\(server.port)/guide/"))
        let root = try RawHTTP.request(port: server.port, path: "/")
        #expect(root.status == 302 && root.headers["location"] == "/guide/")
        #expect(try RawHTTP.request(port: server.port, path: "/guide/").body.contains("First version."))
        let missing = try RawHTTP.request(port: server.port, path: "/guide/nothing/")
        #expect(missing.status == 404 && missing.body.contains("href=\"/guide/assets/galley/galley.css\""))
    }

    @Test func aPortInUseIsReportedAtOnce() throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let server = try ServeProcess(in: project.root)
        defer { server.stop() }
        let start = Date()
        let second = try runGalley(["serve", "--dev-addr", "127.0.0.1:\(server.port)"], in: project.root)
        #expect(second.status == 1)
        #expect(second.stderr.contains("cannot serve on 127.0.0.1:\(server.port)") && second.stderr.contains("Address already in use"), "\(second.stderr)")
        #expect(Date().timeIntervalSince(start) < 8, "not after the listening time-out")
    }

    @Test func badAddressesAreRefusedBeforeAnythingStarts() throws {
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        let result = try runGalley(["serve", "--dev-addr", "8000"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--dev-addr must be host:port"))
    }
}
