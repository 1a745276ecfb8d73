// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request line and its headers, read by ``RequestGate`` under its limits.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    /// Each header as its lower-cased name, its value, and the line as sent.
    var headers: [(name: String, value: String, line: ArraySlice<UInt8>)]

    enum Outcome {
        case head(RequestHead)
        /// Answer `status` with `reason` and close.
        case refused(status: Int, reason: String)
        /// The client went away, or sent nothing in time.
        case closed
    }

    func value(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    var isWebSocketUpgrade: Bool {
        value("upgrade")?.lowercased() == "websocket"
    }

    var keepsAlive: Bool {
        let connection = value("connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    var hasBody: Bool {
        value("transfer-encoding") != nil || (value("content-length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0) > 0
    }

    /// The head as the server gets it. Unless the connection is kept (a WebSocket), the
    /// server is told to close after its response, which is how the gate knows it ended.
    func forwarded(keepAlive: Bool) -> [UInt8] {
        var bytes = Array("\(method) \(target) \(version)\r\n".utf8)
        for header in headers {
            if !keepAlive, ["connection", "keep-alive", "proxy-connection"].contains(header.name) { continue }
            bytes += header.line
            bytes += [0x0D, 0x0A]
        }
        if !keepAlive { bytes += Array("Connection: close\r\n".utf8) }
        bytes += [0x0D, 0x0A]
        return bytes
    }

    /// Reads one head from `reader`, looking at each byte once, refusing as soon as a limit
    /// is passed (without waiting for the rest) and when the head is not complete within the
    /// deadline.
    static func read(from reader: inout SocketReader, limits: RequestGate.Limits) -> Outcome {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limits.headDeadline * 1_000_000_000)
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = reader.position
        var scan = reader.position
        var headerBytes = 0
        while true {
            while scan < reader.buffer.count {
                if reader.buffer[scan] == 0x0A {
                    var end = scan
                    if end > lineStart, reader.buffer[end - 1] == 0x0D { end -= 1 }
                    let line = reader.buffer[lineStart..<end]
                    scan += 1
                    lineStart = scan
                    if line.isEmpty {
                        if lines.isEmpty { continue } // stray blank lines before a request are allowed
                        reader.position = scan
                        reader.compact()
                        return parse(lines)
                    }
                    lines.append(line)
                    if lines.count > 1 {
                        headerBytes += line.count + 2
                        if lines.count - 1 > limits.headerCount {
                            return .refused(status: 431, reason: "More than \(limits.headerCount) header fields.\n")
                        }
                    }
                } else {
                    scan += 1
                }
                let current = scan - lineStart
                if lines.isEmpty, current > limits.requestLine {
                    return .refused(status: 414, reason: "The request line is longer than \(limits.requestLine) bytes.\n")
                }
                if !lines.isEmpty, current > limits.headerLine {
                    return .refused(status: 431, reason: "A header line is longer than \(limits.headerLine) bytes.\n")
                }
                if !lines.isEmpty, headerBytes + current > limits.headers {
                    return .refused(status: 431, reason: "The header fields are longer than \(limits.headers) bytes in all.\n")
                }
            }
            switch reader.fill(until: deadline) {
            case .data: continue
            case .closed: return .closed
            case .timedOut: return lines.isEmpty && lineStart == scan ? .closed : .refused(status: 408, reason: "The request did not arrive in time.\n")
            }
        }
    }

    private static func parse(_ lines: [ArraySlice<UInt8>]) -> Outcome {
        let requestLine = String(decoding: lines[0], as: UTF8.self)
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else {
            return .refused(status: 400, reason: "The request line is not `METHOD target HTTP/1.1`.\n")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .refused(status: 505, reason: "Only HTTP/1.0 and HTTP/1.1 are served.\n")
        }
        // The target is a path in printable ASCII, other bytes percent-encoded (RFC 9112,
        // origin-form); the server behind would not answer anything else.
        guard parts[1].hasPrefix("/"), lines[0].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            return .refused(status: 400, reason: "The request target must be a path that starts with `/`, in printable ASCII (other bytes percent-encoded).\n")
        }
        var headers: [(name: String, value: String, line: ArraySlice<UInt8>)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
                return .refused(status: 400, reason: "A header line has no name.\n")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard !name.contains(" "), !name.contains("\t") else {
                return .refused(status: 400, reason: "A header name holds white space.\n")
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers.append((name.lowercased(), value, line))
        }
        return .head(RequestHead(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers))
    }
}

/// What the server answered, read to its end.
struct BackendResponse {
    var head: [ArraySlice<UInt8>]
    var body: ArraySlice<UInt8>
    var isHead: Bool

    init?(raw: [UInt8], isHead: Bool) {
        guard let end = raw.indices.dropLast(3).first(where: { raw[$0] == 0x0D && raw[$0 + 1] == 0x0A && raw[$0 + 2] == 0x0D && raw[$0 + 3] == 0x0A }) else {
            return nil
        }
        head = raw[..<end].split(separator: 0x0A).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        body = raw[(end + 4)...]
        self.isHead = isHead
    }

    /// The response for the client, its `Connection` header set by the gate.
    func bytes(keepAlive: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var hasLength = false
        for (index, line) in head.enumerated() {
            let lower = String(decoding: line.prefix(20), as: UTF8.self).lowercased()
            if index > 0, lower.hasPrefix("connection:") || lower.hasPrefix("keep-alive:") { continue }
            if lower.hasPrefix("content-length:") { hasLength = true }
            bytes += line
            bytes += [0x0D, 0x0A]
        }
        if !hasLength && !isHead { bytes += Array("Content-Length: \(body.count)\r\n".utf8) }
        bytes += Array("Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n".utf8)
        bytes += body
        return bytes
    }
}

/// Buffered reads from a socket with deadlines.
struct SocketReader {
    let descriptor: Int32
    var buffer: [UInt8] = []
    var position = 0

    enum Fill { case data, closed, timedOut }

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Waits up to `seconds` for a byte; `false` when the peer closed or nothing came.
    mutating func waitForData(seconds: Double) -> Bool {
        if position < buffer.count { return true }
        return fill(until: DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)) == .data
    }

    /// Reads what has arrived, waiting until `deadline` (in uptime nanoseconds) at most.
    mutating func fill(until deadline: UInt64) -> Fill {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .timedOut }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            let ready = poll(&descriptors, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return .closed }
            buffer += chunk[0..<count]
            return .data
        }
    }

    /// Everything until the peer closes, or `nil` when `seconds` pass first.
    mutating func readToEnd(seconds: Double) -> [UInt8]? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
        while true {
            switch fill(until: deadline) {
            case .data: continue
            case .closed: return Array(buffer[position...])
            case .timedOut: return nil
            }
        }
    }

    /// Drops the bytes already consumed.
    mutating func compact() {
        buffer.removeFirst(position)
        position = 0
    }

    /// The bytes read but not consumed, handed over.
    mutating func takeBuffered() -> [UInt8] {
        defer { buffer = []; position = 0 }
        return Array(buffer[position...])
    }

    /// Writes all of `bytes`; `false` when the peer is gone.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, flags) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}
