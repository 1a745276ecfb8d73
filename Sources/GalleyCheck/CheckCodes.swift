// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyCheck reports (the guide's table of codes lists them all).
package enum CheckCodes {
    package static let snippetsFailure = DiagnosticCode(.snippets, "failure", "a snippet failed in `galley check`")
    package static let shardReports = DiagnosticCode(.snippets, "shard_reports", "the reports given to `galley check --merge-reports` are not every shard of one check, once each")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [snippetsFailure, shardReports]
}
