/// Finding text by its UTF-8 bytes. Foundation's `contains` and `range(of:)` on `String`
/// go through `NSString` and cost a large page far more than a scan of its bytes; these are
/// for the exact, literal searches a build makes over whole pages.
extension StringProtocol {
    /// Whether `needle` occurs in the text, byte for byte.
    package func containsBytes(_ needle: String) -> Bool {
        utf8Range(of: needle) != nil
    }

    /// The first range of `needle`, byte for byte.
    package func utf8Range(of needle: String) -> Range<String.Index>? {
        var needle = needle
        return needle.withUTF8 { pattern -> Range<String.Index>? in
            guard let first = pattern.first else { return nil }
            let bytes = utf8
            var start = bytes.startIndex
            while let candidate = bytes[start...].firstIndex(of: first) {
                var index = candidate
                var matched = 0
                while matched < pattern.count, index < bytes.endIndex, bytes[index] == pattern[matched] {
                    matched += 1
                    index = bytes.index(after: index)
                }
                if matched == pattern.count { return candidate..<index }
                start = bytes.index(after: candidate)
            }
            return nil
        }
    }
}
