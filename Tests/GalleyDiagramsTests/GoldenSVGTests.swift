// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import GalleyDiagrams

/// Each construct of both languages drawn, compared with the SVG kept beside its source.
/// `GALLEY_UPDATE_GOLDEN=1 swift test --filter GoldenSVGTests` rewrites the kept files after
/// a change that is meant; the diff then shows what moved.
@Suite struct GoldenSVGTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var sources: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".seq") || $0.hasSuffix(".mmd") }
            .sorted()
    }

    static func draw(_ name: String) throws -> RenderedDiagram {
        let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let language: DiagramLanguage = name.hasSuffix(".mmd") ? .mermaid : .webSequence
        guard case .drawn(let diagram) = try DiagramRenderer.render(source, language: language, id: "d1") else {
            throw DiagramSyntaxError(line: 0, column: 0, "not drawn")
        }
        return diagram
    }

    /// Whitespace between elements is not part of the picture.
    static func normalized(_ svg: String) -> String {
        svg.replacingOccurrences(of: ">\\s+<", with: "><", options: .regularExpression).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func everyConstructHasAGoldenFile() {
        #expect(Self.sources.count >= 11)
    }

    @Test(arguments: sources) func drawingMatchesTheKeptSVG(_ name: String) throws {
        let svg = try Self.draw(name).svg.string
        let golden = Self.folder.appendingPathComponent(name + ".svg")
        if ProcessInfo.processInfo.environment["GALLEY_UPDATE_GOLDEN"] == "1" {
            try (svg + "\n").write(to: golden, atomically: true, encoding: .utf8)
        }
        let kept = try String(contentsOf: golden, encoding: .utf8)
        let (drawn, expected) = (Self.normalized(svg), Self.normalized(kept))
        #expect(drawn == expected, "\(name) draws differently from \(name).svg, from: \(Self.firstDifference(drawn, expected))")
    }

    /// A short stretch of each text where they first differ.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let common = zip(a, b).prefix { $0 == $1 }.count
        return "\"\(a.dropFirst(max(common - 40, 0)).prefix(100))\" against \"\(b.dropFirst(max(common - 40, 0)).prefix(100))\""
    }

    @Test(arguments: sources) func theSVGIsWellFormedXML(_ name: String) throws {
        let svg = try Self.draw(name).svg.string
        let document = try XMLDocument(xmlString: svg, options: [])
        #expect(document.rootElement()?.name == "svg")
        #expect(document.rootElement()?.elements(forName: "title").first?.stringValue?.isEmpty == false)
        #expect(document.rootElement()?.elements(forName: "desc").first?.stringValue?.isEmpty == false)
    }

    @Test(arguments: sources) func noTwoLabelsOverlap(_ name: String) throws {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let diagram = name.hasSuffix(".mmd") ? try MermaidSequenceReader.read(source) : try WebSequenceReader.read(source)
        let overlaps = LabelOverlap.find(in: diagram)
        #expect(overlaps.isEmpty, "\(name): \(overlaps)")
    }
}

/// Pairs of drawn labels whose boxes intersect.
enum LabelOverlap {
    static func find(in diagram: SequenceDiagram) -> [String] {
        var drawing = SequenceDrawing(layout: SequenceLayout(diagram))
        drawing.draw()
        let boxes = drawing.canvas.labelBoxes
        var found: [String] = []
        for first in boxes.indices {
            for second in boxes.indices where second > first {
                let a = boxes[first], b = boxes[second]
                // Touching is not overlapping: a hair of tolerance for rounding.
                let apart = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5
                if !apart { found.append("\"\(a.text)\" and \"\(b.text)\"") }
            }
        }
        return found
    }
}
