// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySources

/// Names source files the way the person running galley sees them: relative to the working
/// directory (`docs/guide/index.md`) rather than to the docs directory (`guide/index.md`),
/// so that every diagnostic opens from the terminal it was printed in, and CI annotations can
/// point at a file of the repository.
package struct ShownPaths: Sendable {
    /// The docs directory as shown, ending with `/`.
    package let docsPrefix: String
    /// The pages and files of the docs, relative to the docs directory: the paths that
    /// diagnostics name this way.
    private let sources: Set<String>
    /// The docs and project folders, absolute, and the project folder as shown, ending
    /// with `/`: included files are named from the docs folder when they lie in it (files the
    /// site leaves out, such as `docs/inc/setup.swift`, included), from the project folder
    /// otherwise.
    private let docsDirectory: String
    private let projectDirectory: String
    private let projectPrefix: String

    package init(config: SiteConfig, tree: SourceTree, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        let project = SourceScanner.absolute(config.projectDirectory, relativeTo: workingDirectory)
        let docs = SourceScanner.absolute(config.docsDir, relativeTo: project)
        docsPrefix = ShownPath.relative(docs, to: workingDirectory) + "/"
        projectPrefix = ShownPath.relative(project, to: workingDirectory) + "/"
        docsDirectory = docs
        projectDirectory = project
        sources = Set(tree.pages.map(\.path) + tree.assets.map(\.path))
    }

    /// `path`, relative to the docs directory, as shown.
    package func page(_ path: String) -> String {
        docsPrefix == "./" ? path : docsPrefix + path
    }

    /// `diagnostic` with its file shown from the working directory when it names a page or
    /// file of the docs.
    func locate(_ diagnostic: Diagnostic) -> Diagnostic {
        var located = diagnostic
        located.location.file = file(diagnostic.location.file)
        return located
    }

    /// A file a diagnostic names, as shown: a page or a file in the docs folder from the
    /// working directory, another file of the project likewise; anything else as it is.
    func file(_ path: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/") else { return path }
        if sources.contains(path) { return page(path) }
        if SystemCalls.kind(docsDirectory + "/" + path) == .file { return page(path) }
        if projectPrefix != "./", !path.hasPrefix(projectPrefix), SystemCalls.kind(projectDirectory + "/" + path) == .file { return projectPrefix + path }
        return path
    }
}
