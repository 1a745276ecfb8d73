// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import IssueReporting
import CustomDump

/// Reports a failure to whichever test framework is running (XCTest or Swift Testing),
/// at the caller's `file` and `line`.
func fail(_ message: String, file: StaticString, line: UInt) {
    reportIssue(message, fileID: file, filePath: file, line: line, column: 1)
}

/// What an equality check compares, named in the failure's first line so that a report
/// showing only that line (a CI log, an annotation) still says what differed.
enum Compared: String {
    case state = "The state differs from the expected state"
    case output = "The output differs from the expected output"
    case action = "The action differs from the expected action"
}

/// Fails with a readable diff (`−` actual, `+` expected) unless `actual` equals `expected`.
func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ compared: Compared, file: StaticString, line: UInt) {
    expectNoDifference(actual, expected, compared.rawValue, fileID: file, filePath: file, line: line, column: 1)
}
