// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleyMarkup
import GalleySources

/// A page after parsing: typed document with heading ids assigned and its title known.
package struct ParsedPage: Sendable {
    package var file: PageFile
    package var source: String
    package var document: Document
    package var headings: [TOCEntry]
    package var title: String
    package var diagnostics: [Diagnostic]
    /// Where each line of `source` was written, when includes were expanded into it.
    package var lineOrigins: LineOrigins?
    /// The files included into the page, absolute.
    package var includedFiles: Set<String> = []
    /// What its Swift snippets produced, once they ran: beside the document, which stays as
    /// the Markdown was read, for the renderer to show under each block.
    package var snippets = SnippetResults()
}

/// A page ready for the theme.
package struct RenderedPage: Sendable {
    package var file: PageFile
    package var title: String
    package var metadata: PageMetadata
    /// The content HTML.
    package var html: HTML
    /// The nested table of contents.
    package var toc: [TOCEntry]
    /// Search entries: the page itself first, then one per heading.
    package var searchSections: [SearchSection]
    package var diagnostics: [Diagnostic]

    /// A page made by hand (such as the 404 page) rather than from Markdown.
    package init(
        file: PageFile,
        title: String,
        metadata: PageMetadata = PageMetadata(),
        html: HTML,
        toc: [TOCEntry] = [],
        searchSections: [SearchSection] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.file = file
        self.title = title
        self.metadata = metadata
        self.html = html
        self.toc = toc
        self.searchSections = searchSections
        self.diagnostics = diagnostics
    }
}

/// One entry of the search index.
package struct SearchSection: Sendable, Equatable {
    /// The heading id, empty for the page entry.
    package var anchor: String
    package var title: String
    package var text: String

    package init(anchor: String, title: String, text: String) {
        self.anchor = anchor
        self.title = title
        self.text = text
    }
}

/// parse → transform (ids, links) → render, for one page at a time.
package enum PagePipeline {
    /// Reads and parses `file`.
    package static func parse(_ file: PageFile, settings: MarkdownSettings) throws(DiagnosticError) -> ParsedPage {
        if let generated = settings.api?.sources[file.path] {
            return parseGenerated(generated.markdown, origins: generated.origins, file: file, settings: settings)
        }
        if let generated = settings.blogPages[file.path] {
            return parse(source: generated, file: file, settings: settings)
        }
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            throw DiagnosticError(at: SourceLocation(file: file.path), "cannot read the page", code: PageCodes.unreadable)
        }
        guard let source = String(validating: data, as: UTF8.self) else {
            let position = UTF8Position.firstInvalid(in: data)
            throw DiagnosticError(
                at: SourceLocation(file: file.path, line: position?.line ?? 0, column: position?.column ?? 0),
                "the page is not valid UTF-8 from here on; save it as UTF-8",
                code: PageCodes.encoding
            )
        }
        return parse(source: source, file: file, settings: settings)
    }

    /// Parses `source` as the content of `file`, its includes expanded first.
    package static func parse(source: String, file: PageFile, settings: MarkdownSettings) -> ParsedPage {
        var source = source
        var origins: LineOrigins?
        var includeProblems: [Diagnostic] = []
        var includedFiles: Set<String> = []
        if let templates = settings.templates {
            // As mkdocs runs its plugins' page hook before Markdown's extensions: variables
            // first, then includes.
            var templateLog = DiagnosticLog()
            let title = { PageTitle.beforeParsing(source, path: file.path, navTitle: templates.navTitles[file.path]) }
            if let rendered = PageTemplate(settings: templates).render(source, page: file.path, title: title, log: &templateLog) {
                source = rendered
            }
            includeProblems = templateLog.diagnostics
        }
        if let includes = settings.includes {
            var expander = IncludeExpander(settings: includes)
            if let (expanded, lines) = expander.expand(source, path: file.path, absolutePath: file.absolutePath) {
                source = expanded
                origins = lines
            }
            includeProblems += expander.diagnostics
            includedFiles = expander.included
        }
        var log = DiagnosticLog()
        var document = MarkdownParser.parse(source, file: file.path, options: settings.parsing, log: &log)
        let isPost = settings.blogPostFolder.map { file.path.hasPrefix($0) } ?? false
        FrontMatterKeys.check(document.metadata, file: file.path, themeTemplates: settings.themeTemplates, tags: settings.tags, isPost: isPost, log: &log)
        if let tags = settings.tags { FrontMatterKeys.checkListingMarkers(source, file: file.path, tags: tags, log: &log) }
        DiagramFiles.inline(&document, file: file, log: &log, included: &includedFiles)
        let headings = TableOfContents.assignIDs(&document, slugs: settings.headingSlugs)
        let title = PageTitle.derive(metadata: document.metadata, blocks: document.blocks, path: file.path)
        // What the parse found is moved from the expanded page to where it was written.
        let found = log.diagnostics.map { origins?.locate($0, page: file.path) ?? $0 }
        return ParsedPage(file: file, source: source, document: document, headings: headings, title: title, diagnostics: includeProblems + found, lineOrigins: origins, includedFiles: includedFiles)
    }

    /// A page the API reference made: no templates or includes (it was written by code), and
    /// the markup it is written in (admonitions, heading anchors) read whatever the site's
    /// extensions are. What is found on it is reported where its lines came from.
    static func parseGenerated(_ source: String, origins: LineOrigins, file: PageFile, settings: MarkdownSettings) -> ParsedPage {
        var log = DiagnosticLog()
        var options = settings.parsing
        options.admonition = true
        options.attrList = true
        options.symbolLinks = true
        var document = MarkdownParser.parse(source, file: file.path, options: options, log: &log)
        let headings = TableOfContents.assignIDs(&document, slugs: settings.headingSlugs)
        let title = PageTitle.derive(metadata: document.metadata, blocks: document.blocks, path: file.path)
        let found = log.diagnostics.map { origins.locate($0, page: file.path) }
        return ParsedPage(file: file, source: source, document: document, headings: headings, title: title, diagnostics: found, lineOrigins: origins)
    }

    /// Resolves links against the whole site and renders the HTML.
    package static func render(_ page: ParsedPage, index: SiteIndex, config: SiteConfig, settings: MarkdownSettings) -> RenderedPage {
        var resolver = LinkResolver(page: page.file, index: index, validation: config.validation, source: page.source, symbols: settings.api?.table)
        let (resolved, linkDiagnostics) = resolver.resolve(page.document)
        var diagrams = DiagramStage(page: page.file.path, failuresAreWarnings: settings.diagramFailuresAreWarnings)
        let document = diagrams.apply(to: resolved)
        var renderer = HTMLRenderer(settings: settings, snippets: page.snippets)
        let html = renderer.render(document)
        let plainBlocks = settings.highlightsCode ? UnhighlightedLanguages.diagnostics(document, page: page.file.path) : []
        return RenderedPage(
            file: page.file,
            title: page.title,
            metadata: document.metadata,
            html: html,
            toc: TableOfContents.nest(page.headings),
            searchSections: SearchText.sections(of: document, title: page.title, figureText: diagrams.searchText),
            diagnostics: page.diagnostics + (linkDiagnostics + diagrams.diagnostics + plainBlocks).map { page.lineOrigins?.locate($0, page: page.file.path) ?? $0 }
        )
    }
}

/// The readable text of a document, split at headings, for the search index.
package enum SearchText {
    /// `figureText` gives the text of generated figures (diagrams), by their markup.
    package static func sections(of document: Document, title: String, figureText: [String: String] = [:]) -> [SearchSection] {
        var sections = [SearchSection(anchor: "", title: title, text: "")]
        func add(_ text: String) {
            guard !text.isEmpty else { return }
            let last = sections.count - 1
            sections[last].text += sections[last].text.isEmpty ? text : " " + text
        }
        var sawHeading = false
        // Material's `{ data-search-exclude }`: on a heading it keeps its whole section out of
        // the index, on a paragraph that paragraph.
        let searchExclude = "data-search-exclude"
        var excluded: Set<Int> = []
        document.blocks.forEachBlock { block in
            switch block {
            case .heading(let heading):
                defer { sawHeading = true }
                // A page's first heading, when it is its `# title`, is the page itself: one
                // result for both, as the reader sees one place (mkdocs-material does the same).
                if !sawHeading && heading.level == 1 { return }
                sections.append(SearchSection(anchor: heading.id, title: TableOfContents.headingText(heading.content), text: ""))
                if heading.attributes[searchExclude] != nil { excluded.insert(sections.count - 1) }
            case .paragraph(let inlines, _, let attributes):
                if attributes?.pairs.contains(where: { $0.key == searchExclude }) != true { add(text(inlines)) }
            case .code(let code): add(code.code.trimmingWhitespace())
            case .table(let table): add((table.header + table.rows.flatMap { $0 }).map(text).joined(separator: " "))
            case .admonition(let admonition): admonition.title.map { add(text($0)) }
            case .tabbedSet(let set): set.tabs.forEach { add(text($0.label)) }
            case .definitionList(let list): list.items.flatMap(\.terms).forEach { add(text($0)) }
            case .html(let markup): figureText[markup].map(add)
            case .blockQuote, .list, .htmlContainer, .thematicBreak: break
            }
        }
        return sections.indices.filter { !excluded.contains($0) }.map { sections[$0] }
    }

    private static func text(_ inlines: [Inline]) -> String {
        inlines.map { inline -> String in
            if case .html = inline { return "" }
            return inline.plainText
        }.joined()
    }
}
