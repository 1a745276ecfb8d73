import FlyingFox
import Foundation

/// Tells every open page the current ``LiveState``: once when it connects, then on every
/// change. Each page is one WebSocket; a page that goes away is forgotten.
public final class LiveReloadHub: WSMessageHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var state: LiveState
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

    public init(state: LiveState) {
        self.state = state
    }

    /// The state pages are told.
    public var current: LiveState {
        lock.withLock { state }
    }

    /// Pages connected now.
    public var clientCount: Int {
        lock.withLock { clients.count }
    }

    /// Records `newState` and tells every page.
    public func publish(_ newState: LiveState) {
        let text = newState.json
        let listeners = lock.withLock {
            state = newState
            return Array(clients.values)
        }
        for client in listeners {
            client.yield(.text(text))
        }
    }

    public func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (messages, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.clients.removeValue(forKey: id) }
        }
        let text = lock.withLock {
            clients[id] = continuation
            return state.json
        }
        continuation.yield(.text(text))
        // Pages send nothing; reading their stream lets a closed page end its connection.
        Task {
            for await _ in client {}
            continuation.finish()
        }
        return messages
    }
}
