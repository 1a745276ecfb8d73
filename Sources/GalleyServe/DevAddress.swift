// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// `host:port` for `--dev-addr` and `dev_addr`: an IPv4 address, `localhost`, or an IPv6
/// address in brackets (`[::1]:8000`). Port 0 lets the system pick a free port.
package struct DevAddress: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    package var port: UInt16

    /// The address mkdocs serves on by default.
    package static let standard = DevAddress(host: "127.0.0.1", port: 8000)

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `text`; `nil` when it is not `host:port`.
    package init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { host = "127.0.0.1" }
        guard !host.isEmpty else { return nil }
        self.init(host: host, port: port)
    }

    var isIPv6: Bool { host.contains(":") }

    /// Whether only this machine can connect.
    package var isLoopback: Bool {
        host == "::1" || host.hasPrefix("127.")
    }

    package var description: String {
        isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
