import Foundation

/// Heading ids exactly as Python-Markdown's `toc` extension makes them.
public enum Slug {
    /// Python-Markdown's default `slugify`: compatibility-decompose, drop what is not ASCII,
    /// drop characters other than letters, digits, `_`, `-` and white space, trim, lowercase,
    /// and join runs of `-` and white space with a single `-`.
    public static func slugify(_ text: String, separator: String = "-") -> String {
        let ascii = text.decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII)
        var kept = ""
        for scalar in ascii {
            let value = scalar.value
            let isWord = (value >= 48 && value <= 57) || (value >= 65 && value <= 90) || (value >= 97 && value <= 122) || value == 95
            let isSpace = value == 32 || (value >= 9 && value <= 13)
            if isWord || isSpace || value == 45 {
                kept.unicodeScalars.append(scalar)
            }
        }
        let trimmed = kept.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var result = ""
        var inRun = false
        for character in trimmed {
            if character == "-" || character.isWhitespace {
                if !inRun { result += separator }
                inRun = true
            } else {
                result.append(character)
                inRun = false
            }
        }
        return result
    }

    /// `id` made unique against `used` the way Python-Markdown does (`id_1`, `id_2`...), and
    /// recorded in `used`.
    public static func unique(_ id: String, used: inout Set<String>) -> String {
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
public struct UniqueIDs: Sendable {
    /// Every id handed out or reserved.
    public private(set) var used: Set<String>
    /// For a base name, the largest `m` such that `base_1` through `base_m` are all used.
    private var takenRun: [String: Int] = [:]

    public init(used: Set<String> = []) {
        self.used = used
    }

    /// `id`, or the first free id after it, recorded as used.
    public mutating func claim(_ id: String) -> String {
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
