// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyCheck
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySite
import GalleySnippets

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build the site into a scratch directory, run every snippet, lint and validate links: the one command for CI.",
        discussion: """
        Exit status: 0 when there is no problem, 1 when there is any (warnings included). Problems are \
        printed as file:line:col on standard error; with GITHUB_ACTIONS=true they are also printed as \
        GitHub Actions annotations on standard output (not with --json, which owns standard output).
        """
    )

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file.")
    var configFile = "mkdocs.yml"

    @Flag(help: "Rewrite the `output` blocks of `expect` snippets with what the snippets print.")
    var update = false

    @Flag(help: "Print the result as JSON on standard output.")
    var json = false

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Flag(name: .shortAndLong, help: "Print only the summary and errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print informational findings too.")
    var verbose = false

    @Option(help: ArgumentHelp("Check only part K of N of the pages' snippets, as one of N CI jobs; part 1 also checks the build, the links and the lint.", valueName: "K/N"))
    var shard: String?

    @Option(name: .customLong("remote-cache"), help: ArgumentHelp("Fetch compiled snippet programs, libraries and symbol graphs from this shared cache, and store what is built (HTTP remote-cache protocol; overrides galley.snippets.remote_cache's url). Programs still run.", valueName: "url"))
    var remoteCache: String?

    @Flag(name: .customLong("remote-cache-read-only"), help: "Only fetch from the shared cache; store nothing in it.")
    var remoteCacheReadOnly = false

    @Option(name: .customLong("merge-reports"), parsing: .upToNextOption, help: ArgumentHelp("Check nothing: merge the --json reports of every shard of a check into the whole check's report and exit status.", valueName: "file"))
    var mergeReports: [String] = []

    func validate() throws {
        if quiet && verbose {
            throw ValidationError("--quiet and --verbose cannot be used together")
        }
        if let shard, SnippetShard(parsing: shard) == nil {
            throw ValidationError("--shard takes K/N, part K of N with 1 <= K <= N <= \(SnippetShard.largestCount), such as 2/4; not `\(shard)`")
        }
        if !mergeReports.isEmpty, shard != nil || update {
            throw ValidationError("--merge-reports checks nothing, so it takes neither --shard nor --update")
        }
    }

    func run() throws {
        // Snippet programs and compilers run in process groups of their own, which the
        // terminal's Ctrl-C does not reach: end them here.
        TerminationSignals.install()
        // `-v` also prints the build's notices, such as the snippet summary with its compile
        // and cache counts.
        let reporters = BuildRun.terminalReporters(quiet: quiet, printsNotices: verbose)
        let result = mergeReports.isEmpty
            ? ProjectCheck.run(configFile: configFile, update: update, shard: shard.flatMap(SnippetShard.init(parsing:)), remoteCache: RemoteCacheOverride(url: remoteCache, readOnly: remoteCacheReadOnly), progress: reporters.progress, notice: reporters.notice)
            : try merged()
        let text = CheckReport.text(result, level: quiet ? .error : (verbose ? .info : .warning))
        if verbose, !result.stageTimes.isEmpty {
            // Where the time went: the build's stages, then the snippets' by stage.
            FileHandle.standardError.write(Data((BuildReport.stagesLine(result.stageTimes) + "\n").utf8))
            if let snippets = result.snippetStages {
                FileHandle.standardError.write(Data((snippets.description + "\n").utf8))
            }
        }
        FileHandle.standardError.write(Data(text.utf8))
        let environment = ProcessInfo.processInfo.environment
        if json {
            FileHandle.standardOutput.write(Data(JSONReport.json(result).utf8))
        } else if environment["GITHUB_ACTIONS"] == "true" {
            let annotations = CheckReport.githubAnnotations(result, workingDirectory: FileManager.default.currentDirectoryPath, workspace: environment["GITHUB_WORKSPACE"])
            FileHandle.standardOutput.write(Data(annotations.utf8))
        }
        if let junit {
            do {
                try Data(JUnitReport.xml(result).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                FileHandle.standardError.write(Data("\(junit): error: cannot write the JUnit report: \(error.localizedDescription)\n".utf8))
                throw ExitCode.failure
            }
        }
        if !result.passed { throw ExitCode.failure }
    }

    /// The whole check from its shards' reports; a report that can't be read, or reports
    /// that are not every shard once, end the command with status 2.
    private func merged() throws -> CheckResult {
        var reports: [(path: String, bytes: Data)] = []
        for path in mergeReports {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): error: cannot read the report [\(CheckCodes.shardReports)]\n".utf8))
                throw ExitCode(2)
            }
            reports.append((path, bytes))
        }
        do throws(DiagnosticError) {
            return try ShardReports.merge(reports)
        } catch {
            FileHandle.standardError.write(Data(error.diagnostics.map { $0.description + "\n" }.joined().utf8))
            throw ExitCode(2)
        }
    }
}
