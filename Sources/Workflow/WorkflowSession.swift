// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// The identity of one live node in a workflow tree, as observers see it.
public struct WorkflowSession {
    /// A process-wide unique number for a session.
    public struct Identifier: Hashable, Sendable, CustomStringConvertible {
        private static let counter = Atomic<UInt64>(0)

        /// The raw number.
        public let rawValue: UInt64

        init() {
            rawValue = Self.counter.add(1, ordering: .relaxed).newValue
        }

        public var description: String { "#\(rawValue)" }
    }

    /// Holds the parent so that a session can refer to a session.
    private final class ParentBox {
        let session: WorkflowSession
        init(_ session: WorkflowSession) { self.session = session }
    }

    /// The workflow type of the node.
    public let workflowType: Any.Type

    /// The key the parent rendered the node with; empty for the root.
    public let renderKey: String

    /// Unique for the life of the process.
    public let sessionID: Identifier

    private let parentBox: ParentBox?

    /// The parent node's session; `nil` for the root.
    public var parent: WorkflowSession? { parentBox?.session }

    init(workflowType: Any.Type, renderKey: String, parent: WorkflowSession?) {
        self.workflowType = workflowType
        self.renderKey = renderKey
        self.sessionID = Identifier()
        self.parentBox = parent.map(ParentBox.init)
    }
}
