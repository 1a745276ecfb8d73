// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
@testable import GalleySnippets
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `galley.snippets.sandbox: true` runs programs under bubblewrap: tested with real
/// programs that try to write into the project and to reach a socket the test listens on.
@Suite("Snippet sandbox", .serialized)
struct SnippetSandboxTests {
    /// A TCP socket listening on the loopback interface, on a port the system picks.
    final class Listener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
            }
            guard bound, listen(descriptor, 8) == 0 else { throw FileSystemFailure() }
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }
    }

    struct FileSystemFailure: Error {}

    /// A block that connects to `port` on the loopback interface, trapping with the
    /// system's reason when it cannot.
    static func connectingBlock(port: UInt16) -> String {
        """
        ```swift run
        import Glibc
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(\(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if status != 0 { fatalError(String(cString: strerror(errno))) }
        print("connected")
        ```

        """
    }

    @Test func withoutTheSandboxAProgramReachesTheLoopback() throws {
        let listener = try Listener()
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.imports = []
        let report = try project.run([project.page("net.md", Self.connectingBlock(port: listener.port))])
        #expect(SnippetEngineTests.results(report, "net.md").first?.text == "connected\n", "\(report.diagnostics)")
    }

    @Test func theSandboxHasNoNetwork() throws {
        let listener = try Listener()
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.imports = []
        project.config.sandbox = true
        project.config.line = 3
        let report = try project.run([project.page("net.md", Self.connectingBlock(port: listener.port))])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" })
        #expect(failure.message.contains("the sandbox has no network"), "\(failure.message)")
        #expect(failure.location.line == 13, "the trap's own line")
    }

    /// Under the sandbox as outside it, a program that leaves processes behind fails by
    /// name: one page must not pass in one mode and fail in the other.
    @Test func childrenLeftRunningFailTheBlockUnderTheSandboxToo() throws {
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.sandbox = true
        project.config.line = 3
        let report = try project.run([project.page("children.md", SnippetEngineTests.leavingChildren)])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.left_processes" }, "\(report.diagnostics)")
        #expect(failure.message.contains("sleep 303") && failure.message.contains("sleep 304"), "\(failure.message)")
        #expect(SnippetEngineTests.processes(containing: "sleep 303").isEmpty && SnippetEngineTests.processes(containing: "sleep 304").isEmpty)
    }

    @Test func theSandboxKeepsTheProjectReadOnlyAndGivesAScratchHome() throws {
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.sandbox = true
        project.config.line = 3
        let target = project.root + "/docs/written.md"
        let page = project.page("write.md", """
        ```swift run
        import Foundation
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        print(home == FileManager.default.currentDirectoryPath, home.hasPrefix("/tmp/"))
        try "scratch".write(toFile: "note.txt", atomically: true, encoding: .utf8)
        print(try String(contentsOfFile: home + "/note.txt", encoding: .utf8))
        ```

        ```swift run
        try "x".write(toFile: "\(target)", atomically: false, encoding: .utf8)
        ```

        """)
        let report = try project.run([page])
        let results = SnippetEngineTests.results(report, "write.md")
        #expect(results.first?.text == "true true\nscratch\n", "\(results)")
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" })
        #expect(failure.location.line == 10)
        #expect(failure.message.contains("read-only"), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was written into docs/")
    }

    @Test func crashBlocksStillTrapUnderTheSandbox() throws {
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.sandbox = true
        let page = project.page("crash.md", "```swift crash\nlet values: [Int] = []\nprint(values[1])\n```\n")
        let report = try project.run([page])
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(SnippetEngineTests.results(report, "crash.md").first?.text.contains("Index out of range") == true)
    }

    @Test func aPageCannotTurnTheSandboxOff() {
        var config = SnippetConfig()
        config.sandbox = true
        #expect(config.overridden(by: ["snippets.sandbox": "false"]).sandbox)
        #expect(config.overrideProblems(["snippets.sandbox": "false"]).count == 1)
    }

    /// What a program tries in order to get out (run as root in CI, which is root): each
    /// line says what it tried and what happened.
    static let escapeAttempts = #"""
    ```swift run
    import Foundation
    func line(_ name: String, _ succeeded: Bool) { print(name, succeeded ? "ESCAPED" : "held") }
    func file(_ path: String) -> String? {
        guard let handle = fopen(path, "r") else { return nil }
        defer { fclose(handle) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, 4096, handle) != nil { text += String(cString: buffer) }
        return text
    }
    let status = file("/proc/self/status") ?? ""
    let capabilities = status.split(separator: "\n").first { $0.hasPrefix("CapEff:") } ?? ""
    line("capabilities", !capabilities.hasSuffix("0000000000000000"))
    line("new privileges", !status.contains("NoNewPrivs:\t1"))
    line("remount", mount("none", "PROJECT", nil, UInt(MS_REMOUNT | MS_BIND), nil) == 0)
    line("mount", mount("tmpfs", "PROJECT/docs", "tmpfs", 0, nil) == 0)
    line("unmount proc", umount2("/proc", Int32(MNT_DETACH)) == 0)
    func runs(_ command: String) -> Bool {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command + " >/dev/null 2>&1"]
        guard (try? shell.run()) != nil else { return false }
        shell.waitUntilExit()
        return shell.terminationStatus == 0
    }
    line("new user namespace", runs("unshare --user --map-root-user true"))
    line("setuid mount", runs("mount -t tmpfs none PROJECT/docs"))
    line("signal galley", kill(GALLEY, SIGCONT) == 0 || access("/proc/GALLEY", F_OK) == 0)
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil }.count ?? 0
    line("host processes", processes > 5)
    line("shadow", file("/etc/shadow") != nil)
    line("home folders", access("/root", F_OK) == 0 || access("/home", F_OK) == 0)
    line("var tmp", fopen("/var/tmp/galley-escaped", "w") != nil)
    line("docs", fopen("PROJECT/docs/ESCAPED.md", "w") != nil)
    let socketFile = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in "SOCKET".utf8.enumerated() { raw[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFile, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    line("unix socket", connected == 0)
    line("environment", getenv("GALLEY_SANDBOX_TEST_SECRET") != nil)
    ```

    """#

    @Test func aProgramCannotGetOutOfTheSandbox() throws {
        var project = try SnippetEngineTests.Project()
        defer { project.remove() }
        project.config.imports = []
        project.config.sandbox = true
        project.config.line = 3
        // A listening Unix socket outside the project, as docker.sock or D-Bus is.
        let socketFolder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-socket-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: socketFolder) }
        let socketPath = socketFolder + "/s"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        setenv("GALLEY_SANDBOX_TEST_SECRET", "token", 1)
        defer { unsetenv("GALLEY_SANDBOX_TEST_SECRET") }
        let block = Self.escapeAttempts
            .replacingOccurrences(of: "PROJECT", with: project.root)
            .replacingOccurrences(of: "SOCKET", with: socketPath)
            .replacingOccurrences(of: "GALLEY", with: "\(getpid())")
        let report = try project.run([project.page("escape.md", block)])
        let printed = try #require(SnippetEngineTests.results(report, "escape.md").first?.text, "\(report.diagnostics)")
        let lines = printed.split(separator: "\n")
        #expect(lines.count == 15, "\(printed)")
        #expect(lines.allSatisfy { $0.hasSuffix(" held") }, "\(printed)")
        #expect(!FileManager.default.fileExists(atPath: project.root + "/docs/ESCAPED.md"))
        #expect(!FileManager.default.fileExists(atPath: "/var/tmp/galley-escaped"))
    }

    /// A project whose programs run in the sandbox, importing nothing, under `memoryLimit`.
    static func sandboxed(memoryLimit: Int) throws -> SnippetEngineTests.Project {
        var project = try SnippetEngineTests.Project()
        project.config.imports = []
        project.config.sandbox = true
        project.config.line = 3
        project.config.memoryLimit = memoryLimit
        project.config.timeout = 60
        return project
    }

    /// A block that runs `command` with `/bin/sh` and waits for it, then runs `after`.
    static func shellBlock(_ command: String, after: String = "") -> String {
        """
        ```swift run
        import Foundation
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\(command)"]
        try shell.run()
        shell.waitUntilExit()
        \(after)
        ```

        """
    }

    /// The memory limit holds for the program and every process it starts together: four
    /// children of 100 MB each under a limit of 256 MiB. Each child keeps its 100 MB until its
    /// input closes two seconds after the last byte, so all four hold theirs at once however the
    /// machine schedules them (without the pause, a loaded machine could run them one after
    /// another, each under the limit alone, and the test would fail for no fault of the limit).
    @Test(.enabled(if: MemoryGroup.isAvailable, "no writable memory control group on this machine"))
    func theMemoryLimitHoldsForTheWholeProgramTree() throws {
        let project = try Self.sandboxed(memoryLimit: 256 << 20)
        defer { project.remove() }
        let page = project.page("memory.md", Self.shellBlock("for n in 1 2 3 4; do (head -c 100000000 /dev/zero; sleep 2) | tail > /dev/null & done; wait", after: "print(\"done\")"))
        let report = try project.run([page])
        let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.memory_limit" || $0.code.description == "snippets.run_failed" }, "\(report.diagnostics) \(Self.machineMemory)")
        #expect(failure.message.contains("reached the page's memory limit") || failure.message.contains("the kernel ended"), "\(failure.message)")
    }

    /// What a failure of the memory tests needs to be read: the machine's swap and control groups.
    static var machineMemory: String {
        let files = ["/proc/swaps", "/proc/self/cgroup"]
        return files.map { "\($0): " + ((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "unreadable") }.joined(separator: "\n")
    }

    @Test func thePrivateTemporaryFolderIsSizedByTheMemoryLimit() throws {
        let project = try Self.sandboxed(memoryLimit: 256 << 20)
        defer { project.remove() }
        let page = project.page("tmp.md", Self.shellBlock("head -c 400000000 /dev/zero > /tmp/big 2>/dev/null; wc -c < /tmp/big; rm /tmp/big"))
        let report = try project.run([page])
        let printed = SnippetEngineTests.results(report, "tmp.md").first?.text ?? ""
        // Either the folder fills up at its size, or the files in it, which are memory, take
        // the program to its memory limit; never more than the limit.
        if let written = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) {
            #expect(written <= 256 << 20, "\(printed)")
        } else {
            let failure = try #require(report.diagnostics.first { $0.code.description == "snippets.run_failed" }, "\(printed) \(report.diagnostics)")
            #expect(failure.message.contains("the kernel ended"), "\(failure.message)")
        }
    }
}
