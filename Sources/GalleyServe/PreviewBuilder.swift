import Foundation
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
public final class PreviewBuilder: @unchecked Sendable {
    /// What one build did.
    public struct Outcome: Sendable {
        /// The state to tell pages.
        public var state: LiveState
        /// Every diagnostic, warnings included, for the terminal.
        public var diagnostics: [Diagnostic]
        public var pageCount: Int
        public var seconds: Double
        /// Whether the build succeeded.
        public var succeeded: Bool { state.problems.isEmpty }
    }

    public let configFile: String
    public let strict: Bool
    public let liveReload: Bool
    /// Holds the server's socket; removed by ``removeWorkDirectory()``.
    public let workDirectory: String
    private let serverIdentity = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let lock = NSLock()
    private var generation = 0
    private var served: (resolver: SitePathResolver, token: String)?
    private var config: SiteConfig?
    private var linksSnippets = false
    /// Included files, template data files and include folders the last build read.
    private var otherSources: (files: Set<String>, folders: Set<String>) = ([], [])

    public init(configFile: String, strict: Bool = false, liveReload: Bool = true) throws {
        self.configFile = configFile
        self.strict = strict
        self.liveReload = liveReload
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-serve-\(ProcessInfo.processInfo.processIdentifier)-\(serverIdentity)").path
        TemporaryPaths.shared.register(workDirectory)
        try FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
    }

    /// The site being served; `nil` until a build has succeeded.
    public var resolver: SitePathResolver? {
        lock.withLock { served?.resolver }
    }

    /// Where the site is mounted: the path of `site_url`, as mkdocs serves it.
    public var mount: String {
        lock.withLock { config?.servedPath ?? "/" }
    }

    /// Builds the site now. Only one build runs at a time; callers serialise.
    public func build() -> Outcome {
        let start = ContinuousClock.now
        let number = lock.withLock { () -> Int in
            generation += 1
            return generation
        }
        let token = "\(serverIdentity)-\(number)"
        let site = MemorySite()
        var options = BuildOptions(siteDirectory: workDirectory + "/site", strict: strict)
        options.memory = site
        if liveReload { options.liveReloadScript = "/__galley/live.js?build=\(token)" }
        let elapsed = { (ContinuousClock.now - start).seconds }
        do throws(DiagnosticError) {
            let (config, configDiagnostics) = try ConfigLoader.load(path: configFile)
            let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options)
            lock.withLock {
                served = (SitePathResolver(site: site, mount: config.servedPath), token)
                self.config = config
                linksSnippets = report.snippets != nil
                otherSources = report.otherSources
            }
            return Outcome(state: LiveState(build: token), diagnostics: report.diagnostics, pageCount: report.pageCount, seconds: elapsed())
        } catch {
            // Pages keep showing the build still served, so the state names that one.
            let build = lock.withLock { served?.token } ?? PreviewServer.unbuiltToken
            // Under --strict the warnings are what failed the build, so they are errors.
            let diagnostics = error.diagnostics.map { $0.raised(strict: strict) }
            let problems = diagnostics.filter { $0.severity == .error }
            return Outcome(state: LiveState(build: build, problems: problems.isEmpty ? diagnostics : problems), diagnostics: diagnostics, pageCount: 0, seconds: elapsed())
        }
    }

    /// What to watch for the latest configuration: `mkdocs.yml`, the docs, the theme's
    /// `custom_dir`, what pages included or read variables from, and, when pages run Swift
    /// snippets, the package they link.
    package func watchTargets() -> [FileWatcher.Target] {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let absoluteConfig = SourceScanner.absolute(configFile, relativeTo: workingDirectory)
        var targets: [FileWatcher.Target] = [.file(absoluteConfig)]
        let (config, linksSnippets, otherSources) = lock.withLock { (self.config, self.linksSnippets, self.otherSources) }
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
    public func removeWorkDirectory() {
        TemporaryPaths.shared.remove(workDirectory)
    }
}
