// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import Synchronization

/// A page whose snippets are to run.
package struct SnippetPage: Sendable {
    /// The page's path in the docs directory, as diagnostics name it.
    package var path: String
    package var document: Document

    package init(path: String, document: Document) {
        self.path = path
        self.document = document
    }
}

/// What running every page's snippets produced.
package struct SnippetReport: Sendable {
    /// Each page's document, by page path, where running changed it (`invisible` blocks and
    /// the expected output of `expect` blocks removed).
    package var documents: [String: Document] = [:]
    /// What each page's snippets produced, by page path, for the renderer.
    package var results: [String: SnippetResults] = [:]
    /// Failures (errors) and compiler warnings.
    package var diagnostics: [Diagnostic] = []
    /// For `expect` blocks whose output differs: the page, the expected fence's content lines
    /// (first, past-the-end) and the real output, for `--update`.
    package var expectedOutputUpdates: [ExpectedOutputUpdate] = []
    /// Every executable block and how it fared, in page and reading order.
    package var blocks: [SnippetBlockOutcome] = []
    package var summary = Summary()

    package struct Summary: Sendable, Equatable {
        package var pages = 0
        package var blocks = 0
        /// Compiler invocations.
        package var compiled = 0
        /// Programs whose results came from the cache.
        package var cached = 0
        package var failed = 0
        package var seconds = 0.0
        /// Where the time went, stage by stage.
        package var stages = SnippetStageTimes()
        /// What the shared remote cache did, when there is one.
        package var remote: RemoteCache.Statistics?

        /// This summary and `other`'s, of runs made one after the other.
        package func adding(_ other: Summary) -> Summary {
            Summary(pages: pages + other.pages, blocks: blocks + other.blocks, compiled: compiled + other.compiled,
                    cached: cached + other.cached, failed: failed + other.failed, seconds: seconds + other.seconds,
                    stages: stages.adding(other.stages),
                    remote: remote.map { mine in other.remote.map { mine.adding($0) } ?? mine } ?? other.remote)
        }

        package var description: String {
            "Snippets: \(counted(pages, "page")), \(counted(blocks, "block")), \(compiled) compiled, \(cached) cached, \(failed) failed in " + String(format: "%.2f s", seconds)
                + (cached > 0 ? " (\(counted(cached, "program")) not run again: their pages and libraries are unchanged; --rerun runs them)" : "")
                + (remote.map { "; remote cache: " + $0.description } ?? "")
        }
    }
}

extension SnippetReport {
    /// Puts `blocks` in reading order: by page, then line.
    mutating func sortBlocks() {
        blocks.sort { ($0.page, $0.location.line) < ($1.page, $1.location.line) }
    }
}

/// The content of an `output` fence to replace with what its block really printed.
package struct ExpectedOutputUpdate: Sendable, Equatable, Codable {
    package var page: String
    /// The fence's first line of content and the line of its closing fence.
    package var firstLine: Int
    package var endLine: Int
    package var indent: Int
    package var output: String
    /// The line of the block whose output this is, as its ``SnippetBlockOutcome`` names it.
    package var blockLine: Int = 0
}

/// Compiles and runs the snippets of many pages: one program per page scope, compiled and run
/// in parallel, each in its own process, every result kept in a content-addressed cache.
package struct SnippetEngine: Sendable {
    package var config: SnippetConfig
    package var projectDirectory: String
    /// Where programs and results are kept (`.galley/snippets` beside `mkdocs.yml`).
    package var cacheDirectory: String
    /// Where the libraries snippets link are built, and the linked package is described:
    /// the project's cache, unless `GALLEY_LIBRARY_CACHE` names a folder that projects
    /// linking one package share (several checkouts of it, say).
    package var libraryCacheDirectory: String
    /// Where the Swift toolchain is looked for (tests look where there is none).
    var toolchainSearch = SwiftToolchain.Search()
    /// Failures are warnings rather than errors (`--keep-going`).
    package var keepGoing = false
    /// Takes a page's stored outcome when nothing that decides it changed, instead of running
    /// its program again (`galley build` and `serve`; `--rerun` turns it off). `galley check`
    /// turns it off: a program may read a file, the environment or the clock, which no key
    /// covers, so a check runs every program every time, from its cached executable.
    package var reusesResults = true
    /// What stands before a page's path (relative to the docs directory) where a message's
    /// text names it, as the terminal shows it: `docs/` for a trap at `docs/page.md:12`.
    package var docsPrefix = ""
    /// Only the pages that fall to this part are checked (`galley check --shard K/N`); the
    /// others' snippets are left as written, neither run nor counted.
    package var shard: SnippetShard?

    package init(config: SnippetConfig, projectDirectory: String, keepGoing: Bool = false) {
        self.config = config
        // Programs run in their own directories, so every path handed to them is absolute.
        let absolute = URL(fileURLWithPath: projectDirectory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")).standardizedFileURL.path
        self.projectDirectory = absolute
        // Named by its real path, so that a cache reached through a link (one shared by
        // several checkouts) is one cache: the host's build folder notes where it was made.
        self.cacheDirectory = SystemCalls.realPath(absolute + "/.galley") ?? absolute + "/.galley"
        let shared = SystemCalls.environmentValue("GALLEY_LIBRARY_CACHE").flatMap { $0.isEmpty ? nil : $0 }
        self.libraryCacheDirectory = shared.map { PathName.absolute($0, relativeTo: FileManager.default.currentDirectoryPath) } ?? cacheDirectory
        self.keepGoing = keepGoing
    }

    /// Whether any page has an executable snippet, or, when the project sets up snippets,
    /// a Swift fence left unrun that the report must account for.
    package func hasSnippets(_ pages: [SnippetPage]) -> Bool {
        pages.contains { page in
            let pageConfig = pageConfig(page)
            return !SnippetCollector.scopes(in: page.document, config: pageConfig).isEmpty
                || (config.line > 0 && !SnippetCollector.notRun(in: page.document, config: pageConfig).isEmpty)
                || !SnippetFenceCheck.problems(in: page.document, page: page.path, config: pageConfig).isEmpty
                || !config.overrideProblems(page.document.metadata.values).isEmpty
        }
    }

    /// An estimate of the work of checking `page`'s snippets, for splitting pages between
    /// shards, in lines of Swift: the lines it runs, 10 more for each block, and 200 more
    /// for each program (scope) it compiles. Starting the compiler and loading the linked
    /// libraries' interfaces make up most of a small program's compile: measured on this
    /// repository's guide, the shards with the most programs took longest, whatever their lines.
    func work(of page: SnippetPage) -> Int {
        SnippetCollector.scopes(in: page.document, config: pageConfig(page)).reduce(0) { total, scope in
            scope.snippets.reduce(total + 200) { $0 + 10 + $1.code.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
        }
    }

    func pageConfig(_ page: SnippetPage) -> SnippetConfig {
        config.overridden(by: page.document.metadata.values)
    }

    /// Runs every page's snippets. `progress` hears a short line as each program finishes.
    package func run(_ pages: [SnippetPage], progress: @Sendable (String) -> Void = { _ in }) throws(DiagnosticError) -> SnippetReport {
        let pages = shard.map { shard in
            let mine = shard.pages(of: pages.map { ($0.path, work(of: $0)) })
            return pages.filter { mine.contains($0.path) }
        } ?? pages
        let clock = ContinuousClock()
        let start = clock.now
        var report = SnippetReport()
        var jobs: [ScopeJob] = []
        var scopesByPage: [String: [SnippetScope]] = [:]
        for page in pages {
            let pageConfig = pageConfig(page)
            let frontMatter = SourceLocation(file: page.path, line: page.document.metadata.keyLines["snippets"] ?? 1)
            for problem in config.overrideProblems(page.document.metadata.values) {
                report.diagnostics.append(Diagnostic(problem.isError ? failureSeverity : .warning, at: frontMatter, problem.message, code: SnippetCodes.frontMatter))
            }
            let fenceProblems = SnippetFenceCheck.problems(in: page.document, page: page.path, config: pageConfig)
            for problem in fenceProblems {
                var problem = problem
                if problem.severity == .error { problem.severity = failureSeverity }
                report.diagnostics.append(problem)
            }
            // A fence whose words are misspelled is reported for that, not as one that says
            // nothing about why it does not run.
            let misspelled = Set(fenceProblems.filter { $0.code == SnippetCodes.unknownWord }.map { $0.location.line + 1 })
            report.blocks += notRunBlocks(page, config: pageConfig, diagnostics: &report.diagnostics, explained: misspelled)
            let scopes = SnippetCollector.scopes(in: page.document, config: pageConfig)
            guard !scopes.isEmpty else { continue }
            scopesByPage[page.path] = scopes
            report.summary.pages += 1
            report.summary.blocks += scopes.reduce(0) { $0 + $1.snippets.count }
            for scope in scopes {
                jobs.append(ScopeJob(page: page.path, shownPage: docsPrefix + page.path, scope: scope, config: pageConfig))
            }
        }
        guard !jobs.isEmpty else {
            return report.finished(start: start)
        }
        let toolchain: SwiftToolchain
        do throws(DiagnosticError) {
            guard config.enabled else { return report.leavingUnrun(jobs, pages: pages, reason: .disabled, config: config, start: start) }
            toolchain = try locateToolchain()
        } catch {
            // A writer without a toolchain can still build and preview the site; the blocks
            // say they were not run, and a check fails on the warning.
            return report.leavingUnrun(jobs, pages: pages, reason: .noToolchain, config: config, start: start)
        }
        try? FileManager.default.createDirectory(atPath: cacheDirectory + "/snippets", withIntermediateDirectories: true)
        progress("Snippets: preparing the libraries they link")
        let stages = SnippetStageClock()
        let remote = try config.remoteCache.map(RemoteCache.shared)
        let remoteBefore = remote?.statistics
        let host = try SnippetHost.prepare(config: config, projectDirectory: projectDirectory, cacheDirectory: cacheDirectory, libraryCache: libraryCacheDirectory, toolchain: toolchain, remote: remote, stages: stages)

        let sandbox = config.sandbox ? try SnippetSandbox.prepare(configLine: config.line, visible: [projectDirectory, cacheDirectory, host.libraryDirectory, toolchain.libraryDirectory]) : nil
        if sandbox != nil, config.memoryLimit > 0, !MemoryGroup.isAvailable {
            // The sandbox promises a limit for the whole program; say where it can't keep it.
            report.diagnostics.append(Diagnostic(.warning, at: SourceLocation(file: "mkdocs.yml", line: config.line), "`galley.snippets.memory_limit` holds per process here, not for a program and the processes it starts together: this machine offers no writable memory control group (run as root, or in a delegated cgroup)", code: SnippetCodes.memoryPerProcess))
        }
        let frontends = FrontendCommands.shared(for: toolchain)
        let runners = jobs.map { ScopeRunner(job: $0, host: host, toolchain: toolchain, cacheDirectory: cacheDirectory + "/snippets", sandbox: sandbox, frontends: frontends, remote: remote, stages: stages) }
        let cached = reusesResults ? parallelMap(runners) { $0.cachedOutcome() } : runners.map { _ in nil }
        let finished = Atomic<Int>(cached.count { $0 != nil })
        let total = jobs.count
        // Programs spend much of their run waiting (on their workers' clocks, on `Task.sleep`),
        // so more of them run at once than there are cores. Those that wait on a clock are
        // built on their own and run while the others compile, so that their waits overlap
        // the compiles instead of coming after them.
        let width = 2 * ProcessInfo.processInfo.activeProcessorCount
        @Sendable func runOne(_ runner: ScopeRunner, _ built: BuiltPrograms) -> ScopeOutcome {
            var outcome = runner.run(using: built.programs[runner.programKey], compiled: built.compiled[runner.programKey], linkFailure: built.linkFailures[runner.programKey])
            outcome.compilerInvocations += built.typechecks[runner.programKey] ?? 0
            let done = finished.wrappingAdd(1, ordering: .relaxed).newValue
            progress("Snippets: \(done)/\(total) programs done (\(runner.job.page))")
            return outcome
        }
        let waits = runners.map(\.waitsOnAClock)
        let waiting = runners.indices.filter { cached[$0] == nil && waits[$0] }
        let rest = runners.indices.filter { cached[$0] == nil && !waits[$0] }
        // The two groups side by side: the waiting programs, fewer, are built and start their
        // runs while the rest are still compiling.
        let groups = parallelMap([waiting, rest], width: 2) { group -> [ScopeOutcome] in
            let built = buildPrograms(group.map { runners[$0] }, host: host, toolchain: toolchain, stages: stages, progress: progress)
            return parallelMap(group, width: width) { runOne(runners[$0], built) }
        }
        var found = cached
        for (index, outcome) in zip(waiting + rest, groups.joined()) { found[index] = outcome }
        let outcomes = found.map { $0! }

        var resultsByPage: [String: [Int: SnippetResult]] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            resultsByPage[job.page, default: [:]].merge(outcome.results) { $1 }
            report.summary.compiled += outcome.compilerInvocations
            if outcome.fromCache { report.summary.cached += 1 }
            for failure in outcome.failures {
                report.diagnostics.append(Diagnostic(keepGoing ? .warning : .error, at: failure.location, failure.message, code: failure.code))
            }
            for warning in outcome.warnings {
                report.diagnostics.append(Diagnostic(.warning, at: warning.location, warning.message, code: SnippetCodes.compilerWarning))
            }
            report.expectedOutputUpdates += outcome.expectedOutputUpdates
            report.blocks += SnippetBlockOutcome.judge(page: job.page, scope: job.scope, outcome: outcome)
        }
        for page in pages {
            guard let results = resultsByPage[page.path], let scopes = scopesByPage[page.path] else { continue }
            (report.documents[page.path], report.results[page.path]) = SnippetCollector.apply(results, scopes: scopes, to: page.document)
        }
        report.summary.stages = stages.times
        report.addRemote(remote, since: remoteBefore)
        return report.finished(start: start)
    }

    /// The toolchain that compiles snippets, with the identity it has on every machine.
    func locateToolchain() throws(DiagnosticError) -> SwiftToolchain {
        var toolchain = try SwiftToolchain.locate(toolchainSearch)
        toolchain.learnPortableIdentity(keptIn: cacheDirectory + "/snippets")
        return toolchain
    }

    /// How a snippet failure is reported: an error, or a warning with `keepGoing`.
    var failureSeverity: Severity { keepGoing ? .warning : .error }
}

extension SnippetReport {
    /// Adds what the shared cache did since `before` and the warnings no one took yet.
    mutating func addRemote(_ remote: RemoteCache?, since before: RemoteCache.Statistics?) {
        guard let remote else { return }
        summary.remote = remote.statistics.since(before ?? .init())
        diagnostics += remote.takeWarnings()
    }

    /// The report with its blocks in reading order, its failures counted and its time taken.
    func finished(start: ContinuousClock.Instant) -> SnippetReport {
        var report = self
        report.sortBlocks()
        report.summary.failed = report.diagnostics.filter { $0.severity == .error || ($0.severity == .warning && !$0.code.isAdvisory) }.count
        report.summary.seconds = (ContinuousClock.now - start).seconds
        return report
    }

    /// Why a site's blocks were not run at all.
    enum UnrunReason {
        /// `galley.snippets.enabled: false`.
        case disabled
        /// No Swift toolchain, and the build goes on past failures.
        case noToolchain

        var text: String {
            switch self {
            case .disabled: "snippets are turned off for this site (`galley.snippets.enabled: false`)"
            case .noToolchain: "no Swift toolchain was found (`swiftc` is not on PATH); install one to run them, or set `galley.snippets.enabled: false` to say they are not run here"
            }
        }
    }

    /// The report when no block can run: each is shown as not run, with the reason under it,
    /// and one warning at the `galley` section says why, so that a check fails.
    func leavingUnrun(_ jobs: [ScopeJob], pages: [SnippetPage], reason: UnrunReason, config: SnippetConfig, start: ContinuousClock.Instant) -> SnippetReport {
        var report = self
        var count = 0
        for job in jobs {
            for snippet in job.scope.snippets {
                count += 1
                report.blocks.append(SnippetBlockOutcome(page: job.page, notRun: NotRunSnippet(line: snippet.line, column: snippet.column, reason: reason.text)))
            }
        }
        for page in pages where jobs.contains(where: { $0.page == page.path }) {
            report.results[page.path] = SnippetCollector.notRun(page.document, reason: reason.text)
        }
        report.diagnostics.append(Diagnostic(
            .warning, at: SourceLocation(file: "mkdocs.yml", line: max(config.line, 1)),
            "\(counted(count, "Swift block")) not run: \(reason.text); the pages show them unproven, and `galley check` fails until they run",
            code: SnippetCodes.notRun
        ))
        return report.finished(start: start)
    }
}

extension SnippetEngine {
    /// The page's fences left unrun, as outcomes. When the project sets up snippets (a
    /// `galley:` section in `mkdocs.yml`), each one that says not why is also a warning:
    /// a reader cannot tell such a block from one that was forgotten.
    func notRunBlocks(_ page: SnippetPage, config: SnippetConfig, diagnostics: inout [Diagnostic], explained: Set<Int> = []) -> [SnippetBlockOutcome] {
        SnippetCollector.notRun(in: page.document, config: config).map { block in
            let outcome = SnippetBlockOutcome(page: page.path, notRun: block)
            if block.reason == nil, self.config.line > 0, !explained.contains(block.line) {
                diagnostics.append(Diagnostic(
                    .warning,
                    at: outcome.location,
                    "this `swift` block is not run and nothing says why; give it a mode such as `run` or `compile`, or the reason as `norun=\"...\"`",
                    code: SnippetCodes.unexplainedNorun
                ))
            }
            return outcome
        }
    }

    /// What building the pending programs gave, by program key.
    struct BuiltPrograms: Sendable {
        var programs: [String: BuiltProgram] = [:]
        var compiled: [String: ScopeRunner.Compiled] = [:]
        var linkFailures: [String: String] = [:]
        /// How many `fails` blocks' type checks ran for each program, beside the compiles.
        var typechecks: [String: Int] = [:]
    }

    /// Each program without an executable is compiled on its own, as the `main.swift` of a
    /// module of its own, all of them in parallel; those that compiled are then linked once,
    /// together. Compiling a page alone keeps its meaning and its diagnostics exactly those
    /// of the same code in an executable of its own; linking once saves a link per page.
    /// `runners` are the scopes with no stored outcome.
    func buildPrograms(_ runners: [ScopeRunner], host: SnippetHost, toolchain: SwiftToolchain, stages: SnippetStageClock, progress: @Sendable (String) -> Void) -> BuiltPrograms {
        var result = BuiltPrograms()
        let existing = parallelMap(runners) { $0.builtProgram() }
        var toBuild: [String: ScopeRunner] = [:]
        for (runner, program) in zip(runners, existing) {
            if let program { result.programs[runner.programKey] = program } else { toBuild[runner.programKey] = runner }
        }
        // Longest first, so that no long compile starts last while the other cores idle.
        let ordered = toBuild.values.sorted { ($0.program.utf8.count, $0.programKey) > ($1.program.utf8.count, $1.programKey) }
        // The `fails` blocks' type checks go beside the compiles instead of after the run:
        // a page with one waited for both, one after the other, on every edit.
        let failsChecks = runners.flatMap { runner in runner.failsSnippets.map { (runner, $0) } }
        guard !ordered.isEmpty || !failsChecks.isEmpty else { return result }
        if !ordered.isEmpty { progress("Snippets: compiling \(counted(ordered.count, "program"))") }
        enum Work { case compile(ScopeRunner), typecheck(ScopeRunner, Snippet) }
        enum Done { case compiled(ScopeRunner.Compiled), typechecked(key: String, ran: Bool) }
        let work = ordered.map(Work.compile) + failsChecks.map(Work.typecheck)
        let done = parallelMap(work) { item -> Done in
            switch item {
            case .compile(let runner): .compiled(runner.compile())
            case .typecheck(let runner, let snippet): .typechecked(key: runner.programKey, ran: runner.typecheckFails(snippet))
            }
        }
        var compiled: [ScopeRunner.Compiled] = []
        for outcome in done {
            switch outcome {
            case .compiled(let program): compiled.append(program)
            case .typechecked(let key, let ran): if ran { result.typechecks[key, default: 0] += 1 }
            }
        }
        for (runner, outcome) in zip(ordered, compiled) { result.compiled[runner.programKey] = outcome }
        // Two programs of one module name cannot share an executable; the later ones are
        // linked alone.
        var seenModules: Set<String> = []
        var together: [ProgramLinker.Object] = []
        var alone: [ProgramLinker.Object] = []
        for (runner, outcome) in zip(ordered, compiled) {
            guard let object = outcome.object else { continue }
            if seenModules.insert(runner.moduleName).inserted { together.append(object) } else { alone.append(object) }
        }
        let linker = ProgramLinker(host: host, toolchain: toolchain, programsDirectory: cacheDirectory + "/snippets/programs", stages: stages)
        for linked in [linker.link(together), linker.linkEach(alone)] {
            result.programs.merge(linked.built) { $1 }
            result.linkFailures.merge(linked.failures) { $1 }
        }
        return result
    }
}

/// One page scope to build and run.
struct ScopeJob: Sendable {
    var page: String
    /// The page as the terminal names it, in the text of messages.
    var shownPage: String
    var scope: SnippetScope
    var config: SnippetConfig
}
