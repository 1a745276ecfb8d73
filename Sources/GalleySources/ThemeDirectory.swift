// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics

/// What `theme.custom_dir` holds: templates that override the theme's, and static files the
/// site gets as mkdocs gives them (a stylesheet, a script, an image the templates use).
package struct ThemeDirectory: Sendable {
    /// The folder, absolute.
    package var path: String
    /// Its templates (`main.html`, `partials/footer.html`), relative to it, sorted.
    package var templates: [String]
    /// Its other files, each at its path in the site: what mkdocs copies from a theme.
    package var staticFiles: [AssetFile]
    /// The front matter keys the templates read (`page.meta.comments`), which therefore
    /// take effect.
    package var metaKeys: Set<String>

    /// Reads `theme.custom_dir`, or `nil` when the configuration names none. A folder that
    /// does not exist is an error, as in mkdocs.
    package static func scan(_ config: SiteConfig) throws(DiagnosticError) -> ThemeDirectory? {
        guard let custom = config.theme.customDir else { return nil }
        let directory = SourceScanner.absolute(custom, relativeTo: config.projectDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticError(
                at: SourceLocation(file: config.configFile, line: config.theme.customDirLine),
                "the folder `theme.custom_dir` names, `\(custom)`, does not exist",
                code: SourceCodes.configCustomDir
            )
        }
        var theme = ThemeDirectory(path: directory, templates: [], staticFiles: [], metaKeys: [])
        SourceScanner.forEachFile(in: directory) { relative, absolute in
            if relative.hasSuffix(".html") {
                theme.templates.append(relative)
                if let source = try? String(contentsOfFile: absolute, encoding: .utf8) {
                    theme.metaKeys.formUnion(metaKeys(in: source))
                }
            } else if isStatic(relative) {
                theme.staticFiles.append(AssetFile(path: relative, absolutePath: absolute))
            }
        }
        theme.templates.sort()
        theme.staticFiles.sort { $0.path < $1.path }
        return theme
    }

    /// Whether mkdocs copies a theme file into the site: not Python, not a template, not a
    /// read-me, not the theme's own settings or translations, not Markdown.
    static func isStatic(_ relative: String) -> Bool {
        let name = relative.lowercased()
        if name.hasPrefix("locales/") || name.contains("readme") || name == "mkdocs_theme.yml" { return false }
        return ![".py", ".pyc", ".html", ".md", ".markdown"].contains { name.hasSuffix($0) }
    }

    /// The `page.meta.key` names a template reads.
    static func metaKeys(in source: String) -> Set<String> {
        var keys: Set<String> = []
        var rest = Substring(source)
        while let found = rest.range(of: "page.meta.") {
            let key = rest[found.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !key.isEmpty { keys.insert(String(key)) }
            rest = rest[found.upperBound...]
        }
        return keys
    }
}
