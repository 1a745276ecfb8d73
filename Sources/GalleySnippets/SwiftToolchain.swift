// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// The `swift`, `swiftc` and `clang` that build snippets, and an identity that changes with
/// the compiler, for cache keys.
package struct SwiftToolchain: Sendable {
    var swift: String
    var swiftc: String
    /// Galley's environment with `TMPDIR` set to `folder` (created), for SwiftPM: it keeps
    /// its lock files in the temporary folder, one per package, and never removes them, so
    /// they go into the cache `galley clean` empties instead of `/tmp`.
    static func packageEnvironment(temporaryFolder folder: String) -> [String: String] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder
        return environment
    }

    /// The folder of the toolchain's libraries, which the programs it links load at run time.
    var libraryDirectory: String {
        URL(fileURLWithPath: swiftc).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib").path
    }
    /// The toolchain's C compiler, which compiles the few lines that pick a page's program
    /// in an executable linked from many.
    var clang: String
    /// Changes whenever the compiler at this path is replaced: its path, size and time.
    var identity: String
    /// The compiler's version and target as `swiftc --version` prints them, the same
    /// wherever the toolchain is installed: the compiler's part of every key of what is
    /// compiled, so that machines with the toolchain at other paths share entries. Empty
    /// until ``learnPortableIdentity(keptIn:)``.
    var portableIdentity = ""

    /// Sets ``portableIdentity``, asking the compiler once per ``identity`` and keeping its
    /// answer in `directory`: starting `swiftc` costs more than reading a line.
    mutating func learnPortableIdentity(keptIn directory: String) {
        let record = directory + "/compiler-" + ContentHash.of(identity).prefix(16)
        if let known = try? String(contentsOfFile: record, encoding: .utf8), !known.isEmpty {
            portableIdentity = known
            return
        }
        let outcome = try? ProcessRunner(executable: swiftc, arguments: ["--version"], directory: FileManager.default.temporaryDirectory.path, timeout: 60).run()
        guard let outcome, outcome.ending == .exited(0), outcome.output.contains("Target:") else {
            // Without the compiler's word, nothing is shared: the local identity names it.
            portableIdentity = identity
            return
        }
        portableIdentity = outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? portableIdentity.write(toFile: record, atomically: true, encoding: .utf8)
    }

    /// Flags that make `swiftc` link with the toolchain's own LLVM linker, `ld.lld`, when the
    /// toolchain ships one (Swift's Linux toolchains do): it links a page's program in about
    /// 110 ms where the system's default linker takes 150 ms, and a preview waits for a link
    /// on every snippet edit. Without it, the default linker.
    var fastLinkerFlags: [String] {
        let lld = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("ld.lld").path
        return FileManager.default.isExecutableFile(atPath: lld) ? ["-use-ld=lld"] : []
    }

    /// Where a toolchain is looked for: `PATH`, then the usual install folders.
    struct Search: Sendable {
        var path = SystemCalls.environmentValue("PATH") ?? ""
        var fallbacks = ["/opt/swift/usr/bin", "/usr/bin"]
    }

    static func locate(_ search: Search = Search()) throws(DiagnosticError) -> SwiftToolchain {
        guard let directory = SearchPath.directories(holding: "swiftc", besides: search.fallbacks, environment: ["PATH": search.path]).first else {
            throw DiagnosticError(at: SourceLocation(file: "mkdocs.yml"), "Swift snippets need `swiftc`, which is not on PATH", code: SnippetCodes.toolchain)
        }
        let swiftc = URL(fileURLWithPath: directory + "/swiftc").resolvingSymlinksInPath().path
        let binaries = URL(fileURLWithPath: swiftc).deletingLastPathComponent()
        // The frontend binary's size and time stand for the compiler version without running it.
        let frontend = binaries.appendingPathComponent("swift-frontend").path
        let attributes = (try? FileManager.default.attributesOfItem(atPath: frontend)) ?? (try? FileManager.default.attributesOfItem(atPath: swiftc)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        // Swift toolchains for Linux ship clang beside swiftc; a system one serves otherwise.
        let clang = [binaries.appendingPathComponent("clang").path, directory + "/clang", "/usr/bin/clang", "/usr/bin/cc"]
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "clang"
        return SwiftToolchain(swift: directory + "/swift", swiftc: directory + "/swiftc", clang: clang, identity: "\(swiftc) \(size) \(modified)")
    }

    /// The first folder of `PATH`, then of `fallbacks`, that holds an executable `name`.
    static func directory(holding name: String, besides fallbacks: [String]) -> String? {
        SearchPath.directories(holding: name, besides: fallbacks).first
    }

    /// Where the compiler snippets use is and what `swiftc --version` says of it, for
    /// `galley version --verbose`; `nil` without one.
    package static func describe() -> (path: String, version: String)? {
        guard let toolchain = try? locate() else { return nil }
        let outcome = try? ProcessRunner(executable: toolchain.swiftc, arguments: ["--version"], directory: FileManager.default.temporaryDirectory.path, timeout: 30).run()
        let version = outcome?.output.split(separator: "\n").first.map(String.init) ?? "(no answer from `swiftc --version`)"
        return (toolchain.swiftc, version)
    }
}
