// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
@testable import GalleySnippets
import Testing

/// A page's blocks must mean what the same text means as the `main.swift` of an executable
/// compiled by `swiftc`. Every page of `TopLevelCorpus` is run by the snippet engine and,
/// separately, compiled by `swiftc` as a `main.swift` holding the page with everything but
/// its code blanked out (so lines and columns agree): the diagnostics and what the program
/// prints must be the same.
@Suite("Blocks are top-level Swift", .serialized)
struct TopLevelDifferentialTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TopLevelCorpus").path

    /// What one side reported: diagnostics as `line:column: severity: message`, sorted, and
    /// the program's output when it compiled.
    struct Observation: Equatable, CustomStringConvertible {
        var diagnostics: [String]
        var output: String?

        var description: String { "diagnostics: \(diagnostics)\noutput: \(output.map { "\"\($0)\"" } ?? "none")" }
    }

    @Test func everyCorpusPageBehavesAsMainSwift() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names.count >= 40, "the corpus holds at least 40 pages")
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.imports = []
        let texts = try names.map { try String(contentsOfFile: Self.corpus + "/" + $0, encoding: .utf8) }
        let pages = zip(names, texts).map { project.page($0, $1) }
        let report = try project.run(pages)
        let toolchain = try SwiftToolchain.locate()
        let host = try #require(Self.host(project: project))

        let root = project.root
        let references = parallelMap(Array(zip(names, texts))) { name, text in
            Self.reference(page: name, markdown: text, directory: root + "/reference", host: host, toolchain: toolchain)
        }
        for (page, reference) in zip(pages, references) {
            let engine = Self.observation(report, page: page.path)
            #expect(engine == reference, "\(page.path)\ngalley:\n\(engine)\nswiftc:\n\(reference)")
        }
        // The corpus covers both outcomes: pages that run, and pages swiftc rejects.
        #expect(references.filter { $0.output == nil }.count >= 4)
        #expect(references.contains { $0.diagnostics.contains { $0.contains("warning") } && $0.output != nil })
    }

    /// The engine's side: its compiler diagnostics and, when nothing failed to compile, the
    /// blocks' outputs joined in order.
    static func observation(_ report: SnippetReport, page: String) -> Observation {
        let diagnostics = report.diagnostics.filter { $0.location.file == page && ["snippets.compile_error", "snippets.compiler_warning"].contains($0.code.description) }
            .map { "\($0.location.line):\($0.location.column): \($0.severity == .error ? "error" : "warning"): \($0.message)" }
            .sorted()
        guard !diagnostics.contains(where: { $0.contains(": error: ") }) else { return Observation(diagnostics: diagnostics, output: nil) }
        let output = SnippetEngineTests.results(report, page).map(\.text).joined()
        return Observation(diagnostics: diagnostics, output: output)
    }

    /// `swiftc`'s side: the page as `main.swift`, every line outside a Swift fence blank and
    /// the first line importing what the engine imports, compiled into an executable of its
    /// own in the module the engine names, and run.
    static func reference(page: String, markdown: String, directory: String, host: SnippetHost, toolchain: SwiftToolchain) -> Observation {
        let folder = directory + "/" + page.replacingOccurrences(of: ".md", with: "")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var lines: [String] = []
        var inSwift = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                inSwift = !inSwift && trimmed.hasPrefix("```swift")
                lines.append("")
            } else {
                lines.append(inSwift ? String(line) : "")
            }
        }
        lines[0] = "import GalleySnippetHost"
        let main = folder + "/main.swift"
        try? lines.joined(separator: "\n").write(toFile: main, atomically: true, encoding: .utf8)
        let module = ScopeRunner.moduleName(page: page, scope: "main")
        let flags = ["-Onone", "-swift-version", SnippetConfig().swiftVersion, "-module-name", module, "-I", host.modulesDirectory, "-diagnostic-style", "llvm"]
        let compiled = try? ProcessRunner(executable: toolchain.swiftc, arguments: [main, "-o", folder + "/program"] + flags + host.linkerFlags, directory: folder).run()
        let diagnostics = CompilerMessage.parse(compiled?.output ?? "")
            .filter { $0.file == main && $0.severity != "note" }
            .map { "\($0.line):\($0.column): \($0.severity): \(CompilerMessage.plain($0.message))" }
            .sorted()
        guard compiled?.ending == .exited(0) else { return Observation(diagnostics: diagnostics, output: nil) }
        let run = try? ProcessRunner(executable: folder + "/program", directory: folder, timeout: 20).run()
        return Observation(diagnostics: diagnostics, output: run?.output)
    }

    /// The host library the engine built for `project`.
    static func host(project: SnippetEngineTests.Project) -> SnippetHost? {
        try? SnippetHost.prepare(config: project.config, projectDirectory: project.root, cacheDirectory: project.root + "/.galley", libraryCache: SnippetEngineTests.libraryCache, toolchain: SwiftToolchain.locate())
    }
}
