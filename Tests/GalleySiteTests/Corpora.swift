// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// `../shared/corpus/square-workflow`, when present beside the repository.
let corpusDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/square-workflow")

let corpusIsPresent = FileManager.default.fileExists(atPath: corpusDirectory.appendingPathComponent("mkdocs.yml").path)

/// `../shared/corpus/leakcanary`, with mkdocs' own HTML in `ORACLE/`.
let leakCanaryDirectory = corpusDirectory.deletingLastPathComponent().appendingPathComponent("leakcanary")
