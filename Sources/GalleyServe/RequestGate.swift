// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The front door of `galley serve`: it owns the listening socket, reads each request's head
/// itself under fixed limits and deadlines, and only then hands the request to the HTTP
/// server (swift-nio, listening on a private Unix socket).
///
/// A preview must stay up while a page, a script or a stray client misbehaves: one request
/// with a 1 MB line once froze it. So the limits are enforced here, at the edge, whatever the
/// server behind does:
///
/// - request line at most 8 KiB (else 414), one header line 8 KiB, all headers 64 KiB, at
///   most 100 headers (else 431), each byte looked at once;
/// - a request's head must arrive within 10 s of its first byte (or of the connection), an
///   idle keep-alive connection is closed after 60 s;
/// - only `GET` and `HEAD` pass (else 405), without a body, for a target that is a path in
///   printable ASCII (else 400, at once: the server behind would not answer it);
/// - each client address has a budget of connections, and one of WebSockets apart
///   (``ConnectionBudget``): past it, 503 at once; a slot frees when its client goes;
/// - the `Host` header must name this machine (an IP address, `localhost`) or the configured
///   host, so a page on another site can't read the preview through DNS rebinding (403); the
///   live-reload WebSocket also needs an `Origin` that is this server.
///
/// Each request then goes to the server on a connection of its own, which closes when the
/// response ends; the client's connection is kept alive by the gate.
final class RequestGate: @unchecked Sendable {
    struct Limits {
        var requestLine = 8 * 1024
        var headerLine = 8 * 1024
        var headers = 64 * 1024
        var headerCount = 100
        var headDeadline: Double = 10
        var idleKeepAlive: Double = 60
        var budget = ConnectionBudget.Limits()
    }

    /// A failed socket call, with the system's words.
    struct SocketFailure: Error, CustomStringConvertible, LocalizedError {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
        var errorDescription: String? { description }
    }

    let limits: Limits
    private let listener: Int32
    private let backendPath: String
    private let configuredHost: String
    private let active = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let budget: ConnectionBudget
    private var stopped = false
    /// The port the gate listens on (the system's choice when asked for port 0).
    let port: UInt16

    /// Binds and listens on `address` now, so a port in use is reported at once.
    init(address: DevAddress, backendPath: String, limits: Limits = Limits()) throws {
        self.limits = limits
        budget = ConnectionBudget(limits.budget)
        self.backendPath = backendPath
        configuredHost = address.host.lowercased()
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        #if os(Linux)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketFailure(call: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var bound: Int32
        var chosenPort: UInt16 = address.port
        if address.isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            guard inet_pton(AF_INET6, address.host, &socketAddress.sin6_addr) == 1 else {
                close(descriptor)
                throw SocketFailure(call: "address \(address.host)", code: EINVAL)
            }
            bound = Self.bindReadingBack(descriptor, &socketAddress)
            chosenPort = UInt16(bigEndian: socketAddress.sin6_port)
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = address.port.bigEndian
            guard inet_pton(AF_INET, address.host, &socketAddress.sin_addr) == 1 else {
                close(descriptor)
                throw SocketFailure(call: "address \(address.host)", code: EINVAL)
            }
            bound = Self.bindReadingBack(descriptor, &socketAddress)
            chosenPort = UInt16(bigEndian: socketAddress.sin_port)
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SocketFailure(call: "bind", code: code)
        }
        guard listen(descriptor, 512) == 0 else {
            let code = errno
            close(descriptor)
            throw SocketFailure(call: "listen", code: code)
        }
        listener = descriptor
        port = chosenPort
    }

    /// Binds `descriptor` to `address` (a `sockaddr_in` or `sockaddr_in6`) and, on success,
    /// reads back the address the system chose, so port 0 becomes the real port.
    private static func bindReadingBack<Address>(_ descriptor: Int32, _ address: inout Address) -> Int32 {
        let size = socklen_t(MemoryLayout<Address>.size)
        let result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) } }
        guard result == 0 else { return result }
        var length = size
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return 0
    }

    /// Accepts connections on a thread of its own until ``stop()``.
    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "galley.gate.accept"
        thread.start()
    }

    /// Stops accepting; open connections end with their clients.
    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) } }
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if lock.withLock({ stopped }) { return }
                if errno == EMFILE || errno == ENFILE { usleep(10_000); continue }
                return
            }
            var yes: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let address = Self.addressBytes(peer)
            guard budget.take(.request, for: address) else {
                Self.respond(client, status: 503, text: "Too many connections from this address; close some and try again.\n", extra: "Retry-After: 1\r\n")
                close(client)
                continue
            }
            let thread = Thread { [self] in
                let kind = serve(client, address: address)
                close(client)
                budget.release(kind, for: address)
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    /// The bytes of the client's IP address, the key of its budget.
    private static func addressBytes(_ peer: sockaddr_storage) -> [UInt8] {
        var peer = peer
        switch Int32(peer.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: &peer) { raw in
                raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr.s_addr
            }
            return withUnsafeBytes(of: address) { Array($0) }
        case AF_INET6:
            return withUnsafeBytes(of: &peer) { raw in
                withUnsafeBytes(of: raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr) { Array($0) }
            }
        default:
            return []
        }
    }

    // MARK: One connection

    /// Reads requests from `client` one after another and answers each, until the client
    /// closes, a limit is passed, or a deadline expires. Returns the kind of slot the
    /// connection holds at its end: a request's, or a WebSocket's after an upgrade.
    private func serve(_ client: Int32, address: [UInt8]) -> ConnectionBudget.Kind {
        var reader = SocketReader(descriptor: client)
        var first = true
        while true {
            // Waiting for a request to begin: 10 s for the first, 60 s between requests.
            let wait = first ? limits.headDeadline : limits.idleKeepAlive
            guard reader.waitForData(seconds: wait) else { return .request }
            first = false
            let head: RequestHead
            switch RequestHead.read(from: &reader, limits: limits) {
            case .head(let read): head = read
            case .refused(let status, let reason):
                Self.respond(client, status: status, text: reason)
                return .request
            case .closed:
                return .request
            }
            if let refusal = check(head) {
                Self.respond(client, status: refusal.status, text: refusal.reason, extra: refusal.extra)
                return .request
            }
            if head.isWebSocketUpgrade {
                // A WebSocket leaves the requests' budget for its own.
                guard budget.take(.webSocket, for: address) else {
                    Self.respond(client, status: 503, text: "Too many live-reload connections from this address; close some pages.\n", extra: "Retry-After: 5\r\n")
                    return .request
                }
                budget.release(.request, for: address)
                tunnel(client, head: head, reader: &reader)
                return .webSocket
            }
            guard let response = forward(head) else {
                Self.respond(client, status: 502, text: "The preview server did not answer.\n")
                return .request
            }
            guard SocketReader.writeAll(client, response.bytes(keepAlive: head.keepsAlive)) else { return .request }
            if !head.keepsAlive { return .request }
        }
    }

    /// Why a well-formed request is not passed on, if it is not.
    private func check(_ head: RequestHead) -> (status: Int, reason: String, extra: String)? {
        guard head.method == "GET" || head.method == "HEAD" else {
            return (405, "Only GET and HEAD are served.\n", "Allow: GET, HEAD\r\n")
        }
        if head.hasBody {
            return (400, "A GET or HEAD request has no body here.\n", "")
        }
        guard let host = head.value("host"), allows(host: host) else {
            return (403, "This preview answers only to requests for this machine (the Host header names \(head.value("host") ?? "nothing")).\n", "")
        }
        if head.isWebSocketUpgrade, let origin = head.value("origin") {
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            guard originHost.lowercased() == host.lowercased() else {
                return (403, "The live-reload connection must come from a page of this preview.\n", "")
            }
        }
        return nil
    }

    /// Whether a `Host` value names this machine: an IP address (which DNS rebinding can't
    /// forge), `localhost` or a name below it, or the host the preview was told to serve on.
    func allows(host value: String) -> Bool {
        var host = value.lowercased()
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            host = String(host[..<colon])
        }
        if host == configuredHost || host == "localhost" || host.hasSuffix(".localhost") { return true }
        var ip4 = in_addr()
        var ip6 = in6_addr()
        return inet_pton(AF_INET, host, &ip4) == 1 || inet_pton(AF_INET6, host, &ip6) == 1
    }

    /// Sends `head` to the server on a connection of its own and reads the whole response.
    private func forward(_ head: RequestHead) -> BackendResponse? {
        guard let backend = connectBackend() else { return nil }
        defer { close(backend) }
        guard SocketReader.writeAll(backend, head.forwarded(keepAlive: false)) else { return nil }
        var reader = SocketReader(descriptor: backend)
        guard let bytes = reader.readToEnd(seconds: 60) else { return nil }
        return BackendResponse(raw: bytes, isHead: head.method == "HEAD")
    }

    /// Joins the client and the server for a WebSocket, byte for byte, until either closes.
    private func tunnel(_ client: Int32, head: RequestHead, reader: inout SocketReader) {
        guard let backend = connectBackend() else {
            Self.respond(client, status: 502, text: "The preview server did not answer.\n")
            return
        }
        defer { close(backend) }
        guard SocketReader.writeAll(backend, head.forwarded(keepAlive: true)), SocketReader.writeAll(backend, reader.takeBuffered()) else { return }
        var descriptors = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: backend, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for index in 0..<2 where descriptors[index].revents != 0 {
                let from = descriptors[index].fd
                let to = index == 0 ? backend : client
                let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return }
                guard SocketReader.writeAll(to, Array(buffer[0..<count])) else { return }
            }
        }
    }

    private func connectBackend() -> Int32? {
        #if os(Linux)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(backendPath.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
            raw[path.count] = 0
        }
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A short plain-text answer that ends the connection.
    static func respond(_ client: Int32, status: Int, text: String, extra: String = "") {
        let body = Array(text.utf8)
        let head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n\(extra)Connection: close\r\n\r\n"
        _ = SocketReader.writeAll(client, Array(head.utf8) + body)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 502: "Bad Gateway"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }
}
