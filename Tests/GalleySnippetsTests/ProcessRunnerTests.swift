// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleySnippets
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The runner on real child processes: no process escapes, no limit is unreliable.
@Suite("Process runner")
struct ProcessRunnerTests {
    static func shell(_ script: String, timeout: Double = 30, outputLimit: Int = .max, memory: Int = 0) throws -> ProcessRunner.Outcome {
        try ProcessRunner(executable: "/bin/sh", arguments: ["-c", script], timeout: timeout, outputLimit: outputLimit, memoryLimit: memory).run()
    }

    /// Whether any process whose command line holds `marker` is running.
    static func running(_ marker: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.contains { entry in
            guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            let text = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return text.contains(marker) && !text.contains("/bin/sh -c")
        }
    }

    /// The processor time a child used, which `-v` adds up per stage: a busy loop's is most
    /// of its wall time, a sleep's almost none, and no run is charged more than it ran.
    @Test func processorTimeIsTheChildsOwn() throws {
        let busy = try Self.shell("i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done")
        #expect(busy.ending == .exited(0))
        #expect(busy.processorSeconds > 0.05 && busy.processorSeconds <= busy.seconds + 0.05, "\(busy.processorSeconds) of \(busy.seconds) s")
        let idle = try Self.shell("sleep 0.3")
        #expect(idle.seconds >= 0.3 && idle.processorSeconds < 0.1, "\(idle.processorSeconds) of \(idle.seconds) s")
    }

    @Test func aGrandchildHoldingThePipeDoesNotHoldTheRun() throws {
        let marker = "\(Int.random(in: 100_000...999_999))"
        let start = ContinuousClock.now
        let outcome = try Self.shell("sleep 1\(marker) & echo started")
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(outcome.ending == .exited(0))
        #expect(outcome.output == "started\n")
        #expect(outcome.endedLeftovers)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!Self.running("sleep 1\(marker)"), "the grandchild survived")
    }

    @Test func aTimeOutEndsTheWholeGroup() throws {
        let marker = "\(Int.random(in: 100_000...999_999))"
        let start = ContinuousClock.now
        let outcome = try Self.shell("sleep 2\(marker) & sleep 3\(marker); echo never", timeout: 1)
        #expect(outcome.ending == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(4))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!Self.running("2\(marker)") && !Self.running("3\(marker)"))
    }

    @Test func theOutputCapStopsAFloodAtOnceEveryTime() throws {
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let outcome = try Self.shell("yes 'a line of output' | head -n 5000000", outputLimit: 1 << 20)
            #expect(outcome.ending == .outputLimitReached)
            #expect(outcome.output.utf8.count == 1 << 20)
            #expect(ContinuousClock.now - start < .seconds(2))
        }
    }

    @Test func childrenStartWithACleanSignalState() throws {
        // This test process ignores SIGPIPE and may block signals; the child must not inherit either.
        let previous = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previous) }
        let outcome = try Self.shell("grep -E '^(SigIgn|SigBlk)' /proc/self/status")
        // Bits 32 and up are the C library's own real-time signals, which it keeps for itself.
        func mask(_ name: String) -> UInt64? {
            outcome.output.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        }
        #expect(mask("SigIgn").map { $0 & 0x7FFF_FFFF } == 0, "\(outcome.output)")
        #expect(mask("SigBlk").map { $0 & 0x7FFF_FFFF } == 0, "\(outcome.output)")
    }

    @Test func theChildLeadsAProcessGroupOfItsOwn() throws {
        let outcome = try Self.shell("ps -o pid=,pgid= -p $$")
        let fields = outcome.output.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.count == 2 && fields[0] == fields[1], "\(outcome.output)")
    }

    @Test func aMemoryLimitStopsAHungryProgram() throws {
        let outcome = try Self.shell("ulimit -v", memory: 256 << 20)
        #expect(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(256 * 1024)")
    }

    @Test func aProgramThatCannotStartIsAnError() {
        #expect(throws: (any Error).self) {
            _ = try ProcessRunner(executable: "/nonexistent/program").run()
        }
    }

    @Test func exitStatusesAndSignalsAreTold() throws {
        #expect(try Self.shell("exit 3").ending == .exited(3))
        #expect(try Self.shell("kill -SEGV $$").ending == .signalled(SIGSEGV))
    }
}
