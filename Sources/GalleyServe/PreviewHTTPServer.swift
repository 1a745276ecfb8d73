// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The preview's HTTP server, on swift-nio: each connection passes a ``RequestGuard`` first,
/// then each request it lets through is answered from a ``SiteHandler``, and
/// `/__galley/live` is upgraded to the WebSocket that the ``LiveReloadHub`` talks to.
enum PreviewHTTPServer {
    /// The path of the live-reload WebSocket.
    static let livePath = "/__galley/live"
    private static let requestHandlerName = "galley-preview-requests"

    /// Binds `address` and serves until the returned channel is closed. Connections wait in
    /// the system's queue until ``open(_:)``, so nothing is answered before the first build.
    static func bind(address: DevAddress, site: SiteHandler, hub: LiveReloadHub, limits: RequestLimits = RequestLimits()) async throws -> any Channel {
        let socketAddress: SocketAddress
        do {
            socketAddress = try SocketAddress(ipAddress: address.host, port: Int(address.port))
        } catch {
            throw ListenFailure(reason: "\(address.host) is not an IP address")
        }
        do {
            return try await bootstrap(address: address, site: site, hub: hub, limits: limits).bind(to: socketAddress).get()
        } catch let error as IOError {
            // The system's words (`Address already in use`), not NIO's wrapper.
            throw ListenFailure(reason: String(cString: strerror(error.errnoCode)))
        }
    }

    private static func bootstrap(address: DevAddress, site: SiteHandler, hub: LiveReloadHub, limits: RequestLimits) -> ServerBootstrap {
        let budget = ConnectionBudget(limits.budget)
        return ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 512)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.autoRead, value: false)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RequestGuard(limits: limits, budget: budget, configuredHost: address.host))
                    let upgrader = NIOWebSocketServerUpgrader(
                        shouldUpgrade: { channel, head in
                            channel.eventLoop.makeSucceededFuture(SiteHandler.split(head.uri).path == livePath ? HTTPHeaders() : nil)
                        },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(LiveSocketHandler(hub: hub))
                            }
                        }
                    )
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            // The upgrade removes the HTTP handlers it knows of; this one is ours.
                            context.pipeline.removeHandler(name: requestHandlerName, promise: nil)
                        })
                    )
                    try channel.pipeline.syncOperations.addHandler(RequestHandler(site: site), name: requestHandlerName)
                }
            }
    }

    /// Starts accepting the connections `server` holds back.
    static func open(_ server: any Channel) async throws {
        try await server.setOption(.autoRead, value: true).get()
    }

    /// Why the address can't be served on.
    struct ListenFailure: Error, CustomStringConvertible, LocalizedError {
        var reason: String
        var description: String { reason }
        var errorDescription: String? { description }
    }

    /// Answers each request from the site, then closes the connection unless the request
    /// keeps it alive.
    private final class RequestHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let site: SiteHandler
        private var head: HTTPRequestHead?

        init(site: SiteHandler) {
            self.site = site
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
            case .body:
                break
            case .end:
                guard let head else { return }
                self.head = nil
                let response = site.respond(method: head.method.rawValue, target: head.uri)
                var headers = HTTPHeaders(response.headers)
                headers.replaceOrAdd(name: "Connection", value: head.isKeepAlive ? "keep-alive" : "close")
                let status = HTTPResponseStatus(statusCode: response.status)
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
                if !response.body.isEmpty {
                    context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
                }
                let keepAlive = head.isKeepAlive
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                    if !keepAlive { channel.close(promise: nil) }
                }
            }
        }
    }

    /// One page's live-reload WebSocket: registered with the hub while open, answering pings
    /// and closes; the page sends nothing else.
    private final class LiveSocketHandler: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        let hub: LiveReloadHub
        private var id: UUID?

        init(hub: LiveReloadHub) {
            self.hub = hub
        }

        func handlerAdded(context: ChannelHandlerContext) {
            let channel = context.channel
            id = hub.add { text in
                let frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
                channel.writeAndFlush(frame, promise: nil)
            }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            forget()
        }

        func channelInactive(context: ChannelHandlerContext) {
            forget()
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.opcode {
            case .ping:
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
            case .connectionClose:
                forget()
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData))).whenComplete { _ in
                    channel.close(promise: nil)
                }
            default:
                break
            }
        }

        private func forget() {
            if let id { hub.remove(id) }
            id = nil
        }
    }
}
