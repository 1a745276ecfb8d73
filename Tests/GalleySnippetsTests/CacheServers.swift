// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// nginx from the system's packages, serving a WebDAV folder on loopback: the remote cache
/// the tests run against, as teams run it. `/cache/` takes `PUT`; `/readonly/` does not.
final class NginxCache {
    let root: String
    let port: Int
    private let process = Process()

    /// Where entries land: `data/cache/ac/KEY`, `data/cache/cas/SHA256`.
    var store: String { root + "/data/cache" }
    var url: String { "http://127.0.0.1:\(port)/cache" }
    var readOnlyURL: String { "http://127.0.0.1:\(port)/readonly" }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "nginx is not installed; `make test` installs it (Debian package nginx)" }
    }

    init() throws {
        let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let binary else { throw Missing() }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-nginx-\(UUID().uuidString)").path
        port = freePort()
        for folder in ["data/cache", "data/readonly", "temp"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        // nginx's workers drop to an unprivileged user when started as root: they must be
        // able to write the store and their temporary files.
        for folder in ["", "/data", "/data/cache", "/data/readonly", "/temp"] {
            chmod(root + folder, 0o777)
        }
        let config = """
        worker_processes 1;
        daemon off;
        pid \(root)/nginx.pid;
        error_log \(root)/error.log;
        events { worker_connections 64; }
        http {
            access_log \(root)/access.log;
            client_body_temp_path \(root)/temp/body;
            proxy_temp_path \(root)/temp/proxy;
            fastcgi_temp_path \(root)/temp/fastcgi;
            uwsgi_temp_path \(root)/temp/uwsgi;
            scgi_temp_path \(root)/temp/scgi;
            client_max_body_size 0;
            server {
                listen 127.0.0.1:\(port);
                root \(root)/data;
                location /cache/ {
                    dav_methods PUT;
                    create_full_put_path on;
                    dav_access user:rw group:rw all:rw;
                }
                location /readonly/ {}
            }
        }

        """
        try config.write(toFile: root + "/nginx.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", root, "-c", root + "/nginx.conf", "-e", root + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !canConnect(port), Date() < deadline { usleep(20_000) }
        guard canConnect(port) else {
            stop()
            throw Missing()
        }
    }

    /// The action-cache records and the stored files.
    var records: [String] { (try? FileManager.default.contentsOfDirectory(atPath: store + "/ac")) ?? [] }
    var blobs: [String] { (try? FileManager.default.contentsOfDirectory(atPath: store + "/cas")) ?? [] }

    /// How many requests of `method` the server answered. nginx logs a request after its
    /// answer is sent, so the log is read again until it holds every request answered.
    func requests(_ method: String) -> Int {
        func count() -> Int {
            let log = (try? String(contentsOfFile: root + "/access.log", encoding: .utf8)) ?? ""
            return log.split(separator: "\n").filter { $0.contains("\"\(method) ") }.count
        }
        func all() -> Int {
            ((try? String(contentsOfFile: root + "/access.log", encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        let deadline = Date().addingTimeInterval(2)
        var seen = all()
        repeat {
            usleep(100_000)
            let now = all()
            if now == seen { break }
            seen = now
        } while Date() < deadline
        return count()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// A server that takes connections and never answers: the kernel completes the handshake
/// into the listen queue, and nobody reads the request.
final class StalledServer {
    let port: Int
    private let socketDescriptor: Int32

    init() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(descriptor, 16)
        socketDescriptor = descriptor
        port = boundPort(descriptor)
    }

    var url: String { "http://127.0.0.1:\(port)/cache" }

    func stop() {
        close(socketDescriptor)
    }
}

/// A loopback port nothing listens on, for now.
func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: 0)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    return boundPort(descriptor)
}

private func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
}

private func boundPort(_ descriptor: Int32) -> Int {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

private func canConnect(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: UInt16(port))
    return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
}
