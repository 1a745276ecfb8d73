// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkdown
import Testing

/// The byte search finds what a search of the text's bytes finds, in native strings (searched
/// in their buffer), in substrings, and in bridged strings (searched through their views).
struct TextSearchTests {
    /// The first place of `needle` in `text`, as byte offsets, by the slowest plain search.
    static func naive(_ needle: String, in text: some StringProtocol) -> Range<Int>? {
        let (haystack, pattern) = (Array(text.utf8), Array(needle.utf8))
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - pattern.count) where Array(haystack[start..<start + pattern.count]) == pattern {
            return start..<start + pattern.count
        }
        return nil
    }

    static func offsets(_ range: Range<String.Index>?, in text: some StringProtocol) -> Range<Int>? {
        range.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound)..<text.utf8.distance(from: text.startIndex, to: $0.upperBound) }
    }

    @Test func findsWhatABytewiseSearchFinds() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = ["a", "b", "é", "€", "\n", "ab", "🙂"]
        func text(_ length: Int) -> String { (0..<length).map { _ in alphabet[next(alphabet.count)] }.joined() }
        for _ in 0..<2_000 {
            let haystack = text(next(40))
            let needle = text(1 + next(4))
            #expect(Self.offsets(haystack.utf8Range(of: needle), in: haystack) == Self.naive(needle, in: haystack), "\(needle) in \(haystack)")
            #expect(haystack.containsBytes(needle) == (Self.naive(needle, in: haystack) != nil))
            let cut = haystack.dropFirst(min(2, haystack.count))
            #expect(Self.offsets(cut.utf8Range(of: needle), in: cut) == Self.naive(needle, in: cut), "\(needle) in \(cut)")
        }
    }

    @Test func bridgedTextAndEdges() {
        let bridged = NSString(string: "one two three two") as String
        #expect(Self.offsets(bridged.utf8Range(of: "two"), in: bridged) == 4..<7)
        #expect("abc".utf8Range(of: "") == nil)
        #expect("ab".utf8Range(of: "abc") == nil)
        #expect("xxabc".utf8Range(of: "abc").map { "xxabc"[$0] } == "abc")
    }
}
