// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// SwiftPM's build folders record absolute paths (its module cache among them): one made at
/// another path, because the project folder was renamed or CI restored `.galley/` elsewhere,
/// fails to build ("precompiled file … was compiled with module cache path …"). Each such
/// folder notes where it was made, and is started afresh when that is not where it is now.
enum MovedBuildFolder {
    /// Removes `folder` when it was made at another path, and notes its path for next time.
    static func resetIfMoved(_ folder: String) {
        let note = folder + ".location"
        let recorded = try? String(contentsOfFile: note, encoding: .utf8)
        if recorded != folder {
            // A folder without a note (made before notes were kept) is started afresh too.
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.createDirectory(atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? folder.write(toFile: note, atomically: true, encoding: .utf8)
        }
    }
}
