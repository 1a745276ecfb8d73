// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation

/// Every command names itself in its configuration: without a name, swift-argument-parser
/// derives one from the type's name through `String(describing:)`, whose protocol checks scan
/// the executable's twelve thousand conformance records, a fifth of a small command's run.
@main
struct Galley: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Builds documentation sites from mkdocs projects, with Swift examples that are compiled and run.",
        discussion: "`galley --version` prints the version and the commit it was built from.",
        subcommands: [New.self, Build.self, Serve.self, Check.self, Lint.self, Clean.self, GhDeploy.self, Diagram.self, Doctor.self, Version.self]
    )

    /// The release this source is.
    static let version = "0.1.0"


    /// Runs the command; `galley lint` exits 1 for a bad option, as mdl does, so scripts that
    /// called mdl see the same status.
    static func main() {
        // `galley --version`, read here rather than declared: swift-argument-parser gives a
        // configured `version` (or a root flag) every subcommand's `--version` too, where
        // `gh-deploy --version 1.2` names a docs version.
        if CommandLine.arguments.dropFirst().first == "--version" {
            print(Version.text)
            return
        }
        if CommandLine.arguments.dropFirst().first == "lint" {
            runLint(Array(CommandLine.arguments.dropFirst(2)))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// `galley lint`, as mdl exits: 1 for a bad option (not 64), and a rule's failure
    /// without a message (its findings are the message; swift-argument-parser would lay out
    /// the command's help only to print nothing).
    private static func runLint(_ arguments: [String]) -> Never {
        do {
            var command = try LintAsRoot.parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if LintAsRoot.exitCode(for: error) == .validationFailure {
                // The parser names the command in its usage line with galley in front, but
                // not in its pointer to the help.
                let message = LintAsRoot.fullMessage(for: error).replacingOccurrences(of: "See 'lint ", with: "See 'galley lint ")
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(1)
            }
            LintAsRoot.exit(withError: error)
        }
    }
}
