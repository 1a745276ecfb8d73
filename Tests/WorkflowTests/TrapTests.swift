// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Runs the trap-scenario program and returns its exit status and standard error.
func runTrapScenario(_ name: String) throws -> (status: Int32, stderr: String) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map {
        $0.appendingPathComponent("WorkflowTrapScenarios")
    }
    let program = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    let process = Process()
    process.executableURL = program
    process.arguments = [name]
    let errorPipe = Pipe()
    process.standardError = errorPipe
    process.standardOutput = Pipe()
    try process.run()
    let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("Fatal misuse")
struct TrapTests {
    @Test(arguments: [
        ("duplicate-child", "TwinParent rendered two children of type Leaf with key \"twin\" in one render pass"),
        ("sink-during-render", "was sent an action during a render pass"),
        ("context-after-render", "RenderContext<KeepsContext>.makeSink(of:) was called after its render pass ended"),
        ("apply-context-without-workflow", "ApplyContext has no Props to read"),
        ("apply-context-after-apply", "An ApplyContext<KeepsApplyContext> was read (\\KeepsApplyContext.step) after the apply it was passed to returned"),
        ("action-implements-nothing", "ImplementsNothing implements neither apply(toState:context:) nor apply(toState:)"),
    ])
    func trapsWithAClearMessage(scenario: String, message: String) throws {
        let result = try runTrapScenario(scenario)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }
}
