// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySite

/// `galley clean`: removes the built site and the snippet cache, and only when Galley made
/// them. A site folder must carry the mark every build leaves in it; the cache folder must
/// hold nothing but what Galley writes there. Anything else is refused, whole, before
/// anything is removed.
package enum ProjectCleaner {
    /// What to remove.
    package struct Parts: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let site = Parts(rawValue: 1)
        package static let cache = Parts(rawValue: 2)
        package static let all: Parts = [.site, .cache]
    }

    /// One folder removed, with what it held.
    package struct Removed: Sendable, Equatable {
        package var path: String
        package var bytes: Int
    }

    /// The names Galley writes directly in `.galley/`: snippet host libraries and their locks,
    /// cached package descriptions, the scratch folder that makes them, the snippet programs.
    static func isCacheEntry(_ name: String) -> Bool {
        name == "snippets" || name == "dump-package" || name == "dump-package.location" || name.hasPrefix("host-")
            || (name.hasPrefix("package-") && name.hasSuffix(".json"))
    }

    /// Removes `parts` of the project of `config`; a folder that is not there is skipped.
    package static func clean(_ parts: Parts, config: SiteConfig, siteDirectory override: String? = nil) throws(DiagnosticError) -> [Removed] {
        let project = PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory)
        var targets: [String] = []
        if parts.contains(.site) {
            let site = try SiteLayout.siteDirectory(config: config, override: override)
            if SystemCalls.linkKind(site) != nil {
                guard SystemCalls.linkKind(site) == .directory, (SystemCalls.names(in: site) ?? []).contains(SiteWriter.marker) else {
                    throw DiagnosticError(at: SourceLocation(file: config.configFile, line: config.siteDirLine), "`\(ShownPath.relative(site, to: project))` was not written by Galley (it has no `\(SiteWriter.marker)` mark), so it is not removed", code: ProjectCodes.cleanRefused)
                }
                targets.append(site)
            }
            // Staging folders of builds that were killed, beside the site or in it.
            targets += SiteWriter.abandonedStaging(site: site).filter { !PathName.isInside($0, site) || !targets.contains(site) }
            // The previous site, kept beside it for the next build to write into.
            targets += SiteWriter.keptPrevious(site: site).map { [$0] } ?? []
        }
        if parts.contains(.cache) {
            let cache = PathName.join(project, ".galley")
            if SystemCalls.linkKind(cache) != nil {
                let names = SystemCalls.linkKind(cache) == .directory ? SystemCalls.names(in: cache) : nil
                if let names, let stranger = names.first(where: { !isCacheEntry($0) }) {
                    throw DiagnosticError(at: SourceLocation(file: ".galley"), "`.galley` holds `\(stranger)`, which Galley does not write, so it is not removed", code: ProjectCodes.cleanRefused)
                } else if names == nil {
                    throw DiagnosticError(at: SourceLocation(file: ".galley"), "`.galley` is not a folder, so it is not removed", code: ProjectCodes.cleanRefused)
                }
                targets.append(cache)
            }
        }
        var removed: [Removed] = []
        for target in targets {
            let bytes = SystemCalls.diskUsage(target)
            // A mount point (a container's volume) stays, emptied.
            let problem = SystemCalls.isMountPoint(target)
                ? (SystemCalls.names(in: target) ?? []).lazy.compactMap { SystemCalls.removeTree(PathName.join(target, $0)) }.first
                : SystemCalls.removeTree(target)
            if let problem {
                throw DiagnosticError(at: SourceLocation(file: target), "cannot remove it: \(problem)", code: ProjectCodes.cleanFailed)
            }
            removed.append(Removed(path: target, bytes: bytes))
        }
        // What killed galley processes of this user left in the temporary folder.
        for path in TemporaryPaths.removeAbandoned() {
            removed.append(Removed(path: path, bytes: 0))
        }
        return removed
    }
}
