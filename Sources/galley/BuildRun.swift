// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
import GalleyConfig
import GalleyDiagnostics
import GalleySite

/// What `build` and `check` share: progress on standard error, and for `build`, loading the
/// config and building.
enum BuildRun {
    /// Builds the site of a loaded config, with progress on standard error.
    static func run(config: SiteConfig, configDiagnostics: [Diagnostic], options: BuildOptions, quiet: Bool) throws(DiagnosticError) -> BuildReport {
        var options = options
        (options.progress, options.notice) = terminalReporters(quiet: quiet, printsNotices: true)
        return try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options)
    }

    /// A progress line is rewritten in place on a terminal and left out of logs; a notice
    /// (such as the snippets' summary) is kept when `printsNotices`.
    static func terminalReporters(quiet: Bool, printsNotices: Bool) -> (progress: @Sendable (String) -> Void, notice: @Sendable (String) -> Void) {
        let interactive = isatty(STDERR_FILENO) == 1 && !quiet
        // In a log (CI), progress is a line every few seconds while long work goes on.
        let heartbeat = interactive || quiet ? nil : ProgressHeartbeat.shared
        let progress: @Sendable (String) -> Void = { line in
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
            heartbeat?.update(line)
        }
        let notice: @Sendable (String) -> Void = { line in
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            if printsNotices && !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        return (progress, notice)
    }
}

/// Progress for logs, where a line can't be rewritten in place: the latest progress line is
/// printed when it has gone unprinted for ``interval`` seconds, with the time since it began,
/// so a long compile shows in CI as it goes (`[10 s] Snippets: compiling 12 pages`).
final class ProgressHeartbeat: Sendable {
    static let shared = ProgressHeartbeat()
    static let interval: TimeInterval = 10

    private struct State {
        var line: String?
        var since = Date()
        var printed = Date()
    }

    private let state = Mutex(State())

    private init() {
        // A thread of its own, asleep between beats; the process's end ends it.
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: Self.interval)
                let line: String? = self.state.withLock { state in
                    guard let line = state.line, Date().timeIntervalSince(state.printed) >= Self.interval - 0.5 else { return nil }
                    state.printed = Date()
                    return "[\(Int(Date().timeIntervalSince(state.since))) s] \(line)"
                }
                if let line { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }
    }

    /// The work now going on.
    func update(_ line: String) {
        state.withLock { state in
            guard state.line != line else { return }
            state.line = line
            state.since = Date()
        }
    }
}
