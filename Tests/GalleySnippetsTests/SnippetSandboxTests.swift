import Foundation
import GalleyConfig
import GalleyDiagnostics
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
        let failure = try #require(report.diagnostics.first { $0.code == "snippets.run_failed" })
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
        let failure = try #require(report.diagnostics.first { $0.code == "snippets.left_processes" }, "\(report.diagnostics)")
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
        print(home == FileManager.default.currentDirectoryPath, home.contains("galley-sandbox"))
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
        let failure = try #require(report.diagnostics.first { $0.code == "snippets.run_failed" })
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
}
