// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A change to a workflow's state, optionally emitting an output to its parent.
///
/// Implement ``apply(toState:context:)``. Types written against the older requirement
/// `apply(toState:)` keep compiling: the runtime reaches them through the default below.
///
/// ```swift run expect
/// struct Door: Workflow {
///     enum State { case open, closed }
///     enum Output { case slammed }
///
///     enum Action: WorkflowAction {
///         typealias WorkflowType = Door
///         case open, slam
///
///         func apply(toState state: inout State, context: ApplyContext<Door>) -> Output? {
///             switch self {
///             case .open:
///                 state = .open
///                 return nil
///             case .slam:
///                 state = .closed
///                 return .slammed
///             }
///         }
///     }
///
///     func makeInitialState() -> State { .closed }
///     func render(state: State, context: RenderContext<Door>) -> State { state }
/// }
///
/// Door.Action.tester(withState: .closed)
///     .send(action: .open)
///     .assertNoOutput()
///     .send(action: .slam)
///     .assert(output: .slammed)
///     .verifyState { print("the door is", $0) }
/// ```
///
/// ```output
/// the door is closed
/// ```
public protocol WorkflowAction<WorkflowType> {
    /// The workflow whose state this action changes.
    associatedtype WorkflowType: Workflow

    /// Applies the action to `state`; a non-nil result is emitted as the workflow's output.
    ///
    /// - Parameter context: Reads the current workflow's properties (`context[workflowValue: \.name]`).
    func apply(
        toState state: inout WorkflowType.State,
        context: ApplyContext<WorkflowType>
    ) -> WorkflowType.Output?

    /// The older form of ``apply(toState:context:)``, without access to the workflow's properties.
    func apply(toState state: inout WorkflowType.State) -> WorkflowType.Output?
}

extension WorkflowAction {
    /// Forwards to the older ``apply(toState:)`` for actions that implement only that.
    public func apply(
        toState state: inout WorkflowType.State,
        context: ApplyContext<WorkflowType>
    ) -> WorkflowType.Output? {
        if context.isLegacyBridge {
            fatalError(
                "\(Self.self) implements neither apply(toState:context:) nor apply(toState:); implement one of them."
            )
        }
        return apply(toState: &state)
    }

    /// Forwards to ``apply(toState:context:)`` with a context that has no workflow to read from.
    public func apply(toState state: inout WorkflowType.State) -> WorkflowType.Output? {
        apply(toState: &state, context: ApplyContext(workflow: nil, isLegacyBridge: true))
    }
}

extension WorkflowAction {
    /// What a closure-based action does: change the state, reading the apply context, and
    /// perhaps produce an output (the name workflow-swift 4.4.0 gives it, at
    /// `Workflow/Sources/WorkflowAction.swift`, line 41).
    public typealias ActionApplyClosure = (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
}

/// A type-erased action: wraps another action or a closure.
public struct AnyWorkflowAction<WorkflowType: Workflow>: WorkflowAction {
    /// The signature of a closure-based action.
    public typealias ActionApply = ActionApplyClosure

    private let applyAction: ActionApply

    /// The wrapped action, or a description of the closure for closure-based actions.
    public let base: Any

    /// Whether this action was made from a closure rather than by wrapping an action value.
    public let isClosureBased: Bool

    /// Wraps `base`. Wrapping an `AnyWorkflowAction` returns it unchanged.
    public init<Action: WorkflowAction>(_ base: Action) where Action.WorkflowType == WorkflowType {
        if let erased = base as? AnyWorkflowAction<WorkflowType> {
            self = erased
            return
        }
        self.applyAction = { state, context in base.apply(toState: &state, context: context) }
        self.base = base
        self.isClosureBased = false
    }

    /// An action whose effect is `apply`, which also receives the apply context.
    public init(
        _ apply: @escaping ActionApply,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.applyAction = apply
        self.base = ClosureActionOrigin(fileID: "\(fileID)", line: line)
        self.isClosureBased = true
    }

    /// An action whose effect is `apply`.
    public init(
        _ apply: @escaping (inout WorkflowType.State) -> WorkflowType.Output?,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init({ state, _ in apply(&state) }, fileID: fileID, line: line)
    }

    /// An action that leaves the state alone and emits `output`. Spelled exactly as in the
    /// original (no location parameters), so that `AnyWorkflowAction.init(sendingOutput:)`
    /// also works as a function value, as in `sink.contraMap(AnyWorkflowAction.init(sendingOutput:))`.
    public init(sendingOutput output: WorkflowType.Output) {
        self.init({ _, _ in output })
    }

    /// An action that changes nothing and emits nothing.
    public static var noAction: AnyWorkflowAction<WorkflowType> {
        AnyWorkflowAction { _, _ in nil }
    }

    public func apply(
        toState state: inout WorkflowType.State,
        context: ApplyContext<WorkflowType>
    ) -> WorkflowType.Output? {
        applyAction(&state, context)
    }
}

/// Where a closure-based action was written; shown when such an action is printed.
public struct ClosureActionOrigin: CustomStringConvertible, Hashable, Sendable {
    /// The `#fileID` of the closure.
    public let fileID: String
    /// The line of the closure.
    public let line: UInt

    public var description: String {
        "closure action at \(fileID):\(line)"
    }
}

extension AnyWorkflowAction: CustomStringConvertible {
    /// The wrapped action's description, so logs and observers show what was sent.
    public var description: String {
        String(describing: base)
    }
}
