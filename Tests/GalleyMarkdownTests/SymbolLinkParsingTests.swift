// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import GalleyMarkdown
import Testing

/// ``` ``Symbol`` ``` and `[Symbol][]` are symbol links only on a site with an API reference;
/// elsewhere they stay what mkdocs shows: code, and text.
@Suite struct SymbolLinkParsingTests {
    private func inlines(_ markdown: String, symbolLinks: Bool) -> [Inline] {
        var options = MarkdownOptions()
        options.symbolLinks = symbolLinks
        var log = DiagnosticLog()
        let document = MarkdownParser.parse(markdown, file: "page.md", options: options, log: &log)
        guard case .paragraph(let inlines, _, _)? = document.blocks.first else { return [] }
        return inlines
    }

    @Test func doubleBackquotesMakeASymbolLinkOnlyWhenAsked() {
        let text = "A ``RenderContext/makeSink(of:)`` and `code` and `` `x` `` and ``two words``."
        let links = inlines(text, symbolLinks: true).filter { if case .symbolLink = $0 { true } else { false } }
        #expect(links == [.symbolLink(path: "RenderContext/makeSink(of:)", content: nil)])
        #expect(inlines(text, symbolLinks: false).contains(.code("RenderContext/makeSink(of:)")))
    }

    @Test func aSingleBackquotedNameNextToADoubleOneStaysCode() {
        let found = inlines("`Sink` then ``Sink``", symbolLinks: true)
        #expect(found.first == .code("Sink"))
        #expect(found.last == .symbolLink(path: "Sink", content: nil))
    }

    @Test func spansFirstInAListItemOrQuoteAreMeasuredFromTheirParagraph() {
        var options = MarkdownOptions()
        options.symbolLinks = true
        var log = DiagnosticLog()
        let document = MarkdownParser.parse("- ``Sink`` item\n- `Sink` x\n\n> ``Quote`` q\n", file: "page.md", options: options, log: &log)
        var found: [Inline] = []
        document.blocks.forEachBlock { block in
            if case .paragraph(let inlines, _, _) = block { found += inlines.filter { if case .text = $0 { false } else { true } } }
        }
        #expect(found == [.symbolLink(path: "Sink", content: nil), .code("Sink"), .symbolLink(path: "Quote", content: nil)])
    }

    @Test func undefinedReferencesAreAutorefs() {
        let found = inlines("See [Workflow][] and [the context][RenderContext], not [a b][] or [x](y).", symbolLinks: true)
        #expect(found.contains(.symbolLink(path: "Workflow", content: nil)))
        #expect(found.contains(.symbolLink(path: "RenderContext", content: [.text("the context")])))
        #expect(!found.contains { if case .symbolLink(let path, _) = $0 { path == "a b" } else { false } })
        #expect(inlines("See [Workflow][].", symbolLinks: false) == [.text("See [Workflow][].")])
    }
}
