// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// A Swift block in an included file runs like any other, and its failure names the file it
/// is written in.
@Suite("Swift blocks in included files")
struct IncludedSnippetTests {
    @Test func anIncludedBlockRunsAndItsErrorNamesItsOwnFile() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Includes\nmarkdown_extensions:\n  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: docs/shared\ngalley:\n  snippets:\n    package: \(Oracle.repository.path)\n    products: [Workflow]\n",
            "docs/index.md": "# Home\n\nShared declarations:\n\n--8<-- \"point.md\"\n\n```swift run\nprint(Point(x: 2).x)\n```\n",
            "docs/other.md": "# Other\n\n--8<-- \"broken.md\"\n",
            "docs/shared/point.md": "```swift run\nstruct Point { var x: Int }\n```\n",
            "docs/shared/broken.md": "Some text.\n\n```swift run\nlet y: Int = \"text\"\n```\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("docs/shared/broken.md:4:"), "\(result.stderr)")
        #expect(result.stderr.contains("[snippets.compile_error]"))
        let home = project.read("site/index.html")
        #expect(home == nil || home!.contains("2"))
        let keptGoing = try runGalley(["build", "--keep-going"], in: project.root)
        #expect(keptGoing.stderr.contains("docs/shared/broken.md:4:"))
        #expect(project.read("site/index.html")?.contains("<span class=\"snippet-label\">Output</span><pre><code>2</code>") == true)
        // The page that includes the broken block shows the error where it was written too.
        let other = try #require(project.read("site/other/index.html"))
        #expect(other.contains("<code>shared/broken.md:4:14: error: cannot convert value of type"), "\(other)")
    }
}
