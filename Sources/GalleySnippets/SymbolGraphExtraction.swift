// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem

/// The symbol graph files of some modules of the linked package, as the compiler wrote them.
package struct ExtractedSymbolGraphs: Sendable {
    /// The `.symbols.json` files, absolute: one per module and one per other module it extends
    /// (`WorkflowTesting@Workflow.symbols.json`).
    package var files: [String]
    /// Taken from the cache: the modules' sources had not changed since they were extracted.
    package var fromCache: Bool
    /// The project-relative form of the source files the graphs name, by absolute path prefix:
    /// the package directory, so that locations read as the author's paths.
    package var packageDirectory: String
    /// Where the time went: preparing the libraries (`swift build` when their sources
    /// changed) and extracting the graphs.
    package var libraries = SnippetStageTimes.Figures()
    package var extraction = SnippetStageTimes.Figures()
    /// The project directory the graphs' source paths lie under: this project's, or that of
    /// the machine that built the libraries they were extracted from, when those came from
    /// the shared cache.
    package var origin = ""
    /// The shared cache's warnings, when it failed.
    package var remoteWarnings: [Diagnostic] = []

    /// The time taken, in a few words for the build's summary of the reference: `symbol
    /// graphs extracted in 4.10 s (6 processes, 7.90 s of processor time); libraries built in
    /// 18.30 s (swift build, 31.20 s of processor time)`.
    package var timing: String {
        let graphs = fromCache
            ? "symbol graphs from the cache"
            : "symbol graphs extracted in " + String(format: "%.2f s", extraction.wall) + " (\(counted(extraction.processes, "process", "processes")), "
                + String(format: "%.2f s", extraction.processorSeconds) + " of processor time)"
        let built = libraries.processes == 0
            ? "libraries reused"
            : "libraries built in " + String(format: "%.2f s (swift build, %.2f s of processor time)", libraries.wall, libraries.processorSeconds)
        return graphs + "; " + built
    }
}

/// Why the symbol graphs could not be made.
package enum SymbolGraphFailure: Error, Sendable {
    /// The package builds no module of this name; `available` are the ones it builds.
    case missingModule(String, available: [String])
    /// `swift-symbolgraph-extract` failed for the module, with what it printed.
    case extractionFailed(module: String, output: String)
    /// The libraries could not be built, or the toolchain is missing.
    case build(DiagnosticError)
}

extension SnippetEngine {
    /// The symbol graphs of `modules` of the package at `package` (relative to the project;
    /// `nil` is the snippets' package), down to `accessLevel`. They are extracted from the
    /// libraries snippets link, built first when their sources changed, and kept in the cache
    /// under the libraries' fingerprint: unchanged code is not extracted again.
    package func symbolGraphs(package: String?, modules: [String], accessLevel: String) -> Result<ExtractedSymbolGraphs, SymbolGraphFailure> {
        var hostConfig = config
        if let package { hostConfig.package = package }
        // Every library product, so that the reference and the snippets share one build when
        // the snippets link them all (the default), and a module the snippets do not link is
        // still built for its reference.
        hostConfig.products = nil
        let toolchain: SwiftToolchain
        let host: SnippetHost
        let remote: RemoteCache?
        let stages = SnippetStageClock()
        do throws(DiagnosticError) {
            toolchain = try locateToolchain()
            remote = try config.remoteCache.map(RemoteCache.shared)
            host = try SnippetHost.prepare(config: hostConfig, projectDirectory: projectDirectory, cacheDirectory: cacheDirectory, libraryCache: libraryCacheDirectory, toolchain: toolchain, remote: remote, stages: stages)
        } catch {
            return .failure(.build(error))
        }
        let libraries = stages.times[.libraries]
        let packageDirectory = hostConfig.packageDirectory(in: projectDirectory)
        func found(_ folder: String, fromCache: Bool, extraction: SnippetStageTimes.Figures = .init()) -> ExtractedSymbolGraphs {
            var graphs = ExtractedSymbolGraphs(files: Self.graphFiles(in: folder), fromCache: fromCache, packageDirectory: packageDirectory, libraries: libraries, extraction: extraction)
            graphs.origin = (try? String(contentsOfFile: folder + "/" + SnippetHost.originRecord, encoding: .utf8)) ?? projectDirectory
            graphs.remoteWarnings = remote?.takeWarnings() ?? []
            return graphs
        }
        var key = ContentHash()
        key.add("format", "2 -skip-synthesized-members")
        key.add("library", host.fingerprint)
        key.add("modules", modules.joined(separator: ","))
        key.add("access", accessLevel)
        let folder = cacheDirectory + "/symbolgraphs/" + key.finish().prefix(24)
        let stamp = folder + "/complete"
        if FileManager.default.fileExists(atPath: stamp) {
            SnippetCache.touch(folder)
            return .success(found(folder, fromCache: true))
        }
        let remoteKey = ContentHash.of("galley symbol graphs 2\n\(host.portableFingerprint)\n\(modules.joined(separator: ","))\n\(accessLevel)")
        if let remote {
            let fetched = folder + ".partial-\(getpid())-remote"
            try? FileManager.default.removeItem(atPath: fetched)
            if remote.fetch(remoteKey, into: fetched) != nil, FileManager.default.fileExists(atPath: fetched + "/complete"),
               (try? FileManager.default.moveItem(atPath: fetched, toPath: folder)) != nil || FileManager.default.fileExists(atPath: stamp) {
                try? FileManager.default.removeItem(atPath: fetched)
                return .success(found(folder, fromCache: true))
            }
            try? FileManager.default.removeItem(atPath: fetched)
        }
        let available = (SystemCalls.names(in: host.modulesDirectory) ?? []).filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }
        for module in modules where !available.contains(module) {
            return .failure(.missingModule(module, available: available.filter { $0 != SnippetHost.libraryProduct }.sorted()))
        }
        let staging = folder + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: staging)
        try? FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let extractor = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract").path
        // Each module is its own compiler run; they read the same module files and share nothing.
        let started = ContinuousClock.now
        let outcomes: [ProcessRunner.Outcome?] = parallelMap(modules) { module in
            try? ProcessRunner(
                executable: extractor,
                arguments: ["-module-name", module, "-I", host.modulesDirectory, "-target", Self.targetTriple,
                            "-minimum-access-level", accessLevel, "-output-dir", staging, "-skip-synthesized-members"],
                timeout: 300
            ).run()
        }
        let extraction = SnippetStageTimes.Figures(wall: (ContinuousClock.now - started).seconds, processes: modules.count,
                                                   processorSeconds: outcomes.reduce(0) { $0 + ($1?.processorSeconds ?? 0) })
        for (module, outcome) in zip(modules, outcomes) where outcome?.ending != .exited(0) {
            try? FileManager.default.removeItem(atPath: staging)
            return .failure(.extractionFailed(module: module, output: outcome?.output ?? "cannot run \(extractor)"))
        }
        // The graphs name the sources where the libraries were built.
        try? host.origin.write(toFile: staging + "/" + SnippetHost.originRecord, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: staging + "/complete", contents: Data())
        let names = (SystemCalls.names(in: staging) ?? []).sorted()
        remote?.store(remoteKey, files: names.map { .init(name: $0, path: staging + "/" + $0) })
        try? FileManager.default.removeItem(atPath: folder)
        do {
            try FileManager.default.moveItem(atPath: staging, toPath: folder)
        } catch {
            // A parallel build put the same graphs in place first; theirs serve as well.
            try? FileManager.default.removeItem(atPath: staging)
        }
        return .success(found(folder, fromCache: false, extraction: extraction))
    }

    private static func graphFiles(in folder: String) -> [String] {
        (SystemCalls.names(in: folder) ?? []).filter { $0.hasSuffix(".symbols.json") }.sorted().map { folder + "/" + $0 }
    }

    /// The platform the libraries were built for, which the extractor must be told.
    static var targetTriple: String {
        #if arch(x86_64)
        let architecture = "x86_64"
        #elseif arch(arm64)
        let architecture = "aarch64"
        #else
        let architecture = "unknown"
        #endif
        #if os(Linux)
        return architecture + "-unknown-linux-gnu"
        #else
        return (architecture == "aarch64" ? "arm64" : architecture) + "-apple-macosx15.0"
        #endif
    }
}
