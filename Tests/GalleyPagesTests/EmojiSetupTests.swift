// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import GalleyMarkup
import GalleyOracle
import GalleyPages
import GalleySources
import Testing

/// `pymdownx.emoji` set up from `mkdocs.yml` with what is installed on the machine, and every
/// shortcode or option it cannot honour reported where it is written.
@Suite("Emoji setup and diagnostics")
struct EmojiSetupTests {
    static let venv = ["VIRTUAL_ENV": Oracle.repository.appendingPathComponent(".build/oracle-venv").path]

    static func settings(_ yaml: String, packages: PythonPackages? = nil) throws -> (MarkdownSettings, [Diagnostic]) {
        let (config, configDiagnostics) = try ConfigLoader.parse("site_name: Emoji\n" + yaml, path: "mkdocs.yml")
        var log = DiagnosticLog()
        let settings = MarkdownSettings(config: config, log: &log, packages: packages ?? .onThisMachine(projectDirectory: "/", environment: venv))
        return (settings, configDiagnostics + log.diagnostics)
    }

    static func parse(_ markdown: String, _ settings: MarkdownSettings) -> ParsedPage {
        let file = PageFile(path: "guide/page.md", absolutePath: "/docs/guide/page.md", destination: "guide/page/index.html", url: "guide/page/")
        return PagePipeline.parse(source: markdown, file: file, settings: settings)
    }

    static let material = """
        markdown_extensions:
          - pymdownx.emoji:
              emoji_index: !!python/name:material.extensions.emoji.twemoji
              emoji_generator: !!python/name:material.extensions.emoji.to_svg

        """

    @Test func unknownShortcodesAreWarnedAtTheirPlace() throws {
        let (settings, setup) = try Self.settings(Self.material)
        #expect(setup.isEmpty, "\(setup)")
        let page = Self.parse("# Title\n\nFine :smile: here.\n\n* item with :no-such-icon: and :smile:\n* at 12:30:45 nothing\n\n> quoted :nope:\n", settings)
        #expect(page.diagnostics.map(\.description) == [
            "guide/page.md:5:13: warning: `:no-such-icon:` is not an emoji or icon the configured index knows; it stays as written [page.unknown_emoji]",
            "guide/page.md:8:10: warning: `:nope:` is not an emoji or icon the configured index knows; it stays as written [page.unknown_emoji]",
        ])
    }

    @Test func strictMakesAnUnknownShortcodeAnError() throws {
        let (settings, _) = try Self.settings(Self.material.replacingOccurrences(of: "      emoji_index", with: "      strict: true\n      emoji_index"))
        let page = Self.parse("Oops :smiel:\n", settings)
        #expect(page.diagnostics.map(\.severity) == [.error])
        #expect(page.diagnostics.first?.location.description == "guide/page.md:1:6")
    }

    @Test func aHeadingIconIsLeftOutOfItsIDAndTitle() throws {
        let (settings, _) = try Self.settings(Self.material)
        let page = Self.parse("## :material-check-all: on all pages\n", settings)
        #expect(page.headings.first?.id == "on-all-pages")
        #expect(page.headings.first?.title == "on all pages")
    }

    /// With no Python package on the machine, the copy of their data Galley's build fetched
    /// gives the index and the icons: `:smile:` and `:material-github:` render.
    @Test func withoutPythonTheBundledCopyGivesEmojiAndIcons() throws {
        let bundled = PythonPackages.bundledFolders()
        #expect(bundled.count == 1, "the build fetches the packages' data (scripts/fetch-python-data.py)")
        let (settings, diagnostics) = try Self.settings(Self.material, packages: PythonPackages(folders: bundled))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let page = Self.parse("Hi :smile: and :material-github: and :fontawesome-brands-github:.\n", settings)
        #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
        var renderer = HTMLRenderer(settings: settings)
        let html = renderer.render(page.document).string
        #expect(html.contains("<img alt=\"\u{1F604}\" class=\"twemoji\"") && html.components(separatedBy: "<span class=\"twemoji\"><svg").count == 3, "\(html)")
        #expect(!html.contains("Hi :smile:") && !html.contains("and :material-github:"), "no shortcode is left as written: \(html)")
    }

    @Test func withoutPymdownExtensionsInstalledItSaysSoAndLeavesShortcodes() throws {
        let (settings, diagnostics) = try Self.settings(Self.material, packages: PythonPackages(folders: []))
        #expect(settings.parsing.emoji == nil)
        #expect(diagnostics.map(\.code.description) == ["config.extension_dependency"])
        #expect(diagnostics.first?.location.description == "mkdocs.yml:3")
    }

    @Test func indexesAndGeneratorsGalleyCannotRunAreWarnedAtTheirLine() throws {
        let (_, diagnostics) = try Self.settings("""
            markdown_extensions:
              - pymdownx.emoji:
                  emoji_index: !!python/name:my_hooks.custom_index

            """)
        #expect(diagnostics.map(\.description) == [
            "mkdocs.yml:4: warning: the emoji index `my_hooks.custom_index` is Python code Galley cannot run; use `pymdownx.emoji.twemoji`, `emojione`, `gemoji` or `material.extensions.emoji.twemoji`. Shortcodes stay as written [config.extension_option]",
        ])
        let (settings, more) = try Self.settings("""
            markdown_extensions:
              - pymdownx.emoji:
                  emoji_generator: !!python/name:pymdownx.emoji.to_png_sprite
                  options:
                    attributes: {align: absmiddle}
                  sizes: 3

            """)
        #expect(settings.parsing.emoji?.generator == .png)
        #expect(more.map(\.location.line).sorted() == [4, 6, 7])
    }
}

