// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleySearch
import GalleyPages

/// One language's search files: the theme's index and text shards, written from the pages'
/// entries, and when the config asks for it the mkdocs-compatible `search_index.json`.
struct SearchFiles: Sendable {
    var prefix: String
    /// Changed in place by a preview's update, which changes no page's address.
    var entries: [SearchIndex.Entry]
    var pages: [RenderedPage]
    var writesMkdocsIndex: Bool
    /// The entries' order in the index, by address, found once.
    let urlOrder: [Int]

    init(prefix: String, entries: [SearchIndex.Entry], pages: [RenderedPage], writesMkdocsIndex: Bool) {
        self.prefix = prefix
        self.entries = entries
        self.pages = pages
        self.writesMkdocsIndex = writesMkdocsIndex
        urlOrder = SearchIndex.urlOrder(of: entries)
    }

    func write(to writer: any SiteOutput) throws {
        let (pages, entries) = (pages, entries)
        if writesMkdocsIndex {
            try writer.writeLater({ try SiteFiles.searchIndex(pages) }, to: prefix + "search/search_index.json")
        }
        // One index, made once, for the index script and every shard of text.
        let index = Deferred { SearchIndex(entries: entries) }
        try writer.writeLater({ try index.value().indexScript() }, to: prefix + "search/index.js")
        for shard in 0..<SearchIndex.shardCount(of: entries, inOrder: urlOrder) {
            try writer.writeLater({ try index.value().textScript(shard: shard) }, to: prefix + "search/text/\(shard).js")
        }
    }
}
