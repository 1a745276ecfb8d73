// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// Tells every open page the current ``LiveState``: once when it connects, then on every
/// change. Each page is one WebSocket, known here only as a way to send it text; a page that
/// goes away is forgotten.
package final class LiveReloadHub: Sendable {
    private struct Shared {
        var state: LiveState
        var clients: [UUID: @Sendable (String) -> Void] = [:]
    }

    private let shared: Mutex<Shared>

    package init(state: LiveState) {
        shared = Mutex(Shared(state: state))
    }

    /// The state pages are told.
    package var current: LiveState {
        shared.withLock { $0.state }
    }

    /// Pages connected now.
    package var clientCount: Int {
        shared.withLock { $0.clients.count }
    }

    /// Records `newState` and tells every page. Pages are told under the lock (a send only
    /// queues the text), so a page that connects meanwhile can't be told an older state last.
    package func publish(_ newState: LiveState) {
        let text = newState.json
        shared.withLock { shared in
            shared.state = newState
            for send in shared.clients.values { send(text) }
        }
    }

    /// A page connected: `send` delivers text to it. It is told the current state at once.
    /// The returned identifier forgets it again (``remove(_:)``).
    func add(_ send: @escaping @Sendable (String) -> Void) -> UUID {
        let id = UUID()
        shared.withLock { shared in
            shared.clients[id] = send
            send(shared.state.json)
        }
        return id
    }

    /// A page went away.
    func remove(_ id: UUID) {
        _ = shared.withLock { $0.clients.removeValue(forKey: id) }
    }
}
