// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import NIOCore
import NIOHTTP1

/// The first handler of every connection of `galley serve`: it reads each request's head
/// itself under fixed limits and deadlines, and passes on only heads the preview will answer.
///
/// A preview must stay up while a page, a script or a stray client misbehaves: one request
/// with a 1 MB line once froze it. So the limits are enforced here, at the edge, before the
/// HTTP parser sees a byte:
///
/// - request line at most 8 KiB (else 414), one header line 8 KiB, all headers 64 KiB, at
///   most 100 headers (else 431);
/// - a request's head must arrive within 10 s of the connection or of its first byte (else
///   408), an idle keep-alive connection is closed after 60 s;
/// - only `GET` and `HEAD` pass (else 405), without a body, for a target that is a path in
///   printable ASCII (else 400);
/// - each client address has a budget of connections, and one of WebSockets apart
///   (``ConnectionBudget``): past it, 503 at once; a slot frees when its client goes;
/// - the `Host` header must name this machine (an IP address, `localhost`) or the configured
///   host, so a page on another site can't read the preview through DNS rebinding (403); the
///   live-reload WebSocket also needs an `Origin` that is this server.
///
/// A refusal is answered at once and closes the connection. After a live-reload upgrade the
/// bytes are WebSocket frames, and pass untouched.
final class RequestGuard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limits: RequestLimits
    private let budget: ConnectionBudget
    private let configuredHost: String
    private var scanner: HeadScanner
    /// The slot this connection holds in the budget, once it holds one.
    private var slot: ConnectionBudget.Kind?
    private var address = ""
    private var passingThrough = false
    private var refused = false
    private var deadline: (timer: Scheduled<Void>, waitsForHead: Bool)?

    init(limits: RequestLimits, budget: ConnectionBudget, configuredHost: String) {
        self.limits = limits
        self.budget = budget
        self.configuredHost = configuredHost.lowercased()
        scanner = HeadScanner(limits: limits)
    }

    func channelActive(context: ChannelHandlerContext) {
        address = context.channel.remoteAddress?.ipAddress ?? ""
        guard budget.take(.request, for: address) else {
            refuse(Refusal(status: 503, reason: "Too many connections from this address; close some and try again.\n", headers: ["Retry-After": "1"]), context: context)
            return
        }
        slot = .request
        arm(waitingForHead: true, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        if let slot { budget.release(slot, for: address) }
        slot = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let buffer = unwrapInboundIn(data)
        if passingThrough {
            context.fireChannelRead(data)
            return
        }
        var outcome = scanner.take(buffer.readableBytesView)
        while true {
            switch outcome {
            case .incomplete:
                // A request has begun (blank lines don't count): its head now has the head
                // deadline, also when it began behind a pipelined one.
                if scanner.hasBegun, deadline?.waitsForHead != true { arm(waitingForHead: true, context: context) }
                return
            case .refused(let refusal):
                refuse(refusal, context: context)
                return
            case .head(let head, let bytes, let rest):
                if let refusal = check(head) {
                    refuse(refusal, context: context)
                    return
                }
                if isLiveReload(head) {
                    // A WebSocket leaves the requests' budget for its own.
                    guard budget.take(.webSocket, for: address) else {
                        refuse(Refusal(status: 503, reason: "Too many live-reload connections from this address; close some pages.\n", headers: ["Retry-After": "5"]), context: context)
                        return
                    }
                    budget.release(.request, for: address)
                    slot = .webSocket
                    passingThrough = true
                    disarm()
                    context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: bytes + rest)))
                    return
                }
                arm(waitingForHead: false, context: context)
                context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: bytes)))
                guard !rest.isEmpty, context.channel.isActive else { return }
                outcome = scanner.take(rest)
            }
        }
    }

    /// Why a well-formed request is not passed on, if it is not.
    func check(_ head: RequestHead) -> Refusal? {
        guard head.method == "GET" || head.method == "HEAD" else {
            return Refusal(status: 405, reason: "Only GET and HEAD are served.\n", headers: ["Allow": "GET, HEAD"])
        }
        if head.hasBody {
            return Refusal(status: 400, reason: "A GET or HEAD request has no body here.\n")
        }
        guard let host = head.value("host"), allows(host: host) else {
            return Refusal(status: 403, reason: "This preview answers only to requests for this machine (the Host header names \(head.value("host") ?? "nothing")).\n")
        }
        guard isLiveReload(head) else { return nil }
        if let origin = head.value("origin") {
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            guard originHost.lowercased() == host.lowercased() else {
                return Refusal(status: 403, reason: "The live-reload connection must come from a page of this preview.\n")
            }
        }
        guard head.value("sec-websocket-key") != nil, head.value("sec-websocket-version") == "13" else {
            return Refusal(status: 400, reason: "The live-reload connection needs a WebSocket key and version 13.\n")
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
        return (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }

    private func isLiveReload(_ head: RequestHead) -> Bool {
        head.isWebSocketUpgrade && SiteHandler.split(head.target).path == PreviewHTTPServer.livePath
    }

    /// Answers `refusal` in plain text and closes the connection.
    private func refuse(_ refusal: Refusal, context: ChannelHandlerContext) {
        refused = true
        disarm()
        let status = HTTPResponseStatus(statusCode: refusal.status)
        let body = Array(refusal.reason.utf8)
        var head = "HTTP/1.1 \(refusal.status) \(status.reasonPhrase)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in refusal.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(bytes: Array(head.utf8) + body))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// Starts the clock: a head must arrive within the head deadline, or (between requests)
    /// the connection is closed after the idle time.
    private func arm(waitingForHead: Bool, context: ChannelHandlerContext) {
        disarm()
        let seconds = waitingForHead ? limits.headDeadline : limits.idleKeepAlive
        let timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(seconds)) { [self] in
            deadline = nil
            if waitingForHead, scanner.hasBegun {
                refuse(Refusal(status: 408, reason: "The request did not arrive in time.\n"), context: context)
            } else {
                context.close(promise: nil)
            }
        }
        deadline = (timer, waitingForHead)
    }

    private func disarm() {
        deadline?.timer.cancel()
        deadline = nil
    }
}
