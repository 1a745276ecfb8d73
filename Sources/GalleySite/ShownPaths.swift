import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleySources

/// Names source files the way the person running galley sees them: relative to the working
/// directory (`docs/guide/index.md`) rather than to the docs directory (`guide/index.md`),
/// so that every diagnostic opens from the terminal it was printed in, and CI annotations can
/// point at a file of the repository.
public struct ShownPaths: Sendable {
    /// The docs directory as shown, ending with `/`.
    public let docsPrefix: String

    public init(config: SiteConfig, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        let docs = SourceScanner.absolute(config.docsDir, relativeTo: SourceScanner.absolute(config.projectDirectory, relativeTo: workingDirectory))
        docsPrefix = Self.relative(docs, to: workingDirectory) + "/"
    }

    /// `path`, relative to the docs directory, as shown.
    public func page(_ path: String) -> String {
        docsPrefix == "./" ? path : docsPrefix + path
    }

    /// `diagnostic` with its file shown from the working directory when it names one of
    /// `sources` (paths relative to the docs directory).
    func locate(_ diagnostic: Diagnostic, sources: Set<String>) -> Diagnostic {
        guard sources.contains(diagnostic.location.file) else { return diagnostic }
        var located = diagnostic
        located.location.file = page(diagnostic.location.file)
        return located
    }

    /// `path` relative to `base` when it lies below it; otherwise `path` itself.
    static func relative(_ path: String, to base: String) -> String {
        let base = base.hasSuffix("/") ? base : base + "/"
        if path + "/" == base { return "." }
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
