// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyOracle
import Testing
@testable import GalleySite

/// mkdocs' top-level keys that change what a build publishes or whether it passes: each takes
/// effect, or is a warning at its line; none is read and then dropped.
@Suite struct MkdocsTopLevelKeysTests {
    @Test func draftDocsAreLeftOutOfABuildAndShownByThePreview() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Drafts\ndraft_docs: |\n  drafts/\n  *.draft.md\n",
            "docs/index.md": "# Home\n",
            "docs/drafts/plan.md": "# Plan\n",
            "docs/notes.draft.md": "# Notes\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        _ = try SiteBuilder.build(config: config)
        #expect(project.exists("site/index.html"))
        #expect(!project.exists("site/drafts/plan/index.html") && !project.exists("site/notes.draft/index.html"), "a draft is not published")
        let memory = MemorySite()
        var options = BuildOptions()
        options.memory = memory
        _ = try SiteBuilder.build(config: config, options: options)
        #expect(memory.paths.contains("drafts/plan/index.html") && memory.paths.contains("notes.draft/index.html"), "\(memory.paths)")
    }

    @Test func strictInTheFileMakesAWarningFailTheBuild() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Strict\nstrict: true\n",
            "docs/index.md": "# Home\n\n[Gone](gone.md)\n",
        ])
        defer { project.remove() }
        let run = try runGalley(["build"], in: project.root)
        #expect(run.status != 0 && run.stderr.contains("warnings are errors"), "\(run.stderr)")
        #expect(!project.exists("site/index.html"))
    }

    @Test func keysGalleyDoesNotFollowAreWarningsAtTheirLine() throws {
        let yaml = "site_name: D\nINHERIT: base.yml\nwatch:\n  - src\nextra_templates:\n  - sitemap.html\ngoogle_analytics: ['UA-1', 'auto']\nedit_uri_template: 'blob/main/docs/{path}'\n"
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.location.line) == [2, 3, 5, 7, 8], "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics[0].message.contains("`base.yml`"))
    }
}
