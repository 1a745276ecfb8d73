// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The `galley` executable built beside the test bundle.
package func galleyExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return [directory, directory.deletingLastPathComponent()]
        .map { $0.appendingPathComponent("galley") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs `galley` with `arguments` in `directory`, with `environment` added to this process's.
package func runGalley(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, stderr: String, stdout: String) {
    guard let executable = galleyExecutable() else { throw CocoaError(.fileNoSuchFile) }
    // Projects that link this repository's runtime build its libraries once, between them.
    let shared = ["GALLEY_LIBRARY_CACHE": Oracle.repository.appendingPathComponent(".build/snippet-libraries").path]
    let result = try runProgram(executable, arguments, in: directory, environment: shared.merging(environment) { $1 })
    return (result.status, result.stderr, result.stdout)
}

/// Runs `executable` with `arguments` in `directory`, `input` on its standard input and
/// `environment` added to this process's: its exit status and what it printed. Both outputs
/// are read on threads of their own, so neither pipe can fill up and stall the child.
package func runProgram(_ executable: URL, _ arguments: [String], in directory: URL, input: String? = nil, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe(), errors = Pipe(), standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    let outputData = OutputCollector(output.fileHandleForReading)
    let errorData = OutputCollector(errors.fileHandleForReading)
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData.finish(), as: UTF8.self), String(decoding: errorData.finish(), as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
package final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var done = false

    package init(_ handle: FileHandle) {
        Thread {
            let all = handle.readDataToEndOfFile()
            self.condition.lock()
            self.data = all
            self.done = true
            self.condition.broadcast()
            self.condition.unlock()
        }.start()
    }

    package func finish() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        return data
    }
}
