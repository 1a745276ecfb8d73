import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GalleyConfig
import GalleyDiagnostics

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
        walk(directory: docs, relative: "", visited: &visited) { relative, absolute in
            if GlobPattern.matchesAny(config.excludeDocs, path: relative) { return }
            if relative.hasSuffix(".md") || relative.hasSuffix(".markdown") {
                let path = relative.hasSuffix(".markdown") ? String(relative.dropLast(9)) + ".md" : relative
                let location = PageURL.locate(path, useDirectoryURLs: config.useDirectoryURLs)
                pages.append(PageFile(path: relative, absolutePath: absolute, destination: location.destination, url: location.url))
            } else {
                assets.append(AssetFile(path: relative, absolutePath: absolute))
            }
        }
        pages = dropShadowedReadmes(pages, log: &log)
        return SourceTree(pages: pages, assets: assets, docsDirectory: docs)
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

    /// Where a git link stub points. A checkout made without symbolic-link support (or copied
    /// through a tool that drops them) stores each link as a small file holding the target
    /// path; such a file stands for the file it names.
    public static func linkStubTarget(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 512,
              let text = String(data: data, encoding: .utf8)
        else { return nil }
        let target = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !target.isEmpty, !target.contains("\n"), !target.contains(" "), target.contains("/") || target.contains("."),
              !target.hasPrefix("/"), !target.contains("://")
        else { return nil }
        let candidate = absolute(target, relativeTo: (path as NSString).deletingLastPathComponent)
        var isDirectory: ObjCBool = false
        guard candidate != path, FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return (candidate as NSString).resolvingSymlinksInPath
    }

    /// `path` made absolute against `base` and standardized.
    public static func absolute(_ path: String, relativeTo base: String) -> String {
        let joined = path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// Visits every regular file below `directory`, skipping dot-files, following links to
    /// files and directories (each real directory once, so link loops end). Uses `stat`
    /// directly: resolving every path component of every file costs more than the build.
    private static func walk(
        directory: String,
        relative: String,
        visited: inout Set<String>,
        visit: (_ relative: String, _ absolute: String) -> Void
    ) {
        let real = (directory as NSString).resolvingSymlinksInPath
        guard visited.insert(real).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var target = path
            if info.st_mode & S_IFMT == S_IFLNK {
                guard stat(path, &info) == 0 else { continue }
                target = (path as NSString).resolvingSymlinksInPath
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(directory: target, relative: childRelative, visited: &visited, visit: visit)
            case S_IFREG:
                let stub = info.st_size > 0 && info.st_size < 512 ? linkStubTarget(target) : nil
                visit(childRelative, stub ?? target)
            default:
                continue
            }
        }
    }
}
