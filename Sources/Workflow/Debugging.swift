// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Receives a picture of a host's whole tree when it starts and after every update, with
/// what caused the update: for tools that show a running tree.
public protocol WorkflowDebugger {
    /// The tree after its first render pass.
    func didEnterInitialState(snapshot: WorkflowHierarchyDebugSnapshot)

    /// The tree after an update, and the update's cause.
    func didUpdate(snapshot: WorkflowHierarchyDebugSnapshot, updateInfo: WorkflowUpdateDebugInfo)
}

/// One node of a tree as a debugger sees it: its workflow type, its state as text, and its
/// children in the order its last render pass declared them.
public struct WorkflowHierarchyDebugSnapshot: Codable, Equatable, Sendable {
    /// The workflow's type name, as `String(reflecting:)` spells it.
    public var workflowType: String
    /// The node's state, as `String(describing:)` prints it.
    public var stateDescription: String
    /// The nodes its last render pass rendered, in that order.
    public var children: [Child]

    /// A child and the key it was rendered with.
    public struct Child: Codable, Equatable, Sendable {
        /// The key the child was rendered with; empty when it was given none.
        public var key: String
        /// The child's own node, with its children.
        public var snapshot: WorkflowHierarchyDebugSnapshot

        init(key: String, snapshot: WorkflowHierarchyDebugSnapshot) {
            self.key = key
            self.snapshot = snapshot
        }
    }

    init(workflowType: String, stateDescription: String, children: [Child] = []) {
        self.workflowType = workflowType
        self.stateDescription = stateDescription
        self.children = children
    }
}

/// What caused an update, seen from the root: the root changed itself, or a child of it
/// did (recursively, down to the node that received the event).
public struct WorkflowUpdateDebugInfo: Codable, Equatable, Sendable {
    /// The type name of the node this part of the path describes.
    public var workflowType: String
    /// Whether the update happened at this node or below it.
    public var kind: Kind

    /// Whether the node itself updated, or an update happened below it.
    public indirect enum Kind: Equatable, Sendable {
        /// The node itself updated, for the reason `source` gives.
        case didUpdate(source: Source)
        /// A child of the node updated; the info describes the child's part of the path.
        case childDidUpdate(WorkflowUpdateDebugInfo)
    }

    /// Where a node's update came from.
    public indirect enum Source: Equatable, Sendable {
        /// An event from outside the tree: a sink, or the host given a new root value.
        case external
        /// A worker's result.
        case worker
        /// A side effect's event.
        case sideEffect
        /// A child's output, with the child's own update.
        case subtree(WorkflowUpdateDebugInfo)
    }

    init(workflowType: String, kind: Kind) {
        self.workflowType = workflowType
        self.kind = kind
    }
}

// MARK: - Coding
// The encoded form tags each case with a `type` string, so that tools reading another
// runtime's output read this one's.

extension WorkflowUpdateDebugInfo.Kind: Codable {
    private enum Keys: String, CodingKey {
        case type, source, childUpdate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .didUpdate(let source):
            try container.encode("didUpdate", forKey: .type)
            try container.encode(source, forKey: .source)
        case .childDidUpdate(let child):
            try container.encode("childDidUpdate", forKey: .type)
            try container.encode(child, forKey: .childUpdate)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "didUpdate": self = .didUpdate(source: try container.decode(WorkflowUpdateDebugInfo.Source.self, forKey: .source))
        case "childDidUpdate": self = .childDidUpdate(try container.decode(WorkflowUpdateDebugInfo.self, forKey: .childUpdate))
        case let other: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown update kind \(other)")
        }
    }
}

extension WorkflowUpdateDebugInfo.Source: Codable {
    private enum Keys: String, CodingKey {
        case type, debugInfo
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .external: try container.encode("external", forKey: .type)
        case .worker: try container.encode("worker", forKey: .type)
        case .sideEffect: try container.encode("side-effect", forKey: .type)
        case .subtree(let info):
            try container.encode("subtree", forKey: .type)
            try container.encode(info, forKey: .debugInfo)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "external": self = .external
        case "worker": self = .worker
        case "side-effect": self = .sideEffect
        case "subtree": self = .subtree(try container.decode(WorkflowUpdateDebugInfo.self, forKey: .debugInfo))
        case let other: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown update source \(other)")
        }
    }
}
