// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

extension Diagnostic {
    /// A warning that the shared remote cache failed: the build did the work itself, so it
    /// fails neither a check nor a strict build.
    package var isAboutTheSharedCache: Bool { severity == .warning && code == SnippetCodes.remoteCache }
}

/// The codes of what GalleySnippets reports (the guide's table of codes lists them all).
package enum SnippetCodes {
    package static let compileError = DiagnosticCode(.snippets, "compile_error", "a snippet does not compile")
    package static let compilerWarning = DiagnosticCode(.snippets, "compiler_warning", "the compiler warned about a snippet that still ran", advisory: true)
    package static let conflictingModes = DiagnosticCode(.snippets, "conflicting_modes", "a fence gives more than one action")
    package static let crashExpected = DiagnosticCode(.snippets, "crash_expected", "a `crash` block that did not trap")
    package static let crashMismatch = DiagnosticCode(.snippets, "crash_mismatch", "a `crash` block trapped with another message than the pinned one")
    package static let emptyPin = DiagnosticCode(.snippets, "empty_pin", "a `fails=` or `crash=` that pins an empty message")
    package static let expectMismatch = DiagnosticCode(.snippets, "expect_mismatch", "an `expect` block printed something else than its `output` fence")
    package static let expectWithoutOutput = DiagnosticCode(.snippets, "expect_without_output", "an `expect` block without an `output` fence after it")
    package static let failsCompiled = DiagnosticCode(.snippets, "fails_compiled", "a `fails` block that compiled")
    package static let failsMismatch = DiagnosticCode(.snippets, "fails_mismatch", "a `fails` block failed with another error than the pinned one")
    package static let frontMatter = DiagnosticCode(.snippets, "front_matter", "a page's `snippets` front matter that cannot be used", advisory: true)
    package static let host = DiagnosticCode(.snippets, "host", "the library snippets link could not be built")
    package static let leftProcesses = DiagnosticCode(.snippets, "left_processes", "a page's program left processes running, which were stopped")
    package static let memoryLimit = DiagnosticCode(.snippets, "memory_limit", "a page's program reached its memory limit")
    package static let memoryPerProcess = DiagnosticCode(.snippets, "memory_per_process", "the memory limit holds per process here, not for a whole program")
    package static let notRun = DiagnosticCode(.snippets, "not_run", "the site's snippets were not run (no toolchain, or turned off)", advisory: true)
    package static let package = DiagnosticCode(.snippets, "package", "`galley.snippets.package` does not name a Swift package")
    package static let remoteCache = DiagnosticCode(.snippets, "remote_cache", "the shared remote cache failed, refused to store or held a corrupt entry; the build went on without it", advisory: true)
    package static let runFailed = DiagnosticCode(.snippets, "run_failed", "a page's program failed or trapped")
    package static let sandbox = DiagnosticCode(.snippets, "sandbox", "the sandbox is asked for, but bubblewrap cannot make one here")
    package static let toolchain = DiagnosticCode(.snippets, "toolchain", "no Swift toolchain to compile snippets with")
    package static let traceMismatch = DiagnosticCode(.snippets, "trace_mismatch", "a diagram does not match what the snippet above it printed")
    package static let unclaimedOutput = DiagnosticCode(.snippets, "unclaimed_output", "an `output` fence that no `expect` block claims", advisory: true)
    package static let unclosedFence = DiagnosticCode(.snippets, "unclosed_fence", "a Swift fence that is never closed")
    package static let unexplainedNorun = DiagnosticCode(.snippets, "unexplained_norun", "a Swift fence that neither runs nor says why", advisory: true)
    package static let unknownOption = DiagnosticCode(.snippets, "unknown_option", "a fence option Galley does not know")
    package static let unknownWord = DiagnosticCode(.snippets, "unknown_word", "a word after `swift` that is no mode word")
    package static let unpinnedFailure = DiagnosticCode(.snippets, "unpinned_failure", "a `fails` or `crash` block that pins no message", advisory: true)
    package static let update = DiagnosticCode(.snippets, "update", "`galley check --update` could not rewrite an `output` fence")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [compileError, compilerWarning, conflictingModes, crashExpected, crashMismatch, emptyPin, expectMismatch, expectWithoutOutput, failsCompiled, failsMismatch, frontMatter, host, leftProcesses, memoryLimit, memoryPerProcess, notRun, package, remoteCache, runFailed, sandbox, toolchain, traceMismatch, unclaimedOutput, unclosedFence, unexplainedNorun, unknownOption, unknownWord, unpinnedFailure, update]
}
