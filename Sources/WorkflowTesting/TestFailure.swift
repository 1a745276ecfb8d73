import IssueReporting
import CustomDump

/// Reports a failure to whichever test framework is running (XCTest or Swift Testing),
/// at the caller's `file` and `line`.
func fail(_ message: String, file: StaticString, line: UInt) {
    reportIssue(message, fileID: file, filePath: file, line: line, column: 1)
}

/// Fails with a readable diff unless `actual` equals `expected`.
func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, file: StaticString, line: UInt) {
    expectNoDifference(actual, expected, fileID: file, filePath: file, line: line, column: 1)
}
