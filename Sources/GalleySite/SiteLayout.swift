// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySources

/// Where the site may go. A build replaces its site folder whole, so a `site_dir` that is,
/// or holds, a folder the build reads from would delete the user's sources; one inside
/// `docs_dir` would publish each site into the next. mkdocs refuses both (its `site_dir`
/// and `docs_dir` checks); this refuses them too, and also any folder holding the config
/// file or the theme's `custom_dir`, before anything is written. Paths are compared with
/// links resolved, and folders by device and inode too, so a linked name of the project and
/// a second name a bind mount gives it are caught alike.
package enum SiteLayout {
    /// The absolute site folder for `config` (or `override`, the `-d` option, relative to the
    /// config's folder as in mkdocs), after checking that writing either can't touch a source.
    package static func siteDirectory(config: SiteConfig, override: String?) throws(DiagnosticError) -> String {
        let project = SystemCalls.resolvedPath(PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory))
        let docs = SystemCalls.resolvedPath(PathName.absolute(config.docsDir, relativeTo: project))
        if PathName.isInside(project, docs) {
            throw DiagnosticError(
                at: SourceLocation(file: config.configFile, line: config.docsDirLine),
                "`docs_dir` (\(config.docsDir)) must not be the config file's folder or hold it; keep the pages in a folder beside the config file",
                code: SourceCodes.configDocsDir
            )
        }
        var sources: [(name: String, path: String, mayHoldSite: Bool)] = [("docs_dir", docs, false), ("the config file's folder", project, true)]
        if let custom = config.theme.customDir {
            sources.append(("theme.custom_dir", SystemCalls.resolvedPath(PathName.absolute(custom, relativeTo: project)), false))
        }
        var candidates = [(given: config.siteDir, location: SourceLocation(file: config.configFile, line: config.siteDirLine), key: "`site_dir`")]
        // The config's own `site_dir` is held to this even when `-d` replaces it (as mkdocs
        // validates it), so `check` and `serve`, which build elsewhere, refuse it too.
        if let override {
            candidates.append((override, SourceLocation(file: "--site-dir"), "the site folder"))
        }
        var chosen = project
        for (given, location, key) in candidates {
            let site = SystemCalls.resolvedPath(PathName.absolute(given, relativeTo: project))
            // A source the folder *is* is named before one it merely holds.
            let siteIdentity = SystemCalls.identity(site)
            let aboveSite = SystemCalls.identities(upFrom: site)
            func isSite(_ source: String) -> Bool {
                source == site || (siteIdentity != nil && SystemCalls.identity(source) == siteIdentity)
            }
            func holds(_ source: String) -> Bool {
                PathName.isInside(source, site) || siteIdentity.map { SystemCalls.identities(upFrom: source).contains($0) } == true
            }
            func isInside(_ source: String) -> Bool {
                PathName.isInside(site, source) || SystemCalls.identity(source).map { aboveSite.contains($0) } == true
            }
            let held = sources.filter { holds($0.path) }.sorted { (isSite($0.path) ? 0 : 1) < (isSite($1.path) ? 0 : 1) }
            if let source = held.first {
                let relation = isSite(source.path) ? "is" : "holds"
                throw DiagnosticError(
                    at: location,
                    "\(key) `\(given)` \(relation) \(source.name) (\(source.path)); a build replaces its site folder, so nothing was written",
                    code: SiteCodes.configSiteDir
                )
            }
            for source in sources where !source.mayHoldSite && isInside(source.path) {
                throw DiagnosticError(
                    at: location,
                    "\(key) `\(given)` is inside \(source.name) (\(source.path)); every build would publish the one before, so nothing was written",
                    code: SiteCodes.configSiteDir
                )
            }
            chosen = site
        }
        return chosen
    }
}
