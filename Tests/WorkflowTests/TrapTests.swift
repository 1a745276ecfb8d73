// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Runs the trap-scenario program and returns its exit status and standard error.
func runTrapScenario(_ name: String, environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map {
        $0.appendingPathComponent("WorkflowTrapScenarios")
    }
    let program = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    let process = Process()
    process.executableURL = program
    process.arguments = [name]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
        ("bootstrap-twice", "can be bootstrapped only once"),
    ])
    func trapsWithAClearMessage(scenario: String, message: String) throws {
        let result = try runTrapScenario(scenario)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }
}

/// `Runtime.bootstrap` sets the configuration of the whole process, so it is tried in a
/// process of its own.
@Suite("Runtime bootstrap")
struct RuntimeBootstrapTests {
    @Test func theBootstrappedConfigurationHoldsUnlessOverridden() throws {
        let result = try runTrapScenario("bootstrap-applies")
        #expect(result.status == 0)
        #expect(result.stderr.contains("bootstrapped true, overridden false"), "stderr was: \(result.stderr)")
    }
}

/// `WorkflowLogging` is allowed by the environment when the process starts, so it is tried
/// in processes of their own.
@Suite("Workflow logging")
struct WorkflowLoggingTests {
    @Test func allowedAndEnabledLoggingWritesTheEvents() throws {
        let result = try runTrapScenario("logging", environment: ["com.squareup.workflow.allowOSLogging": "true"])
        #expect(result.status == 0)
        for line in ["Workflow: began Counter", "Workflow: render Counter", "Workflow: rendered Counter", "Workflow: action for Counter", "logging allowed true, enabled true"] {
            #expect(result.stderr.contains(line), "\(line) in \(result.stderr)")
        }
    }

    @Test func withoutTheEnvironmentNothingIsLogged() throws {
        let result = try runTrapScenario("logging", environment: ["com.squareup.workflow.allowOSLogging": "no"])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("Workflow: "), "\(result.stderr)")
        #expect(result.stderr.contains("logging allowed false, enabled false"))
    }
}

