import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem

/// Finds the site's files under `docs_dir`, following symbolic links as mkdocs does.
public enum SourceScanner {
    /// Scans the docs directory of `config`.
    public static func scan(_ config: SiteConfig, log: inout DiagnosticLog) throws(DiagnosticError) -> SourceTree {
        let docs = absolute(config.docsDir, relativeTo: config.projectDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: docs, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticError(
                at: SourceLocation(file: config.configFile),
                "the docs directory `\(config.docsDir)` does not exist",
                code: "config.docs_dir"
            )
        }
        var pages: [PageFile] = []
        var assets: [AssetFile] = []
        var visited: Set<String> = []
        let stubs = LinkStubPolicy(project: absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory), directory: docs)
        walk(directory: docs, relative: "", visited: &visited) { relative, found in
            if GlobPattern.matchesAny(config.excludeDocs, path: relative) { return }
            var absolute = found
            if let target = stubs.target(of: found) {
                log.info(at: SourceLocation(file: relative), "read as a link to `\(target)`: the file is a git link stub", code: "files.link_stub")
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
        var tree = SourceTree(pages: pages, assets: assets, docsDirectory: docs)
        tree.theme = try ThemeDirectory.scan(config)
        return tree
    }

    /// Visits every file below `directory` as ``walk(directory:relative:visited:visit:)`` does.
    static func forEachFile(in directory: String, _ visit: (_ relative: String, _ absolute: String) -> Void) {
        var visited: Set<String> = []
        walk(directory: directory, relative: "", visited: &visited, visit: visit)
    }

    /// `README.md` becomes a directory's index page, unless the directory has an `index.md`.
    private static func dropShadowedReadmes(_ pages: [PageFile], log: inout DiagnosticLog) -> [PageFile] {
        var byDestination: [String: [PageFile]] = [:]
        for page in pages { byDestination[page.destination, default: []].append(page) }
        return pages.filter { page in
            guard page.path.hasSuffix("README.md"), let rivals = byDestination[page.destination], rivals.count > 1 else { return true }
            log.info(at: SourceLocation(file: page.path), "README.md is not used because index.md exists beside it", code: "files.readme_shadowed")
            return false
        }
    }

    /// `path` made absolute against `base` and standardized.
    public static func absolute(_ path: String, relativeTo base: String) -> String {
        PathName.absolute(path, relativeTo: base)
    }

    /// Visits every regular file below `directory`, skipping dot-files, following links to
    /// files and directories (each real directory once, so link loops end). A relative link
    /// is resolved against its own folder (`realpath`), never the working directory. Uses
    /// `lstat` directly: resolving every path component of every file costs more than the
    /// build.
    private static func walk(
        directory: String,
        relative: String,
        visited: inout Set<String>,
        visit: (_ relative: String, _ absolute: String) -> Void
    ) {
        let real = SystemCalls.realPath(directory) ?? directory
        guard visited.insert(real).inserted else { return }
        guard let names = SystemCalls.names(in: directory) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            guard var kind = SystemCalls.linkKind(path) else { continue }
            var target = path
            if kind == .link {
                guard let resolved = SystemCalls.realPath(path), let resolvedKind = SystemCalls.kind(resolved) else { continue }
                target = resolved
                kind = resolvedKind
            }
            switch kind {
            case .directory:
                walk(directory: target, relative: childRelative, visited: &visited, visit: visit)
            case .file:
                visit(childRelative, target)
            default:
                continue
            }
        }
    }
}
