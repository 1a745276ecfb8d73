// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyPages
import GalleySources
import Testing

/// A page that is not a valid template, or names what nothing defines, is said at its place.
@Suite("Page template errors")
struct PageTemplateErrorTests {
    static func parse(_ markdown: String, plugin: String = "  - macros\n") throws -> ParsedPage {
        let (config, _) = try ConfigLoader.parse("site_name: T\nplugins:\n\(plugin)extra:\n  lib:\n    version: '1'\n", path: "mkdocs.yml")
        var log = DiagnosticLog()
        let settings = MarkdownSettings(config: config, log: &log)
        let file = PageFile(path: "guide.md", absolutePath: "/docs/guide.md", destination: "guide/index.html", url: "guide/")
        return PagePipeline.parse(source: markdown, file: file, settings: settings)
    }

    @Test func anUnclosedTagIsAnErrorAtItsLine() throws {
        let page = try Self.parse("# Guide\n\nText.\n\n{% if lib.version %}\nNever closed.\n")
        #expect(page.diagnostics.map(\.code.description) == ["templates.syntax"])
        #expect(page.diagnostics.first?.severity == .error)
        #expect(page.diagnostics.first?.location.line == 5)
    }

    @Test func strictUndefinedIsAnErrorAndAnAttributeOfNothingStopsMarkdownExtraData() throws {
        let strict = try Self.parse("Use {{ missing }}.\n", plugin: "  - macros:\n      on_undefined: strict\n")
        #expect(strict.diagnostics.map(\.description) == ["guide.md:1:5: error: `missing` is not defined: neither the page's front matter, `extra` in mkdocs.yml nor the plugin gives it a value [templates.undefined]"])
        let extraData = try Self.parse("Use {{ missing.key }} and {{ lib.version }}.\n", plugin: "  - markdownextradata\n")
        #expect(extraData.diagnostics.map(\.severity) == [.error])
        #expect(extraData.diagnostics.first?.location.column == 5)
    }
}
