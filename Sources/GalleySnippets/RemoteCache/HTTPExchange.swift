// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 request and its response, over a connection of its own, with a deadline for
/// the whole exchange: what the remote cache needs of HTTP, on SwiftNIO's event loops.
/// Builds are synchronous, so the caller's thread waits for the answer.
struct HTTPExchange: Sendable {
    /// Where the server is.
    var host: String
    var port: Int
    /// Headers sent with every request (authorization, say).
    var headers: [(String, String)]
    /// How long connecting may take, and the whole exchange.
    var connectTimeout: TimeAmount
    var deadline: TimeAmount
    /// The most bytes a response body may have; a longer one is a failure, not a truncation.
    var maximumBody: Int

    struct Response: Sendable {
        var status: Int
        var body: ByteBuffer
    }

    /// Why there is no response.
    enum Failure: Error, CustomStringConvertible {
        case timedOut(seconds: Double)
        case unreachable(String)
        case tooLarge(Int)
        case broken(String)

        var description: String {
            switch self {
            case .timedOut(let seconds): "no answer within \(seconds.formatted(.number.precision(.fractionLength(0...1)))) s"
            case .unreachable(let reason): "cannot connect: \(reason)"
            case .tooLarge(let limit): "the answer is larger than \(limit) bytes"
            case .broken(let reason): "the connection failed: \(reason)"
            }
        }
    }

    /// Sends `method` for `path` with `body`, and waits for the response.
    func perform(_ method: HTTPMethod, _ path: String, body: ByteBuffer? = nil) throws(Failure) -> Response {
        let group = MultiThreadedEventLoopGroup.singleton
        let loop = group.next()
        let promise = loop.makePromise(of: Response.self)
        let limit = maximumBody
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(connectTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseReader(promise: promise, limit: limit))
                }
            }
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: port == 80 ? host : "\(host):\(port)")
        head.headers.add(name: "User-Agent", value: "galley")
        head.headers.add(name: "Connection", value: "close")
        head.headers.add(name: "Content-Length", value: String(body?.readableBytes ?? 0))
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let request = head
        let seconds = Double(deadline.nanoseconds) / 1e9
        // The deadline covers connecting, sending and reading: a server that accepts and then
        // says nothing fails the exchange as surely as one that never answers the connection.
        let timer = loop.scheduleTask(in: deadline) {
            promise.fail(Failure.timedOut(seconds: seconds))
        }
        bootstrap.connect(host: host, port: port).whenComplete { connected in
            switch connected {
            case .failure(let error):
                promise.fail(Self.unreachable(error))
            case .success(let channel):
                promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
                channel.write(HTTPClientRequestPart.head(request), promise: nil)
                if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(body)), promise: nil) }
                channel.writeAndFlush(HTTPClientRequestPart.end(nil)).whenFailure { error in
                    promise.fail(Failure.broken(String(describing: error)))
                }
            }
        }
        promise.futureResult.whenComplete { _ in timer.cancel() }
        do {
            return try promise.futureResult.wait()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .broken(String(describing: error))
        }
    }

    private static func unreachable(_ error: any Error) -> Failure {
        // The system's words (`Connection refused`), not NIO's wrappers around them.
        let inner = (error as? NIOConnectionError)?.connectionErrors.first?.error ?? error
        if let error = inner as? IOError { return .unreachable(String(cString: strerror(error.errnoCode))) }
        if case .connectTimeout? = error as? ChannelError { return .unreachable("timed out") }
        return .unreachable(String(describing: error))
    }

    /// Collects the response: its status, then its body up to the limit.
    private final class ResponseReader: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart

        let promise: EventLoopPromise<Response>
        let limit: Int
        var status = 0
        var body = ByteBuffer()

        init(promise: EventLoopPromise<Response>, limit: Int) {
            self.promise = promise
            self.limit = limit
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                status = Int(head.status.code)
            case .body(var part):
                guard body.readableBytes + part.readableBytes <= limit else {
                    promise.fail(Failure.tooLarge(limit))
                    context.close(promise: nil)
                    return
                }
                body.writeBuffer(&part)
            case .end:
                promise.succeed(Response(status: status, body: body))
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise.fail(Failure.broken(String(describing: error)))
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            // Closed before the response ended: a truncated answer is no answer.
            promise.fail(Failure.broken("the server closed the connection before the answer ended"))
            context.fireChannelInactive()
        }
    }
}
