// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
import GalleySnippets

/// What `galley doctor` reports: each outside part Galley uses, whether this machine has it,
/// and what its absence turns off. Found the way a build finds them, so the report and the
/// build agree.
package struct MachineReport: Sendable {
    package struct Part: Sendable {
        /// What the part is, as a reader knows it.
        package var name: String
        /// What was found (a path and version) or, when missing, why.
        package var detail: String
        package var found: Bool
        /// What Galley does without it; shown when it is missing.
        package var without: String
    }

    package var parts: [Part]

    /// The parts, for a project in `projectDirectory` (its own Python folders count).
    package static func gather(projectDirectory: String) -> MachineReport {
        var parts: [Part] = []
        if let toolchain = SwiftToolchain.describe() {
            parts.append(Part(name: "Swift toolchain", detail: "\(toolchain.path): \(toolchain.version)", found: true, without: ""))
        } else {
            parts.append(Part(name: "Swift toolchain", detail: "no `swiftc` on PATH", found: false,
                              without: "snippets are shown but not run (warning `snippets.not_run`, which fails `galley check`)"))
        }
        let sandboxProblem = SnippetSandbox.unavailability()
        parts.append(Part(name: "bubblewrap (snippet sandbox)", detail: sandboxProblem ?? "\(SearchPath.directories(holding: "bwrap", besides: ["/usr/bin", "/bin"]).first ?? "")/bwrap can make a sandbox here", found: sandboxProblem == nil,
                          without: "a site with `galley.snippets.sandbox: true` does not build; snippets run only unsandboxed"))
        parts.append(Part(name: "memory control groups", detail: MemoryGroup.isAvailable ? "a writable memory cgroup: each snippet program is limited as a whole" : "no writable memory cgroup", found: MemoryGroup.isAvailable,
                          without: "`galley.snippets.memory_limit` holds per process, not for a program and its children (warning `snippets.memory_per_process`)"))
        let git = SearchPath.directories(holding: "git", besides: ["/usr/bin"]).first
        parts.append(Part(name: "git", detail: git.map { "\($0)/git" } ?? "no `git` on PATH", found: git != nil,
                          without: "`gh-deploy` cannot publish, pages get no revision dates (the build's date with `fallback_to_build_date`), and `galley lint --git-recurse` (mdl's `-g`) finds no files"))
        let packages = PythonPackages.onThisMachine(projectDirectory: projectDirectory)
        let bundled = PythonPackages.bundledFolders()
        // A path found in the copy Galley's build fetched says so.
        func shown(_ path: String?) -> String? {
            path.map { path in bundled.contains { path.hasPrefix($0 + "/") } ? path + " (the copy this Galley was built with)" : path }
        }
        let emoji = shown(packages.find("pymdownx/twemoji_db.py").map(PathName.parent))
        parts.append(Part(name: "emoji index (pymdown-extensions)", detail: emoji ?? "not in any Python folder Galley reads, nor a copy of its own", found: emoji != nil,
                          without: "`:shortcode:` emoji stay as written (warning `config.extension_dependency` at `pymdownx.emoji`)"))
        let icons = shown(packages.find("material/templates/.icons"))
        parts.append(Part(name: "Material icons (mkdocs-material)", detail: icons ?? "not in any Python folder Galley reads, nor a copy of its own", found: icons != nil,
                          without: "`:material-…:` icon shortcodes stay as written, and icons the theme's options name are drawn as lettered badges"))
        return MachineReport(parts: parts)
    }
}
