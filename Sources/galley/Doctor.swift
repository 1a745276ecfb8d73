// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyFileSystem
import GalleyProject
import GalleySite

/// `galley doctor`: which outside parts this machine has, and what each missing one turns off.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Say which Swift toolchain snippets use, whether bubblewrap, git and the Python packages for emoji and icons are there, and what each missing part turns off.",
        discussion: "Exits 0 when every part is there, 1 when one is missing: each missing part only turns a feature off, so a build may still succeed."
    )

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file, whose folder's Python environment (.venv, venv, env) counts.")
    var configFile = "mkdocs.yml"

    func run() throws {
        let project = PathName.parent(PathName.absolute(configFile, relativeTo: SystemCalls.currentDirectory))
        let report = MachineReport.gather(projectDirectory: project)
        print(Version.text)
        for part in report.parts {
            print("\(part.found ? "ok     " : "missing") \(part.name): \(part.detail)")
            if !part.found { print("        without it: \(part.without)") }
        }
        if report.parts.contains(where: { !$0.found }) { throw ExitCode.failure }
    }
}
