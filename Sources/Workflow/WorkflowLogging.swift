// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// Logging of what the runtime does: workflows starting and ending, render passes and
/// actions. workflow-swift 4.4.0 writes these as signposts for Instruments
/// (`Workflow/Sources/WorkflowLogger.swift`, which imports `os.signpost`); on a system without
/// them, each event is a line on standard error (`Workflow: render Counter`).
///
/// Logging must be allowed by the environment variable
/// `com.squareup.workflow.allowOSLogging=true` when the process starts; then ``enabled``
/// turns it on and off, and ``config`` chooses what is logged. Hosts started while it is
/// on log their events.
public enum WorkflowLogging {}

extension WorkflowLogging {
    /// Whether the environment allows logging (`com.squareup.workflow.allowOSLogging`), read
    /// once. The runtime's companion modules check it before logging anything of their own.
    @_spi(Logging)
    public static let isOSLoggingAllowed: Bool = {
        guard let value = ProcessInfo.processInfo.environment["com.squareup.workflow.allowOSLogging"] else { return false }
        // As `NSString.boolValue` reads it: a leading Y, y, T, t or a digit other than 0.
        var characters = Substring(value)
        while let first = characters.first, first == " " || first == "\t" { characters = characters.dropFirst() }
        if let sign = characters.first, sign == "+" || sign == "-" { characters = characters.dropFirst() }
        while characters.first == "0" { characters = characters.dropFirst() }
        guard let first = characters.first else { return false }
        return "YyTt123456789".contains(first)
    }()
}

extension WorkflowLogging {
    /// What is logged.
    public struct Config: Sendable {
        /// Which render passes are logged.
        public enum RenderLoggingMode: Sendable {
            /// No render pass.
            case none
            /// The root's render passes only.
            case rootsOnly
            /// Every node's render passes.
            case allNodes
        }

        /// Which render passes are logged.
        public var renderLoggingMode: RenderLoggingMode = .allNodes
        /// Log when workflows start and end.
        public var logLifetimes = true
        /// Log every action a workflow receives.
        public var logActions = true

        /// A configuration; by default everything is logged.
        public init(renderLoggingMode: RenderLoggingMode = .allNodes, logLifetimes: Bool = true, logActions: Bool = true) {
            self.renderLoggingMode = renderLoggingMode
            self.logLifetimes = logLifetimes
            self.logActions = logActions
        }
    }

    /// Whether hosts started from now on log. Setting it does nothing unless the environment
    /// allows logging (`isOSLoggingAllowed`, SPI as in workflow-swift 4.4.0:
    /// `@_spi(Logging)` at `Workflow/Sources/WorkflowLogger.swift`, line 39).
    public static var enabled: Bool {
        get { settings.withLock { $0.enabled } }
        set {
            guard isOSLoggingAllowed else { return }
            settings.withLock { $0.enabled = newValue }
        }
    }

    /// What hosts started from now on log.
    public static var config: Config {
        get { settings.withLock { $0.config } }
        set { settings.withLock { $0.config = newValue } }
    }

    private static let settings = Mutex<(enabled: Bool, config: Config)>((isOSLoggingAllowed, .rootRendersAndActions))
}

extension WorkflowLogging.Config {
    /// Everything: every node's renders, lifetimes and actions.
    public static let debug = Self(renderLoggingMode: .allNodes, logLifetimes: true, logActions: true)
    /// The root's renders and every action (the default).
    public static let rootRendersAndActions = Self(renderLoggingMode: .rootsOnly, logLifetimes: false, logActions: true)
}

/// The runtime's events as lines on standard error, as ``WorkflowLogging/config`` asks; one
/// is added to a host's observers when logging is on as it starts.
struct LoggingObserver: WorkflowObserver {
    let config: WorkflowLogging.Config

    /// A logging observer, when logging is on.
    static var current: LoggingObserver? {
        WorkflowLogging.enabled ? LoggingObserver(config: WorkflowLogging.config) : nil
    }

    private func log(_ event: String, _ type: Any.Type) {
        FileHandle.standardError.write(Data("Workflow: \(event) \(type)\n".utf8))
    }

    func sessionDidBegin(_ session: WorkflowSession) {
        if config.logLifetimes { log("began", session.workflowType) }
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        if config.logLifetimes { log("ended", session.workflowType) }
    }

    func workflowWillRender<WorkflowType: Workflow>(_ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession) -> ((WorkflowType.Rendering) -> Void)? {
        switch config.renderLoggingMode {
        case .none: return nil
        case .rootsOnly where session.parent != nil: return nil
        default:
            log("render", WorkflowType.self)
            return { _ in log("rendered", WorkflowType.self) }
        }
    }

    func workflowDidReceiveAction<Action: WorkflowAction>(_ action: Action, workflow: Action.WorkflowType, session: WorkflowSession) {
        if config.logActions { log("action for", Action.WorkflowType.self) }
    }
}

extension DispatchQueue {
    /// The queue the runtime runs on: the main queue, as in workflow-swift 4.4.0
    /// (`Workflow/Sources/DispatchQueue+Workflow.swift`, line 21).
    @_spi(WorkflowInternals)
    public static let workflowExecution: DispatchQueue = .main
}
