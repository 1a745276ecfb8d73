// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleySearch
import GalleyPages

/// One language's search files: the theme's index and text shards, written from the pages'
/// entries, and when the config asks for it the mkdocs-compatible `search_index.json`.
struct SearchFiles: Sendable {
    var prefix: String
    var entries: [SearchIndex.Entry]
    var pages: [RenderedPage]
    var writesMkdocsIndex: Bool

    func write(to writer: any SiteOutput) throws {
        let (pages, entries) = (pages, entries)
        if writesMkdocsIndex {
            try writer.writeLater({ try SiteFiles.searchIndex(pages) }, to: prefix + "search/search_index.json")
        }
        // One index, made once, for the index script and every shard of text.
        let index = Deferred { SearchIndex(entries: entries) }
        try writer.writeLater({ try index.value().indexScript() }, to: prefix + "search/index.js")
        for shard in 0..<SearchIndex.shardCount(of: entries) {
            try writer.writeLater({ try index.value().textScript(shard: shard) }, to: prefix + "search/text/\(shard).js")
        }
    }
}
