// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyMarkdown
import GalleyPages
import Testing

/// Inputs built to be slow or to exhaust the stack: each must finish quickly, and nesting past
/// the documented depth is an error at its line, never a crash.
@Suite("Markdown under hostile input")
struct HostileInputTests {
    @Test func nestedMarkdownDivsCloseAtTheirOwnTag() {
        let html = render("<div markdown>\n<div class=\"in\" markdown>\ninner *x*\n</div>\nouter\n</div>\n")
        #expect(html.contains("<div>\n<div class=\"in\">\n<p>inner <em>x</em></p>\n</div>\n<p>outer</p>\n</div>"), "\(html)")
    }

    @Test func nestingToTheLimitRenders() {
        let depth = 99
        let source = (0..<depth).map { String(repeating: "    ", count: $0) + "!!! note\n\n" }.joined() + String(repeating: "    ", count: depth) + "deep\n"
        let (_, diagnostics) = parse(source)
        #expect(diagnostics.isEmpty)
        #expect(render(source).contains("<p>deep</p>"))
    }

    @Test(arguments: [
        ("admonitions", 2_000),
        ("tabs", 2_000),
        ("divs", 10_000),
        ("quotes", 10_000),
        ("emphasis", 5_000),
        ("lists", 300),
    ])
    func deepNestingIsAnErrorAtItsLineAndQuick(kind: String, depth: Int) {
        let source: String
        switch kind {
        case "admonitions": source = (0..<depth).map { String(repeating: "    ", count: $0) + "!!! note\n\n" }.joined() + "x\n"
        case "tabs": source = (0..<depth).map { String(repeating: "    ", count: $0) + "=== \"T\"\n\n" }.joined() + "x\n"
        case "divs": source = String(repeating: "<div markdown>\n", count: depth) + "x\n" + String(repeating: "</div>\n", count: depth)
        case "quotes": source = String(repeating: ">", count: depth) + " x\n"
        case "lists": source = (0..<depth).map { String(repeating: "  ", count: $0) + "- item\n" }.joined()
        default: source = String(repeating: "*a ", count: depth) + "x" + String(repeating: " a*", count: depth) + "\n"
        }
        let start = ContinuousClock.now
        let (_, diagnostics) = parse(source)
        _ = render(source)
        #expect(ContinuousClock.now - start < .seconds(20))
        let nesting = diagnostics.filter { $0.code.description == "page.nesting" }
        #expect(nesting.count >= 1, "\(kind)")
        #expect(nesting.first?.location.line ?? 0 > 0)
        // The error names what the page nests.
        let named = switch kind {
        case "quotes": "block quotes are nested"
        case "emphasis": "emphasis, links and other inline markup are nested"
        case "lists": "lists are nested"
        default: "containers (admonitions, tabs, `markdown` HTML blocks) are nested"
        }
        #expect(nesting.first?.message.hasPrefix(named) == true, "\(kind): \(nesting.first?.message ?? "")")
    }

    /// Every position of the text used to try every term: 8,000 abbreviations took 29 s.
    @Test func eightThousandAbbreviationsParseQuickly() {
        let count = 8_000
        let definitions = (0..<count).map { "*[T\($0)X]: Term number \($0)\n" }.joined()
        let text = (0..<count).map { "Uses T\($0)X and more words" }.joined(separator: ". ")
        var settings = allExtensions()
        settings.parsing.abbreviations = true
        let start = ContinuousClock.now
        let html = render(text + "\n\n" + definitions, settings: settings)
        #expect(ContinuousClock.now - start < .seconds(3), "\(ContinuousClock.now - start)")
        #expect(html.components(separatedBy: "<abbr ").count - 1 == count, "\(html.prefix(300))")
        #expect(html.contains("<abbr title=\"Term number 7999\">T7999X</abbr>"), "\(html.prefix(300))")
    }

    /// Every stretch cmark-gfm read used to carry all of the page's reference and footnote
    /// definitions, so a page of n admonitions and n footnotes cost n²: 400 kB with 423
    /// footnotes took 3.5 s, 5 MB over ten minutes. The references still resolve across
    /// containers, each to its own definition.
    @Test func manyContainersAndFootnotesParseQuickly() {
        let count = 3_000
        let source = (0..<count).map { n in
            "## Part \(n)\n\n!!! note\n    Inside [the guide][guide-\(n)] and a note[^n\(n)].\n\nAfter[^n\(n)].\n\n[^n\(n)]: Footnote \(n).\n[guide-\(n)]: https://example.com/\(n)\n\n"
        }.joined()
        var settings = allExtensions()
        settings.parsing.footnotes = true
        let start = ContinuousClock.now
        let html = render(source, settings: settings)
        #expect(ContinuousClock.now - start < .seconds(20), "\(ContinuousClock.now - start)")
        #expect(html.components(separatedBy: "href=\"https://example.com/").count - 1 == count)
        #expect(html.contains("<a href=\"https://example.com/2999\">the guide</a>"))
        #expect(html.contains("<p>Footnote 2999.&#160;"), "\(html.suffix(600))")
        #expect(html.contains("<div class=\"admonition note\">\n<p class=\"admonition-title\">Note</p>\n<p>Inside <a href=\"https://example.com/0\">the guide</a> and a note<sup id=\"fnref:n0\">"), "\(html.prefix(900))")
    }
}
