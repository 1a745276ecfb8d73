// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
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

/// A workflow without state whose action only reports its property.
struct Reporter: Workflow {
    typealias State = Void
    typealias Output = Int
    var value: Int

    func render(state: Void, context: RenderContext<Reporter>) -> () -> Void {
        let sink = context.makeSink(of: AnyWorkflowAction<Reporter>.self)
        return { sink.send(AnyWorkflowAction { _, context in context[workflowValue: \.value] }) }
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
        let host = Runtime.withConfiguration(override: { $0 = Self.onlyChanges }) { WorkflowHost(workflow: Shelf(width: 3, counter: counter)) }
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
        let host = Runtime.withConfiguration(override: { $0 = Self.onlyChanges }) { WorkflowHost(workflow: Shelf(width: 2, counter: counter)) }
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
        let host = Runtime.withConfiguration(override: { $0 = Self.onlyChanges }) { WorkflowHost(workflow: Item(name: "root", counter: counter)) }
        var outputs: [Int] = []
        var renderings = 0
        host.output.observeValues { outputs.append($0) }
        host.rendering.signal.observeValues { _ in renderings += 1 }
        host.rendering.value.sink.send(.report)
        #expect(outputs == [0] && renderings == 0 && counter.passes["root"] == 1)
    }

    /// As upstream's `test_skipsRenderWithVoidStateAndPropertyAccess`: `Void` state cannot
    /// change, so an action that only sends output renders nothing.
    @Test func voidStateNeverChanges() {
        let host = Runtime.withConfiguration { $0.renderOnlyIfStateChanged = true } operation: { WorkflowHost(workflow: Reporter(value: 42)) }
        var outputs: [Int] = []
        var renderings = 0
        host.output.observeValues { outputs.append($0) }
        host.rendering.signal.observeValues { _ in renderings += 1 }
        host.rendering.value()
        #expect(outputs == [42] && renderings == 0)
    }

    @Test func stateThatIsNotEquatableAlwaysRenders() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(override: { $0 = Self.onlyChanges }) { WorkflowHost(workflow: Opaque(counter: counter)) }
        host.rendering.value.send(AnyWorkflowAction { _ in nil })
        #expect(counter.passes["opaque"] == 2)
    }

    @Test func newPropsRenderTheChildAgain() {
        let counter = RenderCount()
        let host = Runtime.withConfiguration(override: { $0 = Self.onlyChanges }) { WorkflowHost(workflow: Shelf(width: 2, counter: counter)) }
        host.update(workflow: Shelf(width: 3, counter: counter))
        #expect(counter.passes == ["shelf": 2, "item 0": 1, "item 1": 1, "item 2": 1])
    }

    /// Upstream's spellings: the override as a first trailing closure, the operation alone,
    /// and both labelled.
    @Test func upstreamSpellingsCompileAndTakeEffect() {
        let trailing = Runtime.withConfiguration { configuration in
            configuration.renderOnlyIfStateChanged = true
        } operation: {
            Runtime.configuration.renderOnlyIfStateChanged
        }
        let alone = Runtime.withConfiguration { Runtime.configuration.renderOnlyIfStateChanged }
        let labelled = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }, operation: { Runtime.configuration })
        let nested = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }) {
            Runtime.withConfiguration { Runtime.configuration.renderOnlyIfStateChanged }
        }
        #expect(trailing && !alone && labelled == Self.onlyChanges && nested)
    }
}

/// Every way of calling `Runtime.withConfiguration`, right or wrong, is compiled against
/// the built module: the right ones type-check, the wrong ones are errors, and none crashes
/// the compiler (an older spelling made its label diagnosis assert).
@Suite("Runtime.withConfiguration spellings")
struct WithConfigurationSpellingTests {
    static let header = "@_spi(WorkflowRuntimeConfig) import Workflow\n"

    /// `swiftc -typecheck` of `source` against the modules this test was built with.
    static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
        let candidates = [testBinary.deletingLastPathComponent(), testBinary.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("Modules") }
        let modules = try #require(candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Workflow.swiftmodule").path) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID().uuidString).swift")
        try (header + source).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", modules.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func rightSpellingsTypeCheck() throws {
        let result = try Self.typecheck("""
            let a = Runtime.withConfiguration { $0.renderOnlyIfStateChanged = true } operation: { 1 }
            let b = Runtime.withConfiguration(override: { $0.renderOnlyIfStateChanged = true }) { 2 }
            let c = Runtime.withConfiguration(override: nil, operation: { 3 })
            let d = Runtime.withConfiguration { 4 }
            let e = Runtime.withConfiguration(operation: { 5 })
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: [
        "let c = Runtime.Configuration(renderOnlyIfStateChanged: true)\nlet x = Runtime.withConfiguration(c) { 1 }",
        "let x = Runtime.withConfiguration(configuration: .init()) { 1 }",
        "let x = Runtime.withConfiguration({ $0.renderOnlyIfStateChanged = true }) { 1 }",
        "let x = Runtime.withConfiguration { (c: inout Runtime.Configuration) in c.renderOnlyIfStateChanged = true }",
        "let x = Runtime.withConfiguration { $0.renderOnlyIfStateChanged = true } work: { 1 }",
    ])
    func wrongSpellingsAreErrorsNotCrashes(_ source: String) throws {
        let result = try Self.typecheck(source)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("error:"))
        #expect(!result.output.contains("Stack dump") && !result.output.contains("Assertion"), "\(result.output)")
    }
}
