// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleySnippets
import GalleyFileSystem

/// The forms `galley check` reports in.
package enum CheckReport {
    /// For people: each finding of at least `level` as `file:line:col: severity: message
    /// [code]`, then a summary.
    package static func text(_ result: CheckResult, level: Severity = .warning) -> String {
        var text = ""
        for diagnostic in result.diagnostics where diagnostic.severity >= level {
            text += diagnostic.description + "\n"
        }
        let notRun = result.snippetBlocks.filter { $0.status == .notRun }
        let blocks = result.snippetBlocks.filter { $0.status != .notRun }
        let failedBlocks = blocks.filter { $0.status == .failed }.count
        let lint = result.linted ? counted(result.lintFindings.count, "lint finding") : "no lint style"
        if let shard = result.shard {
            text += "Shard \(shard): "
        } else if result.mergedShards > 0 {
            text += "\(result.mergedShards) shards merged: "
        }
        text += "Checked \(counted(result.pageCount, "page")) in " + String(format: "%.2f s", result.seconds)
        text += ": \(counted(blocks.count, "snippet block")) (\(failedBlocks) failed), "
        if !notRun.isEmpty {
            let unexplained = notRun.filter { $0.message.isEmpty }.count
            text += "\(notRun.count) not run (\(unexplained) without a reason), "
        }
        if let shard = result.shard, !shard.checksTheRest {
            text += "the build, links and lint are shard 1/\(shard.count)'s."
        } else {
            text += "\(lint), \(counted(result.otherProblems.count, "other problem"))."
        }
        if !result.updatedPages.isEmpty {
            text += " Updated the expected output in \(result.updatedPages.joined(separator: ", "))."
        }
        text += result.passed ? " Passed.\n" : " Failed: \(counted(result.problems.count, "problem")).\n"
        if level <= .info, let cache = result.cache {
            let size = { (bytes: Int) in ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .binary) }
            text += "Snippet cache: .galley/ holds \(size(cache.bytes)) of its \(size(cache.budget)) budget (galley.cache.max_size)"
            text += cache.removed > 0 ? "; this build removed \(counted(cache.removed, "entry", "entries")).\n" : ".\n"
        }
        return text
    }

    /// GitHub Actions workflow commands: one `::error` or `::warning` per problem, naming its
    /// file relative to the repository so the runner pins it to the line in the pull
    /// request. `workingDirectory` is where paths are relative to now; `workspace` is
    /// `GITHUB_WORKSPACE`.
    package static func githubAnnotations(_ result: CheckResult, workingDirectory: String, workspace: String?) -> String {
        var text = ""
        for problem in result.problems {
            let command = problem.severity == .error ? "error" : "warning"
            var properties: [String] = []
            if !problem.location.file.isEmpty {
                properties.append("file=\(escapeProperty(repositoryPath(problem.location.file, workingDirectory: workingDirectory, workspace: workspace)))")
            }
            if problem.location.line > 0 { properties.append("line=\(problem.location.line)") }
            if problem.location.column > 0 { properties.append("col=\(problem.location.column)") }
            properties.append("title=\(escapeProperty(problem.code.description))")
            text += "::\(command) \(properties.joined(separator: ","))::\(escapeData(problem.message))\n"
        }
        return text
    }

    /// `path` (relative to `workingDirectory` unless absolute) relative to `workspace`.
    static func repositoryPath(_ path: String, workingDirectory: String, workspace: String?) -> String {
        let absolute = path.hasPrefix("/") ? path : PathName.absolute(path, relativeTo: workingDirectory)
        guard let workspace else { return path }
        let relative = ShownPath.relative(absolute, to: workspace)
        return relative == absolute ? path : relative
    }

    /// Workflow command messages escape `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Properties also escape `:` and `,`, which separate them.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
