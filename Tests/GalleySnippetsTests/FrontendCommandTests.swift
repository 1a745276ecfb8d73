// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleySnippets
import Testing

@Suite("Compiling through the frontend the driver names")
struct FrontendCommandTests {
    @Test func shellWordsReadTheDriversQuoting() {
        #expect(ShellWords.split(#"/bin/x -a '/tmp/a b/x'\''y.swift' "q \"r\" \n" back\ slash"#)
            == ["/bin/x", "-a", "/tmp/a b/x'y.swift", #"q "r" \n"#, "back slash"])
        #expect(ShellWords.split("a 'open") == nil)
        #expect(ShellWords.split("  ") == [])
    }

    @Test func aPlanOfOneFrontendJobWithEveryPlaceholderIsACommand() throws {
        let plan = "/opt/swift/usr/bin/swift-frontend -frontend -c -primary-file /galley-placeholder/input.swift -I '/a b' -module-name GalleyPlaceholderModule -o /galley-placeholder/output.o\n"
        let command = try #require(FrontendCommand.parse(plan: plan, placeholders: [.input, .output, .module]))
        #expect(command.executable == "/opt/swift/usr/bin/swift-frontend")
        #expect(command.arguments([.input: "/p/main.swift", .output: "/p/o.o", .module: "Page"])
            == ["-frontend", "-c", "-primary-file", "/p/main.swift", "-I", "/a b", "-module-name", "Page", "-o", "/p/o.o"])
    }

    @Test func anyOtherPlanLeavesTheWorkToTheDriver() {
        let one = "/x/swift-frontend -frontend -c -primary-file /galley-placeholder/input.swift -o /galley-placeholder/output.o"
        // Two jobs (a compile and a link), another program, a placeholder folded into
        // another argument, a placeholder the plan lost.
        #expect(FrontendCommand.parse(plan: one + "\n/x/clang a.o -o b", placeholders: [.input, .output]) == nil)
        #expect(FrontendCommand.parse(plan: one.replacingOccurrences(of: "swift-frontend", with: "swift-driver"), placeholders: [.input, .output]) == nil)
        #expect(FrontendCommand.parse(plan: one + " -emit-dependencies-path /galley-placeholder/output.o.d", placeholders: [.input, .output]) == nil)
        #expect(FrontendCommand.parse(plan: one, placeholders: [.input, .output, .module]) == nil)
        #expect(FrontendCommand.parse(plan: one, placeholders: [.input, .output]) != nil)
    }

    /// The same object file and the same diagnostics, from the frontend started directly as
    /// from the driver.
    @Test func theFrontendCompilesAsTheDriverDoes() throws {
        let toolchain = try SwiftToolchain.locate()
        let directory = FileManager.default.temporaryDirectory.path + "/galley-frontend-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "func greet() {\n    let unused = 1\n}\nprint(\"hi\")\n".write(toFile: directory + "/main.swift", atomically: true, encoding: .utf8)
        let template = ["-c", FrontendCommand.Placeholder.input.rawValue, "-o", FrontendCommand.Placeholder.output.rawValue, "-Onone",
                        "-module-name", FrontendCommand.Placeholder.module.rawValue, "-diagnostic-style", "llvm"]
        let commands = FrontendCommands(toolchain: toolchain)
        let direct = commands.invocation(template, [.input: directory + "/main.swift", .output: directory + "/direct.o", .module: "Page"])
        #expect(URL(fileURLWithPath: direct.executable).lastPathComponent == "swift-frontend")
        let frontend = try ProcessRunner(executable: direct.executable, arguments: direct.arguments, directory: directory).run()
        let driver = try ProcessRunner(executable: toolchain.swiftc, arguments: ["-c", directory + "/main.swift", "-o", directory + "/driver.o", "-Onone", "-module-name", "Page", "-diagnostic-style", "llvm"], directory: directory).run()
        #expect(frontend.ending == .exited(0) && driver.ending == .exited(0))
        #expect(frontend.output == driver.output)
        #expect(frontend.output.contains("warning: initialization of immutable value 'unused' was never used"))
        // Two compiles by the driver alone differ in a few bytes, so the objects are
        // compared by size.
        let sizes = ["direct.o", "driver.o"].map { FileManager.default.contents(atPath: directory + "/" + $0)?.count ?? 0 }
        #expect(sizes[0] > 0 && sizes[0] == sizes[1])
    }
}
