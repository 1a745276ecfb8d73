// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem

/// Keeps `.galley/` from growing without end. Every use of a cached program, linked
/// executable, result or host library marks it used (its modification time); after a build,
/// programs of pages that are gone, pieces an interrupted build left, and then the least
/// recently used entries beyond the budget are removed. What this build used is never removed.
package enum SnippetCache {
    /// What a pruning did, and the cache's size after it.
    package struct Summary: Sendable, Equatable {
        package var removed = 0
        package var freedBytes = 0
        package var bytes = 0
    }

    /// Marks `path` as used now.
    static func touch(_ path: String) {
        SystemCalls.touch(path)
    }

    /// How old a half-written file or folder must be before it counts as left by an
    /// interrupted build rather than being written by one running now.
    static let abandonedAge: TimeInterval = 600

    /// Prunes the snippet cache in `cacheDirectory` (a project's `.galley`) after a build that
    /// started at `started`: programs whose page is no longer under `docsDirectory`, pieces an
    /// interrupted build left, then the least recently used entries until it fits `budget`.
    /// `madePages` are pages the build made rather than read (the API reference's), whose
    /// programs stay though no file under `docsDirectory` holds them.
    package static func prune(cacheDirectory: String, docsDirectory: String, madePages: Set<String> = [], budget: Int, started: Date) -> Summary {
        var summary = Summary()
        let programs = cacheDirectory + "/snippets/programs"
        let results = cacheDirectory + "/snippets/results"
        let now = Date()
        func remove(_ path: String) {
            let bytes = SystemCalls.diskUsage(path)
            guard (try? FileManager.default.removeItem(atPath: path)) != nil else { return }
            summary.removed += 1
            summary.freedBytes += bytes
        }
        for name in SystemCalls.names(in: programs) ?? [] {
            let directory = programs + "/" + name
            let age = now.timeIntervalSince(modified(directory) ?? now)
            // A program whose page was deleted or renamed.
            if let page = try? String(contentsOfFile: directory + "/page", encoding: .utf8),
               !madePages.contains(page), SystemCalls.linkKind(docsDirectory + "/" + page) == nil {
                remove(directory)
                continue
            }
            guard age > abandonedAge else { continue }
            // A program whose compiler never finished, or half-written outputs beside finished ones.
            let names = Set(SystemCalls.names(in: directory) ?? [])
            if !name.hasPrefix("linked-"), !name.hasPrefix("fails-"), names.isDisjoint(with: ["program.o", "program", "linked"]) {
                remove(directory)
            } else {
                for file in names where file.hasSuffix(".partial") { remove(directory + "/" + file) }
            }
        }
        // Least recently used first, never what this build used.
        // Each entry is measured once; the cache's size is theirs plus the few small files
        // beside them (a host build holds thousands of files, so a second walk of the
        // whole cache would double the cost).
        let topLevel = SystemCalls.names(in: cacheDirectory) ?? []
        let hosts = topLevel.filter { $0.hasPrefix("host-") && SystemCalls.linkKind(cacheDirectory + "/" + $0) == .directory }
        // The API reference's symbol graphs, one folder per state of the sources; a folder an
        // interrupted extraction left behind goes once it is old.
        let graphs = cacheDirectory + "/symbolgraphs"
        for name in SystemCalls.names(in: graphs) ?? [] where name.contains(".partial-") {
            let path = graphs + "/" + name
            if now.timeIntervalSince(modified(path) ?? now) > abandonedAge { remove(path) }
        }
        let candidates = (SystemCalls.names(in: programs) ?? []).map { programs + "/" + $0 }
            + (SystemCalls.names(in: results) ?? []).map { results + "/" + $0 }
            + (SystemCalls.names(in: graphs) ?? []).filter { !$0.contains(".partial-") }.map { graphs + "/" + $0 }
        let entries = candidates.map { path in (path: path, used: modified(path) ?? now, bytes: SystemCalls.diskUsage(path)) }
            + hosts.map { cacheDirectory + "/" + $0 }.map { path in (path: path, used: modified(path) ?? now, bytes: hostBytes(path)) }
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > budget && entry.used < started {
            remove(entry.path)
            total -= entry.bytes
        }
        let measured = Set(hosts + ["snippets", "symbolgraphs"])
        let snippets = cacheDirectory + "/snippets"
        let others = topLevel.filter { !measured.contains($0) }.map { cacheDirectory + "/" + $0 }
            + (SystemCalls.names(in: snippets) ?? []).filter { $0 != "programs" && $0 != "results" }.map { snippets + "/" + $0 }
        summary.bytes = total + others.reduce(0) { $0 + SystemCalls.diskUsage($1) }
        return summary
    }

    /// The name of the record of a built host's size, in its folder.
    static let hostSizeRecord = "size"

    /// The bytes of the host build in `hostDirectory`. A built host does not change until it
    /// is rebuilt for another fingerprint, so its size is measured once and recorded beside
    /// the fingerprint it was measured for; walking its thousands of files after every build
    /// was most of a cached build's time.
    static func hostBytes(_ hostDirectory: String) -> Int {
        let record = hostDirectory + "/" + hostSizeRecord
        guard let fingerprint = try? String(contentsOfFile: hostDirectory + "/fingerprint", encoding: .utf8) else {
            return SystemCalls.diskUsage(hostDirectory)
        }
        if let recorded = try? String(contentsOfFile: record, encoding: .utf8) {
            let parts = recorded.split(separator: " ")
            if parts.count == 2, parts[0] == fingerprint, let bytes = Int(parts[1]) { return bytes }
        }
        try? FileManager.default.removeItem(atPath: record)
        let bytes = SystemCalls.diskUsage(hostDirectory)
        try? "\(fingerprint) \(bytes)".write(toFile: record, atomically: true, encoding: .utf8)
        return bytes
    }

    /// Forgets the recorded size of the host in `hostDirectory`, before it is rebuilt.
    static func forgetHostBytes(_ hostDirectory: String) {
        try? FileManager.default.removeItem(atPath: hostDirectory + "/" + hostSizeRecord)
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
