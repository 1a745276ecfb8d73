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
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if CommandLine.arguments.dropFirst().first == "lint", exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }
}
