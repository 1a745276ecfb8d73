// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What bringing an old folder up to date needs: knowing whether a file already holds what
/// would be written, and making sure that what a write goes through is the folder's own.
extension SystemCalls {
    /// The modes a new file and a new folder get here (0644 and 0755 less the umask): what
    /// an entry kept from an old folder must have to pass for one made anew.
    package static let newFileMode: mode_t = 0o644 & ~processUmask
    package static let newFolderMode: mode_t = 0o755 & ~processUmask

    /// The umask, read by setting it and putting it back; nothing else here changes it.
    private static let processUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// Whether `path` is a regular file of one name (not a link, not hard-linked elsewhere),
    /// with a new file's mode, whose bytes are exactly the UTF-8 of `pieces`, one after another.
    package static func holds(_ path: String, exactly pieces: [String]) -> Bool {
        let size = pieces.reduce(0) { $0 + $1.utf8.count }
        guard let bytes = ownBytes(path, size: size) else { return false }
        var offset = 0
        for var piece in pieces {
            let same = piece.withUTF8 { utf8 in
                bytes.withUnsafeBytes { file in
                    utf8.isEmpty || memcmp(file.baseAddress! + offset, utf8.baseAddress!, utf8.count) == 0
                }
            }
            guard same else { return false }
            offset += piece.utf8.count
        }
        return true
    }

    /// Whether `path` is a regular file of one name holding exactly `expected`.
    package static func holds(_ path: String, exactly expected: UnsafeRawBufferPointer) -> Bool {
        guard let bytes = ownBytes(path, size: expected.count) else { return false }
        return expected.isEmpty || bytes.withUnsafeBytes { memcmp($0.baseAddress!, expected.baseAddress!, expected.count) == 0 }
    }

    /// The bytes of `path` when it is a regular file of one name, with a new file's mode, and
    /// `size` bytes long.
    private static func ownBytes(_ path: String, size: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, isOwnFile(info), Int(info.st_size) == size else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, size - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }

    /// A regular file of one name with a new file's mode: one a write may truncate in place.
    private static func isOwnFile(_ info: stat) -> Bool {
        EntryKind(mode: info.st_mode) == .file && info.st_nlink == 1 && info.st_mode & 0o7777 == newFileMode
    }

    /// Removes what is at `path` unless it is a regular file of one name with a new file's
    /// mode, which a write then truncates in place: a link would send the write elsewhere, a
    /// second name would change a file outside the folder too, and another mode would stay.
    package static func clearForWriting(_ path: String) throws(FileSystemError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if isOwnFile(info) { return }
        if removeTree(path) != nil { throw FileSystemError("replace", path) }
    }

    /// Makes `path` a folder, keeping one that is there (given a new folder's mode: an old
    /// site's folders may be read-only), and replacing anything else there (a file, or a link
    /// that would lead writes out of the folder being filled).
    package static func makeOwnDirectory(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o755) == 0 { return }
        guard errno == EEXIST else { throw FileSystemError("create the folder", path) }
        var info = stat()
        if lstat(path, &info) == 0, EntryKind(mode: info.st_mode) == .directory {
            if info.st_mode & 0o7777 != newFolderMode, chmod(path, newFolderMode) != 0 { throw FileSystemError("make writable the folder", path) }
            return
        }
        if removeTree(path) != nil { throw FileSystemError("replace", path) }
        try makeDirectory(path)
    }

    /// The entries of a folder with their kinds (links not followed), without `.` and `..`;
    /// `nil` when it can't be read. The kinds come from the listing itself where the file
    /// system gives them, so a walk costs no `stat` per entry.
    package static func entries(in directory: String) -> [(name: String, kind: EntryKind)]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var found: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .link
            case Int32(DT_UNKNOWN): kind = linkKind(directory + "/" + name) ?? .other
            default: kind = .other
            }
            found.append((name, kind))
        }
        return found
    }
}
