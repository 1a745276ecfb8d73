// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import GalleyFileSystem

@Suite struct FileWatcherTests {
    /// Collects what the watcher reports and lets a test wait for a path.
    final class Changes: @unchecked Sendable {
        private let condition = NSCondition()
        private var paths: [String] = []

        func add(_ new: [String]) {
            condition.lock()
            paths += new
            condition.broadcast()
            condition.unlock()
        }

        /// Waits up to `seconds` for `path` to be reported.
        func wait(for path: String, seconds: Double = 5) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while !paths.contains(path) {
                if !condition.wait(until: deadline) { return paths.contains(path) }
            }
            return true
        }

        var all: [String] {
            condition.lock()
            defer { condition.unlock() }
            return paths
        }
    }

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/docs/guide", withIntermediateDirectories: true)
        return SystemCalls.realPath(path)!
    }

    @Test func reportsWritesCreationsRenamesAndNewDirectories() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let changes = Changes()
        let watcher = try FileWatcher([.tree(base + "/docs")]) { changes.add($0) }
        defer { watcher.stop() }

        try Data("# Guide\n".utf8).write(to: URL(fileURLWithPath: base + "/docs/guide/index.md"))
        #expect(changes.wait(for: base + "/docs/guide/index.md"))

        // Editors write a scratch file and rename it over the page.
        try Data("# New\n".utf8).write(to: URL(fileURLWithPath: base + "/docs/.index.md.swp"))
        try FileManager.default.moveItem(atPath: base + "/docs/.index.md.swp", toPath: base + "/docs/index.md")
        #expect(changes.wait(for: base + "/docs/index.md"))

        try FileManager.default.createDirectory(atPath: base + "/docs/new", withIntermediateDirectories: true)
        #expect(changes.wait(for: base + "/docs/new"))
        // Give the watcher a moment to watch the new directory, then write into it.
        Thread.sleep(forTimeInterval: 0.1)
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/docs/new/page.md"))
        #expect(changes.wait(for: base + "/docs/new/page.md"))
        #expect(!changes.all.contains { $0.hasSuffix(".swp") }, "scratch files are not reported")
    }

    @Test func aWatchedFileIsReportedAndItsNeighboursAreNot() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let changes = Changes()
        let watcher = try FileWatcher([.file(base + "/mkdocs.yml")]) { changes.add($0) }
        defer { watcher.stop() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/other.txt"))
        try Data("site_name: x\n".utf8).write(to: URL(fileURLWithPath: base + "/mkdocs.yml"))
        #expect(changes.wait(for: base + "/mkdocs.yml"))
        #expect(!changes.all.contains(base + "/other.txt"))
    }

    @Test func nothingIsReportedAfterStopping() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let changes = Changes()
        let watcher = try FileWatcher([.tree(base + "/docs")]) { changes.add($0) }
        watcher.stop()
        Thread.sleep(forTimeInterval: 0.3)
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/docs/late.md"))
        #expect(!changes.wait(for: base + "/docs/late.md", seconds: 0.5))
    }

    @Test(arguments: [".index.md.swp", "index.md~", "4913", ".hidden.md", "page.swx"])
    func scratchNamesAreIgnored(name: String) {
        #expect(FileWatcher.isScratch(name))
    }

    @Test func pagesAreNotScratch() {
        #expect(!FileWatcher.isScratch("index.md"))
        #expect(!FileWatcher.isScratch("diagram.svg"))
    }
}
