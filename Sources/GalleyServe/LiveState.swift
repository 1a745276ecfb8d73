// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// What the preview tells open pages: which build it serves, and whether the latest
/// rebuild failed. Pages know the build they were loaded from (it is in their script's
/// address), so a page reloads exactly when the build served differs from its own.
package struct LiveState: Sendable, Equatable {
    /// The build being served, unique across restarts of the server.
    package var build: String
    /// Why the latest rebuild failed; empty when it succeeded.
    package var problems: [Diagnostic]

    package init(build: String, problems: [Diagnostic] = []) {
        self.build = build
        self.problems = problems
    }

    /// The state as the client reads it.
    package var json: String {
        let object: [String: Any] = [
            "type": problems.isEmpty ? "ready" : "failed",
            "build": build,
            "problems": problems.map { problem in
                [
                    "location": problem.location.description,
                    "severity": problem.severity.rawValue,
                    "message": problem.message,
                    "code": problem.code.description,
                ]
            },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
