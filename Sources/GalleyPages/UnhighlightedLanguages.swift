// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import GalleyHighlight
import GalleyMarkdown

/// Code blocks in a language Galley's highlighter does not know, said once per language and
/// page: they are shown plain, where mkdocs' Pygments may colour them.
enum UnhighlightedLanguages {
    /// The names Pygments reads as plain text: asking for no colour is not a gap.
    static let plain: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "output", "raw"]

    /// One warning per language a fenced block of `document` names that the highlighter lacks,
    /// at its first block, counting the blocks.
    static func diagnostics(_ document: Document, page: String) -> [Diagnostic] {
        var found: [String: (line: Int, column: Int, count: Int)] = [:]
        var order: [String] = []
        document.blocks.forEachBlock { block in
            guard case .code(let code) = block, code.isFenced, !code.language.isEmpty else { return }
            let name = code.language.lowercased()
            guard !plain.contains(name), !Highlighter.supports(name) else { return }
            if let seen = found[name] {
                found[name]?.count = seen.count + 1
            } else {
                found[name] = (max(1, code.firstCodeLine - 1), code.column, 1)
                order.append(name)
            }
        }
        return order.map { name in
            let first = found[name]!
            let blocks = first.count == 1 ? "this block is" : "its \(first.count) blocks on this page are"
            return Diagnostic(
                .warning, at: SourceLocation(file: page, line: first.line, column: first.column),
                "Galley has no highlighter for `\(name)`: \(blocks) shown plain",
                code: PageCodes.unhighlightedLanguage
            )
        }
    }
}
