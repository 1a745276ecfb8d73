// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyLint
import GalleySnippets

/// The JSON reports of a sharded check, read back and put together into the report of the
/// whole check (`galley check --merge-reports`): every shard's snippet blocks, and every
/// finding once.
package enum ShardReports {
    /// The check that `reports` (each a file's path and its bytes) are the shards of: one
    /// report for each of `1/N` … `N/N`, no more, no less.
    package static func merge(_ reports: [(path: String, bytes: Data)]) throws(DiagnosticError) -> CheckResult {
        var shards: [Int: String] = [:]
        var count: Int?
        var merged = CheckResult()
        var seen: Set<String> = []
        for (path, bytes) in reports {
            let report = try Report(path: path, bytes: bytes)
            if let count, count != report.shard.count {
                throw problem(at: path, "is shard \(report.shard) of a check split \(report.shard.count) ways, but the first report's check was split \(count) ways")
            }
            count = report.shard.count
            if let other = shards[report.shard.index] {
                throw problem(at: path, "is shard \(report.shard) again: `\(other)` is that shard already")
            }
            shards[report.shard.index] = path
            if report.shard.checksTheRest {
                merged.linted = report.linted
            }
            merged.pageCount = max(merged.pageCount, report.pages)
            // Shards run side by side: the whole check took as long as the longest.
            merged.seconds = max(merged.seconds, report.seconds)
            merged.updatedPages += report.updated
            merged.snippetBlocks += report.blocks
            for diagnostic in report.diagnostics where seen.insert(diagnostic.description).inserted {
                merged.diagnostics.append(diagnostic)
            }
        }
        guard let count else { throw problem(at: "", "no report to merge") }
        let missing = (1...count).filter { shards[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw problem(at: reports[0].path, "the reports are not the whole check: shard\(missing.count == 1 ? "" : "s") \(names) \(missing.count == 1 ? "is" : "are") missing")
        }
        merged.diagnostics.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        merged.snippetBlocks.sort { ($0.location, $0.scope) < ($1.location, $1.scope) }
        merged.updatedPages = Array(Set(merged.updatedPages)).sorted()
        merged.mergedShards = count
        return merged
    }

    static func problem(at path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(at: SourceLocation(file: path), message, code: CheckCodes.shardReports)
    }

    /// One shard's JSON report, as `JSONReport` writes it.
    struct Report {
        var shard: SnippetShard
        var pages: Int
        var seconds: Double
        var linted: Bool
        var updated: [String]
        var diagnostics: [Diagnostic]
        var blocks: [SnippetBlockOutcome]

        init(path: String, bytes: Data) throws(DiagnosticError) {
            guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
                throw problem(at: path, "is not a JSON report of `galley check --json`")
            }
            guard let shard = (object["shard"] as? String).flatMap(SnippetShard.init(parsing:)) else {
                throw problem(at: path, "is the report of a check that was not sharded: merge the reports of `galley check --shard K/N --json`")
            }
            self.shard = shard
            func field<Value>(_ key: String, in entry: [String: Any] = object, as: Value.Type) throws(DiagnosticError) -> Value {
                guard let value = entry[key] as? Value else { throw problem(at: path, "has no `\(key)` of the right kind; it is not a report this Galley wrote") }
                return value
            }
            pages = try field("pages", as: Int.self)
            seconds = try field("seconds", as: Double.self)
            linted = try field("linted", as: Bool.self)
            updated = try field("updated", as: [String].self)
            diagnostics = []
            for entry in try field("diagnostics", as: [[String: Any]].self) {
                let severityName = try field("severity", in: entry, as: String.self)
                guard let severity = Severity(rawValue: severityName) else { throw problem(at: path, "names the severity `\(severityName)`, which Galley does not have") }
                let code = try Self.code(try field("code", in: entry, as: String.self), path: path)
                let location = SourceLocation(file: try field("file", in: entry, as: String.self), line: try field("line", in: entry, as: Int.self), column: try field("column", in: entry, as: Int.self))
                diagnostics.append(Diagnostic(severity, at: location, try field("message", in: entry, as: String.self), code: code))
            }
            blocks = []
            for entry in try field("snippets", as: [[String: Any]].self) {
                let statusName = try field("status", in: entry, as: String.self)
                guard let status = SnippetBlockOutcome.Status(rawValue: statusName) else { throw problem(at: path, "names the block status `\(statusName)`, which Galley does not have") }
                let location = SourceLocation(file: try field("file", in: entry, as: String.self), line: try field("line", in: entry, as: Int.self), column: try field("column", in: entry, as: Int.self))
                var block = SnippetBlockOutcome(page: try field("page", in: entry, as: String.self), location: location, mode: try field("mode", in: entry, as: String.self),
                                                scope: try field("scope", in: entry, as: String.self), status: status, message: try field("message", in: entry, as: String.self),
                                                fromCache: try field("cached", in: entry, as: Bool.self))
                for name in try field("failure_codes", in: entry, as: [String].self) {
                    block.failureCodes.append(try Self.code(name, path: path))
                }
                blocks.append(block)
            }
        }

        static let catalogue = Dictionary(DiagnosticCatalog.all.map { ($0.description, $0) }, uniquingKeysWith: { first, _ in first })

        /// The code printed as `name`: one of the catalogue's, or a lint rule's (`lint.MD013`).
        static func code(_ name: String, path: String) throws(DiagnosticError) -> DiagnosticCode {
            if let known = catalogue[name] { return known }
            if name.hasPrefix("lint.MD"), name.count > 7, name.dropFirst(7).allSatisfy(\.isNumber) {
                return LintCodes.rule(String(name.dropFirst(5)))
            }
            throw problem(at: path, "names the code `\(name)`, which this Galley does not have")
        }
    }
}
