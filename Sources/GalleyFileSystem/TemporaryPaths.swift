import Foundation

/// The temporary files and folders this process has made and not yet removed, so that
/// Ctrl-C or SIGTERM, which skip every `defer`, still leaves none behind
/// (``TerminationSignals`` removes what is registered here before the process exits).
package final class TemporaryPaths: @unchecked Sendable {
    package static let shared = TemporaryPaths()

    private let lock = NSLock()
    private var paths: Set<String> = []

    /// A fresh path in the system's temporary folder, named `prefix-<random>`, registered;
    /// nothing is created.
    package func reserve(_ prefix: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(SystemCalls.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))").path
        register(path)
        return path
    }

    /// Remembers `path` for removal at termination.
    package func register(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    /// Removes `path` (file or folder) now and forgets it.
    package func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        lock.withLock { _ = paths.remove(path) }
    }

    /// Removes everything still registered. A folder another thread is still filling is
    /// removed again until it stays gone, so the removal cannot lose the race.
    package func removeAll() {
        let all = lock.withLock { paths }
        for path in all {
            for _ in 0..<20 {
                try? FileManager.default.removeItem(atPath: path)
                guard FileManager.default.fileExists(atPath: path) else { break }
                usleep(5_000)
            }
        }
        lock.withLock { paths.subtract(all) }
    }
}
