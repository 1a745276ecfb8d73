// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
@testable import GalleySnippets
import Testing

/// Runs real snippets against this repository's runtime: the compiler, the host library and
/// the child processes are all real.
@Suite("Snippets compile and run", .serialized)
struct SnippetEngineTests {
    /// This repository, whose `Workflow` products the snippets link.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    struct Project {
        let root: String
        var config = SnippetConfig()

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-snippets-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
            config.package = SnippetEngineTests.repository
            config.products = ["Workflow", "WorkflowUI"]
        }

        func page(_ path: String, _ markdown: String) -> SnippetPage {
            try? markdown.write(toFile: root + "/docs/" + path, atomically: true, encoding: .utf8)
            var log = DiagnosticLog()
            return SnippetPage(path: path, document: MarkdownParser.parse(markdown, file: path, options: MarkdownOptions(), log: &log))
        }

        /// Runs `pages`.
        func run(_ pages: [SnippetPage], keepGoing: Bool = false, rerun: Bool = false) throws -> SnippetReport {
            var engine = SnippetEngine(config: config, projectDirectory: root, keepGoing: keepGoing)
            if config.package == SnippetEngineTests.repository { engine.libraryCacheDirectory = SnippetEngineTests.libraryCache }
            engine.reusesResults = !rerun
            return try engine.run(pages)
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// Where test projects that link this repository's runtime build its libraries: once,
    /// for all of them, as projects naming one `GALLEY_LIBRARY_CACHE` do. Not the
    /// repository's own `.galley`, whose budget its docs' check keeps.
    static var libraryCache: String { repository + "/.build/snippet-libraries" }

    static func results(_ report: SnippetReport, _ page: String) -> [SnippetResult] {
        var results: [SnippetResult] = []
        report.documents[page]?.blocks.forEachBlock { block in
            if case .code(let code) = block, let result = report.results[page]?[code] { results.append(result) }
        }
        return results
    }

    /// Programs that wait on a clock are built and run as a group of their own, beside the
    /// rest: each page still gets its own results, in a first run and from the cache.
    @Test func programsThatWaitRunBesideTheRestWithTheirOwnResults() throws {
        let project = try Project()
        defer { project.remove() }
        let slow = project.page("slow.md", """
        # Slow

        ```swift run
        import Foundation
        Thread.sleep(forTimeInterval: 0.2)
        print("slept")
        ```
        """)
        let fast = project.page("fast.md", """
        # Fast

        ```swift run
        print("quick")
        ```
        """)
        for round in 0..<2 {
            let report = try project.run([slow, fast])
            #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
            #expect(Self.results(report, "slow.md").map(\.text) == ["slept\n"])
            #expect(Self.results(report, "fast.md").map(\.text) == ["quick\n"])
            #expect(report.summary.cached == (round == 0 ? 0 : 2))
        }
    }

    @Test func blocksShareOneScopeAndPrintUnderThemselves() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("counter.md", """
        # Counter

        ```swift run
        struct Counter: Workflow {
            typealias Rendering = String
            func makeInitialState() -> Int { 0 }
            func render(state: Int, context: RenderContext<Counter>) -> String { "count \\(state)" }
        }
        let host = WorkflowHost(workflow: Counter())
        print(host.rendering.value)
        ```

        !!! note
            ```swift silent
            let again = host.rendering.value
            print("silent", again)
            ```

        ```swift invisible
        print("setup")
        ```

        ```swift compile
        print("never printed")
        ```
        """)
        let report = try project.run([page])
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        let results = Self.results(report, "counter.md")
        #expect(results.map(\.text) == ["count 0\n", "silent count 0\n", ""])
        #expect(results.map(\.shown) == [true, false, false])
        var codeBlocks = 0
        report.documents["counter.md"]?.blocks.forEachBlock { if case .code = $0 { codeBlocks += 1 } }
        #expect(codeBlocks == 3, "the invisible block is gone from the page")
        #expect(report.summary.blocks == 4 && report.summary.compiled == 1 && report.summary.failed == 0)
    }

    @Test func compileErrorsNameTheMarkdownLineAndColumn() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("broken.md", """
        # Broken

        === "Tab"

            ```swift run
            let count: Int = "three"
            ```
        """)
        let report = try project.run([page])
        let error = try #require(report.diagnostics.first { $0.code.description == "snippets.compile_error" })
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: "broken.md", line: 6, column: 22), "the tab's indent is kept in the column")
        #expect(error.message.contains("cannot convert value of type 'String'"))
        let result = try #require(Self.results(report, "broken.md").first)
        #expect(result.failed && result.kind == .diagnostics)
    }

    @Test func failsBlocksShowTheCompilerAndMustNotCompile() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("fails.md", """
        ```swift run
        let name = "Ada"
        ```

        ```swift fails
        let number: Int = name
        ```

        ```swift fails
        let fine = name.count
        ```
        """)
        let report = try project.run([page])
        let results = Self.results(report, "fails.md")
        #expect(results[1].kind == .diagnostics && !results[1].failed)
        #expect(results[1].text.contains("fails.md:6:19: error: cannot convert value of type 'String' to specified type 'Int'"))
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.fails_compiled" })
        #expect(failure.location == SourceLocation(file: "fails.md", line: 10, column: 1))
    }

    @Test func aTrapIsShownOnceWithThePageAsTheTerminalNamesIt() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("guide.md", """
        ```swift run
        print("before")
        precondition(CommandLine.arguments.count > 5, "boom")
        ```

        ```swift run
        final class Handle {}
        enum Failure: Error { case bad(Handle, Int) }
        throw Failure.bad(Handle(), 7)
        ```
        """)
        var engine = SnippetEngine(config: project.config, projectDirectory: project.root)
        engine.docsPrefix = "docs/"
        let report = try engine.run([page])
        let results = Self.results(report, "guide.md")
        #expect(results.first?.text == "before\ndocs/guide.md:3: Precondition failed: boom", "once, with the page's path")
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" })
        #expect(failure.location.line == 3 && failure.message == "the snippet trapped: docs/guide.md:3: Precondition failed: boom")

        let thrown = project.page("thrown.md", "```swift run\nfinal class Handle {}\nenum Failure: Error { case bad(Handle, Int) }\nthrow Failure.bad(Handle(), 7)\n```\n")
        let thrownReport = try engine.run([thrown])
        #expect(Self.results(thrownReport, "thrown.md").first?.text == "Error thrown at the top level: Failure.bad(Handle, 7)")
    }

    @Test func crashBlocksShowTheTrapAndOtherTrapsFail() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("crash.md", """
        ```swift crash
        print("before")
        fatalError("the state is invalid")
        ```

        ```swift run
        print("after the crash block")
        ```

        ```swift crash
        print("no trap here")
        ```
        """)
        let report = try project.run([page])
        let results = Self.results(report, "crash.md")
        #expect(results[0].kind == .trap && !results[0].failed)
        #expect(results[0].text == "before\ncrash.md:3: Fatal error: the state is invalid")
        #expect(results[1].text == "after the crash block\n", "a crash block does not stop the blocks after it")
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.crash_expected" })
        #expect(failure.location.line == 11)

        let trapping = project.page("trap.md", "```swift run\nlet values: [Int] = []\nprint(values[1])\n```\n\n```swift run\nprint(\"later\")\n```\n")
        let trapReport = try project.run([trapping])
        let trap = try #require(trapReport.diagnostics.first { $0.code.description == "snippets.run_failed" })
        #expect(trap.location == SourceLocation(file: "trap.md", line: 2, column: 1))
        #expect(trap.message.contains("Index out of range"))
        #expect(Self.results(trapReport, "trap.md").map(\.failed) == [true, true], "the block after a trap did not run")
    }

    @Test func aHangingPageIsStoppedAtItsTimeout() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("hang.md", "---\nsnippets:\n  timeout: 1\n---\n\n```swift run\nprint(\"start\")\nwhile true {}\n```\n")
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" })
        #expect(failure.location == SourceLocation(file: "hang.md", line: 7, column: 1))
        #expect(failure.message.contains("longer than 1 s"))
        #expect(Self.results(report, "hang.md").first?.text.hasPrefix("start\n") == true)

        // A build that changed only prose reports the timeout again without waiting for it.
        let clock = ContinuousClock()
        let start = clock.now
        let again = try project.run([page])
        #expect(clock.now - start < .milliseconds(900), "the stored timeout is reported, not waited for")
        #expect(again.summary.cached == 1 && again.diagnostics.contains { $0.code.description == "snippets.run_failed" })
        // `galley check` runs it once more, as the timeout may have been the machine's.
        let retried = try project.run([page], rerun: true)
        #expect(retried.summary.cached == 0 && retried.diagnostics.contains { $0.code.description == "snippets.run_failed" })
    }

    @Test func expectedOutputIsComparedAndCanBeRewritten() throws {
        let project = try Project()
        defer { project.remove() }
        let markdown = "# E\n\n```swift expect\nprint(\"one\")\nprint(\"two\")\n```\n\n```output\none\nthree\n```\n"
        let page = project.page("expect.md", markdown)
        let report = try project.run([page])
        let mismatch = try #require(report.diagnostics.first { $0.code.description == "snippets.expect_mismatch" })
        #expect(mismatch.location == SourceLocation(file: "expect.md", line: 9, column: 1))
        #expect(mismatch.description.hasSuffix("rewrites it: [snippets.expect_mismatch]\n  @@ -1,2 +1,2 @@\n   one\n  -three\n  +two"), "the terminal shows the difference: \(mismatch.description)")
        try ExpectedOutputWriter.apply(report.expectedOutputUpdates, docsDirectory: project.root + "/docs")
        let updated = try String(contentsOfFile: project.root + "/docs/expect.md", encoding: .utf8)
        #expect(updated == "# E\n\n```swift expect\nprint(\"one\")\nprint(\"two\")\n```\n\n```output\none\ntwo\n```\n")
        let rerun = try project.run([project.page("expect.md", updated)])
        #expect(rerun.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    /// An update whose fence is no longer at its line (the page changed since the build, or
    /// the lines were counted in another text) writes nothing, in any page.
    @Test func anUpdateWhoseFenceMovedWritesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-update-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        let good = "# A\n\n```swift expect\nprint(1)\n```\n\n```output\n```\n"
        let moved = "# B\n\nText.\n\n```swift expect\nprint(2)\n```\n\n```output\n```\n"
        try good.write(toFile: root + "/docs/a.md", atomically: true, encoding: .utf8)
        try moved.write(toFile: root + "/docs/b.md", atomically: true, encoding: .utf8)
        let updates = [
            ExpectedOutputUpdate(page: "a.md", firstLine: 8, endLine: 8, indent: 0, output: "1\n"),
            ExpectedOutputUpdate(page: "b.md", firstLine: 8, endLine: 8, indent: 0, output: "2\n"),
        ]
        #expect {
            try ExpectedOutputWriter.apply(updates, docsDirectory: root + "/docs")
        } throws: { error in
            "\(error)".contains("b.md:8: error: the `output` block is not at this line any more")
        }
        #expect(try String(contentsOfFile: root + "/docs/a.md", encoding: .utf8) == good, "nothing is written when any fence moved")
        #expect(try String(contentsOfFile: root + "/docs/b.md", encoding: .utf8) == moved)
        try ExpectedOutputWriter.apply(Array(updates.prefix(1)) + Array(updates.prefix(1)), docsDirectory: root + "/docs")
        #expect(try String(contentsOfFile: root + "/docs/a.md", encoding: .utf8) == "# A\n\n```swift expect\nprint(1)\n```\n\n```output\n1\n```\n", "one update per fence")
    }

    @Test func everyBlockIsReportedAsPassedFailedOrSkipped() throws {
        let project = try Project()
        defer { project.remove() }
        let markdown = """
        # Blocks

        ```swift run
        print("fine")
        ```

        ```swift expect
        print("two")
        ```

        ```output
        three
        ```

        ```swift run
        let values: [Int] = []
        print(values[1])
        ```

        ```swift run
        print("never")
        ```

        """
        let report = try project.run([project.page("blocks.md", markdown)], keepGoing: true)
        #expect(report.blocks.map(\.status) == [.passed, .failed, .failed, .skipped])
        #expect(report.blocks.map(\.location.line) == [4, 8, 16, 21])
        #expect(report.blocks.map(\.mode) == ["run", "run expect", "run", "run"])
        #expect(report.blocks[1].failureCodes.map(\.description) == ["snippets.expect_mismatch"])
        #expect(report.blocks[2].failureCodes.map(\.description) == ["snippets.run_failed"])
        #expect(report.blocks[2].message.contains("trapped"))
        #expect(report.blocks[3].message.contains("Not run"))
        #expect(report.blocks.allSatisfy { $0.page == "blocks.md" && $0.scope == "main" })
    }

    @Test func blocksLeftUnrunAreReportedAndOnlyUnexplainedOnesWarn() throws {
        var project = try Project()
        defer { project.remove() }
        let page = project.page("ui.md", "# UI\n\n```swift norun=\"needs UIKit\"\nlet v = UIView()\n```\n\n```swift\nlet a = 1\n```\n")
        let quiet = try project.run([page])
        #expect(quiet.blocks.map(\.status) == [.notRun, .notRun])
        #expect(quiet.blocks.map(\.message) == ["needs UIKit", ""])
        #expect(quiet.diagnostics.isEmpty, "a project that does not set up snippets is not told about plain Swift")

        project.config.line = 3
        let engine = SnippetEngine(config: project.config, projectDirectory: project.root)
        #expect(engine.hasSnippets([page]), "the unrun blocks still need a report")
        let report = try project.run([page])
        #expect(report.diagnostics.map(\.location) == [SourceLocation(file: "ui.md", line: 8, column: 1)])
        #expect(report.diagnostics.map(\.code.description) == ["snippets.unexplained_norun"])
        #expect(report.diagnostics.first?.severity == .warning)
        #expect(report.summary.failed == 0)
    }

    @Test func valuesAnnotateEachLine() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("values.md", "```swift values\nvar total = 1\ntotal += 41\nlet doubled = [1, 2].map { $0 * 2 }\n```\n")
        let report = try project.run([page])
        let result = try #require(Self.results(report, "values.md").first)
        #expect(result.lineValues == [0: "1", 1: "42", 2: "[2, 4]"])
    }

    @Test func sessionsAndResetsAreSeparateScopes() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("scopes.md", """
        ```swift run
        let shared = "main"
        ```

        ```swift run session=side
        let shared = "side"
        print(shared)
        ```

        ```swift run
        print(shared)
        ```

        ```swift reset
        print(shared)
        ```
        """)
        let report = try project.run([page])
        let results = Self.results(report, "scopes.md")
        #expect(results[1].text == "side\n" && results[2].text == "main\n")
        let error = try #require(report.diagnostics.first { $0.code.description == "snippets.compile_error" })
        #expect(error.location == SourceLocation(file: "scopes.md", line: 15, column: 7), "after a reset the earlier names are gone")
    }

    @Test func nothingChangedMeansNoCompilerAndOnePageChangedRecompilesOnePage() throws {
        let project = try Project()
        defer { project.remove() }
        let pages = (1...3).map { project.page("p\($0).md", "```swift run\nprint(\($0))\n```\n") }
        let cold = try project.run(pages)
        #expect(cold.summary.compiled == 3 && cold.summary.cached == 0)
        let warm = try project.run(pages)
        #expect(warm.summary.compiled == 0 && warm.summary.cached == 3)
        #expect(Self.results(warm, "p2.md").first?.text == "2\n")
        let changed = [pages[0], project.page("p2.md", "```swift run\nprint(22)\n```\n"), pages[2]]
        let oneChanged = try project.run(changed)
        #expect(oneChanged.summary.compiled == 1 && oneChanged.summary.cached == 2)
        #expect(Self.results(oneChanged, "p2.md").first?.text == "22\n")
    }

    @Test func manyPagesLinkIntoOneExecutableWithoutSeeingEachOther() throws {
        let project = try Project()
        defer { project.remove() }
        // Both pages declare `Greeter` and `greet()`; linked into one executable, they stay apart.
        let pages = (1...2).map { number in
            project.page("same\(number).md", """
            ```swift run
            struct Greeter { var name: String }
            @MainActor func greet(_ greeter: Greeter) -> String { "hello \\(greeter.name) from page \(number)" }
            extension Greeter: CustomStringConvertible { var description: String { name } }
            print(greet(Greeter(name: "p\(number)")))
            ```
            """)
        } + [project.page("warned.md", """
            ```swift run
            struct Unused { func f() { let x = 1 } }
            print("warned")
            ```
            """)]
        func linkedFolders() -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: project.root + "/.galley/snippets/programs")) ?? []).filter { $0.hasPrefix("linked-") })
        }
        let before = linkedFolders()
        let report = try project.run(pages)
        #expect(report.summary.compiled == 3, "each page compiles as a module of its own")
        #expect(linkedFolders().subtracting(before).count == 1, "and the three are linked once, into one executable")
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(Self.results(report, "same1.md").first?.text == "hello p1 from page 1\n")
        #expect(Self.results(report, "same2.md").first?.text == "hello p2 from page 2\n")
        let warning = try #require(report.diagnostics.first { $0.code.description == "snippets.compiler_warning" })
        #expect(warning.location == SourceLocation(file: "warned.md", line: 2, column: 32), "the column is the Markdown's")

        let warm = try project.run(pages)
        #expect(warm.summary.compiled == 0 && warm.summary.cached == 3)
        // The executable is reused when only how it runs changes, and the warning is kept.
        var longer = project
        longer.config.timeout = 20
        let rerun = try longer.run(pages)
        #expect(rerun.summary.compiled == 0 && rerun.summary.cached == 0)
        #expect(rerun.diagnostics.contains { $0.code.description == "snippets.compiler_warning" && $0.location.column == 32 })
        #expect(Self.results(rerun, "same2.md").first?.text == "hello p2 from page 2\n")
    }

    /// `-v` says where the time went: the engine records each stage's processes and their
    /// processor time, and a `fails` block's type check runs beside the compiles (so a page
    /// with one waits for the longer of the two, not for both one after the other).
    @Test func stagesAreTimedAndFailsChecksRunBesideTheCompiles() throws {
        let project = try Project()
        defer { project.remove() }
        let pages = [
            project.page("a.md", "```swift run\nprint(\"a\")\n```\n\n```swift fails\nlet n: Int = \"x\"\n```\n"),
            project.page("b.md", "```swift run\nprint(\"b\")\n```\n"),
        ]
        let cold = try project.run(pages)
        #expect(cold.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(cold.diagnostics)")
        #expect(cold.summary.compiled == 3, "two programs and one type check")
        let stages = cold.summary.stages
        #expect(stages[.compiling].processes == 3)
        #expect(stages[.linking].processes >= 1)
        #expect(stages[.running].processes == 2)
        #expect(stages[.libraries].processes <= 1)
        #expect(stages[.compiling].processorSeconds > 0 && stages[.compiling].wall > 0)
        #expect(cold.summary.stages.description.hasPrefix("Snippet stages: libraries "))
        #expect(cold.summary.stages.description.contains("compiling "))
        #expect(stages.brief?.hasPrefix("snippets: compiling ") == true)
        // Nothing to build: the stored answers are taken, and no process ran.
        let warm = try project.run(pages)
        #expect(warm.summary.compiled == 0)
        #expect(warm.summary.stages.brief == nil)
        #expect(warm.summary.stages[.libraries].processes == 0)
    }

    /// Every executable is linked with one dispatcher object, compiled once and kept; it runs
    /// the program that `GALLEY_PAGE` names and refuses any other symbol.
    @Test func oneDispatcherServesEveryLinkAndRunsOnlyPagePrograms() throws {
        let project = try Project()
        defer { project.remove() }
        let programs = project.root + "/.galley/snippets/programs"
        func dispatchers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: programs)) ?? []).filter { $0.hasPrefix("dispatch-") }
        }
        _ = try project.run([project.page("one.md", "```swift run\nprint(1)\n```\n"), project.page("two.md", "```swift run\nprint(2)\n```\n")])
        let first = dispatchers()
        #expect(first.count == 1)
        let report = try project.run([project.page("three.md", "```swift run\nprint(3)\n```\n")])
        #expect(Self.results(report, "three.md").first?.text == "3\n")
        #expect(dispatchers() == first, "the second link reuses the dispatcher")
        #expect(report.summary.stages[.linking].processes == 2, "the driver's two jobs (extracting the libraries, linking), started without the driver; no C compiler")
        // Any executable made: a name that is not a page program's is refused.
        let executable = try #require(FileManager.default.enumerator(atPath: programs)?.compactMap { $0 as? String }.first { $0.hasSuffix("/program") })
        for name in ["main", "galley_page_nothing", ""] {
            let outcome = try ProcessRunner(executable: programs + "/" + executable, environment: ["GALLEY_PAGE": name], timeout: 30).run()
            #expect(outcome.ending == .exited(70), "\(name): \(outcome.output)")
            #expect(outcome.output.contains("no page program named '\(name)'"))
        }
    }

    @Test func aBrokenPageFailsAloneWithItsOwnLocation() throws {
        let project = try Project()
        defer { project.remove() }
        let pages = (1...3).map { project.page("ok\($0).md", "```swift run\nstruct Box { var n = \($0) }\nprint(Box().n)\n```\n") }
            + [project.page("bad.md", "# Bad\n\n```swift run\nstruct Box { var n: Int = \"x\" }\n```\n")]
        let report = try project.run(pages)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors.first?.location == SourceLocation(file: "bad.md", line: 4, column: 27), "\(errors)")
        #expect((1...3).map { Self.results(report, "ok\($0).md").first?.text } == ["1\n", "2\n", "3\n"])
        #expect(report.summary.compiled == 4, "one compiler run per page")
    }

    @Test func keepGoingTurnsFailuresIntoWarnings() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("k.md", "```swift run\nlet x: Int = \"s\"\n```\n")
        let report = try project.run([page], keepGoing: true)
        #expect(report.diagnostics.contains { $0.code.description == "snippets.compile_error" && $0.severity == .warning })
    }

    @Test func aPackageFolderMovedWithItsCacheStillBuilds() throws {
        // The host's SwiftPM build folder holds absolute paths; after a rename (or CI
        // restoring `.galley/` elsewhere) it must be rebuilt, not fail on its module cache.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-moved-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let files = [
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Tiny\", products: [.library(name: \"Tiny\", targets: [\"Tiny\"])], targets: [.target(name: \"Tiny\")])\n",
            "Sources/Tiny/Tiny.swift": "public func greeting() -> String { \"hello from Tiny\" }\n",
            "docs/index.md": "```swift run\nprint(greeting())\n```\n",
        ]
        for (name, text) in files {
            try FileManager.default.createDirectory(atPath: (base + "/before/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: base + "/before/" + name, atomically: true, encoding: .utf8)
        }
        func run(in folder: String) throws -> [SnippetResult] {
            var config = SnippetConfig()
            config.package = folder
            config.products = ["Tiny"]
            var log = DiagnosticLog()
            let markdown = files["docs/index.md"]!
            let page = SnippetPage(path: "index.md", document: MarkdownParser.parse(markdown, file: "index.md", options: MarkdownOptions(), log: &log))
            let report = try SnippetEngine(config: config, projectDirectory: folder, keepGoing: false).run([page])
            return Self.results(report, "index.md")
        }
        #expect(try run(in: base + "/before").map(\.text) == ["hello from Tiny\n"])
        try FileManager.default.moveItem(atPath: base + "/before", toPath: base + "/after")
        #expect(try run(in: base + "/after").map(\.text) == ["hello from Tiny\n"])
    }

    @Test func withoutAPackageSnippetsUseTheStandardLibraryAndFoundation() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.package = nil
        project.config.products = nil
        let page = project.page("plain.md", "```swift run\nimport Foundation\nlet words = [\"b\", \"a\"].sorted()\nprint(words.joined(separator: \" \"), URL(fileURLWithPath: \"/tmp/x.txt\").pathExtension)\n```\n")
        let report = try project.run([page])
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(Self.results(report, "plain.md").map(\.text) == ["a b txt\n"])
        // The hooks live in the project's own cache when no package is linked.
        #expect(FileManager.default.fileExists(atPath: project.root + "/.galley/host-standalone/fingerprint"))
    }

    @Test func aMissingPackageIsAClearError() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.package = project.root + "/nowhere"
        project.config.line = 7
        let page = project.page("m.md", "```swift run\nprint(1)\n```\n")
        let error = try #require(throws: DiagnosticError.self) { try project.run([page]) }
        #expect(error.diagnostics.first?.location == SourceLocation(file: "mkdocs.yml", line: 7))
        #expect(error.diagnostics.first?.message.contains("no `Package.swift`") == true)
    }
}

extension SnippetEngineTests {
    @Test func aFailedTestAssertionFailsItsBlockAtItsLine() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.products = ["Workflow", "WorkflowTesting"]
        let page = project.page("tested.md", """
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
        ```

        ```swift run
        print("checking")
        _ = Tap.tester(withState: 0).send(action: .increment).assert(state: 5)
        print("never printed")
        ```
        """)
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" }, "\(report.diagnostics)")
        #expect(failure.location.file == "tested.md")
        #expect(failure.location.line == 20, "\(failure)")
        let lines = failure.message.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("State (First) does not match the expected state (Second) - Difference") == true, "the lead line says what differed: \(failure)")
        #expect(lines.contains("    − 1") && lines.contains("    + 5"), "the diff stands under it, where a terminal and CI see it: \(lines)")
        let results = Self.results(report, "tested.md")
        #expect(results.last?.failed == true)
        #expect(results.last?.text.contains("never printed") == false)
    }
}

extension SnippetEngineTests {
    @Test func anExpectBlockWithoutAnOutputFenceIsAnError() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("expect.md", "# Expect\n\n```swift run expect\nprint(\"hello\")\n```\n\nNo output fence here.\n")
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.expect_without_output" }, "\(report.diagnostics)")
        #expect(failure.location == SourceLocation(file: "expect.md", line: 3, column: 1))
        #expect(Self.results(report, "expect.md").first?.failed == true)
    }

    @Test func snippetsOffTurnsOffEveryFenceWhateverItsWords() throws {
        let project = try Project()
        defer { project.remove() }
        let markdown = "---\nsnippets: off\n---\n\n```swift run\nfatalError(\"must not run\")\n```\n\n```swift crash\nprint(\"nor this\")\n```\n"
        let page = project.page("off.md", markdown)
        let report = try project.run([page])
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(Self.results(report, "off.md").isEmpty)
    }
}

extension SnippetEngineTests {
    @Test func aSignalDeathNamesTheSignalAndAnExitIsNotATrap() throws {
        let project = try Project()
        defer { project.remove() }
        let killed = project.page("killed.md", "```swift run\nimport Glibc\nprint(\"before\")\nkill(getpid(), SIGKILL)\n```\n")
        let report = try project.run([killed])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" }, "\(report.diagnostics)")
        #expect(failure.message.contains("was killed by SIGKILL"), "\(failure)")

        let exiting = project.page("exits.md", "```swift crash\nimport Glibc\nexit(3)\n```\n")
        let exitReport = try project.run([exiting])
        let crash = try #require(exitReport.diagnostics.first { $0.code.description == "snippets.crash_expected" }, "\(exitReport.diagnostics)")
        #expect(crash.message.contains("exited with status 3 instead of trapping"), "\(crash)")
    }
}

extension SnippetEngineTests {
    @Test func aProgramOverItsMemoryLimitFailsItsBlock() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.memoryLimit = 512 << 20
        let page = project.page("memory.md", "```swift run\nprint(\"start\")\nlet big = [UInt8](repeating: 1, count: 1 << 30)\nprint(big.count)\n```\n")
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" }, "\(report.diagnostics)")
        #expect(failure.location.file == "memory.md")
        #expect(failure.message.contains("memory limit"), "\(failure)")
    }
}

extension SnippetEngineTests {
    @Test func aCPULimitStopsAProgramAndSaysSo() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.cpuLimit = 1
        project.config.timeout = 20
        let page = project.page("cpu.md", "```swift run\nvar n = 0\nwhile true { n &+= 1 }\n```\n")
        let start = ContinuousClock.now
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" }, "\(report.diagnostics)")
        #expect(failure.message.contains("SIGXCPU"), "\(failure)")
        #expect(ContinuousClock.now - start < .seconds(15))
    }
}

extension SnippetEngineTests {
    @Test func aCleanEnvironmentKeepsOnlyPathHomeLangAndTheConfiguredVariables() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.cleanEnvironment = true
        project.config.environment = ["API_HOST": "localhost"]
        setenv("GALLEY_TEST_SECRET_TOKEN", "hunter2", 1)
        defer { unsetenv("GALLEY_TEST_SECRET_TOKEN") }
        let page = project.page("env.md", """
        ```swift run
        import Foundation
        let names = ProcessInfo.processInfo.environment.keys.filter { !$0.hasPrefix("GALLEY_CRASH") && $0 != "SWIFT_BACKTRACE" }.sorted()
        print(names.joined(separator: " "))
        print(FileHandle.standardInput.readDataToEndOfFile().count)
        ```
        """)
        let report = try project.run([page])
        let text = Self.results(report, "env.md").first?.text ?? ""
        #expect(!text.contains("GALLEY_TEST_SECRET_TOKEN"), "\(text)")
        #expect(text.contains("API_HOST"), "\(text)")
        #expect(text.contains("PATH"), "\(text)")
        #expect(text.hasSuffix("0\n"), "standard input is empty: \(text)")
    }
}

extension SnippetEngineTests {
    @Test func outputStaysWithItsBlockWhateverTheProgramPrints() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("attribution.md", """
        ```swift run
        print("first", terminator: "")
        ```

        ```swift run
        print("\\u{1E}galley-block 0")
        print("second")
        ```
        """)
        let report = try project.run([page])
        let results = Self.results(report, "attribution.md")
        #expect(results.map(\.text) == ["first", "\u{1E}galley-block 0\nsecond\n"], "\(results.map(\.text))")
    }
}

extension SnippetEngineTests {
    @Test func frontMatterSnippetSettingsThatTakeNoEffectAreWarnedAbout() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("settings.md", "---\nsnippets:\n  timeout: soon\n  colour: red\n---\n\n```swift run\nprint(1)\n```\n")
        let report = try project.run([page])
        let warnings = report.diagnostics.filter { $0.code.description == "snippets.front_matter" }
        #expect(warnings.map(\.message) == [
            "`snippets.colour` is not a snippet setting a page can change; it is ignored",
            "`snippets.timeout: soon` is not a number above 0; the project's value is used",
        ])
        #expect(warnings.allSatisfy { $0.location == SourceLocation(file: "settings.md", line: 2) && $0.severity == .warning }, "at the `snippets` key")
    }
}
