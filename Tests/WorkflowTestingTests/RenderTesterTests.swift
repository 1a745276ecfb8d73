// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow
import WorkflowConcurrency
import WorkflowTesting

@Suite("RenderTester")
struct RenderTesterTests {
    private func loadingTester() -> RenderTester<Profile> {
        Profile(userID: 7)
            .renderTester()
            .expectWorker(NameLoader(userID: 7), key: "name")
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
            .expectSideEffect(key: "analytics")
    }

    @Test func rendersWithExpectedChildrenWorkersAndSideEffects() {
        loadingTester()
            .render { screen in
                #expect(screen.title == "Loading…")
                #expect(screen.badge == "B")
            }
            .assertNoAction()
            .assertNoOutput()
            .assert(state: Profile.State())
    }

    @Test func mockedWorkerOutputIsAppliedAsAnAction() {
        Profile(userID: 7)
            .renderTester()
            .expectWorker(NameLoader(userID: 7), mockingOutput: "Ada", key: "name")
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
            .expectSideEffect(key: "analytics")
            .render { _ in }
            .assert(action: Profile.Action.loaded("Ada"))
            .verifyAction(type: Profile.Action.self) { #expect($0 == .loaded("Ada")) }
            .verifyState { #expect($0.name == "Ada") }
    }

    @Test func childOutputGoesThroughTheOutputMap() {
        Profile(userID: 7)
            .renderTester(initialState: Profile.State(name: "Ada"))
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B", producingOutput: Badge.Tapped()) { badge in
                _ = badge
            }
            .expectSideEffect(key: "analytics")
            .render { screen in #expect(screen.title == "Ada") }
            .assert(state: Profile.State(name: "Ada", badge: 1))
    }

    @Test func sinkEventsFromTheRenderingProduceOutput() {
        Profile(userID: 9)
            .renderTester(initialState: Profile.State(name: "Ada"))
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
            .expectSideEffect(key: "analytics")
            .render { screen in screen.onSignOut() }
            .assert(output: .signedOut(userID: 9))
            .verifyOutput { #expect($0 == .signedOut(userID: 9)) }
    }

    @Test func sideEffectCanProduceAnAction() {
        Profile(userID: 1)
            .renderTester(initialState: Profile.State(name: "Ada"))
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
            .expectSideEffect(key: "analytics", producingAction: Profile.Action.badgeTapped)
            .render { _ in }
            .assert(state: Profile.State(name: "Ada", badge: 1))
    }

    @Test func ignoringOutputChildrenCanBeExpected() {
        struct Shell: Workflow {
            typealias State = Void
            func render(state: Void, context: RenderContext<Shell>) -> String {
                Badge().ignoringOutput().rendered(in: context)
            }
        }
        Shell().renderTester()
            .expectWorkflowIgnoringOutput(type: Badge.self, producingRendering: "ignored")
            .render { #expect($0 == "ignored") }
    }

    // MARK: Failures are reported to the running test

    @Test func missingChildIsReported() {
        withKnownIssue {
            Profile(userID: 7)
                .renderTester(initialState: Profile.State(name: "Ada"))
                .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
                .expectWorkflow(type: Badge.self, key: "other", producingRendering: "C")
                .expectSideEffect(key: "analytics")
                .render { _ in }
        } matching: { issue in
            "\(issue)".contains("Expected child workflow of type: Badge, key: \"other\"")
        }
    }

    @Test func unexpectedWorkerAndSideEffectAreReported() {
        withKnownIssue {
            Profile(userID: 7)
                .renderTester()
                .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
                .render { _ in }
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("Attempted to render unexpected Workflow of type WorkerWorkflow<NameLoader> with key \"name\"")
                || text.contains("Unexpected side-effect with key \"analytics\"")
        }
    }

    @Test func wrongWorkerIsReported() {
        withKnownIssue {
            loadingTester()
                .expectWorker(NameLoader(userID: 8), key: "ignored")
                .render()
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("Expected child workflow of type: WorkerWorkflow<NameLoader>, key: \"ignored\"")
        }
        withKnownIssue {
            Profile(userID: 7)
                .renderTester()
                .expectWorker(NameLoader(userID: 8), key: "name")
                .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
                .expectSideEffect(key: "analytics")
                .render()
        } matching: { issue in
            "\(issue)".contains("Workers of type NameLoader not equivalent. Expected: NameLoader(userID: 8). Got: NameLoader(userID: 7)")
        }
    }

    @Test func stateModificationsAreComparedWithTheStartingState() {
        Profile(userID: 9)
            .renderTester(initialState: Profile.State(name: "Ada"))
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B", producingOutput: Badge.Tapped())
            .expectSideEffect(key: "analytics")
            .render { _ in }
            .assertStateModifications { $0.badge += 1 }
        withKnownIssue {
            Profile(userID: 9)
                .renderTester(initialState: Profile.State(name: "Ada"))
                .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B", producingOutput: Badge.Tapped())
                .expectSideEffect(key: "analytics")
                .render { _ in }
                .assertStateModifications { $0.badge += 2 }
        } matching: { "\($0)".contains("badge") }
    }

    @Test func stateMismatchIsReportedWithADiff() {
        withKnownIssue {
            loadingTester().render { _ in }.assert(state: Profile.State(name: "Grace"))
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("- Profile.State(") || text.contains("name: \"Grace\"")
        }
    }

    @Test func missingOutputAndActionAreReported() {
        withKnownIssue {
            loadingTester().render { _ in }.assert(output: .signedOut(userID: 7))
        } matching: { "\($0)".contains("No output was produced") }
        withKnownIssue {
            loadingTester().render { _ in }.assert(action: Profile.Action.signOut)
        } matching: { "\($0)".contains("No action was produced") }
    }

    @Test func unwantedOutputIsReported() {
        withKnownIssue {
            Profile(userID: 9)
                .renderTester(initialState: Profile.State(name: "Ada"))
                .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
                .expectSideEffect(key: "analytics")
                .render { screen in screen.onSignOut() }
                .assertNoOutput()
                .assertNoAction()
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("Expected no output, but got signedOut(userID: 9)")
                || text.contains("Expected no action, but got signOut")
        }
    }

    @Test func secondActionInOneRenderIsReported() {
        withKnownIssue {
            let result = Profile(userID: 9)
                .renderTester(initialState: Profile.State(name: "Ada"))
                .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
                .expectSideEffect(key: "analytics")
                .render { screen in
                    screen.onSignOut()
                    screen.onSignOut()
                }
            // Both are applied, as the original's tester applies them; each emitted an output.
            #expect(result.output == .signedOut(userID: 9))
        } matching: { issue in
            "\(issue)".contains("Received multiple actions in a single render test: signOut, then signOut")
                || "\(issue)".contains("Received multiple outputs in a single render test: signedOut(userID: 9), then signedOut(userID: 9)")
        }
    }
}
