// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkup
import GalleyPages
import GalleySearch
import GalleySnippets
import GalleySources
import GalleyTheme

/// What a build did.
package struct BuildReport: Sendable {
    /// Every diagnostic, sorted by location.
    package var diagnostics: [Diagnostic]
    /// Pages written.
    package var pageCount: Int
    /// Files copied from the docs directory.
    package var assetCount: Int
    /// Where the site is.
    package var siteDirectory: String
    /// Whether the site was written (a failed or strict build writes nothing).
    package var wrote: Bool
    /// How long each stage took, in order.
    package var stageTimes: [(stage: String, seconds: Double)] = []
    /// What the Swift snippets did, when there were any.
    package var snippets: SnippetReport.Summary?
    /// The snippet cache after this build kept it within `galley.cache.max_size`.
    package var cache: SnippetCache.Summary?
    /// `output` fences whose `expect` blocks printed something else.
    package var expectedOutputUpdates: [ExpectedOutputUpdate] = []
    /// Every executable block and how it fared, its location shown from the working directory.
    package var snippetBlocks: [SnippetBlockOutcome] = []
    /// Files and folders outside the docs that pages were made from (includes, template data
    /// files and include folders), absolute: what a preview watches besides the docs.
    package var otherSources: (files: Set<String>, folders: Set<String>) = ([], [])
    /// What a build into memory keeps so that the next change re-does only what it touches
    /// (``IncrementalSite``).
    package var state: BuildState?
}

extension BuildReport {
    /// Stage times as `-v` prints them: `Stages: scan 3.1 ms, pages 41.0 ms, ...`.
    package static func stagesLine(_ times: [(stage: String, seconds: Double)]) -> String {
        "Stages: " + times.map { String(format: "%@ %.1f ms", $0.stage, $0.seconds * 1000) }.joined(separator: ", ")
    }
}

/// Measures the stages of a build.
struct StageClock {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private(set) var times: [(stage: String, seconds: Double)] = []

    init() {
        last = clock.now
    }

    mutating func lap(_ stage: String) {
        let now = clock.now
        let elapsed = now - last
        times.append((stage, elapsed.seconds))
        last = now
    }
}

/// How to build.
package struct BuildOptions: Sendable {
    /// Override of `site_dir`.
    package var siteDirectory: String?
    /// Treat warnings as errors: nothing is written when any warning is reported.
    package var strict = false
    /// The generator line in each page.
    package var generator = "Galley"
    /// Snippet failures are warnings, and the pages show them, instead of failing the build.
    package var keepGoing = false
    /// Hears progress lines while snippets compile and run.
    package var progress: @Sendable (String) -> Void = { _ in }
    /// Hears lines worth keeping, such as the snippets' summary.
    package var notice: @Sendable (String) -> Void = { _ in }
    /// Replace a non-empty site folder that Galley did not write (`--clean`); without it such
    /// a folder is left alone and the build fails.
    package var clean = false
    /// Runs every snippet program, taking no stored outcome (`galley check` always, `build`
    /// and `serve` with `--rerun`); compiled programs are still reused.
    package var rerunsSnippets = false
    /// Only this part of the pages with snippets runs them (`galley check --shard K/N`).
    package var snippetShard: SnippetShard?
    /// The shared cache the command line names, over the config's.
    package var remoteCache = RemoteCacheOverride()
    /// The address of `galley serve`'s live-reload client, which every page then loads.
    package var liveReloadScript: String?
    /// Build into memory rather than a folder (`galley serve`): nothing is written to disk,
    /// and the site folder is only named in the report.
    package var memory: MemorySite?
    /// The process exits once the build returns (`galley build`): the build's pages are
    /// left for the exit to free rather than torn down one by one.
    package var endsWithProcess = false

    package init(siteDirectory: String? = nil, strict: Bool = false) {
        self.siteDirectory = siteDirectory
        self.strict = strict
    }
}

/// config → sources → pages → theme → output, writing the site to a temporary directory and
/// swapping it into place only when everything succeeded.
package enum SiteBuilder {
    package static func build(config: SiteConfig, configDiagnostics: [Diagnostic] = [], options: BuildOptions = BuildOptions()) throws(DiagnosticError) -> BuildReport {
        var log = DiagnosticLog()
        var stages = StageClock()
        let started = Date()
        configDiagnostics.forEach { log.report($0) }
        var sources = try scanSources(config: config, options: options, log: &log)
        stages.lap("scan")
        if config.api != nil {
            addAPIReference(to: &sources, options: options, stages: &stages, log: &log)
            stages.lap("api: adding the pages")
        }
        if let rss = config.rss, config.siteURL?.isEmpty ?? true {
            log.warn(at: SourceLocation(file: config.configFile, line: rss.line), "the `rss` plugin's feeds need `site_url`: without it their entries have no links", code: ConfigCodes.pluginOption)
        }
        if config.blog != nil {
            addBlog(to: &sources, options: options, log: &log)
            stages.lap("blog: posts and views")
        }
        let site = prepareViews(sources, options: options, stages: &stages, log: &log)
        let cache = pruneSnippetCache(config: config, tree: sources.tree, started: started)
        stages.lap("snippet cache")
        let writer = try openWriter(sources.siteDirectory, options: options)
        var report: BuildReport
        do {
            try writer.reserve(site.prepared.flatMap { $0.pages.map(\.file.destination) })
            stages.lap("directories")
            let output = try renderPages(site.prepared, settings: sources.settings, writer: writer, options: options, config: config)
            stages.lap("render+write")
            output.notFoundDiagnostics.forEach { log.report($0) }
            let redirects = SiteFiles.redirects(config, tree: sources.tree, log: &log)
            report = makeReport(sources, site: site, output: output, cache: cache, options: options, log: log)
            if report.diagnostics.contains(where: { $0.severity == .error }) || (options.strict && report.diagnostics.contains { $0.severity == .warning && !$0.isAboutTheSharedCache }) {
                writer.abandon()
                throw DiagnosticError(report.diagnostics.filter { $0.severity >= .warning })
            }
            try copyAssets(sources, writer: writer)
            stages.lap("assets")
            try writeSiteFiles(sources, site: site, output: output, redirects: redirects, writer: writer)
            stages.lap("site files")
            try writer.commit()
            stages.lap("swap")
            report.diagnostics += afterSwap(writer, siteDirectory: sources.siteDirectory, options: options)
            if options.endsWithProcess {
                ProcessLifetime.keepUntilExit((site, output, sources.tree))
            }
        } catch let error as DiagnosticError {
            throw error
        } catch let error as FileSystemError {
            writer.abandon()
            throw DiagnosticError(at: SourceLocation(file: sources.siteDirectory), "\(error); the previous site is unchanged", code: SiteCodes.write)
        } catch {
            writer.abandon()
            throw DiagnosticError(at: SourceLocation(file: sources.siteDirectory), "cannot write the site: \(error.localizedDescription)", code: SiteCodes.write)
        }
        report.wrote = true
        report.stageTimes = stages.times
        return report
    }

    /// What the build reads before any page: the sources, the Markdown settings, the theme's
    /// overrides, the site's languages and the pages' revision dates.
    struct ScannedSources: Sendable {
        var config: SiteConfig
        var siteDirectory: String
        var tree: SourceTree
        var settings: MarkdownSettings
        var overrides: ThemeOverrides?
        var views: [SiteView]
        var revisionDates: RevisionDates?
        /// The `blog` plugin's blog, laid out.
        var blog: Blog?
    }

    /// Every view parsed, its snippets run and laid out for the theme.
    struct PreparedSite: Sendable {
        var parsed: [ParsedView]
        var prepared: [PreparedView]
        var snippets: SnippetRun
    }

    /// The rendered pages of every view, as written.
    struct RenderedSite: Sendable {
        var rendered: [RenderedPage] = []
        var searches: [SearchFiles] = []
        /// What each page said while it was rendered, apart from the rest: a change to one
        /// page replaces its part alone.
        var pageDiagnostics: [String: [Diagnostic]] = [:]
        /// The pages kept whole for an incremental preview.
        var contents: [RenderedPage] = []
        /// What laying out the theme's 404 page alone said.
        var notFoundDiagnostics: [Diagnostic] = []
    }

    private static func scanSources(config: SiteConfig, options: BuildOptions, log: inout DiagnosticLog) throws(DiagnosticError) -> ScannedSources {
        let siteDirectory = try SiteLayout.siteDirectory(config: config, override: options.siteDirectory)
        // A preview shows the drafts; a build, and so a check, leaves them out.
        let tree = try SourceScanner.scan(config, includesDrafts: options.memory != nil, log: &log)
        var settings = MarkdownSettings(config: config, log: &log)
        settings.themeTemplates = ThemeTemplateNames(names: Set(tree.theme?.templates ?? []), metaKeys: tree.theme?.metaKeys ?? [])
        settings.diagramFailuresAreWarnings = options.keepGoing
        let overrides = ThemeOverrides.load(tree.theme, config: config, log: &log)
        ThemeIconCheck.run(config: config, log: &log)
        return ScannedSources(
            config: config, siteDirectory: siteDirectory, tree: tree, settings: settings, overrides: overrides,
            views: SiteView.views(of: tree, config: config), revisionDates: readRevisionDates(config: config, tree: tree, log: &log)
        )
    }

    /// Parses each view, runs the snippets, and lays the views out for the theme, linked to
    /// one another.
    private static func prepareViews(_ sources: ScannedSources, options: BuildOptions, stages: inout StageClock, log: inout DiagnosticLog) -> PreparedSite {
        // Each language of the site is built as a site of its own, into its part of the one
        // output folder; a site in one language is one view.
        var parsedViews: [ParsedView] = []
        for view in sources.views {
            var viewLog = DiagnosticLog()
            parsedViews.append(parse(view, settings: sources.settings, stages: &stages, log: &viewLog))
            // A page a language shows from the default language's file said its problems there.
            viewLog.diagnostics.filter { !view.fallbacks.contains($0.location.file) }.forEach { log.report($0) }
        }
        // Every language's snippets in one run: a page several languages show runs once, and
        // all programs compile side by side and link together.
        let snippets = runSnippets(&parsedViews, options: options, log: &log)
        stages.lap("snippets")
        var prepared = parsedViews.enumerated().map { index, parsed in
            var ready = finish(parsed, snippets: index == 0 ? snippets : SnippetRun(), overrides: sources.overrides, blog: sources.blog, settings: sources.settings, options: options, stages: &stages)
            ready.context.revisionDates = sources.revisionDates
            return ready
        }
        SiteView.link(&prepared)
        return PreparedSite(parsed: parsedViews, prepared: prepared, snippets: snippets)
    }

    /// Where the site goes: the preview's memory, or a new folder beside the site folder.
    private static func openWriter(_ siteDirectory: String, options: BuildOptions) throws(DiagnosticError) -> any SiteOutput {
        if let memory = options.memory { return memory }
        do {
            return try SiteWriter(siteDirectory: siteDirectory, replaceUnmarked: options.clean) {
                options.notice("Another build is writing \(siteDirectory); waiting for it to finish.")
            }
        } catch {
            throw DiagnosticError(at: SourceLocation(file: siteDirectory), "cannot write the site: \(error)", code: SiteCodes.write)
        }
    }

    /// Renders and writes every view's pages, and gathers their search entries.
    private static func renderPages(_ prepared: [PreparedView], settings: MarkdownSettings, writer: any SiteOutput, options: BuildOptions, config: SiteConfig) throws -> RenderedSite {
        var output = RenderedSite()
        for (position, view) in prepared.enumerated() {
            let outcome = try renderAndWrite(view, settings: settings, writer: writer, keepsContent: options.memory != nil && prepared.count == 1, writesNotFound: position == 0)
            output.notFoundDiagnostics += outcome.notFound
            output.contents += outcome.contents
            outcome.rendered.forEach { page in
                guard !view.view.fallbacks.contains(page.file.path) else { return }
                output.pageDiagnostics[page.file.path, default: []] += page.diagnostics
            }
            output.rendered += outcome.rendered
            output.searches.append(SearchFiles(prefix: view.view.prefix, entries: outcome.search, pages: outcome.rendered, writesMkdocsIndex: config.writesMkdocsSearchIndex))
        }
        return output
    }

    /// The report of a build whose pages are written: every problem, sorted, what the
    /// snippets did, and, for a preview of one language, what a later update starts from.
    private static func makeReport(_ sources: ScannedSources, site: PreparedSite, output: RenderedSite, cache: SnippetCache.Summary?, options: BuildOptions, log: DiagnosticLog) -> BuildReport {
        let config = sources.config
        let shown = ShownPaths(config: config, tree: sources.tree)
        let sorted = BuildState.sorted(log.diagnostics + output.pageDiagnostics.values.joined(), shown: shown)
        var report = BuildReport(diagnostics: sorted, pageCount: output.rendered.count, assetCount: sources.tree.assets.count, siteDirectory: sources.siteDirectory, wrote: false)
        report.snippets = site.snippets.summary
        report.cache = cache
        report.otherSources = (
            site.prepared.flatMap(\.pages).reduce(into: Set(config.templateDataFiles)) { $0.formUnion($1.includedFiles) },
            Set(sources.settings.templates?.includeDirectories ?? [])
        )
        report.snippetBlocks = site.snippets.blocks.map { block in
            var block = block
            block.location.file = shown.page(block.page)
            return block
        }
        report.expectedOutputUpdates = site.snippets.updates
        if options.memory != nil, site.prepared.count == 1 {
            report.state = BuildState(
                config: config, options: options, tree: sources.tree, settings: sources.settings, shown: shown, view: site.prepared[0],
                rendered: output.rendered, contents: output.contents, search: output.searches[0], pageDiagnostics: output.pageDiagnostics, otherDiagnostics: log.diagnostics
            )
        }
        return report
    }

    /// The docs' assets, and what `custom_dir` holds besides templates unless the docs have a
    /// file there.
    private static func copyAssets(_ sources: ScannedSources, writer: any SiteOutput) throws {
        for asset in sources.tree.assets {
            try writer.copy(asset.absolutePath, to: asset.destination)
        }
        for file in sources.tree.theme?.staticFiles ?? [] where !writer.exists(file.path) {
            try writer.copy(file.absolutePath, to: file.path)
        }
    }

    /// The theme's files, the sitemap, redirects and alternates, and the search index.
    private static func writeSiteFiles(_ sources: ScannedSources, site: PreparedSite, output: RenderedSite, redirects: [(destination: String, target: String)], writer: any SiteOutput) throws {
        let prepared = site.prepared
        for file in try ThemeAssets.files(for: prepared[0].context) + ThemeAssets.languageFiles(for: prepared.dropFirst().map(\.context)) {
            try writer.write(file.data, to: ThemeAssets.directory + "/" + file.name)
        }
        let alternates = prepared.reduce(into: [:]) { $0.merge($1.context.alternates) { first, _ in first } }
        // The `rss` plugin's feeds, each language's in its own folder.
        if let rss = sources.config.rss {
            for view in prepared {
                for file in RSSFeeds.files(settings: rss, config: view.view.config, pages: view.pages, blog: view.context.blog, docsDirectory: sources.tree.docsDirectory) {
                    try writer.write(file.data, to: view.view.prefix + file.name)
                }
            }
        }
        // The `tags` plugin's `tags.json`, each language's in its own folder.
        for view in prepared {
            guard let tags = view.context.tags, tags.settings.export else { continue }
            try writer.write(tags.export(titles: { view.context.title(ofPath: $0.path) }), to: view.view.prefix + tags.settings.exportFile)
        }
        try writeExtras(config: sources.config, pages: prepared.flatMap(\.view.tree.pages), alternates: alternates, redirects: redirects, writer: writer)
        if sources.config.hasPlugin("search") {
            for search in output.searches { try search.write(to: writer) }
        }
    }

    /// What the user is told once the new site is in place.
    private static func afterSwap(_ writer: any SiteOutput, siteDirectory: String, options: BuildOptions) -> [Diagnostic] {
        guard let disk = writer as? SiteWriter else { return [] }
        if disk.replacesInPlace {
            options.notice("\(siteDirectory) is a mount point, so the new site replaced its contents rather than the folder.")
        }
        guard let leftover = disk.leftover else { return [] }
        return [Diagnostic(.warning, at: SourceLocation(file: siteDirectory), "the new site is in place, but part of the old one could not be removed: \(leftover)", code: SiteCodes.leftover)]
    }

    /// One view of the site parsed, its snippets run, and laid out for the theme.
    struct PreparedView: Sendable {
        var view: SiteView
        var pages: [ParsedPage]
        var index: SiteIndex
        var context: SiteContext
        /// What the site's snippets did: the whole site's run in the first view, nothing in the others.
        var snippets: SnippetRun
        var overrides: ThemeOverrides?
    }

    /// One view of the site parsed, before its snippets ran.
    struct ParsedView: Sendable {
        var view: SiteView
        var navigation: Navigation
        var pages: [ParsedPage]
    }

    private static func parse(_ view: SiteView, settings: MarkdownSettings, stages: inout StageClock, log: inout DiagnosticLog) -> ParsedView {
        let navigation = Navigation.resolve(view.config, tree: view.tree, log: &log)
        let parsed: [Result<ParsedPage, DiagnosticError>] = parallelMap(view.tree.pages) { page in
            do throws(DiagnosticError) {
                return .success(try PagePipeline.parse(page, settings: settings))
            } catch {
                return .failure(error)
            }
        }
        var pages: [ParsedPage] = []
        for result in parsed {
            switch result {
            case .success(let page): pages.append(page)
            case .failure(let error): error.diagnostics.forEach { log.report($0) }
            }
        }
        stages.lap("parse" + languageSuffix(view))
        return ParsedView(view: view, navigation: navigation, pages: pages)
    }

    /// With several languages each view's stages say whose they are.
    private static func languageSuffix(_ view: SiteView) -> String {
        view.language.map { " [\($0.locale)]" } ?? ""
    }

    private static func finish(_ parsed: ParsedView, snippets: SnippetRun, overrides: ThemeOverrides?, blog: Blog?, settings: MarkdownSettings, options: BuildOptions, stages: inout StageClock) -> PreparedView {
        let view = parsed.view
        var titles: [String: String] = [:]
        for page in parsed.pages { titles[page.file.path] = page.title }
        let tags = tagIndex(parsed.pages, config: view.config, titles: titles)
        var anchors: [String: Set<String>] = [:]
        for page in parsed.pages {
            anchors[page.file.path] = PageAnchors.collect(page.document, headings: page.headings)
        }
        // A link to a tag in the listing (`tags.md#tag:setup`) finds its anchor.
        if let tags, let listing = tags.listingPage {
            anchors[listing.path, default: []].formUnion(tags.tableOfContents.map(\.id))
        }
        let index = SiteIndex(tree: view.tree, anchors: anchors)
        stages.lap("anchors" + languageSuffix(view))
        var context = makeContext(view, navigation: parsed.navigation, titles: titles, overrides: overrides, options: options)
        context.tags = tags
        if var blog {
            blog.readtimes = readTimes(of: blog, pages: parsed.pages, index: index, config: view.config, settings: settings)
            context.blog = blog
        }
        stages.lap("theme context" + languageSuffix(view))
        return PreparedView(view: view, pages: parsed.pages, index: index, context: context, snippets: snippets, overrides: overrides)
    }

    /// The `tags` plugin's index of `pages`, when the site uses the plugin.
    static func tagIndex(_ pages: [ParsedPage], config: SiteConfig, titles: [String: String]) -> TagIndex? {
        guard let settings = config.tags else { return nil }
        return TagIndex(settings: settings, pages: TagIndex.pages(pages, settings: settings), titles: titles, extra: config.extra)
    }

    /// What the theme needs of the whole site to lay out one page of `view`.
    static func makeContext(_ view: SiteView, navigation: Navigation, titles: [String: String], overrides: ThemeOverrides?, options: BuildOptions) -> SiteContext {
        var context = SiteContext(config: view.config, navigation: navigation, titles: titles, generator: options.generator)
        context.liveReloadScript = options.liveReloadScript
        context.overrides = overrides
        context.searchPrefix = view.prefix
        context.untranslated = view.fallbacks
        context.defaultLocale = view.config.i18n?.languages.first { $0.isDefault }?.locale
        return context
    }

    /// Renders, lays out and writes each page of `view` in one pass, so one core's disk waits
    /// overlap with the other's rendering and no page's HTML outlives its write. Pages are
    /// written into the staging directory before the diagnostics are judged; a failed build
    /// abandons it whole.
    /// With `keepsContent` (a build into memory), each page's content before the theme laid it
    /// out is returned too, so that a change of titles can lay the pages out again alone.
    /// With `writesNotFound`, the theme's 404 page is laid out too (unless the docs have one),
    /// before the templates' failures are counted; those of the 404 page alone are returned
    /// apart, as it has no diagnostics of its own.
    private static func renderAndWrite(_ view: PreparedView, settings: MarkdownSettings, writer: any SiteOutput, keepsContent: Bool = false, writesNotFound: Bool = false) throws -> (rendered: [RenderedPage], search: [SearchIndex.Entry], contents: [RenderedPage], notFound: [Diagnostic]) {
        let config = view.view.config
        let index = view.index
        let context = view.context
        let indexesSearch = config.hasPlugin("search")
        let pagesByPath = context.blog == nil ? [:] : Dictionary(view.pages.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        let outcomes = parallelMap(view.pages) { parsed -> (page: RenderedPage, search: SearchIndex.Entry?, content: RenderedPage?, failure: (any Error)?) in
            var page = PagePipeline.render(parsed, index: index, config: config, settings: settings)
            if let blog = context.blog {
                page.html = blogPage(page, blog: blog, pages: pagesByPath, index: index, context: context, config: config, settings: settings)
            }
            let content = keepsContent ? page : nil
            do {
                try writer.writeReserved(PageTemplate.parts(page, context: context), to: page.file.destination)
            } catch {
                return (page, nil, nil, error)
            }
            page.html = .empty
            return (page, indexesSearch ? SearchIndex.Entry(page, tags: context.tags?.tags(of: page.file.path) ?? [], title: context.searchTitle(of: page)) : nil, content, nil)
        }
        if let failure = outcomes.lazy.compactMap(\.failure).first {
            throw failure
        }
        let writesOwnNotFound = writesNotFound && !writer.exists("404.html")
        if writesOwnNotFound {
            try writer.write(notFoundPage(context: context), to: "404.html")
        }
        var rendered = outcomes.map(\.page)
        let notFound = attachTemplateFailures(context: context, to: &rendered, extraPages: writesOwnNotFound ? 1 : 0)
        return (rendered, outcomes.compactMap(\.search), outcomes.compactMap(\.content), notFound)
    }

    /// The site templates' failures while laying out `pages` (and `extraPages` more), each on
    /// the first page it failed on, counted over all of them so that a template that fails
    /// everywhere says so. Returns those of no page in `pages` (the 404 page's).
    static func attachTemplateFailures(context: SiteContext, to pages: inout [RenderedPage], extraPages: Int = 0) -> [Diagnostic] {
        let positions = Dictionary(pages.indices.map { (pages[$0].file.path, $0) }, uniquingKeysWith: { first, _ in first })
        var elsewhere: [Diagnostic] = []
        for (page, diagnostic) in PageTemplate.failures(context: context, pageCount: pages.count + extraPages) {
            if let position = positions[page] { pages[position].diagnostics.append(diagnostic) } else { elsewhere.append(diagnostic) }
        }
        return elsewhere
    }

    /// Keeps the project's snippet cache (`.galley/`) within its budget, once per build after
    /// every language's snippets ran; `nil` when the project has none.
    private static func pruneSnippetCache(config: SiteConfig, tree: SourceTree, started: Date) -> SnippetCache.Summary? {
        let cache = PathName.join(PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory), ".galley")
        guard SystemCalls.linkKind(cache + "/snippets") == .directory else { return nil }
        let made = Set(tree.pages.filter { !$0.absolutePath.hasPrefix(tree.docsDirectory + "/") }.map(\.path))
        return SnippetCache.prune(cacheDirectory: cache, docsDirectory: tree.docsDirectory, madePages: made, budget: config.snippets.cacheMaxSize, started: started)
    }

    /// Every page's dates from git, read once for the whole build, when the
    /// `git-revision-date-localized` plugin is on. Pages git knows nothing of are said once.
    private static func readRevisionDates(config: SiteConfig, tree: SourceTree, log: inout DiagnosticLog) -> RevisionDates? {
        guard let settings = config.revisionDates else { return nil }
        let line = config.plugins.first { $0.name == "git-revision-date-localized" }?.line ?? 0
        let location = SourceLocation(file: config.configFile, line: line)
        let time = SiteFiles.buildTime
        guard let files = GitHistory.fileDates(under: tree.docsDirectory) else {
            log.warn(at: location, "`git-revision-date-localized` reads page dates from git, but `\(config.docsDir)` is not in a git work tree (or git is missing); \(settings.fallbackToBuildDate ? "every page shows the build's date" : "no page shows a date")", code: SiteCodes.pluginGitDates)
            return RevisionDates(settings: settings, files: [:], buildTime: time)
        }
        let undated = tree.pages.filter { files[$0.path] == nil }.map(\.path).sorted()
        if !undated.isEmpty {
            let listed = undated.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (undated.count > 3 ? " and \(undated.count - 3) more" : "")
            log.warn(at: location, "\(undated.count) page\(undated.count == 1 ? " has" : "s have") no commits yet (\(listed)): \(settings.fallbackToBuildDate ? "they show the build's date" : "they show no date")", code: SiteCodes.pluginGitDates)
        }
        return RevisionDates(settings: settings, files: files, buildTime: time)
    }

    /// The theme's 404 page, laid out with `context`.
    static func notFoundPage(context: SiteContext) -> Data {
        let notFound = RenderedPage(
            file: PageFile(path: "404.md", absolutePath: "", destination: "404.html", url: "404.html"),
            title: "Page not found",
            // The page answers for missing URLs at every depth, so its link home is the site's
            // own path (`site_url`'s), escaped like any text in an attribute.
            html: ("<h1>Page not found</h1>\n<p>The page you asked for does not exist. Try the search, or start from the <a href=\"\(context.config.servedPath)\">home page</a>.</p>\n" as HTML),
        )
        return Data(PageTemplate.render(notFound, context: context).utf8)
    }

    private static func writeExtras(config: SiteConfig, pages: [PageFile], alternates: [String: [SiteContext.Alternate]], redirects: [(destination: String, target: String)], writer: any SiteOutput) throws {
        let sitemap = Data(SiteFiles.sitemap(pages: pages, siteURL: config.siteURL, date: SiteFiles.today(), alternates: alternates).utf8)
        try writer.write(sitemap, to: "sitemap.xml")
        if let compressed = Gzip.compress(sitemap) {
            try writer.write(compressed, to: "sitemap.xml.gz")
        }
        for redirect in redirects where !writer.exists(redirect.destination) {
            try writer.write(Data(SiteFiles.redirectPage(to: redirect.target).utf8), to: redirect.destination)
        }
    }
}
