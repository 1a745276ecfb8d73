// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// How many connections the preview holds at once, in all and for each client address, with
/// WebSockets (which stay open as long as a page does) counted apart from requests. One
/// client, a runaway script or a hostile page, can then use up its own budget only: others
/// are still served, and its own pages still load while its WebSockets are all in use.
final class ConnectionBudget: Sendable {
    struct Limits {
        var connections = 512
        var connectionsPerAddress = 64
        var webSockets = 256
        var webSocketsPerAddress = 16
    }

    enum Kind { case request, webSocket }

    /// Slots in use: by address, and in all.
    private struct Held {
        var requests: [String: Int] = [:]
        var sockets: [String: Int] = [:]
        var totalRequests = 0
        var totalSockets = 0
    }

    private let limits: Limits
    private let held = Mutex(Held())

    init(_ limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Takes a slot of `kind` for `address`; false when its budget or the whole is spent.
    func take(_ kind: Kind, for address: String) -> Bool {
        held.withLock { held in
            switch kind {
            case .request:
                guard held.totalRequests < limits.connections, held.requests[address, default: 0] < limits.connectionsPerAddress else { return false }
                held.totalRequests += 1
                held.requests[address, default: 0] += 1
            case .webSocket:
                guard held.totalSockets < limits.webSockets, held.sockets[address, default: 0] < limits.webSocketsPerAddress else { return false }
                held.totalSockets += 1
                held.sockets[address, default: 0] += 1
            }
            return true
        }
    }

    /// Gives back a slot of `kind` that `address` held.
    func release(_ kind: Kind, for address: String) {
        held.withLock { held in
            switch kind {
            case .request:
                held.totalRequests -= 1
                held.requests[address, default: 1] -= 1
                if held.requests[address] == 0 { held.requests[address] = nil }
            case .webSocket:
                held.totalSockets -= 1
                held.sockets[address, default: 1] -= 1
                if held.sockets[address] == 0 { held.sockets[address] = nil }
            }
        }
    }
}
