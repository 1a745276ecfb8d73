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
    /// The pages and files of the docs, relative to the docs directory: the paths that
    /// diagnostics name this way.
    private let sources: Set<String>

    public init(config: SiteConfig, tree: SourceTree, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        let docs = SourceScanner.absolute(config.docsDir, relativeTo: SourceScanner.absolute(config.projectDirectory, relativeTo: workingDirectory))
        docsPrefix = ShownPath.relative(docs, to: workingDirectory) + "/"
        sources = Set(tree.pages.map(\.path) + tree.assets.map(\.path))
    }

    /// `path`, relative to the docs directory, as shown.
    public func page(_ path: String) -> String {
        docsPrefix == "./" ? path : docsPrefix + path
    }

    /// `diagnostic` with its file shown from the working directory when it names a page or
    /// file of the docs.
    func locate(_ diagnostic: Diagnostic) -> Diagnostic {
        guard sources.contains(diagnostic.location.file) else { return diagnostic }
        var located = diagnostic
        located.location.file = page(diagnostic.location.file)
        return located
    }
}
