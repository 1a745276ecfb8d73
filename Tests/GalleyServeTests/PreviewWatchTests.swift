// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import GalleyFileSystem
@testable import GalleyServe

/// A preview rebuilds when what a page was made from changes, also outside the docs: an
/// included file and a template's data file.
@Suite("What a preview watches")
struct PreviewWatchTests {
    @Test func includedFilesAndDataFilesOutsideTheDocsAreWatched() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "mkdocs.yml": "site_name: Watch\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: shared\nplugins:\n  - macros:\n      include_yaml:\n        - vars.yml\n",
            "shared/notice.md": "A shared notice.\n",
            "vars.yml": "release: '1.0'\n",
            "docs/index.md": "# Home\n\nRelease {{ release }}.\n\n--8<-- \"notice.md\"\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let builder = try PreviewBuilder(configFile: root.appendingPathComponent("mkdocs.yml").path)
        defer { builder.removeWorkDirectory() }
        let outcome = builder.build()
        #expect(outcome.pageCount == 1)
        let targets = builder.watchTargets()
        let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        let watchedFiles = Set(targets.compactMap { target -> String? in
            if case .file(let path) = target { return real(path) }
            return nil
        })
        #expect(watchedFiles.contains(real(root.appendingPathComponent("shared/notice.md").path)), "\(targets)")
        #expect(watchedFiles.contains(real(root.appendingPathComponent("vars.yml").path)), "\(targets)")
    }
}
