// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
#if canImport(Glibc)
import Glibc
#endif

/// A `galley serve` process for a test, and plain-socket HTTP and WebSocket clients that
/// send exactly the bytes a test asks for (URL libraries would normalise `..` away).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var text = ""
    private(set) var port: UInt16 = 0

    init(in directory: URL, arguments: [String] = []) throws {
        guard let executable = galleyExecutable() else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = executable
        process.arguments = ["serve", "--dev-addr", "127.0.0.1:0"] + arguments
        process.currentDirectoryURL = directory
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let handle = errors.fileHandleForReading
        Thread { [weak self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                guard let self else { break }
                self.condition.lock()
                self.text += String(decoding: chunk, as: UTF8.self)
                self.condition.broadcast()
                self.condition.unlock()
            }
        }.start()
        guard let line = waitForOutput(containing: "Serving http://", seconds: 120),
              let range = line.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
              let port = UInt16(line[range].split(separator: ":").last ?? "") else {
            stop()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "galley serve did not start: \(output)"])
        }
        self.port = port
    }

    /// Everything the server printed so far.
    var output: String {
        condition.lock()
        defer { condition.unlock() }
        return text
    }

    /// Waits until the output contains `needle` (counting from occurrence `after`); returns the output.
    @discardableResult
    func waitForOutput(containing needle: String, occurrences: Int = 1, seconds: Double = 30) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while text.components(separatedBy: needle).count - 1 < occurrences {
            if !condition.wait(until: deadline) { return nil }
        }
        return text
    }

    /// Stops the server as Ctrl-C would and waits for it to end.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// One HTTP/1.1 exchange over a fresh connection.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: String
}

enum RawHTTP {
    /// A connection to the server on `port`, from the loopback address `source` (Linux
    /// answers for all of 127.0.0.0/8), so a test can be several clients.
    static func connect(port: UInt16, from source: String = "127.0.0.1") throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            _ = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot connect to port \(port)"])
        }
        return socket
    }

    static func send(_ socket: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `method path` exactly as given and reads the whole response.
    static func request(port: UInt16, path: String, method: String = "GET") throws -> RawResponse {
        let socket = try connect(port: port)
        defer { close(socket) }
        send(socket, "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw CocoaError(.fileReadCorruptFile) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return RawResponse(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}

/// The live-reload socket a page opens.
final class LiveSocket {
    private let socket: Int32
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        socket = try RawHTTP.connect(port: port)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        RawHTTP.send(socket, "GET /__galley/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
        while !String(decoding: pending, as: UTF8.self).contains("\r\n\r\n") {
            guard fill() else { throw CocoaError(.fileReadCorruptFile) }
        }
        let text = String(decoding: pending, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 101"), let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no upgrade: \(text)"])
        }
        pending.removeSubrange(0..<end.upperBound)
    }

    deinit { close(socket) }

    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { return false }
        pending += buffer[0..<count]
        return true
    }

    /// The next text message as a JSON object; `nil` when none arrives in time.
    func next() -> [String: Any]? {
        while true {
            if pending.count >= 2 {
                var length = Int(pending[1] & 0x7F)
                var start = 2
                if length == 126, pending.count >= 4 {
                    length = Int(pending[2]) << 8 | Int(pending[3])
                    start = 4
                }
                if pending.count >= start + length {
                    let payload = Data(pending[start..<start + length])
                    let opcode = pending[0] & 0x0F
                    pending.removeSubrange(0..<start + length)
                    if opcode == 1 { return try? JSONSerialization.jsonObject(with: payload) as? [String: Any] }
                    continue
                }
            }
            guard fill() else { return nil }
        }
    }
}
