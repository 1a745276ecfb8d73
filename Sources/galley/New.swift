// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyDiagnostics
import GalleyFileSystem
import GalleyProject
import GalleySite

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a project: mkdocs.yml, a home page with a running Swift example, a lint style and .gitignore.",
        discussion: "Nothing is written into a folder that already has any of these files. `galley build` works right after."
    )

    @Argument(help: "The project folder (default: the current one).")
    var directory = "."

    @Option(help: "Also write a SwiftPM library of this name, which the example links.")
    var package: String?

    @Flag(help: "No package: the example uses the standard library (the default).")
    var noPackage = false

    func validate() throws {
        if package != nil && noPackage {
            throw ValidationError("--package and --no-package cannot be used together")
        }
        if let package, !ProjectTemplate.isValidModuleName(package) {
            throw ValidationError("--package must be a Swift module name (letters, digits and _, not starting with a digit): `\(package)`")
        }
    }

    func run() throws {
        let folder = PathName.absolute(directory, relativeTo: SystemCalls.currentDirectory)
        let name = PathName.lastComponent(SystemCalls.resolvedPath(folder))
        do throws(DiagnosticError) {
            let written = try ProjectTemplate.write(into: folder, siteName: name.isEmpty ? "Docs" : name, package: package)
            for path in written { print("wrote \(directory == "." ? path : PathName.join(directory, path))") }
            print("Next: \(directory == "." ? "" : "cd \(directory) && ")galley build (or galley serve)")
        } catch {
            DiagnosticPrinter(level: .warning, strict: false).print(error.diagnostics)
            throw ExitCode.failure
        }
    }
}
