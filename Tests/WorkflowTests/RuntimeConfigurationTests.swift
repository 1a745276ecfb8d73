// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
@_spi(WorkflowRuntimeConfig) import Workflow

/// Counts render passes per workflow, across a host's tree.
final class RenderCount {
    var passes: [String: Int] = [:]
    func add(_ name: String) { passes[name, default: 0] += 1 }
}

/// A leaf with `Equatable` state whose sink can set it, and can send its value up.
struct Item: Workflow, Equatable {
    typealias Output = Int
    var name: String
    let counter: RenderCount

    static func == (lhs: Item, rhs: Item) -> Bool { lhs.name == rhs.name && lhs.counter === rhs.counter }

    enum Action: WorkflowAction {
        typealias WorkflowType = Item
        case set(Int)
        case report
        func apply(toState state: inout Int, context: ApplyContext<Item>) -> Int? {
            switch self {
            case .set(let value):
                state = value
                return nil
            case .report:
                return state
            }
        }
    }

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Item>) -> (value: Int, sink: Sink<Action>) {
        counter.add(name)
        return (state, context.makeSink(of: Action.self))
    }
}

/// A parent of `width` items that keeps the total of what they report.
struct Shelf: Workflow {
    var width: Int
    let counter: RenderCount

    func makeInitialState() -> Int { 0 }

    func render(state: Int, context: RenderContext<Shelf>) -> (total: Int, items: [(value: Int, sink: Sink<Item.Action>)]) {
        counter.add("shelf")
        let items = (0..<width).map { index in
            Item(name: "item \(index)", counter: counter).rendered(in: context, key: String(index)) { reported in
                AnyWorkflowAction<Shelf> { total in
                    total += reported
                    return nil
                }
            }
        }
        return (state, items)
    }
}

/// Same as ``Item``, but its state is not `Equatable`.
struct Opaque: Workflow {
    struct State { var value = 0 }
    let counter: RenderCount
    func makeInitialState() -> State { State() }
    func render(state: State, context: RenderContext<Opaque>) -> Sink<AnyWorkflowAction<Opaque>> {
        counter.add("opaque")
        return context.makeSink(of: AnyWorkflowAction<Opaque>.self)
    }
}

@Suite("Runtime configuration")
struct RuntimeConfigurationTests {
    static let onlyChanges = Runtime.Configuration(renderOnlyIfStateChanged: true)

    @Test func theDefaultRendersEverythingAfterEveryAction() {
        #expect(Runtime.configuration == Runtime.Configuration())
        let counter = RenderCount()
        let host = WorkflowHost(workflow: Shelf(width: 3, counter: counter))
        host.rendering.value.items[1].sink.send(.set(0))
        #expect(counter.passes == ["shelf": 2, "item 0": 2, "item 1": 2, "item 2": 2])
    }

    @Test func onlyTheChildWhoseStateChangedRendersAgain() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(Self.onlyChanges) { WorkflowHost(workflow: Shelf(width: 3, counter: counter)) }
        #expect(Runtime.configuration == Runtime.Configuration(), "the configuration holds inside the closure only")
        var renderings = 0
        host.rendering.signal.observeValues { _ in renderings += 1 }
        host.rendering.value.items[1].sink.send(.set(5))
        #expect(counter.passes == ["shelf": 2, "item 0": 1, "item 1": 2, "item 2": 1])
        #expect(host.rendering.value.items.map(\.value) == [0, 5, 0], "the others' last renderings are reused")
        #expect(renderings == 1)
        // The reused renderings' sinks still work.
        host.rendering.value.items[2].sink.send(.set(7))
        #expect(host.rendering.value.items.map(\.value) == [0, 5, 7])
        #expect(counter.passes["item 0"] == 1 && counter.passes["item 2"] == 2)
    }

    @Test func anActionThatChangesNothingDoesNotRender() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(Self.onlyChanges) { WorkflowHost(workflow: Shelf(width: 2, counter: counter)) }
        var renderings = 0
        host.rendering.signal.observeValues { _ in renderings += 1 }
        host.rendering.value.items[0].sink.send(.set(0))
        #expect(renderings == 0 && counter.passes["shelf"] == 1)
        // An output that changes the parent's state renders it, though the child is unchanged.
        host.rendering.value.items[0].sink.send(.set(3))
        host.rendering.value.items[0].sink.send(.report)
        #expect(host.rendering.value.total == 3)
        #expect(counter.passes["item 0"] == 2 && counter.passes["item 1"] == 1)
    }

    @Test func anOutputAloneIsSentWithoutARender() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(Self.onlyChanges) { WorkflowHost(workflow: Item(name: "root", counter: counter)) }
        var outputs: [Int] = []
        var renderings = 0
        host.output.observeValues { outputs.append($0) }
        host.rendering.signal.observeValues { _ in renderings += 1 }
        host.rendering.value.sink.send(.report)
        #expect(outputs == [0] && renderings == 0 && counter.passes["root"] == 1)
    }

    @Test func stateThatIsNotEquatableAlwaysRenders() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(Self.onlyChanges) { WorkflowHost(workflow: Opaque(counter: counter)) }
        host.rendering.value.send(AnyWorkflowAction { _ in nil })
        #expect(counter.passes["opaque"] == 2)
    }

    @Test func newPropsRenderTheChildAgain() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(Self.onlyChanges) { WorkflowHost(workflow: Shelf(width: 2, counter: counter)) }
        host.update(workflow: Shelf(width: 3, counter: counter))
        #expect(counter.passes == ["shelf": 2, "item 0": 1, "item 1": 1, "item 2": 1])
    }
}
