// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The words a Swift fence's info string, `galley.snippets.default` and a page's
/// `snippets.default` may hold. They live with the configuration because `default` is read
/// here, before any page; the snippet stage reads fences with the same list, so a word is
/// valid in one place exactly when it is valid in the others.
package enum SnippetWords {
    /// What a block does; a fence takes at most one.
    package static let actions = ["run", "compile", "silent", "invisible", "fails", "crash", "values"]
    /// Words that change how a running block is checked or scoped.
    package static let modifiers = ["expect", "reset"]
    /// The word that keeps a fence from running (also `norun="reason"`).
    package static let optOut = "norun"
    /// `key="value"` options a Swift fence may carry: the snippet stage's own and the ones
    /// the code renderer reads.
    package static let options = ["session", "norun", "fails", "crash", "title", "hl_lines", "linenums"]

    /// Every bare word a Swift fence may hold after the language.
    package static var all: [String] { actions + modifiers + [optOut] }

    /// Whether `word` is one of ``all``.
    package static func isKnown(_ word: String) -> Bool {
        all.contains(word)
    }

    /// The word of `candidates` that `word` most likely misspells: the nearest by edit
    /// distance (a swap of two neighbours counts as one edit), if it is within one edit for
    /// words of up to four letters and two for longer ones; `nil` when none is that near.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.word
    }

    /// What to say about `word`, which is not a valid word in `place` (such as "this fence's
    /// info string"): the closest valid word, or the whole list when none is close.
    package static func unknownWordMessage(_ word: String, in place: String, candidates: [String] = all, noun: String = "word") -> String {
        if let near = closest(to: word, among: candidates) {
            return "unknown \(noun) `\(word)` in \(place); did you mean `\(near)`?"
        }
        return "unknown \(noun) `\(word)` in \(place); the \(noun)s are " + candidates.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// The optimal-string-alignment distance of `a` and `b`: insertions, deletions,
    /// substitutions and swaps of two neighbouring characters each cost one.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
