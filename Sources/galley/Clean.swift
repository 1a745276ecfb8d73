// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyProject
import GalleySite

struct Clean: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove the built site and the snippet cache (.galley/), only where Galley made them.",
        discussion: "With no option, both go. A site folder without Galley's mark, or a .galley folder holding anything Galley does not write, is left alone and reported."
    )

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file.")
    var configFile = "mkdocs.yml"

    @Option(name: [.customShort("d"), .long], help: "The site folder (default: the config's site_dir).")
    var siteDir: String?

    @Flag(help: "Remove the snippet cache only.")
    var cache = false

    @Flag(help: "Remove the built site only.")
    var site = false

    @Flag(help: "Remove both (the default).")
    var all = false

    func run() throws {
        let parts: ProjectCleaner.Parts = all || cache == site ? .all : (cache ? .cache : .site)
        do throws(DiagnosticError) {
            let (config, _) = try ConfigLoader.load(path: configFile)
            let removed = try ProjectCleaner.clean(parts, config: config, siteDirectory: siteDir)
            let project = PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory)
            if removed.isEmpty {
                print("Nothing to remove.")
            }
            for folder in removed {
                print("Removed \(ShownPath.relative(folder.path, to: project))/ (\(ByteCountFormatter.string(fromByteCount: Int64(folder.bytes), countStyle: .binary)))")
            }
        } catch {
            DiagnosticPrinter(level: .warning, strict: false).print(error.diagnostics)
            throw ExitCode.failure
        }
    }
}
