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
        } matching: { "\($0)".contains("Expected an output, but none was emitted") }
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
