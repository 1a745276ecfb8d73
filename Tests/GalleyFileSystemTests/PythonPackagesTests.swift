// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
import Testing

@Suite("Python package folders")
struct PythonPackagesTests {
    /// An active virtual environment's folders come first, newest Python first, by the
    /// numbers in their names (3.12 before 3.9, which a plain text order would reverse), and
    /// only the folders that exist.
    @Test func anActiveEnvironmentsFoldersComeFirstNewestPythonFirst() throws {
        let root = NSTemporaryDirectory() + "galley-venv-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["python3.9/site-packages", "python3.12/dist-packages", "python3.11/site-packages", "python3.10", "perl5/site-packages"] {
            try FileManager.default.createDirectory(atPath: root + "/lib/" + folder, withIntermediateDirectories: true)
        }
        let packages = PythonPackages.onThisMachine(projectDirectory: root + "/project", environment: ["VIRTUAL_ENV": root, "PATH": ""])
        #expect(Array(packages.folders.prefix(3)) == [
            root + "/lib/python3.12/dist-packages", root + "/lib/python3.11/site-packages", root + "/lib/python3.9/site-packages",
        ])
        #expect(!packages.folders.contains { $0.hasPrefix(root) && !$0.contains("/python3.") })
    }
}
