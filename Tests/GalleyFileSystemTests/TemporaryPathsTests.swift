// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import GalleyFileSystem

/// What a killed galley left in the temporary folder is removed; a folder of another program
/// that only looks like it is not.
@Suite struct TemporaryPathsTests {
    @Test func onlyGalleysOwnLeftoversAreRemoved() throws {
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let pid = gone.processIdentifier
        let folder = FileManager.default.temporaryDirectory.path
        let ours = ["galley-deploy-\(pid)-3141592653", "galley-deploy-\(pid)-2718281828.index", "galley-serve-\(pid)-1x9zq"].map { folder + "/" + $0 }
        // A test's or a user's folder: `galley-deploy-` and a UUID whose first group is digits.
        let theirs = ["galley-deploy-\(pid)-7862-4BF6-8C8C-452123848087", "galley-deploy-\(pid)-ABC", "galley-notes-\(pid)-1"].map { folder + "/" + $0 }
        for path in ours + theirs {
            try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
        }
        defer { for path in ours + theirs { try? FileManager.default.removeItem(atPath: path) } }
        let removed = Set(TemporaryPaths.removeAbandoned())
        #expect(Set(ours).isSubset(of: removed), "\(removed)")
        for path in theirs {
            #expect(FileManager.default.fileExists(atPath: path), "\(path) was removed")
        }
    }
}
