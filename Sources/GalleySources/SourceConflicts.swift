// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// Sources that would be written to one file of the site (`a.md` and `a/index.md`,
/// `b.md` and `b.markdown`, a page and an asset, two names that differ only in Unicode
/// normalisation): one is kept, chosen as mkdocs chooses, and each other is left out with a
/// warning naming both.
///
/// mkdocs walks `docs_dir` top-down (a folder's files, `index` and `README` first, then its
/// subfolders, each sorted) and writes the files in that order, so the last one walked
/// wins; within one folder it says so ("Excluding … because it conflicts with …"), across
/// folders it overwrites in silence. Galley keeps the same file and always says so.
enum SourceConflicts {
    static func resolve(pages: [PageFile], assets: [AssetFile], log: inout DiagnosticLog) -> ([PageFile], [AssetFile]) {
        // Swift's `String` equality is canonical equivalence, so names equal under Unicode
        // normalisation fall in one group here, as they would in the site's folders.
        var byDestination: [String: [(path: String, isPage: Bool)]] = [:]
        for page in pages { byDestination[page.destination, default: []].append((page.path, true)) }
        for asset in assets { byDestination[asset.path, default: []].append((asset.path, false)) }
        var excluded = Set<[UInt8]>()
        for (destination, sources) in byDestination where sources.count > 1 {
            // Static files are written before pages, so a page wins over an asset.
            let ordered = sources.sorted { first, second in
                if first.isPage != second.isPage { return !first.isPage }
                return walkOrder(first.path, second.path)
            }
            let kept = ordered.last!
            for loser in ordered.dropLast() {
                excluded.insert(Array(loser.path.utf8))
                let normalisation = loser.path != kept.path || Array(loser.path.utf8) == Array(kept.path.utf8)
                    ? "" : " (the two names differ only in Unicode normalisation)"
                log.warn(
                    at: SourceLocation(file: loser.path),
                    "left out of the site: `\(kept.path)` is written to the same file, `\(destination)`\(normalisation); rename or remove one of them",
                    code: SourceCodes.conflict
                )
            }
        }
        guard !excluded.isEmpty else { return (pages, assets) }
        return (pages.filter { !excluded.contains(Array($0.path.utf8)) }, assets.filter { !excluded.contains(Array($0.path.utf8)) })
    }

    /// Whether mkdocs' walk reaches `first` before `second`: by folder (a folder's own files
    /// before its subfolders'), then `index`/`README` first, then by name, comparing code
    /// points as Python does.
    static func walkOrder(_ first: String, _ second: String) -> Bool {
        func key(_ path: String) -> (folders: [String], name: String, notIndex: Bool) {
            var parts = path.split(separator: "/").map(String.init)
            let name = parts.removeLast()
            let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            return (parts, name, !(stem == "index" || stem == "README"))
        }
        func less(_ a: String, _ b: String) -> Bool { a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) }
        let (a, b) = (key(first), key(second))
        for (x, y) in zip(a.folders, b.folders) where x.unicodeScalars.elementsEqual(y.unicodeScalars) == false {
            return less(x, y)
        }
        if a.folders.count != b.folders.count { return a.folders.count < b.folders.count }
        if a.notIndex != b.notIndex { return !a.notIndex }
        return less(a.name, b.name)
    }
}
