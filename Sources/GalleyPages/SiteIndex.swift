// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkdown
import GalleySources

/// What link checking needs to know of the whole site: every page's URL and anchors, and
/// every asset.
package struct SiteIndex: Sendable {
    package let tree: SourceTree
    /// Anchor ids by page path.
    package let anchors: [String: Set<String>]
    private let assetPaths: Set<String>
    /// Where assets that do not go to their own path go, by path.
    private let movedAssets: [String: String]
    private let assetDestinations: Set<String>

    package init(tree: SourceTree, anchors: [String: Set<String>]) {
        self.tree = tree
        self.anchors = anchors
        self.assetPaths = Set(tree.assets.map(\.path))
        self.movedAssets = Dictionary(tree.assets.filter { $0.destination != $0.path }.map { ($0.path, $0.destination) }, uniquingKeysWith: { first, _ in first })
        self.assetDestinations = movedAssets.isEmpty ? assetPaths : Set(tree.assets.map(\.destination))
    }

    /// Whether an asset's path under `docs_dir` is `path`.
    package func hasAsset(_ path: String) -> Bool {
        assetPaths.contains(path)
    }

    /// Whether an asset is published at `url` (relative to the site root).
    package func hasAsset(servedAt url: String) -> Bool {
        assetDestinations.contains(url)
    }

    /// Where the asset at `path` is published.
    package func assetURL(_ path: String) -> String {
        movedAssets[path] ?? path
    }

    /// The page whose URL is `url` or `url/` (what a browser would show for it).
    package func page(forURL url: String) -> PageFile? {
        var candidate = url
        if candidate.hasSuffix("index.html") { candidate.removeLast("index.html".count) }
        if let page = tree.page(servedAt: candidate) { return page }
        if !candidate.hasSuffix("/"), let page = tree.page(servedAt: candidate + "/") { return page }
        if candidate.hasSuffix("/"), let page = tree.page(servedAt: String(candidate.dropLast()) + ".html") { return page }
        return nil
    }
}

/// The anchor ids a page defines: headings, footnotes, and `id`s in its raw HTML.
package enum PageAnchors {
    package static func collect(_ document: Document, headings: [TOCEntry]) -> Set<String> {
        var ids = Set(headings.map(\.id))
        for footnote in document.footnotes {
            ids.insert("fn:\(footnote.label)")
            ids.insert("fnref:\(footnote.label)")
        }
        func scan(_ html: String) {
            for attribute in ["id=\"", "name=\""] {
                var rest = html[...]
                while let range = rest.range(of: attribute) {
                    let value = rest[range.upperBound...].prefix { $0 != "\"" }
                    ids.insert(String(value))
                    rest = rest[range.upperBound...]
                }
            }
        }
        document.blocks.forEachBlock { block in
            switch block {
            case .html(let html): scan(html)
            case .paragraph(let inlines, _, let attributes):
                if let id = attributes?.id { ids.insert(id) }
                for case .html(let html) in inlines { scan(html) }
            case .htmlContainer(let open, _, _): scan(open)
            default: break
            }
        }
        return ids
    }
}
