// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
import Testing

@Suite("System calls")
struct SystemCallsTests {
    private func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "galley-fs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func exchangeSwapsTwoFolders() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: root + "/b", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: root + "/a/one", contents: Data())
        _ = FileManager.default.createFile(atPath: root + "/b/two", contents: Data())
        let swapped = try SystemCalls.exchange(root + "/a", root + "/b")
        try #require(swapped, "this file system cannot exchange names")
        #expect(FileManager.default.fileExists(atPath: root + "/a/two"))
        #expect(FileManager.default.fileExists(atPath: root + "/b/one"))
    }

    /// A page written in pieces is the pieces joined, byte for byte: small ones gathered, a
    /// large one (a huge page's content) written from its own storage between them.
    @Test func piecesAreWrittenInOrderWhateverTheirSize() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let large = String(repeating: "é<p>", count: 400_000)
        let pieces = ["<!doctype html>\n", "<head>ü</head>", large, "", "</article>", large + "x", "end\n"]
        try SystemCalls.writeFile(root + "/page.html", pieces: pieces)
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/page.html")) == Data(pieces.joined().utf8))
        try SystemCalls.writeFile(root + "/page.html", pieces: ["short"])
        #expect(try String(contentsOfFile: root + "/page.html", encoding: .utf8) == "short")
        #expect(throws: FileSystemError.self) { try SystemCalls.writeFile(root + "/missing/page.html", pieces: ["x"]) }
    }

    @Test func diskUsageCountsRegularFilesAtAnyDepthAndNoLinks() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outside = try scratch()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: root + "/a/b/.c", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/one", contents: Data(count: 10))
        _ = FileManager.default.createFile(atPath: root + "/a/b/.c/two", contents: Data(count: 200))
        _ = FileManager.default.createFile(atPath: root + "/a/..three", contents: Data(count: 3000))
        _ = FileManager.default.createFile(atPath: outside + "/big", contents: Data(count: 50_000))
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked-folder", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked-file", withDestinationPath: outside + "/big")
        #expect(SystemCalls.diskUsage(root) == 3210)
        #expect(SystemCalls.diskUsage(root + "/a/b/.c/two") == 200)
        #expect(SystemCalls.diskUsage(root + "/a/linked-folder") == 0)
        #expect(SystemCalls.diskUsage(root + "/missing") == 0)
    }

    @Test func realPathResolvesRelativeLinksAgainstTheirFolder() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: root + "/docs/other.md", contents: Data("docs".utf8))
        _ = FileManager.default.createFile(atPath: root + "/other.md", contents: Data("root".utf8))
        try FileManager.default.createSymbolicLink(atPath: root + "/docs/same.md", withDestinationPath: "other.md")
        let real = try #require(SystemCalls.realPath(root + "/docs/same.md"))
        #expect(real.hasSuffix("/docs/other.md"))
        #expect(SystemCalls.realPath(root + "/missing") == nil)
    }

    @Test func errorsSayWhatFailedInPlainWords() {
        let error = FileSystemError("write", "site/assets/x.css", code: EACCES)
        #expect(error.description == "cannot write site/assets/x.css: permission denied")
    }

    @Test func processExists() {
        #expect(SystemCalls.processExists(SystemCalls.processIdentifier))
        #expect(!SystemCalls.processExists(0))
    }

    @Test func secondLockWaitsUntilTheFirstIsReleased() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try PathLock(root)
        let waited = LockedFlag()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let second = try? PathLock(root, waiting: { waited.set() })
            second?.unlock()
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(waited.value)
        first.unlock()
        #expect(done.wait(timeout: .now() + 5) == .success)
    }
}

private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
