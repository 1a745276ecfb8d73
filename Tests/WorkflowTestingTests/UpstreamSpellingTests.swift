// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow
import WorkflowConcurrencyTesting

/// Tests written as upstream's are: `import WorkflowConcurrencyTesting` and
/// `expect(worker:producingOutput:key:)`.
@Suite("WorkflowConcurrencyTesting")
struct UpstreamSpellingTests {
    @Test func aWorkerIsExpectedWithUpstreamsSpelling() {
        Profile(userID: 5)
            .renderTester()
            .expect(worker: NameLoader(userID: 5), producingOutput: "Grace", key: "name")
            .expectWorkflow(type: Badge.self, key: "badge", producingRendering: "B")
            .expectSideEffect(key: "analytics")
            .render { _ in }
            .assertStateModifications { $0.name = "Grace" }
    }
}
