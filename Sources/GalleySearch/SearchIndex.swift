// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyPages
import GalleySources

/// The site's search index, built once per build from every page's sections.
///
/// The client loads it with a `<script>` element rather than `fetch`, so search works when
/// the site is opened from `file://`. It comes in two parts, so the first result does not
/// wait for the whole site's text:
/// - `search/index.js`: pages, sections and an inverted index from each term to the
///   sections holding it;
/// - `search/text/N.js`: the sections' text in shards of at most ``shardSize`` sections and
///   about ``shardBytes`` bytes, fetched only to show excerpts of the sections in the results.
package struct SearchIndex: Sendable {
    /// Most sections in one text shard.
    package static let shardSize = 200
    /// About the most bytes of text in one shard: a shard ends before the section that
    /// would take it past this (a shard holds one section at least). The client loads a
    /// shard for each result's excerpt, so this bounds what one result costs to show.
    package static let shardBytes = 24 * 1024
    /// Longer section texts are cut here; an excerpt needs the start of a long section, and
    /// its terms are all indexed anyway.
    package static let maximumTextLength = 4_000

    /// One page: its URL and title.
    package struct Page: Sendable, Equatable {
        package var url: String
        package var title: String
    }

    /// One searchable section: a page's introduction (empty anchor) or one heading's part.
    package struct Section: Sendable, Equatable {
        package var page: Int
        package var anchor: String
        package var title: String
        package var text: String
    }

    package private(set) var pages: [Page] = []
    package private(set) var sections: [Section] = []
    /// Terms in UTF-16 order (the order JavaScript compares strings in), so the client can
    /// binary-search them for prefixes.
    package private(set) var terms: [String] = []
    /// For each term, its sections in order, each as `section gap × 8 + weight`. The weight
    /// (1–7) is the term's count in the text, up to 3, plus 4 when the section's title holds it.
    package private(set) var postings: [[Int]] = []

    /// One page, tokenized: what the index needs of it. Making entries is the costly part
    /// of indexing, and each is independent, so the build makes them while it renders.
    package struct Entry: Sendable {
        /// The entry's parts, behind one reference: a preview's update copies the site's
        /// entries, and a copy of one is then one retain rather than one per part.
        private final class Parts: Sendable {
            let page: Page
            let sections: [Section]
            let terms: [[(String, Int)]]
            let shardSizes: [Int]

            init(page: Page, sections: [Section], terms: [[(String, Int)]]) {
                self.page = page
                self.sections = sections
                self.terms = terms
                shardSizes = sections.map { SearchIndex.jsonSize(of: $0.text) }
            }
        }

        private let parts: Parts
        var page: Page { parts.page }
        var sections: [Section] { parts.sections }
        /// Each section's terms with their weights.
        var terms: [[(String, Int)]] { parts.terms }
        /// Each section's text's size in a shard (``jsonSize(of:)``), counted once: a
        /// preview counts the shards again on every edit.
        var shardSizes: [Int] { parts.shardSizes }

        /// The page's entry; its `tags` (the `tags` plugin's) are found as its title is.
        /// `title` is the page's title as the site shows it (a title the nav gives it wins over
        /// one made from its file's name, as in mkdocs); the page's own by default.
        package init(_ page: RenderedPage, tags: [String] = [], title: String? = nil) {
            var terms = page.searchSections.map(SearchIndex.termWeights)
            if !tags.isEmpty, !terms.isEmpty {
                let known = Set(terms[0].map(\.0))
                terms[0] += SearchIndex.termWeights(SearchSection(anchor: "", title: tags.joined(separator: " "), text: "")).filter { !known.contains($0.0) }
            }
            parts = Parts(
                page: Page(url: page.file.url, title: title ?? page.title),
                sections: page.searchSections.map { Section(page: 0, anchor: $0.anchor, title: $0.title, text: SearchIndex.cut($0.text)) },
                terms: terms
            )
        }
    }

    /// Indexes `pages` in URL order.
    package init(pages rendered: [RenderedPage]) {
        self.init(entries: rendered.map { Entry($0) })
    }

    /// Indexes the pages of `entries` in URL order.
    ///
    /// Each term is looked up once per section that holds it and numbered on first sight;
    /// the postings are then counted out into place by the terms' sorted order, so no list
    /// per term grows along the way.
    package init(entries: [Entry]) {
        var numbers: [String: Int] = [:]
        var names: [String] = []
        var found: [(term: Int, section: Int, weight: Int)] = []
        for entry in Self.urlOrder(of: entries).lazy.map({ entries[$0] }) {
            let pageNumber = pages.count
            pages.append(entry.page)
            for (section, terms) in zip(entry.sections, entry.terms) {
                let id = sections.count
                var section = section
                section.page = pageNumber
                sections.append(section)
                for (term, weight) in terms {
                    let number: Int
                    if let known = numbers[term] {
                        number = known
                    } else {
                        number = names.count
                        numbers[term] = number
                        names.append(term)
                    }
                    found.append((number, id, weight))
                }
            }
        }
        let order = names.indices.sorted { Self.precedesInUTF16(names[$0], names[$1]) }
        var rank = [Int](repeating: 0, count: names.count)
        for (position, number) in order.enumerated() { rank[number] = position }
        terms = order.map { names[$0] }
        // Sections were met in order, so each term's postings fall into place in order too.
        var start = [Int](repeating: 0, count: names.count + 1)
        for posting in found { start[rank[posting.term] + 1] += 1 }
        for index in names.indices { start[index + 1] += start[index] }
        var next = start
        var previous = [Int](repeating: 0, count: names.count)
        var encoded = [Int](repeating: 0, count: found.count)
        for posting in found {
            let position = rank[posting.term]
            encoded[next[position]] = (posting.section - previous[position]) * 8 + posting.weight
            previous[position] = posting.section
            next[position] += 1
        }
        postings = names.indices.map { Array(encoded[start[$0]..<start[$0 + 1]]) }
    }

    /// Each term of a section with its weight: its count in the text up to 3, plus 4 when
    /// the title holds it.
    static func termWeights(_ section: SearchSection) -> [(String, Int)] {
        // One table: a text count stops at 3, so a weight of 4 or more says the title's
        // bonus is in already.
        var weights: [String: Int] = [:]
        for term in SearchTokenizer.terms(section.text) {
            weights[term, default: 0] = min(weights[term, default: 0] + 1, 3)
        }
        for term in SearchTokenizer.terms(section.title) where weights[term, default: 0] < 4 {
            weights[term, default: 0] += 4
        }
        return weights.map { ($0.key, $0.value) }
    }

    /// Whether `a` sorts before `b` by UTF-16 code units, as JavaScript compares strings.
    ///
    /// Compared on the UTF-8 bytes, which Swift's strings hold (their UTF-16 view would be
    /// transcoded): byte order is code-point order, and code-unit order differs from it only
    /// where a scalar past U+FFFF (lead byte 0xF0–0xF4, a surrogate pair in UTF-16) meets
    /// one of U+E000–U+FFFF (lead byte 0xEE or 0xEF): the surrogate sorts first. Where two
    /// valid strings first differ both bytes lead a scalar, or both continue one scalar
    /// whose lead they share.
    static func precedesInUTF16(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let common = min(left.count, right.count)
                var index = 0
                while index < common, left[index] == right[index] { index += 1 }
                guard index < common else { return left.count < right.count }
                let (x, y) = (left[index], right[index])
                if x >= 0xEE, y >= 0xEE, (x >= 0xF0) != (y >= 0xF0) { return x >= 0xF0 }
                return x < y
            }
        }
    }

    /// `text` cut to ``maximumTextLength`` characters. Text of no more bytes than that has
    /// no more characters either, and is kept without counting them.
    static func cut(_ text: String) -> String {
        text.utf8.count <= maximumTextLength ? text : String(text.prefix(maximumTextLength))
    }

    /// The first section of each text shard, in order.
    package var shardStarts: [Int] { Self.shardStarts(sizes: sections.lazy.map { Self.jsonSize(of: $0.text) }) }

    /// How many text shards the sections fill.
    package var shardCount: Int { shardStarts.count }

    /// The number of text shards the index of `entries` has, without making it.
    package static func shardCount(of entries: [Entry]) -> Int {
        shardCount(of: entries, inOrder: urlOrder(of: entries))
    }

    /// The number of text shards the index of `entries` has, given their ``urlOrder(of:)``:
    /// a preview that changes a page's text but no page's address counts again without
    /// sorting again.
    package static func shardCount(of entries: [Entry], inOrder order: [Int]) -> Int {
        var sizes: [Int] = []
        for index in order { sizes += entries[index].shardSizes }
        return shardStarts(sizes: sizes).count
    }

    /// Where each of `entries` stands in the index, which lists pages by address.
    package static func urlOrder(of entries: [Entry]) -> [Int] {
        entries.indices.sorted { entries[$0].page.url < entries[$1].page.url }
    }

    /// Where each shard begins, given the ``jsonSize(of:)`` of the sections' texts in index
    /// order: a shard ends at ``shardSize`` sections or before the text that would take it
    /// past ``shardBytes``.
    static func shardStarts(sizes: some Sequence<Int>) -> [Int] {
        var starts: [Int] = []
        var (count, bytes) = (0, 0)
        for (index, size) in sizes.enumerated() {
            if starts.isEmpty || count == shardSize || (count > 0 && bytes + size > shardBytes) {
                starts.append(index)
                (count, bytes) = (0, 0)
            }
            count += 1
            bytes += size
        }
        return starts
    }

    /// What a section's text takes in a shard: a string's JSON is its bytes, its quotes and
    /// a comma, give or take escapes.
    static func jsonSize(of text: String) -> Int {
        text.utf8.count + 3
    }

    /// `search/index.js`.
    package func indexScript() throws -> Data {
        // Keys in sorted order, as two builds of one input must be byte-identical.
        var json = JSONWriter(prefix: "window.galleySearch&&galleySearch.index(")
        json.beginObject()
        json.key("pages")
        json.beginArray()
        for page in pages {
            json.beginArray()
            json.string(page.url)
            json.string(page.title)
            json.endArray()
        }
        json.endArray()
        json.key("postings")
        json.beginArray()
        for list in postings {
            json.beginArray()
            for posting in list { json.int(posting) }
            json.endArray()
        }
        json.endArray()
        // `[page, anchor, title]`; a page's own entry is just `page`.
        json.key("sections")
        json.beginArray()
        for section in sections {
            if section.anchor.isEmpty {
                json.int(section.page)
            } else {
                json.beginArray()
                json.int(section.page)
                json.string(section.anchor)
                json.string(section.title)
                json.endArray()
            }
        }
        json.endArray()
        // The first section of each text shard.
        json.key("shards")
        json.beginArray()
        for start in shardStarts { json.int(start) }
        json.endArray()
        json.key("terms")
        json.beginArray()
        for term in terms { json.string(term) }
        json.endArray()
        json.key("version")
        json.int(2)
        json.endObject()
        json.raw(");\n")
        return Data(json.bytes)
    }

    /// `search/text/N.js` for shard `number`.
    package func textScript(shard number: Int) throws -> Data {
        let starts = shardStarts
        let slice = sections[starts[number]..<(number + 1 < starts.count ? starts[number + 1] : sections.count)]
        var json = JSONWriter(prefix: "window.galleySearch&&galleySearch.text(")
        json.beginObject()
        json.key("shard")
        json.int(number)
        json.key("texts")
        json.beginArray()
        for section in slice { json.string(section.text) }
        json.endArray()
        json.endObject()
        json.raw(");\n")
        return Data(json.bytes)
    }
}


