// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A throwaway mkdocs project on disk.
package struct TemporaryProject {
    package let root: URL

    package init(files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-test-\(UUID().uuidString)")
        for (path, content) in files {
            try write(content, to: path)
        }
    }

    package func write(_ content: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }

    package func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    package func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    package var configPath: String { root.appendingPathComponent("mkdocs.yml").path }

    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
