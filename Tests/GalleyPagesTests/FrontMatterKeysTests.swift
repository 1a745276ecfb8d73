// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import GalleyPages
import GalleySources
import Testing

/// Every front matter key either takes effect or is a warning at its line.
@Suite("Front matter keys")
struct FrontMatterKeysTests {
    @Test func keysWithoutEffectAreWarnedAtTheirLine() {
        let source = "---\ntitle: Setup\nstatus: new\nhide:\n  - toc\n  - navigation\ntemplate: home.html\nsnippets:\n  timeout: 20\n---\n\n# Setup\n"
        let file = PageFile(path: "setup.md", absolutePath: "/docs/setup.md", destination: "setup/index.html", url: "setup/")
        let page = PagePipeline.parse(source: source, file: file, settings: MarkdownSettings())
        #expect(page.diagnostics.map(\.description) == [
            "setup.md:3:1: warning: the front matter key `status` has no effect in Galley; it is ignored [page.front_matter_key]",
            "setup.md:4:1: warning: `hide: navigation` has no effect in Galley's theme; only `toc` and `feedback` can be hidden [page.front_matter_key]",
            "setup.md:7:1: warning: `template: home.html` names a template, but the site has no `theme.custom_dir` templates; the page is laid out as every other [page.front_matter_key]",
        ])
        #expect(page.title == "Setup")
        // With the template in `custom_dir`, and keys its templates read, nothing is said.
        var settings = MarkdownSettings()
        settings.themeTemplates = ThemeTemplateNames(names: ["home.html"], metaKeys: ["status"])
        let themed = PagePipeline.parse(source: source, file: file, settings: settings)
        #expect(themed.diagnostics.map(\.location.line) == [4])
    }
}
