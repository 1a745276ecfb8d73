// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyDiagnostics
import GalleyDiagrams

/// `galley diagram`: one diagram file drawn as an SVG file, as pages draw it.
struct Diagram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Draw a sequence diagram (.seq, or Mermaid's .mmd) as an SVG file.",
        discussion: "Reads WebSequenceDiagrams text (.seq) or a Mermaid sequenceDiagram (.mmd, .mermaid) and writes the SVG that pages show, with its colours inside. Errors are reported at file:line:col."
    )

    @Argument(help: "The diagram's source file.")
    var file: String

    @Option(name: [.customShort("o"), .long], help: "Where to write the SVG (default: standard output).")
    var output: String?

    @Option(help: ArgumentHelp("Draw the diagram this many times and print the median time per drawing (a benchmark).", visibility: .hidden))
    var repeatCount: Int?

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file), let source = String(data: data, encoding: .utf8) else {
            DiagnosticPrinter(level: .warning, strict: false).print([Diagnostic(.error, at: SourceLocation(file: file), "cannot read the diagram as UTF-8 text", code: DiagramCodes.missingFile)])
            throw ExitCode.failure
        }
        let language: DiagramLanguage = [".mmd", ".mermaid"].contains { file.lowercased().hasSuffix($0) } ? .mermaid : .webSequence
        let outcome: DiagramOutcome
        do throws(DiagramSyntaxError) {
            outcome = try DiagramRenderer.render(source, language: language, id: "diagram")
        } catch {
            let location = SourceLocation(file: file, line: error.line, column: error.column)
            DiagnosticPrinter(level: .warning, strict: false).print([Diagnostic(.error, at: location, error.message, code: DiagramCodes.syntax)])
            throw ExitCode.failure
        }
        guard case .drawn(let diagram) = outcome else {
            if case .unsupported(let type, let line) = outcome {
                DiagnosticPrinter(level: .warning, strict: false).print([Diagnostic(.error, at: SourceLocation(file: file, line: line, column: 1), DiagramCodes.unsupportedMessage(type), code: DiagramCodes.unsupportedType)])
            }
            throw ExitCode.failure
        }
        if let repeatCount, repeatCount > 0 {
            try printTiming(source: source, language: language, times: repeatCount)
            return
        }
        let svg = DiagramRenderer.standalone(diagram)
        if let output {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
        } else {
            print(svg, terminator: "")
        }
    }

    /// Reading and drawing, timed `times` times; the median and the 90th percentile.
    private func printTiming(source: String, language: DiagramLanguage, times: Int) throws {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<times {
            let start = clock.now
            _ = try DiagramRenderer.render(source, language: language, id: "diagram")
            samples.append((clock.now - start).seconds * 1000)
        }
        samples.sort()
        let median = samples[samples.count / 2], p90 = samples[min(samples.count - 1, samples.count * 9 / 10)]
        print(String(format: "%d drawings: median %.3f ms, p90 %.3f ms", times, median, p90))
    }
}
