// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
@testable import GalleySnippets
import Testing

/// A project checked in one folder fills the shared cache; a copy of it in another folder,
/// with the first gone, takes everything from there: the package's description, the
/// library, every program and the compiler's answers for `fails` blocks, and the symbol
/// graphs.
@Suite("Remote cache across folders", .serialized)
struct RemoteCacheRelocationTests {
    static let files = [
        "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Tiny\", products: [.library(name: \"Tiny\", targets: [\"Tiny\"])], targets: [.target(name: \"Tiny\")])\n",
        "Sources/Tiny/Tiny.swift": "/// Says hello.\npublic func greeting() -> String { \"hello from Tiny\" }\n",
        "docs/one.md": "```swift run\nprint(greeting())\n```\n\n```swift fails=\"cannot convert\"\nlet n: Int = greeting()\n```\n",
        "docs/two.md": "```swift run\nprint(greeting().count)\n```\n",
    ]

    struct Run {
        var report: SnippetReport
        var results: [String]
    }

    static func check(in folder: String, cache: String) throws -> Run {
        var config = SnippetConfig()
        config.package = folder
        config.products = ["Tiny"]
        config.remoteCache = RemoteCacheConfig(url: cache)
        var engine = SnippetEngine(config: config, projectDirectory: folder, keepGoing: false)
        engine.reusesResults = false
        var pages: [SnippetPage] = []
        for name in ["one.md", "two.md"] {
            var log = DiagnosticLog()
            pages.append(SnippetPage(path: name, document: MarkdownParser.parse(files["docs/" + name]!, file: name, options: MarkdownOptions(), log: &log)))
        }
        let report = try engine.run(pages)
        return Run(report: report, results: ["one.md", "two.md"].flatMap { SnippetEngineTests.results(report, $0).map(\.text) })
    }

    static func write(into folder: String) throws {
        for (name, text) in files {
            try FileManager.default.createDirectory(atPath: (folder + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
    }

    @Test func aCopyInAnotherFolderCompilesNothing() throws {
        let server = try NginxCache()
        defer { server.stop() }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-relocate-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let first = base + "/first/project"
        let second = base + "/elsewhere/copy"
        try Self.write(into: first)

        let cold = try Self.check(in: first, cache: server.url)
        #expect(cold.report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(cold.report.diagnostics)")
        #expect(cold.results.first == "hello from Tiny\n")
        #expect(cold.report.summary.compiled == 3, "two programs and one type check")
        let stored = try #require(cold.report.summary.remote)
        #expect(stored.stored == 5, "the package's description, the library, two programs, one type check: \(stored)")
        var firstEngine = SnippetEngine(config: SnippetConfig(), projectDirectory: first)
        firstEngine.config.package = first
        firstEngine.config.remoteCache = RemoteCacheConfig(url: server.url)
        let graphs = try firstEngine.symbolGraphs(package: nil, modules: ["Tiny"], accessLevel: "public").get()
        #expect(!graphs.fromCache)

        // Only the sources move; the first folder, its build and its cache are gone.
        try Self.write(into: second)
        try FileManager.default.removeItem(atPath: base + "/first")
        let warm = try Self.check(in: second, cache: server.url)
        #expect(warm.report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(warm.report.diagnostics)")
        #expect(warm.results == cold.results)
        #expect(warm.report.summary.compiled == 0)
        let fetched = try #require(warm.report.summary.remote)
        #expect(fetched.hits == 5 && fetched.misses == 0 && fetched.stored == 0, "\(fetched)")
        #expect(warm.report.summary.stages[.libraries].processes == 0, "swift build did not run")

        var secondEngine = SnippetEngine(config: SnippetConfig(), projectDirectory: second)
        secondEngine.config.package = second
        secondEngine.config.remoteCache = RemoteCacheConfig(url: server.url)
        let shared = try secondEngine.symbolGraphs(package: nil, modules: ["Tiny"], accessLevel: "public").get()
        #expect(shared.fromCache)
        // The graphs name the sources where the library was built, and say so.
        #expect(shared.origin == first)
        let graph = try String(contentsOfFile: try #require(shared.files.first), encoding: .utf8)
        #expect(graph.contains("Says hello."))
    }

    @Test func withTheServerDownTheCheckStillPassesWithOneWarning() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-remote-down-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try Self.write(into: base)
        let run = try Self.check(in: base, cache: "http://127.0.0.1:\(freePort())/cache")
        #expect(run.results.first == "hello from Tiny\n")
        let warnings = run.report.diagnostics.filter { $0.code == SnippetCodes.remoteCache }
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(run.report.summary.failed == 0, "the cache's warning is advisory: the check passes")
    }
}
