// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches directory trees and single files and reports the paths that changed, in batches,
/// from its own thread. Directories created inside a watched tree are watched as they
/// appear. Editors' scratch files (`.name.swp`, `name~`, vim's `4913`) and dot-files are not
/// reported: the build ignores them too.
///
/// On Linux the kernel says which entry changed (inotify). On Apple's systems (kqueue) it
/// says only that a directory's entries changed, so the directory is listed again and
/// compared with the last listing; the paths reported are the same. The Darwin branch is
/// written here beside Linux's but has not been built on macOS yet.
package final class FileWatcher: Sendable {
    /// What to watch.
    package enum Target: Sendable, Equatable {
        /// A directory and everything below it.
        case tree(String)
        /// One file; it may be replaced (written elsewhere and renamed over), as editors do.
        case file(String)
    }

    /// One change the kernel reported: an entry `name` of `directory` (or, where the kernel
    /// does not say which, each entry that differs from the last listing).
    private struct Event {
        var directory: String
        var name: String
        var isNewDirectory: Bool
    }

    /// What the watcher's thread and its callers share.
    private struct State {
        /// Watched directories by the kernel's handle for them.
        var directories: [Int32: String] = [:]
        var stopped = false
        #if !canImport(Glibc)
        /// Each watched directory's entries and their modification times at the last listing.
        var listings: [String: [String: Date]] = [:]
        #endif
    }

    private let descriptor: Int32
    private let onChange: @Sendable ([String]) -> Void
    private let state = Mutex(State())
    /// Watched directories that hold only watched files, with those files' names.
    private let fileFilters: [String: Set<String>]

    /// Starts watching `targets`; `onChange` hears the changed paths.
    package init(_ targets: [Target], onChange: @escaping @Sendable ([String]) -> Void) throws {
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #else
        descriptor = kqueue()
        #endif
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot watch files: \(String(cString: strerror(errno)))"])
        }
        self.onChange = onChange
        var trees: [String] = []
        var fileFilters: [String: Set<String>] = [:]
        for target in targets {
            switch target {
            case .tree(let path):
                trees.append(path)
            case .file(let path):
                let directory = PathName.parent(path)
                // A file inside a watched tree is watched with it (only trees named before it,
                // as the targets come in order).
                if !trees.contains(where: { directory == $0 || directory.hasPrefix($0 + "/") }) {
                    fileFilters[directory, default: []].insert(PathName.lastComponent(path))
                }
            }
        }
        self.fileFilters = fileFilters
        for target in targets {
            switch target {
            case .tree(let path): addTree(path)
            case .file(let path) where fileFilters[PathName.parent(path)] != nil: add(PathName.parent(path))
            case .file: break
            }
        }
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "galley file watcher"
        thread.start()
    }

    /// Stops watching; no change is reported afterwards.
    package func stop() {
        state.withLock { $0.stopped = true }
    }

    deinit {
        #if !canImport(Glibc)
        for handle in state.withLock({ $0.directories.keys }) { close(handle) }
        #endif
        close(descriptor)
    }

    /// Whether a file of this name is an editor's scratch file rather than a source.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name == "4913"
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

    private func loop() {
        while !state.withLock({ $0.stopped }) {
            var changed: [String] = []
            for event in nextEvents() {
                guard !Self.isScratch(event.name) else { continue }
                if let names = fileFilters[event.directory], !names.contains(event.name) { continue }
                let path = event.directory + "/" + event.name
                if event.isNewDirectory, fileFilters[event.directory] == nil {
                    addTree(path)
                }
                changed.append(path)
            }
            if !changed.isEmpty, !state.withLock({ $0.stopped }) {
                var seen: Set<String> = []
                onChange(changed.filter { seen.insert($0).inserted })
            }
        }
    }

    #if canImport(Glibc)
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)

    private func add(_ directory: String) {
        let watch = inotify_add_watch(descriptor, directory, Self.mask | UInt32(IN_ONLYDIR))
        if watch >= 0 { state.withLock { $0.directories[watch] = directory } }
    }

    /// The changes of the next 200 ms, from inotify's records.
    private func nextEvents() -> [Event] {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 200) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return [] }
        var events: [Event] = []
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
            guard let directory = state.withLock({ $0.directories[watch] }) else { continue }
            if mask & UInt32(IN_IGNORED) != 0 {
                state.withLock { _ = $0.directories.removeValue(forKey: watch) }
                continue
            }
            guard !name.isEmpty else { continue }
            let isNewDirectory = mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
            events.append(Event(directory: directory, name: name, isNewDirectory: isNewDirectory))
        }
        return events
    }
    #else
    private func add(_ directory: String) {
        guard !state.withLock({ $0.directories.values.contains(directory) }) else { return }
        let handle = open(directory, O_EVTONLY)
        guard handle >= 0 else { return }
        var change = kevent(
            ident: UInt(handle), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME), data: 0, udata: nil
        )
        guard kevent(descriptor, &change, 1, nil, 0, nil) >= 0 else {
            close(handle)
            return
        }
        let listing = Self.listing(of: directory)
        state.withLock {
            $0.directories[handle] = directory
            $0.listings[directory] = listing
        }
    }

    /// Each entry of `directory` with its modification time.
    private static func listing(of directory: String) -> [String: Date] {
        var entries: [String: Date] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            entries[name] = (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name))?[.modificationDate] as? Date ?? .distantPast
        }
        return entries
    }

    /// The changes of the next 200 ms: each directory kqueue names is listed again and
    /// compared with its last listing.
    private func nextEvents() -> [Event] {
        var received = [kevent](repeating: kevent(), count: 64)
        var timeout = timespec(tv_sec: 0, tv_nsec: 200_000_000)
        let count = kevent(descriptor, nil, 0, &received, Int32(received.count), &timeout)
        guard count > 0 else { return [] }
        var events: [Event] = []
        for change in received.prefix(Int(count)) {
            let handle = Int32(change.ident)
            guard let directory = state.withLock({ $0.directories[handle] }) else { continue }
            if change.fflags & UInt32(NOTE_DELETE | NOTE_RENAME) != 0 {
                close(handle)
                state.withLock {
                    $0.directories.removeValue(forKey: handle)
                    $0.listings.removeValue(forKey: directory)
                }
                continue
            }
            let now = Self.listing(of: directory)
            let before = state.withLock { state in
                defer { state.listings[directory] = now }
                return state.listings[directory] ?? [:]
            }
            for name in Set(now.keys).union(before.keys) where now[name] != before[name] {
                var isDirectory: ObjCBool = false
                let isNewDirectory = before[name] == nil && FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
                events.append(Event(directory: directory, name: name, isNewDirectory: isNewDirectory))
            }
        }
        return events
    }
    #endif
}
