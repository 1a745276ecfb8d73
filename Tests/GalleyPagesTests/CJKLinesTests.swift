// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkup
import GalleyPages
import GalleySources
import Testing

/// `galley.markdown.join_cjk_lines`: a hard-wrapped Chinese or Japanese sentence renders
/// without the space a browser draws at each source line break, and only there.
@Suite("Joining CJK lines")
struct CJKLinesTests {
    static func html(_ markdown: String, join: Bool) throws -> String {
        let yaml = "site_name: D\n" + (join ? "galley:\n  markdown:\n    join_cjk_lines: true\n" : "")
        let (config, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        var log = DiagnosticLog()
        let settings = MarkdownSettings(config: config, log: &log, packages: PythonPackages(folders: []))
        let file = PageFile(path: "page.md", absolutePath: "/docs/page.md", destination: "page/index.html", url: "page/")
        let page = PagePipeline.parse(source: markdown, file: file, settings: settings)
        var renderer = HTMLRenderer(settings: settings)
        return renderer.render(page.document).string
    }

    static let source = "读者复制的示例，\n是在构建时运行的。\n*强调*\n文字 and English\n英文\nwords here\n한국어\n문장\n日本語の\nかな\n"

    @Test func offByDefaultAsInPythonMarkdown() throws {
        #expect(try Self.html(Self.source, join: false).contains("读者复制的示例，\n是在构建时运行的。\n"))
    }

    @Test func joinsOnlyBetweenUnspacedScripts() throws {
        let html = try Self.html(Self.source, join: true)
        #expect(html.contains("读者复制的示例，是在构建时运行的。<em>强调</em>文字 and English\n英文\nwords here\n한국어\n문장\n日本語のかな"), "\(html)")
    }

    @Test func aWrongValueIsAnErrorAtItsLine() {
        #expect(throws: DiagnosticError.self) {
            try ConfigLoader.parse("site_name: D\ngalley:\n  markdown:\n    join_cjk_lines: sometimes\n", path: "mkdocs.yml")
        }
        let unknown = try? ConfigLoader.parse("site_name: D\ngalley:\n  markdown:\n    join_lines: true\n", path: "mkdocs.yml").1
        #expect(unknown?.map(\.location.line) == [4])
    }
}
