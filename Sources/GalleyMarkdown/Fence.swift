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
        indent = text.count - trimmed.count
    }

    /// Whether `text` closes the fence: at least as many of its characters and nothing else,
    /// indented less than four spaces more than the opening line. A fence line indented
    /// further is content (an example of fenced code inside a tab, say), not the end.
    func isClosed(by text: Substring) -> Bool {
        let trimmed = text.trimmingWhitespace()
        let lineIndent = text.prefix { $0 == " " }.count
        return lineIndent < indent + 4 && trimmed.count >= length && trimmed.allSatisfy { $0 == character }
    }
}
