// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyDiagrams
import GalleyFileSystem
import GalleyLint
import GalleySite
import GalleySnippets
import GalleySources

/// What `galley check` found.
package struct CheckResult: Sendable {
    /// Every finding, sorted: build and link problems, snippet failures, lint findings.
    package var diagnostics: [Diagnostic] = []
    /// Every executable block and how it fared.
    package var snippetBlocks: [SnippetBlockOutcome] = []
    /// Whether the project keeps an mdl style, so its Markdown was linted.
    package var linted = false
    package var pageCount = 0
    /// Pages whose `output` blocks `--update` rewrote.
    package var updatedPages: [String] = []
    package var seconds = 0.0
    /// The snippet cache's size after the check's build pruned it, and its budget.
    package var cache: (bytes: Int, budget: Int, removed: Int)?
    /// How long each stage of the check's build took, in order, and the lint after it.
    package var stageTimes: [(stage: String, seconds: Double)] = []
    /// Where the snippets' time went, when there were any.
    package var snippetStages: SnippetStageTimes?
    /// How many times the compiler ran for the snippets (programs and `fails` type checks),
    /// and what the shared remote cache did; `nil` when no snippet ran.
    package var compilerRuns: Int?
    package var remoteCache: RemoteCache.Statistics?
    /// The part of the pages' snippets this check ran (`--shard K/N`); `nil` for all of them.
    package var shard: SnippetShard?
    /// How many shards' reports were merged into this one (`--merge-reports`); 0 for a check.
    package var mergedShards = 0

    /// The findings that fail the check: warnings count, as CI should not let them pile up.
    /// The shared cache's do not: it only saves work, and the check did that work itself.
    package var problems: [Diagnostic] {
        diagnostics.filter { $0.severity >= .warning && !$0.isAboutTheSharedCache }
    }

    /// Whether the check passed.
    package var passed: Bool { problems.isEmpty }

    /// Lint findings among the problems.
    package var lintFindings: [Diagnostic] {
        problems.filter(\.isLintFinding)
    }

    /// Problems that are neither snippet failures nor lint findings: the build's, links'
    /// and anchors'.
    package var otherProblems: [Diagnostic] {
        problems.filter { !$0.isLintFinding && !$0.isSnippetFailure }
    }
}

extension Diagnostic {
    /// A Swift snippet that failed; the compiler's warnings are not failures.
    /// A snippet that failed, or a diagram that could not be drawn: the build ran with
    /// `keepGoing` to see them all, and each is an error.
    var isSnippetFailure: Bool {
        (code.stage == .snippets && code != SnippetCodes.compilerWarning) || DiagramCodes.failures.contains(code)
    }

    var isLintFinding: Bool {
        code.stage == .lint
    }
}

/// `galley check`: builds into a scratch directory with every snippet run, lints the docs
/// when the project keeps a style, and validates links and anchors, collecting everything
/// instead of stopping at the first failure.
package enum ProjectCheck {
    /// Checks the project of `configFile`. With `update`, `expect` blocks whose output
    /// differs get their `output` fences rewritten and are not counted as problems.
    /// With `shard`, only that part of the pages' snippets runs, and only the first part
    /// also reports the build's, the links' and the lint's findings, so that the shards'
    /// reports together say everything once.
    package static func run(configFile: String, update: Bool = false, shard: SnippetShard? = nil, remoteCache: RemoteCacheOverride = RemoteCacheOverride(), progress: @escaping @Sendable (String) -> Void = { _ in }, notice: @escaping @Sendable (String) -> Void = { _ in }) -> CheckResult {
        let start = ContinuousClock.now
        var result = check(configFile: configFile, update: update, shard: shard, remoteCache: remoteCache, progress: progress, notice: notice)
        result.shard = shard
        result.seconds = (ContinuousClock.now - start).seconds
        return result
    }

    private static func check(configFile: String, update: Bool, shard: SnippetShard?, remoteCache: RemoteCacheOverride, progress: @escaping @Sendable (String) -> Void, notice: @escaping @Sendable (String) -> Void) -> CheckResult {
        var result = CheckResult()
        let loaded: (SiteConfig, [Diagnostic])
        do throws(DiagnosticError) {
            loaded = try ConfigLoader.load(path: configFile)
        } catch {
            result.diagnostics = error.diagnostics
            return result
        }
        var config = loaded.0
        // mkdocs reports broken anchors only as information; a check holds them to account.
        for check in [ConfigCodes.linksNotFound, ConfigCodes.linksAnchors, ConfigCodes.navNotFound] where config.validation.level(check) == .info {
            config.validation.levels[check.description] = .warning
        }
        let scratch = TemporaryPaths.shared.reserve("galley-check")
        defer { TemporaryPaths.shared.remove(scratch) }
        var options = BuildOptions(siteDirectory: scratch)
        // Every program runs: a stored outcome could hide a change in what it reads.
        options.rerunsSnippets = true
        // Every snippet's outcome is wanted, so failures must not stop the build; they are
        // errors again below.
        options.keepGoing = true
        options.snippetShard = shard
        options.remoteCache = remoteCache
        options.progress = progress
        options.notice = notice
        var found: [Diagnostic] = []
        do throws(DiagnosticError) {
            let report = try SiteBuilder.build(config: config, configDiagnostics: loaded.1, options: options)
            result.pageCount = report.pageCount
            result.stageTimes = report.stageTimes
            result.snippetStages = report.snippets?.stages
            result.compilerRuns = report.snippets?.compiled
            result.remoteCache = report.snippets?.remote
            result.snippetBlocks = report.snippetBlocks
            result.cache = report.cache.map { ($0.bytes, config.snippets.cacheMaxSize, $0.removed) }
            found = report.diagnostics.map(asSnippetError)
            if update, !report.expectedOutputUpdates.isEmpty {
                let docs = SourceScanner.absolute(config.docsDir, relativeTo: config.projectDirectory)
                let written = report.expectedOutputUpdates
                result.updatedPages = try ExpectedOutputWriter.apply(written, docsDirectory: docs)
                // Only the mismatches whose fences were rewritten are settled; one the build
                // could not rewrite (in an included file) still fails the check. Diagnostics
                // name pages as shown; each page's blocks carry both names.
                let shownPage = Dictionary(result.snippetBlocks.map { ($0.page, $0.location.file) }, uniquingKeysWith: { first, _ in first })
                let settled = Set(written.compactMap { update in shownPage[update.page].map { "\($0):\(update.firstLine)" } })
                found.removeAll { diagnostic in
                    diagnostic.code == SnippetCodes.expectMismatch && settled.contains("\(diagnostic.location.file):\(diagnostic.location.line)")
                }
                let rewrittenBlocks = Set(written.map { "\($0.page):\($0.blockLine)" })
                result.snippetBlocks = result.snippetBlocks.map { block in
                    var block = block
                    if block.status == .failed, block.failureCodes.allSatisfy({ $0 == SnippetCodes.expectMismatch }),
                       rewrittenBlocks.contains("\(block.page):\(block.location.line)") {
                        block.status = .passed
                        block.message = "updated"
                    }
                    return block
                }
            }
        } catch {
            found = error.diagnostics.map(asSnippetError)
        }
        if let shard, !shard.checksTheRest {
            // The first shard reports the build's, the links' and the lint's findings; the
            // configuration's problems stay, as they may be why this shard's snippets did not run.
            found.removeAll { $0.code.stage != .snippets && $0.code.stage != .config }
        } else {
            found += lint(config: config, result: &result)
        }
        result.diagnostics = found.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        return result
    }

    /// The lint's findings when the project keeps a style; marks the result as linted and
    /// times the lint.
    private static func lint(config: SiteConfig, result: inout CheckResult) -> [Diagnostic] {
        let started = ContinuousClock.now
        do throws(DiagnosticError) {
            guard let options = try ProjectLint.options(projectDirectory: config.projectDirectory) else { return [] }
            result.linted = true
            defer { result.stageTimes.append(("lint", (ContinuousClock.now - started).seconds)) }
            return try ProjectLint.diagnostics(options: options, docsDirectory: config.docsDir, severity: .error)
        } catch {
            return error.diagnostics
        }
    }

    /// A snippet that fails is an error, though the build ran with `keepGoing`.
    private static func asSnippetError(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.isSnippetFailure, !diagnostic.isAboutTheSharedCache else { return diagnostic }
        var error = diagnostic
        error.severity = .error
        return error
    }
}
