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

extension TemporaryProject {
    /// The files of a two-page site whose Swift snippets link this repository's runtime;
    /// `guide` is its guide page, which the home page links to (`guide.md#counting`).
    package static func runtimeSite(guide: String) -> [String: String] {
        [
            "mkdocs.yml": """
            site_name: Checked
            nav:
              - index.md
              - guide.md
            galley:
              snippets:
                package: \(Oracle.repository.path)
                products: [Workflow, WorkflowUI]

            """,
            "docs/index.md": "# Home\n\nRead the [guide](guide.md#counting).\n",
            "docs/guide.md": guide,
        ]
    }

    /// Runs `script` with `sh` in `directory` (to set up a git work tree, say).
    package static func shell(_ script: String, in directory: URL) throws {
        _ = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["sh", "-c", script], in: directory)
    }
}
