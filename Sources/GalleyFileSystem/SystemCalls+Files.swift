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
    package static func diskUsage(_ path: String) -> Int {
        if linkKind(path) == .file { return size(path) ?? 0 }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
        var total = 0
        while let name = walker.nextObject() as? String {
            let full = path + "/" + name
            if linkKind(full) == .file { total += size(full) ?? 0 }
        }
        return total
    }
}
