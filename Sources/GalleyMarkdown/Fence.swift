/// An open code fence, as the scanners that look for containers and definitions must skip
/// it: its character, its length and how far its opening line is indented.
struct Fence: Sendable, Equatable {
    var character: Character
    var length: Int
    var indent: Int

    /// The fence `text` opens, if it opens one: three or more backticks (with no backtick
    /// after them) or tildes.
    init?(opening text: Substring) {
        let trimmed = text.drop { $0 == " " }
        guard let character = trimmed.first, character == "`" || character == "~" else { return nil }
        let length = trimmed.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        if character == "`", trimmed.dropFirst(length).contains("`") { return nil }
        self.character = character
        self.length = length
        // Spaces are one byte each: counting bytes is O(1) where counting characters would
        // walk the whole (possibly very deep) indent again.
        indent = text.utf8.count - trimmed.utf8.count
    }

    /// Whether `text` closes the fence: at least as many of its characters and nothing else,
    /// indented less than four spaces more than the opening line. A fence line indented
    /// further is content (an example of fenced code inside a tab, say), not the end.
    func isClosed(by text: Substring) -> Bool {
        let content = text.drop { $0 == " " }
        guard text.utf8.count - content.utf8.count < indent + 4 else { return false }
        let trimmed = content.trimmingWhitespace()
        return trimmed.count >= length && trimmed.allSatisfy { $0 == character }
    }
}
