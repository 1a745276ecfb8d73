// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup
#if canImport(FoundationXML)
import FoundationXML
#endif
import GalleyConfig
import GalleyDiagnostics
import GalleyLint
import GalleySnippets
import Testing
@testable import GalleyCheck

@Suite struct CheckReportTests {
    static func block(_ line: Int, _ status: SnippetBlockOutcome.Status, _ message: String = "", codes: [DiagnosticCode] = []) -> SnippetBlockOutcome {
        var block = SnippetBlockOutcome(page: "guide.md", location: SourceLocation(file: "docs/guide.md", line: line, column: 1), mode: "run", scope: "main", status: status, message: message, fromCache: false)
        block.failureCodes = codes
        return block
    }

    /// A check with a snippet failure, a lint finding, a broken link and an informational note.
    static let failing: CheckResult = {
        var result = CheckResult()
        result.pageCount = 3
        result.linted = true
        result.seconds = 1.25
        result.snippetBlocks = [block(4, .passed), block(9, .failed, "the snippet trapped: Fatal error: Index out of range\nmore", codes: [SnippetCodes.runFailed]), block(14, .skipped, "Not run: the block at line 9 failed.")]
        result.diagnostics = [
            Diagnostic(.info, at: SourceLocation(file: "docs/extra.md"), "the page is not in the `nav` configuration", code: ConfigCodes.navOmittedFiles),
            Diagnostic(.error, at: SourceLocation(file: "docs/guide.md", line: 9, column: 1), "the snippet trapped: Fatal error: Index out of range", code: SnippetCodes.runFailed),
            Diagnostic(.warning, at: SourceLocation(file: "docs/guide.md", line: 20, column: 7), "the link `a.md#b` points to `a.md`, which has no anchor `b`, 100% sure", code: ConfigCodes.linksAnchors),
            Diagnostic(.error, at: SourceLocation(file: "docs/index.md", line: 2), "MD013 Line length", code: LintCodes.rule("MD013")),
        ]
        return result
    }()

    @Test func textListsProblemsThenASummary() {
        let text = CheckReport.text(Self.failing)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "docs/guide.md:9:1: error: the snippet trapped: Fatal error: Index out of range [snippets.run_failed]")
        #expect(lines[1].hasPrefix("docs/guide.md:20:7: warning: the link"))
        #expect(lines[2] == "docs/index.md:2: error: MD013 Line length [lint.MD013]")
        #expect(lines[3] == "Checked 3 pages in 1.25 s: 3 snippet blocks (1 failed), 1 lint finding, 1 other problem. Failed: 3 problems.")
        #expect(!text.contains("nav.omitted_files"), "information is for --verbose")
        #expect(CheckReport.text(Self.failing, level: .info).contains("docs/extra.md: info: the page is not in the `nav` configuration"))
        #expect(!CheckReport.text(Self.failing, level: .error).contains("warning:"), "--quiet shows errors only")
    }

    @Test func aCleanCheckPasses() {
        var result = CheckResult()
        result.pageCount = 1
        result.snippetBlocks = [Self.block(4, .passed)]
        #expect(result.passed)
        #expect(CheckReport.text(result).hasSuffix("1 snippet block (0 failed), no lint style, 0 other problems. Passed.\n"))
        #expect(CheckReport.text(result).hasPrefix("Checked 1 page in "), "one page is not \"1 pages\"")
    }

    @Test func blocksLeftUnrunAreCountedApartWithTheUnexplainedOnes() throws {
        var result = CheckResult()
        result.pageCount = 1
        result.snippetBlocks = [Self.block(4, .passed), Self.block(9, .notRun, "needs UIKit"), Self.block(14, .notRun)]
        #expect(CheckReport.text(result).hasSuffix("1 snippet block (0 failed), 2 not run (1 without a reason), no lint style, 0 other problems. Passed.\n"))
        let document = try XMLDocument(data: Data(JUnitReport.xml(result).utf8))
        let cases = try #require(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase"))
        #expect(cases.map { $0.elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue } == [nil, "not run: needs UIKit", "not run; nothing says why"])
    }

    @Test func githubAnnotationsNameRepositoryFilesAndEscapeTheirText() {
        let text = CheckReport.githubAnnotations(Self.failing, workingDirectory: "/repo/site-docs", workspace: "/repo")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "one per problem, information left out")
        #expect(lines[0] == "::error file=site-docs/docs/guide.md,line=9,col=1,title=snippets.run_failed::the snippet trapped: Fatal error: Index out of range")
        #expect(lines[1] == "::warning file=site-docs/docs/guide.md,line=20,col=7,title=links.anchors::the link `a.md#b` points to `a.md`, which has no anchor `b`, 100%25 sure")
        #expect(lines[2] == "::error file=site-docs/docs/index.md,line=2,title=lint.MD013::MD013 Line length")
    }

    @Test func workflowCommandEscaping() {
        #expect(CheckReport.escapeData("50%\nnext\r") == "50%25%0Anext%0D")
        #expect(CheckReport.escapeProperty("a:b,c") == "a%3Ab%2Cc")
        #expect(CheckReport.repositoryPath("docs/x.md", workingDirectory: "/elsewhere", workspace: "/repo") == "docs/x.md", "outside the workspace the path is left as it is")
        #expect(CheckReport.repositoryPath("../docs/x.md", workingDirectory: "/repo/tools", workspace: "/repo") == "docs/x.md")
    }

    @Test func junitHasACasePerSnippetBlockAndPerLintFinding() throws {
        let xml = JUnitReport.xml(Self.failing)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "5")
        #expect(root.attribute(forName: "failures")?.stringValue == "3")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["snippets", "lint", "build"])
        let snippets = suites[0].elements(forName: "testcase")
        #expect(snippets.count == 3)
        #expect(snippets[0].elements(forName: "failure").isEmpty)
        #expect(snippets[1].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "snippets.run_failed")
        #expect(snippets[1].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue == "the snippet trapped: Fatal error: Index out of range")
        #expect(snippets[1].attribute(forName: "file")?.stringValue == "docs/guide.md")
        #expect(snippets[1].attribute(forName: "line")?.stringValue == "9")
        #expect(snippets[2].elements(forName: "skipped").count == 1)
        let lint = suites[1].elements(forName: "testcase")
        #expect(lint.count == 1 && lint[0].attribute(forName: "name")?.stringValue == "docs/index.md:2 MD013")
        let build = suites[2].elements(forName: "testcase")
        #expect(build.count == 1 && build[0].elements(forName: "failure").first?.stringValue?.hasPrefix("warning: the link") == true)
    }

    @Test func junitOfACleanCheckHasPassingCases() throws {
        var result = CheckResult()
        result.linted = true
        let document = try XMLDocument(data: Data(JUnitReport.xml(result).utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "failures")?.stringValue == "0")
    }

    @Test func junitEscapesWhatXMLCannotHold() {
        #expect(MarkupText.escapeForXML("a<b & \"c\"\u{1B}[0m") == "a&lt;b &amp; &quot;c&quot;\u{FFFD}[0m")
    }

    @Test func jsonCarriesDiagnosticsAndBlocks() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.json(Self.failing).utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["pages"] as? Int == 3)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 4)
        #expect(diagnostics[1]["file"] as? String == "docs/guide.md" && diagnostics[1]["line"] as? Int == 9 && diagnostics[1]["code"] as? String == "snippets.run_failed")
        let snippets = try #require(object["snippets"] as? [[String: Any]])
        #expect(snippets.map { $0["status"] as? String } == ["passed", "failed", "skipped"])
        #expect(object["compiler_runs"] == nil && object["remote_cache"] == nil, "no snippet ran, no figures")
    }

    @Test func theSharedCachesWarningIsShownButFailsNothing() throws {
        var result = CheckResult()
        result.compilerRuns = 0
        var figures = RemoteCache.Statistics()
        (figures.hits, figures.misses, figures.stored, figures.downloadedBytes, figures.uploadedBytes) = (5, 1, 1, 2048, 10)
        result.remoteCache = figures
        result.diagnostics = [Diagnostic(.warning, at: SourceLocation(file: "mkdocs.yml", line: 12), "the remote cache at http://c failed (cannot connect: Connection refused); this build goes on without it", code: SnippetCodes.remoteCache)]
        #expect(result.passed)
        #expect(CheckReport.text(result).contains("mkdocs.yml:12: warning: the remote cache"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.json(result).utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == true)
        #expect(object["compiler_runs"] as? Int == 0)
        let remote = try #require(object["remote_cache"] as? [String: Int])
        #expect(remote == ["fetched": 5, "missing": 1, "stored": 1, "corrupt": 0, "downloaded_bytes": 2048, "uploaded_bytes": 10])
    }
}
