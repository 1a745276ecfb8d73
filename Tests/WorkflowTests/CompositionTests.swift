// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow

/// A parent that renders one `Counter` per key and reports which reached its limit.
struct Parent: Workflow {
    struct State {
        var finished: [String] = []
    }

    typealias Output = String

    var childKeys: [String]
    var limit = 2

    func makeInitialState() -> State { State() }

    struct ChildFinished: WorkflowAction {
        typealias WorkflowType = Parent
        var key: String
        func apply(toState state: inout State, context: ApplyContext<Parent>) -> String? {
            state.finished.append(key)
            return "finished \(key)"
        }
    }

    struct Screen {
        var children: [String: Counter.Screen]
        var finished: [String]
    }

    func render(state: State, context: RenderContext<Parent>) -> Screen {
        var children: [String: Counter.Screen] = [:]
        for key in childKeys {
            children[key] = Counter(limit: limit).rendered(in: context, key: key) { _ in ChildFinished(key: key) }
        }
        return Screen(children: children, finished: state.finished)
    }
}

@Suite("Composition")
struct CompositionTests {
    @Test func childrenWithDistinctKeysKeepSeparateState() {
        let host = WorkflowHost(workflow: Parent(childKeys: ["a", "b"], limit: 10))
        host.rendering.value.children["a"]?.onIncrement()
        host.rendering.value.children["a"]?.onIncrement()
        host.rendering.value.children["b"]?.onIncrement()
        #expect(host.rendering.value.children["a"]?.count == 2)
        #expect(host.rendering.value.children["b"]?.count == 1)
    }

    @Test func childOutputCascadesToTheHostWithOneRenderPerCascade() {
        var renders = 0
        final class RenderCounter: WorkflowObserver {
            let onRender: () -> Void
            init(_ onRender: @escaping () -> Void) { self.onRender = onRender }
            func workflowWillRender<W: Workflow>(_ workflow: W, state: W.State, session: WorkflowSession) -> ((W.Rendering) -> Void)? {
                if W.self == Parent.self { onRender() }
                return nil
            }
        }
        let host = WorkflowHost(workflow: Parent(childKeys: ["a"]), observers: [RenderCounter { renders += 1 }])
        var outputs: [String] = []
        host.output.observeValues { outputs.append($0) }
        #expect(renders == 1)

        host.rendering.value.children["a"]?.onIncrement()
        host.rendering.value.children["a"]?.onIncrement()
        #expect(outputs == ["finished a"])
        #expect(host.rendering.value.finished == ["a"])
        #expect(renders == 3)
    }

    @Test func cascadeAppliesOneActionPerAncestor() {
        let observer = RecordingObserver()
        let host = WorkflowHost(workflow: Parent(childKeys: ["a"], limit: 1), observers: [observer])
        observer.events.removeAll()
        host.rendering.value.children["a"]?.onIncrement()
        let applied = observer.events.filter { $0.hasPrefix("will apply") }
        #expect(applied.count == 2)
        #expect(applied[0] == "will apply increment to 0")
        #expect(applied[1].hasPrefix("will apply ChildFinished(key: \"a\")"))
    }

    @Test func childrenNotRenderedAreTornDownAndStartFreshWhenBack() {
        let observer = RecordingObserver()
        let host = WorkflowHost(workflow: Parent(childKeys: ["a", "b"], limit: 10), observers: [observer])
        host.rendering.value.children["b"]?.onIncrement()
        #expect(host.rendering.value.children["b"]?.count == 1)

        host.update(workflow: Parent(childKeys: ["a"], limit: 10))
        #expect(host.rendering.value.children["b"] == nil)
        #expect(observer.events.contains("end Counter key=b"))
        #expect(!observer.events.contains("end Counter key=a"))

        host.update(workflow: Parent(childKeys: ["a", "b"], limit: 10))
        #expect(host.rendering.value.children["b"]?.count == 0)
    }

    @Test func workflowDidChangeSeesThePreviousValue() {
        struct Echo: Workflow {
            var name: String
            func makeInitialState() -> [String] { [name] }
            func workflowDidChange(from previousWorkflow: Echo, state: inout [String]) {
                state.append("\(previousWorkflow.name)->\(name)")
            }
            func render(state: [String], context: RenderContext<Echo>) -> [String] { state }
        }
        let host = WorkflowHost(workflow: Echo(name: "a"))
        host.update(workflow: Echo(name: "b"))
        host.update(workflow: Echo(name: "c"))
        #expect(host.rendering.value == ["a", "a->b", "b->c"])
    }

    @Test func mapRenderingMapOutputAndConstantRenderings() {
        struct Wrapper: Workflow {
            typealias State = [String]
            typealias Output = String
            func makeInitialState() -> [String] { [] }
            func render(state: [String], context: RenderContext<Wrapper>) -> (Int, String, [String]) {
                let count = Counter(limit: 1)
                    .mapRendering { $0.count }
                    .mapOutput { "mapped \($0)" }
                    .rendered(in: context) { text in AnyWorkflowAction<Wrapper> { state in
                        state.append(text)
                        return text
                    } }
                let constant = AnyWorkflow(rendering: "constant").rendered(in: context)
                return (count, constant, state)
            }
        }
        final class Box { var sendIncrement: () -> Void = {} }
        // Reach the inner counter through a second rendering of the same child type.
        struct Exposed: Workflow {
            typealias State = Void
            let box: Box
            func render(state: Void, context: RenderContext<Exposed>) -> Int {
                let screen = Counter(limit: 1).rendered(in: context, key: "inner") { _ in AnyWorkflowAction<Exposed>.noAction }
                box.sendIncrement = screen.onIncrement
                return screen.count
            }
        }
        let host = WorkflowHost(workflow: Wrapper())
        #expect(host.rendering.value.0 == 0)
        #expect(host.rendering.value.1 == "constant")

        let box = Box()
        let exposed = WorkflowHost(workflow: Exposed(box: box))
        box.sendIncrement()
        #expect(exposed.rendering.value == 1)
    }

    @Test func onOutputHandlesChildOutputInTheParent() {
        struct Tally: Workflow {
            typealias State = [String]
            typealias Output = Int
            func makeInitialState() -> [String] { [] }
            func render(state: [String], context: RenderContext<Tally>) -> (Counter.Screen, [String]) {
                let counter = Counter(limit: 1)
                    .onOutput { (state: inout [String], event: Counter.Event) -> Int? in
                        state.append("\(event)")
                        return state.count
                    }
                    .rendered(in: context)
                return (counter, state)
            }
        }
        let host = WorkflowHost(workflow: Tally())
        var outputs: [Int] = []
        host.output.observeValues { outputs.append($0) }
        host.rendering.value.0.onIncrement()
        #expect(host.rendering.value.1 == ["reachedLimit(1)"])
        #expect(outputs == [1])
    }

    @Test func ignoringOutputDropsOutputs() {
        struct Quiet: Workflow {
            typealias State = Void
            typealias Output = String
            func render(state: Void, context: RenderContext<Quiet>) -> Counter.Screen {
                Counter(limit: 1).ignoringOutput().rendered(in: context)
            }
        }
        let host = WorkflowHost(workflow: Quiet())
        var outputs: [String] = []
        host.output.observeValues { outputs.append($0) }
        host.rendering.value.onIncrement()
        #expect(host.rendering.value.count == 1)
        #expect(outputs.isEmpty)
    }

    @Test func childOutputsThatAreParentActionsApplyDirectly() {
        struct Emitter: Workflow {
            typealias State = Void
            typealias Output = AnyWorkflowAction<Receiver>
            func render(state: Void, context: RenderContext<Emitter>) -> () -> Void {
                let sink = context.makeOutputSink()
                return { sink.send(AnyWorkflowAction<Receiver> { $0 += 10; return nil }) }
            }
        }
        struct Receiver: Workflow {
            typealias State = Int
            func makeInitialState() -> Int { 0 }
            func render(state: Int, context: RenderContext<Receiver>) -> (Int, () -> Void) {
                (state, Emitter().rendered(in: context))
            }
        }
        let host = WorkflowHost(workflow: Receiver())
        host.rendering.value.1()
        host.rendering.value.1()
        #expect(host.rendering.value.0 == 20)
    }
}
