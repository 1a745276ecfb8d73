// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// Runs one misuse of the runtime that must stop the process with a clear message.
// The runtime's tests start this program once per scenario and read what it printed.
import Foundation
@_spi(WorkflowRuntimeConfig) @_spi(Logging) import Workflow

struct Leaf: Workflow {
    typealias State = Void
    func render(state: Void, context: RenderContext<Leaf>) -> String { "leaf" }
}

struct TwinParent: Workflow {
    typealias State = Void
    func render(state: Void, context: RenderContext<TwinParent>) -> [String] {
        [Leaf().rendered(in: context, key: "twin"), Leaf().rendered(in: context, key: "twin")]
    }
}

struct SendsWhileRendering: Workflow {
    typealias State = Int
    func makeInitialState() -> Int { 0 }
    func render(state: Int, context: RenderContext<SendsWhileRendering>) -> Int {
        let sink = context.makeStateMutationSink()
        sink.send { $0 += 1 }
        return state
    }
}

final class ContextThief {
    var stolen: RenderContext<KeepsContext>?
}

struct KeepsContext: Workflow {
    typealias State = Void
    let thief: ContextThief
    func render(state: Void, context: RenderContext<KeepsContext>) {
        thief.stolen = context
    }
}

struct Props: Workflow {
    typealias State = Int
    var step: Int
    func makeInitialState() -> Int { 0 }
    func render(state: Int, context: RenderContext<Props>) -> Int { state }

    struct ReadsProps: WorkflowAction {
        typealias WorkflowType = Props
        func apply(toState state: inout Int, context: ApplyContext<Props>) -> Never? {
            state += context[workflowValue: \.step]
            return nil
        }
    }

    struct ImplementsNothing: WorkflowAction {
        typealias WorkflowType = Props
    }
}

/// Keeps the context its action was applied with, to read it later: not allowed.
final class ContextKeeper {
    var kept: ApplyContext<KeepsApplyContext>?
}

struct KeepsApplyContext: Workflow {
    typealias State = Int
    let keeper: ContextKeeper
    var step = 1
    func makeInitialState() -> Int { 0 }

    struct Store: WorkflowAction {
        typealias WorkflowType = KeepsApplyContext
        func apply(toState state: inout Int, context: ApplyContext<KeepsApplyContext>) -> Never? {
            context[workflowValue: \.keeper].kept = context
            return nil
        }
    }

    func render(state: Int, context: RenderContext<KeepsApplyContext>) -> Sink<Store> {
        context.makeSink(of: Store.self)
    }
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
switch scenario {
case "duplicate-child":
    _ = WorkflowHost(workflow: TwinParent())
case "sink-during-render":
    _ = WorkflowHost(workflow: SendsWhileRendering())
case "context-after-render":
    let thief = ContextThief()
    _ = WorkflowHost(workflow: KeepsContext(thief: thief))
    _ = thief.stolen?.makeSink(of: AnyWorkflowAction<KeepsContext>.self)
case "apply-context-without-workflow":
    var state = 0
    _ = Props.ReadsProps().apply(toState: &state)
case "apply-context-after-apply":
    let keeper = ContextKeeper()
    let host = WorkflowHost(workflow: KeepsApplyContext(keeper: keeper))
    host.rendering.value.send(KeepsApplyContext.Store())
    _ = keeper.kept?[workflowValue: \.step]
case "action-implements-nothing":
    var state = 0
    _ = Props.ImplementsNothing().apply(toState: &state, context: ApplyContext(workflow: Props(step: 1)))
case "logging":
    // Not a trap: what logging writes, on standard error.
    struct Counter: Workflow {
        typealias Output = Never
        func makeInitialState() -> Int { 0 }
        func render(state: Int, context: RenderContext<Counter>) -> () -> Void {
            let sink = context.makeStateMutationSink()
            return { sink.send { $0 += 1 } }
        }
    }
    WorkflowLogging.config = .debug
    WorkflowLogging.enabled = true
    FileHandle.standardError.write(Data("logging allowed \(WorkflowLogging.isOSLoggingAllowed), enabled \(WorkflowLogging.enabled)\n".utf8))
    let host = WorkflowHost(workflow: Counter())
    host.rendering.value()
    exit(0)
case "bootstrap-twice":
    Runtime.bootstrap { $0.renderOnlyIfStateChanged = true }
    Runtime.bootstrap { _ in }
case "bootstrap-applies":
    // Not a trap: what the bootstrapped configuration does, said on standard error.
    Runtime.bootstrap { $0.renderOnlyIfStateChanged = true }
    let overridden = Runtime.withConfiguration { $0.renderOnlyIfStateChanged = false } operation: { Runtime.configuration.renderOnlyIfStateChanged }
    FileHandle.standardError.write(Data("bootstrapped \(Runtime.configuration.renderOnlyIfStateChanged), overridden \(overridden)\n".utf8))
    exit(0)
default:
    print("unknown scenario \(scenario)")
}
print("scenario \(scenario) finished without trapping")
