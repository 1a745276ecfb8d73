// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// How one executable block fared, for reports that list every block (`galley check
/// --junit` and `--json`), passing ones included.
package struct SnippetBlockOutcome: Sendable, Equatable {
    /// The block's status.
    package enum Status: String, Sendable {
        /// It did what its mode asks.
        case passed
        /// It failed: a compiler error, a trap, a time-out, or output that differs from its
        /// `expect` block.
        case failed
        /// It was not run because another block of its scope failed.
        case skipped
        /// It is shown as plain code (`norun`); the message says why, or is empty when
        /// nothing does.
        case notRun = "not-run"
    }

    /// The page, as diagnostics name it.
    package var page: String
    /// The block's position in the page's Markdown.
    package var location: SourceLocation
    /// The words of its info string, such as `run expect`.
    package var mode: String
    /// The scope the block belongs to (`main`, a session's name...).
    package var scope: String
    package var status: Status
    /// Why it failed or was skipped; empty when it passed.
    package var message: String
    /// The diagnostic codes of its failures, such as `snippets.expect_mismatch`.
    package var failureCodes: [DiagnosticCode] = []
    /// Whether its result came from the cache.
    package var fromCache: Bool

    package init(page: String, location: SourceLocation, mode: String, scope: String, status: Status, message: String, fromCache: Bool) {
        self.page = page
        self.location = location
        self.mode = mode
        self.scope = scope
        self.status = status
        self.message = message
        self.fromCache = fromCache
    }

    /// Each block of `scope`, judged by the scope's failures: a failure inside a block's lines
    /// (its code, or the `output` fence of an `expect` block) fails that block; one outside
    /// every block fails the scope's first block; a block the program never reached is skipped.
    static func judge(page: String, scope: SnippetScope, outcome: ScopeOutcome) -> [SnippetBlockOutcome] {
        var failures: [Int: [ScopeOutcome.Problem]] = [:]
        for failure in outcome.failures {
            let owner = scope.snippets.first { $0.lines.contains(failure.line) } ?? scope.snippets.first
            if let owner { failures[owner.index, default: []].append(failure) }
        }
        return scope.snippets.map { snippet in
            var block = SnippetBlockOutcome(
                page: page,
                location: SourceLocation(file: page, line: snippet.line, column: snippet.column),
                mode: snippet.mode.description,
                scope: scope.name,
                status: .passed,
                message: "",
                fromCache: outcome.fromCache
            )
            if let found = failures[snippet.index] {
                block.status = .failed
                block.message = found.map(\.message).joined(separator: "\n")
                block.failureCodes = found.map(\.code)
            } else if let result = outcome.blockResults[snippet.index], result.failed {
                block.status = .skipped
                block.message = result.text
            }
            return block
        }
    }
}

extension SnippetBlockOutcome {
    /// The outcome of a block that is deliberately not run.
    init(page: String, notRun block: NotRunSnippet) {
        self.init(
            page: page,
            location: SourceLocation(file: page, line: block.line, column: block.column),
            mode: "norun",
            scope: "",
            status: .notRun,
            message: block.reason ?? "",
            fromCache: false
        )
    }
}

extension Snippet {
    /// The Markdown lines the block answers for: its code, and the `output` fence under it
    /// when it has one.
    var lines: ClosedRange<Int> {
        let last = expected.map { $0.endLine } ?? line + max(lineCount(of: code), 1) - 1
        return (line - 1)...max(last, line)
    }
}
