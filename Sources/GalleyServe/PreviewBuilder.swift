// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
import GalleyConfig
import GalleyDiagnostics
import GalleySite
import GalleySnippets
import GalleySources
import GalleyFileSystem

/// Builds the preview, again on every change: each build goes into memory, a site of its
/// own, which is served only once the build succeeded, so a failed build leaves the last
/// good site in place and a build never replaces files under a request that is reading
/// them. Nothing of the site is written to disk.
package final class PreviewBuilder: Sendable {
    /// What one build did.
    package struct Outcome: Sendable {
        /// The state to tell pages.
        package var state: LiveState
        /// Every diagnostic, warnings included, for the terminal.
        package var diagnostics: [Diagnostic]
        package var pageCount: Int
        package var seconds: Double
        /// Whether only the pages the change touched were rendered again.
        package var wasIncremental = false
        /// Where the snippets' time went, when any compiled or ran.
        package var snippetStages: SnippetStageTimes?
        /// Whether nothing a build reads changed (an editor's temporary file came and went),
        /// so the site served was left as it was.
        package var changedNothing = false
        /// Whether the build succeeded.
        package var succeeded: Bool { state.problems.isEmpty }
    }

    package let configFile: String
    package let strict: Bool
    package let liveReload: Bool
    /// Every rebuild runs every snippet program rather than taking stored outcomes (`--rerun`).
    package let rerunsSnippets: Bool
    /// Holds the server's socket; removed by ``removeWorkDirectory()``.
    package let workDirectory: String
    private let serverIdentity = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    /// What builds leave for requests and for the next build, changed by one build at a time
    /// and read by the server's threads.
    private struct Shared {
        var generation = 0
        var served: (resolver: SitePathResolver, token: String)?
        /// What the last build made and kept, failed or not: the next change starts from it.
        /// A failed update keeps its site here while the last good one is served; a failed
        /// whole build keeps nothing, so the next change builds whole again.
        var latest: (site: MemorySite, state: BuildState)?
        var config: SiteConfig?
        var linksSnippets = false
        /// Included files, template data files and include folders the last build read.
        var otherSources: (files: Set<String>, folders: Set<String>) = ([], [])
    }

    private let shared = Mutex(Shared())

    /// What the last build kept, for tests.
    var state: BuildState? { shared.withLock { $0.latest?.state } }

    package init(configFile: String, strict: Bool = false, liveReload: Bool = true, rerunsSnippets: Bool = false) throws {
        self.rerunsSnippets = rerunsSnippets
        self.configFile = configFile
        self.strict = strict
        self.liveReload = liveReload
        // A preview that was killed could not clean up after itself; this one does it.
        TemporaryPaths.removeAbandoned()
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-serve-\(ProcessInfo.processInfo.processIdentifier)-\(serverIdentity)").path
        TemporaryPaths.shared.register(workDirectory)
        try FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
    }

    /// The site being served and its build token; `nil` until a build has succeeded.
    package var current: (resolver: SitePathResolver, token: String)? {
        shared.withLock { $0.served }
    }

    /// Stands in every page's live-reload address for the build token, which the server puts
    /// in as it answers: a page rendered by an earlier build, and kept because a change did
    /// not touch it, still names the build served now.
    static let tokenPlaceholder = "GALLEY-BUILD-TOKEN"

    /// Where the site is mounted: the path of `site_url`, as mkdocs serves it.
    package var mount: String {
        shared.withLock { $0.config?.servedPath ?? "/" }
    }

    /// Brings the site up to date after a change to the files at `changed` (absolute; none
    /// for the first build): only what the change touches when it is an edit of pages that
    /// the last build can take in (``IncrementalSite``), otherwise a whole build. Only one
    /// build runs at a time; callers serialise.
    package func build(changed: [String] = []) -> Outcome {
        let start = ContinuousClock.now
        if let outcome = update(changed: Set(changed), start: start) { return outcome }
        let number = shared.withLock { shared -> Int in
            shared.generation += 1
            return shared.generation
        }
        let token = "\(serverIdentity)-\(number)"
        let site = MemorySite()
        var options = BuildOptions(siteDirectory: workDirectory + "/site", strict: strict)
        options.rerunsSnippets = rerunsSnippets
        options.memory = site
        if liveReload { options.liveReloadScript = "/__galley/live.js?build=\(Self.tokenPlaceholder)" }
        let elapsed = { (ContinuousClock.now - start).seconds }
        do throws(DiagnosticError) {
            let (config, configDiagnostics) = try ConfigLoader.load(path: configFile)
            let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options)
            shared.withLock { shared in
                shared.served = (SitePathResolver(site: site, mount: config.servedPath), token)
                shared.config = config
                // The API reference is made from the package's code too: a change to it builds again.
                shared.linksSnippets = report.snippets != nil || config.api != nil
                shared.otherSources = report.otherSources
                shared.latest = report.state.map { (site, $0) }
            }
            return Outcome(state: LiveState(build: token), diagnostics: report.diagnostics, pageCount: report.pageCount, seconds: elapsed(), snippetStages: report.snippets?.stages)
        } catch {
            // Pages keep showing the build still served, so the state names that one. Nothing
            // of this build is kept: the next change builds whole.
            let build = shared.withLock { shared -> String in
                shared.latest = nil
                return shared.served?.token ?? PreviewServer.unbuiltToken
            }
            // Under --strict the warnings are what failed the build, so they are errors.
            let diagnostics = error.diagnostics.map { $0.raised(strict: strict) }
            let problems = diagnostics.filter { $0.severity == .error }
            return Outcome(state: LiveState(build: build, problems: problems.isEmpty ? diagnostics : problems), diagnostics: diagnostics, pageCount: 0, seconds: elapsed())
        }
    }

    /// The change applied to the site served, or `nil` when it needs a whole build. The new
    /// site has its own build token, so open pages reload.
    private func update(changed: Set<String>, start: ContinuousClock.Instant) -> Outcome? {
        guard !changed.isEmpty else { return nil }
        // The update takes the kept state, so that it holds the only copy and changes it in
        // place; whatever it returns is kept in its stead, and a whole build keeps its own.
        let current = shared.withLock { shared -> (BuildState, MemorySite, String)? in
            guard let served = shared.served, let latest = shared.latest.take() else { return nil }
            return (latest.state, latest.site, served.resolver.mount)
        }
        guard let (state, site, mount) = consume current else { return nil }
        let elapsed = { (ContinuousClock.now - start).seconds }
        switch IncrementalSite.update(site, state: consume state, changed: changed) {
        case .needsFullBuild:
            return nil
        case .unchanged(let state):
            // The server tells neither the pages nor the terminal: the state is the token served.
            let token = shared.withLock { shared -> String in
                shared.latest = (site, state)
                return shared.served?.token ?? PreviewServer.unbuiltToken
            }
            return Outcome(state: LiveState(build: token), diagnostics: [], pageCount: 0, seconds: elapsed(), wasIncremental: true, changedNothing: true)
        case .failed(let diagnostics, let site, let state):
            let build = shared.withLock { shared -> String in
                shared.latest = (site, state)
                return shared.served?.token ?? PreviewServer.unbuiltToken
            }
            let shown = diagnostics.map { $0.raised(strict: strict) }
            let problems = shown.filter { $0.severity == .error }
            return Outcome(state: LiveState(build: build, problems: problems.isEmpty ? shown : problems), diagnostics: shown, pageCount: 0, seconds: elapsed(), wasIncremental: true)
        case .updated(let next, let newState, let report):
            let token = shared.withLock { shared -> String in
                shared.generation += 1
                let token = "\(serverIdentity)-\(shared.generation)"
                shared.served = (SitePathResolver(site: next, mount: mount), token)
                shared.latest = (next, newState)
                return token
            }
            return Outcome(state: LiveState(build: token), diagnostics: report.diagnostics, pageCount: report.pageCount, seconds: elapsed(), wasIncremental: true, snippetStages: report.snippets?.stages)
        }
    }

    /// What to watch for the latest configuration: `mkdocs.yml`, the docs, the theme's
    /// `custom_dir`, what pages included or read variables from, and, when pages run Swift
    /// snippets, the package they link.
    package func watchTargets() -> [FileWatcher.Target] {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let absoluteConfig = SourceScanner.absolute(configFile, relativeTo: workingDirectory)
        var targets: [FileWatcher.Target] = [.file(absoluteConfig)]
        let (config, linksSnippets, otherSources) = shared.withLock { ($0.config, $0.linksSnippets, $0.otherSources) }
        guard let config else {
            // Until a build succeeds the docs directory is a guess: mkdocs' default.
            targets.append(.tree(PathName.join(PathName.parent(absoluteConfig), "docs")))
            return targets
        }
        let project = SourceScanner.absolute(config.projectDirectory, relativeTo: workingDirectory)
        targets.append(.tree(SourceScanner.absolute(config.docsDir, relativeTo: project)))
        if let custom = config.theme.customDir {
            targets.append(.tree(SourceScanner.absolute(custom, relativeTo: project)))
        }
        targets += otherSources.files.sorted().map(FileWatcher.Target.file) + otherSources.folders.sorted().map(FileWatcher.Target.tree)
        if linksSnippets {
            let package = SnippetEngine(config: config.snippets, projectDirectory: config.projectDirectory).linkedPackagePaths()
            targets += package.files.map(FileWatcher.Target.file) + package.directories.map(FileWatcher.Target.tree)
        }
        return targets
    }

    /// Removes the work folder.
    package func removeWorkDirectory() {
        TemporaryPaths.shared.remove(workDirectory)
    }
}
