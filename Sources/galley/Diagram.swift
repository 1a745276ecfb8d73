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
        abstract: "Draw a diagram (.seq, or Mermaid's .mmd) as an SVG file.",
        discussion: "Reads WebSequenceDiagrams text (.seq), or a Mermaid sequenceDiagram or flowchart (.mmd, .mermaid), and writes the SVG that pages show, with its colours inside. Errors are reported at file:line:col; what is read but not drawn is a warning there."
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
            DiagnosticPrinter(level: .warning, strict: false).print([Diagnostic(.error, at: location, error.message(quotingLineOf: source), code: DiagramCodes.syntax)])
            throw ExitCode.failure
        }
        let printer = DiagnosticPrinter(level: .warning, strict: false)
        let diagram: RenderedDiagram
        switch outcome {
        case .drawn(let drawn):
            diagram = drawn
        case .unsupported(let type, let line):
            printer.print([Diagnostic(.error, at: SourceLocation(file: file, line: line, column: 1), DiagramCodes.unsupportedMessage(type), code: DiagramCodes.unsupportedType)])
            throw ExitCode.failure
        case .unavailable(let reason, let line):
            printer.print([Diagnostic(.error, at: SourceLocation(file: file, line: line, column: 1), "the flowchart cannot be laid out: \(reason)", code: DiagramCodes.layoutUnavailable)])
            throw ExitCode.failure
        }
        printer.print(diagram.notes.map { Diagnostic(.warning, at: SourceLocation(file: file, line: $0.line, column: $0.column), $0.message, code: DiagramCodes.notDrawn) })
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
