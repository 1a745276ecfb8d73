/// A diagram source that cannot be read, with where and what was expected there.
public struct DiagramSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line in the diagram's source, from 1.
    public var line: Int
    /// The column in that line, from 1 (in characters).
    public var column: Int
    /// What is wrong, as one sentence that says what was expected.
    public var message: String

    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}
