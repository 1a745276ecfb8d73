// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig

/// Heading ids exactly as Python-Markdown's `toc` extension makes them.
package enum Slug {
    /// The id `style` (`toc.slugify`, `toc.separator`) gives a heading whose text is `text`.
    package static func make(_ text: String, style: HeadingSlugStyle) -> String {
        switch style.function {
        case .markdown: slugify(text, separator: style.separator)
        case .markdownUnicode: unicodeMarkdownSlugify(text, separator: style.separator)
        case .pymdown(let letterCase, let normalization, let percentEncode):
            pymdownSlugify(text, separator: style.separator, letterCase: letterCase, normalization: normalization, percentEncode: percentEncode)
        }
    }

    /// Python-Markdown's default `slugify`: compatibility-decompose, drop what is not ASCII,
    /// drop characters other than letters, digits, `_`, `-` and white space, trim, lowercase,
    /// and join runs of white space and of `separator`'s characters with a single `separator`.
    ///
    /// Written by hand because the ids must equal Python's, byte for byte. After the first
    /// step only ASCII is left, so the rest works on bytes; text that is ASCII already (most
    /// headings) skips the decomposition, which would leave it as it is.
    package static func slugify(_ text: String, separator: String = "-") -> String {
        var ascii: [UInt8] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            ascii = Array(text.utf8)
        } else {
            for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where scalar.isASCII {
                ascii.append(UInt8(scalar.value))
            }
        }
        // Python's `\s` and `str.strip()` on ASCII: tab to carriage return, the four
        // separators 0x1C–0x1F, and space.
        let isSpace: (UInt8) -> Bool = { ($0 >= 0x09 && $0 <= 0x0D) || ($0 >= 0x1C && $0 <= 0x1F) || $0 == 0x20 }
        let isWord: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
        let kept = ascii.filter { isWord($0) || isSpace($0) || $0 == 0x2D }
        guard let first = kept.firstIndex(where: { !isSpace($0) }), let last = kept.lastIndex(where: { !isSpace($0) }) else { return "" }
        let joins = Set(separator.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(last - first + 1)
        var inRun = false
        for byte in kept[first...last] {
            if isSpace(byte) || joins.contains(byte) {
                if !inRun { result.append(contentsOf: separator.utf8) }
                inRun = true
            } else {
                result.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                inRun = false
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Python-Markdown's `slugify_unicode`: as `slugify`, but every Unicode letter and digit
    /// stays, and Python's Unicode ideas of white space and case apply.
    package static func unicodeMarkdownSlugify(_ text: String, separator: String = "-") -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where PythonCharacters.isWord(scalar) || PythonCharacters.isSpace(scalar) || scalar == "-" {
            kept.append(scalar)
        }
        let trimmed = PythonCharacters.strip(String(kept)).lowercased()
        let joins = Set(separator.unicodeScalars)
        var result = String.UnicodeScalarView()
        var inRun = false
        for scalar in trimmed.unicodeScalars {
            if PythonCharacters.isSpace(scalar) || joins.contains(scalar) {
                if !inRun { result.append(contentsOf: separator.unicodeScalars) }
                inRun = true
            } else {
                result.append(scalar)
                inRun = false
            }
        }
        return String(result)
    }

    /// pymdown-extensions' Unicode `slugify(case="lower")`, which mkdocs-material's plugins
    /// use for tags and blog URLs.
    package static func unicodeSlugify(_ text: String, separator: String = "-") -> String {
        pymdownSlugify(text, separator: separator, letterCase: .lower, normalization: .nfc, percentEncode: false)
    }

    /// pymdown-extensions' configurable `slugs.slugify`: normalized, HTML tags removed,
    /// trimmed, cased as asked, characters other than Unicode letters, digits, `_`, `-` and
    /// spaces dropped, each space (not each run of them) made `separator`, and the result
    /// percent-encoded as UTF-8 when asked.
    package static func pymdownSlugify(
        _ text: String, separator: String, letterCase: HeadingSlugStyle.LetterCase, normalization: HeadingSlugStyle.Normalization,
        percentEncode: Bool
    ) -> String {
        let normalized = switch normalization {
        case .nfc: text.precomposedStringWithCanonicalMapping
        case .nfd: text.decomposedStringWithCanonicalMapping
        case .nfkc: text.precomposedStringWithCompatibilityMapping
        case .nfkd: text.decomposedStringWithCompatibilityMapping
        }
        let withoutTags = normalized.replacingOccurrences(of: "</?[^>]*>", with: "", options: .regularExpression)
        var cased = PythonCharacters.strip(withoutTags)
        switch letterCase {
        case .none: break
        case .lower: cased = cased.lowercased()
        case .lowerASCII:
            cased = String(String.UnicodeScalarView(cased.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 0x20)! : $0 }))
        case .fold: cased = cased.folding(options: .caseInsensitive, locale: nil)
        }
        var result = ""
        for scalar in cased.unicodeScalars {
            if PythonCharacters.isWord(scalar) || scalar == "-" {
                result.unicodeScalars.append(scalar)
            } else if scalar == " " {
                result += separator
            }
        }
        guard percentEncode else { return result }
        // Python's `urllib.parse.quote` of the UTF-8 bytes: letters, digits, `_.-~` and `/` stay.
        var encoded = ""
        for byte in result.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "_.-~/".utf8.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// `id` made unique against `used` the way Python-Markdown does (`id_1`, `id_2`...), and
    /// recorded in `used`.
    package static func unique(_ id: String, used: inout Set<String>) -> String {
        var ids = UniqueIDs(used: used)
        let result = ids.claim(id)
        used = ids.used
        return result
    }
}

/// The ids of one page, handed out as Python-Markdown's `toc` does: an id already taken
/// becomes `id_1`, then `id_2`..., and an id of the form `name_N` continues from `N + 1`.
///
/// Python-Markdown tries each candidate in turn, which is quadratic in the number of equal
/// headings. This gives the same ids in linear time: for each base name it remembers how far
/// `base_1`, `base_2`... are known to be taken without a gap, and jumps past that run.
package struct UniqueIDs: Sendable {
    /// Every id handed out or reserved.
    package private(set) var used: Set<String>
    /// For a base name, the largest `m` such that `base_1` through `base_m` are all used.
    private var takenRun: [String: Int] = [:]

    package init(used: Set<String> = []) {
        self.used = used
    }

    /// `id`, or the first free id after it, recorded as used.
    package mutating func claim(_ id: String) -> String {
        var candidate = id
        var parsed = Self.split(id)
        while used.contains(candidate) || candidate.isEmpty {
            var next = parsed.number + 1
            let run = extendRun(parsed.base)
            if next >= 1 && next <= run { next = run + 1 }
            parsed.number = next
            candidate = "\(parsed.base)_\(next)"
        }
        used.insert(candidate)
        return candidate
    }

    /// Extends and returns the run of taken `base_N` ids; each number is looked at once.
    private mutating func extendRun(_ base: String) -> Int {
        var run = takenRun[base, default: 0]
        while used.contains("\(base)_\(run + 1)") { run += 1 }
        takenRun[base] = run
        return run
    }

    /// `name_N` as (`name`, N); anything else as (itself, 0). Matches `^(.*)_([0-9]+)$`.
    private static func split(_ id: String) -> (base: String, number: Int) {
        guard let underscore = id.lastIndex(of: "_") else { return (id, 0) }
        let digits = id[id.index(after: underscore)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return (id, 0) }
        return (String(id[..<underscore]), number)
    }
}

/// Python's Unicode character classes, as its `re` module and `str` methods use them.
private enum PythonCharacters {
    /// `\w`: what `str.isalnum()` accepts (letters, and anything with a numeric value), and `_`.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return scalar.properties.numericType != nil
        }
    }

    /// `\s` and `str.isspace()`: Unicode white space, and the four ASCII separators
    /// 0x1C–0x1F that Python also counts.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
    }

    /// `str.strip()`.
    static func strip(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
