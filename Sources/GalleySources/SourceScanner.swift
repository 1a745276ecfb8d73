// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem

/// Finds the site's files under `docs_dir`, following symbolic links as mkdocs does.
package enum SourceScanner {
    /// Scans the docs directory of `config`; the pages `draft_docs` names are left out
    /// unless `includesDrafts` (`galley serve`).
    package static func scan(_ config: SiteConfig, includesDrafts: Bool = false, log: inout DiagnosticLog) throws(DiagnosticError) -> SourceTree {
        let docs = absolute(config.docsDir, relativeTo: config.projectDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: docs, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticError(
                at: SourceLocation(file: config.configFile),
                "the docs directory `\(config.docsDir)` does not exist",
                code: SourceCodes.configDocsDir
            )
        }
        // An unreadable docs folder would build an empty site over a good one.
        guard SystemCalls.names(in: docs) != nil else {
            throw DiagnosticError(
                at: SourceLocation(file: config.configFile, line: config.docsDirLine),
                "the docs directory `\(config.docsDir)` cannot be read: \(FileSystemError.reason(errno)); nothing was built",
                code: SourceCodes.configDocsDir
            )
        }
        var pages: [PageFile] = []
        var assets: [AssetFile] = []
        var visited: Set<String> = []
        let stubs = LinkStubPolicy(project: absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory), directory: docs)
        walk(directory: docs, relative: "", visited: &visited, skipped: { relative, reason in
            log.warn(at: SourceLocation(file: relative), "left out of the site: \(reason)", code: SourceCodes.unreadable)
        }) { relative, found in
            if leavesOut(relative, config: config, includesDrafts: includesDrafts) { return }
            var absolute = found
            if let target = stubs.target(of: found) {
                log.info(at: SourceLocation(file: relative), "read as a link to `\(target)`: the file is a git link stub", code: SourceCodes.linkStub)
                absolute = target
            }
            if relative.hasSuffix(".md") || relative.hasSuffix(".markdown") {
                let path = relative.hasSuffix(".markdown") ? String(relative.dropLast(9)) + ".md" : relative
                let location = PageURL.locate(path, useDirectoryURLs: config.useDirectoryURLs)
                pages.append(PageFile(path: relative, absolutePath: absolute, destination: location.destination, url: location.url))
            } else {
                assets.append(AssetFile(path: relative, absolutePath: absolute))
            }
        }
        pages = dropShadowedReadmes(pages, log: &log)
        (pages, assets) = SourceConflicts.resolve(pages: pages, assets: assets, log: &log)
        var tree = SourceTree(pages: pages, assets: assets, docsDirectory: docs)
        tree.theme = try ThemeDirectory.scan(config)
        return tree
    }

    /// Whether a scan of `config`'s docs leaves out the file at `relative` (a path inside
    /// `docs_dir`): a dot-file or one in a dot-folder, which the walk skips, or one the
    /// exclusions or (unless `includesDrafts`) `draft_docs` name.
    package static func leavesOut(_ relative: String, config: SiteConfig, includesDrafts: Bool = false) -> Bool {
        if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return true }
        if GlobPattern.matchesAny(defaultExclusions + config.excludeDocs, path: relative) { return true }
        return !includesDrafts && !config.draftDocs.isEmpty && GlobPattern.matchesAny(config.draftDocs, path: relative)
    }

    /// What mkdocs leaves out of every site before `exclude_docs` (which can take a folder
    /// back with `!/templates/`): the `templates/` folder at the top of `docs_dir`, where
    /// themes' overrides are often kept. Dot-files are skipped by the walk itself.
    static let defaultExclusions = ["/templates/"]

    /// Visits every file below `directory` as ``walk(directory:relative:visited:visit:)`` does.
    static func forEachFile(in directory: String, _ visit: (_ relative: String, _ absolute: String) -> Void) {
        var visited: Set<String> = []
        walk(directory: directory, relative: "", visited: &visited, skipped: { _, _ in }, visit: visit)
    }

    /// `README.md` becomes a directory's index page, unless the directory has an `index.md`.
    private static func dropShadowedReadmes(_ pages: [PageFile], log: inout DiagnosticLog) -> [PageFile] {
        var byDestination: [String: [PageFile]] = [:]
        for page in pages { byDestination[page.destination, default: []].append(page) }
        return pages.filter { page in
            guard page.path.hasSuffix("README.md"), let rivals = byDestination[page.destination], rivals.count > 1 else { return true }
            log.info(at: SourceLocation(file: page.path), "README.md is not used because index.md exists beside it", code: SourceCodes.readmeShadowed)
            return false
        }
    }

    /// `path` made absolute against `base` and standardized.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        PathName.absolute(path, relativeTo: base)
    }

    /// Visits every regular file below `directory`, skipping dot-files, following links to
    /// files and directories (each real directory once, so link loops end). A relative link
    /// is resolved against its own folder (`realpath`), never the working directory. Uses
    /// `lstat` directly: resolving every path component of every file costs more than the
    /// build. What can't be visited (an unreadable folder, a name that is not UTF-8, a path
    /// too long, a link to nothing) goes to `skipped` with the reason.
    private static func walk(
        directory: String,
        relative: String,
        visited: inout Set<String>,
        skipped: (_ relative: String, _ reason: String) -> Void,
        visit: (_ relative: String, _ absolute: String) -> Void
    ) {
        let real = SystemCalls.realPath(directory) ?? directory
        guard visited.insert(real).inserted else { return }
        guard let names = SystemCalls.names(in: directory) else {
            skipped(relative, "the folder cannot be read: \(FileSystemError.reason(errno))")
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            guard !name.contains("\u{FFFD}") || SystemCalls.linkKind(path) != nil else {
                skipped(childRelative, "its name is not valid UTF-8 (shown with \u{FFFD}); rename it")
                continue
            }
            guard var kind = SystemCalls.linkKind(path) else {
                skipped(childRelative, FileSystemError.reason(errno))
                continue
            }
            var target = path
            if kind == .link {
                guard let resolved = SystemCalls.realPath(path), let resolvedKind = SystemCalls.kind(resolved) else {
                    let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " `\($0)`" } ?? ""
                    skipped(childRelative, "it is a link to\(destination), which does not exist")
                    continue
                }
                target = resolved
                kind = resolvedKind
            }
            switch kind {
            case .directory:
                walk(directory: target, relative: childRelative, visited: &visited, skipped: skipped, visit: visit)
            case .file:
                if access(target, R_OK) != 0 {
                    skipped(childRelative, "the file cannot be read: \(FileSystemError.reason(errno))")
                    continue
                }
                visit(childRelative, target)
            default:
                continue
            }
        }
    }
}
