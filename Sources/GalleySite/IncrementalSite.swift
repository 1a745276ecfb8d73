// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyAPI
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySearch
import GalleySnippets
import GalleySources
import GalleyTheme

/// Brings a site built into memory up to date after a change, re-doing only what the change
/// touches, or saying that it can't and a whole build is needed.
///
/// An edit to existing pages that leaves what they include as it was changes those pages
/// alone. Such a page is parsed and rendered again, its part of the search files written
/// again, and its diagnostics replaced. A page that runs Swift snippets has them run as a
/// whole build would (from the cache when its program did not change): what a snippet prints
/// lands on its own page only, so a snippet edit waits for the compiler and not for the rest
/// of the site. When its headings changed,
/// the pages that may link to it are rendered again too, so that links to its anchors are
/// checked anew. When its title changed, which other pages show in their navigation and
/// their links to the previous and next page, every other page is laid out again from the
/// content the last build kept, without being parsed or rendered. Anything else (a new,
/// deleted or renamed file, the config, the theme, an included file, the first snippet of a
/// site that had none, a problem of the snippets that is not a page's own) is a whole build. A property test holds the result to a full build's, byte for byte.
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
        /// Nothing that changed is read by a build: the site stays as it is, and so does the
        /// state, handed back.
        case unchanged(BuildState)
    }

    /// Applies the change to the files at `paths` (absolute) to `site`, built with `state`.
    /// The state is taken, not borrowed: a preview that hands over the only copy has it
    /// changed in place, where a copy would copy every page's record on every edit.
    package static func update(_ site: MemorySite, state: consuming BuildState, changed: Set<String>) -> Outcome {
        let paths = changed.filter { !isPassing($0, state: state) }
        if !changed.isEmpty, paths.isEmpty { return .unchanged(state) }
        let next = site.copy()
        var snippets: SiteBuilder.SnippetRun?
        do {
            var change = try reparse(paths, state: &state)
            if !change.snippetPositions.isEmpty { try runSnippets(&change, state: &state) }
            snippets = change.snippets
            if change.titlesChanged { relayOutNavigation(&state) }
            let rerendered = pagesToRender(change, state: &state)
            try render(rerendered, state: &state, into: next)
            if change.titlesChanged { try layOutOthers(except: Set(rerendered.map(\.file.path)), state: &state, into: next) }
            if state.config.hasPlugin("search") {
                do { try state.search.write(to: next) } catch { throw NeedsFullBuild() }
            }
        } catch {
            return .needsFullBuild
        }
        return outcome(state, site: next, snippets: snippets)
    }

    /// Whether the change at `path` leaves the site as it is: a file in the docs, outside the
    /// theme's `custom_dir`, that the last build did not read (nor anything under it), and
    /// that is gone or that a scan leaves out. Editors that save by writing a temporary file
    /// and renaming it over the page (vim's backup, `sed -i`, JetBrains' safe write) leave
    /// such a change beside the page's own, which alone is an edit; vim writes its swap
    /// file (`.page.md.swp`) as the user types.
    private static func isPassing(_ path: String, state: BuildState) -> Bool {
        let docs = state.tree.docsDirectory
        guard path.hasPrefix(docs + "/") else { return false }
        if let custom = state.config.theme.customDir {
            let theme = SourceScanner.absolute(custom, relativeTo: state.config.projectDirectory)
            if path == theme || path.hasPrefix(theme + "/") || theme.hasPrefix(path + "/") { return false }
        }
        let relative = String(path.dropFirst(docs.count + 1))
        guard !FileManager.default.fileExists(atPath: path) || SourceScanner.leavesOut(relative, config: state.config, includesDrafts: state.options.memory != nil) else { return false }
        let folder = path + "/"
        let read = state.tree.pages.lazy.map(\.absolutePath) + state.tree.assets.lazy.map(\.absolutePath)
            + state.view.pages.lazy.flatMap(\.includedFiles) + state.config.templateDataFiles
        return !read.contains { $0 == path || $0.hasPrefix(folder) }
    }

    /// Why an update gives way to a whole build.
    private struct NeedsFullBuild: Error {}

    /// The changed pages parsed again, and what their change touches beyond themselves.
    private struct Change {
        var pages: [ParsedPage] = []
        /// Where the changed pages that run snippets (or ran them before) are in the view.
        var snippetPositions: [Int] = []
        /// What running those pages' snippets did, when any did.
        var snippets: SiteBuilder.SnippetRun?
        var titlesChanged = false
        var changedAnchors: [String: Set<String>] = [:]
    }

    /// Parses the pages at `paths` again into `state`; a page that is new, gone or includes
    /// files needs a whole build.
    private static func reparse(_ paths: Set<String>, state: inout BuildState) throws(NeedsFullBuild) -> Change {
        guard !paths.isEmpty else { throw NeedsFullBuild() }
        var indices: [Int] = []
        for path in paths {
            guard let index = state.positions.tree[path], FileManager.default.fileExists(atPath: path) else { throw NeedsFullBuild() }
            indices.append(index)
        }
        var change = Change()
        for index in indices.sorted() {
            let file = state.tree.pages[index]
            guard let position = state.positions.view[file.path] else { throw NeedsFullBuild() }
            let old = state.view.pages[position]
            // A post shows in its blog's views, and its front matter places it: the blog is
            // laid out again.
            if let blog = state.view.context.blog, blog.post(at: file.path) != nil || blog.view(at: file.path) != nil { throw NeedsFullBuild() }
            guard let parsed = try? PagePipeline.parse(file, settings: state.settings) else { throw NeedsFullBuild() }
            guard parsed.includedFiles.isEmpty, old.includedFiles.isEmpty else { throw NeedsFullBuild() }
            if runsSnippets(parsed, config: state.config) || runsSnippets(old, config: state.config) {
                // A site's first snippet makes the preview watch the linked package: a whole build.
                guard state.view.snippets.summary != nil else { throw NeedsFullBuild() }
                change.snippetPositions.append(position)
            }
            // The API reference lists the pages that link each symbol: a page that now links
            // others changes those symbols' pages too.
            if state.settings.api != nil, SymbolMentions.links(in: parsed.source) != SymbolMentions.links(in: old.source) { throw NeedsFullBuild() }
            let anchors = PageAnchors.collect(parsed.document, headings: parsed.headings)
            if anchors != state.view.index.anchors[file.path] {
                // A folder's index page is linked to by its folder's name, which the search for
                // linking pages would not find.
                guard !["index.md", "README.md"].contains(PathName.lastComponent(file.path)) else { throw NeedsFullBuild() }
                change.changedAnchors[file.path] = anchors
            }
            // Tags show on other pages (a listing), as titles do.
            let listingMarker = state.view.view.config.tags.map { "<!-- " + $0.listingsDirective }
            let listingMoved = listingMarker.map { parsed.source.containsBytes($0) != old.source.containsBytes($0) } ?? false
            if parsed.title != old.title || parsed.document.metadata.lists != old.document.metadata.lists || listingMoved {
                change.titlesChanged = true
            }
            state.view.pages[position] = parsed
            change.pages.append(parsed)
        }
        return change
    }

    /// Runs the snippets of the changed pages that have them, as a whole build runs them, and
    /// puts their results into the pages; their snippet diagnostics and block outcomes
    /// replace the ones the last build kept for them. A problem the run reports about
    /// anything but these pages (no toolchain, a library that does not build) is the whole
    /// site's, which a whole build reports once.
    private static func runSnippets(_ change: inout Change, state: inout BuildState) throws(NeedsFullBuild) {
        var pages = change.snippetPositions.map { state.view.pages[$0] }
        let paths = Set(pages.map(\.file.path))
        let view = state.view.view
        var log = DiagnosticLog()
        let run = SiteBuilder.runSnippets(&pages, config: view.config, shown: ShownPaths(config: view.config, tree: view.tree), options: state.options, log: &log)
        guard log.diagnostics.allSatisfy({ paths.contains($0.location.file) }) else { throw NeedsFullBuild() }
        state.otherDiagnostics.removeAll { paths.contains($0.location.file) && SnippetCodes.all.contains($0.code) }
        state.otherDiagnostics += log.diagnostics
        var kept = state.view.snippets
        kept.blocks.removeAll { paths.contains($0.page) }
        kept.blocks += run.blocks
        kept.blocks.sort { ($0.page, $0.location.line) < ($1.page, $1.location.line) }
        kept.updates.removeAll { paths.contains($0.page) }
        kept.updates += run.updates
        state.view.snippets = kept
        for (position, page) in zip(change.snippetPositions, pages) {
            state.view.pages[position] = page
        }
        let byPath = Dictionary(pages.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        change.pages = change.pages.map { byPath[$0.file.path] ?? $0 }
        change.snippets = run
    }

    /// Navigation, tabs, and the links to the previous and next page show titles: their
    /// context is made again.
    private static func relayOutNavigation(_ state: inout BuildState) {
        let old = state.view.context
        var titles: [String: String] = [:]
        for page in state.view.pages { titles[page.file.path] = page.title }
        var context = SiteBuilder.makeContext(state.view.view, navigation: old.navigation, titles: titles, overrides: state.view.overrides, options: state.options)
        context.tags = SiteBuilder.tagIndex(state.view.pages, config: state.view.view.config, titles: titles)
        context.revisionDates = old.revisionDates
        context.alternates = old.alternates
        state.view.context = context
    }

    /// The changed pages, and when anchors changed, every page that may link to one of them
    /// (its source names the file, or has percent escapes that could), checked against the
    /// new anchors.
    private static func pagesToRender(_ change: Change, state: inout BuildState) -> [ParsedPage] {
        var rerendered = change.pages
        guard !change.changedAnchors.isEmpty else { return rerendered }
        var anchors = state.view.index.anchors
        anchors.merge(change.changedAnchors) { $1 }
        state.view.index = SiteIndex(tree: state.tree, anchors: anchors)
        let stems = change.changedAnchors.keys.map { String(PathName.lastComponent($0).dropLast(3)) }
        let already = Set(rerendered.map(\.file.path))
        rerendered += state.view.pages.filter { page in
            !already.contains(page.file.path) && (page.source.containsBytes("%") || stems.contains { page.source.containsBytes($0) })
        }
        return rerendered
    }

    /// Renders and lays out `pages` into `next`, keeping their content, diagnostics and
    /// search entries in `state`.
    private static func render(_ pages: [ParsedPage], state: inout BuildState, into next: MemorySite) throws(NeedsFullBuild) {
        for parsed in pages {
            var page = PagePipeline.render(parsed, index: state.view.index, config: state.config, settings: state.settings)
            state.contents[page.file.path] = page
            let html = PageTemplate.render(page, context: state.view.context)
            do { try next.write(Data(html.utf8), to: page.file.destination) } catch { throw NeedsFullBuild() }
            state.pageDiagnostics[page.file.path] = page.diagnostics
            page.html = .empty
            if let position = state.positions.rendered[page.file.path] {
                state.rendered[position] = page
            }
            // Without the search plugin there are pages but no entries.
            if let position = state.positions.search[page.file.path] {
                state.search.pages[position] = page
                if position < state.search.entries.count {
                    state.search.entries[position] = SearchIndex.Entry(page, tags: state.view.context.tags?.tags(of: page.file.path) ?? [], title: state.view.context.searchTitle(of: page))
                }
            }
        }
        keepTemplateFailures(pageCount: pages.count, state: &state)
    }

    /// The site templates' failures while laying pages out, each with the first page it
    /// failed on.
    private static func keepTemplateFailures(pageCount: Int, state: inout BuildState) {
        for (page, diagnostic) in PageTemplate.failures(context: state.view.context, pageCount: pageCount) {
            state.pageDiagnostics[page, default: []].append(diagnostic)
        }
    }

    /// Every other page laid out again from its kept content, for new titles: none is parsed
    /// or rendered again. Galley's own layout cannot fail, so without the site's templates
    /// each page is laid out when it is first asked for: a title edit on a site of 20,000
    /// pages is served at once rather than after laying out all of them.
    private static func layOutOthers(except changed: Set<String>, state: inout BuildState, into next: MemorySite) throws(NeedsFullBuild) {
        let context = state.view.context
        let others = state.contents.values.filter { !changed.contains($0.file.path) }
        if context.overrides == nil {
            for content in others {
                next.writeLater({ Data(PageTemplate.render(content, context: context).utf8) }, to: content.file.destination)
                state.pageDiagnostics[content.file.path] = content.diagnostics
            }
            try writeNotFound(state: state, into: next)
            return
        }
        let laidOut = parallelMap(others) { content -> (String, String, Data, [Diagnostic]) in
            let html = PageTemplate.render(content, context: context)
            return (content.file.path, content.file.destination, Data(html.utf8), content.diagnostics)
        }
        for (path, destination, data, diagnostics) in laidOut {
            do { try next.write(data, to: destination) } catch { throw NeedsFullBuild() }
            state.pageDiagnostics[path] = diagnostics
        }
        try writeNotFound(state: state, into: next)
        keepTemplateFailures(pageCount: others.count, state: &state)
    }

    /// The site's own 404 page, which shows the navigation, unless the docs have one.
    private static func writeNotFound(state: BuildState, into next: MemorySite) throws(NeedsFullBuild) {
        if !state.tree.pages.contains(where: { $0.destination == "404.html" }) {
            do { try next.write(SiteBuilder.notFoundPage(context: state.view.context), to: "404.html") } catch { throw NeedsFullBuild() }
        }
    }

    /// The updated site, or its problems while the last good site stays served.
    private static func outcome(_ state: BuildState, site next: MemorySite, snippets: SiteBuilder.SnippetRun?) -> Outcome {
        let diagnostics = state.diagnostics
        if state.failed(diagnostics) {
            return .failed(diagnostics.filter { $0.severity >= .warning }, next, state)
        }
        var report = BuildReport(diagnostics: diagnostics, pageCount: state.rendered.count, assetCount: state.tree.assets.count, siteDirectory: state.options.siteDirectory ?? "", wrote: true)
        // The site's snippets as the last whole build counted them; where the time went is
        // this update's own (none, unless it ran a page's snippets).
        report.snippets = state.view.snippets.summary.map { summary in
            var summary = summary
            summary.stages = snippets?.summary?.stages ?? SnippetStageTimes()
            return summary
        }
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
