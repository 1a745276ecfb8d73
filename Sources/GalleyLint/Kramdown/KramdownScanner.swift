// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A position in a text with kramdown's line numbers: the text's first line is
/// `startLine`, and a line's start is wherever the position is (kramdown's scanner anchors
/// `^` there, even in the middle of a line, once an HTML tag has ended there).
final class KramdownScanner {
    let bytes: [UInt8]
    var position = 0
    let startLine: Int
    private var countedTo = 0
    private var countedLines = 0

    init(_ bytes: [UInt8], startLine: Int) {
        self.bytes = bytes
        self.startLine = startLine
    }

    var atEnd: Bool { position >= bytes.count }

    /// The line the position is on.
    var lineNumber: Int { line(at: position) }

    func line(at offset: Int) -> Int {
        if offset < countedTo {
            countedTo = 0
            countedLines = 0
        }
        var index = countedTo
        while index < offset && index < bytes.count {
            if bytes[index] == 0x0A { countedLines += 1 }
            index += 1
        }
        countedTo = index
        return startLine + countedLines
    }

    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// The end of the line at `offset`: the index just past its newline (or the text's end).
    func lineEnd(_ offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The line at `offset` without its newline.
    func lineContent(_ offset: Int) -> ArraySlice<UInt8> {
        let end = lineEnd(offset)
        return bytes[offset..<(end > offset && bytes[end - 1] == 0x0A ? end - 1 : end)]
    }

    /// Up to `limit` spaces at `offset`.
    func spaces(_ offset: Int, limit: Int = 3) -> Int {
        var count = 0
        while count < limit, byte(offset + count) == 0x20 { count += 1 }
        return count
    }

    /// `\A` or `\Z` in kramdown's regular expressions: the end, or just before a final newline.
    func isEnd(_ offset: Int) -> Bool {
        offset >= bytes.count || (offset == bytes.count - 1 && bytes[offset] == 0x0A)
    }
}

/// Byte classes as Ruby's regular expressions define them.
enum RubyBytes {
    /// `\s`: space, tab, newline, vertical tab, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80 }
    /// `\w` (and `[[:alnum:]]` with the underscore), counting any non-ASCII byte as a letter.
    static func isWord(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) || byte == 0x5F }
    static func isAlnum(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) }

    /// Ruby's `rstrip`: trailing whitespace and NULs.
    static func rstrip(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = bytes.endIndex
        while end > bytes.startIndex, isSpace(bytes[end - 1]) || bytes[end - 1] == 0 { end -= 1 }
        return bytes[bytes.startIndex..<end]
    }

    /// Ruby's `lstrip`.
    static func lstrip(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        while start < bytes.endIndex, isSpace(bytes[start]) || bytes[start] == 0 { start += 1 }
        return bytes[start..<bytes.endIndex]
    }

    static func startsWith(_ bytes: [UInt8], _ offset: Int, _ prefix: String) -> Bool {
        // Most calls ask about a byte that does not even start the prefix.
        guard offset < bytes.count, let first = prefix.utf8.first, bytes[offset] == first else { return prefix.isEmpty }
        var index = offset
        for byte in prefix.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes from `offset` to the line's end hold a non-space character.
    static func lineHasText(_ bytes: [UInt8], from offset: Int) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] != 0x0A {
            if !isSpace(bytes[index]) { return true }
            index += 1
        }
        return false
    }
}
