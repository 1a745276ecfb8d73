// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The real sites the tests read, in `../shared/corpus` beside the repository (a folder, or
/// a symbolic link to one): test input and oracles, never copied into the repository.
package enum SharedCorpus {
    /// `../shared/corpus`.
    package static let directory = Oracle.repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// The square/workflow docs, with mdl's findings.
    package static let squareWorkflow = directory.appendingPathComponent("square-workflow")
    /// A second real mkdocs site, with mkdocs' own HTML and mdl's findings in `ORACLE/`.
    package static let leakCanary = directory.appendingPathComponent("leakcanary")

    package static var squareWorkflowIsPresent: Bool {
        FileManager.default.fileExists(atPath: squareWorkflow.appendingPathComponent("mkdocs.yml").path)
    }

    package static var leakCanaryIsPresent: Bool {
        FileManager.default.fileExists(atPath: leakCanary.appendingPathComponent("mkdocs.yml").path)
    }
}
