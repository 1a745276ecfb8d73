// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleySnippets
import Testing

@Suite("The snippet cache keeps to its budget")
struct SnippetCacheTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-cache-\(UUID().uuidString)").path

    func write(_ path: String, bytes: Int, age: TimeInterval) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 65, count: bytes).write(to: URL(fileURLWithPath: full))
        try setAge(path, age)
    }

    func setAge(_ path: String, _ age: TimeInterval) throws {
        let date = Date(timeIntervalSinceNow: -age)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: root + "/" + path)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }

    @Test func goneCleanLeftoversAndTheLeastRecentlyUsedBeyondTheBudget() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("docs/kept.md", bytes: 1, age: 0)
        // A program of a page that still exists, one of a deleted page, one never finished.
        try write(".galley/snippets/programs/aaa/page", bytes: 0, age: 0)
        try "kept.md".write(toFile: root + "/.galley/snippets/programs/aaa/page", atomically: false, encoding: .utf8)
        try write(".galley/snippets/programs/aaa/program.o", bytes: 100, age: 1)
        try setAge(".galley/snippets/programs/aaa", 1)
        try write(".galley/snippets/programs/bbb/program.o", bytes: 100, age: 3600)
        try "deleted.md".write(toFile: root + "/.galley/snippets/programs/bbb/page", atomically: false, encoding: .utf8)
        try write(".galley/snippets/programs/ccc/main.swift", bytes: 10, age: 3600)
        try write(".galley/snippets/programs/ccc/program.o.partial", bytes: 10, age: 3600)
        try setAge(".galley/snippets/programs/ccc", 3600)
        // Results, oldest first: the budget keeps the newest.
        for (name, age) in [("r1", 400.0), ("r2", 300.0), ("r3", 200.0), ("r4", 5.0)] {
            try write(".galley/snippets/results/\(name).json", bytes: 1000, age: age)
        }
        let started = Date(timeIntervalSinceNow: -10)
        // r4 and aaa were used by this build (after `started`).
        let summary = SnippetCache.prune(cacheDirectory: root + "/.galley", docsDirectory: root + "/docs", budget: 2200, started: started)
        #expect(!exists(".galley/snippets/programs/bbb"), "its page is gone")
        #expect(!exists(".galley/snippets/programs/ccc"), "its compiler never finished")
        #expect(exists(".galley/snippets/programs/aaa/program.o"))
        #expect(!exists(".galley/snippets/results/r1.json") && !exists(".galley/snippets/results/r2.json"))
        #expect(exists(".galley/snippets/results/r3.json") && exists(".galley/snippets/results/r4.json"))
        #expect(summary.bytes <= 2200)
        #expect(summary.removed == 4)
        // What this build used stays even over budget.
        let tight = SnippetCache.prune(cacheDirectory: root + "/.galley", docsDirectory: root + "/docs", budget: 0, started: started)
        #expect(exists(".galley/snippets/results/r4.json"))
        #expect(!exists(".galley/snippets/results/r3.json"))
        #expect(tight.removed == 1)
    }

    @Test func theReportedSizeIsTheWholeCachesHostsAndLooseFilesIncluded() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("docs/kept.md", bytes: 1, age: 0)
        try write(".galley/host-abc/.build/debug/libHost.so", bytes: 700, age: 5)
        try write(".galley/host-abc/.build/debug/Modules/Host.swiftmodule", bytes: 70, age: 5)
        try write(".galley/host-abc.lock", bytes: 0, age: 5)
        try write(".galley/package-1.json", bytes: 30, age: 5)
        try write(".galley/snippets/results/r.json", bytes: 100, age: 5)
        try write(".galley/snippets/stray", bytes: 3, age: 5)
        let summary = SnippetCache.prune(cacheDirectory: root + "/.galley", docsDirectory: root + "/docs", budget: 1 << 30, started: Date())
        #expect(summary.removed == 0)
        #expect(summary.bytes == 903)
    }

    @Test func aBuiltHostsSizeIsMeasuredOnceForItsFingerprint() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let host = root + "/.galley/host-abc"
        try write(".galley/host-abc/.build/libHost.so", bytes: 700, age: 5)
        try "one".write(toFile: host + "/fingerprint", atomically: true, encoding: .utf8)
        #expect(SnippetCache.hostBytes(host) == 703)
        // Measured once: a file added without a rebuild is not walked again...
        try write(".galley/host-abc/.build/other.o", bytes: 50, age: 5)
        #expect(SnippetCache.hostBytes(host) == 703)
        // ...but a rebuild for another fingerprint is.
        try "two".write(toFile: host + "/fingerprint", atomically: true, encoding: .utf8)
        #expect(SnippetCache.hostBytes(host) == 753)
    }
}
