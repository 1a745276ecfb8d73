// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@_spi(WorkflowGlobalObservation) import Workflow

/// Keeps what a host tells its debugger.
final class RecordingDebugger: WorkflowDebugger {
    var initial: WorkflowHierarchyDebugSnapshot?
    var updates: [(snapshot: WorkflowHierarchyDebugSnapshot, info: WorkflowUpdateDebugInfo)] = []

    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot) {
        initial = snapshot
    }

    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo) {
        updates.append((snapshot, updateInfo))
    }
}

@Suite("Debugger and shared observers")
struct DebuggerTests {
    static func info(_ type: String, _ kind: WorkflowUpdateDebugInfo.Kind) -> WorkflowUpdateDebugInfo {
        // The memberwise initializer is the runtime's; tests build values by decoding.
        let source: String
        switch kind {
        case .didUpdate(let origin): source = #"{"type":"didUpdate","source":\#(Self.json(origin))}"#
        case .childDidUpdate(let child): source = #"{"type":"childDidUpdate","childUpdate":\#(Self.json(child))}"#
        }
        let text = #"{"workflowType":"\#(type)","kind":\#(source)}"#
        return try! JSONDecoder().decode(WorkflowUpdateDebugInfo.self, from: Data(text.utf8))
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    @Test func theDebuggerSeesTheTreeAndWhatUpdatedIt() throws {
        let debugger = RecordingDebugger()
        let counter = RenderCount()
        let host = WorkflowHost(workflow: Shelf(width: 2, counter: counter), debugger: debugger)
        let initial = try #require(debugger.initial)
        #expect(initial.workflowType == "Shelf" && initial.stateDescription == "0")
        #expect(initial.children.map(\.key) == ["0", "1"])
        #expect(initial.children.map(\.snapshot.workflowType) == ["Item", "Item"])

        host.rendering.value.items[1].sink.send(.set(4))
        let item = Self.info("Item", .didUpdate(source: .external))
        #expect(debugger.updates.last?.info == Self.info("Shelf", .childDidUpdate(item)))
        #expect(debugger.updates.last?.snapshot.children[1].snapshot.stateDescription == "4")

        host.rendering.value.items[1].sink.send(.report)
        #expect(debugger.updates.last?.info == Self.info("Shelf", .didUpdate(source: .subtree(item))))
        #expect(debugger.updates.last?.snapshot.stateDescription == "4")

        host.update(workflow: Shelf(width: 1, counter: counter))
        #expect(debugger.updates.last?.info == Self.info("Shelf", .didUpdate(source: .external)))
        #expect(debugger.updates.last?.snapshot.children.map(\.key) == ["0"])
        #expect(debugger.updates.count == 3)
    }

    @Test func updateInfoEncodesWithTypeTags() {
        let nested = Self.info("Root", .didUpdate(source: .subtree(Self.info("Leaf", .didUpdate(source: .sideEffect)))))
        #expect(Self.json(nested) == #"{"kind":{"source":{"debugInfo":{"kind":{"source":{"type":"side-effect"},"type":"didUpdate"},"workflowType":"Leaf"},"type":"subtree"},"type":"didUpdate"},"workflowType":"Root"}"#)
        let decoded = try? JSONDecoder().decode(WorkflowUpdateDebugInfo.self, from: Data(Self.json(nested).utf8))
        #expect(decoded == nested)
    }

    /// Marks the hosts of this test, so the shared interceptor leaves other tests' hosts alone.
    struct Marker: WorkflowObserver {}

    final class Sessions: WorkflowObserver {
        var begun: [String] = []
        func sessionDidBegin(_ session: WorkflowSession) { begun.append("\(session.workflowType)") }
    }

    struct AddsSessions: ObserversInterceptor {
        let sessions: Sessions
        func workflowObservers(for initialObservers: [any WorkflowObserver]) -> [any WorkflowObserver] {
            initialObservers.contains { $0 is Marker } ? initialObservers + [sessions] : initialObservers
        }
    }

    @Test func theSharedInterceptorChoosesEveryHostsObservers() {
        let sessions = Sessions()
        WorkflowObservation.sharedObserversInterceptor = AddsSessions(sessions: sessions)
        defer { WorkflowObservation.sharedObserversInterceptor = nil }
        _ = WorkflowHost(workflow: Shelf(width: 1, counter: RenderCount()), observers: [Marker()])
        #expect(sessions.begun == ["Shelf", "Item"])
        WorkflowObservation.sharedObserversInterceptor = nil
        _ = WorkflowHost(workflow: Shelf(width: 1, counter: RenderCount()), observers: [Marker()])
        #expect(sessions.begun.count == 2, "setting nil restores the pass-through interceptor")
    }
}
