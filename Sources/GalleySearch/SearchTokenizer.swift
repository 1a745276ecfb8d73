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
public enum SearchTokenizer {
    /// Longer words are identifiers or hashes that nobody types.
    public static let maximumLength = 40

    /// Every term of `text`, in order, with repeats.
    public static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var word: [Unicode.Scalar] = []
        var ideographs: [Unicode.Scalar] = []

        func endWord() {
            guard !word.isEmpty else { return }
            let parts = camelParts(word)
            let whole = fold(word)
            if whole.unicodeScalars.count > 1, whole.unicodeScalars.count <= maximumLength { terms.append(whole) }
            if parts.count > 1 {
                for part in parts {
                    let folded = fold(part)
                    if folded.unicodeScalars.count > 1, folded.unicodeScalars.count <= maximumLength { terms.append(folded) }
                }
            }
            word.removeAll(keepingCapacity: true)
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
            if isIdeographic(scalar) {
                endWord()
                ideographs.append(scalar)
            } else if isWordScalar(scalar) {
                endIdeographs()
                word.append(scalar)
            } else {
                endWord()
                endIdeographs()
            }
        }
        endWord()
        endIdeographs()
        return terms
    }

    /// Scripts written without spaces between words: CJK ideographs, kana, Hangul.
    public static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
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
            let previous = word[index - 1].properties, current = word[index].properties
            guard current.isUppercase else { continue }
            let afterLower = previous.isLowercase || previous.numericType != nil
            let beforeLower = previous.isUppercase && index + 1 < word.count && word[index + 1].properties.isLowercase
            if afterLower || beforeLower {
                parts.append(word[start..<index])
                start = index
            }
        }
        parts.append(word[start...])
        return parts
    }
}
