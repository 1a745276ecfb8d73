// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkdown
import Testing

@Suite("Admonitions, details and tabs")
struct ContainerTests {
    @Test func admonitionWithQuotedTitle() {
        #expect(render("!!! note \"A note\"\n    Body *text*.\n") == """
            <div class="admonition note">
            <p class="admonition-title">A note</p>
            <p>Body <em>text</em>.</p>
            </div>

            """)
    }

    @Test func unquotedWordsBecomeLowercaseClassesAndTitleIsTheType() {
        #expect(render("!!! warning Kotlin WIP\n    Careful.\n") == """
            <div class="admonition warning kotlin wip">
            <p class="admonition-title">Warning</p>
            <p>Careful.</p>
            </div>

            """)
    }

    @Test func emptyTitleLeavesNoTitleParagraph() {
        #expect(render("!!! tip \"\"\n    Quiet.\n") == "<div class=\"admonition tip\">\n<p>Quiet.</p>\n</div>\n")
    }

    @Test func detailsCollapsedAndOpen() {
        #expect(render("??? faq \"Why?\"\n    Because.\n") == "<details class=\"faq\">\n<summary>Why?</summary>\n<p>Because.</p>\n</details>\n")
        #expect(render("???+ note\n    Open.\n") == "<details class=\"note\" open=\"open\">\n<summary>Note</summary>\n<p>Open.</p>\n</details>\n")
    }

    @Test func tabsFormOneAlternateStyleSet() {
        let html = render("""
            === "Swift"

                ```swift
                let x = 1
                ```

            === "Kotlin"

                Plain **text**.

            After.
            """)
        #expect(html.hasPrefix(
            "<div class=\"tabbed-set tabbed-alternate\" data-tabs=\"1:2\"><input checked=\"checked\" id=\"__tabbed_1_1\" name=\"__tabbed_1\" type=\"radio\" />"
                + "<input id=\"__tabbed_1_2\" name=\"__tabbed_1\" type=\"radio\" /><div class=\"tabbed-labels\">"
                + "<label for=\"__tabbed_1_1\">Swift</label><label for=\"__tabbed_1_2\">Kotlin</label></div>\n"
                + "<div class=\"tabbed-content\">\n<div class=\"tabbed-block\">\n<div class=\"highlight\">"
        ))
        #expect(html.contains("<div class=\"tabbed-block\">\n<p>Plain <strong>text</strong>.</p>\n</div>\n</div>\n</div>\n<p>After.</p>\n"))
    }

    @Test func selectedTabAndNewSetMarkers() {
        let html = render("=== \"A\"\n    a\n\n===+ \"B\"\n    b\n\n===! \"C\"\n    c\n")
        #expect(html.contains("data-tabs=\"1:2\""))
        #expect(html.contains("<input id=\"__tabbed_1_1\" name=\"__tabbed_1\" type=\"radio\" /><input checked=\"checked\" id=\"__tabbed_1_2\""))
        #expect(html.contains("data-tabs=\"2:1\""))
    }

    @Test func fencesNestInsideAdmonitionsInsideTabsAndKeepTheirLines() {
        let source = """
            Intro.

            === "Swift"

                !!! tip "Nested"
                    ```swift title="Main.swift"
                    print("hi")
                    ```
            """
        let (document, _) = parse(source)
        guard case .tabbedSet(let set)? = document.blocks.last,
              case .admonition(let tip)? = set.tabs.first?.body.first,
              case .code(let code)? = tip.body.first
        else {
            Issue.record("expected tab > admonition > code, got \(document.blocks)")
            return
        }
        #expect(code.language == "swift")
        #expect(code.options["title"] == "Main.swift")
        #expect(code.code.description == "print(\"hi\")\n")
        #expect(code.firstCodeLine == 7)
        #expect(code.column == 9)
        #expect(!render(source).contains("!!!"))
    }

    @Test func markersInsideFencedCodeStayCode() {
        let html = render("```\n!!! note\n    not an admonition\n```\n")
        #expect(html.contains("!!! note\n    not an admonition"))
        #expect(!html.contains("admonition-title"))
    }

    @Test func fenceInsideAListItem() {
        let (document, _) = parse("1. Step\n\n    ```swift\n    let a = 1\n    ```\n2. Next\n")
        guard case .list(let list)? = document.blocks.first, case .code(let code)? = list.items[0].blocks.last else {
            Issue.record("expected a code block in the first item")
            return
        }
        #expect(code.code.description == "let a = 1\n")
        #expect(list.items.count == 2)
    }

    @Test func setextUnderlineIsNotATabMarker() {
        let html = render("Title\n============\n")
        #expect(html == "<h1 id=\"title\">Title</h1>\n")
    }

    @Test func referenceDefinitionsResolveAcrossContainers() {
        let html = render("!!! note\n    See [the docs][docs].\n\n[docs]: https://example.com/docs\n")
        #expect(html.contains("<a href=\"https://example.com/docs\">the docs</a>"))
    }
}

@Suite("One walk over every block kind")
struct BlockTreeTests {
    @Test func headingsInQuotesAndListItemsGetIDsAndAttributes() {
        let html = render("# Top\n\n> ## Quoted\n\n- item\n\n    ### Inside {#custom}\n")
        #expect(html.contains("<h2 id=\"quoted\">Quoted</h2>"))
        #expect(html.contains("<h3 id=\"custom\">Inside</h3>"))
    }

    @Test func inlineExtensionsReachTableCellsAndTabLabels() {
        let html = render("=== \"H~2~O\"\n\n    | a |\n    |---|\n    | ==hit== |\n")
        #expect(html.contains("<label for=\"__tabbed_1_1\">H<sub>2</sub>O</label>"))
        #expect(html.contains("<td><mark>hit</mark></td>"))
    }

    @Test func forEachBlockVisitsParentsBeforeChildren() {
        let (document, _) = parse("!!! note\n    > quoted\n\n- a\n")
        var kinds: [String] = []
        document.blocks.forEachBlock { block in
            switch block {
            case .admonition: kinds.append("admonition")
            case .blockQuote: kinds.append("quote")
            case .paragraph: kinds.append("paragraph")
            case .list: kinds.append("list")
            default: kinds.append("other")
            }
        }
        #expect(kinds == ["admonition", "quote", "paragraph", "list", "paragraph"])
    }
}
