import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyPages
import GalleySearch
import GalleySnippets
import GalleySources
import GalleyTheme

/// One language's search files: the mkdocs-compatible `search_index.json` and the theme's
/// index and text shards, written from the pages' entries.
struct SearchFiles: Sendable {
    var prefix: String
    var entries: [SearchIndex.Entry]
    var pages: [RenderedPage]

    func write(to writer: any SiteOutput) throws {
        let (pages, entries) = (pages, entries)
        try writer.writeLater({ try SiteFiles.searchIndex(pages) }, to: prefix + "search/search_index.json")
        // One index, made once, for the index script and every shard of text.
        let index = Deferred { SearchIndex(entries: entries) }
        try writer.writeLater({ try index.value().indexScript() }, to: prefix + "search/index.js")
        for shard in 0..<SearchIndex.shardCount(of: entries) {
            try writer.writeLater({ try index.value().textScript(shard: shard) }, to: prefix + "search/text/\(shard).js")
        }
    }
}

/// What a build into memory of a one-language site keeps for the next change.
package struct BuildState: Sendable {
    var config: SiteConfig
    var options: BuildOptions
    var tree: SourceTree
    var settings: MarkdownSettings
    var shown: ShownPaths
    var view: SiteBuilder.PreparedView
    /// Every page as rendered, in the tree's order (its HTML let go).
    var rendered: [RenderedPage]
    var search: SearchFiles
    /// What each page said while it was rendered, by page path.
    var pageDiagnostics: [String: [Diagnostic]]
    /// Everything else the build reported: configuration, navigation, snippets, files.
    var otherDiagnostics: [Diagnostic]

    /// Diagnostics shown from the working directory, in the order builds print them.
    static func sorted(_ diagnostics: some Sequence<Diagnostic>, shown: ShownPaths) -> [Diagnostic] {
        diagnostics.map(shown.locate).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    var diagnostics: [Diagnostic] {
        Self.sorted(otherDiagnostics + pageDiagnostics.values.joined(), shown: shown)
    }

    func failed(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error } || (options.strict && diagnostics.contains { $0.severity == .warning })
    }
}

/// Brings a site built into memory up to date after a change, re-doing only what the change
/// touches, or saying that it can't and a whole build is needed.
///
/// An edit to one existing page that leaves its title, its anchors and what it includes as
/// they were, and that runs no Swift snippet, changes that page alone: every other page's
/// navigation, links and anchors read the same. Such a page is parsed and rendered again,
/// its part of the search files written again, and its diagnostics replaced. Anything else
/// (a new, deleted or renamed file, the config, the theme, an included file, a title or
/// heading, a snippet) is a whole build. A property test holds the result to a full build's,
/// byte for byte.
package enum IncrementalSite {
    /// What an update did.
    package enum Outcome {
        /// The change was applied: the new site, its state, and the report.
        case updated(MemorySite, BuildState, BuildReport)
        /// The change failed the build: the diagnostics; and the site and state with the change
        /// in, which the next change starts from, while the last good site stays served.
        case failed([Diagnostic], MemorySite, BuildState)
        /// The change needs a whole build.
        case needsFullBuild
    }

    /// Applies the change to the files at `paths` (absolute) to `site`, built with `state`.
    package static func update(_ site: MemorySite, state: BuildState, changed paths: Set<String>) -> Outcome {
        guard !paths.isEmpty else { return .needsFullBuild }
        let pagesByPath = Dictionary(state.tree.pages.enumerated().map { ($1.absolutePath, $0) }, uniquingKeysWith: { first, _ in first })
        var indices: [Int] = []
        for path in paths {
            guard let index = pagesByPath[path], FileManager.default.fileExists(atPath: path) else { return .needsFullBuild }
            indices.append(index)
        }
        var state = state
        var changedPages: [(index: Int, parsed: ParsedPage)] = []
        for index in indices.sorted() {
            let file = state.tree.pages[index]
            guard let position = state.view.pages.firstIndex(where: { $0.file.path == file.path }) else { return .needsFullBuild }
            let old = state.view.pages[position]
            guard let parsed = try? PagePipeline.parse(file, settings: state.settings) else { return .needsFullBuild }
            guard parsed.title == old.title,
                  parsed.includedFiles.isEmpty, old.includedFiles.isEmpty,
                  PageAnchors.collect(parsed.document, headings: parsed.headings) == state.view.index.anchors[file.path],
                  !runsSnippets(parsed, config: state.config), !runsSnippets(old, config: state.config)
            else { return .needsFullBuild }
            state.view.pages[position] = parsed
            changedPages.append((position, parsed))
        }
        let next = site.copy()
        for (_, parsed) in changedPages {
            var page = PagePipeline.render(parsed, index: state.view.index, config: state.config, settings: state.settings)
            let html = PageTemplate.render(page, context: state.view.context, diagnostics: &page.diagnostics)
            do {
                try next.write(Data(html.utf8), to: page.file.destination)
            } catch {
                return .needsFullBuild
            }
            state.pageDiagnostics[page.file.path] = page.diagnostics
            page.html = ""
            if let position = state.rendered.firstIndex(where: { $0.file.path == page.file.path }) {
                state.rendered[position] = page
            }
            if let position = state.search.pages.firstIndex(where: { $0.file.path == page.file.path }) {
                state.search.pages[position] = page
                state.search.entries[position] = SearchIndex.Entry(page)
            }
        }
        if state.config.hasPlugin("search") {
            do { try state.search.write(to: next) } catch { return .needsFullBuild }
        }
        let diagnostics = state.diagnostics
        if state.failed(diagnostics) {
            return .failed(diagnostics.filter { $0.severity >= .warning }, next, state)
        }
        var report = BuildReport(diagnostics: diagnostics, pageCount: state.rendered.count, assetCount: state.tree.assets.count, siteDirectory: state.options.siteDirectory ?? "", wrote: true)
        report.snippets = state.view.snippets.summary
        report.otherSources = (
            state.view.pages.reduce(into: Set(state.config.templateDataFiles)) { $0.formUnion($1.includedFiles) },
            Set(state.settings.templates?.includeDirectories ?? [])
        )
        report.state = state
        return .updated(next, state, report)
    }

    /// Whether the page has a Swift block that runs, or one left unrun that the snippet
    /// report counts: the snippet stage's own test.
    private static func runsSnippets(_ page: ParsedPage, config: SiteConfig) -> Bool {
        SnippetEngine(config: config.snippets, projectDirectory: config.projectDirectory)
            .hasSnippets([SnippetPage(path: page.file.path, document: page.document)])
    }
}
