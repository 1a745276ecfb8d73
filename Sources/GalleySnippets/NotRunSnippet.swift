// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyMarkdown

/// A Swift fence that is shown as plain code, and why, so a report can tell a deliberate
/// exception (code that needs UIKit, a fragment of a larger file) from a forgotten mode.
package struct NotRunSnippet: Sendable, Equatable {
    /// The Markdown line of the first code line.
    package var line: Int
    /// The column the code is indented to, from 1.
    package var column: Int
    /// What the author wrote in `norun="..."`, or that the page turns snippets off; `nil`
    /// when nothing says why.
    package var reason: String?
}

extension SnippetCollector {
    /// The page's Swift fences that are not run, in reading order; `config` is the page's,
    /// with its front matter applied.
    package static func notRun(in document: Document, config: SnippetConfig) -> [NotRunSnippet] {
        var found: [NotRunSnippet] = []
        document.blocks.forEachBlock { block in
            guard case .code(let code) = block, code.language == "swift", code.isFenced,
                  SnippetMode.of(flags: code.flags, options: code.options, defaults: config.defaultModes) == nil else { return }
            let reason = code.notRunReason ?? (config.isOffForPage ? "snippets are off for this page" : nil)
            found.append(NotRunSnippet(line: code.firstCodeLine, column: code.column, reason: reason))
        }
        return found
    }
}

extension SnippetCollector {
    /// Every Swift fence of `document` that would have run, shown as not run with `reason`
    /// under it, for a site whose snippets cannot run (turned off, or no toolchain).
    static func notRun(_ document: Document, reason: String) -> SnippetResults {
        var results = SnippetResults()
        document.blocks.forEachBlock { block in
            guard case .code(let code) = block, code.language == "swift", code.isFenced, code.notRunReason == nil else { return }
            results.notRunByLine[code.firstCodeLine] = reason
        }
        return results
    }
}
