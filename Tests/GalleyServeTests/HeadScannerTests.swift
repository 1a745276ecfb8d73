// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import GalleyServe

/// The request head reader of the preview's guard, fed bytes as a network would.
@Suite struct HeadScannerTests {
    static func scan(_ chunks: [String], limits: RequestLimits = RequestLimits()) -> [HeadScanner.Outcome] {
        var scanner = HeadScanner(limits: limits)
        return chunks.map { scanner.take(Array($0.utf8)) }
    }

    @Test func aHeadSplitAcrossReadsIsReadOnceWhole() throws {
        let outcomes = Self.scan(["\r\nGET /a?b=1 HT", "TP/1.1\r\nHost: x\r\n", "X-Y:  z \r\n\r\nGET /next"])
        guard case .incomplete = outcomes[0], case .incomplete = outcomes[1], case .head(let head, let bytes, let rest) = outcomes[2] else {
            Issue.record("\(outcomes)")
            return
        }
        #expect(head.method == "GET" && head.target == "/a?b=1" && head.version == "HTTP/1.1")
        #expect(head.value("host") == "x" && head.value("x-y") == "z")
        // The blank line before the request is not passed on; what follows the head is.
        #expect(String(decoding: bytes, as: UTF8.self) == "GET /a?b=1 HTTP/1.1\r\nHost: x\r\nX-Y:  z \r\n\r\n")
        #expect(String(decoding: rest, as: UTF8.self) == "GET /next")
    }

    @Test(arguments: [
        ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n", 414),
        ("GET / HTTP/1.1\r\nX: \(String(repeating: "b", count: 9000))", 431),
        ("GET / HTTP/1.1\r\n" + (0...100).map { "X-\($0): y\r\n" }.joined(), 431),
        ("GET / HTTP/1.1\r\n" + (0..<10).map { "X-\($0): \(String(repeating: "c", count: 7000))\r\n" }.joined(), 431),
        ("GET / HTTP/2\r\n\r\n", 505),
        ("GET x HTTP/1.1\r\n\r\n", 400),
        ("get / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nno colon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nBad(Name): x\r\n\r\n", 400),
    ])
    func limitsAndMalformedHeadsAreRefused(request: String, status: Int) {
        guard case .refused(let refusal) = Self.scan([request]).last else {
            Issue.record("not refused: \(request.prefix(60))")
            return
        }
        #expect(refusal.status == status, "\(request.prefix(60))")
    }

    @Test func aLimitIsSeenBeforeTheLineEnds() {
        var scanner = HeadScanner(limits: RequestLimits())
        guard case .refused(let refusal) = scanner.take(Array(("GET /" + String(repeating: "a", count: 8300)).utf8)) else {
            Issue.record("a line past the limit was not refused before its end")
            return
        }
        #expect(refusal.status == 414)
    }

    @Test func onlyPartOfAHeadCountsAsBegun() {
        var scanner = HeadScanner(limits: RequestLimits())
        _ = scanner.take(Array("\r\n".utf8))
        #expect(!scanner.hasBegun)
        _ = scanner.take(Array("G".utf8))
        #expect(scanner.hasBegun)
    }
}

/// What the guard lets through, decided from a whole head.
@Suite struct RequestGuardTests {

    static func head(_ text: String) throws -> RequestHead {
        var scanner = HeadScanner(limits: RequestLimits())
        guard case .head(let head, _, _) = scanner.take(Array(text.utf8)) else { throw Refusal(status: 0, reason: "no head") }
        return head
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n", nil),
        ("HEAD / HTTP/1.1\r\nHost: [::1]:8000\r\n\r\n", nil),
        ("GET / HTTP/1.1\r\nHost: docs.internal:8000\r\n\r\n", nil),
        ("GET / HTTP/1.1\r\nHost: app.localhost\r\n\r\n", nil),
        ("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n", 403),
        ("GET / HTTP/1.1\r\n\r\n", 403),
        ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\n", 400),
        ("GET /__galley/live HTTP/1.1\r\nHost: 127.0.0.1:1\r\nUpgrade: websocket\r\nOrigin: http://evil.example\r\nSec-WebSocket-Key: a\r\nSec-WebSocket-Version: 13\r\n\r\n", 403),
        ("GET /__galley/live HTTP/1.1\r\nHost: 127.0.0.1:1\r\nUpgrade: websocket\r\nOrigin: http://127.0.0.1:1\r\n\r\n", 400),
        ("GET /__galley/live HTTP/1.1\r\nHost: 127.0.0.1:1\r\nUpgrade: websocket\r\nOrigin: http://127.0.0.1:1\r\nSec-WebSocket-Key: a\r\nSec-WebSocket-Version: 13\r\n\r\n", nil),
    ] as [(String, Int?)])
    func requestsArePassedOrRefused(request: String, status: Int?) throws {
        let guardian = RequestGuard(limits: RequestLimits(), budget: ConnectionBudget(), configuredHost: "docs.internal")
        #expect(guardian.check(try Self.head(request))?.status == status, "\(request)")
    }
}
