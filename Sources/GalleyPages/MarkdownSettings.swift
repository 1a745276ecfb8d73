// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown

/// What `markdown_extensions` asks of parsing and rendering.
package struct MarkdownSettings: Sendable, Equatable {
    /// Parser switches.
    package var parsing = MarkdownOptions()
    /// The permalink symbol after each heading, `nil` for none (`toc: permalink`).
    package var permalink: String?
    /// The title attribute of permalinks.
    package var permalinkTitle = "Permanent link"
    /// How headings get their ids (`toc.slugify`, `toc.separator`).
    package var headingSlugs = HeadingSlugStyle()
    /// Whether fenced code blocks get line numbers unless they say otherwise.
    package var lineNumbersByDefault = false
    /// Whether indented code blocks do: codehilite's `linenums` reaches them, but not fences
    /// that superfences renders (pymdownx.highlight's setting reaches both).
    package var indentedLineNumbersByDefault = false
    /// Each line of a code block carries an anchor, `#__codelineno-B-N` for line N of the
    /// page's block B, as `pymdownx.highlight`'s `anchor_linenums` asks.
    package var anchorsLines = false
    /// Whether code is highlighted at all (`codehilite` or `pymdownx.highlight` present).
    package var highlightsCode = false
    /// `--8<--` includes (`pymdownx.snippets`), when the site uses them.
    package var includes: IncludeSettings?
    /// The templates `theme.custom_dir` holds and the front matter keys they read: a page's
    /// `template:` naming one of them, or a key they read, takes effect.
    package var themeTemplates = ThemeTemplateNames()
    /// The `tags` plugin's settings: its front matter key takes effect.
    package var tags: TagsSettings?
    /// Pages rendered as templates first (the macros and markdownextradata plugins).
    package var templates: TemplateSettings?
    /// Tabs in `pymdownx.tabbed`'s alternate markup (labels first, `alternate_style: true`)
    /// rather than its classic one (each label before its content).
    package var alternateTabs = true
    /// Whether a code block's wrapper names its language (`language-kotlin highlight`), as
    /// `pygments_lang_class: true` asks; otherwise it is `highlight` alone.
    package var namesLanguageOnBlocks = false
    /// A diagram that cannot be drawn is a warning, and the page shows the error in its place
    /// (`--keep-going`); otherwise it is an error.
    package var diagramFailuresAreWarnings = false
    /// The API reference's pages and symbols, when `galley.api` made them.
    package var api: APIPages?
    /// The blog's pages: its posts' folder (`blog/posts/`), whose pages take the post's
    /// front matter keys, and the Markdown of the views it makes, by path.
    package var blogPostFolder: String?
    package var blogPages: [String: String] = [:]

    package init() {}

    /// The settings `config` implies. Extensions that read data installed on this machine
    /// (emoji indexes, icon sets) look for it in the Python folders `environment` points to,
    /// and report what they cannot find in `log`.
    package init(config: SiteConfig, log: inout DiagnosticLog, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(config: config, log: &log, packages: PythonPackages.onThisMachine(projectDirectory: config.projectDirectory, environment: environment))
    }

    /// The settings `config` implies, with installed data read from `packages`.
    package init(config: SiteConfig, log: inout DiagnosticLog, packages: PythonPackages) {
        self.init()
        tags = config.tags
        var options = MarkdownOptions()
        let names = Set(config.markdownExtensions.map(\.name))
        options.admonition = names.contains("admonition")
        options.symbolLinks = config.api != nil
        options.details = names.contains("pymdownx.details")
        options.tabbed = names.contains("pymdownx.tabbed")
        options.footnotes = names.contains("footnotes") || names.contains("extra")
        options.smarty = names.contains("smarty")
        options.caret = names.contains("pymdownx.caret")
        options.tilde = names.contains("pymdownx.tilde")
        options.mark = names.contains("pymdownx.mark")
        options.smartSymbols = names.contains("pymdownx.smartsymbols")
        options.inlineHilite = names.contains("pymdownx.inlinehilite")
        options.attrList = names.contains("attr_list") || names.contains("extra")
        options.markdownInHTML = names.contains("md_in_html") || names.contains("extra")
        options.meta = names.contains("meta")
        options.keys = names.contains("pymdownx.keys")
        options.newlineToBreak = names.contains("nl2br")
        options.joinsCJKLines = config.joinsCJKLines
        options.abbreviations = names.contains("abbr") || names.contains("extra")
        options.definitionLists = names.contains("def_list") || names.contains("extra")
        options.saneLists = names.contains("sane_lists")
        parsing = options
        highlightsCode = names.contains("codehilite") || names.contains("pymdownx.highlight") || names.contains("pymdownx.superfences")
        templates = TemplateSettings.from(config)
        var codehiliteLineNumbers: Bool?
        var highlightLineNumbers: Bool?
        defer {
            // Fences go through superfences (and pymdownx.highlight) when it is on, else through
            // fenced_code and then codehilite; indented blocks through whichever highlighter is on.
            let fencesSkipCodehilite = names.contains("pymdownx.superfences")
            lineNumbersByDefault = highlightLineNumbers ?? (fencesSkipCodehilite ? false : codehiliteLineNumbers ?? false)
            indentedLineNumbersByDefault = highlightLineNumbers ?? codehiliteLineNumbers ?? false
        }
        for extensionConfig in config.markdownExtensions {
            switch extensionConfig.name {
            case "toc":
                switch extensionConfig.options["permalink"] {
                case .bool(let flag)?: permalink = flag ? "&para;" : nil
                case .string(let symbol)?: permalink = symbol
                default: break
                }
                if let title = extensionConfig.options["permalink_title"]?.string { permalinkTitle = title }
                headingSlugs = HeadingSlugStyle.read(extensionConfig.options).style
            case "codehilite", "pymdownx.highlight":
                if let flag = extensionConfig.options["linenums"]?.bool {
                    if extensionConfig.name == "pymdownx.highlight" { highlightLineNumbers = flag } else { codehiliteLineNumbers = flag }
                }
                if let flag = extensionConfig.options["pygments_lang_class"]?.bool { namesLanguageOnBlocks = flag }
                if let flag = extensionConfig.options["anchor_linenums"]?.bool { anchorsLines = flag }
            case "pymdownx.snippets":
                includes = IncludeSettings(extensionConfig, config: config)
            case "pymdownx.tabbed":
                alternateTabs = extensionConfig.options["alternate_style"]?.bool ?? false
            case "pymdownx.arithmatex":
                parsing.math = MathSettings.options(extensionConfig.options)
            case "pymdownx.escapeall":
                var escapes = EscapeAllOptions()
                escapes.hardBreak = extensionConfig.options["hardbreak"]?.bool ?? false
                escapes.nonBreakingSpace = extensionConfig.options["nbsp"]?.bool ?? false
                parsing.escapeAll = escapes
            case "pymdownx.critic":
                parsing.critic = extensionConfig.options["mode"]?.string.flatMap(CriticMode.init(rawValue:)) ?? .view
            case "pymdownx.emoji":
                parsing.emoji = EmojiSetup.options(extensionConfig, config: config, packages: packages, log: &log)
            default:
                break
            }
        }
    }
}

/// The templates of `theme.custom_dir` (`main.html`, `landing.html`) and the front matter
/// keys they read (`page.meta.comments`).
package struct ThemeTemplateNames: Sendable, Equatable {
    package var names: Set<String> = []
    package var metaKeys: Set<String> = []

    package init(names: Set<String> = [], metaKeys: Set<String> = []) {
        self.names = names
        self.metaKeys = metaKeys
    }
}
