// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow
import WorkflowTesting

@Suite("WorkflowActionTester")
struct ActionTesterTests {
    @Test func chainsActionsAndChecksStateAndOutput() {
        Profile.Action
            .tester(withState: Profile.State(), workflow: Profile(userID: 3))
            .send(action: .loaded("Ada"))
            .assertNoOutput()
            .assert(state: Profile.State(name: "Ada"))
            .send(action: .badgeTapped)
            .verifyState { #expect($0.badge == 1) }
            .send(action: .signOut)
            .assert(output: .signedOut(userID: 3))
            .verifyOutput { #expect($0 == .signedOut(userID: 3)) }
    }

    @Test func failuresAreReported() {
        withKnownIssue {
            Profile.Action.tester(withState: Profile.State())
                .send(action: .badgeTapped)
                .assert(state: Profile.State(badge: 2))
        } matching: { "\($0)".contains("badge") }
        withKnownIssue {
            Profile.Action.tester(withState: Profile.State())
                .send(action: .badgeTapped)
                .verifyOutput { _ in }
        } matching: { "\($0)".contains("No output was produced") }
        withKnownIssue {
            Profile.Action.tester(withState: Profile.State(), workflow: Profile(userID: 1))
                .send(action: .signOut)
                .assertNoOutput()
        } matching: { "\($0)".contains("Expected no output, but got signedOut(userID: 1)") }
    }
}

@Suite("Failure locations")
struct FailureLocationTests {
    @Test func failuresPointAtTheAssertingLine() {
        let expectedLine = #line + 2
        withKnownIssue {
            Profile.Action.tester(withState: Profile.State()).send(action: .badgeTapped).verifyOutput { _ in }
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.sourceLocation?.fileName == "ActionTesterTests.swift"
        }
    }
}

/// A workflow with an optional property its action reads.
struct Greeter: Workflow {
    typealias State = String
    var nickname: String?

    func makeInitialState() -> String { "" }
    func render(state: String, context: RenderContext<Greeter>) -> String { state }

    struct Greet: WorkflowAction {
        typealias WorkflowType = Greeter
        func apply(toState state: inout String, context: ApplyContext<Greeter>) -> Never? {
            state = "Hello, " + (context[workflowValue: \.nickname] ?? "you")
            return nil
        }
    }
}

@Suite("WorkflowActionTester without a workflow")
struct ActionTesterWithoutWorkflowTests {
    @Test func readingAnOptionalValueIsAnIssueAndTheTestGoesOn() {
        withKnownIssue {
            Greeter.Greet.tester(withState: "")
                .send(action: Greeter.Greet())
                .assert(state: "Hello, you")
        } matching: { "\($0)".contains("ApplyContext has no Greeter to read") }
        Greeter.Greet.tester(withState: "", workflow: Greeter(nickname: "Ada"))
            .send(action: Greeter.Greet())
            .assert(state: "Hello, Ada")
    }
}
