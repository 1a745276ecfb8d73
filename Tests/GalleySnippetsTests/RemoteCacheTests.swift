// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
@testable import GalleySnippets
import Testing

/// The shared cache against a real nginx with WebDAV, and against servers that stall or are
/// not there.
@Suite("Remote cache", .serialized)
struct RemoteCacheTests {
    /// A folder with two files to store, one of them executable.
    struct Files {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-remote-\(UUID().uuidString)").path

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/out/Modules", withIntermediateDirectories: true)
            try Data((0..<200_000).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: root + "/out/Modules/A.swiftmodule"))
            try "#!/bin/sh\necho hi\n".write(toFile: root + "/out/program", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/out/program")
        }

        var entry: [RemoteCache.EntryFile] {
            [.init(name: "Modules/A.swiftmodule", path: root + "/out/Modules/A.swiftmodule"), .init(name: "program", path: root + "/out/program")]
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static func cache(_ url: String, readOnly: Bool = false, timeout: Double = 10) throws -> RemoteCache {
        var settings = RemoteCacheConfig(url: url)
        settings.readOnly = readOnly
        settings.timeout = timeout
        settings.line = 7
        return try RemoteCache(settings: settings)
    }

    static let key = String(repeating: "ab", count: 32)

    @Test func anEntryStoredIsFetchedWithItsBytesAndModes() throws {
        let server = try NginxCache()
        defer { server.stop() }
        let files = try Files()
        defer { files.remove() }
        let cache = try Self.cache(server.url)
        #expect(cache.fetch(Self.key, into: files.root + "/in") == nil)
        cache.store(Self.key, files: files.entry)
        #expect(server.records == [Self.key])
        #expect(server.blobs.count == 2)
        // The record is an `ActionResult` naming both files by digest.
        let record = try #require(FileManager.default.contents(atPath: server.store + "/ac/" + Self.key))
        let decoded = try #require(ActionResultMessage(decoding: Array(record)))
        #expect(decoded.outputFiles.map(\.path) == ["Modules/A.swiftmodule", "program"])
        #expect(decoded.outputFiles.map(\.isExecutable) == [false, true])

        let fresh = try Self.cache(server.url)
        let names = fresh.fetch(Self.key, into: files.root + "/in")
        #expect(names == ["Modules/A.swiftmodule", "program"])
        for name in ["Modules/A.swiftmodule", "program"] {
            #expect(FileManager.default.contents(atPath: files.root + "/in/" + name) == FileManager.default.contents(atPath: files.root + "/out/" + name))
        }
        #expect(FileManager.default.isExecutableFile(atPath: files.root + "/in/program"))
        #expect(fresh.statistics.hits == 1)
        #expect(fresh.statistics.downloadedBytes == 200_000 + 18)
        #expect(fresh.warnings.isEmpty)
        #expect(cache.statistics.stored == 1 && cache.statistics.misses == 1)
    }

    @Test func aCorruptOrTruncatedFileIsNeverUsedAndIsReplacedByTheNextStore() throws {
        let server = try NginxCache()
        defer { server.stop() }
        let files = try Files()
        defer { files.remove() }
        try Self.cache(server.url).store(Self.key, files: files.entry)
        let module = try #require(server.blobs.first { (try? FileManager.default.attributesOfItem(atPath: server.store + "/cas/" + $0)[.size] as? Int) == 200_000 })
        // Same length, one byte changed; then cut short.
        var bytes = try #require(FileManager.default.contents(atPath: server.store + "/cas/" + module))
        bytes[1000] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: server.store + "/cas/" + module))
        let reader = try Self.cache(server.url)
        #expect(reader.fetch(Self.key, into: files.root + "/in") == nil)
        #expect(!FileManager.default.fileExists(atPath: files.root + "/in/Modules/A.swiftmodule"))
        #expect(!FileManager.default.fileExists(atPath: files.root + "/in/program"), "nothing of a corrupt entry is written")
        #expect(reader.statistics.rejected == 1)
        #expect(reader.warnings.count == 1)
        #expect(reader.warnings.first?.contains("corrupt entry") == true)

        try bytes.prefix(5000).write(to: URL(fileURLWithPath: server.store + "/cas/" + module))
        #expect(try Self.cache(server.url).fetch(Self.key, into: files.root + "/in") == nil)

        // The build that rebuilt it stores it again, over the bad file.
        reader.store(Self.key, files: files.entry)
        #expect(try Self.cache(server.url).fetch(Self.key, into: files.root + "/in") != nil)
    }

    @Test func aMalformedRecordIsAMissNotACrash() throws {
        let server = try NginxCache()
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: server.store + "/ac", withIntermediateDirectories: true)
        try Data([0x12, 0xFF, 0x01]).write(to: URL(fileURLWithPath: server.store + "/ac/" + Self.key))
        let cache = try Self.cache(server.url)
        #expect(cache.fetch(Self.key, into: FileManager.default.temporaryDirectory.path + "/never-\(UUID().uuidString)") == nil)
        #expect(cache.statistics.rejected == 1)
        // A record naming a path outside the entry's folder is refused the same way.
        let escaping = ActionResultMessage(outputFiles: [.init(path: "../escape", hash: String(repeating: "0", count: 64), size: 0, isExecutable: false)])
        try Data(escaping.encoded()).write(to: URL(fileURLWithPath: server.store + "/ac/" + Self.key))
        #expect(try Self.cache(server.url).fetch(Self.key, into: server.root + "/x") == nil)
    }

    @Test func readOnlyStoresNothing() throws {
        let server = try NginxCache()
        defer { server.stop() }
        let files = try Files()
        defer { files.remove() }
        let cache = try Self.cache(server.url, readOnly: true)
        cache.store(Self.key, files: files.entry)
        #expect(server.records.isEmpty && server.blobs.isEmpty)
        #expect(server.requests("PUT") == 0)
        #expect(cache.warnings.isEmpty)
    }

    @Test func aServerThatRefusesToStoreIsStillReadWithOneWarning() throws {
        let server = try NginxCache()
        defer { server.stop() }
        let files = try Files()
        defer { files.remove() }
        let cache = try Self.cache(server.readOnlyURL)
        cache.store(Self.key, files: files.entry)
        cache.store(String(repeating: "cd", count: 32), files: files.entry)
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings.first?.contains("refused to store (status 405)") == true)
        #expect(server.requests("PUT") == 1, "after the first refusal nothing more is sent")
        #expect(cache.fetch(Self.key, into: files.root + "/in") == nil)
        #expect(cache.statistics.misses == 1, "reading goes on")
    }

    @Test func aServerThatIsDownCostsOneWarningAndNoWait() throws {
        let cache = try Self.cache("http://127.0.0.1:\(freePort())/cache")
        let files = try Files()
        defer { files.remove() }
        let started = Date()
        for _ in 0..<5 { #expect(cache.fetch(Self.key, into: files.root + "/in") == nil) }
        cache.store(Self.key, files: files.entry)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings.first?.contains("cannot connect") == true)
        #expect(cache.warnings.first?.contains("goes on without it") == true)
    }

    @Test func aServerThatStallsIsGivenUpAfterTheTimeout() throws {
        let server = StalledServer()
        defer { server.stop() }
        let cache = try Self.cache(server.url, timeout: 0.5)
        let started = Date()
        for _ in 0..<3 { #expect(cache.fetch(Self.key, into: "/nonexistent") == nil) }
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.5 && waited < 3, "one time-out, then no more requests: \(waited) s")
        #expect(cache.warnings == ["the remote cache at \(server.url) failed (no answer within 0.5 s); this build goes on without it, compiling what it would have fetched"])
    }

    @Test func urlsItCannotUseAreErrorsAtTheSetting() {
        for (url, words) in [("https://cache.example/x", "must be an `http://` URL"), ("cache.example", "is not a URL"), ("http://user:secret@cache.example/", "no user, password or query")] {
            #expect {
                _ = try Self.cache(url)
            } throws: { error in
                guard let error = error as? DiagnosticError, let first = error.diagnostics.first else { return false }
                return first.message.contains(words) && first.location.file == "mkdocs.yml" && first.location.line == 7
            }
        }
    }

    @Test func theRecordIsAnActionResultInTheWireFormat() throws {
        let hash = String(repeating: "0f", count: 32)
        let message = ActionResultMessage(outputFiles: [.init(path: "a", hash: hash, size: 300, isExecutable: true)])
        // output_files (2), length-delimited: path (1) "a"; digest (2) { hash (1), size_bytes
        // (2) = 300 as a varint, 0xAC 0x02 }; is_executable (4) = 1.
        let digest: [UInt8] = [0x0A, 64] + Array(hash.utf8) + [0x10, 0xAC, 0x02]
        let file: [UInt8] = [0x0A, 1, UInt8(ascii: "a"), 0x12, UInt8(digest.count)] + digest + [0x20, 0x01]
        #expect(message.encoded() == [0x12, UInt8(file.count)] + file)
        #expect(ActionResultMessage(decoding: message.encoded()) == message)
        // Fields it does not read are skipped; a non-zero exit code or a short digest is no entry.
        #expect(ActionResultMessage(decoding: message.encoded() + [0x30, 0x05, 0x3D, 1, 2, 3, 4]) == message)
        #expect(ActionResultMessage(decoding: message.encoded() + [0x20, 0x01]) == nil)
        let short = ActionResultMessage(outputFiles: [.init(path: "a", hash: "abc", size: 1, isExecutable: false)])
        #expect(ActionResultMessage(decoding: short.encoded()) == nil)
        #expect(ActionResultMessage(decoding: [0x12, 0x40]) == nil)
    }
}
