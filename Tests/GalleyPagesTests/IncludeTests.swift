// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyOracle
import GalleyPages
import GalleySources
import Testing

/// `--8<--` includes (`pymdownx.snippets`) as pymdown-extensions expands them, and every
/// include that can't be made a finding at the place it is written.
@Suite("Includes")
struct IncludeTests {
    /// A folder of files to include, made once.
    static let base: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-includes-\(UUID().uuidString)")
        let files = [
            "a.md": "Included *A*.\n",
            "lines.txt": "one\ntwo\nthree\nfour\nfive\n",
            "sections.md": "before\n<!-- --8<-- [start:intro] -->\nIntro **text**.\n<!-- --8<-- [end:intro] -->\n--8<-- [start:code]\nlet x = 1\n--8<-- [end:code]\nafter\n",
            "outer.md": "Outer start.\n\n--8<-- \"inner.md\"\n\nOuter end.\n",
            "inner.md": "Inner *text*.\n",
            "loop-a.md": "A says\n\n--8<-- \"loop-b.md\"\n",
            "loop-b.md": "B says\n\n--8<-- \"loop-a.md\"\n",
            "glossary.md": "*[HTML]: Hyper Text Markup Language\n",
            "code.swift": "struct Point {\n    var x = 0\n}\n",
            "emoji.md": "Some text.\nHello :nosuchthing: there.\n",
        ]
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try? text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }()

    static func page(_ markdown: String, extensions: [String] = ["pymdownx.snippets"], options: [String: String] = [:]) -> MarkdownOracle.Page {
        var configs = ["pymdownx.snippets": ["base_path": base.path]]
        configs["pymdownx.snippets"]!.merge(options) { $1 }
        return MarkdownOracle.Page(extensions: extensions, configs: configs, markdown: markdown)
    }

    static let fixtures: [(name: String, page: MarkdownOracle.Page)] = [
        ("a whole file", page("Before.\n\n--8<-- \"a.md\"\n\nAfter.\n")),
        ("line ranges", page("--8<-- \"lines.txt:2:3\"\n\n--8<-- \"lines.txt:4\"\n\n--8<-- 'lines.txt:1:1,5:5'\n")),
        ("sections", page("--8<-- \"sections.md:intro\"\n\n```\n--8<-- \"sections.md:code\"\n```\n", extensions: ["pymdownx.snippets", "pymdownx.superfences"])),
        ("nested includes", page("--8<-- \"outer.md\"\n")),
        ("an include cycle stops", page("--8<-- \"loop-a.md\"\n")),
        ("the block form", page("--8<--\na.md\n; inner.md\n\ninner.md\n--8<--\n")),
        ("an escaped marker", page(";--8<-- \"a.md\"\n")),
        ("indented under a list item", page("* Item\n\n    --8<-- \"outer.md\"\n\n* Next\n")),
        ("a missing file is left out", page("Text.\n\n--8<-- \"missing.md\"\n")),
        ("a glossary appended to every page", page("The HTML spec.\n", extensions: ["pymdownx.snippets", "abbr"], options: ["auto_append": "[glossary.md]"])),
    ]

    @Test func everyFixtureMatchesPythonMarkdown() throws {
        // `auto_append` is a list; the oracle gets it as one.
        var pages = Self.fixtures.map(\.page)
        for index in pages.indices where pages[index].configs["pymdownx.snippets"]?["auto_append"] != nil {
            pages[index].listOptions = ["pymdownx.snippets": ["auto_append": ["glossary.md"]]]
        }
        let expected = try MarkdownOracle.render(pages)
        for (fixture, python) in zip(Self.fixtures, expected) {
            let ours = try MarkdownOracle.galley(fixture.page)
            #expect(MarkdownOracle.normalized(ours) == MarkdownOracle.normalized(python), "\(fixture.name)\nGalley:\n\(ours)\nPython-Markdown:\n\(python)")
        }
    }

    static func parse(_ markdown: String, options: String = "") throws -> ParsedPage {
        let yaml = "site_name: Includes\nmarkdown_extensions:\n  - pymdownx.emoji\n  - pymdownx.snippets:\n      base_path: \(base.path)\n\(options)"
        let (config, _) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        var log = DiagnosticLog()
        let settings = MarkdownSettings(config: config, log: &log, environment: ["VIRTUAL_ENV": Oracle.repository.appendingPathComponent(".build/oracle-venv").path])
        let file = PageFile(path: "guide/page.md", absolutePath: "/docs/guide/page.md", destination: "guide/page/index.html", url: "guide/page/")
        return PagePipeline.parse(source: markdown, file: file, settings: settings)
    }

    @Test func aMissingFileIsAWarningAtItsPathAndAnErrorWithCheckPaths() throws {
        let page = try Self.parse("# Title\n\n  --8<-- \"missing.md\"\n")
        #expect(page.diagnostics.map(\.description) == ["guide/page.md:3:11: warning: the include `missing.md` is not a file under the base path (\(Self.base.path)); it is left out [includes.not_found]"])
        let strict = try Self.parse("--8<-- \"missing.md\"\n", options: "      check_paths: true\n")
        #expect(strict.diagnostics.map(\.severity) == [.error])
    }

    @Test func addressesCyclesAndMissingSectionsAreSaid() throws {
        let page = try Self.parse("--8<-- \"https://example.com/x.md\"\n\n--8<-- \"loop-a.md\"\n\n--8<-- \"sections.md:nothere\"\n")
        #expect(page.diagnostics.map(\.code.description) == ["includes.url", "includes.cycle", "includes.section_not_found"])
        // The cycle is found inside the included file, and named there.
        #expect(page.diagnostics[1].location.file == "loop-b.md" || page.diagnostics[1].location.file.hasSuffix("/loop-b.md"))
        #expect(page.diagnostics[1].location.line == 3)
    }

    @Test func aFindingInsideAnIncludedFileNamesThatFile() throws {
        let page = try Self.parse("Line one.\n\n--8<-- \"outer.md\"\n\n--8<-- \"emoji.md\"\n\nA :nosuchemoji: here.\n")
        let findings = page.diagnostics.filter { $0.code.description == "page.unknown_emoji" }
        #expect(findings.count == 2)
        #expect(findings.first { $0.location.file.hasSuffix("emoji.md") }.map { ($0.location.line, $0.location.column) } ?? (0, 0) == (2, 7))
        #expect(findings.first { $0.location.file == "guide/page.md" }?.location.line == 7)
    }
}
