// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources

/// Settings with every extension the corpus uses switched on.
func allExtensions() -> MarkdownSettings {
    var settings = MarkdownSettings()
    settings.parsing.smarty = false
    settings.parsing.caret = true
    settings.parsing.tilde = true
    settings.parsing.mark = true
    settings.parsing.smartSymbols = true
    settings.parsing.inlineHilite = true
    settings.parsing.markdownInHTML = true
    settings.parsing.meta = false
    settings.highlightsCode = true
    return settings
}

/// The content HTML of `markdown` rendered as a page at `path`.
func render(_ markdown: String, settings: MarkdownSettings = allExtensions(), path: String = "page.md") -> String {
    let file = PageFile(path: path, absolutePath: "/tmp/" + path, destination: "page/index.html", url: "page/")
    let parsed = PagePipeline.parse(source: markdown, file: file, settings: settings)
    var renderer = HTMLRenderer(settings: settings)
    return renderer.render(parsed.document).string
}

/// The parsed document of `markdown`.
func parse(_ markdown: String, options: MarkdownOptions = allExtensions().parsing) -> (Document, [Diagnostic]) {
    var log = DiagnosticLog()
    let document = MarkdownParser.parse(markdown, file: "page.md", options: options, log: &log)
    return (document, log.diagnostics)
}
