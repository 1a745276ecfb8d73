// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleyMarkup
import GalleyOracle
import GalleyPages
import GalleySources

/// Python-Markdown with pymdown-extensions, as mkdocs runs them, from the venv `make test`
/// sets up, and Galley's rendering of the same Markdown.
enum MarkdownOracle {
    /// One page to render: the extensions `mkdocs.yml` lists, their options, the Markdown.
    struct Page: Encodable {
        var extensions: [String]
        var configs: [String: [String: String]] = [:]
        var markdown: String
        /// Options whose value is a list, for the oracle only (Galley reads them from `configs` as YAML).
        var listOptions: [String: [String: [String]]] = [:]
    }

    /// What Python-Markdown makes of each page.
    static func render(_ pages: [Page]) throws -> [String] {
        try Oracle.run("render.py", pages, as: [String].self)
    }

    /// What Galley makes of `page`, with the settings its `mkdocs.yml` would give.
    static func galley(_ page: Page) throws -> String {
        var yaml = "site_name: Parity\nmarkdown_extensions:\(page.extensions.isEmpty ? " []" : "")\n"
        for name in page.extensions {
            yaml += "  - \(name)"
            if let options = page.configs[name], !options.isEmpty {
                yaml += ":\n" + options.sorted { $0.key < $1.key }.map { "      \($0.key): \($0.value)\n" }.joined()
            } else {
                yaml += "\n"
            }
        }
        let (config, _) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        var log = DiagnosticLog()
        let settings = MarkdownSettings(config: config, log: &log, environment: ["VIRTUAL_ENV": Oracle.repository.appendingPathComponent(".build/oracle-venv").path])
        let file = PageFile(path: "page.md", absolutePath: "/docs/page.md", destination: "page/index.html", url: "page/")
        let parsed = PagePipeline.parse(source: page.markdown, file: file, settings: settings)
        var renderer = HTMLRenderer(settings: settings)
        return renderer.render(parsed.document).string
    }

    /// HTML with the whitespace between tags, which browsers ignore, taken out, and `&quot;`
    /// written as `"` (the same character in text; Galley escapes it everywhere).
    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .replacingOccurrences(of: "&quot;", with: "\"")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
