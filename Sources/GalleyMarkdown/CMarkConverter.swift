// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import CMarkGFM
import Synchronization

/// Which cmark-gfm features a parse enables.
struct CMarkFeatures: Sendable {
    /// Curly quotes, dashes and ellipses (the `smarty` extension).
    var smartPunctuation = false
    /// `[^label]` footnotes.
    var footnotes = true
    /// Leave single `~` alone so `pymdownx.tilde` can read it as subscript.
    var tildeIsSubscript = false
    /// A code span written with two backquotes (``` ``Workflow`` ```) is a symbol link, as in DocC.
    var symbolLinks = false
}

/// Parses one stretch of Markdown with cmark-gfm and converts the result into typed blocks.
enum CMarkConverter {
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// cmark-gfm keeps the inline parser's special characters in one table for the whole
    /// process, and `cmark_parser_finish` sets the characters of the parser's extensions
    /// (`~`, and those autolinks start at) before it reads inlines and clears them after. Two
    /// pages finishing at once clear each other's characters mid-parse, and the second loses
    /// strikethroughs and links in silence. Finishing takes turns; reading blocks (`feed`)
    /// and converting the tree, most of a parse, still run side by side.
    private static let inlinePhase = Mutex(())

    /// The tree `cmark_parser_finish` made, handed out of the lock: this parse's own, which
    /// no other thread holds.
    private struct FinishedTree: @unchecked Sendable {
        var root: OpaquePointer?
    }

    /// Registering the core extensions touches global state, so it happens exactly once.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Parses `text`, whose first line is line `firstLine` of the page and whose lines were
    /// dedented by `columnOffset` columns. Footnote definitions found after line
    /// `lastOwnLine` (text appended only so references resolve) are dropped.
    static func parse(
        _ text: String,
        firstLine: Int,
        columnOffset: Int,
        lastOwnLine: Int,
        features: CMarkFeatures
    ) -> (blocks: [Block], footnotes: [FootnoteDefinition], tooDeep: [BlockScanner.TooDeep]) {
        precondition(registered)
        var options = CMARK_OPT_UNSAFE | CMARK_OPT_SOURCEPOS
        if features.smartPunctuation { options |= CMARK_OPT_SMART }
        if features.footnotes { options |= CMARK_OPT_FOOTNOTES }
        if features.tildeIsSubscript { options |= CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE }
        guard let parser = cmark_parser_new(options) else { return ([], [], []) }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parser_feed(parser, $0, buffer.count)
            }
        }
        guard let root = inlinePhase.withLock({ _ in FinishedTree(root: cmark_parser_finish(parser)) }).root else { return ([], [], []) }
        defer { cmark_node_free(root) }
        let converter = Walker(lineOffset: firstLine - 1, columnOffset: columnOffset, lastOwnLine: lastOwnLine)
        // The source is looked at for double backquotes (symbol links) and for reference links
        // whose two brackets Python-Markdown joins across a space or a line break.
        if features.symbolLinks || text.utf8Range(of: "] [") != nil || text.utf8Range(of: "]\n[") != nil {
            converter.sourceLines = SourceLine.split(text).map(\.text)
        }
        converter.learnFootnoteLabels(root, text: text)
        let blocks = converter.children(of: root)
            .filter { cmark_node_get_type($0) == CMARK_NODE_FOOTNOTE_DEFINITION || converter.line($0) <= lastOwnLine }
            .compactMap(converter.block)
        return (blocks, converter.footnotes, converter.tooDeep)
    }

    private final class Walker {
        let lineOffset: Int
        let columnOffset: Int
        let lastOwnLine: Int
        var footnotes: [FootnoteDefinition] = []
        /// cmark-gfm numbers footnotes by first reference and exposes only that number; the
        /// labels come from the definitions' source lines.
        var labels: [String: String] = [:]
        private var definitionLabels: [OpaquePointer: String] = [:]
        /// How deep the walk is: quotes, lists and inline spans nest by recursion, and a page
        /// of 10,000 `>` would otherwise overflow the stack.
        private var depth = 0
        /// Lines where nesting passed ``BlockScanner/maximumDepth``; what is deeper is left out.
        var tooDeep: [BlockScanner.TooDeep] = []
        /// The text's lines, when double-backquoted code spans are symbol links: cmark keeps no
        /// count of a span's backquotes, so its line is looked at.
        var sourceLines: [Substring]?

        init(lineOffset: Int, columnOffset: Int, lastOwnLine: Int) {
            self.lineOffset = lineOffset
            self.columnOffset = columnOffset
            self.lastOwnLine = lastOwnLine
        }

        /// Python-Markdown gives an item `<p>` when a blank line comes before or after it in
        /// the list, or between its own blocks; `blocks` holds each item's blocks' first and
        /// last lines.
        static func pythonLooseness(_ blocks: [[(start: Int, end: Int)]]) -> [Bool] {
            let gapAfter = blocks.indices.map { index -> Bool in
                guard index + 1 < blocks.count, let end = blocks[index].last?.end, let next = blocks[index + 1].first?.start else { return false }
                return next > end + 1
            }
            return blocks.indices.map { index in
                let inner = zip(blocks[index], blocks[index].dropFirst()).contains { $1.start > $0.end + 1 }
                return inner || gapAfter[index] || (index > 0 && gapAfter[index - 1])
            }
        }

        func children(of node: OpaquePointer) -> [OpaquePointer] {
            var result: [OpaquePointer] = []
            var child = cmark_node_first_child(node)
            while let current = child {
                result.append(current)
                child = cmark_node_next(current)
            }
            return result
        }

        func typeName(_ node: OpaquePointer) -> String {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_FOOTNOTE_DEFINITION: "footnote_definition"
            case CMARK_NODE_FOOTNOTE_REFERENCE: "footnote_reference"
            default: String(cString: cmark_node_get_type_string(node))
            }
        }

        /// Reads `[^label]:` at each definition's first line, in cmark-gfm's numbering order.
        func learnFootnoteLabels(_ root: OpaquePointer, text: String) {
            let definitions = children(of: root).filter { cmark_node_get_type($0) == CMARK_NODE_FOOTNOTE_DEFINITION }
            guard !definitions.isEmpty else { return }
            let lines = SourceLine.split(text).map(\.text)
            var number = 0
            for node in definitions {
                number += 1
                let index = Int(cmark_node_get_start_line(node)) - 1
                guard index >= 0, index < lines.count, let label = footnoteLabel(of: lines[index]) else { continue }
                labels[String(number)] = label
                definitionLabels[node] = label
            }
        }

        func literal(_ node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }

        func line(_ node: OpaquePointer) -> Int {
            Int(cmark_node_get_start_line(node)) + lineOffset
        }

        func blocks(of node: OpaquePointer) -> [Block] {
            guard descend(node) else { return [] }
            defer { depth -= 1 }
            return children(of: node).compactMap(block)
        }

        /// What nests at `node`, the first node too deep: inline markup, or the nearest
        /// quote or list around it.
        private func nestingKind(_ node: OpaquePointer) -> BlockScanner.NestingKind {
            let inlineTypes: Set<String> = ["emph", "strong", "link", "image", "strikethrough", "text"]
            if inlineTypes.contains(typeName(node)) { return .inlines }
            var current: OpaquePointer? = node
            while let here = current {
                switch typeName(here) {
                case "block_quote": return .quotes
                case "list", "item": return .lists
                case "emph", "strong", "link", "image", "strikethrough": return .inlines
                default: current = cmark_node_parent(here)
                }
            }
            return .containers
        }

        /// Enters one level below `node`, or records it and refuses when that is too deep.
        private func descend(_ node: OpaquePointer) -> Bool {
            guard depth < BlockScanner.maximumDepth else {
                if tooDeep.isEmpty { tooDeep.append(BlockScanner.TooDeep(line: line(node), kind: nestingKind(node))) }
                return false
            }
            depth += 1
            return true
        }

        func block(_ node: OpaquePointer) -> Block? {
            switch typeName(node) {
            case "paragraph":
                return .paragraph(inlines(of: node), line: line(node))
            case "heading":
                return .heading(Heading(level: Int(cmark_node_get_heading_level(node)), content: inlines(of: node), line: line(node)))
            case "block_quote":
                return .blockQuote(blocks(of: node))
            case "list":
                return .list(list(node))
            case "code_block":
                return .code(codeBlock(node))
            case "html_block":
                return .html(literal(node))
            case "thematic_break":
                return .thematicBreak
            case "table":
                return .table(table(node))
            case "footnote_definition":
                if line(node) <= lastOwnLine {
                    footnotes.append(FootnoteDefinition(label: definitionLabels[node] ?? literal(node), blocks: blocks(of: node)))
                }
                return nil
            default:
                return nil
            }
        }

        func list(_ node: OpaquePointer) -> ListBlock {
            let itemNodes = children(of: node)
            let looseness = Self.pythonLooseness(itemNodes.map { children(of: $0).map { (Int(cmark_node_get_start_line($0)), Int(cmark_node_get_end_line($0))) } })
            let items = zip(itemNodes, looseness).map { item, isLoose -> ListItem in
                let task: Bool? = typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
                return ListItem(blocks: blocks(of: item), task: task, isLoose: isLoose)
            }
            return ListBlock(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                isTight: cmark_node_get_list_tight(node) != 0,
                items: items
            )
        }

        func codeBlock(_ node: OpaquePointer) -> CodeBlock {
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let parsed = InfoString(info)
            let code = literal(node)
            var block = CodeBlock(
                language: parsed.language,
                flags: parsed.flags,
                options: parsed.options,
                code: code,
                firstCodeLine: line(node) + (fenced ? 1 : 0),
                column: Int(cmark_node_get_start_column(node)) + columnOffset,
                isFenced: fenced
            )
            // A closed fence spans its code and both fence lines; one that runs to the end of
            // its container spans the opening line and the code alone.
            let spanned = Int(cmark_node_get_end_line(node)) - Int(cmark_node_get_start_line(node))
            let codeLines = code.utf8.count { $0 == UInt8(ascii: "\n") }
            block.isClosed = !fenced || spanned > codeLines
            return block
        }

        func table(_ node: OpaquePointer) -> Table {
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments: [Table.Alignment] = []
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for index in 0..<columns {
                    switch UInt8(raw[index]) {
                    case UInt8(ascii: "l"): alignments.append(.left)
                    case UInt8(ascii: "c"): alignments.append(.center)
                    case UInt8(ascii: "r"): alignments.append(.right)
                    default: alignments.append(.none)
                    }
                }
            }
            var header: [[Inline]] = []
            var rows: [[[Inline]]] = []
            for row in children(of: node) {
                let cells = children(of: row).map { inlines(of: $0) }
                if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                    header = cells
                } else {
                    rows.append(cells)
                }
            }
            return Table(alignments: alignments, header: header, rows: rows)
        }

        /// Whether the code span `node` was written between two backquotes each side and holds
        /// a symbol path (no spaces, no backquotes): DocC's ``` ``RenderContext/makeSink(of:)`` ```.
        func isSymbolLink(_ node: OpaquePointer) -> Bool {
            guard let sourceLines else { return false }
            let code = literal(node)
            guard !code.isEmpty, !code.contains(where: { $0 == " " || $0 == "`" }) else { return false }
            // cmark places an inline span by the columns of its content: what lies between it
            // and the node before it on its line is the opening backquotes.
            let start = Int(cmark_node_get_start_column(node))
            if let previous = cmark_node_previous(node) {
                let type = cmark_node_get_type(previous)
                let isBreak = type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                if !isBreak, cmark_node_get_start_line(previous) == cmark_node_get_start_line(node), cmark_node_get_end_column(previous) > 0 {
                    return start - Int(cmark_node_get_end_column(previous)) - 1 == 2
                }
            } else if let parent = cmark_node_parent(node), cmark_node_get_type(parent) == CMARK_NODE_PARAGRAPH {
                return start - Int(cmark_node_get_start_column(parent)) == 2
            }
            // Elsewhere (first on a later line, first in a heading or an emphasis), the line is
            // looked at.
            let index = Int(cmark_node_get_start_line(node)) - 1
            guard index >= 0, index < sourceLines.count else { return false }
            let line = sourceLines[index]
            var rest = line[...]
            while let range = rest.utf8Range(of: "``" + code + "``") {
                let before = range.lowerBound > line.startIndex ? line[line.index(before: range.lowerBound)] : " "
                let after = range.upperBound < line.endIndex ? line[range.upperBound] : " "
                if before != "`" && after != "`" { return true }
                rest = line[range.upperBound...]
            }
            return false
        }

        func inlines(of node: OpaquePointer) -> [Inline] {
            guard descend(node) else { return [] }
            defer { depth -= 1 }
            guard sourceLines != nil else { return children(of: node).compactMap(inline) }
            var converted: [(inline: Inline, isShortcutReference: Bool)] = []
            for child in children(of: node) {
                guard let inline = inline(child) else { continue }
                converted.append((inline, cmark_node_get_type(child) == CMARK_NODE_LINK && isShortcutReference(child)))
            }
            return ReferenceJoins.joined(converted)
        }

        /// Whether the link `node` was written `[label]` alone (a shortcut reference), on one
        /// line: not `[text](url)`, `[text][label]` nor `[label][]`.
        func isShortcutReference(_ node: OpaquePointer) -> Bool {
            guard let sourceLines, cmark_node_get_start_line(node) == cmark_node_get_end_line(node) else { return false }
            let index = Int(cmark_node_get_start_line(node)) - 1
            guard index >= 0, index < sourceLines.count else { return false }
            let bytes = Array(sourceLines[index].utf8)
            let start = Int(cmark_node_get_start_column(node)) - 1
            let end = Int(cmark_node_get_end_column(node))
            guard start >= 0, end <= bytes.count, end - start >= 3 else { return false }
            let written = bytes[start..<end]
            guard written.first == UInt8(ascii: "["), written.last == UInt8(ascii: "]") else { return false }
            return !written.dropFirst().dropLast().contains(UInt8(ascii: "]"))
        }

        func inline(_ node: OpaquePointer) -> Inline? {
            switch typeName(node) {
            case "text": .text(literal(node))
            case "softbreak": .softBreak
            case "linebreak": .lineBreak
            case "code": isSymbolLink(node) ? .symbolLink(path: literal(node), content: nil) : .code(literal(node))
            case "html_inline": .html(literal(node))
            case "emph": .emphasis(inlines(of: node))
            case "strong": .strong(inlines(of: node))
            case "strikethrough": .strikethrough(inlines(of: node))
            case "link":
                .link(
                    destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                    title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                    content: inlines(of: node)
                )
            case "image":
                .image(
                    source: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                    title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                    alt: inlines(of: node)
                )
            case "footnote_reference": .footnoteReference(label: labels[literal(node)] ?? literal(node))
            default: nil
            }
        }
    }
}
