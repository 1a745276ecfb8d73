// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkup

/// Stand-ins for HTML that an extension decides on before cmark-gfm reads the text, as
/// Python-Markdown's stash does: `pymdownx.critic` edits and `pymdownx.arithmatex` math.
///
/// A placeholder is private-use characters around a number, which no Markdown rule reacts
/// to, so the text around it parses as usual; ``restore(_:)`` then turns each one into raw
/// HTML in the typed tree. Code can't hold tags, so there a placeholder becomes the text it
/// replaced again.
final class Placeholders {
    /// What a placeholder does when a paragraph holds nothing else.
    enum Alone {
        /// It stays inline, in its paragraph.
        case inline
        /// The paragraph is replaced by this HTML.
        case block(String)
    }

    private var entries: [(html: String, written: String, alone: Alone, inRawHTML: Bool)] = []

    static let open: Character = "\u{E000}"
    static let close: Character = "\u{E001}"
    /// Stands for a source line a block placeholder took in, so that line numbers stay put.
    static let filler: Character = "\u{E002}"

    /// Whether some line got a filler without an entry (see ``PythonBlockRules``).
    var usesFiller = false

    /// A placeholder for `html`; `written` is the source text it replaces. Inside raw HTML,
    /// the placeholder becomes `html` when `inRawHTML`, else `written` (math and escapes
    /// are not read there; CriticMarkup edits are).
    func store(_ html: String, written: String, alone: Alone = .inline, inRawHTML: Bool = false) -> String {
        entries.append((html, written, alone, inRawHTML))
        return "\(Self.open)\(entries.count - 1)\(Self.close)"
    }

    /// `blocks` with every placeholder turned back into its HTML.
    func restore(_ blocks: [Block]) -> [Block] {
        guard !entries.isEmpty || usesFiller else { return blocks }
        return blocks.map { block -> Block in
            if case .paragraph(let inlines, _, nil) = block, !entries.isEmpty, let html = blockHTML(inlines) { return .html(html) }
            if case .code(var code) = block {
                code.code = written(code.code)
                return .code(code)
            }
            if case .html(let raw) = block { return .html(rawHTML(raw)) }
            return block.mappingInlines(restore).mappingChildren(restore)
        }
    }

    /// The HTML a paragraph of block placeholders alone stands for.
    private func blockHTML(_ inlines: [Inline]) -> String? {
        var html = ""
        for inline in inlines {
            switch inline {
            case .softBreak, .lineBreak: continue
            case .text(let text):
                for piece in pieces(text) {
                    switch piece {
                    case .text(let plain) where plain.allSatisfy({ $0 == Self.filler || $0 == " " }): continue
                    case .entry(let index):
                        guard case .block(let block) = entries[index].alone else { return nil }
                        html += block
                    default: return nil
                    }
                }
            default: return nil
            }
        }
        return html.isEmpty ? nil : html
    }

    private func restore(_ inlines: [Inline]) -> [Inline] {
        // A line break before a filler was inside the replaced text, not in the paragraph.
        let kept = inlines.enumerated().filter { index, inline in
            guard case .softBreak = inline, index + 1 < inlines.count, case .text(let next) = inlines[index + 1] else { return true }
            return next.first != Self.filler
        }.map(\.element)
        return kept.flatMap { inline -> [Inline] in
            switch inline {
            case .text(let text) where text.contains(Self.open) || text.contains(Self.filler):
                return pieces(text).compactMap { piece in
                    switch piece {
                    case .text(let plain):
                        let kept = plain.filter { $0 != Self.filler }
                        return kept.isEmpty ? nil : .text(kept)
                    case .entry(let index): return .html(entries[index].html)
                    }
                }
            case .code(let code): return [.code(written(code))]
            case .html(let raw): return [.html(rawHTML(raw))]
            case .highlightedCode(let language, let code): return [.highlightedCode(language: language, code: written(code))]
            case .emphasis(let content): return [.emphasis(restore(content))]
            case .strong(let content): return [.strong(restore(content))]
            case .strikethrough(let content): return [.strikethrough(restore(content))]
            case .inserted(let content): return [.inserted(restore(content))]
            case .superscript(let content): return [.superscript(restore(content))]
            case .subscript(let content): return [.subscript(restore(content))]
            case .marked(let content): return [.marked(restore(content))]
            case .link(let destination, let title, let content): return [.link(destination: destination, title: title, content: restore(content))]
            case .attributed(let inner, let attributes): return restore([inner]).map { .attributed($0, attributes) }
            default: return [inline]
            }
        }
    }

    private enum Piece {
        case text(String)
        case entry(Int)
    }

    private func pieces(_ text: String) -> [Piece] {
        var result: [Piece] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: Self.open),
              let end = rest[start...].firstIndex(of: Self.close),
              let index = Int(rest[rest.index(after: start)..<end]), entries.indices.contains(index)
        {
            if start > rest.startIndex { result.append(.text(String(rest[..<start]))) }
            result.append(.entry(index))
            rest = rest[rest.index(after: end)...]
        }
        if !rest.isEmpty { result.append(.text(String(rest))) }
        return result
    }

    private func rawHTML(_ raw: String) -> String {
        guard raw.contains(Self.open) || raw.contains(Self.filler) else { return raw }
        return pieces(raw).map { piece in
            switch piece {
            case .text(let plain): plain.filter { $0 != Self.filler }
            case .entry(let index): entries[index].inRawHTML ? entries[index].html : entries[index].written
            }
        }.joined()
    }

    /// `text` made safe inside the HTML of an entry; a comment's line breaks become spaces
    /// with `joiningLines`, as CriticMarkup shows comments on one line.
    static func escaped(_ text: String, joiningLines: Bool = false) -> String {
        guard joiningLines else { return MarkupText.escape(text) }
        return MarkupText.escape(text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.joined(separator: " "))
    }

    /// Code shows what was written: its text can't hold tags.
    private func written(_ text: String) -> String {
        guard text.contains(Self.open) || text.contains(Self.filler) else { return text }
        return pieces(text).map { piece in
            switch piece {
            case .text(let plain): plain.filter { $0 != Self.filler }
            case .entry(let index): entries[index].written
            }
        }.joined()
    }
}
