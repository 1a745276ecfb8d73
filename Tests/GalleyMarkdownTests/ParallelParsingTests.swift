// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
import Testing

/// Pages are parsed side by side. cmark-gfm's inline extensions mark their special characters
/// in one table for the whole process, set and cleared by every parse; parses that overlap
/// must still each see every autolink and strikethrough.
@Suite("Parsing in parallel")
struct ParallelParsingTests {
    @Test func pagesParsedSideBySideLoseNothing() {
        let paragraph = "See https://example.com/a and ~~gone~~ here.\n\n| a | b |\n| --- | --- |\n| ~~x~~ | https://example.org |\n\n"
        let page = String(repeating: paragraph, count: 30)
        for _ in 0..<3 {
            let pages = parallelMap(Array(0..<200)) { _ in render(page) }
            let strikes = pages.map { $0.components(separatedBy: "<del>").count - 1 }
            let links = pages.map { $0.components(separatedBy: "<a href=\"https://example.").count - 1 }
            #expect(strikes.allSatisfy { $0 == 60 }, "strikethroughs per page: \(Set(strikes))")
            #expect(links.allSatisfy { $0 == 60 }, "links per page: \(Set(links))")
        }
    }
}
