// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Finding programs and the packages installed beside them, the way a shell would.
package enum SearchPath {
    /// The folders of `PATH`, then `fallbacks`, that hold an executable `name`, in order.
    package static func directories(holding name: String, besides fallbacks: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + fallbacks
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted && FileManager.default.isExecutableFile(atPath: $0 + "/" + name) }
    }
}

/// The folders Python imports installed packages from, found without running Python: an
/// active or project virtual environment, the prefix of each `python3` on `PATH`, the user's
/// and the system's folders. Galley reads data that mkdocs packages ship (emoji indexes,
/// icon sets) from here, so that a site builds with what its mkdocs setup installed.
package struct PythonPackages: Sendable {
    /// `site-packages` and `dist-packages` folders, most specific first.
    package var folders: [String]

    package init(folders: [String]) {
        self.folders = folders
    }

    /// The folders on this machine for a project in `projectDirectory`.
    package static func onThisMachine(projectDirectory: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> PythonPackages {
        var prefixes: [String] = []
        if let active = environment["VIRTUAL_ENV"], !active.isEmpty { prefixes.append(active) }
        prefixes += [".venv", "venv", "env"].map { PathName.join(projectDirectory, $0) }
        prefixes += SearchPath.directories(holding: "python3", environment: environment).map(PathName.parent)
        if let home = environment["HOME"], !home.isEmpty { prefixes.append(home + "/.local") }
        prefixes += ["/usr/local", "/usr"]
        var folders: [String] = []
        for prefix in prefixes {
            let lib = prefix + "/lib"
            let versions = (SystemCalls.names(in: lib) ?? [])
                .filter { $0.hasPrefix("python3") }
                .sorted(by: newerFirst)
            for version in versions {
                for kind in ["site-packages", "dist-packages"] {
                    let folder = "\(lib)/\(version)/\(kind)"
                    if !folders.contains(folder), SystemCalls.kind(folder) != nil { folders.append(folder) }
                }
            }
        }
        return PythonPackages(folders: folders + bundledFolders())
    }

    /// The copy of the packages' data Galley's build fetched (`scripts/fetch-python-data.py`),
    /// searched after the machine's folders so that an installed package wins: beside an
    /// installed `galley` in `share/galley/python`, and for a build in this repository in
    /// `.build/galley-data/python`.
    package static func bundledFolders(executable: String? = SystemCalls.executablePath) -> [String] {
        guard let executable else { return [] }
        let folder = PathName.parent(executable)
        let candidates = [
            PathName.join(PathName.parent(folder), "share/galley/python"),
            PathName.join(PathName.parent(folder), "galley-data/python"),
            PathName.join(PathName.parent(PathName.parent(folder)), "galley-data/python"),
        ]
        return candidates.filter { SystemCalls.kind($0) == .directory }.prefix(1).map { $0 }
    }

    /// Whether the folder `first` names a newer Python than `second` (`python3.12` before
    /// `python3.9`): their numbers compared as numbers, then the names.
    private static func newerFirst(_ first: String, _ second: String) -> Bool {
        let numbers = { (name: String) in name.split { !($0.isASCII && $0.isNumber) }.compactMap { Int($0) } }
        let (a, b) = (numbers(first), numbers(second))
        return a != b ? b.lexicographicallyPrecedes(a) : first > second
    }

    /// The first installed copy of `relativePath` (such as `pymdownx/twemoji_db.py`).
    package func find(_ relativePath: String) -> String? {
        folders.lazy.map { $0 + "/" + relativePath }.first { SystemCalls.kind($0) != nil }
    }
}
