// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The part of a host every node shares: observers, whether a render pass is running,
/// and the queue that serializes action cascades.
final class RenderLoop {
    let observers: ObserverFanOut
    /// Render only what changed (``Runtime/Configuration/renderOnlyIfStateChanged``).
    let rendersOnlyChanges: Bool
    /// Hears about every update, with its cause.
    let debugger: (any WorkflowDebugger)?
    /// Whether there is a debugger: a plain flag, so the hot paths need not copy the
    /// existential to ask.
    let isDebugging: Bool
    /// The cause of the update in progress, seen from the root; kept only with a debugger.
    var pendingUpdate: WorkflowUpdateDebugInfo?
    /// Where the action about to be applied came from, when it is a child's output; kept
    /// only with a debugger.
    var pendingSource: WorkflowUpdateDebugInfo.Source?

    /// True while any workflow of the host is inside `render`.
    private(set) var isRendering = false

    /// Runs after each unit of work with whether it changed the tree: re-render, then publish.
    var afterCascade: (_ changed: Bool) -> Void = { _ in }

    private var queue: [() -> Bool] = []
    private var isDraining = false

    init(observers: [any WorkflowObserver], debugger: (any WorkflowDebugger)? = nil, configuration: Runtime.Configuration = Runtime.configuration) {
        // Logging (`WorkflowLogging.enabled`) is one more observer, last.
        self.observers = ObserverFanOut(observers: observers + (LoggingObserver.current.map { [$0] } ?? []))
        self.debugger = debugger
        self.isDebugging = debugger != nil
        self.rendersOnlyChanges = configuration.renderOnlyIfStateChanged
    }

    func rendering<Result>(_ body: () -> Result) -> Result {
        isRendering = true
        defer { isRendering = false }
        return body()
    }

    /// Queues `work` (which returns whether it changed anything) and runs the queue unless
    /// it is already running further up the stack, so cascades never interleave.
    func enqueue(_ work: @escaping () -> Bool) {
        queue.append(work)
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !queue.isEmpty {
            let next = queue.removeFirst()
            afterCascade(next())
        }
    }
}
