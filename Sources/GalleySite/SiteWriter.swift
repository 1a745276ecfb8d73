import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a site into a fresh directory beside the target and swaps it in at the end, so a
/// failed build never leaves a half-written site behind.
///
/// `reserve` runs on one thread; afterwards `writeReserved` may run on many at once, because
/// it only writes files into directories that already exist and touches no shared state.
final class SiteWriter: @unchecked Sendable {
    let siteDirectory: String
    let stagingDirectory: String
    private var created: Set<String> = []
    private var written: Set<String> = []
    /// Directories, each used by one reserved file only, that the file's writer creates.
    private var deferred: Set<String> = []

    init(siteDirectory: String) throws {
        self.siteDirectory = siteDirectory
        let parent = (siteDirectory as NSString).deletingLastPathComponent
        let name = (siteDirectory as NSString).lastPathComponent
        stagingDirectory = (parent as NSString).appendingPathComponent(".\(name).galley-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: stagingDirectory, withIntermediateDirectories: true)
    }

    func exists(_ relativePath: String) -> Bool {
        written.contains(relativePath)
    }

    private func prepare(_ relativePath: String) throws -> String {
        let path = (stagingDirectory as NSString).appendingPathComponent(relativePath)
        let directory = (path as NSString).deletingLastPathComponent
        if !created.contains(directory) {
            try makeDirectories(directory)
        }
        written.insert(relativePath)
        return path
    }

    /// Creates `directory` and any missing parents inside the staging directory.
    private func makeDirectories(_ directory: String) throws {
        guard directory.count > stagingDirectory.count, !created.contains(directory) else { return }
        try makeDirectories((directory as NSString).deletingLastPathComponent)
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot create \(directory): \(String(cString: strerror(errno)))"])
        }
        created.insert(directory)
    }

    /// Records `relativePaths` as written and creates every directory they need except each
    /// path's own directory when no other path uses it: ``writeReserved(_:to:)`` makes those
    /// on the worker that writes the file, so their `mkdir`s overlap with other pages' work
    /// instead of running one after another before any page is written. Shared directories
    /// are made here, on one thread, because parallel `mkdir`s in one parent contend for its
    /// lock.
    func reserve(_ relativePaths: [String]) throws {
        var users: [String: Int] = [:]
        for path in relativePaths {
            let directory = (path as NSString).deletingLastPathComponent
            users[directory, default: 0] += 1
            var parent = (directory as NSString).deletingLastPathComponent
            while !parent.isEmpty {
                users[parent, default: 0] += 2
                parent = (parent as NSString).deletingLastPathComponent
            }
        }
        for path in relativePaths {
            written.insert(path)
            let directory = (path as NSString).deletingLastPathComponent
            if directory.isEmpty { continue }
            let absolute = stagingDirectory + "/" + directory
            if users[directory] == 1 {
                deferred.insert(absolute)
                try makeDirectories((absolute as NSString).deletingLastPathComponent)
            } else {
                try makeDirectories(absolute)
            }
        }
    }

    /// Writes a file whose path was passed to ``reserve(_:)``, with plain `open`/`write`:
    /// the whole site is swapped in at the end, so per-file durability calls buy nothing.
    func writeReserved(_ data: Data, to relativePath: String) throws {
        let path = stagingDirectory + "/" + relativePath
        let directory = (path as NSString).deletingLastPathComponent
        if deferred.contains(directory), mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot create \(directory): \(String(cString: strerror(errno)))"])
        }
        try Self.writeFile(path, data)
    }

    static func writeFile(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(path): \(String(cString: strerror(errno)))"])
        }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(path): \(String(cString: strerror(errno)))"])
                }
                offset += count
            }
        }
    }

    func write(_ data: Data, to relativePath: String) throws {
        try Self.writeFile(try prepare(relativePath), data)
    }

    func copy(_ source: String, to relativePath: String) throws {
        try FileManager.default.copyItem(atPath: source, toPath: try prepare(relativePath))
    }

    /// Puts the staged site in place of the old one.
    func commit() throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: siteDirectory) {
            let retired = stagingDirectory + ".old"
            try manager.moveItem(atPath: siteDirectory, toPath: retired)
            do {
                try manager.moveItem(atPath: stagingDirectory, toPath: siteDirectory)
            } catch {
                try? manager.moveItem(atPath: retired, toPath: siteDirectory)
                throw error
            }
            try? manager.removeItem(atPath: retired)
        } else {
            try manager.moveItem(atPath: stagingDirectory, toPath: siteDirectory)
        }
    }

    /// Removes the staging directory, leaving the old site as it was.
    func abandon() {
        try? FileManager.default.removeItem(atPath: stagingDirectory)
    }
}
