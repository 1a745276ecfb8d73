// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagrams
import GalleyMarkdown

/// Finds a page's executable Swift fences and, once they have run, puts their results back
/// into the page.
package enum SnippetCollector {
    /// The page's snippets in reading order, grouped into scopes.
    package static func scopes(in document: Document, config: SnippetConfig) -> [SnippetScope] {
        // `snippets: off` in front matter turns off every fence, whatever its mode words.
        guard !config.isOffForPage else { return [] }
        var codeBlocks: [CodeBlock] = []
        document.blocks.forEachBlock { block in
            if case .code(let code) = block { codeBlocks.append(code) }
        }
        var scopes: [SnippetScope] = []
        var mainScope = "main"
        var resets = 0
        var index = 0
        // A fence left open holds the prose after it: it is reported as such, not compiled.
        for (position, code) in codeBlocks.enumerated() where code.language == "swift" && code.isFenced && code.isClosed {
            guard let mode = SnippetMode.of(flags: code.flags, options: code.options, defaults: config.defaultModes) else { continue }
            var snippet = Snippet(index: index, mode: mode, code: code.code, line: code.firstCodeLine, column: code.column)
            index += 1
            if mode.expectsOutput, position + 1 < codeBlocks.count {
                let fence = codeBlocks[position + 1]
                if fence.language == "output" {
                    snippet.expected = .init(text: fence.code, firstLine: fence.firstCodeLine, endLine: fence.firstCodeLine + lineCount(of: fence.code))
                } else if fence.language == DiagramLanguage.webSequence.rawValue {
                    // The diagram drawn under the code: its messages are what the code must print.
                    // A `.seq` file's block stands where its image link is, one line.
                    let file = fence.options["source"]
                    let lines = file == nil ? lineCount(of: fence.code) : 1
                    snippet.expected = .init(text: fence.code, firstLine: fence.firstCodeLine, endLine: fence.firstCodeLine + lines, kind: .sequenceDiagram(file: file))
                }
            }
            if mode.resets, mode.session.isEmpty {
                resets += 1
                mainScope = "main-\(resets + 1)"
            }
            let name = mode.session.isEmpty ? mainScope : "session-\(mode.session)"
            if let existing = scopes.firstIndex(where: { $0.name == name }) {
                scopes[existing].snippets.append(snippet)
            } else {
                scopes.append(SnippetScope(name: name, snippets: [snippet]))
            }
        }
        return scopes
    }

    /// The most of one block's output a page shows: a program may print up to its
    /// `output_limit` (1 MiB by default), which no reader wants in a page.
    static let pageOutputLimit = 64 * 1024

    /// `result` with its text cut to ``pageOutputLimit`` bytes (at a character boundary),
    /// and a note under it that says so.
    static func trimmedForThePage(_ result: SnippetResult) -> SnippetResult {
        let total = result.text.utf8.count
        guard total > pageOutputLimit else { return result }
        let text = result.text
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: pageOutputLimit)
        while end > text.startIndex, String.Index(end, within: text) == nil { end = text.utf8.index(before: end) }
        var trimmed = result
        let kept = String(text[..<end])
        trimmed.text = kept + (kept.hasSuffix("\n") ? "" : "\n") + "… output truncated at \(pageOutputLimit) bytes for the page (\(total) bytes printed)"
        return trimmed
    }

    /// `document` with `invisible` blocks removed and the `output` fences of `expect` blocks
    /// dropped (the result shows the real output), and each shown snippet's result, by line.
    package static func apply(_ results: [Int: SnippetResult], scopes: [SnippetScope], to document: Document) -> (document: Document, results: SnippetResults) {
        var byLine: [Int: (Snippet, SnippetResult?)] = [:]
        var expectedLines: Set<Int> = []
        for snippet in scopes.flatMap(\.snippets) {
            byLine[snippet.line] = (snippet, results[snippet.index])
            if let expected = snippet.expected, expected.kind == .text { expectedLines.insert(expected.firstLine) }
        }
        var shown = SnippetResults()
        func transform(_ blocks: [Block]) -> [Block] {
            blocks.compactMap { block -> Block? in
                guard case .code(let code) = block else { return block.mappingChildren(transform) }
                if code.language == "output", expectedLines.contains(code.firstCodeLine) { return nil }
                guard code.language == "swift", let (snippet, result) = byLine[code.firstCodeLine] else { return block }
                if snippet.mode.action == .invisible, result?.failed != true { return nil }
                shown.byLine[code.firstCodeLine] = result.map(Self.trimmedForThePage)
                return block
            }
        }
        var document = document
        document.blocks = transform(document.blocks)
        return (document, shown)
    }
}
