// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
@testable import GalleySnippets
import Testing

@Suite("Snippet modes and program text")
struct SnippetModeTests {
    @Test func wordsAfterTheLanguageChooseTheMode() {
        #expect(SnippetMode.of(flags: ["run"], options: [:], defaults: []) == SnippetMode(action: .run))
        #expect(SnippetMode.of(flags: ["silent"], options: ["title": "A.swift"], defaults: [])?.action == .silent)
        #expect(SnippetMode.of(flags: ["expect"], options: [:], defaults: []) == SnippetMode(action: .run, expectsOutput: true))
        #expect(SnippetMode.of(flags: ["reset", "compile"], options: [:], defaults: []) == SnippetMode(action: .compile, resets: true))
        #expect(SnippetMode.of(flags: [], options: ["session": "b"], defaults: []) == SnippetMode(action: .run, session: "b"))
        #expect(SnippetMode.of(flags: [], options: [:], defaults: []) == nil, "a plain fence stays plain code")
        #expect(SnippetMode.of(flags: [], options: [:], defaults: ["compile"])?.action == .compile, "the config's default applies")
        #expect(SnippetMode.of(flags: ["norun"], options: [:], defaults: ["run"]) == nil, "norun opts out of the default")
        #expect(SnippetMode.of(flags: ["fails"], options: [:], defaults: ["compile"])?.action == .fails, "a mode word replaces the default")
        #expect(SnippetMode.of(flags: [], options: ["norun": "needs UIKit"], defaults: ["run"]) == nil, "norun with a reason opts out too")
    }

    @Test func unrunBlocksCarryTheirReason() {
        var log = DiagnosticLog()
        let markdown = "```swift norun=\"needs UIKit\"\nlet v = UIView()\n```\n\n```swift\nlet a = 1\n```\n\n```swift run\nprint(1)\n```\n\n```kotlin\nval b = 2\n```\n"
        let document = MarkdownParser.parse(markdown, file: "p.md", options: MarkdownOptions(), log: &log)
        #expect(SnippetCollector.notRun(in: document, config: SnippetConfig()) == [
            NotRunSnippet(line: 2, column: 1, reason: "needs UIKit"),
            NotRunSnippet(line: 6, column: 1, reason: nil),
        ])
        var compiling = SnippetConfig()
        compiling.defaultModes = ["compile"]
        #expect(SnippetCollector.notRun(in: document, config: compiling).map(\.line) == [2], "the default mode runs the plain fence")

        let off = MarkdownParser.parse("---\nsnippets: off\n---\n```swift\nlet a = 1\n```\n", file: "p.md", options: MarkdownOptions(), log: &log)
        #expect(SnippetCollector.notRun(in: off, config: SnippetConfig().overridden(by: off.metadata.values)).map(\.reason) == ["snippets are off for this page"])
    }

    @Test func frontMatterOverridesTheConfig() {
        var config = SnippetConfig()
        config.defaultModes = ["run"]
        let page = config.overridden(by: ["snippets.timeout": "2.5", "snippets.default": "compile"])
        #expect(page.timeout == 2.5)
        #expect(page.defaultModes == ["compile"])
        #expect(config.overridden(by: ["snippets": "off"]).defaultModes == [])
        #expect(config.overridden(by: ["snippets": "off"]).isOffForPage)
        #expect(!page.isOffForPage)
    }

    @Test func aCompileBlockKeepsItsDeclarationsAtFileScope() {
        let snippet = Snippet(index: 0, mode: SnippetMode(action: .compile), code: "import Foundation\nstruct A {}\nlet a = A()\nfunc f() {}\nprint(a)\n", line: 10, column: 5)
        let pieces = ProgramSource.split(snippet)
        #expect(pieces.declarations.map(\.text) == ["import Foundation", "struct A {}", "func f() {}"])
        #expect(pieces.statements.map(\.text) == ["let a = A()", "print(a)"])
        #expect(pieces.statements.map(\.line) == [3, 5])
    }

    /// Platform code shared with an app sits behind `#if canImport(UIKit)`; an `#if` that only
    /// holds declarations stays at file scope with them, and one with statements runs in place.
    @Test func anIfConfigOfDeclarationsStaysAtFileScope() {
        let code = "#if canImport(UIKit)\nimport UIKit\nextension Int {}\n#else\nstruct Fallback {}\n#endif\n#if DEBUG\nprint(1)\n#endif\n#if os(Linux)\nlet x = 1\n#endif\n"
        let pieces = ProgramSource.split(Snippet(index: 0, mode: SnippetMode(action: .compile), code: code, line: 1, column: 1))
        #expect(pieces.declarations.map(\.line) == [1])
        #expect(pieces.statements.map(\.line) == [7, 10], "an `#if` holding a statement or a variable stays where it is")
    }

    @Test func runBlocksAreTopLevelCodeAtTheirMarkdownLinesAndColumns() {
        let first = Snippet(index: 0, mode: SnippetMode(action: .run), code: "let x = 1\nstruct S {\n    var y = 2\n\n}\n", line: 20, column: 5)
        let second = Snippet(index: 1, mode: SnippetMode(action: .crash), code: "struct T {}\nprint(x)\n", line: 30, column: 1)
        let text = ProgramSource(file: "guide/page.md", imports: ["Workflow"]).text(for: [first, second]) { $0.mode.action == .crash ? .crash : .run }
        #expect(text.hasPrefix("import GalleySnippetHost\nimport Workflow\n__galleyStart()\n__galleyBlock(0)\n"))
        #expect(text.contains("#sourceLocation(file: \"guide/page.md\", line: 20)\n    let x = 1\n    struct S {\n        var y = 2\n\n    }\n#sourceLocation()\n"),
                "the block as written, the fence indent of 4 put back so columns stay true")
        #expect(text.contains("__galleyBlock(1)\n#sourceLocation(file: \"guide/page.md\", line: 30)\nstruct T {}\n#sourceLocation()\nif __galleyCrashTarget(1) {\n#sourceLocation(file: \"guide/page.md\", line: 31)\nprint(x)\n"))
        #expect(!text.contains("func __galley"), "no function wraps the blocks")
    }

    @Test func aPagePathWithQuotesIsEscapedInTheDirective() {
        let snippet = Snippet(index: 0, mode: SnippetMode(action: .run), code: "print(1)\n", line: 3, column: 1)
        let text = ProgramSource(file: "a \"b\"\\c.md", imports: []).text(for: [snippet]) { _ in .run }
        #expect(text.contains("#sourceLocation(file: \"a \\\"b\\\"\\\\c.md\", line: 3)"))
    }

    @Test func moduleNamesFollowThePageAndScope() {
        #expect(ScopeRunner.moduleName(page: "guide/counter.md", scope: "main") == "GalleySnippet_guide_counter")
        #expect(ScopeRunner.moduleName(page: "a-b.c/ü x.md", scope: "session-one") == "GalleySnippet_a_b_c___x_session_one")
    }

    @Test func scopesFollowResetsAndSessions() throws {
        let markdown = """
        ```swift run
        let a = 1
        ```

        ```swift run session=other
        let b = 2
        ```

        ```swift reset
        let a = 3
        ```

        ```swift
        plain code
        ```
        """
        var log = DiagnosticLog()
        let document = MarkdownParser.parse(markdown, file: "p.md", options: MarkdownOptions(), log: &log)
        let scopes = SnippetCollector.scopes(in: document, config: SnippetConfig())
        #expect(scopes.map(\.name) == ["main", "session-other", "main-2"])
        #expect(scopes.map { $0.snippets.map(\.line) } == [[2], [6], [10]])
    }

    @Test func transcriptsSplitAtBlockMarkers() {
        let transcript = RunTranscript("\u{1E}galley-block K 0\nhello\n\u{1E}galley-block K 1\n\u{1E}galley-value K 12 5 42\nworld\n", marker: "K")
        #expect(transcript.outputs == [0: "hello\n", 1: "world\n"])
        #expect(transcript.lastBlock == 1)
        #expect(transcript.values.map(\.text) == ["42"])
    }

    @Test func markersSplitMidLineAndForgedOnesAreOutput() {
        let transcript = RunTranscript("\u{1E}galley-block K 0\nno newline\u{1E}galley-block K 1\n\u{1E}galley-block X 0\nafter\n", marker: "K")
        #expect(transcript.outputs == [0: "no newline", 1: "\u{1E}galley-block X 0\nafter\n"])
    }

    @Test func compilerMessagesKeepTheirExcerpts() {
        let messages = CompilerMessage.parse("a/b.md:3:9: error: cannot find 'x' in scope\nprint(x)\n      ^\na/b.md:4:1: warning: unused [#no-usage]\n")
        #expect(messages.count == 2)
        #expect(messages[0].file == "a/b.md" && messages[0].line == 3 && messages[0].column == 9)
        #expect(messages[0].text == "a/b.md:3:9: error: cannot find 'x' in scope\nprint(x)\n      ^")
        #expect(CompilerMessage.plain(messages[1].message) == "unused")
    }

    @Test func trapMessagesNameThePage() {
        let output = "partial\nGalleySnippet_guide_page/page.md:14: Fatal error: boom\nCurrent stack trace:\n0 libswiftCore.so\n"
        let message = TrapMessage.extract(from: output, page: "guide/page.md", module: "GalleySnippet_guide_page", shownAs: "docs/guide/page.md")
        #expect(message == "docs/guide/page.md:14: Fatal error: boom")
        #expect(TrapMessage.line(in: message, page: "docs/guide/page.md") == 14)
        let thrown = "Swift/ErrorType.swift:254: Fatal error: Error raised at top level: GalleySnippet_guide_page.Failure.bad(<Handle: 0x00005583aa10c2d0>)\n"
        #expect(TrapMessage.extract(from: thrown, page: "guide/page.md", module: "GalleySnippet_guide_page", shownAs: "docs/guide/page.md")
            == "Error thrown at the top level: Failure.bad(<Handle: 0x…>)")
    }
}
