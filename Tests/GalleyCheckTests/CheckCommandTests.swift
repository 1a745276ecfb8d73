// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `galley check` end to end, with real snippets linking this repository's runtime.
@Suite(.serialized) struct CheckCommandTests {
    static let cleanGuide = "# Guide\n\n## Counting\n\n```swift expect\nprint(1 + 1)\n```\n\n```output\n2\n```\n"

    @Test func aCleanProjectPasses() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: Self.cleanGuide))
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Checked 2 pages"))
        #expect(result.stderr.contains("1 snippet block (0 failed)"))
        #expect(result.stderr.contains("Passed."))
        #expect(!project.exists("site"), "the check builds into a scratch directory")
    }

    /// A guide whose snippet traps, whose expected output is stale, and whose anchor is gone.
    static let brokenGuide = "# Guide\n\n```swift run\nlet empty: [Int] = []\nprint(empty[1])\n```\n\n```swift expect\nprint(\"new\")\n```\n\n```output\nold\n```\n"

    @Test func everyProblemIsReportedWithItsLocationAndFailsTheCheck() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: Self.brokenGuide))
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs/guide.md:4:1: error: the snippet trapped"), "\(result.stderr)")
        #expect(result.stderr.contains("docs/index.md:3:18: warning: "), "a missing anchor fails a check though mkdocs only notes it")
        #expect(result.stderr.contains("links.anchors"))
        #expect(result.stdout.isEmpty, "no annotations outside GitHub Actions")
    }

    @Test func aSwiftBlockLeftUnrunWithoutAReasonFailsTheCheckAtItsLine() throws {
        let guide = "# Guide\n\n## Counting\n\n```swift norun=\"needs UIKit\"\nlet v = UIView()\n```\n\n```swift\nlet a = 1\n```\n"
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: guide))
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs/guide.md:10:1: error: this `swift` block is not run and nothing says why"), "\(result.stderr)")
        #expect(result.stderr.contains("[snippets.unexplained_norun]"))
        #expect(result.stderr.contains("2 not run (1 without a reason)"))
    }

    @Test func githubActionsGetAnnotations() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: Self.brokenGuide))
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root, environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": project.root.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::error file=docs/guide.md,line=4,col=1,title=snippets.run_failed::the snippet trapped") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("::warning file=docs/index.md,line=3,col=18,title=links.anchors::") })
    }

    @Test func junitAndJSONReports() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: Self.brokenGuide))
        defer { project.remove() }
        let result = try runGalley(["check", "--json", "--junit", "report.xml"], in: project.root)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["passed"] as? Bool == false)
        let blocks = try #require(json["snippets"] as? [[String: Any]])
        #expect(blocks.map { $0["status"] as? String } == ["failed", "skipped"] || blocks.map { $0["status"] as? String } == ["failed", "failed"], "\(blocks)")
        let document = try XMLDocument(data: Data(contentsOf: project.root.appendingPathComponent("report.xml")))
        let suites = try #require(document.rootElement()).elements(forName: "testsuite")
        #expect(suites.first?.elements(forName: "testcase").count == 2, "one case per snippet block")
        #expect(suites.first?.attribute(forName: "failures")?.stringValue != "0")
    }

    @Test func updateRewritesStaleOutputAndThenPasses() throws {
        let guide = "# Guide\n\n## Counting\n\n```swift expect\nprint(1 + 2)\n```\n\n```output\n2\n```\n"
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: guide))
        defer { project.remove() }
        #expect(try runGalley(["check"], in: project.root).status == 1)
        let update = try runGalley(["check", "--update"], in: project.root)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains("Updated the expected output in guide.md"))
        #expect(project.read("docs/guide.md")?.contains("```output\n3\n```") == true)
        #expect(try runGalley(["check"], in: project.root).status == 0)
    }

    /// A page a second language falls back to runs in both languages' builds; its output is
    /// still written once, and an empty `output` fence is filled, not doubled.
    @Test func updateWritesAFallbackPagesOutputOnce() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Both\nmarkdown_extensions:\n  - pymdownx.superfences\nplugins:\n  - search\n  - i18n:\n      languages:\n        - locale: en\n          default: true\n          name: English\n        - locale: de\n          name: Deutsch\n",
            "docs/index.md": "# Home\n\n```swift run expect\nprint(\"once\")\n```\n\n```output\n```\n\nText.\n\n```swift run expect\nprint(\"two\")\n```\n\n```output\nstale\n```\n",
        ])
        defer { project.remove() }
        let update = try runGalley(["check", "--update"], in: project.root)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(project.read("docs/index.md") == "# Home\n\n```swift run expect\nprint(\"once\")\n```\n\n```output\nonce\n```\n\nText.\n\n```swift run expect\nprint(\"two\")\n```\n\n```output\ntwo\n```\n")
        #expect(try runGalley(["check"], in: project.root).status == 0)
    }

    /// Every language's snippets run as one: a page the other language falls back to runs
    /// once, a translated page's own program compiles beside the rest, one summary line says
    /// so, and each language's page shows its output.
    @Test func languagesShareOneSnippetRun() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Both\nmarkdown_extensions:\n  - pymdownx.superfences\nplugins:\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n        - locale: de\n",
            "docs/index.md": "# Home\n\n```swift run\nprint(\"shared \\(6 * 7)\")\n```\n",
            "docs/guide.md": "# Guide\n\n```swift run\nprint(\"english \\(2 + 2)\")\n```\n",
            "docs/guide.de.md": "# Anleitung\n\n```swift run\nprint(\"deutsch \\(3 + 3)\")\n```\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["build", "-v"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        let summaries = result.stderr.split(separator: "\n").filter { $0.contains("Snippets: ") && $0.contains(" compiled, ") }
        #expect(summaries.count == 1, "\(result.stderr)")
        #expect(summaries.first?.contains("Snippets: 3 pages, 3 blocks, 3 compiled, 0 cached, 0 failed") == true, "\(summaries)")
        // `-v` says where the time went: one split for the one run, three compiles in it.
        let stages = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Snippet stages: ") }
        #expect(stages.count == 1 && stages.first?.contains("compiling ") == true && stages.first?.contains(", 3 processes, ") == true, "\(result.stderr)")
        #expect(result.stderr.contains("Stages: scan "), "\(result.stderr)")
        // And `check -v` the same, every program run again.
        let check = try runGalley(["check", "-v"], in: project.root)
        #expect(check.status == 0, "\(check.stderr)")
        let checkLines = check.stderr.split(separator: "\n")
        #expect(checkLines.contains { $0.hasPrefix("Stages: scan ") && $0.contains("snippets ") }, "\(check.stderr)")
        let split = try #require(checkLines.first { $0.hasPrefix("Snippet stages: libraries ") }, "\(check.stderr)")
        #expect(split.contains("running ") && split.contains(", 3 processes, "), "three programs ran: \(split)")
        #expect(!(try runGalley(["check"], in: project.root)).stderr.contains("Snippet stages"), "only with -v")
        #expect(project.read("site/index.html")?.contains("shared 42") == true)
        #expect(project.read("site/de/index.html")?.contains("shared 42") == true)
        #expect(project.read("site/guide/index.html")?.contains("english 4") == true)
        #expect(project.read("site/de/guide/index.html")?.contains("deutsch 6") == true)
    }

    /// An include above the blocks makes the page's expanded lines differ from its file's; the
    /// outputs are still written under their own blocks.
    @Test func updateWritesUnderTheRightBlocksBelowAnInclude() throws {
        let page = "# U\n\n??? note \"Code\"\n\n    ```swift silent\n    --8<-- \"inc/decl.swift\"\n    ```\n\nText.\n\n```swift run expect\nprint(a + b)\n```\n\n```output\n```\n\nMore.\n\n```swift run expect\nprint(c + d)\n```\n\n```output\n```\n"
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: U\nmarkdown_extensions:\n  - admonition\n  - pymdownx.details\n  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: docs\n",
            "docs/inc/decl.swift": "let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\n",
            "docs/index.md": page,
        ])
        defer { project.remove() }
        let update = try runGalley(["check", "--update"], in: project.root)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(project.read("docs/index.md") == page.replacingOccurrences(of: "print(a + b)\n```\n\n```output\n", with: "print(a + b)\n```\n\n```output\n3\n")
            .replacingOccurrences(of: "print(c + d)\n```\n\n```output\n", with: "print(c + d)\n```\n\n```output\n7\n"))
        #expect(try runGalley(["check"], in: project.root).status == 0)
    }

    /// An `output` fence written in an included file is shared by every page that includes
    /// it, so `--update` does not rewrite it: it says so, and the check still fails.
    @Test func updateLeavesAnIncludedFenceAndSaysSo() throws {
        let shared = "```swift run expect\nprint(\"new\")\n```\n\n```output\nold\n```\n"
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: U\nmarkdown_extensions:\n  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: docs\nexclude_docs: |\n  inc/\n",
            "docs/inc/shared.md": shared,
            "docs/index.md": "# U\n\n--8<-- \"inc/shared.md\"\n",
        ])
        defer { project.remove() }
        let update = try runGalley(["check", "--update"], in: project.root)
        #expect(update.status == 1, "\(update.stderr)")
        #expect(update.stderr.contains("comes from an included file, so `--update` leaves it as it is"), "\(update.stderr)")
        #expect(update.stderr.contains("[snippets.expect_mismatch]"), "the mismatch it did not rewrite is still reported: \(update.stderr)")
        #expect(project.read("docs/inc/shared.md") == shared)
        #expect(project.read("docs/index.md") == "# U\n\n--8<-- \"inc/shared.md\"\n")
    }

    /// A rewritten fence settles its own mismatch only: not one at the same line of another
    /// file whose name ends the same way (`inc/index.md` beside `index.md`).
    @Test func updateSettlesOnlyTheMismatchOfTheFileItRewrote() throws {
        let fence = "```swift run expect\nprint(\"new\")\n```\n\n```output\nold\n```\n"
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: U\nmarkdown_extensions:\n  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: docs\nexclude_docs: |\n  inc/\n",
            "docs/inc/index.md": fence,
            "docs/index.md": fence + "\n[Guide](guide.md)\n",
            "docs/guide.md": "# Guide\n\n--8<-- \"inc/index.md\"\n",
        ])
        defer { project.remove() }
        let update = try runGalley(["check", "--update"], in: project.root)
        #expect(update.status == 1, "\(update.stderr)")
        #expect(project.read("docs/index.md")?.hasPrefix("```swift run expect\nprint(\"new\")\n```\n\n```output\nnew\n```\n") == true)
        #expect(update.stderr.contains("inc/index.md:6:1: error: the output differs"), "\(update.stderr)")
    }

    @Test func aBrokenConfigFailsWithItsLocation() throws {
        let project = try TemporaryProject(files: ["mkdocs.yml": "site_name: [x\n", "docs/index.md": "# Home\n"])
        defer { project.remove() }
        let result = try runGalley(["check", "--junit", "report.xml"], in: project.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("mkdocs.yml:"))
        #expect(project.read("report.xml")?.contains("<failure type=\"config.yaml\"") == true)
    }

    @Test func anUnwritableJUnitFileIsAnError() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: Self.cleanGuide))
        defer { project.remove() }
        let result = try runGalley(["check", "--junit", "missing/dir/report.xml"], in: project.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("missing/dir/report.xml: error: cannot write the JUnit report"))
    }
}

/// What CI reads of a failure: the terminal, `--json`, JUnit and annotations all carry it whole.
extension CheckCommandTests {
    @Test func aFailedTesterAssertionShowsItsDiffWhereCIReadsIt() throws {
        var files = TemporaryProject.runtimeSite(guide: """
        # Guide

        ```swift run
        struct Counter: Workflow {
            typealias State = Int
            typealias Rendering = Int
            func makeInitialState() -> Int { 0 }
            func render(state: Int, context: RenderContext<Counter>) -> Int { state }
        }
        enum Tap: WorkflowAction {
            typealias WorkflowType = Counter
            case increment
            func apply(toState state: inout Int) -> Never? {
                state += 1
                return nil
            }
        }
        _ = Tap.tester(withState: 0).send(action: .increment).assert(state: 5)
        ```

        """)
        files["mkdocs.yml"] = files["mkdocs.yml"]!.replacingOccurrences(of: "products: [Workflow, WorkflowUI]", with: "products: [Workflow, WorkflowTesting]")
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let result = try runGalley(["check", "--json", "--junit", "report.xml"], in: project.root, environment: ["GITHUB_ACTIONS": "false"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("State (First) does not match the expected state (Second) - Difference: … [snippets.run_failed]\n") && result.stderr.contains("    − 1\n    + 5\n\n  (First: −, Second: +)"), "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let messages = (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("State (First) does not match") && $0.contains("− 1") && $0.contains("+ 5") }, "\(messages)")
        #expect(project.read("report.xml")?.contains("− 1") == true)
        let annotated = try runGalley(["check"], in: project.root, environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": project.root.path])
        #expect(annotated.stdout.contains("State (First) does not match the expected state (Second) - Difference: …%0A"), "\(annotated.stdout)")
    }

    /// An unclosed fence is reported as one, where it opens, and its prose is not compiled.
    @Test func anUnclosedFenceIsReportedWhereItOpens() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: "# Guide\n\n## Counting\n\n```swift run\nprint(1)\n\nSome prose that is not Swift.\n"))
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs/guide.md:5:1: error: this ```swift fence is never closed"), "\(result.stderr)")
        #expect(!result.stderr.contains("snippets.compile_error"), "the prose is not compiled")
    }

    /// A diagnostic in an included file the site leaves out names it from the terminal.
    @Test func aDiagnosticInAnExcludedIncludedFileNamesItsRealPath() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: U\nmarkdown_extensions:\n  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: docs\nexclude_docs: |\n  inc/\n",
            "docs/inc/setup.swift": "let a = 1\nlet b: Int = \"two\"\n",
            "docs/index.md": "# U\n\n```swift run\n--8<-- \"inc/setup.swift\"\nprint(a)\n```\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root, environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": project.root.path])
        #expect(result.stderr.contains("docs/inc/setup.swift:2:14: error: cannot convert value"), "\(result.stderr)")
        #expect(result.stdout.contains("file=docs/inc/setup.swift,line=2"), "\(result.stdout)")
    }

    /// A program that floods its output shows at most the page's cap, and says so.
    @Test func aFloodOfOutputIsCutForThePageWithANote() throws {
        let project = try TemporaryProject(files: TemporaryProject.runtimeSite(guide: "# Guide\n\n## Counting\n\n```swift run\nfor _ in 0..<3000 { print(String(repeating: \"x\", count: 99)) }\n```\n"))
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(project.read("site/guide/index.html"))
        #expect(page.contains("output truncated at 65536 bytes for the page (300000 bytes printed)"))
        #expect(page.utf8.count < 100_000, "\(page.utf8.count)")
    }
}
