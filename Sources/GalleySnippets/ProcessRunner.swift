// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// Runs a child process with a time limit and an output cap, stdout and stderr merged into
/// one stream so their order is kept.
///
/// The child leads a process group of its own, so a time-out, the output cap, or an
/// interrupted galley ends it together with everything it started. The run is over when the
/// child itself ends: what it printed is drained, and processes it left behind (which may
/// still hold the pipe open) are ended and reported, instead of being waited for.
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
        /// The processor time (user and system) the child used.
        var processorSeconds = 0.0
        /// Whether the program left processes running, which were then ended.
        var endedLeftovers = false
        /// For a run that timed out: every process below the child when time ran out, so
        /// that a program stuck waiting on another is reported with that one named.
        var runningAtTimeout: [SystemCalls.ProcessEntry] = []
        /// How many processes of the run the kernel ended for reaching ``memoryGroup``'s limit.
        var outOfMemoryKills = 0
    }

    var executable: String
    var arguments: [String] = []
    var environment: [String: String]? = nil
    var directory: String? = nil
    var timeout: Double = .infinity
    var outputLimit: Int = .max
    /// The child's address-space limit in bytes; 0 for none.
    var memoryLimit: Int = 0
    /// The child's CPU-time limit in seconds; 0 for none.
    var cpuLimit: Int = 0
    /// A control group the child joins before it starts, holding it and everything it
    /// starts to one memory limit together.
    var memoryGroup: MemoryGroup? = nil
    /// The child ends everything it started when it ends (bubblewrap's PID namespace does),
    /// so processes still in its group then are on their way out, not left over.
    var endsItsDescendants = false

    func run() throws -> Outcome {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw FileSystemError("create a pipe for", executable) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        defer { close(readEnd) }
        let start = Date()
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                executable, arguments: arguments, environment: environment, directory: directory,
                outputDescriptor: writeEnd, memoryBytes: memoryLimit, cpuSeconds: cpuLimit, memoryGroup: memoryGroup
            )
        } catch {
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        defer { child.release() }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var ending: Outcome.Ending?
        var processorSeconds = 0.0
        var runningAtTimeout: [SystemCalls.ProcessEntry] = []
        var open = true
        let deadline = timeout.isFinite ? Date().addingTimeInterval(timeout) : .distantFuture

        /// Reads what is there now; false once the pipe is closed by every writer.
        func drain() -> Bool {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count > 0 {
                    output += chunk[0..<count]
                    if output.count > outputLimit { return true }
                    continue
                }
                if count == 0 { return false }
                return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK
            }
        }

        while ending == nil {
            if open {
                var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 1, 10)
                open = drain()
            } else {
                usleep(2_000)
            }
            if output.count > outputLimit {
                output.removeSubrange(outputLimit...)
                // A moment's grace lets a snippet program's shepherd end what left the group.
                child.endGroup(grace: 0.2)
                processorSeconds = child.wait().processorSeconds
                ending = .outputLimitReached
            } else if let ended = child.poll() {
                _ = drain()
                if output.count > outputLimit { output.removeSubrange(outputLimit...) }
                processorSeconds = ended.processorSeconds
                switch ended.ending {
                case .exited(let code): ending = .exited(code)
                case .signalled(let number): ending = .signalled(number)
                }
            } else if Date() >= deadline {
                runningAtTimeout = SystemCalls.descendants(of: child.pid)
                child.endGroup(grace: 0.5)
                processorSeconds = child.wait().processorSeconds
                ending = .timedOut
            }
        }
        // Processes that are ending with the child may still be in the group for a moment;
        // only one still there after that is left over. A child that ends its descendants
        // itself leaves nothing behind that it did not end.
        var leftovers = child.groupIsAlive
        for _ in 0..<20 where leftovers && !endsItsDescendants {
            usleep(10_000)
            leftovers = child.groupIsAlive
        }
        if endsItsDescendants, leftovers {
            child.endGroup(grace: 0)
            leftovers = false
        }
        if leftovers { child.endGroup(grace: 0.2) }
        var outcome = Outcome(ending: ending ?? .exited(-1), output: String(decoding: output, as: UTF8.self), seconds: Date().timeIntervalSince(start))
        outcome.processorSeconds = processorSeconds
        outcome.endedLeftovers = leftovers
        outcome.runningAtTimeout = runningAtTimeout
        outcome.outOfMemoryKills = memoryGroup?.outOfMemoryKills ?? 0
        return outcome
    }
}
