// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The live end of every `Sink` a node made for one action type. It survives render passes
/// that declare the type again, so sinks held by old renderings keep working.
final class ReusableSink<Action: WorkflowAction> {
    private weak var node: WorkflowNode<Action.WorkflowType>?
    private let loop: RenderLoop
    private var isLive = true

    init(node: WorkflowNode<Action.WorkflowType>, loop: RenderLoop) {
        self.node = node
        self.loop = loop
    }

    func retire() {
        isLive = false
    }

    func send(_ action: Action) {
        if loop.isRendering {
            fatalError(
                "A Sink<\(Action.self)> of \(Action.WorkflowType.self) was sent an action during a render pass. "
                    + "Sinks are for events that happen after rendering (taps, timers, worker output); "
                    + "change state from render(state:context:) by returning a different rendering instead."
            )
        }
        loop.enqueue { [weak self] in
            guard let self, self.isLive, let node = self.node else { return false }
            return node.apply(action)
        }
    }

    func makeSink() -> Sink<Action> {
        Sink { [self] action in self.send(action) }
    }
}

/// Lets a node keep reusable sinks of many action types in one dictionary.
protocol RetirableSink: AnyObject {
    func retire()
}

extension ReusableSink: RetirableSink {}
