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
        var candidate = id
        while used.contains(candidate) || candidate.isEmpty {
            if let underscore = candidate.lastIndex(of: "_"),
               let number = Int(candidate[candidate.index(after: underscore)...]),
               candidate[candidate.index(after: underscore)...].allSatisfy(\.isASCII)
            {
                candidate = "\(candidate[..<underscore])_\(number + 1)"
            } else {
                candidate += "_1"
            }
        }
        used.insert(candidate)
        return candidate
    }
}
