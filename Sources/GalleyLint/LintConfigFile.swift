// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem

/// Where mdl looks for its configuration: the given path (`-c`, default `.mdlrc`), else
/// `.mdlrc` in that path's folder or any above it, else (for the default only) in the home
/// directory.
package enum LintConfigFile {
    package static func find(_ path: String) -> String? {
        let expanded = path == "~" || path.hasPrefix("~/") ? SystemCalls.homeDirectory + path.dropFirst() : path
        let absolute = PathName.absolute(expanded, relativeTo: SystemCalls.currentDirectory)
        if FileManager.default.fileExists(atPath: absolute) { return absolute }
        // As mdl: a file that is not there (the default or `-c`'s) means the nearest `.mdlrc`
        // in its folder or a folder above, up to the root.
        var directory = PathName.parent(absolute)
        while !directory.isEmpty {
            let candidate = directory == "/" ? "/.mdlrc" : PathName.join(directory, ".mdlrc")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if directory == "/" { break }
            let parent = PathName.parent(directory)
            directory = parent.isEmpty ? "/" : parent
        }
        // Only the default falls back to the home folder's.
        guard path == ".mdlrc" else { return nil }
        let home = PathName.join(SystemCalls.homeDirectory, ".mdlrc")
        return FileManager.default.fileExists(atPath: home) ? home : nil
    }
}
