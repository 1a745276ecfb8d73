// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How many connections the preview holds at once, in all and for each client address, with
/// WebSockets (which stay open as long as a page does) counted apart from requests. One
/// client, a runaway script or a hostile page, can then use up its own budget only: others
/// are still served, and its own pages still load while its WebSockets are all in use.
final class ConnectionBudget: @unchecked Sendable {
    struct Limits {
        var connections = 512
        var connectionsPerAddress = 64
        var webSockets = 256
        var webSocketsPerAddress = 16
    }

    enum Kind { case request, webSocket }

    private let limits: Limits
    private let lock = NSLock()
    private var requests: [[UInt8]: Int] = [:]
    private var sockets: [[UInt8]: Int] = [:]
    private var totalRequests = 0
    private var totalSockets = 0

    init(_ limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Takes a slot of `kind` for `address`; false when its budget or the whole is spent.
    func take(_ kind: Kind, for address: [UInt8]) -> Bool {
        lock.withLock {
            switch kind {
            case .request:
                guard totalRequests < limits.connections, requests[address, default: 0] < limits.connectionsPerAddress else { return false }
                totalRequests += 1
                requests[address, default: 0] += 1
            case .webSocket:
                guard totalSockets < limits.webSockets, sockets[address, default: 0] < limits.webSocketsPerAddress else { return false }
                totalSockets += 1
                sockets[address, default: 0] += 1
            }
            return true
        }
    }

    /// Gives back a slot of `kind` that `address` held.
    func release(_ kind: Kind, for address: [UInt8]) {
        lock.withLock {
            switch kind {
            case .request:
                totalRequests -= 1
                requests[address, default: 1] -= 1
                if requests[address] == 0 { requests[address] = nil }
            case .webSocket:
                totalSockets -= 1
                sockets[address, default: 1] -= 1
                if sockets[address] == 0 { sockets[address] = nil }
            }
        }
    }
}
