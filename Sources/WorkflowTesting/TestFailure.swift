// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import IssueReporting
import CustomDump
#if os(Linux) && canImport(XCTest)
import XCTest
#endif

/// Reports a failure to whichever test framework is running (XCTest or Swift Testing),
/// at the caller's `file` and `line` (and `fileID` and `column` when the caller has them).
func fail(_ message: String, file: StaticString, fileID: StaticString? = nil, line: UInt, column: UInt = 1) {
    reportingToTheRunningFramework {
        reportIssue(message, fileID: fileID ?? file, filePath: file, line: line, column: column)
    }
}

/// Runs `body`, whose issues go to the running test framework as they are. Under XCTest on
/// Linux, IssueReporting cannot find XCTest's classes by their Objective-C names, takes the
/// test for an app, and adds a paragraph about tests "running in a host application" to
/// every failure; there, issues go to XCTest directly.
func reportingToTheRunningFramework<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if os(Linux) && canImport(XCTest)
    if TestContext.current == .xcTest {
        return try withIssueReporters([XCTestReporter()], operation: body)
    }
    #endif
    return try body()
}

#if os(Linux) && canImport(XCTest)
/// Failures as `XCTFail` records them; warnings printed.
struct XCTestReporter: IssueReporter {
    func reportIssue(_ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        let text = message() ?? "Issue reported"
        if severity == .warning {
            print("\(filePath):\(line): warning: \(text)")
        } else {
            XCTFail(text, file: filePath, line: line)
        }
    }
}
#endif

/// What an equality check compares, named in the failure's first line so that a report
/// showing only that line (a CI log, an annotation) still says what differed. The words
/// are the original's, which tests written for it look for.
enum Compared: String {
    case state = "State (First) does not match the expected state (Second)"
    case output = "Output (First) does not match the expected output (Second)"
    case action = "Action (First) does not match the expected action (Second)"
}

/// Fails with a readable diff (`−` actual, `+` expected) unless `actual` equals `expected`.
func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ compared: Compared, file: StaticString, fileID: StaticString? = nil, line: UInt, column: UInt = 1) {
    reportingToTheRunningFramework {
        expectNoDifference(actual, expected, compared.rawValue, fileID: fileID ?? file, filePath: file, line: line, column: column)
    }
}
