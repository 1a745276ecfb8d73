// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// What kind of finding a diagnostic is, as a typed value (swift-syntax's `MessageID` is the
/// model): the stage that found it and the name of the check, printed `stage.name` in
/// brackets after every message, so CI logs can be searched for it. Each module declares its
/// codes in one `…Codes` namespace; what a code means for the run (whether it fails a check,
/// whether it counts as a snippet failure) is decided by these values, not by matching text.
package struct DiagnosticCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The part of the build that reports it: the text before the dot.
    package enum Stage: String, Sendable, CaseIterable {
        case api, blog, build, clean, config, deploy, diagram, files, includes, links, lint, nav, new, page, plugin, redirects, snippets, templates, theme
    }

    package let stage: Stage
    /// The check's name within its stage, such as `not_found`.
    package let name: String
    /// One line for the table of codes in the guide (not part of the code's identity).
    package let summary: String
    /// Reported, but not a failure of what it is about (a compiler warning in a snippet
    /// that still ran). Not part of the code's identity.
    package let isAdvisory: Bool

    package init(_ stage: Stage, _ name: String, _ summary: String, advisory: Bool = false) {
        self.stage = stage
        self.name = name
        self.summary = summary
        self.isAdvisory = advisory
    }

    /// `stage.name`, as printed.
    package var description: String { "\(stage.rawValue).\(name)" }

    package static func == (left: DiagnosticCode, right: DiagnosticCode) -> Bool {
        left.stage == right.stage && left.name == right.name
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(stage)
        hasher.combine(name)
    }

    package static func < (left: DiagnosticCode, right: DiagnosticCode) -> Bool {
        left.description < right.description
    }
}
