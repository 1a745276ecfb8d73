// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import GalleyDiagrams
import GalleyMarkdown
import GalleyMarkup

/// Draws a page's diagram fences (```` ```seq ````, ```` ```mermaid ````, and `.seq` files
/// brought in by ``DiagramFiles``) as SVG figures, after the snippets have run (they compare
/// their traces with the diagrams' code) and before the page is rendered.
struct DiagramStage {
    let page: String
    /// Whether a diagram that cannot be read is a warning (`--keep-going`) rather than an error.
    let failuresAreWarnings: Bool
    private(set) var diagnostics: [Diagnostic] = []
    /// Each figure's markup and its labels, which the search index takes as the figure's text.
    private(set) var searchText: [String: String] = [:]
    private var count = 0

    init(page: String, failuresAreWarnings: Bool) {
        self.page = page
        self.failuresAreWarnings = failuresAreWarnings
    }

    mutating func apply(to document: Document) -> Document {
        var document = document
        document.blocks = transform(document.blocks)
        return document
    }

    private mutating func transform(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            guard case .code(let code) = block, code.isFenced, let language = DiagramLanguage(fenceLanguage: code.language) else {
                return block.mappingChildren { transform($0) }
            }
            return draw(code, language: language) ?? block
        }
    }

    /// The figure for `code`, or `nil` to keep it as code.
    private mutating func draw(_ code: CodeBlock, language: DiagramLanguage) -> Block? {
        count += 1
        let id = "g-diagram-\(count)"
        let file = code.options[DiagramFiles.sourceOption]
        do {
            switch try DiagramRenderer.render(code.code, language: language, id: id, title: code.options["title"]) {
            case .drawn(let diagram):
                for note in diagram.notes {
                    diagnostics.append(Diagnostic(.warning, at: location(line: note.line, column: note.column, in: code, file: file), note.message, code: DiagramCodes.notDrawn))
                }
                let markup: HTML = "<figure class=\"g-diagram\" id=\"\(id)\">\n\(diagram.svg)\n</figure>\n"
                searchText[markup.string] = diagram.text
                return .html(markup.string)
            case .unsupported(let type, let line):
                diagnostics.append(Diagnostic(.warning, at: location(line: line, column: 1, in: code, file: file), DiagramCodes.unsupportedMessage(type) + ", so this one is shown as its code", code: DiagramCodes.unsupportedType))
                return nil
            case .unavailable(let reason, let line):
                diagnostics.append(Diagnostic(.warning, at: location(line: line, column: 1, in: code, file: file), "the flowchart is shown as its code: \(reason); install Graphviz (Debian's `libgvc6`) to draw it", code: DiagramCodes.layoutUnavailable))
                return nil
            }
        } catch {
            let where_ = location(line: error.line, column: error.column, in: code, file: file)
            diagnostics.append(Diagnostic(failuresAreWarnings ? .warning : .error, at: where_, "the diagram cannot be drawn: \(error.message(quotingLineOf: code.code))", code: DiagramCodes.syntax))
            let markup: HTML = "<div class=\"g-diagram-error\" role=\"alert\"><p><strong>This diagram cannot be drawn.</strong> \("\(where_): \(error.message)")</p>\n<pre><code>\(code.code)</code></pre></div>\n"
            return .html(markup.string)
        }
    }

    /// Where a diagram's `line`:`column` is: in its file, or in the page under the fence.
    private func location(line: Int, column: Int, in code: CodeBlock, file: String?) -> SourceLocation {
        if let file { return SourceLocation(file: file, line: line, column: column) }
        return SourceLocation(file: page, line: code.firstCodeLine + line - 1, column: code.column + column - 1)
    }
}
