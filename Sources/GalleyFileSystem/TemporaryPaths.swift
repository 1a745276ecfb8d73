// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files and folders this process has made and not yet removed, so that
/// Ctrl-C or SIGTERM, which skip every `defer`, still leaves none behind
/// (``TerminationSignals`` removes what is registered here before the process exits).
package final class TemporaryPaths: Sendable {
    package static let shared = TemporaryPaths()

    private let paths = Mutex<Set<String>>([])

    /// A fresh path in the system's temporary folder, named `prefix-<random>`, registered;
    /// nothing is created.
    package func reserve(_ prefix: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(SystemCalls.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))").path
        register(path)
        return path
    }

    /// Remembers `path` for removal at termination.
    package func register(_ path: String) {
        _ = paths.withLock { $0.insert(path) }
    }

    /// Removes `path` (file or folder) now and forgets it.
    package func remove(_ path: String) {
        SystemCalls.removeTree(path)
        _ = paths.withLock { $0.remove(path) }
    }

    /// Forgets `path` without removing it: it became something to keep (a staged site that
    /// is now the site).
    package func forget(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Removes everything still registered. A folder another thread is still filling is
    /// removed again until it stays gone, so the removal cannot lose the race.
    package func removeAll() {
        let all = paths.withLock { $0 }
        for path in all {
            for _ in 0..<20 {
                SystemCalls.removeTree(path)
                guard FileManager.default.fileExists(atPath: path) else { break }
                usleep(5_000)
            }
        }
        paths.withLock { $0.subtract(all) }
    }

    /// Removes what galley processes that are gone (killed, so no handler ran) left in the
    /// system's temporary folder: entries named `galley-<what>-<pid>-…`, for the names galley
    /// gives its temporary files, of this user, whose process no longer runs. Returns what
    /// was removed.
    /// The `<what>` of the temporary names galley gives (``reserve(_:)``'s prefixes, the
    /// preview's work folder, the sandbox's scratch folders of earlier versions).
    static let ownNames: Set<String> = ["serve", "check", "git", "deploy", "blob", "sandbox"]

    @discardableResult
    package static func removeAbandoned() -> [String] {
        let folder = FileManager.default.temporaryDirectory.path
        var removed: [String] = []
        for name in SystemCalls.names(in: folder) ?? [] where name.hasPrefix("galley-") {
            // Exactly galley's own shape, `galley-<what>-<pid>-<token>` with a decimal or
            // base-36 token (and `.index` after a deploy's index): another program's
            // `galley-deploy-<UUID>` folder, whose first group may be all digits, is not ours.
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 4, ownNames.contains(String(parts[1])), let pid = Int32(parts[2]), pid > 0 else { continue }
            let token = parts[3].hasSuffix(".index") ? parts[3].dropLast(".index".count) : parts[3]
            guard !token.isEmpty, token.allSatisfy({ ("0"..."9").contains($0) || ("a"..."z").contains($0) }), !SystemCalls.processExists(pid) else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid() else { continue }
            if SystemCalls.removeTree(path) == nil { removed.append(path) }
        }
        return removed
    }
}
