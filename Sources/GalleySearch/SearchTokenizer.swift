// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Splits text into the terms the search index stores and the client looks up.
///
/// The theme's JavaScript client tokenizes queries with the same rules (`tokenize` in
/// `galley.js`); a browser test holds the two to the same output.
/// - Words (runs of letters and digits) are lowercased and stripped of accents. A word of
///   two or more camel-case parts also yields each part: `RenderContext` gives
///   `rendercontext`, `render` and `context`.
/// - Chinese, Japanese and Korean text has no spaces between words, so each run of those
///   characters yields its overlapping character pairs (a lone character yields itself).
/// - One-letter words and words longer than ``maximumLength`` are dropped.
package enum SearchTokenizer {
    /// Longer words are identifiers or hashes that nobody types.
    package static let maximumLength = 40

    /// Every term of `text`, in order, with repeats.
    package static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var word: [Unicode.Scalar] = []
        var wordIsASCII = true
        var ideographs: [Unicode.Scalar] = []

        func keep(_ term: String, length: Int) {
            if length > 1, length <= maximumLength { terms.append(term) }
        }
        func endWord() {
            guard !word.isEmpty else { return }
            if wordIsASCII {
                // Most words in docs are ASCII: lowercase them without Unicode tables, and
                // look for camel-case parts only in a word with a capital after its start.
                keep(asciiLowercase(word[...]), length: word.count)
                if word.dropFirst().contains(where: { $0.value >= 0x41 && $0.value <= 0x5A }) {
                    let parts = camelParts(word)
                    if parts.count > 1 {
                        for part in parts { keep(asciiLowercase(part), length: part.count) }
                    }
                }
            } else {
                let parts = camelParts(word)
                let whole = fold(word)
                keep(whole, length: whole.unicodeScalars.count)
                if parts.count > 1 {
                    for part in parts {
                        let folded = fold(part)
                        keep(folded, length: folded.unicodeScalars.count)
                    }
                }
            }
            word.removeAll(keepingCapacity: true)
            wordIsASCII = true
        }
        func endIdeographs() {
            guard !ideographs.isEmpty else { return }
            if ideographs.count == 1 {
                terms.append(String(String.UnicodeScalarView(ideographs)))
            } else {
                for index in 0..<(ideographs.count - 1) {
                    terms.append(String(String.UnicodeScalarView(ideographs[index...index + 1])))
                }
            }
            ideographs.removeAll(keepingCapacity: true)
        }

        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                if (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) {
                    endIdeographs()
                    word.append(scalar)
                } else {
                    endWord()
                    endIdeographs()
                }
            } else if isIdeographic(scalar) {
                endWord()
                ideographs.append(scalar)
            } else if isWordScalar(scalar) {
                endIdeographs()
                word.append(scalar)
                wordIsASCII = false
            } else {
                endWord()
                endIdeographs()
            }
        }
        endWord()
        endIdeographs()
        return terms
    }

    /// Written straight into the new string's storage: no array in between.
    private static func asciiLowercase(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(unsafeUninitializedCapacity: scalars.count) { buffer in
            for (offset, scalar) in zip(buffer.indices, scalars) {
                let value = UInt8(scalar.value)
                buffer[offset] = value >= 0x41 && value <= 0x5A ? value + 0x20 : value
            }
            return scalars.count
        }
    }

    /// Scripts written without spaces between words: CJK ideographs, kana, Hangul.
    package static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    /// Letters, digits and combining marks (so `é` written as `e` + accent stays one word).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default:
            false
        }
    }

    /// Lowercased, decomposed, with the combining marks removed.
    static func fold(_ scalars: some Collection<Unicode.Scalar>) -> String {
        let lowered = String(String.UnicodeScalarView(scalars)).lowercased()
        var result = String.UnicodeScalarView()
        for scalar in lowered.decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(scalar) {
            result.append(scalar)
        }
        return String(result)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// `RenderContext` → `Render`, `Context`; `HTMLRenderer` → `HTML`, `Renderer`;
    /// `utf8View` → `utf8`, `View`. A new part starts at an uppercase letter that follows a
    /// lowercase letter or digit, or that precedes a lowercase letter after another uppercase.
    static func camelParts(_ word: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        for index in 1..<max(word.count, 1) {
            guard isUppercase(word[index]) else { continue }
            let previous = word[index - 1]
            let afterLower = isLowercase(previous) || isDigit(previous)
            let beforeLower = isUppercase(previous) && index + 1 < word.count && isLowercase(word[index + 1])
            if afterLower || beforeLower {
                parts.append(word[start..<index])
                start = index
            }
        }
        parts.append(word[start...])
        return parts
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x41...0x5A).contains(scalar.value) : scalar.properties.generalCategory == .uppercaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x61...0x7A).contains(scalar.value) : scalar.properties.generalCategory == .lowercaseLetter
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil
    }
}
