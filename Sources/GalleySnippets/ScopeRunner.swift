import Foundation
import GalleyConfig
import GalleyDiagnostics
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
        var code: String

        var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }
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

    enum CodingKeys: String, CodingKey {
        case blockResults, failures, warnings, expectedOutputUpdates, compilerInvocations, fromCache
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

    init(job: ScopeJob, host: SnippetHost, toolchain: SwiftToolchain, cacheDirectory: String) {
        self.job = job
        self.host = host
        self.toolchain = toolchain
        self.cacheDirectory = cacheDirectory
        let usesPlayground = job.scope.snippets.contains { $0.mode.action == .values }
        program = ProgramSource(file: job.page, imports: host.imports).text(for: job.scope.snippets, role: Self.role)
        var programHash = ContentHash()
        programHash.add("program", program)
        programHash.add("flags", Self.compilerFlags(config: job.config, host: host, playground: usesPlayground).joined(separator: " "))
        programHash.add("host", host.fingerprint)
        programHash.add("compiler", toolchain.identity)
        programKey = programHash.finish()
    }

    /// Bumped whenever what a cached result holds, or how it is worked out, changes.
    static let resultFormat = "1"

    private var snippets: [Snippet] { job.scope.snippets }
    private var source: ProgramSource { ProgramSource(file: job.page, imports: host.imports) }
    private var usesPlayground: Bool { snippets.contains { $0.mode.action == .values } }

    private static func role(_ snippet: Snippet) -> ProgramSource.Role {
        switch snippet.mode.action {
        case .fails: .excluded
        case .compile: .compileOnly
        case .crash: .crash
        case .run, .silent, .invisible, .values: .run
        }
    }

    private var compilerFlags: [String] {
        Self.compilerFlags(config: job.config, host: host, playground: usesPlayground)
    }

    private static func compilerFlags(config: SnippetConfig, host: SnippetHost, playground: Bool) -> [String] {
        var flags = ["-Onone", "-swift-version", config.swiftVersion, "-module-name", ProgramSource.moduleName,
                     "-I", host.modulesDirectory, "-diagnostic-style", "llvm"]
        if playground { flags += ["-Xfrontend", "-playground"] }
        return flags
    }

    /// The flags a shared module's pages must agree on.
    var sharedFlags: [String] { compilerFlags }

    /// Whether this scope can be compiled in a module shared with other pages: the
    /// playground transform would instrument every page of it.
    var canShareModule: Bool { !usesPlayground }

    /// This scope's file of a shared module, calling its statements `entry`.
    func sharedModuleFile(entry: String) -> (text: String, shifts: [ProgramSource.ColumnShift]) {
        source.render(snippets, role: Self.role, layout: .sharedModule(entry: entry))
    }

    /// Whether a compiler message is about this scope's code.
    func owns(_ message: CompilerMessage) -> Bool {
        message.file == job.page && snippets.contains { lines(of: $0).contains(message.line) }
    }

    private var resultPath: String {
        var resultHash = ContentHash()
        resultHash.add("format", Self.resultFormat)
        resultHash.add("program", programKey)
        for snippet in snippets {
            resultHash.add("snippet", "\(snippet.index) \(snippet.mode) \(snippet.line) \(snippet.column) \(snippet.expected.map { "\($0)" } ?? "")\n\(snippet.code)")
        }
        resultHash.add("run", "\(job.config.cleanEnvironment) \(job.config.timeout) \(job.config.outputLimit) \(job.config.memoryLimit) \(job.config.effectiveCPULimit) \(job.config.environment.sorted { $0.key < $1.key })")
        return cacheDirectory + "/results/\(resultHash.finish()).json"
    }

    /// The stored outcome of an earlier run of exactly this scope.
    func cachedOutcome() -> ScopeOutcome? {
        guard let data = FileManager.default.contents(atPath: resultPath), var cached = try? JSONDecoder().decode(ScopeOutcome.self, from: data) else {
            return nil
        }
        cached.fromCache = true
        cached.compilerInvocations = 0
        return cached
    }

    /// The executable built for this program earlier, on its own or in a shared module.
    func builtProgram() -> BuiltProgram? {
        BuiltProgram.load(key: programKey, programsDirectory: cacheDirectory + "/programs")
    }

    /// Builds (unless `built` is given) and runs the program, then stores the outcome. The
    /// caller has looked for a stored outcome first.
    func run(using built: BuiltProgram? = nil) -> ScopeOutcome {
        var outcome = build(using: built ?? builtProgram())
        if !outcome.transient, let data = try? JSONEncoder().encode(outcome) {
            try? FileManager.default.createDirectory(atPath: cacheDirectory + "/results", withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: resultPath), options: .atomic)
        }
        outcome.fromCache = false
        return outcome
    }

    // MARK: Building and running

    private func build(using built: BuiltProgram?) -> ScopeOutcome {
        var outcome = ScopeOutcome()
        var executable = built
        // A program built before keeps its compiler's warnings beside it.
        var compileMessages = built.map { CompilerMessage.parse($0.log) } ?? []
        if executable == nil {
            let key = programKey
            let directory = cacheDirectory + "/programs/\(key)"
            let path = directory + "/program"
            let log = directory + "/compiler.log"
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let mainFile = directory + "/main.swift"
            try? program.write(toFile: mainFile, atomically: true, encoding: .utf8)
            let arguments = [mainFile, "-o", path + ".partial"] + compilerFlags + host.linkerFlags
            outcome.compilerInvocations += 1
            let result = try? ProcessRunner(executable: toolchain.swiftc, arguments: arguments, directory: directory).run()
            compileMessages = CompilerMessage.parse(result?.output ?? "")
            try? (result?.output ?? "").write(toFile: log, atomically: true, encoding: .utf8)
            if result?.ending == .exited(0), (try? FileManager.default.moveItem(atPath: path + ".partial", toPath: path)) != nil {
                executable = BuiltProgram(executable: path, arguments: [], log: result?.output ?? "")
            } else if compileMessages.isEmpty {
                outcome.transient = true
                compileMessages = [CompilerMessage(file: job.page, line: snippets[0].line, column: snippets[0].column, severity: "error",
                                                   message: "the compiler failed: \(result?.output.suffix(1500) ?? "it could not be started")", text: "")]
            }
        }
        let errors = compileMessages.filter { $0.severity == "error" }
        for warning in compileMessages where warning.severity == "warning" && warning.file == job.page {
            outcome.warnings.append(.init(file: job.page, line: warning.line, column: warning.column, message: CompilerMessage.plain(warning.message), code: "snippets.compiler_warning"))
        }

        if let executable {
            runProgram(executable, into: &outcome)
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
            outcome.failures.append(.init(file: job.page, line: location.0, column: location.1, message: CompilerMessage.plain(error.message), code: "snippets.compile_error"))
        }
        for snippet in snippets where snippet.mode.action != .fails {
            if let messages = byBlock[snippet.index] {
                outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: messages.map(\.text).joined(separator: "\n"), failed: true, shown: true, lineValues: [:])
            } else {
                outcome.blockResults[snippet.index] = .init(kind: "output", text: "Not run: the snippets of this page do not compile.", failed: true, shown: true, lineValues: [:])
            }
        }
    }

    private func environment(crashBlock: Int?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if job.config.cleanEnvironment {
            environment = environment.filter { ["PATH", "HOME", "LANG"].contains($0.key) }
        }
        for (key, value) in job.config.environment { environment[key] = value }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["GALLEY_CRASH_BLOCK"] = crashBlock.map(String.init)
        environment["GALLEY_MARKER"] = marker
        return environment
    }

    private func execute(_ program: BuiltProgram, crashBlock: Int?) -> ProcessRunner.Outcome {
        let runner = ProcessRunner(
            executable: program.executable,
            arguments: program.arguments,
            environment: environment(crashBlock: crashBlock),
            directory: URL(fileURLWithPath: program.executable).deletingLastPathComponent().path,
            timeout: job.config.timeout,
            outputLimit: job.config.outputLimit,
            memoryLimit: job.config.memoryLimit,
            cpuLimit: job.config.effectiveCPULimit
        )
        return (try? runner.run()) ?? ProcessRunner.Outcome(ending: .exited(-1), output: "the program could not be started", seconds: 0)
    }

    private func runProgram(_ executable: BuiltProgram, into outcome: inout ScopeOutcome) {
        let run = execute(executable, crashBlock: nil)
        let transcript = RunTranscript(run.output, marker: marker)
        var failedAt: Int?
        if run.endedLeftovers, let last = snippets.last {
            // The run ended when the program did; processes it started and left behind were
            // ended then, rather than waited for.
            outcome.failures.append(.init(
                file: job.page, line: last.line, column: last.column,
                message: "the page's program left processes running when it ended; they were stopped",
                code: "snippets.left_processes"
            ))
        }
        if run.ending != .exited(0) {
            let index = transcript.lastBlock ?? snippets[0].index
            failedAt = index
            let snippet = snippets.first { $0.index == index } ?? snippets[0]
            let (message, text, line) = describeFailure(run, output: transcript.outputs[index] ?? "")
            if run.ending == .timedOut { outcome.transient = true }
            outcome.failures.append(.init(file: job.page, line: line ?? snippet.line, column: snippet.column, message: message, code: "snippets.run_failed"))
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
                outcome.failures.append(.init(file: job.page, line: snippet.line - 1, column: snippet.column, message: "an `expect` block needs an ```output fence right after it, holding what the block prints", code: "snippets.expect_without_output"))
            }
            if let expected = snippet.expected, var result = outcome.blockResults[snippet.index], !result.failed {
                if Self.normalized(result.text) != Self.normalized(expected.text) {
                    result.failed = true
                    result.shown = true
                    result.text = "Expected:\n\(expected.text)\(expected.text.hasSuffix("\n") || expected.text.isEmpty ? "" : "\n")Printed:\n\(result.text)"
                    outcome.blockResults[snippet.index] = result
                    outcome.failures.append(.init(file: job.page, line: expected.firstLine, column: snippet.column, message: "the output differs from the `output` block under the snippet; `galley check --update` rewrites it", code: "snippets.expect_mismatch"))
                    outcome.expectedOutputUpdates.append(ExpectedOutputUpdate(page: job.page, firstLine: expected.firstLine, endLine: expected.endLine, indent: snippet.column - 1, output: output))
                }
            }
        }
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
            let text = output + "Stopped after \(Self.seconds(job.config.timeout)): the page's program ran too long."
            return ("the page's program ran longer than \(Self.seconds(job.config.timeout)) and was stopped during this block", text, nil)
        case .outputLimitReached:
            return ("the page's program printed more than \(job.config.outputLimit) bytes and was stopped during this block", output + "\nStopped: too much output.", nil)
        case .signalled, .exited:
            let trap = TrapMessage.extract(from: output, page: job.page)
            let printed = output.components(separatedBy: "\n").prefix { !$0.contains("Fatal error") && !$0.contains("Current stack trace:") }.joined(separator: "\n")
            let status: String
            switch run.ending {
            case .exited(let code): status = "exited with status \(code)"
            case .signalled(let number): status = "was killed by \(Self.signalName(number))"
            default: status = "crashed"
            }
            var summary = trap.isEmpty ? "the snippet \(status)" : "the snippet trapped: \(trap.split(separator: "\n").first ?? "")"
            if output.contains("failed to allocate") || output.contains("Cannot allocate memory") {
                summary += " (the page's memory limit is \(job.config.memoryLimit) bytes; `galley.snippets.memory_limit` raises it)"
            }
            let text = (printed.isEmpty ? "" : printed + "\n") + (trap.isEmpty ? "The program \(status)." : trap)
            return (summary, text, TrapMessage.line(in: trap, page: job.page))
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func crashResult(_ snippet: Snippet, executable: BuiltProgram, into outcome: inout ScopeOutcome) -> ScopeOutcome.Result {
        let run = execute(executable, crashBlock: snippet.index)
        let transcript = RunTranscript(run.output, marker: marker)
        let output = transcript.outputs[snippet.index] ?? ""
        switch run.ending {
        case .signalled where transcript.lastBlock == snippet.index:
            let (_, text, _) = describeFailure(run, output: output)
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
            outcome.failures.append(.init(file: job.page, line: snippet.line, column: snippet.column, message: message, code: "snippets.crash_expected"))
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

    /// A `fails` block must not compile: it is type-checked in a program of the scope's
    /// other blocks, and only errors on its own lines count.
    private func checkFails(_ snippet: Snippet, into outcome: inout ScopeOutcome) {
        let program = source.text(for: snippets) { other in
            other.index == snippet.index ? .run : (other.mode.action == .fails ? .excluded : Self.role(other))
        }
        let directory = cacheDirectory + "/programs/fails-\(ContentHash.of(program).prefix(24))"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/main.swift"
        try? program.write(toFile: file, atomically: true, encoding: .utf8)
        var flags = compilerFlags
        if let playground = flags.firstIndex(of: "-playground") { flags.removeSubrange((playground - 1)...playground) }
        outcome.compilerInvocations += 1
        let result = try? ProcessRunner(executable: toolchain.swiftc, arguments: ["-typecheck", file] + flags, directory: directory).run()
        let range = lines(of: snippet)
        let own = CompilerMessage.parse(result?.output ?? "").filter { $0.file == job.page && range.contains($0.line) && $0.severity != "warning" }
        if own.contains(where: { $0.severity == "error" }) {
            outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: own.map(\.text).joined(separator: "\n"), failed: false, shown: true, lineValues: [:])
        } else {
            outcome.failures.append(.init(file: job.page, line: snippet.line, column: snippet.column, message: "the block is marked `fails` but compiles", code: "snippets.fails_compiled"))
            outcome.blockResults[snippet.index] = .init(kind: "diagnostics", text: "Expected a compile error; the block compiles.", failed: true, shown: true, lineValues: [:])
        }
    }

    private func lines(of snippet: Snippet) -> Range<Int> {
        snippet.line..<(snippet.line + max(lineCount(of: snippet.code), 1))
    }
}
