// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyPages
import GalleySnippets
import GalleySources

extension SiteBuilder {
    /// What the site's Swift snippets did.
    struct SnippetRun: Sendable {
        var summary: SnippetReport.Summary?
        var updates: [ExpectedOutputUpdate] = []
        var blocks: [SnippetBlockOutcome] = []
    }

    /// Pages whose snippets run together: one snippet configuration, one docs folder, and each
    /// page path once.
    private struct SnippetGroup {
        var config: SiteConfig
        var shown: ShownPaths
        var pages: [ParsedPage] = []
        var positions: [String: Int] = [:]

        /// Whether `page` of a view built with `config` runs in this group: a page another
        /// language also shows (a fallback) runs once, unless its text differs there.
        func admits(_ page: ParsedPage, config: SiteConfig, shown: ShownPaths) -> Bool {
            guard sharesSettings(config, shown) else { return false }
            return positions[page.file.path].map { pages[$0].source == page.source } ?? true
        }

        /// Where `page`, of a view built with `config`, ran in this group; `nil` when it ran in another.
        func position(of page: ParsedPage, config: SiteConfig, shown: ShownPaths) -> Int? {
            guard sharesSettings(config, shown), let position = positions[page.file.path], pages[position].source == page.source else { return nil }
            return position
        }

        private func sharesSettings(_ config: SiteConfig, _ shown: ShownPaths) -> Bool {
            config.snippets == self.config.snippets && shown.docsPrefix == self.shown.docsPrefix
        }
    }

    /// Compiles and runs the Swift snippets of every view's pages and puts their results into
    /// the pages. Languages share one run rather than taking turns: a page several languages
    /// show runs once, and every program compiles side by side with the others and is linked
    /// with them once.
    static func runSnippets(_ views: inout [ParsedView], options: BuildOptions, log: inout DiagnosticLog) -> SnippetRun {
        var groups: [SnippetGroup] = []
        let shownPaths = views.map { ShownPaths(config: $0.view.config, tree: $0.view.tree) }
        for (view, shown) in zip(views, shownPaths) {
            let config = view.view.config
            for page in view.pages {
                let index = groups.firstIndex { $0.admits(page, config: config, shown: shown) } ?? {
                    groups.append(SnippetGroup(config: config, shown: shown))
                    return groups.count - 1
                }()
                guard groups[index].positions[page.file.path] == nil else { continue }
                groups[index].positions[page.file.path] = groups[index].pages.count
                groups[index].pages.append(page)
            }
        }
        var run = SnippetRun()
        for var group in groups {
            let outcome = runSnippets(&group.pages, config: group.config, shown: group.shown, options: options, log: &log)
            run.updates += outcome.updates
            run.blocks += outcome.blocks
            if let summary = outcome.summary { run.summary = run.summary.map { $0.adding(summary) } ?? summary }
            for viewIndex in views.indices {
                for pageIndex in views[viewIndex].pages.indices {
                    guard let position = group.position(of: views[viewIndex].pages[pageIndex], config: views[viewIndex].view.config, shown: shownPaths[viewIndex]) else { continue }
                    views[viewIndex].pages[pageIndex].document = group.pages[position].document
                    views[viewIndex].pages[pageIndex].snippets = group.pages[position].snippets
                }
            }
        }
        return run
    }

    /// Compiles and runs the pages' Swift snippets and puts their results into the pages.
    static func runSnippets(_ pages: inout [ParsedPage], config: SiteConfig, shown: ShownPaths, options: BuildOptions, log: inout DiagnosticLog) -> SnippetRun {
        var engine = SnippetEngine(config: options.remoteCache.applied(to: config.snippets), projectDirectory: config.projectDirectory, keepGoing: options.keepGoing)
        engine.docsPrefix = shown.docsPrefix == "./" ? "" : shown.docsPrefix
        engine.reusesResults = !options.rerunsSnippets
        engine.shard = options.snippetShard
        let inputs = pages.map { SnippetPage(path: $0.file.path, document: $0.document) }
        guard engine.hasSnippets(inputs) else { return SnippetRun() }
        do {
            let report = try engine.run(inputs, progress: options.progress)
            options.notice(report.summary.description)
            for index in pages.indices {
                let path = pages[index].file.path
                if let document = report.documents[path] { pages[index].document = document }
                guard let results = report.results[path] else { continue }
                // What the page shows of a block from an included file names that file, too.
                pages[index].snippets = pages[index].lineOrigins?.relocating(results, page: path, prefix: engine.docsPrefix) ?? results
            }
            // A block that came from an included file is reported where it was written.
            let origins = Dictionary(pages.compactMap { page in page.lineOrigins.map { (page.file.path, $0) } }, uniquingKeysWith: { first, _ in first })
            report.diagnostics.forEach { diagnostic in
                log.report(origins[diagnostic.location.file]?.locate(diagnostic, page: diagnostic.location.file) ?? diagnostic)
            }
            let updates = report.expectedOutputUpdates.compactMap { update in
                origins[update.page].map { relocated(update, origins: $0, log: &log) } ?? update
            }
            return SnippetRun(summary: report.summary, updates: updates, blocks: report.blocks)
        } catch {
            error.diagnostics.forEach { log.report($0) }
            return SnippetRun()
        }
    }

    /// `update` in the lines of the page as written: a page's lines move when an include above
    /// the fence is expanded. `nil`, with a warning, when the fence was not written in the
    /// page itself (it came from an included file, which other pages may include too), so
    /// that nothing is written in the wrong place.
    private static func relocated(_ update: ExpectedOutputUpdate, origins: LineOrigins, log: inout DiagnosticLog) -> ExpectedOutputUpdate? {
        let lines = update.firstLine...update.endLine
        let written = lines.map { origins.origin(ofLine: $0) }
        guard let first = written.first ?? nil,
              written.enumerated().allSatisfy({ $1?.file == first.file && $1?.line == first.line + $0 }),
              origins.origin(ofLine: update.firstLine - 1).map({ $0.file == first.file && $0.line == first.line - 1 }) ?? false,
              first.file == update.page else {
            let at = origins.origin(ofLine: update.firstLine).map { SourceLocation(file: $0.file, line: $0.line) } ?? SourceLocation(file: update.page, line: update.firstLine)
            let place = at.file.hasSuffix(".swift") ? "is in a doc comment, and `--update` does not rewrite Swift sources" : "comes from an included file, so `--update` leaves it as it is"
            log.warn(at: at, "the `output` block under this snippet \(place); update it there by hand", code: SnippetCodes.update)
            return nil
        }
        var moved = update
        moved.firstLine = first.line
        moved.endLine = first.line + (update.endLine - update.firstLine)
        return moved
    }
}
