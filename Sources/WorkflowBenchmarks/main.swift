// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// Measures the bundled Workflow runtime: full render passes of a wide and a deep tree, and
// actions applied per second on a small workflow. Run with `make bench` (release build).
@_spi(WorkflowRuntimeConfig) import Workflow
import Foundation

/// A leaf that renders its state and offers a sink, like a small screen would.
struct Leaf: Workflow {
    var label: Int
    func makeInitialState() -> Int { 0 }
    func render(state: Int, context: RenderContext<Leaf>) -> Int {
        _ = context.makeStateMutationSink()
        return label + state
    }
}

/// One parent rendering `width` leaf children, each with its own key.
struct Wide: Workflow {
    var width: Int
    var generation: Int
    typealias State = Void
    func render(state: Void, context: RenderContext<Wide>) -> Int {
        var sum = 0
        for index in 0..<width {
            sum &+= Leaf(label: index &+ generation).rendered(in: context, key: String(index))
        }
        return sum
    }
}

/// A chain of `depth` workflows, each rendering the next as its only child.
struct Deep: Workflow {
    var depth: Int
    var generation: Int
    typealias State = Void
    func render(state: Void, context: RenderContext<Deep>) -> Int {
        guard depth > 0 else { return generation }
        return Deep(depth: depth - 1, generation: generation).rendered(in: context) &+ 1
    }
}

/// A counter driven through its sink, as a UI would.
struct Tally: Workflow {
    func makeInitialState() -> Int { 0 }
    enum Action: WorkflowAction {
        typealias WorkflowType = Tally
        case add
        func apply(toState state: inout Int, context: ApplyContext<Tally>) -> Never? {
            state &+= 1
            return nil
        }
    }
    func render(state: Int, context: RenderContext<Tally>) -> (Int, Sink<Action>) {
        (state, context.makeSink(of: Action.self))
    }
}

/// A row of a list screen: its `Equatable` state is set through its sink, and it renders a
/// text and a badge child, as a row with a subcomponent would.
struct Cell: Workflow, Equatable {
    var label: Int
    func makeInitialState() -> Int { 0 }
    func render(state: Int, context: RenderContext<Cell>) -> (Int, String, Sink<AnyWorkflowAction<Cell>>) {
        let badge = Badge(count: label % 10).rendered(in: context)
        return (label + state, "Row \(label): \(state) \(badge)", context.makeSink(of: AnyWorkflowAction<Cell>.self))
    }
}

/// A row's badge: stateless, its rendering made from its value.
struct Badge: Workflow, Equatable {
    var count: Int
    typealias State = Void
    func render(state: Void, context: RenderContext<Badge>) -> String {
        count == 0 ? "" : "(\(count) new)"
    }
}

/// One parent rendering `width` cells.
struct Sheet: Workflow {
    var width: Int
    typealias State = Void
    func render(state: Void, context: RenderContext<Sheet>) -> [(Int, String, Sink<AnyWorkflowAction<Cell>>)] {
        (0..<width).map { Cell(label: $0).rendered(in: context, key: String($0)) }
    }
}

/// Runs `body` `runs` times after `warmup` untimed runs; returns the sorted durations.
func measure(runs: Int, warmup: Int = 3, _ body: () -> Void) -> [Duration] {
    let clock = ContinuousClock()
    for _ in 0..<warmup { body() }
    return (0..<runs).map { _ in clock.measure(body) }.sorted()
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

func report(_ name: String, _ samples: [Duration]) {
    let median = milliseconds(samples[samples.count / 2])
    let best = milliseconds(samples[0])
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0)
        + String(format: "median %8.3f ms   best %8.3f ms   (%d runs)", median, best, samples.count))
}

let wideHost = WorkflowHost(workflow: Wide(width: 1_000, generation: 0))
var generation = 0
report("wide tree: render pass, 1 parent + 1,000 children", measure(runs: 50) {
    generation += 1
    wideHost.update(workflow: Wide(width: 1_000, generation: generation))
})
report("wide tree: first render (1,000 new nodes)", measure(runs: 20) {
    _ = WorkflowHost(workflow: Wide(width: 1_000, generation: 0))
})

// One row of 1,000 (each with a badge child) changes its state: the pass renders the whole
// tree, or with `renderOnlyIfStateChanged` the parent and that row, reusing the other rows'
// renderings and not visiting their badges.
var passTimes: [String: Double] = [:]
for (name, configuration) in [("every row rendered", Runtime.Configuration()), ("renderOnlyIfStateChanged", Runtime.Configuration(renderOnlyIfStateChanged: true))] {
    let host = Runtime.withConfiguration(override: { $0 = configuration }) { WorkflowHost(workflow: Sheet(width: 1_000)) }
    var value = 0
    let samples = measure(runs: 50) {
        value += 1
        let next = value
        host.rendering.value[500].2.send(AnyWorkflowAction { $0 = next; return nil })
    }
    if host.rendering.value[500].0 != 500 + value { fatalError("benchmark lost actions") }
    report("1,000 rows, one changed: \(name)", samples)
    passTimes[name] = milliseconds(samples[samples.count / 2])
}
if let all = passTimes["every row rendered"], let changed = passTimes["renderOnlyIfStateChanged"] {
    print("render-skipping speed-up".padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%.1f×", all / changed))
}

let deepHost = WorkflowHost(workflow: Deep(depth: 1_000, generation: 0))
report("deep tree: render pass, 1,000 levels", measure(runs: 50) {
    generation += 1
    deepHost.update(workflow: Deep(depth: 1_000, generation: generation))
})

let tallyHost = WorkflowHost(workflow: Tally())
let actionCount = 200_000
let actionSamples = measure(runs: 5, warmup: 1) {
    for _ in 0..<actionCount {
        tallyHost.rendering.value.1.send(.add)
    }
}
let perSecond = Double(actionCount) / (milliseconds(actionSamples[actionSamples.count / 2]) / 1_000)
print("actions applied (apply + render + publish)".padding(toLength: 52, withPad: " ", startingAt: 0)
    + String(format: "%.0f per second (median of %d batches of %d)", perSecond, actionSamples.count, actionCount))
if tallyHost.rendering.value.0 != actionCount * (actionSamples.count + 1) {
    fatalError("benchmark lost actions: \(tallyHost.rendering.value.0)")
}
