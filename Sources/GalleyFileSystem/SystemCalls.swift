// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import CGalleySystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, named by what it was doing and to which file, in plain words.
package struct FileSystemError: Error, CustomStringConvertible, Sendable {
    /// What was being done, as a verb phrase: "write", "create", "read".
    package var operation: String
    /// The file or folder it was done to.
    package var path: String
    /// `errno` at the failure.
    package var code: Int32

    package init(_ operation: String, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `cannot write site/x.css: permission denied`.
    package var description: String {
        "cannot \(operation) \(path): \(Self.reason(code))"
    }

    /// `strerror` in lower case, as a clause.
    package static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}

/// The few system calls the build needs that Foundation lacks or gets wrong on edge input,
/// behind one wrapper with a Darwin branch.
package enum SystemCalls {
    /// The real path of `path`, every link resolved against the folder that holds it, or
    /// `nil` when some part of it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` (absolute) with every link in its existing part resolved; the part that does
    /// not exist yet is kept as written. Two names of one folder resolve alike.
    package static func resolvedPath(_ path: String) -> String {
        var existing = path
        var missing: [String] = []
        while true {
            if let real = realPath(existing) {
                return missing.reversed().reduce(real) { PathName.join($0, $1) }
            }
            let parent = PathName.parent(existing)
            guard !parent.isEmpty, parent != existing else { return path }
            missing.append(PathName.lastComponent(existing))
            existing = parent
        }
    }

    /// The running program's own file, links resolved (Linux reads `/proc/self/exe`).
    package static var executablePath: String? {
        #if os(Linux)
        return realPath("/proc/self/exe")
        #else
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return realPath(String(cString: buffer))
        #endif
    }

    /// The working directory, absolute.
    package static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }

    /// One environment variable. Reading one is `getenv`; Foundation's `environment` copies
    /// the whole environment into a dictionary first.
    package static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The user's home directory: `HOME`, else the password database's entry.
    package static var homeDirectory: String {
        if let home = environmentValue("HOME"), !home.isEmpty { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// Whether a process with this identifier is running (or exists under another user).
    package static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// This process's identifier.
    package static var processIdentifier: Int32 { getpid() }

    /// Swaps the names of two existing entries in one step, so a reader of either name always
    /// finds one of the two. Returns `false` when the file system cannot do it.
    package static func exchange(_ first: String, _ second: String) throws(FileSystemError) -> Bool {
        #if os(Linux)
        let result = galley_exchange_names(first, second)
        #else
        let result = renamex_np(first, second, UInt32(RENAME_SWAP))
        #endif
        if result == 0 { return true }
        if errno == EINVAL || errno == ENOSYS || errno == ENOTSUP { return false }
        throw FileSystemError("replace", second)
    }

    /// Renames `source` to `destination`.
    package static func rename(_ source: String, _ destination: String) throws(FileSystemError) {
        #if os(Linux)
        let result = Glibc.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        guard result == 0 else { throw FileSystemError("move \(source) to", destination) }
    }

    /// Creates one folder; an existing one is fine.
    package static func makeDirectory(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw FileSystemError("create the folder", path)
        }
    }

    /// Creates `path` and any missing parents (`mkdir -p`).
    package static func makeDirectories(_ path: String) throws(FileSystemError) {
        if kind(path) == .directory { return }
        let parent = PathName.parent(path)
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw FileSystemError("create the folder", path)
        }
        guard kind(path) == .directory else { throw FileSystemError("create the folder", path, code: ENOTDIR) }
    }

    /// Writes `bytes` to `path`, replacing what was there.
    package static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError("write", path) }
        defer { close(descriptor) }
        try writeAll(descriptor, bytes, path: path)
    }

    /// Writes the UTF-8 of `pieces`, one after another, to `path`, replacing what was there:
    /// a text made of parts is written without being joined first. Pieces under a megabyte
    /// are gathered and written together, so an ordinary page is still one `write`; a
    /// larger piece is written from its own storage.
    package static func writeFile(_ path: String, pieces: [String]) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError("write", path) }
        defer { close(descriptor) }
        let large = 1 << 20
        var gathered: [UInt8] = []
        gathered.reserveCapacity(pieces.reduce(0) { $1.utf8.count < large ? $0 + $1.utf8.count : $0 })
        // `withUnsafeBytes` and `withUTF8` rethrow untyped errors, so the typed one travels
        // as a Result.
        func flush() throws(FileSystemError) {
            try gathered.withUnsafeBytes { buffer in
                Result { () throws(FileSystemError) in try writeAll(descriptor, buffer, path: path) }
            }.get()
            gathered.removeAll(keepingCapacity: true)
        }
        for piece in pieces {
            guard piece.utf8.count >= large else {
                gathered.append(contentsOf: piece.utf8)
                continue
            }
            try flush()
            var piece = piece
            try piece.withUTF8 { buffer in
                Result { () throws(FileSystemError) in try writeAll(descriptor, UnsafeRawBufferPointer(buffer), path: path) }
            }.get()
        }
        try flush()
    }

    /// Writes all of `bytes` to `descriptor`, again after a short write or an interruption.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            #if os(Linux)
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let count = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("write", path)
            }
            offset += count
        }
    }

    /// Replaces the contents of a file the user owns (a page `check --update` or `lint --fix`
    /// rewrites) in one step, as the user would edit it: through symbolic links (the file a
    /// link names is changed, the link stays a link), keeping its mode and, where allowed,
    /// its owner. The new text goes to a temporary file beside the real one, which then takes
    /// its name, so a crash leaves the old text or the new, never half of one.
    package static func replaceUserFile(_ path: String, with bytes: [UInt8]) throws(FileSystemError) {
        let real = realPath(path) ?? path
        var info = stat()
        let existed = stat(real, &info) == 0
        let temporary = PathName.parent(real) + "/." + PathName.lastComponent(real) + ".galley-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(FileSystemError) {
            // `withUnsafeBytes` rethrows untyped errors, so the typed one travels as a Result.
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(FileSystemError) in try writeFile(temporary, buffer) }
            }.get()
            if existed {
                guard chmod(temporary, info.st_mode & 0o7777) == 0 else { throw FileSystemError("keep the mode of", path) }
                _ = chown(temporary, info.st_uid, info.st_gid)
            }
            try rename(temporary, real)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// The bytes of the file at `path`.
    package static func readFile(_ path: String) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError("read", path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError("read", path) }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("read", path)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// What kind of entry `path` is, following links; `nil` when it does not exist.
    package static func kind(_ path: String) -> EntryKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return EntryKind(mode: info.st_mode)
    }

    /// What kind of entry `path` is itself, without following a link.
    package static func linkKind(_ path: String) -> EntryKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return EntryKind(mode: info.st_mode)
    }

    /// The device and inode of `path`, following links: what makes two names one folder
    /// (a bind mount shows one folder under a second name that no link leads to).
    package static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The identities of `path` and of every folder above it, by name, that exists.
    package static func identities(upFrom path: String) -> Set<FileIdentity> {
        var found = Set<FileIdentity>()
        var current = PathName.normalized(path)
        while true {
            if let identity = identity(current) { found.insert(identity) }
            let parent = PathName.parent(current)
            if parent.isEmpty || parent == current { break }
            current = parent
        }
        if let root = identity("/") { found.insert(root) }
        return found
    }

    /// The size of the file at `path`, following links.
    package static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// The names in a folder, without `.` and `..`, or `nil` when it can't be read.
    package static func names(in directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// The kinds of directory entry the build tells apart.
/// A file system entry itself, whatever names lead to it.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
}

package enum EntryKind: Sendable {
    case file, directory, link, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .link
        default: self = .other
        }
    }
}
