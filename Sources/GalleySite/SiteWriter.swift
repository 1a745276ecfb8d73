import Foundation

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
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            created.insert(directory)
        }
        written.insert(relativePath)
        return path
    }

    /// Creates the directories of `relativePaths` and records them as written.
    func reserve(_ relativePaths: [String]) throws {
        for path in relativePaths {
            _ = try prepare(path)
        }
    }

    /// Writes a file whose path was passed to ``reserve(_:)``.
    func writeReserved(_ data: Data, to relativePath: String) throws {
        try data.write(to: URL(fileURLWithPath: (stagingDirectory as NSString).appendingPathComponent(relativePath)))
    }

    func write(_ data: Data, to relativePath: String) throws {
        try data.write(to: URL(fileURLWithPath: try prepare(relativePath)))
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
