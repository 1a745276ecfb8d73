// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyLint
import GalleyOracle
import Testing

/// Every fix `--fix` keeps leaves the page as Python-Markdown renders it, with mkdocs'
/// default extensions and with this project's (superfences, tabs, admonitions, attribute
/// lists…): checked with the real Python-Markdown and pymdown-extensions, not only with
/// Galley's own renderer that `--fix` consults.
@Suite("galley lint --fix against Python-Markdown")
struct FixPythonMarkdownTests {
    struct Page: Encodable {
        var extensions: [String]
        var configs: [String: [String: String]] = [:]
        var markdown: String
    }

    static let projectExtensions = ["admonition", "attr_list", "footnotes", "md_in_html", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed"]

    /// Pages a fix could change the rendering of, each with a reason.
    static let pages: [String] = [
        FixerTests.messy,
        // A line break after a code span: two spaces are the only way to write it.
        "# T\nUse `make`  \nthen run it.\t\n",
        // A fence right under a list item, and one inside it.
        "# T\n\n- item\n```\ncode\n```\n- next\n\n    ```\n    indented\n    ```\n",
        "# T\n\n1. step\n    ```swift\n    let x = 1\n    ```\n2. step\n",
        // Headers without blank lines, closed and spaced headers, runs of blank lines.
        "#Title\nText\n##  Section ##\nmore\n\n\n\nend",
        // Text right above a list, which a blank line would turn into a list.
        "# T\n\nIntro\n* a\n* b\n\nText\n+ c\n",
        // Containers: an admonition and tabs whose bodies are indented.
        "# T\n!!! note \"N\"\n    Body\t\n\n\n=== \"A\"\n\n    ```swift\n    let a = 1\n    ```\n=== \"B\"\n    text  \n",
        // Setext headers and trailing spaces inside a quote.
        "Title\n=====\n> quote  \n> more\n## Next\n",
    ]

    /// HTML without whitespace that a browser does not show: between tags, and at the end
    /// of an element's text (a trailing tab that `--fix` expands or drops).
    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .replacingOccurrences(of: #"[ \t]+</"#, with: "</", options: .regularExpression)
    }

    @Test(arguments: [[String](), projectExtensions])
    func fixesKeepPythonMarkdownsRendering(extensions: [String]) throws {
        var options = LintOptions()
        options.style = "all"
        options.mkdocs = !extensions.isEmpty
        let fixer = LintFixer(linter: try Linter(options: options))
        let fixed = Self.pages.map { fixer.fix($0).0 }
        let configs = extensions.contains("pymdownx.tabbed") ? ["pymdownx.tabbed": ["alternate_style": "true"]] : [:]
        let requests = (Self.pages + fixed).map { Page(extensions: extensions, configs: configs, markdown: $0) }
        let html = try Oracle.run("render.py", requests, as: [String].self)
        for index in Self.pages.indices {
            #expect(Self.normalized(html[index]) == Self.normalized(html[Self.pages.count + index]), "the fix changed what Python-Markdown renders:\n\(Self.pages[index])\n---\n\(fixed[index])")
        }
        #expect(fixed.contains { $0.contains("Use `make`  \nthen") }, "the line break after a code span stays two spaces")
    }
}
