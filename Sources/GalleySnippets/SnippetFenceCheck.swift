// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown

/// Reads what a page's authors wrote around its snippets that the run itself would pass
/// over: words in a Swift fence's info string that are no mode word (`exepct`, `runn`),
/// options no stage reads, modes that contradict each other, and `output` fences that no
/// `expect` block claims. Each would otherwise leave a block checked less than its author
/// believes, or not at all, with the page still green.
enum SnippetFenceCheck {
    /// The problems of `document`'s fences. `config` is the page's, front matter applied;
    /// its `line` says whether `mkdocs.yml` has a `galley:` section.
    static func problems(in document: Document, page: String, config: SnippetConfig) -> [Diagnostic] {
        // Every code block, indented ones too: an `expect` block claims the code block right
        // after it, as the collector reads it, and only if that one is an `output` fence.
        var codeBlocks: [CodeBlock] = []
        document.blocks.forEachBlock { block in
            if case .code(let code) = block { codeBlocks.append(code) }
        }
        var found: [Diagnostic] = []
        var runsSnippets = false
        var previous: (code: CodeBlock, mode: SnippetMode?)?
        for code in codeBlocks {
            defer { previous = code.language == "swift" ? (code, SnippetMode.of(flags: code.flags, options: code.options, defaults: config.defaultModes)) : (code, nil) }
            let fence = SourceLocation(file: page, line: code.firstCodeLine - 1, column: code.column)
            guard code.isFenced else { continue }
            if code.language == "swift", !code.isClosed {
                found.append(Diagnostic(.error, at: fence, "this ```swift fence is never closed, so everything after it, prose included, would be its code; close it with a fence line of at least as many backticks", code: SnippetCodes.unclosedFence))
            } else if code.language == "swift" {
                found += wordProblems(code, at: fence, config: config)
                if !config.isOffForPage, SnippetMode.of(flags: code.flags, options: code.options, defaults: config.defaultModes) != nil { runsSnippets = true }
            } else if code.language == "output" {
                let claimed = !config.isOffForPage && previous?.mode?.expectsOutput == true
                if !claimed {
                    found.append(Diagnostic(.warning, at: fence, "this `output` block follows no `expect` snippet, so nothing checks it, yet it reads as checked output; put it right after a `swift run expect` block, or give it another language", code: SnippetCodes.unclaimedOutput))
                }
            }
        }
        // An `output` fence is a language of its own outside a project that runs snippets.
        if config.line == 0, !runsSnippets { found.removeAll { $0.code == SnippetCodes.unclaimedOutput } }
        return found
    }

    /// The problems of one Swift fence's words and options.
    private static func wordProblems(_ code: CodeBlock, at fence: SourceLocation, config: SnippetConfig) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func error(_ message: String, _ id: DiagnosticCode) { found.append(Diagnostic(.error, at: fence, message, code: id)) }
        for word in code.flags where !SnippetWords.isKnown(word) {
            let options = SnippetWords.options.filter { word.hasPrefix($0) }
            let message = options.isEmpty
                ? SnippetWords.unknownWordMessage(word, in: "this `swift` fence's info string")
                : "`\(word)` in this `swift` fence's info string is no word Galley reads; an option is written `\(options[0])=\"…\"`"
            error(message, SnippetCodes.unknownWord)
        }
        for key in code.options.keys.sorted() where !SnippetWords.options.contains(key) {
            error(SnippetWords.unknownWordMessage(key, in: "this `swift` fence's options", candidates: SnippetWords.options, noun: "option"), SnippetCodes.unknownOption)
        }
        let actions = code.flags.filter { SnippetWords.actions.contains($0) } + SnippetMode.Action.pinnable.map(\.rawValue).filter { code.options[$0] != nil }
        let optsOut = code.flags.contains(SnippetWords.optOut) || code.options[SnippetWords.optOut] != nil
        if Set(actions).count > 1 {
            error("this fence gives more than one action (" + actions.map { "`\($0)`" }.joined(separator: ", ") + "); a block does one of them", SnippetCodes.conflictingModes)
        }
        if optsOut, !actions.isEmpty || code.flags.contains(where: SnippetWords.modifiers.contains) || code.options["session"] != nil {
            error("this fence is marked `norun` and also given mode words; a block either runs or says why not", SnippetCodes.conflictingModes)
        }
        guard !optsOut, let mode = SnippetMode.of(flags: code.flags, options: code.options, defaults: config.defaultModes) else { return found }
        if mode.expectsOutput, mode.action == .compile || mode.action == .fails {
            let instead = mode.action == .fails ? "; pin the compiler's message with `fails=\"…\"`" : ""
            error("`expect` compares what a block prints, and a `\(mode.action.rawValue)` block is not run\(instead)", SnippetCodes.conflictingModes)
        }
        for action in SnippetMode.Action.pinnable {
            if let pin = code.options[action.rawValue], pin.trimmingWhitespace().isEmpty {
                error("`\(action.rawValue)=\"\"` pins nothing; write the part of the message the block must produce", SnippetCodes.emptyPin)
            }
        }
        if mode.pin == nil, SnippetMode.Action.pinnable.contains(mode.action), config.line > 0, !config.isOffForPage {
            let what = mode.action == .fails ? "compiler error" : "trap message"
            found.append(Diagnostic(.warning, at: fence, "this `\(mode.action.rawValue)` block does not say which \(what) it shows, so it passes whatever goes wrong; pin it as `\(mode.action.rawValue)=\"…\"` with a stable part of the message", code: SnippetCodes.unpinnedFailure))
        }
        return found
    }
}
