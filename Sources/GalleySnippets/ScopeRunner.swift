// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagrams
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown

/// What building and running one scope produced; stored whole in the result cache.
struct ScopeOutcome: Codable, Sendable {
    struct Result: Codable, Sendable {
        var kind: String
        var text: String
        var failed: Bool
        var shown: Bool
        var lineValues: [Int: String]
    }

    struct Problem: Codable, Sendable {
        var file: String
        var line: Int
        var column: Int
        var message: String
        var code: DiagnosticCode

        var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

        init(file: String, line: Int, column: Int, message: String, code: DiagnosticCode) {
            (self.file, self.line, self.column, self.message, self.code) = (file, line, column, message, code)
        }

        private enum CodingKeys: String, CodingKey { case file, line, column, message, code }

        // Stored outcomes name the code by its printed text; reading one back finds the
        // declared code, with its meaning, or the stored outcome is not used.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let name = try container.decode(String.self, forKey: .code)
            guard let code = SnippetCodes.all.first(where: { $0.description == name }) else {
                throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "`\(name)` is not a snippet code")
            }
            self.init(file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
                      column: try container.decode(Int.self, forKey: .column), message: try container.decode(String.self, forKey: .message), code: code)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(message, forKey: .message)
            try container.encode(code.description, forKey: .code)
        }
    }

    var blockResults: [Int: Result] = [:]
    var failures: [Problem] = []
    var warnings: [Problem] = []
    var expectedOutputUpdates: [ExpectedOutputUpdate] = []
    var compilerInvocations = 0
    var fromCache = false
    /// The outcome says more about the machine than about the code (the compiler died
    /// without a diagnostic, or the program ran out of time), so it is not stored.
    var transient = false
    /// The program ran out of time. Such an outcome is stored, so that builds changing only
    /// prose do not wait for it again, but `galley check` runs the program once more.
    var timedOut = false

    enum CodingKeys: String, CodingKey {
        case blockResults, failures, warnings, expectedOutputUpdates, compilerInvocations, fromCache, timedOut
    }

    var results: [Int: SnippetResult] {
        blockResults.mapValues { result in
            SnippetResult(kind: SnippetResult.Kind(rawValue: result.kind) ?? .output, text: result.text, failed: result.failed, shown: result.shown, lineValues: result.lineValues)
        }
    }
}

/// Builds and runs one scope of one page: the program once, a run (plus one per `crash`
/// block), a type-check per `fails` block, then the result of every block.
struct ScopeRunner: Sendable {
    let job: ScopeJob
    let host: SnippetHost
    let toolchain: SwiftToolchain
    let cacheDirectory: String
    /// The scope as one program in its own `main.swift`.
    let program: String
    /// What the program is made of: equal keys mean the same executable.
    let programKey: String
    /// The nonce the run's output markers carry, new for every runner.
    let marker = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    /// Where programs run, when `galley.snippets.sandbox` is on.
    let sandbox: SnippetSandbox?

    /// How compiles start the compiler's frontend, shared by the build's runners.
    let frontends: FrontendCommands
    /// Hears how long the compiler and the program took.
    let stages: SnippetStageClock
    /// The cache machines share, which compiled programs are fetched from and stored in.
    let remote: RemoteCache?

    init(job: ScopeJob, host: SnippetHost, toolchain: SwiftToolchain, cacheDirectory: String, sandbox: SnippetSandbox?, frontends: FrontendCommands, remote: RemoteCache? = nil, stages: SnippetStageClock = SnippetStageClock()) {
        self.job = job
        self.remote = remote
        self.stages = stages
        self.frontends = frontends
        self.sandbox = sandbox
        self.host = host
        self.toolchain = toolchain
        self.cacheDirectory = cacheDirectory
        moduleName = Self.moduleName(page: job.page, scope: job.scope.name)
        let usesPlayground = job.scope.snippets.contains { $0.mode.action == .values }
        program = ProgramSource(file: job.page, imports: host.imports).text(for: job.scope.snippets, role: Self.role)
        var programHash = ContentHash()
        programHash.add("program", program)
        programHash.add("flags", Self.portable(Self.compilerFlags(config: job.config, host: host, module: moduleName, playground: usesPlayground), host: host))
        // Compiled against the library's interface: an edit that leaves it alone (a comment,
        // a function's body) recompiles nothing. The result is kept for the library itself.
        // Nothing in the key names a path, so that machines sharing a cache share programs.
        programHash.add("host", host.interface)
        programHash.add("compiler", toolchain.portableIdentity)
        programHash.add("shepherd", ProgramShepherd.version)
        programKey = programHash.finish()
    }

    /// Whether the program sleeps or waits for a timer, so that its run takes time on the
    /// clock rather than on a core: a guess from its text, which only orders the runs.
    var waitsOnAClock: Bool {
        ["sleep(", "Task.sleep", "asyncAfter", "Timer"].contains { program.contains($0) }
    }

    /// Bumped whenever what a cached result holds, or how it is worked out, changes.
    static let resultFormat = "3"

    private var snippets: [Snippet] { job.scope.snippets }
    private var source: ProgramSource { ProgramSource(file: job.page, imports: host.imports) }
    private var usesPlayground: Bool { snippets.contains { $0.mode.action == .values } }
    private var programsDirectory: String { cacheDirectory + "/programs" }
    private var programDirectory: String { programsDirectory + "/" + programKey }

    /// The module the scope's program is compiled as. Its name shows in what a program
    /// prints about its types (`String(reflecting:)`, `dump`), so it follows from the page
    /// and scope alone: `GalleySnippet_guide_counter` for `guide/counter.md`.
    let moduleName: String

    /// The function the compiler names the program's top-level code, in place of `main`, so
    /// many pages' programs can be linked into one executable.
    var entry: String { "galley_page_" + programKey.prefix(24) }

    static func moduleName(page: String, scope: String) -> String {
        var name = "GalleySnippet_"
        var path = Substring(page)
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = path[..<dot] }
        for scalar in (path + (scope == "main" ? "" : "_" + scope)).unicodeScalars {
            name.unicodeScalars.append(scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_") ? scalar : "_")
        }
        return name
    }

    private static func role(_ snippet: Snippet) -> ProgramSource.Role {
        switch snippet.mode.action {
        case .fails: .excluded
        case .compile: .compileOnly
        case .crash: .crash
        case .run, .silent, .invisible, .values: .run
        }
    }

    /// `flags` as a key's part: the library's folder, which differs between machines, as a
    /// word that does not.
    private static func portable(_ flags: [String], host: SnippetHost) -> String {
        flags.map { $0 == host.modulesDirectory ? "(library modules)" : $0 }.joined(separator: " ")
    }

    /// The key of the program in a cache that machines share.
    private var remoteKey: String { ContentHash.of("galley program 1\n" + programKey) }

    private static func compilerFlags(config: SnippetConfig, host: SnippetHost, module: String, playground: Bool) -> [String] {
        var flags = ["-Onone", "-swift-version", config.swiftVersion, "-module-name", module,
                     "-I", host.modulesDirectory, "-diagnostic-style", "llvm"]
        if playground { flags += ["-Xfrontend", "-playground"] }
        return flags
    }

    /// Whether a compiler message is about this scope's code.
    func owns(_ message: CompilerMessage) -> Bool {
        message.file == job.page && snippets.contains { lines(of: $0).contains(message.line) }
    }

    private var resultPath: String {
        var resultHash = ContentHash()
        resultHash.add("format", Self.resultFormat)
        resultHash.add("program", programKey)
        resultHash.add("library", host.fingerprint)
        resultHash.add("shown", job.shownPage)
        for snippet in snippets {
            resultHash.add("snippet", "\(snippet.index) \(snippet.mode) \(snippet.line) \(snippet.column) \(snippet.expected.map { "\($0)" } ?? "")\n\(snippet.code)")
        }
        resultHash.add("run", "\(job.config.sandbox ? "sandbox-2" : "open") \(String(describing: job.config.cleanEnvironment)) \(job.config.timeout) \(job.config.outputLimit) \(job.config.memoryLimit) \(job.config.effectiveCPULimit) \(job.config.environment.sorted { $0.key < $1.key })")
        return cacheDirectory + "/results/\(resultHash.finish()).json"
    }

    /// The stored outcome of an earlier run of exactly this scope. One that ran out of time
    /// is kept too, so a build that changes only prose does not wait for it again (`galley
    /// check` takes no stored outcome at all).
    func cachedOutcome() -> ScopeOutcome? {
        guard let data = FileManager.default.contents(atPath: resultPath), var cached = try? JSONDecoder().decode(ScopeOutcome.self, from: data) else {
            return nil
        }
        SnippetCache.touch(resultPath)
        cached.fromCache = true
        cached.compilerInvocations = 0
        return cached
    }

    /// The executable built for this program earlier, alone or linked with others.
    func builtProgram() -> BuiltProgram? {
        BuiltProgram.load(key: programKey, entry: entry, programsDirectory: programsDirectory)
    }

    /// What compiling the program to an object file gave.
    struct Compiled: Sendable {
        /// The object, when the compiler succeeded.
        var object: ProgramLinker.Object?
        /// The compiler's output.
        var log: String
        var invocations: Int
    }

    /// Compiles the program's `main.swift` to an object whose entry point is `entry`, or
    /// finds the object an earlier build left, or fetches it from the shared cache.
    func compile() -> Compiled {
        let objectPath = programDirectory + "/program.o"
        let logPath = programDirectory + "/compiler.log"
        if FileManager.default.fileExists(atPath: objectPath), let log = try? String(contentsOfFile: logPath, encoding: .utf8) {
            SnippetCache.touch(programDirectory)
            return Compiled(object: .init(key: programKey, path: objectPath, entry: entry, log: log), log: log, invocations: 0)
        }
        try? FileManager.default.createDirectory(atPath: programDirectory, withIntermediateDirectories: true)
        // The page it belongs to, so that the cache can let go of it when the page is gone.
        try? job.page.write(toFile: programDirectory + "/page", atomically: false, encoding: .utf8)
        if let remote, remote.fetch(remoteKey, into: programDirectory) != nil,
           FileManager.default.fileExists(atPath: objectPath), let log = try? String(contentsOfFile: logPath, encoding: .utf8) {
            return Compiled(object: .init(key: programKey, path: objectPath, entry: entry, log: log), log: log, invocations: 0)
        }
        let mainFile = programDirectory + "/main.swift"
        try? program.write(toFile: mainFile, atomically: true, encoding: .utf8)
        let template = ["-c", FrontendCommand.Placeholder.input.rawValue, "-o", FrontendCommand.Placeholder.output.rawValue]
            + Self.compilerFlags(config: job.config, host: host, module: FrontendCommand.Placeholder.module.rawValue, playground: usesPlayground)
            + ["-Xfrontend", "-entry-point-function-name", "-Xfrontend", FrontendCommand.Placeholder.entry.rawValue]
        let compiler = frontends.invocation(template, [.input: mainFile, .output: objectPath + ".partial", .module: moduleName, .entry: entry])
        let started = ContinuousClock.now
        let result = try? ProcessRunner(executable: compiler.executable, arguments: compiler.arguments, directory: programDirectory).run()
        stages.record(.compiling, since: started, processes: 1, processorSeconds: result?.processorSeconds ?? 0)
        let log = result?.output ?? ""
        guard result?.ending == .exited(0), (try? FileManager.default.moveItem(atPath: objectPath + ".partial", toPath: objectPath)) != nil else {
            return Compiled(object: nil, log: log.isEmpty ? "the compiler could not be started" : log, invocations: 1)
        }
        try? log.write(toFile: logPath, atomically: true, encoding: .utf8)
        remote?.store(remoteKey, files: [.init(name: "program.o", path: objectPath), .init(name: "compiler.log", path: logPath)])
        return Compiled(object: .init(key: programKey, path: objectPath, entry: entry, log: log), log: log, invocations: 1)
    }

    /// Runs the program `built` (nil when it did not compile or link: `compiled` and
    /// `linkFailure` say why), then stores the outcome. The caller has looked for a stored
    /// outcome first.
    func run(using built: BuiltProgram?, compiled: Compiled? = nil, linkFailure: String? = nil) -> ScopeOutcome {
        var outcome = build(using: built, compiled: compiled, linkFailure: linkFailure)
        if !outcome.transient, let data = try? JSONEncoder().encode(outcome) {
            try? FileManager.default.createDirectory(atPath: cacheDirectory + "/results", withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: resultPath), options: .atomic)
        }
        outcome.fromCache = false
        return outcome
    }

    // MARK: Building and running

    private func build(using built: BuiltProgram?, compiled: Compiled?, linkFailure: String?) -> ScopeOutcome {
        var outcome = ScopeOutcome()
        outcome.compilerInvocations = compiled?.invocations ?? 0
        let log = built?.log ?? compiled?.log ?? ""
        var compileMessages = CompilerMessage.parse(log)
        if built == nil, !compileMessages.contains(where: { $0.severity == "error" }) {
            // The compiler or the linker failed without a diagnostic about the code: that
            // says more about the machine than about the page, so it is not stored.
            outcome.transient = true
            let reason = linkFailure ?? "the compiler failed: \(log.suffix(1500))"
            compileMessages.append(CompilerMessage(file: job.page, line: snippets[0].line, column: snippets[0].column, severity: "error", message: reason, text: reason))
        }
        let errors = compileMessages.filter { $0.severity == "error" }
        for warning in compileMessages where warning.severity == "warning" && warning.file == job.page {
            outcome.warnings.append(.init(file: job.page, line: warning.line, column: warning.column, message: CompilerMessage.plain(warning.message), code: SnippetCodes.compilerWarning))
        }

        if let built {
            runProgram(built, into: &outcome)
        } else {
            attributeCompileErrors(errors, to: &outcome)
        }
        for snippet in snippets where snippet.mode.action == .fails {
            checkFails(snippet, into: &outcome)
        }
        return outcome
    }

    private func attributeCompileErrors(_ errors: [CompilerMessage], to outcome: inout ScopeOutcome) {
        var byBlock: [Int: [CompilerMessage]] = [:]
        for error in errors {
            let owner = snippets.first { $0.mode.action != .fails && error.file == job.page && lines(of: $0).contains(error.line) } ?? snippets.first { $0.mode.action != .fails }
            guard let owner else { continue }
            byBlock[owner.index, default: []].append(error)
            let location = error.file == job.page ? (error.line, error.column) : (owner.line, owner.column)
            outcome.failures.append(.init(file: job.page, line: location.0, column: location.1, message: CompilerMessage.plain(error.message) + missingModuleHint(error.message), code: SnippetCodes.compileError))
        }
        for snippet in snippets where snippet.mode.action != .fails {
            if let messages = byBlock[snippet.index] {
                outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: messages.map(\.text).joined(separator: "\n"), failed: true, shown: true, lineValues: [:])
            } else {
                outcome.blockResults[snippet.index] = .init(kind: "output", text: "Not run: the snippets of this page do not compile.", failed: true, shown: true, lineValues: [:])
            }
        }
    }

    /// For `no such module 'X'`: which setting makes a module importable, and what the
    /// project links now.
    func missingModuleHint(_ message: String) -> String {
        guard let start = message.range(of: "no such module '"), let end = message[start.upperBound...].firstIndex(of: "'") else { return "" }
        let module = message[start.upperBound..<end]
        let linked = job.config.package == nil && host.imports.isEmpty
            ? "this project links no package"
            : "the linked package is `\(job.config.package ?? ".")`" + (job.config.products.map { ", products \($0.joined(separator: ", "))" } ?? "")
        return "; snippets can import the library products of the Swift package that `galley.snippets.package` in mkdocs.yml names (and `galley.snippets.products` lists), and \(linked): name a package that has a product `\(module)`, or add it as a dependency of that package"
    }

    private func environment(crashBlock: Int?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if job.config.cleanEnvironment ?? job.config.sandbox {
            environment = environment.filter { ["PATH", "HOME", "LANG"].contains($0.key) }
        }
        for (key, value) in job.config.environment { environment[key] = value }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["GALLEY_CRASH_BLOCK"] = crashBlock.map(String.init)
        environment["GALLEY_MARKER"] = marker
        environment[ProgramLinker.selector] = entry
        return environment
    }

    private func execute(_ program: BuiltProgram, crashBlock: Int?) -> ProcessRunner.Outcome {
        var runner = ProcessRunner(
            executable: program.executable,
            arguments: [],
            environment: environment(crashBlock: crashBlock),
            directory: URL(fileURLWithPath: program.executable).deletingLastPathComponent().path,
            timeout: job.config.timeout,
            outputLimit: job.config.outputLimit,
            memoryLimit: job.config.memoryLimit,
            cpuLimit: job.config.effectiveCPULimit
        )
        // One control group for the program and everything it starts, where the machine
        // has one: the limit holds for the whole tree, its private /tmp included.
        let memoryGroup = job.config.memoryLimit > 0 ? MemoryGroup.make(limit: job.config.memoryLimit) : nil
        runner.memoryGroup = memoryGroup
        defer { memoryGroup?.remove() }
        if let sandbox {
            runner.arguments = sandbox.arguments(temporaryBytes: job.config.memoryLimit > 0 ? job.config.memoryLimit : 1 << 30) + [program.executable]
            runner.executable = sandbox.executable
            runner.endsItsDescendants = true
        }
        let started = ContinuousClock.now
        let run = try? runner.run()
        stages.record(.running, since: started, processes: 1, processorSeconds: run?.processorSeconds ?? 0)
        guard var outcome = run else {
            return ProcessRunner.Outcome(ending: .exited(-1), output: "the program could not be started", seconds: 0)
        }
        if sandbox != nil { outcome.ending = SnippetSandbox.ending(outcome.ending) }
        // The program itself (its shepherd and its page) and the sandbox are no news.
        let own: Set<String> = [program.executable, runner.executable]
        outcome.runningAtTimeout.removeAll { own.contains($0.arguments.first ?? "") }
        return outcome
    }

    /// A failure naming the processes the program left running, which its shepherd killed.
    private func reportLeftBehind(_ transcript: RunTranscript, _ run: ProcessRunner.Outcome, at snippet: Snippet, into outcome: inout ScopeOutcome) {
        guard !transcript.leftBehind.isEmpty || run.endedLeftovers else { return }
        let names = transcript.leftBehind.isEmpty ? "" : ": " + Self.commandList(transcript.leftBehind)
        outcome.failures.append(.init(
            file: job.page, line: snippet.line, column: snippet.column,
            message: "the page's program left processes running when it ended; they were stopped\(names)",
            code: SnippetCodes.leftProcesses
        ))
    }

    /// A failure for a run that ended well although the kernel ended processes of it for
    /// reaching the memory limit (a child the program started): what it printed may be cut.
    private func reportMemoryKills(_ run: ProcessRunner.Outcome, at snippet: Snippet, into outcome: inout ScopeOutcome) {
        guard run.outOfMemoryKills > 0, run.ending == .exited(0) else { return }
        outcome.failures.append(.init(
            file: job.page, line: snippet.line, column: snippet.column,
            message: "the page's program and the processes it started reached the page's memory limit together\(memoryLimitNote(run))",
            code: SnippetCodes.memoryLimit
        ))
    }

    /// The memory limit, how many processes the kernel ended at it, and the setting.
    private func memoryLimitNote(_ run: ProcessRunner.Outcome) -> String {
        let ended = run.outOfMemoryKills == 1 ? "1 process" : "\(run.outOfMemoryKills) processes"
        return " (\(job.config.memoryLimit) bytes for the program and everything it starts; the kernel ended \(ended) at it; `galley.snippets.memory_limit` raises it)"
    }

    /// Commands as a message lists them: each in backticks, at most five, long ones cut.
    static func commandList(_ commands: [String]) -> String {
        let shown = commands.prefix(5).map { command in
            "`" + (command.count > 80 ? command.prefix(79) + "…" : command) + "`"
        }
        return shown.joined(separator: ", ") + (commands.count > 5 ? " and \(commands.count - 5) more" : "")
    }

    private func runProgram(_ executable: BuiltProgram, into outcome: inout ScopeOutcome) {
        let run = execute(executable, crashBlock: nil)
        let transcript = RunTranscript(run.output, marker: marker)
        var failedAt: Int?
        if let last = snippets.last {
            // The run ended when the program did; processes it started and left behind were
            // ended then, rather than waited for.
            reportLeftBehind(transcript, run, at: last, into: &outcome)
            reportMemoryKills(run, at: last, into: &outcome)
        }
        if run.ending != .exited(0) {
            let index = transcript.lastBlock ?? snippets[0].index
            failedAt = index
            let snippet = snippets.first { $0.index == index } ?? snippets[0]
            // A program that failed before its first block (the loader, the sandbox) has
            // only the preamble to show.
            let printed = transcript.lastBlock == nil ? transcript.preamble : transcript.outputs[index] ?? ""
            let (message, text, line) = describeFailure(run, output: printed)
            if run.ending == .timedOut { outcome.timedOut = true }
            outcome.failures.append(.init(file: job.page, line: line ?? snippet.line, column: snippet.column, message: message, code: SnippetCodes.runFailed))
            outcome.blockResults[index] = .init(kind: run.ending == .timedOut || run.ending == .outputLimitReached ? "output" : "trap", text: text, failed: true, shown: true, lineValues: [:])
        }
        for snippet in snippets where snippet.mode.action != .fails {
            if snippet.index == failedAt { continue }
            if let failedAt, snippet.index > failedAt {
                let failedLine = snippets.first { $0.index == failedAt }?.line ?? 0
                outcome.blockResults[snippet.index] = .init(kind: "output", text: "Not run: the block at line \(failedLine) failed.", failed: true, shown: true, lineValues: [:])
                continue
            }
            let output = transcript.outputs[snippet.index] ?? ""
            switch snippet.mode.action {
            case .crash:
                outcome.blockResults[snippet.index] = crashResult(snippet, executable: executable, into: &outcome)
            case .compile:
                outcome.blockResults[snippet.index] = .init(kind: "output", text: "", failed: false, shown: false, lineValues: [:])
            case .values:
                outcome.blockResults[snippet.index] = .init(kind: "output", text: output, failed: false, shown: true, lineValues: values(for: snippet, in: transcript))
            case .run, .silent, .invisible, .fails:
                outcome.blockResults[snippet.index] = .init(kind: "output", text: output, failed: false, shown: snippet.mode.action == .run, lineValues: [:])
            }
            if snippet.mode.expectsOutput, snippet.expected == nil, var result = outcome.blockResults[snippet.index], !result.failed {
                result.failed = true
                result.shown = true
                outcome.blockResults[snippet.index] = result
                outcome.failures.append(.init(file: job.page, line: snippet.line - 1, column: snippet.column, message: "an `expect` block needs an ```output fence right after it, holding what the block prints", code: SnippetCodes.expectWithoutOutput))
            }
            if let expected = snippet.expected, case .sequenceDiagram(let file) = expected.kind, var result = outcome.blockResults[snippet.index], !result.failed {
                if let mismatch = SequenceTrace.mismatch(expected: expected.text, printed: result.text) {
                    result.failed = true
                    result.shown = true
                    result.text = "The trace does not match the diagram under it: \(mismatch).\nPrinted:\n\(result.text)"
                    outcome.blockResults[snippet.index] = result
                    let diagram = file.map { "the diagram `\($0)`" } ?? "the diagram"
                    outcome.failures.append(.init(file: job.page, line: expected.firstLine, column: snippet.column, message: "\(diagram) does not match what the snippet above it printed: \(mismatch)", code: SnippetCodes.traceMismatch))
                }
            } else if let expected = snippet.expected, var result = outcome.blockResults[snippet.index], !result.failed {
                if Self.normalized(result.text) != Self.normalized(expected.text) {
                    result.failed = true
                    result.shown = true
                    result.text = "Expected:\n\(expected.text)\(expected.text.hasSuffix("\n") || expected.text.isEmpty ? "" : "\n")Printed:\n\(result.text)"
                    outcome.blockResults[snippet.index] = result
                    outcome.failures.append(.init(file: job.page, line: expected.firstLine, column: snippet.column, message: Self.mismatchMessage(expected: expected.text, printed: output), code: SnippetCodes.expectMismatch))
                    outcome.expectedOutputUpdates.append(ExpectedOutputUpdate(page: job.page, firstLine: expected.firstLine, endLine: expected.endLine, indent: snippet.column - 1, output: output, blockLine: snippet.line))
                }
            }
        }
    }

    /// What an `expect` mismatch says: that it differs, how to accept the new output, and the
    /// difference itself (`-` what the page expects, `+` what was printed), at most 40 lines.
    static func mismatchMessage(expected: String, printed: String) -> String {
        func ended(_ text: String) -> String { text.isEmpty || text.hasSuffix("\n") ? text : text + "\n" }
        let diff = LineDiff.hunks(old: ended(expected), new: ended(printed)).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let shown = diff.prefix(40).map { "  " + $0 }.joined(separator: "\n")
        let more = diff.count > 40 ? "\n  … \(diff.count - 40) more lines" : ""
        return "the output differs from the `output` block under the snippet (- expected, + printed); `galley check --update` rewrites it:\n" + shown + more
    }

    /// `SIGSEGV` for 11, and so on; the number for signals without a common name.
    static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM",
            SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU (its CPU-time limit)", SIGXFSZ: "SIGXFSZ",
        ]
        return names[number] ?? "signal \(number)"
    }

    private static func normalized(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }

    /// The diagnostic message, the text to show, and the Markdown line of a failed run.
    private func describeFailure(_ run: ProcessRunner.Outcome, output: String) -> (String, String, Int?) {
        switch run.ending {
        case .timedOut:
            let waiting = run.runningAtTimeout.isEmpty ? "" : "; it was still running " + Self.commandList(run.runningAtTimeout.map(\.command))
            let text = output + "Stopped after \(Self.seconds(job.config.timeout)): the page's program ran too long\(waiting)."
            return ("the page's program ran longer than \(Self.seconds(job.config.timeout)) and was stopped during this block\(waiting)", text, nil)
        case .outputLimitReached:
            return ("the page's program printed more than \(job.config.outputLimit) bytes and was stopped during this block", output + "\nStopped: too much output.", nil)
        case .signalled, .exited:
            let trap = TrapMessage.extract(from: output, page: job.page, module: moduleName, shownAs: job.shownPage)
            let printed = TrapMessage.printedBefore(in: output)
            let status: String
            switch run.ending {
            case .exited(let code): status = "exited with status \(code)"
            case .signalled(let number): status = "was killed by \(Self.signalName(number))"
            default: status = "crashed"
            }
            let trapLines = trap.split(separator: "\n", omittingEmptySubsequences: false)
            var summary = trap.isEmpty ? "the snippet \(status)" : "the snippet trapped: \(trapLines.first ?? "")"
            if run.outOfMemoryKills > 0 {
                summary += memoryLimitNote(run)
            } else if output.contains("failed to allocate") || output.contains("Cannot allocate memory") {
                summary += " (the page's memory limit is \(job.config.memoryLimit) bytes; `galley.snippets.memory_limit` raises it)"
            }
            if sandbox != nil, let hint = SnippetSandbox.hint(for: output) {
                summary += " (\(hint))"
            }
            // The rest of the trap's report (a test assertion's diff) goes under the first
            // line, so that a terminal, an annotation or a JUnit report shows what differed.
            let details = trapLines.dropFirst().drop { $0.trimmingWhitespace().isEmpty }
            if !details.isEmpty {
                summary += "\n" + details.prefix(40).map { $0.trimmingWhitespace().isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + (details.count > 40 ? "\n  … \(details.count - 40) more lines" : "")
            }
            let text = (printed.isEmpty ? "" : printed + "\n") + (trap.isEmpty ? "The program \(status)." : trap)
            return (summary, text, TrapMessage.line(in: trap, page: job.shownPage))
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func crashResult(_ snippet: Snippet, executable: BuiltProgram, into outcome: inout ScopeOutcome) -> ScopeOutcome.Result {
        let run = execute(executable, crashBlock: snippet.index)
        let transcript = RunTranscript(run.output, marker: marker)
        let output = transcript.outputs[snippet.index] ?? ""
        reportLeftBehind(transcript, run, at: snippet, into: &outcome)
        reportMemoryKills(run, at: snippet, into: &outcome)
        switch run.ending {
        case .signalled where transcript.lastBlock == snippet.index:
            let (summary, text, _) = describeFailure(run, output: output)
            if let pin = snippet.mode.pin, !text.contains(pin) {
                outcome.failures.append(.init(file: job.page, line: snippet.line, column: snippet.column, message: "the block traps, but its message does not contain the pinned `\(pin)`: \(summary)", code: SnippetCodes.crashMismatch))
                return .init(kind: "trap", text: text + "\nExpected a trap whose message contains: \(pin)", failed: true, shown: true, lineValues: [:])
            }
            return .init(kind: "trap", text: text, failed: false, shown: true, lineValues: [:])
        default:
            let message: String
            let shown: String
            switch run.ending {
            case .exited(0):
                message = "the block is marked `crash` but ran to its end without trapping"
                shown = "Expected a trap; the block ran to its end."
            case .exited(let code) where transcript.lastBlock == snippet.index:
                message = "the block is marked `crash` but exited with status \(code) instead of trapping"
                shown = "Expected a trap; the program exited with status \(code)."
            default:
                message = "the block is marked `crash` but the program failed elsewhere: \(describeFailure(run, output: output).0)"
                shown = "Expected a trap here; the program failed elsewhere."
            }
            outcome.failures.append(.init(file: job.page, line: snippet.line, column: snippet.column, message: message, code: SnippetCodes.crashExpected))
            return .init(kind: "output", text: output + (output.isEmpty ? "" : "\n") + shown, failed: true, shown: true, lineValues: [:])
        }
    }

    /// `values` logs on the block's lines: per line, the outermost expression's last value.
    private func values(for snippet: Snippet, in transcript: RunTranscript) -> [Int: String] {
        let range = lines(of: snippet)
        var best: [Int: (column: Int, text: String)] = [:]
        for log in transcript.values where range.contains(log.line) {
            if let current = best[log.line], current.column < log.column { continue }
            best[log.line] = (log.column, log.text)
        }
        return Dictionary(uniqueKeysWithValues: best.map { ($0.key - snippet.line, $0.value.text) })
    }

    /// The scope's `fails` blocks.
    var failsSnippets: [Snippet] {
        snippets.filter { $0.mode.action == .fails }
    }

    /// Type-checks the program of the `fails` block `snippet` unless the compiler's answer is
    /// stored, and stores it: the build does this beside the compiles, so that the run that
    /// judges the block later finds the answer. Returns whether the compiler ran.
    func typecheckFails(_ snippet: Snippet) -> Bool {
        failsLog(snippet).ran
    }

    /// The compiler's messages for the program of the `fails` block `snippet`: the stored
    /// answer, or the compiler's now (stored when it is a real answer).
    private func failsLog(_ snippet: Snippet) -> (log: String, ran: Bool) {
        let program = source.text(for: snippets) { other in
            other.index == snippet.index ? .run : (other.mode.action == .fails ? .excluded : Self.role(other))
        }
        let flags = Self.compilerFlags(config: job.config, host: host, module: FrontendCommand.Placeholder.module.rawValue, playground: false)
        // The compiler's answer is cached like a program, on everything that decides it; the
        // verdict is worked out from it on every run.
        var key = ContentHash()
        key.add("program", program)
        key.add("flags", Self.portable(flags, host: host) + " " + moduleName)
        key.add("host", host.interface)
        key.add("compiler", toolchain.portableIdentity)
        let finished = key.finish()
        let directory = cacheDirectory + "/programs/fails-\(finished.prefix(24))"
        let logFile = directory + "/typecheck.log"
        if let stored = try? String(contentsOfFile: logFile, encoding: .utf8) {
            SnippetCache.touch(directory)
            return (stored, false)
        }
        // The compiler's answer is a product like a program, and is shared like one.
        let remoteKey = ContentHash.of("galley typecheck 1\n" + finished)
        if let remote, remote.fetch(remoteKey, into: directory) != nil, let stored = try? String(contentsOfFile: logFile, encoding: .utf8) {
            return (stored, false)
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/main.swift"
        try? program.write(toFile: file, atomically: true, encoding: .utf8)
        let compiler = frontends.invocation(["-typecheck", FrontendCommand.Placeholder.input.rawValue] + flags, [.input: file, .module: moduleName])
        let started = ContinuousClock.now
        let result = try? ProcessRunner(executable: compiler.executable, arguments: compiler.arguments, directory: directory).run()
        stages.record(.compiling, since: started, processes: 1, processorSeconds: result?.processorSeconds ?? 0)
        let log = result?.output ?? ""
        if case .exited(let status)? = result?.ending, status == 0 || !CompilerMessage.parse(log).isEmpty {
            try? log.write(toFile: logFile, atomically: true, encoding: .utf8)
            remote?.store(remoteKey, files: [.init(name: "typecheck.log", path: logFile)])
        }
        return (log, true)
    }

    /// A `fails` block must not compile: it is type-checked in a program of the scope's
    /// other blocks, and only errors on its own lines count.
    private func checkFails(_ snippet: Snippet, into outcome: inout ScopeOutcome) {
        let (log, ran) = failsLog(snippet)
        if ran { outcome.compilerInvocations += 1 }
        let range = lines(of: snippet)
        let own = CompilerMessage.parse(log).filter { $0.file == job.page && range.contains($0.line) && $0.severity != "warning" }
        let errors = own.filter { $0.severity == "error" }
        if let pin = snippet.mode.pin, !errors.isEmpty, !errors.contains(where: { $0.text.contains(pin) }) {
            let said = errors.map { CompilerMessage.plain($0.message) }.joined(separator: "; ")
            outcome.failures.append(.init(file: job.page, line: snippet.line, column: snippet.column, message: "the block fails to compile, but with no error containing the pinned `\(pin)`; the compiler said: \(said)", code: SnippetCodes.failsMismatch))
            outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: own.map(\.text).joined(separator: "\n") + "\nExpected an error containing: \(pin)", failed: true, shown: true, lineValues: [:])
        } else if !errors.isEmpty {
            outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: own.map(\.text).joined(separator: "\n"), failed: false, shown: true, lineValues: [:])
        } else {
            outcome.failures.append(.init(file: job.page, line: snippet.line, column: snippet.column, message: "the block is marked `fails` but compiles", code: SnippetCodes.failsCompiled))
            outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: "Expected a compile error; the block compiles.", failed: true, shown: true, lineValues: [:])
        }
    }

    private func lines(of snippet: Snippet) -> Range<Int> {
        snippet.line..<(snippet.line + max(lineCount(of: snippet.code), 1))
    }
}
