// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemCalls {
    /// Sets the modification time of `path` to now (as `touch` does to an existing file).
    package static func touch(_ path: String) {
        _ = utimes(path, nil)
    }

    /// `time` (seconds since 1970) written with C's `strftime` `pattern`, shifted by
    /// `offset` seconds from UTC.
    package static func formatTime(_ pattern: String, _ time: Int, utcOffset offset: Int) -> String {
        var seconds = time_t(time + offset)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 256)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` matches the shell glob `pattern` (`fnmatch`).
    package static func matchesGlob(_ pattern: String, _ path: String) -> Bool {
        fnmatch(pattern, path, 0) == 0
    }

    /// The file name of the shared library `name` on this system: `libNAME.so`, or
    /// `libNAME.dylib` on Apple's.
    package static func sharedLibraryFileName(_ name: String) -> String {
        #if canImport(Darwin)
        "lib\(name).dylib"
        #else
        "lib\(name).so"
        #endif
    }

    /// The bytes of the regular files at or under `path`, links not followed.
    ///
    /// A walk of its own over `openat`/`fstatat` rather than `FileManager`'s enumerator: the
    /// snippet cache is measured after every build, and a linked package's host build holds
    /// thousands of files, which the enumerator took most of a second to stat twice over.
    package static func diskUsage(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        switch EntryKind(mode: info.st_mode) {
        case .file: return Int(info.st_size)
        case .directory:
            let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            return folder < 0 ? 0 : diskUsage(ofFolder: folder)
        case .link, .other: return 0
        }
    }

    /// The bytes of the regular files under the open folder `folder`, which it closes.
    private static func diskUsage(ofFolder folder: Int32) -> Int {
        guard let stream = fdopendir(folder) else {
            close(folder)
            return 0
        }
        defer { closedir(stream) }
        let parent = dirfd(stream)
        var total = 0
        while let entry = readdir(stream) {
            total += withUnsafeBytes(of: entry.pointee.d_name) { raw -> Int in
                let name = raw.bindMemory(to: CChar.self).baseAddress!
                // "." and "..".
                if name[0] == 0x2E, name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { return 0 }
                var info = stat()
                guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return 0 }
                switch EntryKind(mode: info.st_mode) {
                case .file: return Int(info.st_size)
                case .directory:
                    let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                    return child < 0 ? 0 : diskUsage(ofFolder: child)
                case .link, .other: return 0
                }
            }
        }
        return total
    }

    /// Removes `path` and everything below it, making folders writable first where their
    /// mode forbids it (an old site copied with read-only folders), so nothing is left
    /// behind in silence. Returns nil when all is gone, else what could not be removed and why.
    @discardableResult
    package static func removeTree(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? nil : "\(path): \(FileSystemError.reason(errno))" }
        if info.st_mode & S_IFMT != S_IFDIR {
            return unlink(path) == 0 || errno == ENOENT ? nil : "\(path): \(FileSystemError.reason(errno))"
        }
        if info.st_mode & 0o700 != 0o700 { chmod(path, (info.st_mode & 0o7777) | 0o700) }
        var failure: String?
        for name in names(in: path) ?? [] {
            if let problem = removeTree(path + "/" + name), failure == nil { failure = problem }
        }
        if rmdir(path) != 0, errno != ENOENT, failure == nil { failure = "\(path): \(FileSystemError.reason(errno))" }
        return failure
    }

    /// Whether `path` is where a file system is mounted (a container's volume, a bind
    /// mount): such a folder cannot be renamed or exchanged, only filled.
    package static func isMountPoint(_ path: String) -> Bool {
        guard let own = identity(path) else { return false }
        if let parent = identity(path + "/.."), parent.device != own.device { return true }
        // A bind mount from the same file system keeps the device; the mount table knows it.
        guard let table = try? readFile("/proc/self/mountinfo") else { return false }
        let real = realPath(path) ?? path
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { continue }
            // Spaces and other bytes in mount points are written as octal escapes.
            if unescapedMountPath(fields[4]) == real { return true }
        }
        return false
    }

    private static func unescapedMountPath(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var iterator = Array(field.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "\\"), iterator.count >= 3, let value = UInt8(String(decoding: iterator.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                iterator = iterator.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
