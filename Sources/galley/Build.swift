// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyLint
import GalleySite
import GalleySnippets

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site from mkdocs.yml and docs/.")

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file.")
    var configFile = "mkdocs.yml"

    @Option(name: [.customShort("d"), .long], help: "Where to write the site (default: the config's site_dir).")
    var siteDir: String?

    @Flag(name: .shortAndLong, help: "Fail on warnings; nothing is written.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Replace the site folder even if Galley did not write it (every build starts from a clean site).")
    var clean = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print informational findings too.")
    var verbose = false

    @Flag(help: "Write the site even when Swift snippets fail; the pages show the failures.")
    var keepGoing = false

    @Option(name: .customLong("remote-cache"), help: ArgumentHelp("Fetch compiled snippet programs, libraries and symbol graphs from this shared cache, and store what is built (HTTP remote-cache protocol; overrides galley.snippets.remote_cache's url).", valueName: "url"))
    var remoteCache: String?

    @Flag(name: .customLong("remote-cache-read-only"), help: "Only fetch from the shared cache; store nothing in it.")
    var remoteCacheReadOnly = false

    @Flag(help: "Run every snippet program instead of reusing the results of pages whose code did not change (galley check always does).")
    var rerun = false

    func validate() throws {
        if quiet && verbose {
            throw ValidationError("--quiet and --verbose cannot be used together")
        }
    }

    func run() throws {
        // Snippet programs and compilers run in process groups of their own, which the
        // terminal's Ctrl-C does not reach: end them here.
        TerminationSignals.install()
        let start = ContinuousClock.now
        var strict = self.strict
        var printer = DiagnosticPrinter(level: quiet ? .error : (verbose ? .info : .warning), strict: strict)
        do throws(DiagnosticError) {
            let (config, configDiagnostics) = try ConfigLoader.load(path: configFile)
            // `strict: true` in the file asks what `--strict` asks, as in mkdocs.
            if config.strict, !strict {
                strict = true
                printer = DiagnosticPrinter(level: quiet ? .error : (verbose ? .info : .warning), strict: true)
            }
            var options = BuildOptions(siteDirectory: siteDir, strict: strict)
            options.keepGoing = keepGoing
            options.rerunsSnippets = rerun
            options.clean = clean
            options.endsWithProcess = true
            options.remoteCache = RemoteCacheOverride(url: remoteCache, readOnly: remoteCacheReadOnly)
            // The lint reads only the docs, so it runs beside the build, on the cores the
            // build's sequential stages leave idle.
            let lint = BackgroundWork { () throws(DiagnosticError) in
                try ProjectLint.diagnostics(projectDirectory: config.projectDirectory, docsDirectory: config.docsDir, severity: .warning)
            }
            let report = try BuildRun.run(config: config, configDiagnostics: configDiagnostics, options: options, quiet: quiet)
            printer.print(report.diagnostics)
            printer.print(try lint.value())
            if verbose {
                FileHandle.standardError.write(Data((BuildReport.stagesLine(report.stageTimes) + "\n").utf8))
                if let snippets = report.snippets {
                    FileHandle.standardError.write(Data((snippets.stages.description + "\n").utf8))
                }
            }
            if !quiet {
                let seconds = (ContinuousClock.now - start).seconds
                let summary = "Built \(counted(report.pageCount, "page")) and \(counted(report.assetCount, "file")) into \(report.siteDirectory) in " + String(format: "%.2f s", seconds)
                FileHandle.standardError.write(Data((summary + "\n").utf8))
            }
        } catch {
            printer.print(error.diagnostics)
            let reason = strict && !error.diagnostics.contains { $0.severity == .error }
                ? "Aborted: warnings are errors with --strict; the site was not written."
                : "Aborted: the site was not written."
            FileHandle.standardError.write(Data((reason + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
