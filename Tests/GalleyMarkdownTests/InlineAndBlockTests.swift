// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyMarkdown
import GalleyPages
import Testing

@Suite("Markdown extensions")
struct InlineAndBlockTests {
    @Test func headingIdsAndPermalinks() {
        var settings = allExtensions()
        settings.permalink = "&para;"
        let html = render("# Hello, World!\n\n## Hello, World!\n\n## Ünïcödé `code` here\n", settings: settings)
        #expect(html == """
            <h1 id="hello-world">Hello, World!<a class="headerlink" href="#hello-world" title="Permanent link">&para;</a></h1>
            <h2 id="hello-world_1">Hello, World!<a class="headerlink" href="#hello-world_1" title="Permanent link">&para;</a></h2>
            <h2 id="unicode-code-here">Ünïcödé <code>code</code> here<a class="headerlink" href="#unicode-code-here" title="Permanent link">&para;</a></h2>

            """)
    }

    @Test func attrListOnHeadings() {
        #expect(render("## Setup {#install .wide data-x=1}\n") == "<h2 class=\"wide\" data-x=\"1\" id=\"install\">Setup</h2>\n", "attributes sorted by name, as Python-Markdown writes them")
    }

    @Test func footnotesNumberedWithBackReferences() {
        let html = render("Text[^a] and more[^b].\n\n[^a]: First.\n[^b]: Second.\n")
        #expect(html.contains("<p>Text<sup id=\"fnref:a\"><a class=\"footnote-ref\" href=\"#fn:a\">1</a></sup> and more<sup id=\"fnref:b\"><a class=\"footnote-ref\" href=\"#fn:b\">2</a></sup>.</p>"))
        #expect(html.contains("<div class=\"footnote\">\n<hr />\n<ol>\n<li id=\"fn:a\">\n<p>First.&#160;<a class=\"footnote-backref\" href=\"#fnref:a\" title=\"Jump back to footnote 1 in the text\">&#8617;</a></p>\n</li>"))
    }

    @Test func footnoteReferencedInsideAnAdmonition() {
        let html = render("!!! note\n    See this[^n].\n\n[^n]: The note.\n")
        #expect(html.contains("<sup id=\"fnref:n\"><a class=\"footnote-ref\" href=\"#fn:n\">1</a></sup>"))
        #expect(html.components(separatedBy: "<li id=\"fn:n\">").count == 2, "the definition appears once")
    }

    @Test func tablesWithAlignment() {
        #expect(render("| a | b |\n|:--|--:|\n| 1 | 2 |\n") == """
            <table>
            <thead>
            <tr>
            <th style="text-align: left;">a</th>
            <th style="text-align: right;">b</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td style="text-align: left;">1</td>
            <td style="text-align: right;">2</td>
            </tr>
            </tbody>
            </table>

            """)
    }

    @Test func caretTildeMarkAndStrikethrough() {
        #expect(render("^^ins^^ H~2~O x^2^ ==hi== ~~gone~~\n") == "<p><ins>ins</ins> H<sub>2</sub>O x<sup>2</sup> <mark>hi</mark> <del>gone</del></p>\n")
    }

    @Test func smartSymbols() {
        #expect(render("(c) 2024 --> done +/- 1/2\n") == "<p>© 2024 → done ± ½</p>\n")
    }

    @Test func smartyPunctuation() {
        var settings = allExtensions()
        settings.parsing.smarty = true
        #expect(render("\"Don't\" -- wait...\n", settings: settings) == "<p>“Don’t” – wait…</p>\n")
    }

    @Test func bareURLsBecomeLinks() {
        #expect(render("See https://example.com/a?b=1 now.\n") == "<p>See <a href=\"https://example.com/a?b=1\">https://example.com/a?b=1</a> now.</p>\n")
    }

    @Test func inlineHighlight() {
        #expect(render("Use `#!swift let x = 1`.\n") == "<p>Use <code class=\"highlight\"><span class=\"kd\">let</span> <span class=\"nv\">x</span> <span class=\"p\">=</span> <span class=\"mi\">1</span></code>.</p>\n")
    }

    @Test func markdownInsideHTML() {
        #expect(render("<div class=\"box\" markdown>\n*inside*\n</div>\n") == "<div class=\"box\">\n<p><em>inside</em></p>\n</div>\n")
    }

    @Test func taskLists() {
        #expect(render("- [x] done\n- [ ] todo\n") == "<ul>\n<li class=\"task-list-item\"><input type=\"checkbox\" disabled=\"disabled\" checked=\"checked\" /> done</li>\n<li class=\"task-list-item\"><input type=\"checkbox\" disabled=\"disabled\" /> todo</li>\n</ul>\n")
    }

    @Test func codeBlockOptionsLineNumbersAndHighlightedLines() {
        let html = render("```yaml title=\"mkdocs.yml\" linenums=\"3\" hl_lines=\"2\"\na: 1\nb: 2\n```\n")
        #expect(html == "<div class=\"highlight\"><span class=\"filename\">mkdocs.yml</span><pre><span></span><code>"
            + "<span class=\"linenos\" data-linenos=\"3 \"></span><span class=\"nt\">a</span><span class=\"p\">:</span> <span class=\"l\">1</span>\n"
            + "<span class=\"linenos\" data-linenos=\"4 \"></span><span class=\"hll\"><span class=\"nt\">b</span><span class=\"p\">:</span> <span class=\"l\">2</span>\n</span>"
            + "</code></pre></div>\n")
    }

    @Test func aSwiftBlockLeftUnrunShowsItsReason() {
        let html = render("```swift norun=\"needs <UIKit>\"\nlet view = UIView()\n```\n")
        #expect(html.hasSuffix("</code></pre></div>\n<div class=\"snippet-result snippet-not-run\"><span class=\"snippet-label\">Not run: needs &lt;UIKit&gt;</span></div>\n"))
        #expect(!render("```swift norun\nlet a = 1\n```\n").contains("snippet-not-run"), "no reason, nothing to show")
        #expect(!render("```kotlin norun=\"JVM\"\nval a = 1\n```\n").contains("snippet-not-run"), "only Swift blocks run")
    }

    @Test func languageLessBlockStaysPlain() {
        #expect(render("```\nlet <x>\n```\n") == "<div class=\"highlight\"><pre><span></span><code>let &lt;x&gt;\n</code></pre></div>\n")
    }
}

@Suite("Front matter, meta and titles")
struct MetadataTests {
    @Test func yamlFrontMatter() {
        let (document, diagnostics) = parse("---\ntitle: Custom\ndescription: About it\nhide:\n  - toc\n  - navigation\n---\n# Heading\n")
        #expect(diagnostics.isEmpty)
        #expect(document.metadata.title == "Custom")
        #expect(document.metadata.description == "About it")
        #expect(document.metadata.hide == ["toc", "navigation"])
        guard case .heading(let heading)? = document.blocks.first else {
            Issue.record("expected the heading")
            return
        }
        #expect(heading.line == 8, "body lines keep their numbers in the file")
    }

    @Test func invalidFrontMatterIsReportedWithItsLine() {
        let (_, diagnostics) = parse("---\ntitle: [unclosed\n---\ntext\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.file == "page.md")
        #expect((diagnostics.first?.location.line ?? 0) >= 2)
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func metaHeaderLines() {
        var options = allExtensions().parsing
        options.meta = true
        let (document, _) = parse("Title: From meta\nAuthors: A\n\n# Body\n", options: options)
        #expect(document.metadata.title == "From meta")
        #expect(document.metadata.values["authors"] == "A")
    }

    @Test func titlesAsMkdocsDerivesThem() {
        #expect(PageTitle.derive(metadata: .init(title: "FM"), blocks: [], path: "a.md") == "FM")
        let (document, _) = parse("Intro\n\n# First *H1*\n\n# Second\n")
        #expect(PageTitle.derive(metadata: .init(), blocks: document.blocks, path: "a.md") == "First H1")
        #expect(PageTitle.fromFileName("userguide/getting_started-now.md") == "Getting started now")
        #expect(PageTitle.fromFileName("userguide/index.md") == "Userguide")
        #expect(PageTitle.fromFileName("FAQ.md") == "FAQ")
        #expect(PageTitle.fromFileName("index.md") == "Home")
    }
}
