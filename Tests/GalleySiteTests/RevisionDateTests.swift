// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleyConfig
import GalleyDiagnostics
import GalleySite
import Testing

/// The `git-revision-date-localized` plugin: dates from a real git history.
@Suite("Dates from git")
struct RevisionDateTests {
    /// A project whose pages were committed at known times: `old.md` on 2021-03-04 and again
    /// on 2024-11-20, `new.md` on 2024-11-20; `draft.md` never.
    static func project(_ plugin: String) throws -> TemporaryProject {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Dates\nplugins:\n  - git-revision-date-localized:\n" + plugin,
            "docs/index.md": "# Home\n",
            "docs/old.md": "# Old\n",
            "docs/new.md": "# New\n",
        ])
        let git = "git -c user.name=t -c user.email=t@example.com"
        try TemporaryProject.shell("""
            git init -q . && \(git) add mkdocs.yml docs/index.md docs/old.md && \
            GIT_AUTHOR_DATE='2021-03-04T10:00:00Z' \(git) commit -qm one && \
            echo more >> docs/old.md && \(git) add docs/old.md docs/new.md && \
            GIT_AUTHOR_DATE='2024-11-20T18:30:00Z' \(git) commit -qm two && \
            echo '# Draft' > docs/draft.md
            """, in: project.root)
        return project
    }

    static func build(_ project: TemporaryProject) throws -> BuildReport {
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        return try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
    }

    @Test func pagesShowWhenGitLastAndFirstSawThem() throws {
        let project = try Self.project("      enable_creation_date: true\n      timezone: Europe/Paris\n")
        defer { project.remove() }
        let report = try Self.build(project)
        let old = try #require(project.read("site/old/index.html"))
        #expect(old.contains("<span class=\"g-updated\">Last update: <time datetime=\"2024-11-20T18:30:00Z\">November 20, 2024</time></span>"))
        #expect(old.contains("<span class=\"g-created\">Created: <time datetime=\"2021-03-04T10:00:00Z\">March 4, 2021</time></span>"))
        let new = try #require(project.read("site/new/index.html"))
        #expect(new.contains("November 20, 2024</time>"))
        // The page with no commits shows no date, and the build says so once, at the plugin.
        #expect(!(project.read("site/draft/index.html") ?? "").contains("g-source-dates"))
        let warning = try #require(report.diagnostics.first { $0.code.description == "plugin.git_dates" })
        #expect(warning.location.line == 3)
        #expect(warning.message.contains("1 page has no commits yet (`draft.md`)"))
    }

    @Test func typesAndTheBuildDateFallback() throws {
        let project = try Self.project("      type: iso_datetime\n      timezone: Asia/Tokyo\n      fallback_to_build_date: true\n      exclude:\n        - index.md\n")
        defer { project.remove() }
        setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
        defer { unsetenv("SOURCE_DATE_EPOCH") }
        _ = try Self.build(project)
        // 18:30 UTC is 03:30 the next day in Tokyo.
        #expect(project.read("site/old/index.html")?.contains(">2024-11-21 03:30:00</time>") == true)
        #expect(project.read("site/draft/index.html")?.contains(">2023-11-15 07:13:20</time>") == true)
        #expect(project.read("site/index.html")?.contains("g-source-dates") == false)
    }

    @Test func optionsGalleyCannotHonourAreWarnedAtTheirLines() throws {
        let yaml = "site_name: Demo\nplugins:\n  - git-revision-date-localized:\n      type: weekly\n      enable_git_follow: true\n      ignored_commits_file: .ignore\n"
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.location.line) == [4, 5, 6])
        #expect(diagnostics.allSatisfy { $0.code.description == "config.plugin_option" })
    }
}
