// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Synchronization

/// A stage of compiling and running a site's snippets, as `-v` reports where the time went.
package enum SnippetStage: String, CaseIterable, Sendable, Codable {
    /// Preparing the libraries snippets link: reusing the host library, or `swift build`.
    case libraries
    /// The compiler, one process per program.
    case compiling
    /// The dispatcher's C and the link of the programs' executable.
    case linking
    /// The programs themselves.
    case running
}

/// Where a snippet run's time went: for each stage, its wall time, how many processes it
/// started and the processor time (user and system) they used. A stage's wall time runs from
/// its first piece of work's start to its last one's end; stages can overlap, because
/// programs that wait on a clock are built and run beside the others' compiles. With these a
/// slow check says whether the libraries, the compiler, the linker or the programs took the
/// time, and how busy the cores were (processor time over wall time).
package struct SnippetStageTimes: Sendable, Equatable, Codable {
    package struct Figures: Sendable, Equatable, Codable {
        package var wall = 0.0
        package var processes = 0
        package var processorSeconds = 0.0

        package init(wall: Double = 0, processes: Int = 0, processorSeconds: Double = 0) {
            (self.wall, self.processes, self.processorSeconds) = (wall, processes, processorSeconds)
        }
    }

    package var stages: [SnippetStage: Figures] = [:]

    package init() {}

    package subscript(stage: SnippetStage) -> Figures {
        stages[stage] ?? Figures()
    }

    /// These figures and `other`'s, of runs made one after the other (each view's snippets).
    package func adding(_ other: SnippetStageTimes) -> SnippetStageTimes {
        var sum = self
        for (stage, figures) in other.stages {
            var total = sum[stage]
            total.wall += figures.wall
            total.processes += figures.processes
            total.processorSeconds += figures.processorSeconds
            sum.stages[stage] = total
        }
        return sum
    }

    /// One line for `-v`: `Snippet stages: libraries 0.01 s (reused); compiling 5.80 s, 30
    /// processes, 10.9 s of processor time; ...`.
    package var description: String {
        let parts = SnippetStage.allCases.compactMap { stage -> String? in
            guard let figures = stages[stage] else { return nil }
            var text = "\(stage.rawValue) " + String(format: "%.2f s", figures.wall)
            if figures.processes == 0 {
                if stage == .libraries { text += " (reused)" }
            } else {
                text += ", \(counted(figures.processes, "process", "processes")), " + String(format: "%.2f s", figures.processorSeconds) + " of processor time"
            }
            return text
        }
        return "Snippet stages: " + (parts.isEmpty ? "none ran" : parts.joined(separator: "; "))
    }
}

extension SnippetStageTimes {
    /// The stages that started a process, in a few words for the preview's terminal line
    /// (`snippets: compiling 0.31 s, linking 0.08 s (2 processes), running 0.03 s`); `nil` when no
    /// process ran (every result was stored).
    package var brief: String? {
        let parts = SnippetStage.allCases.compactMap { stage -> String? in
            guard let figures = stages[stage], figures.processes > 0 else { return nil }
            return "\(stage.rawValue) " + String(format: "%.2f s", figures.wall) + (figures.processes > 1 ? " (\(figures.processes) processes)" : "")
        }
        return parts.isEmpty ? nil : "snippets: " + parts.joined(separator: ", ")
    }
}

/// Collects ``SnippetStageTimes`` from work done on many threads at once.
package final class SnippetStageClock: Sendable {
    private struct Span {
        var start: ContinuousClock.Instant
        var end: ContinuousClock.Instant
        var processes: Int
        var processorSeconds: Double
    }

    private let spans = Mutex<[SnippetStage: Span]>([:])

    package init() {}

    /// Records a piece of `stage`'s work that began at `start` and ends now.
    func record(_ stage: SnippetStage, since start: ContinuousClock.Instant, processes: Int = 0, processorSeconds: Double = 0) {
        let end = ContinuousClock.now
        spans.withLock { spans in
            guard var span = spans[stage] else {
                spans[stage] = Span(start: start, end: end, processes: processes, processorSeconds: processorSeconds)
                return
            }
            span.start = min(span.start, start)
            span.end = max(span.end, end)
            span.processes += processes
            span.processorSeconds += processorSeconds
            spans[stage] = span
        }
    }

    /// What was recorded so far.
    package var times: SnippetStageTimes {
        spans.withLock { spans in
            var times = SnippetStageTimes()
            for (stage, span) in spans {
                times.stages[stage] = .init(wall: (span.end - span.start).seconds, processes: span.processes, processorSeconds: span.processorSeconds)
            }
            return times
        }
    }
}
