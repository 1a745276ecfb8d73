// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import GalleySnippets

/// `galley version`: the version and commit; with `--verbose`, the toolchain snippets use.
struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print galley's version and the commit it was built from.")

    /// What `--version` prints too.
    static var text: String { "galley \(Galley.version) (commit \(galleyCommit))" }

    @Flag(name: .shortAndLong, help: "Also name the licence and the Swift toolchain that compiles snippets.")
    var verbose = false

    func run() {
        print(Self.text)
        guard verbose else { return }
        print("licensed under the Apache License 2.0: see LICENSE and NOTICE in the source, or share/doc/galley beside the installed executable")
        if let toolchain = SwiftToolchain.describe() {
            print("snippets compile with \(toolchain.path): \(toolchain.version)")
        } else {
            print("snippets: no Swift toolchain found (swiftc is not on PATH)")
        }
    }
}
