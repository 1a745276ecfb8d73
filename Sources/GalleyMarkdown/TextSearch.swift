// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Finding text by its UTF-8 bytes. Foundation's `contains` and `range(of:)` on `String`
/// go through `NSString` and cost a large page far more than a scan of its bytes; these are
/// for the exact, literal searches a build makes over whole pages.
///
/// Inlinable, so that each caller gets them compiled for its own string type: called
/// generically across modules, every byte would go through the protocol's witnesses.
extension StringProtocol {
    /// Whether `needle` occurs in the text, byte for byte.
    @inlinable package func containsBytes(_ needle: String) -> Bool {
        utf8Range(of: needle) != nil
    }

    /// The first range of `needle`, byte for byte.
    @inlinable package func utf8Range(of needle: String) -> Range<String.Index>? {
        var needle = needle
        return needle.withUTF8 { pattern -> Range<String.Index>? in
            guard let first = pattern.first else { return nil }
            let bytes = utf8
            // Native text is searched in its buffer: a preview's title edit searches every
            // page of the site for the page's name.
            if let offset = bytes.withContiguousStorageIfAvailable({ Self.firstOffset(of: pattern, in: $0) }) {
                guard let offset else { return nil }
                let start = bytes.index(bytes.startIndex, offsetBy: offset)
                return start..<bytes.index(start, offsetBy: pattern.count)
            }
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

    /// Where `pattern` (not empty) first starts in `text`, in bytes.
    @inlinable static func firstOffset(of pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard pattern.count <= text.count else { return nil }
        let first = pattern[0]
        let last = text.count - pattern.count
        var start = 0
        while start <= last {
            guard let candidate = text[start...last].firstIndex(of: first) else { return nil }
            var matched = 1
            while matched < pattern.count, text[candidate + matched] == pattern[matched] {
                matched += 1
            }
            if matched == pattern.count { return candidate }
            start = candidate + 1
        }
        return nil
    }
}

extension StringProtocol {
    /// The text's lines: cut at every `\n` byte, keeping a `\r` before it, with an empty last
    /// line when the text ends in `\n` (Python's and Ruby's `split("\n")` without a limit).
    /// Cut at the byte: splitting at the `Character` `"\n"` walks every grapheme, and would
    /// not cut a `"\r\n"`, which is one `Character`.
    @inlinable package func linesAtNewlineBytes() -> [SubSequence] {
        var lines: [SubSequence] = []
        let bytes = utf8
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            lines.append(self[start..<end])
            guard end != bytes.endIndex else { return lines }
            start = bytes.index(after: end)
        }
    }
}
