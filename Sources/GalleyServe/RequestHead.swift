// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a request may be, at most, and how long it may take to arrive.
struct RequestLimits: Sendable {
    var requestLine = 8 * 1024
    var headerLine = 8 * 1024
    var headers = 64 * 1024
    var headerCount = 100
    /// Seconds from the connection, or from a request's first byte, to the end of its head.
    var headDeadline: Int64 = 10
    /// Seconds an idle keep-alive connection is kept.
    var idleKeepAlive: Int64 = 60
    var budget = ConnectionBudget.Limits()
}

/// Why a request is answered at once, with a short plain-text body, and not passed on.
struct Refusal: Error, Equatable {
    var status: Int
    var reason: String
    var headers: [String: String] = [:]
}

/// A request line and its headers, read by ``HeadScanner``.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    /// Each header as its lower-cased name and its value.
    var headers: [(name: String, value: String)]

    func value(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    var isWebSocketUpgrade: Bool {
        value("upgrade")?.lowercased() == "websocket"
    }

    var hasBody: Bool {
        value("transfer-encoding") != nil || (value("content-length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0) > 0
    }

    /// The head from its lines (CR LF removed), or why it is refused.
    static func parse(_ lines: [ArraySlice<UInt8>]) -> Result<RequestHead, Refusal> {
        let requestLine = String(decoding: lines[0], as: UTF8.self)
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else {
            return .failure(Refusal(status: 400, reason: "The request line is not `METHOD target HTTP/1.1`.\n"))
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .failure(Refusal(status: 505, reason: "Only HTTP/1.0 and HTTP/1.1 are served.\n"))
        }
        // The target is a path in printable ASCII, other bytes percent-encoded (RFC 9112,
        // origin-form); nothing else names a file of the site.
        guard parts[1].hasPrefix("/"), lines[0].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            return .failure(Refusal(status: 400, reason: "The request target must be a path that starts with `/`, in printable ASCII (other bytes percent-encoded).\n"))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
                return .failure(Refusal(status: 400, reason: "A header line has no name.\n"))
            }
            let name = line[line.startIndex..<colon]
            // A field name is a token (RFC 9110): printable ASCII without separators.
            guard name.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Self.separators.contains($0) }) else {
                return .failure(Refusal(status: 400, reason: "A header name holds white space or a separator.\n"))
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers.append((String(decoding: name, as: UTF8.self).lowercased(), value))
        }
        return .success(RequestHead(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers))
    }

    private static let separators = Set("\"(),/:;<=>?@[\\]{}".utf8)
}

/// Reads request heads from a connection's bytes as they arrive, looking at each byte once
/// and refusing as soon as a limit is passed, without waiting for the rest.
struct HeadScanner {
    enum Outcome {
        /// The head is not complete yet.
        case incomplete
        /// A whole head: the parsed head, its bytes as sent, and what followed it.
        case head(RequestHead, bytes: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)
        case refused(Refusal)
    }

    let limits: RequestLimits
    private var bytes: [UInt8] = []
    private var lines: [Range<Int>] = []
    private var headStart = 0
    private var lineStart = 0
    private var scan = 0
    private var headerBytes = 0

    init(limits: RequestLimits) {
        self.limits = limits
    }

    /// Whether part of a head has arrived (blank lines before a request don't count).
    var hasBegun: Bool {
        !lines.isEmpty || scan > lineStart
    }

    /// Adds `new` and reads on from where the last call stopped.
    mutating func take(_ new: some Sequence<UInt8>) -> Outcome {
        bytes.append(contentsOf: new)
        while scan < bytes.count {
            if bytes[scan] == 0x0A {
                var end = scan
                if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
                let line = lineStart..<end
                scan += 1
                lineStart = scan
                if line.isEmpty {
                    // Blank lines before a request are allowed (RFC 9112, 2.2).
                    if lines.isEmpty { headStart = scan; continue }
                    return finish()
                }
                lines.append(line)
                if lines.count > 1 {
                    headerBytes += line.count + 2
                    if lines.count - 1 > limits.headerCount {
                        return .refused(Refusal(status: 431, reason: "More than \(limits.headerCount) header fields.\n"))
                    }
                }
            } else {
                scan += 1
            }
            let current = scan - lineStart
            if lines.isEmpty, current > limits.requestLine {
                return .refused(Refusal(status: 414, reason: "The request line is longer than \(limits.requestLine) bytes.\n"))
            }
            if !lines.isEmpty, current > limits.headerLine {
                return .refused(Refusal(status: 431, reason: "A header line is longer than \(limits.headerLine) bytes.\n"))
            }
            if !lines.isEmpty, headerBytes + current > limits.headers {
                return .refused(Refusal(status: 431, reason: "The header fields are longer than \(limits.headers) bytes in all.\n"))
            }
        }
        return .incomplete
    }

    /// The head just ended: parse it and start afresh.
    private mutating func finish() -> Outcome {
        let parsed = RequestHead.parse(lines.map { bytes[$0] })
        let head = bytes[headStart..<scan]
        let rest = bytes[scan...]
        self = HeadScanner(limits: limits)
        switch parsed {
        case .success(let request): return .head(request, bytes: head, rest: rest)
        case .failure(let refusal): return .refused(refusal)
        }
    }
}
