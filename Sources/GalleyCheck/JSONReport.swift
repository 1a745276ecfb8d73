// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleySnippets

/// The check as one JSON object, for tools: whether it passed, every diagnostic, and every
/// snippet block with its status.
package enum JSONReport {
    package static func json(_ result: CheckResult) -> String {
        var object: [String: Any] = [
            "passed": result.passed,
            "pages": result.pageCount,
            "seconds": (result.seconds * 1000).rounded() / 1000,
            "linted": result.linted,
            "updated": result.updatedPages,
            "diagnostics": result.diagnostics.map { diagnostic in
                [
                    "file": diagnostic.location.file,
                    "line": diagnostic.location.line,
                    "column": diagnostic.location.column,
                    "severity": diagnostic.severity.rawValue,
                    "code": diagnostic.code.description,
                    "message": diagnostic.message,
                ] as [String: Any]
            },
            "snippets": result.snippetBlocks.map { block in
                [
                    "file": block.location.file,
                    "line": block.location.line,
                    "column": block.location.column,
                    "mode": block.mode,
                    "scope": block.scope,
                    "status": block.status.rawValue,
                    "message": block.message,
                    "cached": block.fromCache,
                    "page": block.page,
                    "failure_codes": block.failureCodes.map(\.description),
                ] as [String: Any]
            },
        ]
        if let shard = result.shard {
            object["shard"] = shard.description
        }
        if let runs = result.compilerRuns {
            object["compiler_runs"] = runs
        }
        if let remote = result.remoteCache {
            object["remote_cache"] = [
                "fetched": remote.hits, "missing": remote.misses, "stored": remote.stored, "corrupt": remote.rejected,
                "downloaded_bytes": remote.downloadedBytes, "uploaded_bytes": remote.uploadedBytes,
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
