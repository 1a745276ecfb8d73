// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// Uses every public symbol of the core API the way code written for workflow-swift does,
// so that such code keeps compiling (and behaving) against this runtime.
import Testing
import Workflow
import WorkflowConcurrency
import WorkflowTesting
import WorkflowUI

// MARK: - A child whose output is an action of its parent

struct StepperWorkflow: Workflow {
    typealias State = Void
    typealias Output = SurfaceWorkflow.Action
    typealias Rendering = () -> Void

    func render(state: Void, context: RenderContext<StepperWorkflow>) -> () -> Void {
        let sink = context.makeOutputSink()
        return { sink.send(.step(by: 2)) }
    }
}

/// A child whose output is a type-erased action of its parent.
struct ErasedStepper: Workflow {
    typealias State = Void
    typealias Output = AnyWorkflowAction<SurfaceWorkflow>

    func render(state: Void, context: RenderContext<ErasedStepper>) -> () -> Void {
        let sink = context.makeOutputSink()
        return { sink.send(AnyWorkflowAction(SurfaceWorkflow.Action.step(by: 5))) }
    }
}

/// A stateless child that never emits output.
struct LabelWorkflow: Workflow {
    typealias State = Void
    var text: String
    func render(state: Void, context: RenderContext<LabelWorkflow>) -> String { text }
}

/// A child that emits plain values.
struct NamedChild: Workflow {
    typealias State = Void
    typealias Output = String
    func render(state: Void, context: RenderContext<NamedChild>) -> (String) -> Void {
        let sink = context.makeOutputSink()
        return { sink.send($0) }
    }
}

struct TickWorker: Worker {
    typealias Output = Int
    var value: Int
    func run() async -> Int { value }
    func isEquivalent(to otherWorker: TickWorker) -> Bool { value == otherWorker.value }
}

struct CountdownWorker: AsyncSequenceWorker, Equatable {
    typealias Output = Int
    func run() -> AsyncStream<Int> {
        AsyncStream<Int> { continuation in
            continuation.yield(3)
            continuation.finish()
        }
    }
}

struct SurfaceScreen: Screen {
    var total: Int
    var label: String
    var names: [String]
    var onStep: () -> Void
    var onErasedStep: () -> Void
    var onName: (String) -> Void
    var onEvent: (Int) -> Void
    var onMutate: () -> Void
    var onSet: (Int) -> Void
    var onFinish: () -> Void
}

struct SurfaceWorkflow: Workflow {
    typealias Output = String
    typealias Rendering = SurfaceScreen

    var title: String

    struct State: Equatable {
        var total = 0
        var names: [String] = []
        var changes = 0
    }

    func makeInitialState() -> State { State() }

    func workflowDidChange(from previousWorkflow: SurfaceWorkflow, state: inout State) {
        if previousWorkflow.title != title { state.changes += 1 }
    }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = SurfaceWorkflow
        case step(by: Int)
        case finish

        func apply(toState state: inout SurfaceWorkflow.State, context: ApplyContext<SurfaceWorkflow>) -> String? {
            switch self {
            case .step(let amount):
                state.total += amount
                return nil
            case .finish:
                return "\(context[workflowValue: \.title]) finished at \(state.total)"
            }
        }
    }

    /// Written in the older form, without the apply context.
    struct Rename: WorkflowAction {
        typealias WorkflowType = SurfaceWorkflow
        var name: String
        func apply(toState state: inout SurfaceWorkflow.State) -> SurfaceWorkflow.Output? {
            state.names.append(name)
            return nil
        }
    }

    func render(state: State, context: RenderContext<SurfaceWorkflow>) -> SurfaceScreen {
        let step = StepperWorkflow().rendered(in: context)
        let erasedStep = ErasedStepper().rendered(in: context, key: "erased")
        let label = LabelWorkflow(text: title).rendered(in: context)
        let onName = NamedChild().rendered(in: context, key: "named", outputMap: { Rename(name: $0) })
        _ = NamedChild().ignoringOutput().rendered(in: context, key: "quiet")
        _ = NamedChild().mapOutput { Rename(name: $0.uppercased()) }.rendered(in: context, key: "upper")
        _ = NamedChild()
            .onOutput { (state: inout SurfaceWorkflow.State, name: String) -> String? in
                state.names.append(name)
                return nil
            }
            .rendered(in: context, key: "inline")
        let shout = LabelWorkflow(text: title).mapRendering { $0 + "!" }.rendered(in: context, key: "shout")
        let erased: AnyWorkflow<String, Never> = LabelWorkflow(text: "erased").asAnyWorkflow()
        _ = erased.rendered(in: context, key: "any")

        TickWorker(value: 1).running(in: context) { Action.step(by: $0) }
        AsyncOperationWorker { 0 }.running(in: context, key: "op") { Action.step(by: $0) }
        CountdownWorker().running(in: context, key: "countdown") { Action.step(by: $0) }

        context.runSideEffect(key: "effect") { lifetime in
            lifetime.onEnded {}
            _ = lifetime.hasEnded
        }

        let actions = context.makeSink(of: Action.self)
        let events = context.makeSink(of: Int.self) { value, state in
            state.total = value
            return nil
        }
        let mutations = context.makeStateMutationSink()
        let renamed: Sink<String> = context.makeSink(of: Rename.self).contraMap { Rename(name: $0) }
        _ = context.makeSink(of: AnyWorkflowAction<SurfaceWorkflow>.self)

        return SurfaceScreen(
            total: state.total,
            label: label + shout,
            names: state.names,
            onStep: step,
            onErasedStep: erasedStep,
            onName: { onName($0); renamed.send($0) },
            onEvent: { events.send($0) },
            onMutate: { mutations.send { $0.total *= 10 } },
            onSet: { mutations.send(\.total, value: $0) },
            onFinish: { actions.send(.finish) }
        )
    }
}

struct CountingObserver: WorkflowObserver {
    final class Counts { var renders = 0; var actions = 0 }
    let counts = Counts()

    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? {
        counts.renders += 1
        return nil
    }

    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    ) {
        counts.actions += 1
    }
}

@Suite("API surface")
struct APISurfaceTests {
    @Test func hostDrivesTheWholeSurface() {
        let observer = CountingObserver()
        let host = WorkflowHost(workflow: SurfaceWorkflow(title: "demo"), observers: [observer])
        var renderings: [Int] = []
        var outputs: [String] = []
        host.rendering.signal.observeValues { renderings.append($0.total) }
        host.rendering.producer.startWithValues { _ in }
        host.output.observeValues { outputs.append($0) }

        #expect(host.rendering.value.label == "demodemo!")
        host.rendering.value.onStep()
        host.rendering.value.onErasedStep()
        host.rendering.value.onEvent(100)
        host.rendering.value.onMutate()
        host.rendering.value.onSet(7)
        host.rendering.value.onName("ada")
        host.rendering.value.onFinish()
        host.update(workflow: SurfaceWorkflow(title: "renamed"))

        #expect(renderings == [2, 7, 100, 1000, 7, 7, 7, 7, 7])
        #expect(host.rendering.value.names == ["ada", "ada"])
        #expect(outputs == ["demo finished at 7"])
        // Seven events; the three that start in a child count once there and once in the parent, and onName sends twice.
        #expect(observer.counts.actions == 11)
        #expect(observer.counts.renders > 0)
    }

    @Test func testingHelpersCoverTheSurface() {
        SurfaceWorkflow(title: "t")
            .renderTester(initialState: SurfaceWorkflow.State())
            .expectWorkflow(type: StepperWorkflow.self, producingRendering: {}, producingOutput: nil)
            .expectWorkflow(type: ErasedStepper.self, key: "erased", producingRendering: {})
            .expectWorkflow(type: LabelWorkflow.self, producingRendering: "L") { #expect($0.text == "t") }
            .expectWorkflow(type: NamedChild.self, key: "named", producingRendering: { _ in })
            .expectWorkflowIgnoringOutput(type: NamedChild.self, key: "quiet", producingRendering: { _ in })
            .expectWorkflow(type: NamedChild.self, key: "upper", producingRendering: { _ in })
            .expectWorkflow(type: NamedChild.self, key: "inline", producingRendering: { _ in })
            .expectWorkflow(type: LabelWorkflow.self, key: "shout", producingRendering: "S")
            .expectWorkflow(type: LabelWorkflow.self, key: "any", producingRendering: "A")
            .expectWorker(TickWorker(value: 1))
            .expectWorker(AsyncOperationWorker { 0 }, key: "op")
            .expectWorker(CountdownWorker(), mockingOutput: 4, key: "countdown")
            .expectSideEffect(key: "effect")
            .render { screen in #expect(screen.label == "LS!") }
            .verifyState { #expect($0.total == 4) }
            .assert(state: SurfaceWorkflow.State(total: 4))
            .verifyAction { (action: SurfaceWorkflow.Action) in #expect(action == .step(by: 4)) }
            .assert(action: SurfaceWorkflow.Action.step(by: 4))
            .assertNoOutput()

        SurfaceWorkflow.Action
            .tester(withState: SurfaceWorkflow.State(total: 1), workflow: SurfaceWorkflow(title: "x"))
            .send(action: .finish)
            .verifyOutput { #expect($0 == "x finished at 1") }
            .assert(output: "x finished at 1")
            .send(action: .step(by: 1))
            .assertNoOutput()
            .verifyState { #expect($0.total == 2) }
            .assert(state: SurfaceWorkflow.State(total: 2))
    }

    @Test func uiSurface() {
        struct Title: ViewEnvironmentKey {
            static var defaultValue: String { "" }
        }
        let screen = SurfaceWorkflow(title: "ui").renderTester()
        _ = screen
        let env = ViewEnvironment.empty.setting(key: Title.self, to: "Inbox")
        let any = LabelScreen(text: "hi").asAnyScreen()
        let stack = BackStackScreen(items: [
            BackStackScreen<AnyScreen>.Item(key: 1, screen: any, barVisibility: .visible(.init(title: .text("T"), leftItem: .button(.back(handler: {})), rightItem: .button(.init(content: .icon("gear"), handler: {}))))),
        ])
        let split = SplitScreen(leftScreen: stack, rightScreen: any, ratio: SplitRatio.quarter)
        #expect(env[Title.self] == "Inbox")
        #expect(split.viewControllerDescription(environment: env).kind.contains("SplitScreen"))
        #expect((any.wrappedScreen as? LabelScreen)?.text == "hi")
    }
}

struct LabelScreen: Screen {
    var text: String
}
