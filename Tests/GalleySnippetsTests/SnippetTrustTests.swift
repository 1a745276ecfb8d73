// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
@testable import GalleySnippets
import Testing

/// A green run must mean every example is right: nothing an author wrote is passed over,
/// failures are pinned, every program runs in a check, and no process outlives its program.
/// Real compiles and real child processes throughout.
extension SnippetEngineTests {
    // MARK: Words nobody reads

    @Test func aMisspelledModeWordIsAnErrorAtItsFenceWithTheClosestWord() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("typo.md", """
        # Typos

        ```swift run exepct
        print("new")
        ```

        ```output
        old
        ```

        ```swift runn
        print(1)
        ```

        ```swift run sesion=a
        print(2)
        ```

        ```swift bogus
        print(3)
        ```
        """)
        let report = try project.run([page])
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code.description) == ["snippets.unknown_word", "snippets.unknown_word", "snippets.unknown_option", "snippets.unknown_word"], "\(report.diagnostics)")
        #expect(errors.map(\.location.line) == [3, 11, 15, 19])
        #expect(errors[0].message.contains("`exepct`") && errors[0].message.contains("did you mean `expect`?"))
        #expect(errors[1].message.contains("did you mean `run`?"))
        #expect(errors[2].message.contains("did you mean `session`?"))
        #expect(errors[3].message.contains("the words are `run`"), "a word near none lists them all")
        #expect(report.summary.failed == 4)
        // The `output` fence under the misspelled `expect` is claimed by nothing.
        #expect(report.diagnostics.contains { $0.code.description == "snippets.unclaimed_output" && $0.location.line == 7 })
    }

    @Test func aFenceWhoseOnlyWordIsMisspelledIsNotCalledUnexplained() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.line = 2
        let report = try project.run([project.page("runn.md", "```swift runn\nprint(1)\n```\n")])
        #expect(report.diagnostics.map(\.code.description) == ["snippets.unknown_word"], "\(report.diagnostics)")
        #expect(report.summary.failed == 1)
    }

    @Test func anOutputFenceNoExpectBlockClaimsIsAWarning() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("claim.md", "```swift run\nprint(1)\n```\n\n```output\n1\n```\n\n```swift run expect\nprint(2)\n```\n\n```output\n2\n```\n")
        let report = try project.run([page])
        #expect(report.diagnostics.map(\.code.description) == ["snippets.unclaimed_output"], "\(report.diagnostics)")
        #expect(report.diagnostics.first?.severity == .warning && report.diagnostics.first?.location.line == 5)
        #expect(report.summary.failed == 0, "a warning, which fails a check and a --strict build")

        // An indented block between them: the `expect` block claims nothing, and the fence
        // after is not checked, so both are reported.
        let between = project.page("between.md", "```swift run expect\nprint(1)\n```\n\n    indented\n\n```output\n1\n```\n")
        let apart = try project.run([between])
        #expect(Set(apart.diagnostics.map(\.code.description)) == ["snippets.expect_without_output", "snippets.unclaimed_output"], "\(apart.diagnostics)")

        // Outside a project that runs snippets, `output` is only a language.
        let plain = project.page("plain.md", "```output\nhello\n```\n")
        #expect(try project.run([plain]).diagnostics.isEmpty)
    }

    @Test func modesThatContradictEachOtherAreErrors() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("both.md", "```swift run compile\nprint(1)\n```\n\n```swift fails expect\nlet x: Int = \"a\"\n```\n\n```output\nx\n```\n\n```swift norun run\nprint(3)\n```\n")
        let report = try project.run([page])
        let conflicts = report.diagnostics.filter { $0.code.description == "snippets.conflicting_modes" }
        #expect(conflicts.map(\.location.line) == [1, 5, 13], "\(report.diagnostics)")
        #expect(conflicts[1].message.contains("fails=\\\"…\\\"") || conflicts[1].message.contains("fails=\"…\""))
    }

    @Test func aPageDefaultWithAnUnknownWordIsAnErrorAtItsKey() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("default.md", "---\ntitle: T\nsnippets:\n  default: runn\n---\n\n```swift\nprint(1)\n```\n")
        let report = try project.run([page])
        let error = try #require(report.diagnostics.first { $0.code.description == "snippets.front_matter" })
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: "default.md", line: 3))
        #expect(error.message.contains("did you mean `run`?"))
    }

    // MARK: Pinned failures

    @Test func aPinnedFailsBlockPassesOnlyWithItsMessage() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.line = 2
        let page = project.page("pins.md", """
        ```swift run
        let inbox = ["a"]
        ```

        ```swift fails="cannot find 'Inbx' in scope"
        print(Inbx)
        ```

        ```swift fails="cannot find 'Inbox' in scope"
        print(inbox.cuont)
        ```

        ```swift fails
        print(inbox.cuont)
        ```
        """)
        let report = try project.run([page])
        let blocks = report.blocks
        #expect(blocks.map(\.status) == [.passed, .passed, .failed, .passed], "\(report.diagnostics)")
        let mismatch = try #require(report.diagnostics.first { $0.code.description == "snippets.fails_mismatch" })
        #expect(mismatch.location.line == 10)
        #expect(mismatch.message.contains("cuont"), "the message says what the compiler did say")
        let unpinned = try #require(report.diagnostics.first { $0.code.description == "snippets.unpinned_failure" })
        #expect(unpinned.severity == .warning && unpinned.location.line == 13)
        #expect(blocks[1].mode == "fails=\"cannot find 'Inbx' in scope\"")
    }

    @Test func aPinnedCrashBlockPassesOnlyWithItsTrap() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("traps.md", """
        ```swift crash="Index out of range"
        let empty: [Int] = []
        print(empty[0])
        ```

        ```swift crash="Division by zero"
        let empty: [Int] = []
        print(empty[1])
        ```
        """)
        let report = try project.run([page])
        #expect(report.blocks.map(\.status) == [.passed, .failed], "\(report.diagnostics)")
        let mismatch = try #require(report.diagnostics.first { $0.code.description == "snippets.crash_mismatch" })
        #expect(mismatch.location.line == 7)
        #expect(mismatch.message.contains("Index out of range"))
    }

    // MARK: Every program runs in a check

    @Test func aRerunSeesWhatTheProgramReadsChangeAndCompilesNothing() throws {
        let project = try Project()
        defer { project.remove() }
        let input = project.root + "/input.txt"
        try "one\n".write(toFile: input, atomically: true, encoding: .utf8)
        let page = project.page("reads.md", "```swift run expect\nimport Foundation\nprint(try! String(contentsOfFile: \"\(input)\", encoding: .utf8), terminator: \"\")\n```\n\n```output\none\n```\n")
        let first = try project.run([page])
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")

        try "two\n".write(toFile: input, atomically: true, encoding: .utf8)
        let reused = try project.run([page])
        #expect(reused.summary.cached == 1 && reused.diagnostics.isEmpty, "a build may reuse the stored result")
        let rerun = try project.run([page], rerun: true)
        #expect(rerun.summary.cached == 0 && rerun.summary.compiled == 0, "the program runs again from its executable")
        #expect(rerun.diagnostics.map(\.code.description) == ["snippets.expect_mismatch"], "\(rerun.diagnostics)")
    }

    // MARK: No process outlives its program

    /// Processes whose command line contains `text`, in this machine's /proc.
    static func processes(containing text: String) -> [String] {
        (SystemCalls.names(in: "/proc") ?? []).compactMap { name -> String? in
            guard Int32(name) != nil, let raw = try? SystemCalls.readFile("/proc/\(name)/cmdline") else { return nil }
            let command = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            return command.contains(text) ? command : nil
        }
    }

    static let leavingChildren = """
    ```swift run
    import Foundation
    let sleeper = Process()
    sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
    sleeper.arguments = ["303"]
    try! sleeper.run()
    let detached = Process()
    detached.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    detached.arguments = ["/bin/sleep", "304"]
    try! detached.run()
    print("started")
    ```
    """

    @Test func childrenLeftRunningFailTheBlockByNameAndAreStopped() throws {
        let project = try Project()
        defer { project.remove() }
        let report = try project.run([project.page("children.md", Self.leavingChildren)])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.left_processes" }, "\(report.diagnostics)")
        #expect(failure.message.contains("sleep 303") && failure.message.contains("sleep 304"), "\(failure.message)")
        #expect(Self.results(report, "children.md").first?.text == "started\n", "the report is not part of the output")
        #expect(Self.processes(containing: "sleep 303").isEmpty && Self.processes(containing: "sleep 304").isEmpty, "nothing outlives the run")
    }

    @Test func aProgramStuckOnAChildNamesItWhenItTimesOut() throws {
        let project = try Project()
        defer { project.remove() }
        let page = project.page("stuck.md", "---\nsnippets:\n  timeout: 1\n---\n\n```swift run\nimport Foundation\nlet child = Process()\nchild.executableURL = URL(fileURLWithPath: \"/usr/bin/setsid\")\nchild.arguments = [\"/bin/sleep\", \"305\"]\ntry! child.run()\nchild.waitUntilExit()\n```\n")
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" })
        #expect(failure.message.contains("longer than 1 s") && failure.message.contains("sleep 305"), "\(failure.message)")
        #expect(Self.processes(containing: "sleep 305").isEmpty)
    }

    // MARK: A user's own package

    @Test func aPackageOutsideTheProjectIsBuiltInTheProjectsCacheAndKeyedOnItsInterface() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-outside-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let source = base + "/tiny/Sources/Tiny/Tiny.swift"
        try FileManager.default.createDirectory(atPath: base + "/tiny/Sources/Tiny", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/project/docs", withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Tiny\", products: [.library(name: \"Tiny\", targets: [\"Tiny\"])], targets: [.target(name: \"Tiny\")])\n"
            .write(toFile: base + "/tiny/Package.swift", atomically: true, encoding: .utf8)
        func write(_ body: String) throws {
            // Edits a second apart, as a person's are: SwiftPM's incremental build compares
            // modification times, which two writes within one second may not tell apart.
            Thread.sleep(forTimeInterval: 1.1)
            try body.write(toFile: source, atomically: true, encoding: .utf8)
        }
        func run() throws -> SnippetReport {
            var config = SnippetConfig()
            config.package = "../tiny"
            var log = DiagnosticLog()
            let page = SnippetPage(path: "index.md", document: MarkdownParser.parse("```swift run\nprint(greeting())\n```\n", file: "index.md", options: MarkdownOptions(), log: &log))
            var engine = SnippetEngine(config: config, projectDirectory: base + "/project")
            engine.reusesResults = false
            return try engine.run([page])
        }
        try write("public func greeting() -> String { \"hello\" }\n")
        let first = try run()
        #expect(Self.results(first, "index.md").map(\.text) == ["hello\n"], "\(first.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: base + "/tiny/.galley"), "nothing is written into the package")
        #expect((SystemCalls.names(in: base + "/project/.galley") ?? []).contains { $0.hasPrefix("host-") })

        try write("/// Says hello.\n// A comment-only edit.\npublic func greeting() -> String { \"hello\" }\n")
        let commented = try run()
        #expect(commented.summary.compiled == 0, "a comment changes no interface: nothing recompiles")
        try write("public func greeting() -> String { \"hi\" }\n")
        let body = try run()
        #expect(body.summary.compiled == 0 && Self.results(body, "index.md").map(\.text) == ["hi\n"], "a new body runs without a recompile")
        try write("public func greeting(_ name: String = \"you\") -> String { \"hi \\(name)\" }\n")
        let changed = try run()
        #expect(changed.summary.compiled == 1 && Self.results(changed, "index.md").map(\.text) == ["hi you\n"], "\(Self.results(changed, "index.md")) \(changed.diagnostics)")
    }

    /// A user's package that depends on the runtime, named in `galley.snippets.package`:
    /// snippets import both its module and the runtime's.
    @Test func aPackageThatDependsOnTheRuntimeGivesSnippetsBoth() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-shop-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/Sources/Shop", withIntermediateDirectories: true)
        let runtime = URL(fileURLWithPath: Self.repository).lastPathComponent
        try """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Shop",
            products: [.library(name: "Shop", targets: ["Shop"])],
            dependencies: [.package(path: "\(Self.repository)")],
            targets: [.target(name: "Shop", dependencies: [.product(name: "Workflow", package: "\(runtime)")])]
        )

        """.write(toFile: base + "/Package.swift", atomically: true, encoding: .utf8)
        try """
        import Workflow
        public struct Basket: Workflow {
            public typealias State = Int
            public init() {}
            public func makeInitialState() -> Int { 3 }
            public func render(state: Int, context: RenderContext<Basket>) -> String { "\\(state) items" }
        }

        """.write(toFile: base + "/Sources/Shop/Shop.swift", atomically: true, encoding: .utf8)
        var config = SnippetConfig()
        config.package = "."
        config.products = ["Shop"]
        config.imports = ["Shop", "Workflow"]
        var log = DiagnosticLog()
        let markdown = "```swift run\nlet host = WorkflowHost(workflow: Basket())\nprint(host.rendering.value)\n```\n"
        let page = SnippetPage(path: "index.md", document: MarkdownParser.parse(markdown, file: "index.md", options: MarkdownOptions(), log: &log))
        let report = try SnippetEngine(config: config, projectDirectory: base).run([page])
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(Self.results(report, "index.md").map(\.text) == ["3 items\n"])
    }

    @Test func aMissingModuleNamesTheSettingThatLinksIt() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.package = nil
        project.config.products = nil
        let report = try project.run([project.page("import.md", "```swift run\nimport Workflow\nprint(1)\n```\n")])
        let error = try #require(report.diagnostics.first { $0.code.description == "snippets.compile_error" })
        #expect(error.message.contains("no such module 'Workflow'") && error.message.contains("`galley.snippets.package`"), "\(error.message)")
        #expect(error.message.contains("this project links no package"))
    }

    // MARK: Sites that do not run snippets

    @Test func turnedOffSnippetsAreShownNotRunWithOneWarning() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.enabled = false
        project.config.line = 4
        let page = project.page("off.md", "```swift run\nprint(1)\n```\n\n```swift compile\nlet a = 1\n```\n")
        let report = try project.run([page])
        #expect(report.blocks.map(\.status) == [.notRun, .notRun])
        #expect(report.diagnostics.map(\.code.description) == ["snippets.not_run"])
        #expect(report.diagnostics.first?.location == SourceLocation(file: "mkdocs.yml", line: 4))
        #expect(report.diagnostics.first?.message.contains("enabled: false") == true)
        // The page's document is left as written; the reason is beside it, for each block.
        #expect(report.documents["off.md"] == nil)
        let shown = report.results["off.md"]?.notRunByLine ?? [:]
        #expect(shown.keys.sorted() == [2, 6] && shown.values.allSatisfy { $0.contains("turned off") }, "\(shown)")
    }
}

extension SnippetEngineTests {
    @Test func withoutAToolchainTheSiteBuildsAndTheBlocksSayTheyWereNotRun() throws {
        var project = try Project()
        defer { project.remove() }
        project.config.line = 6
        let page = project.page("new.md", "```swift run\nprint(1)\n```\n")
        var engine = SnippetEngine(config: project.config, projectDirectory: project.root)
        engine.toolchainSearch = SwiftToolchain.Search(path: project.root, fallbacks: [])
        let report = try engine.run([page])
        #expect(report.blocks.map(\.status) == [.notRun])
        #expect(report.diagnostics.map(\.code.description) == ["snippets.not_run"])
        #expect(report.diagnostics.first?.severity == .warning)
        #expect(report.diagnostics.first?.message.contains("no Swift toolchain") == true)
        #expect(report.diagnostics.first?.message.contains("galley.snippets.enabled: false") == true)
    }
}

@Suite("Snippet words")
struct SnippetWordsTests {
    @Test func theClosestWordIsWithinOneOrTwoEdits() {
        #expect(SnippetWords.closest(to: "exepct", among: SnippetWords.all) == "expect")
        #expect(SnippetWords.closest(to: "runn", among: SnippetWords.all) == "run")
        #expect(SnippetWords.closest(to: "complie", among: SnippetWords.all) == "compile")
        #expect(SnippetWords.closest(to: "Silent", among: SnippetWords.all) == "silent")
        #expect(SnippetWords.closest(to: "zap", among: SnippetWords.all) == nil)
        #expect(SnippetWords.editDistance("ab", "ba") == 1)
    }

    @Test func theWordsAreTheModesActions() {
        #expect(Set(SnippetWords.actions) == Set(SnippetMode.Action.allCases.map(\.rawValue)))
    }

    @Test func aPinChoosesItsAction() {
        #expect(SnippetMode.of(flags: [], options: ["fails": "cannot find"], defaults: []) == SnippetMode(action: .fails, pin: "cannot find"))
        #expect(SnippetMode.of(flags: [], options: ["crash": "Index"], defaults: ["run"]) == SnippetMode(action: .crash, pin: "Index"))
    }
}
