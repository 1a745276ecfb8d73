// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup
import GalleyPages
@testable import GalleySearch
import GalleySources
import Testing

@Suite struct SearchIndexTests {
    static func page(_ url: String, _ title: String, _ sections: [(String, String, String)]) -> RenderedPage {
        RenderedPage(
            file: PageFile(path: url + ".md", absolutePath: "/docs/" + url + ".md", destination: url + "/index.html", url: url + "/"),
            title: title,
            html: "",
            searchSections: sections.map { SearchSection(anchor: $0.0, title: $0.1, text: $0.2) }
        )
    }

    static let pages = [
        page("guide", "Guide", [("", "Guide", "Start here."), ("rendering", "Rendering", "A render pass renders every workflow, workflow by workflow, workflow first."), ("state", "State", "Workflows keep state.")]),
        page("api", "API", [("", "API", "The RenderContext type."), ("rendercontext", "RenderContext", "Gives sinks and children.")]),
    ]

    /// The sections holding `term`, with their weights, decoded from the gap encoding.
    static func postings(_ index: SearchIndex, _ term: String) -> [(Int, Int)] {
        guard let at = index.terms.firstIndex(of: term) else { return [] }
        var section = 0
        return index.postings[at].map { value in
            section += value >> 3
            return (section, value & 7)
        }
    }

    @Test func pagesAndSectionsAreInURLOrder() {
        let index = SearchIndex(pages: Self.pages)
        #expect(index.pages.map(\.url) == ["api/", "guide/"])
        #expect(index.sections.map(\.anchor) == ["", "rendercontext", "", "rendering", "state"])
        #expect(index.sections.map(\.page) == [0, 0, 1, 1, 1])
    }

    @Test func weightsFavourTitlesAndCountUpToThree() {
        let index = SearchIndex(pages: Self.pages)
        // "rendercontext": in the API page's text once (weight 1), and the title of its section (4).
        #expect(Self.postings(index, "rendercontext").map { $0.0 } == [0, 1])
        #expect(Self.postings(index, "rendercontext").map { $0.1 } == [1, 4])
        // "workflow" appears four times in "rendering" and not in its title: capped at 3.
        #expect(Self.postings(index, "workflow").map { $0.1 } == [3])
        // Camel-case parts are indexed too.
        #expect(Self.postings(index, "context").map { $0.0 } == [0, 1])
        #expect(Self.postings(index, "state").map { $0.1 } == [5])
    }

    @Test func termsAreSortedAsJavaScriptComparesStrings() throws {
        let pages = [Self.page("cjk", "字", [("", "字", "𠀀 ｱｲ äb zz")])]
        let index = SearchIndex(pages: pages)
        let units = index.terms.map { Array($0.utf16) }
        #expect(units == units.sorted { $0.lexicographicallyPrecedes($1) })
        // U+20000 sorts before U+FF71 in UTF-16 (a surrogate, 0xD840) though not by scalar.
        let ideograph = try #require(index.terms.firstIndex(of: "𠀀"))
        let halfwidth = try #require(index.terms.firstIndex(of: "ｱｲ"))
        #expect(ideograph < halfwidth)
    }

    /// The scalar-wise comparison agrees with comparing UTF-16 code units on every pair of
    /// short strings over scalars from each side of the surrogate range and past U+FFFF.
    @Test func utf16OrderMatchesCodeUnitComparison() {
        let scalars = ["a", "z", "é", "\u{D7FF}", "\u{E000}", "\u{FF71}", "\u{FFFF}", "\u{10000}", "\u{20000}", "\u{10FFFF}"]
        var strings = [""]
        for _ in 0..<2 { strings += strings.flatMap { prefix in scalars.map { prefix + $0 } } }
        for a in strings {
            for b in strings {
                #expect(SearchIndex.precedesInUTF16(a, b) == a.utf16.lexicographicallyPrecedes(b.utf16), "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
            }
        }
    }

    @Test func scriptsCallTheClientWithJSON() throws {
        let index = SearchIndex(pages: Self.pages)
        let script = String(decoding: try index.indexScript(), as: UTF8.self)
        let prefix = "window.galleySearch&&galleySearch.index("
        #expect(script.hasPrefix(prefix))
        #expect(script.hasSuffix(");\n"))
        let json = script.dropFirst(prefix.count).dropLast(3)
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(payload["shards"] as? [Int] == [0])
        let sections = try #require(payload["sections"] as? [Any])
        #expect(sections[0] as? Int == 0)
        #expect(sections[1] as? [AnyHashable] == [0, "rendercontext", "RenderContext"])
        let text = String(decoding: try index.textScript(shard: 0), as: UTF8.self)
        #expect(text.contains("\"texts\":[\"The RenderContext type.\""))
        #expect(index.shardCount == 1)
    }

    /// Long texts are cut, and a shard ends at its byte budget: 4,000-byte texts go six to a
    /// shard of 24 KiB.
    @Test func textIsShardedAndCut() throws {
        let long = String(repeating: "word ", count: 2_000)
        let many = (0..<450).map { number in Self.page(String(format: "p%03d", number), "Page \(number)", [("", "Page \(number)", long)]) }
        let index = SearchIndex(pages: many)
        #expect(index.sections.allSatisfy { $0.text.count <= SearchIndex.maximumTextLength })
        #expect(index.shardCount == 75)
        #expect(SearchIndex.shardCount(of: many.map { SearchIndex.Entry($0) }) == 75)
        #expect(index.shardStarts.prefix(3) == [0, 6, 12])
        let last = String(decoding: try index.textScript(shard: 74), as: UTF8.self)
        #expect(last.contains("\"shard\":74"))
        #expect(last.components(separatedBy: "\"word word").count - 1 == 6)
        for shard in 0..<index.shardCount { #expect(try index.textScript(shard: shard).count <= SearchIndex.shardBytes + 100) }
    }

    /// Short texts still stop at ``SearchIndex/shardSize`` sections a shard, and one text
    /// longer than the budget has a shard to itself.
    @Test func shardsCountSectionsAndKeepALongTextWhole() {
        #expect(SearchIndex.shardStarts(sizes: Array(repeating: "a", count: 450).map(SearchIndex.jsonSize)) == [0, 200, 400])
        let big = String(repeating: "x", count: SearchIndex.shardBytes + 10)
        #expect(SearchIndex.shardStarts(sizes: ["a", big, "b", "c"].map(SearchIndex.jsonSize)) == [0, 1, 2])
    }
}
