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
}
