// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Paths as diagnostics show them.
package enum ShownPath {
    /// `path` relative to the directory `base` when it lies inside it (`.` for `base`
    /// itself); otherwise `path` unchanged.
    package static func relative(_ path: String, to base: String) -> String {
        let base = base.hasSuffix("/") ? base : base + "/"
        if path + "/" == base { return "." }
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

extension Diagnostic {
    /// This diagnostic as `--strict` shows it: a warning becomes an error.
    package func raised(strict: Bool) -> Diagnostic {
        guard strict, severity == .warning else { return self }
        var raised = self
        raised.severity = .error
        return raised
    }
}
