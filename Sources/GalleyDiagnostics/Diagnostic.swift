// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// How bad a diagnostic is.
package enum Severity: String, Sendable, Comparable {
    /// Shown with `--verbose`.
    case info
    /// Reported; fails the build under `--strict`.
    case warning
    /// Fails the build.
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One finding of any stage, with where it is and what kind it is.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is.
    package var severity: Severity
    /// Where it is.
    package var location: SourceLocation
    /// What is wrong, in one sentence; lines after the first (a diff, say) are details shown
    /// under it.
    package var message: String
    /// A stable identifier of the kind of finding, such as `links.not_found` or `config.unknown_key`.
    package var code: DiagnosticCode

    /// A finding of kind `code` at `location`.
    package init(_ severity: Severity, at location: SourceLocation, _ message: String, code: DiagnosticCode) {
        self.severity = severity
        self.location = location
        self.message = message
        self.code = code
    }

    /// `file:line:col: severity: message [code]`, the form compilers use, with the message's
    /// further lines under it.
    package var description: String {
        let lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let head = "\(location): \(severity.rawValue): \(lines[0]) [\(code)]"
        return lines.count > 1 ? head + "\n" + lines[1] : head
    }
}

/// A failure that stops a stage; carries every diagnostic that explains it.
package struct DiagnosticError: Error, CustomStringConvertible, Sendable {
    /// The findings, errors first.
    package var diagnostics: [Diagnostic]

    /// A failure explained by `diagnostics`.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// A failure with one error.
    package init(at location: SourceLocation, _ message: String, code: DiagnosticCode) {
        self.init([Diagnostic(.error, at: location, message, code: code)])
    }

    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Collects diagnostics as a stage runs.
package struct DiagnosticLog: Sendable {
    /// Everything reported so far, in order.
    package private(set) var diagnostics: [Diagnostic] = []

    /// An empty log.
    package init() {}

    /// Records `diagnostic`.
    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Records a warning.
    package mutating func warn(at location: SourceLocation, _ message: String, code: DiagnosticCode) {
        report(Diagnostic(.warning, at: location, message, code: code))
    }

    /// Records an error.
    package mutating func error(at location: SourceLocation, _ message: String, code: DiagnosticCode) {
        report(Diagnostic(.error, at: location, message, code: code))
    }

    /// Records an informational note.
    package mutating func info(at location: SourceLocation, _ message: String, code: DiagnosticCode) {
        report(Diagnostic(.info, at: location, message, code: code))
    }

    /// Adds everything from `other`.
    package mutating func merge(_ other: DiagnosticLog) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    /// Whether any error was recorded.
    package var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
