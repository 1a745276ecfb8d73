// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
@testable import GalleySnippets
import Testing

@Suite struct SnippetShardTests {
    @Test func kOfNIsReadAndAnythingElseIsNot() {
        #expect(SnippetShard(parsing: "2/4") == SnippetShard(index: 2, count: 4))
        #expect(SnippetShard(parsing: "1/1")?.checksTheRest == true)
        #expect(SnippetShard(parsing: "1000/1000") != nil)
        for text in ["0/4", "5/4", "1/0", "4", "", "/", "a/4", "1/4/2", "-1/4", "+1/4", " 1/4", "1/1001", "١/٢", "99999999999999999999/1"] {
            #expect(SnippetShard(parsing: text) == nil, "\(text)")
        }
    }

    /// Pages with their work, as `SnippetEngine.work(of:)` gives it.
    static let pages: [(path: String, work: Int)] = [
        ("a.md", 300), ("b.md", 20), ("c.md", 120), ("d.md", 0), ("e.md", 90), ("f.md", 0), ("g.md", 60), ("h.md", 200), ("i.md", 0), ("j.md", 45),
    ]

    @Test(arguments: [1, 2, 3, 4, 7, 10, 12])
    func everyPageFallsToExactlyOneShard(count: Int) throws {
        var seen: [String] = []
        for index in 1...count {
            seen += try #require(SnippetShard(index: index, count: count)).pages(of: Self.pages)
        }
        #expect(seen.sorted() == Self.pages.map(\.path).sorted())
    }

    @Test func theSplitIsBalancedAndTheOrderOfThePagesDoesNotMatter() throws {
        let count = 3
        var loads: [Int] = []
        for index in 1...count {
            let shard = try #require(SnippetShard(index: index, count: count))
            let mine = shard.pages(of: Self.pages)
            #expect(shard.pages(of: Self.pages.reversed()) == mine)
            #expect(shard.pages(of: Self.pages.shuffled()) == mine)
            loads.append(Self.pages.filter { mine.contains($0.path) }.reduce(0) { $0 + $1.work })
        }
        // 835 in all: the heaviest page alone (300) decides the largest part.
        #expect(loads.reduce(0, +) == 835)
        #expect(loads.max()! - loads.min()! <= 300, "\(loads)")
        #expect(loads == [300, 260, 275], "longest-processing-time order: \(loads)")
    }

    @Test func pagesWithoutWorkSpreadEvenly() throws {
        let idle = (1...9).map { (path: "p\($0).md", work: 0) }
        let counts = try (1...3).map { try #require(SnippetShard(index: $0, count: 3)).pages(of: idle).count }
        #expect(counts == [3, 3, 3])
    }
}
