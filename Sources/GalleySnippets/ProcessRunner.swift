import Foundation

/// Runs a child process with a time limit and an output cap, stdout and stderr merged into
/// one stream so their order is kept.
struct ProcessRunner {
    struct Outcome: Sendable {
        enum Ending: Sendable, Equatable {
            case exited(Int32)
            case signalled(Int32)
            case timedOut
            case outputLimitReached
        }

        var ending: Ending
        var output: String
        var seconds: Double
    }

    var executable: String
    var arguments: [String] = []
    var environment: [String: String]? = nil
    var directory: String? = nil
    var timeout: Double = .infinity
    var outputLimit: Int = .max

    func run() throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let collected = Collected()
        let limit = outputLimit
        let reader = Thread {
            let handle = pipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if collected.append(chunk, limit: limit) {
                    process.terminate()
                }
            }
            collected.finish()
        }
        reader.start()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        collected.waitUntilFinished()
        let seconds = Date().timeIntervalSince(start)
        let output = String(decoding: collected.data, as: UTF8.self)
        if timedOut { return Outcome(ending: .timedOut, output: output, seconds: seconds) }
        if collected.overflowed { return Outcome(ending: .outputLimitReached, output: output, seconds: seconds) }
        switch process.terminationReason {
        case .uncaughtSignal: return Outcome(ending: .signalled(process.terminationStatus), output: output, seconds: seconds)
        default: return Outcome(ending: .exited(process.terminationStatus), output: output, seconds: seconds)
        }
    }
}

/// Output gathered by the reader thread.
private final class Collected: @unchecked Sendable {
    private let lock = NSCondition()
    private var buffer = Data()
    private var done = false
    private(set) var overflowed = false

    /// Appends `chunk`; returns true when the output has just passed `limit`.
    func append(_ chunk: Data, limit: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !overflowed else { return false }
        if buffer.count + chunk.count > limit {
            buffer.append(chunk.prefix(max(0, limit - buffer.count)))
            overflowed = true
            return true
        }
        buffer.append(chunk)
        return false
    }

    func finish() {
        lock.lock()
        done = true
        lock.signal()
        lock.unlock()
    }

    func waitUntilFinished() {
        lock.lock()
        while !done { lock.wait() }
        lock.unlock()
    }

    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
