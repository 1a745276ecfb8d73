// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import CGalleySystem
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process in a process group of its own, so that it and everything it starts can be
/// ended together, and so that no grandchild outlives a build.
package struct ChildProcess: Sendable {
    /// The child's pid, which is also its process group's id.
    package let pid: Int32

    /// Starts `path` (see `galley_spawn`): a new group, a clean signal state, standard input
    /// from /dev/null, standard output and error to `outputDescriptor`, optional limits.
    package static func spawn(
        _ path: String,
        arguments: [String],
        environment: [String: String]?,
        directory: String?,
        outputDescriptor: Int32,
        memoryBytes: Int = 0,
        cpuSeconds: Int = 0,
        memoryGroup: MemoryGroup? = nil
    ) throws(FileSystemError) -> ChildProcess {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var error: Int32 = 0
        let pid: pid_t = argv.withUnsafeBufferPointer { arguments in
            if let envp {
                return envp.withUnsafeBufferPointer { environment in
                    galley_spawn(path, arguments.baseAddress, environment.baseAddress, directory, outputDescriptor, memoryBytes, cpuSeconds, memoryGroup?.processesDescriptor ?? -1, &error)
                }
            }
            return galley_spawn(path, arguments.baseAddress, nil, directory, outputDescriptor, memoryBytes, cpuSeconds, memoryGroup?.processesDescriptor ?? -1, &error)
        }
        guard pid > 0 else { throw FileSystemError("start", path, code: error) }
        ChildProcessGroups.shared.add(pid)
        return ChildProcess(pid: pid)
    }

    /// How the child ended.
    package enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// A child that has ended: how, and the processor time (user and system) it and the
    /// children it waited for used, which is where a build's time went.
    package struct Ended: Sendable, Equatable {
        package var ending: Ending
        package var processorSeconds: Double
    }

    /// The child's ending if it has ended, without waiting.
    package func poll() -> Ended? {
        reap(options: WNOHANG)
    }

    /// Waits for the child to end.
    package func wait() -> Ended {
        while true {
            if let ended = reap(options: 0) { return ended }
            if errno != EINTR { return Ended(ending: .exited(-1), processorSeconds: 0) }
        }
    }

    private func reap(options: Int32) -> Ended? {
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, options, &usage) == pid else { return nil }
        let signal = status & 0x7F
        let ending: Ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        return Ended(ending: ending, processorSeconds: Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime))
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    /// Whether any process of the group is still alive (the child, if not yet waited for,
    /// or anything it started).
    package var groupIsAlive: Bool {
        kill(-pid, 0) == 0
    }

    /// Ends the whole group: SIGTERM, then SIGKILL to whatever is left after `grace` seconds.
    package func endGroup(grace: Double = 0.5) {
        ChildProcessGroups.end(pid, grace: grace)
    }

    /// Forgets the group once it has ended.
    package func release() {
        ChildProcessGroups.shared.remove(pid)
    }
}

/// The process groups of children still running, so that a galley that is interrupted or
/// terminated can end them all before it exits.
package final class ChildProcessGroups: Sendable {
    package static let shared = ChildProcessGroups()
    private let groups = Mutex<Set<Int32>>([])

    func add(_ pid: Int32) { _ = groups.withLock { $0.insert(pid) } }
    func remove(_ pid: Int32) { _ = groups.withLock { $0.remove(pid) } }

    /// Ends every registered group (TERM, a grace period, then KILL).
    package func endAll(grace: Double = 0.5) {
        Self.end(groups.withLock { Array($0) }, grace: grace)
    }

    static func end(_ pid: Int32, grace: Double) {
        end([pid], grace: grace)
    }

    /// Sends TERM to each group, waits up to `grace` seconds for them to go (reaping leaders
    /// that are this process's children, so a zombie doesn't keep a group "alive"), then
    /// sends KILL to whatever is left.
    private static func end(_ pids: [Int32], grace: Double) {
        let alive = pids.filter { kill(-$0, SIGTERM) == 0 }
        guard !alive.isEmpty else { return }
        let deadline = Date().addingTimeInterval(grace)
        while Date() < deadline, alive.contains(where: { kill(-$0, 0) == 0 }) {
            for pid in alive {
                var status: Int32 = 0
                _ = waitpid(pid, &status, WNOHANG)
            }
            usleep(5_000)
        }
        for pid in alive { kill(-pid, SIGKILL) }
    }
}

/// Ctrl-C and SIGTERM for commands that start children: end every child group, remove the
/// temporary paths still registered (``TemporaryPaths``), run `cleanup`, and exit with
/// `status`, or the shell's status for the signal (130 or 143).
package enum TerminationSignals {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    package static func install(status: Int32? = nil, cleanup: @escaping @Sendable () -> Void = {}) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                ChildProcessGroups.shared.endAll()
                TemporaryPaths.shared.removeAll()
                cleanup()
                exit(status ?? 128 + number)
            }
            source.resume()
            return source
        }
    }
}
