import Foundation
#if canImport(Glibc)
import Glibc
import GalleyFileSystem
#endif

/// Watches directory trees and single files with Linux's inotify and reports the paths
/// that changed, in batches, from its own thread. Directories created inside a watched tree
/// are watched as they appear. Editors' scratch files (`.name.swp`, `name~`, vim's `4913`)
/// and dot-files are not reported: the build ignores them too.
public final class FileWatcher: @unchecked Sendable {
    /// What to watch.
    public enum Target: Sendable, Equatable {
        /// A directory and everything below it.
        case tree(String)
        /// One file; it may be replaced (written elsewhere and renamed over), as editors do.
        case file(String)
    }

    private let descriptor: Int32
    private let onChange: @Sendable ([String]) -> Void
    private let lock = NSLock()
    private var directories: [Int32: String] = [:]
    /// Watched directories that hold only watched files, with those files' names.
    private var fileFilters: [String: Set<String>] = [:]
    private var treeRoots: Set<String> = []
    private var stopped = false
    private var thread: Thread?

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)

    /// Starts watching `targets`; `onChange` hears the changed paths.
    public init(_ targets: [Target], onChange: @escaping @Sendable ([String]) -> Void) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot watch files: \(String(cString: strerror(errno)))"])
        }
        self.onChange = onChange
        for target in targets {
            switch target {
            case .tree(let path):
                treeRoots.insert(path)
                addTree(path)
            case .file(let path):
                let directory = PathName.parent(path)
                if !treeRoots.contains(where: { directory == $0 || directory.hasPrefix($0 + "/") }) {
                    fileFilters[directory, default: []].insert(PathName.lastComponent(path))
                    add(directory)
                }
            }
        }
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "galley file watcher"
        self.thread = thread
        thread.start()
    }

    /// Stops watching; no change is reported afterwards.
    public func stop() {
        lock.withLock { stopped = true }
    }

    deinit {
        close(descriptor)
    }

    private func add(_ directory: String) {
        let watch = inotify_add_watch(descriptor, directory, Self.mask | UInt32(IN_ONLYDIR))
        if watch >= 0 { lock.withLock { directories[watch] = directory } }
    }

    private func addTree(_ directory: String) {
        add(directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                addTree(path)
            }
        }
    }

    /// Whether a file of this name is an editor's scratch file rather than a source.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name == "4913"
    }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !lock.withLock({ stopped }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { continue }
            var changed: [String] = []
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + length
                guard let directory = lock.withLock({ directories[watch] }) else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    lock.withLock { _ = directories.removeValue(forKey: watch) }
                    continue
                }
                guard !name.isEmpty, !Self.isScratch(name) else { continue }
                if let names = fileFilters[directory], !names.contains(name) { continue }
                let path = directory + "/" + name
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, fileFilters[directory] == nil {
                    addTree(path)
                }
                changed.append(path)
            }
            if !changed.isEmpty, !lock.withLock({ stopped }) {
                var seen: Set<String> = []
                onChange(changed.filter { seen.insert($0).inserted })
            }
        }
    }
}
