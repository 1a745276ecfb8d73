// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem

/// Where mdl looks for its configuration: the given path, else `.mdlrc` in the current
/// directory or any above it, else in the home directory.
package enum LintConfigFile {
    package static func find(_ path: String) -> String? {
        let expanded = path == "~" || path.hasPrefix("~/") ? SystemCalls.homeDirectory + path.dropFirst() : path
        let absolute = PathName.absolute(expanded, relativeTo: SystemCalls.currentDirectory)
        if FileManager.default.fileExists(atPath: absolute) { return absolute }
        guard path == ".mdlrc" else { return nil }
        var directory = SystemCalls.currentDirectory
        while directory != "/" && !directory.isEmpty {
            let candidate = PathName.join(directory, ".mdlrc")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory = PathName.parent(directory)
        }
        let home = PathName.join(SystemCalls.homeDirectory, ".mdlrc")
        return FileManager.default.fileExists(atPath: home) ? home : nil
    }
}
