// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyAPI
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyPages
import GalleySnippets
import GalleySources

extension SiteBuilder {
    /// The API reference of the modules `galley.api` names, added to the sources: its pages
    /// join the tree (and the nav, when `mkdocs.yml` gives one), and the page stages get its
    /// Markdown and the table symbol links resolve against. A reference that cannot be made
    /// is an error at the section, and the rest of the site is still built.
    static func addAPIReference(to sources: inout ScannedSources, options: BuildOptions, stages: inout StageClock, log: inout DiagnosticLog) {
        let started = ContinuousClock.now
        guard let api = sources.config.api else { return }
        let config = sources.config
        let location = SourceLocation(file: config.configFile, line: api.line)
        let engine = SnippetEngine(config: options.remoteCache.applied(to: config.snippets), projectDirectory: config.projectDirectory)
        let graphs: ExtractedSymbolGraphs
        switch engine.symbolGraphs(package: api.package, modules: api.modules, accessLevel: api.minimumAccessLevel.rawValue) {
        case .success(let extracted):
            graphs = extracted
            graphs.remoteWarnings.forEach { log.report($0) }
        case .failure(.missingModule(let module, let available)):
            log.error(at: location, "`galley.api.modules` names `\(module)`, which the package builds no library module of; it builds " + available.map { "`\($0)`" }.joined(separator: ", "), code: APICodes.module)
            return
        case .failure(.extractionFailed(let module, let output)):
            log.error(at: location, "the compiler could not extract the symbols of `\(module)`:\n\(output.suffix(2000))", code: APICodes.extract)
            return
        case .failure(.build(let error)):
            referenceBuildProblems(error, at: location).forEach { log.report($0) }
            return
        }
        stages.lap("api: libraries and symbol graphs")
        let catalog: APICatalog
        do throws(DiagnosticError) {
            catalog = try APICatalog.load(files: graphs.files, modules: api.modules)
        } catch {
            error.diagnostics.forEach { log.report($0) }
            return
        }
        stages.lap("api: reading the graphs")
        // Source paths as the compiler wrote them when it built the libraries: here, or where
        // they were built when they came from the shared cache.
        let projectDirectory = graphs.origin.isEmpty ? PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory) : graphs.origin
        var reference = APIReference.layOut(catalog, config: api, settings: APISiteSettings(config: config, projectDirectory: projectDirectory))
        let mentioned = mentions(of: reference.table, in: sources.tree)
        stages.lap("api: mentions in the guide")
        reference.writePages(mentions: mentioned)
        stages.lap("api: writing the pages")
        for page in reference.pages where sources.tree.page(at: page.path) != nil {
            log.error(at: location, "the API reference's page `\(page.path)` would replace the page of that name in `\(config.docsDir)`; set `galley.api.path` to a folder the docs do not use", code: APICodes.module)
            return
        }
        // Read from memory: no file holds them (and so no "edit this page" link points at one).
        let pages = reference.pages.map { page in
            let located = PageURL.locate(page.path, useDirectoryURLs: config.useDirectoryURLs)
            return PageFile(path: page.path, absolutePath: "", destination: located.destination, url: located.url)
        }
        sources.tree.add(pages)
        sources.settings.api = APIPages(reference: reference, fingerprint: graphs.files.joined(separator: "\n") + "\n\(reference.pages.count)")
        if sources.config.nav != nil {
            sources.config.nav?.append(reference.nav)
        }
        reference.coverageDiagnostics().forEach { log.report($0) }
        options.notice(summary(reference, graphs: graphs, seconds: (ContinuousClock.now - started).seconds))
        sources.views = SiteView.views(of: sources.tree, config: sources.config)
    }

    /// What the reference holds, as the build's summary says it.
    static func summary(_ reference: APIReference, graphs: ExtractedSymbolGraphs, seconds: Double) -> String {
        let total = reference.shown.count
        let documented = total - reference.undocumented.count
        let percent = total == 0 ? 100 : Double(documented) * 100 / Double(total)
        return "API reference: \(counted(reference.catalog.modules.count, "module")), \(counted(total, "symbol")) on \(counted(reference.pages.count, "page")), "
            + "\(documented) documented (" + String(format: "%.1f", percent) + " %); \(graphs.timing); " + String(format: "%.2f s", seconds) + " in all"
    }

    /// By symbol, the pages of `tree` whose Markdown links it.
    private static func mentions(of table: SymbolTable, in tree: SourceTree) -> [String: [SymbolMention]] {
        let found: [[(String, SymbolMention)]] = parallelMap(tree.pages) { page in
            guard let source = try? String(contentsOfFile: page.absolutePath, encoding: .utf8), source.contains("``") || source.contains("][") else { return [] }
            let mention = SymbolMention(page: page.path, title: SymbolMentions.title(of: source, path: page.path))
            return SymbolMentions.links(in: source).compactMap { link in
                guard case .found(let target) = table.resolve(link, fromPage: page.path) else { return nil }
                return (target.symbolID, mention)
            }
        }
        var mentions: [String: [SymbolMention]] = [:]
        for (id, mention) in found.joined() where mentions[id]?.contains(mention) != true {
            mentions[id, default: []].append(mention)
        }
        return mentions
    }

    /// What a failed build of the reference's libraries says: the toolchain's absence is said
    /// of the reference that needs it, at `galley.api` (the toolchain's own message speaks of
    /// snippets); other problems as they are.
    package static func referenceBuildProblems(_ error: DiagnosticError, at location: SourceLocation) -> [Diagnostic] {
        guard error.diagnostics.contains(where: { $0.code == SnippetCodes.toolchain }) else { return error.diagnostics }
        return [Diagnostic(
            .error, at: location,
            "the API reference (`galley.api`) is built from the code by the Swift toolchain, and no `swiftc` was found: install one, or take `galley.api` out to build the site without the reference",
            code: SnippetCodes.toolchain
        )]
    }
}
