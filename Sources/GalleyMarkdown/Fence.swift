// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// An open code fence, as the scanners that look for containers and definitions must skip
/// it: its character, its length and how far its opening line is indented.
///
/// Every scanner asks every line whether it opens or closes a fence, so both questions are
/// answered on the line's bytes: the characters that matter (space, tab, backtick, tilde,
/// line ends) are all single ASCII bytes.
struct Fence: Sendable, Equatable {
    /// The fence's byte: a backtick or a tilde.
    var character: UInt8
    var length: Int
    var indent: Int

    private static let space: UInt8 = 0x20
    private static let backtick: UInt8 = 0x60
    private static let tilde: UInt8 = 0x7E

    /// The fence `text` opens, if it opens one: three or more backticks (with no backtick
    /// after them) or tildes.
    init?(opening text: Substring) {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != Self.space }) else { return nil }
        let character = bytes[first]
        guard character == Self.backtick || character == Self.tilde else { return nil }
        let end = bytes[first...].firstIndex { $0 != character } ?? bytes.endIndex
        let length = bytes.distance(from: first, to: end)
        guard length >= 3 else { return nil }
        if character == Self.backtick, bytes[end...].contains(Self.backtick) { return nil }
        self.character = character
        self.length = length
        indent = bytes.distance(from: bytes.startIndex, to: first)
    }

    /// Whether `text` closes the fence: at least as many of its characters and nothing else,
    /// indented less than four spaces more than the opening line. A fence line indented
    /// further is content (an example of fenced code inside a tab, say), not the end.
    func isClosed(by text: Substring) -> Bool {
        let bytes = text.utf8
        guard let contentStart = bytes.firstIndex(where: { $0 != Self.space }) else { return false }
        guard bytes.distance(from: bytes.startIndex, to: contentStart) < indent + 4 else { return false }
        guard let start = bytes[contentStart...].firstIndex(where: { !$0.isLineWhitespace }) else { return false }
        let end = bytes[start...].firstIndex { $0 != character } ?? bytes.endIndex
        return bytes.distance(from: start, to: end) >= length && bytes[end...].allSatisfy(\.isLineWhitespace)
    }
}
