// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// What a page's executable snippets produced, beside its document rather than in it: the
/// snippet stage fills it, the renderer is handed it, and the syntax tree stays what the
/// Markdown said.
package struct SnippetResults: Sendable, Equatable {
    /// Each result by the page line its block's code starts on (a fence's first code line
    /// is its own: no two blocks share one).
    package var byLine: [Int: SnippetResult]
    /// Blocks that would have run but could not (snippets off, no toolchain), with why, by
    /// the same lines.
    package var notRunByLine: [Int: String]

    package init(byLine: [Int: SnippetResult] = [:], notRunByLine: [Int: String] = [:]) {
        self.byLine = byLine
        self.notRunByLine = notRunByLine
    }

    /// What `code` produced, if it ran.
    package subscript(_ code: CodeBlock) -> SnippetResult? {
        byLine[code.firstCodeLine]
    }

    /// Why `code` is shown unproven: the reason its fence gives (`norun="..."`), or the one
    /// the snippet stage found.
    package func notRunReason(of code: CodeBlock) -> String? {
        code.notRunReason ?? notRunByLine[code.firstCodeLine]
    }

    package var isEmpty: Bool { byLine.isEmpty && notRunByLine.isEmpty }

    /// Each result's text changed by `transform`.
    package func mappingTexts(_ transform: (String) -> String) -> SnippetResults {
        var changed = self
        changed.byLine = byLine.mapValues { result in
            var result = result
            result.text = transform(result.text)
            return result
        }
        return changed
    }
}

/// What an executable snippet produced, shown under its code.
package struct SnippetResult: Sendable, Equatable {
    /// What the text is.
    package enum Kind: String, Sendable, Equatable {
        /// What the block printed.
        case output
        /// The compiler's diagnostics (a `fails` block, or a block that did not compile).
        case diagnostics
        /// The run-time trap message (a `crash` block, or a block that crashed).
        case trap
    }

    package var kind: Kind
    /// The text to show; may be empty.
    package var text: String
    /// Whether the block failed (the text then says why).
    package var failed: Bool
    /// Whether the text is shown at all (`silent` blocks hide it unless they fail).
    package var shown: Bool
    /// `values` blocks: the value each code line produced, by line index from 0.
    package var lineValues: [Int: String]

    package init(kind: Kind, text: String, failed: Bool = false, shown: Bool = true, lineValues: [Int: String] = [:]) {
        self.kind = kind
        self.text = text
        self.failed = failed
        self.shown = shown
        self.lineValues = lineValues
    }
}
