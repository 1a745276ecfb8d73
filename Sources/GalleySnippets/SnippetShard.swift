// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// One of `count` parts into which a check splits the pages holding snippets
/// (`galley check --shard K/N`), so that CI jobs can share the work.
///
/// Every job must split the pages the same way, or a page would be checked twice or not at
/// all; so the split depends only on the pages themselves, which every job reads from the
/// same commit, and never on timings or caches that differ from machine to machine.
package struct SnippetShard: Sendable, Hashable, CustomStringConvertible {
    /// Which part, from 1.
    package let index: Int
    /// How many parts.
    package let count: Int

    /// The most parts a check may be split into.
    package static let largestCount = 1000

    package init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.largestCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, as written on the command line; `nil` for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// The first part also checks what is not split: the build, links and lint.
    package var checksTheRest: Bool { index == 1 }

    /// The pages, of `pages` (each with an estimate of its work), that fall to this part.
    ///
    /// The heaviest page goes first, each to the part with the least work so far, then the
    /// fewest pages, then the lowest number (longest-processing-time scheduling): parts end
    /// within one page's work of each other, and pages with no work to speak of still
    /// spread evenly. Ties between pages are broken by path, so the order of `pages` does
    /// not matter.
    package func pages(of pages: [(path: String, work: Int)]) -> Set<String> {
        let ordered = pages.sorted { $0.work != $1.work ? $0.work > $1.work : $0.path < $1.path }
        var work = [Int](repeating: 0, count: count)
        var taken = [Int](repeating: 0, count: count)
        var mine: Set<String> = []
        for page in ordered {
            var part = 0
            for candidate in 1..<count where (work[candidate], taken[candidate]) < (work[part], taken[part]) {
                part = candidate
            }
            work[part] += page.work
            taken[part] += 1
            if part == index - 1 { mine.insert(page.path) }
        }
        return mine
    }
}
