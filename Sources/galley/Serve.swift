// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Dispatch
import Foundation
import GalleyConfig
import GalleyFileSystem
import GalleyServe

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a live preview that rebuilds when a source changes and reloads open pages.",
        discussion: "Binds to 127.0.0.1:8000 unless told otherwise; only this machine can see the preview then."
    )

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file.")
    var configFile = "mkdocs.yml"

    @Option(name: [.customShort("a"), .long], help: ArgumentHelp("The address to serve on (port 0 picks a free one).", valueName: "host:port"))
    var devAddr: String?

    @Flag(name: .shortAndLong, help: "Treat warnings as errors: a rebuild with warnings keeps the last good site.")
    var strict = false

    @Flag(name: .customLong("no-livereload"), help: "Do not reload pages when the site is rebuilt.")
    var noLiveReload = false

    @Flag(help: "Run every snippet program on every rebuild instead of reusing the results of unchanged pages.")
    var rerun = false

    func validate() throws {
        if let devAddr, DevAddress(devAddr) == nil {
            throw ValidationError("--dev-addr must be host:port, such as 127.0.0.1:8000 or [::1]:8000, not `\(devAddr)`")
        }
    }

    func run() throws {
        // The flag wins over `dev_addr`, which wins over mkdocs' default.
        let configured = (try? ConfigLoader.load(path: configFile))?.0.devAddress
        guard let address = (devAddr ?? configured).map({ DevAddress($0) }) ?? DevAddress.standard else {
            throw ValidationError("`dev_addr` in \(configFile) must be host:port, not `\(configured ?? "")`")
        }
        if !address.isLoopback {
            FileHandle.standardError.write(Data("warning: serving on \(address): anyone who can reach this machine can read the preview\n".utf8))
        }
        let builder = try PreviewBuilder(configFile: configFile, strict: strict, liveReload: !noLiveReload, rerunsSnippets: rerun)
        let server = PreviewServer(builder: builder, address: address) { text in
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
        // Ctrl-C and termination end the snippet processes and remove the builds first.
        TerminationSignals.install(status: 0) {
            builder.removeWorkDirectory()
            FileHandle.standardError.write(Data("\nStopped.\n".utf8))
        }
        Task {
            do {
                try await server.run { url in
                    FileHandle.standardError.write(Data("Serving \(url) (live reload \(noLiveReload ? "off" : "on")); Ctrl-C stops.\n".utf8))
                }
            } catch {
                builder.removeWorkDirectory()
                FileHandle.standardError.write(Data("error: cannot serve on \(address): \(error.localizedDescription)\n".utf8))
                Foundation.exit(1)
            }
            builder.removeWorkDirectory()
            Foundation.exit(0)
        }
        dispatchMain()
    }
}
