// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkdown

/// One executable Swift fence of a page.
package struct Snippet: Sendable, Equatable {
    /// The block's number in its page, from 0, in reading order.
    package var index: Int
    package var mode: SnippetMode
    /// The code, as shown.
    package var code: String
    /// The Markdown line of the first code line.
    package var line: Int
    /// The column the code is indented to in the Markdown, from 1.
    package var column: Int
    /// For `expect` blocks: the expected output and the Markdown lines of the `output`
    /// fence's content (first, past-the-end), so `--update` can rewrite it.
    package var expected: ExpectedOutput?

    /// The `output` fence after an `expect` block, or the sequence diagram its trace must match.
    package struct ExpectedOutput: Sendable, Equatable {
        /// What the block's output is compared with.
        package enum Kind: Sendable, Equatable {
            /// The text of an `output` fence, exactly.
            case text
            /// The messages of a sequence diagram (a ```` ```seq ```` fence, or a `.seq` file
            /// shown by an image, named here relative to the docs).
            case sequenceDiagram(file: String?)
        }

        package var text: String
        package var firstLine: Int
        package var endLine: Int
        package var kind: Kind = .text
    }
}

/// How many lines `code` takes in the Markdown; a final newline ends the last line rather
/// than starting another.
func lineCount(of code: String) -> Int {
    code.isEmpty ? 0 : code.split(separator: "\n", omittingEmptySubsequences: false).count - (code.hasSuffix("\n") ? 1 : 0)
}

/// The scopes of one page: blocks that share declarations and locals, in order.
package struct SnippetScope: Sendable, Equatable {
    /// `main`, a session's name, or `main-2` and so on after each `reset`.
    package var name: String
    package var snippets: [Snippet]
}
