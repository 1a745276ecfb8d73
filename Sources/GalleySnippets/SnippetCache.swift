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
    package static func prune(cacheDirectory: String, docsDirectory: String, budget: Int, started: Date) -> Summary {
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
               SystemCalls.linkKind(docsDirectory + "/" + page) == nil {
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
        var entries: [(path: String, used: Date, bytes: Int)] = []
        let candidates = (SystemCalls.names(in: programs) ?? []).map { programs + "/" + $0 }
            + (SystemCalls.names(in: results) ?? []).map { results + "/" + $0 }
            + (SystemCalls.names(in: cacheDirectory) ?? []).filter { $0.hasPrefix("host-") && !$0.hasSuffix(".lock") && !$0.hasSuffix(".location") }.map { cacheDirectory + "/" + $0 }
        for path in candidates {
            entries.append((path, modified(path) ?? now, SystemCalls.diskUsage(path)))
        }
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > budget && entry.used < started {
            remove(entry.path)
            total -= entry.bytes
        }
        summary.bytes = SystemCalls.diskUsage(cacheDirectory)
        return summary
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
