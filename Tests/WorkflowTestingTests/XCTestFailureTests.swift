// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import XCTest
import Workflow
import WorkflowConcurrencyTesting
import WorkflowTesting

/// Under XCTest on Linux, a tester's failure reads as the original's does: its words, the
/// diff, and no paragraph about tests "running in a host application".
final class XCTestFailureTests: XCTestCase {
    private var recorded: [String] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            recorded.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testATesterFailureReadsAsTheOriginalsWithoutABanner() {
        capturing = true
        Profile(userID: 1)
            .renderTester()
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
            .expect(worker: NameLoader(userID: 1), producingOutput: "Grace", key: "name")
            .expectSideEffect(key: "analytics")
            .render { _ in }
            .assert(state: Profile.State(name: "Bob"))
            .assertNoOutput()
        capturing = false
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(recorded.first?.contains("State (First) does not match the expected state (Second)") == true, "\(recorded)")
        XCTAssertFalse(recorded.contains { $0.contains("host application") }, "\(recorded)")
    }
}
#endif
