import ArgumentParser
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyLint
import GalleySite
import GalleySnippets

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into a scratch directory and report every problem, for CI.")

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file.")
    var configFile = "mkdocs.yml"

    @Flag(help: "Rewrite the `output` blocks of `expect` snippets with what the snippets print.")
    var update = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    func run() throws {
        let printer = DiagnosticPrinter(level: quiet ? .error : .warning, strict: false)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("galley-check-\(ProcessInfo.processInfo.processIdentifier)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var options = BuildOptions(siteDirectory: scratch)
        // With --update a mismatch is what gets fixed, so it must not stop the run.
        options.keepGoing = update
        var failed = false
        do throws(DiagnosticError) {
            let (config, report) = try BuildRun.run(configFile: configFile, options: options, quiet: quiet)
            if update, !report.expectedOutputUpdates.isEmpty {
                let docs = URL(fileURLWithPath: config.docsDir, relativeTo: URL(fileURLWithPath: config.projectDirectory + "/")).path
                let pages = try ExpectedOutputWriter.apply(report.expectedOutputUpdates, docsDirectory: docs)
                FileHandle.standardError.write(Data("Updated the expected output in \(pages.joined(separator: ", ")).\n".utf8))
                let remaining = report.diagnostics.filter { $0.code != "snippets.expect_mismatch" }
                printer.print(remaining)
                failed = remaining.contains { $0.severity == .error }
            } else {
                printer.print(report.diagnostics)
            }
            // In CI, a lint finding fails the check like any other problem.
            let lint = try ProjectLint.diagnostics(projectDirectory: config.projectDirectory, docsDirectory: config.docsDir, severity: .error)
            printer.print(lint)
            if !lint.isEmpty { failed = true }
        } catch {
            printer.print(error.diagnostics)
            FileHandle.standardError.write(Data("Check failed.\n".utf8))
            throw ExitCode.failure
        }
        if failed { throw ExitCode.failure }
    }
}
