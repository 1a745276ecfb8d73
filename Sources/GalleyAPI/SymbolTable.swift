// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig

/// Where a symbol is shown: its page (a path under `docs_dir`, as pages are named) and, for a
/// member shown on its parent's page, the anchor of its section.
package struct SymbolTarget: Sendable, Equatable {
    package var symbolID: String
    package var page: String
    package var anchor: String?
    /// What a link to it shows (`makeSink(of:)`).
    package var title: String
}

/// What a symbol link names.
package enum SymbolResolution: Sendable, Equatable {
    case found(SymbolTarget)
    /// Several symbols on different pages; the spellings that tell them apart.
    case ambiguous([String])
    /// None; the documented names closest to it.
    case notFound(closest: [String])
}

/// Every documented symbol by the paths symbol links write: ``RenderContext/makeSink(of:)``,
/// with or without the module first, and on a symbol's own page relative to it.
package struct SymbolTable: Sendable {
    private var byPath: [String: [SymbolTarget]] = [:]
    /// The path of the symbol each reference page is about, for links relative to it.
    private var scopes: [String: [String]] = [:]
    /// The kind of each symbol, for `-method`-style disambiguation.
    private var kinds: [String: String] = [:]

    package init() {}

    /// Records `symbol`, shown at `target`.
    package mutating func add(_ symbol: APISymbol, at target: SymbolTarget) {
        kinds[symbol.id] = symbol.kind.identifier
        byPath[symbol.linkPath, default: []].append(target)
        byPath[symbol.module + "/" + symbol.linkPath, default: []].append(target)
    }

    /// Records a module's own page, which ``Module`` links reach.
    package mutating func addModule(_ module: String, page: String) {
        kinds["module:" + module] = "module"
        byPath[module, default: []].append(SymbolTarget(symbolID: "module:" + module, page: page, anchor: nil, title: module))
    }

    /// Links on the page at `page` resolve relative to `path` first (DocC's rule: a
    /// symbol's documentation names its siblings and members without their parents).
    package mutating func setScope(_ path: [String], forPage page: String) {
        scopes[page] = path
    }

    /// Whether any symbol is recorded.
    package var isEmpty: Bool { byPath.isEmpty }

    /// What `link` (the text between the double backquotes) names on the page at `page`.
    package func resolve(_ link: String, fromPage page: String) -> SymbolResolution {
        var path = link
        var kind: String?
        // `send(_:)-method`: a kind after the last dash of the last component picks one overload.
        if let dash = path.lastIndex(of: "-"), !path[dash...].contains("/"), !path[dash...].contains(")") {
            kind = String(path[path.index(after: dash)...]).replacingOccurrences(of: "swift.", with: "")
            path = String(path[..<dash])
        }
        let scope = scopes[page] ?? []
        for depth in stride(from: scope.count, through: 0, by: -1) {
            let prefix = scope.prefix(depth).joined(separator: "/")
            var candidates = byPath[prefix.isEmpty ? path : prefix + "/" + path] ?? []
            if let kind { candidates = candidates.filter { kinds[$0.symbolID] == kind } }
            guard !candidates.isEmpty else { continue }
            // A module and a symbol of one name (`ViewEnvironment`): the symbol, as the module
            // is reached by its own name with `-module`.
            if kind == nil, candidates.count > 1, candidates.contains(where: { kinds[$0.symbolID] == "module" }) {
                candidates.removeAll { kinds[$0.symbolID] == "module" }
            }
            // Overloads shown together, on one page, are one place to a reader: the link goes to
            // the first. Symbols on different pages are different things.
            let pages = Set(candidates.map(\.page))
            if pages.count == 1 { return .found(candidates[0]) }
            return .ambiguous(candidates.map { target in link + "-" + (kinds[target.symbolID] ?? "symbol") }.sorted())
        }
        return .notFound(closest: closest(to: path))
    }

    /// Up to three documented paths nearest `path` by edit distance, nearest first.
    private func closest(to path: String) -> [String] {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let limit = max(2, last.count / 3)
        var scored: [(String, Int)] = []
        for key in byPath.keys where !key.contains("/") || key.split(separator: "/").count == 2 {
            let name = key.split(separator: "/").last.map(String.init) ?? key
            let distance = SnippetWords.editDistance(last.lowercased(), name.lowercased())
            if distance <= limit { scored.append((key, distance)) }
        }
        return scored.sorted { ($0.1, $0.0.count, $0.0) < ($1.1, $1.0.count, $1.0) }.prefix(3).map(\.0)
    }
}
