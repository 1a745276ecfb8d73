import CMarkGFM

/// The elements of a parsed Markdown file, in document order, each with its line: what
/// the rules query. Built from cmark-gfm's tree; a few shapes are read the way mdl's parser
/// reads them (see `LintTreeBuilder`).
public struct LintTree: Sendable {
    public enum Kind: Sendable, Equatable {
        case header, paragraph, codeBlock, unorderedList, orderedList, item, blockquote, html, rule, table
        case text, codeSpan, emphasis, strong, link, image, inlineHTML, other
    }

    public struct Node: Sendable {
        public var kind: Kind
        /// The first line, from 1, in the parsed text.
        public var line: Int
        public var endLine: Int
        /// Depth below the root: the root's children are 1.
        public var depth: Int
        public var parent: Int?
        public var children: [Int] = []
        /// Heading level.
        public var level = 0
        /// Code block, code span and text content; a heading's raw text.
        public var value = ""
        /// Whether a code block is fenced, and its info string.
        public var fenced = false
        public var info = ""
        /// Whether a list is loose.
        public var loose = false
    }

    public var nodes: [Node] = []
    /// The root's children.
    public var roots: [Int] = []

    /// Every node of `kind`, in document order; with `nested` false only the root's children.
    public func all(_ kind: Kind, nested: Bool = true) -> [Int] {
        if nested { return nodes.indices.filter { nodes[$0].kind == kind } }
        return roots.filter { nodes[$0].kind == kind }
    }

    public func children(_ index: Int, _ kind: Kind) -> [Int] {
        nodes[index].children.filter { nodes[$0].kind == kind }
    }

    /// Whether `index` lies inside a node of `kind`.
    public func isInside(_ index: Int, _ kind: Kind) -> Bool {
        var current = nodes[index].parent
        while let parent = current {
            if nodes[parent].kind == kind { return true }
            current = nodes[parent].parent
        }
        return false
    }
}

/// Builds a ``LintTree`` with cmark-gfm (tables on; autolinks off, since mdl counts bare
/// URLs as text).
enum LintTreeBuilder {
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    static func build(_ source: LintSource) -> LintTree {
        precondition(registered)
        guard let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE) else { return LintTree() }
        defer { cmark_parser_free(parser) }
        if let table = cmark_find_syntax_extension("table") {
            cmark_parser_attach_syntax_extension(parser, table)
        }
        var utf8 = Array(source.text.utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return LintTree() }
        defer { cmark_node_free(root) }
        var walker = Walker(lines: source.structureLines)
        walker.roots = walker.blocks(of: root, parent: nil, depth: 1)
        return LintTree(nodes: walker.nodes, roots: walker.roots)
    }

    private struct Walker {
        let lines: [String]
        var nodes: [LintTree.Node] = []
        var roots: [Int] = []

        init(lines: [String]) {
            self.lines = lines
        }

        static func children(_ node: OpaquePointer) -> [OpaquePointer] {
            var result: [OpaquePointer] = []
            var child = cmark_node_first_child(node)
            while let current = child {
                result.append(current)
                child = cmark_node_next(current)
            }
            return result
        }

        static func literal(_ node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }

        func line(_ number: Int) -> String {
            number >= 1 && number <= lines.count ? lines[number - 1] : ""
        }

        mutating func add(_ kind: LintTree.Kind, _ cmarkNode: OpaquePointer?, line: Int? = nil, parent: Int?, depth: Int) -> Int {
            let start = line ?? cmarkNode.map { Int(cmark_node_get_start_line($0)) } ?? 0
            let end = cmarkNode.map { Int(cmark_node_get_end_line($0)) } ?? start
            nodes.append(LintTree.Node(kind: kind, line: start, endLine: max(end, start), depth: depth, parent: parent))
            let index = nodes.count - 1
            if let parent { nodes[parent].children.append(index) }
            return index
        }

        mutating func blocks(of node: OpaquePointer, parent: Int?, depth: Int) -> [Int] {
            var result: [Int] = []
            for child in Self.children(node) {
                result += block(child, parent: parent, depth: depth, previous: result.last)
            }
            return result
        }

        mutating func block(_ node: OpaquePointer, parent: Int?, depth: Int, previous: Int?) -> [Int] {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                let start = Int(cmark_node_get_start_line(node))
                let text = line(start)
                // mdl's parser takes an indented header line for paragraph text.
                if text.first == " " || text.first == "\t" {
                    let index = add(.paragraph, node, parent: parent, depth: depth)
                    inlines(of: node, parent: index, depth: depth + 1, line: start)
                    return [index]
                }
                let index = add(.header, node, parent: parent, depth: depth)
                nodes[index].level = Int(cmark_node_get_heading_level(node))
                nodes[index].value = rawHeaderText(text, underlined: isSetextUnderline(line(Int(cmark_node_get_end_line(node)))) && nodes[index].endLine > start)
                inlines(of: node, parent: index, depth: depth + 1, line: start)
                return [index]
            case CMARK_NODE_PARAGRAPH:
                let start = Int(cmark_node_get_start_line(node))
                // mdl's parser needs no space after `#`: `#Title` starts a header there.
                if let level = Self.unspacedHeaderLevel(line(start)) {
                    let index = add(.header, node, line: start, parent: parent, depth: depth)
                    nodes[index].endLine = start
                    nodes[index].level = level
                    nodes[index].value = rawHeaderText(line(start), underlined: false)
                    return [index]
                }
                let index = add(.paragraph, node, parent: parent, depth: depth)
                inlines(of: node, parent: index, depth: depth + 1, line: start)
                return [index]
            case CMARK_NODE_CODE_BLOCK:
                // mdl's parser needs a blank line before a fence; without one the fence is
                // more of the paragraph above.
                let start = Int(cmark_node_get_start_line(node))
                if let previous, nodes[previous].kind == .paragraph, nodes[previous].endLine == start - 1 {
                    return [add(.other, node, parent: parent, depth: depth)]
                }
                let index = add(.codeBlock, node, parent: parent, depth: depth)
                var length: Int32 = 0, offset: Int32 = 0
                var character: CChar = 0
                nodes[index].fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
                nodes[index].info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                nodes[index].value = Self.literal(node)
                return [index]
            case CMARK_NODE_LIST:
                let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                let index = add(ordered ? .orderedList : .unorderedList, node, parent: parent, depth: depth)
                nodes[index].loose = cmark_node_get_list_tight(node) == 0
                for item in Self.children(node) {
                    let itemIndex = add(.item, item, parent: index, depth: depth + 1)
                    _ = blocks(of: item, parent: itemIndex, depth: depth + 2)
                }
                return [index]
            case CMARK_NODE_BLOCK_QUOTE:
                let index = add(.blockquote, node, parent: parent, depth: depth)
                _ = blocks(of: node, parent: index, depth: depth + 1)
                return [index]
            case CMARK_NODE_HTML_BLOCK:
                let literal = Self.literal(node).drop { $0 == " " }
                // Comments and declarations are not HTML elements to mdl.
                if literal.hasPrefix("<!") || literal.hasPrefix("<?") { return [] }
                let index = add(.html, node, parent: parent, depth: depth)
                htmlText(Self.literal(node), parent: index, depth: depth + 1, line: nodes[index].line)
                return [index]
            case CMARK_NODE_THEMATIC_BREAK:
                return [add(.rule, node, parent: parent, depth: depth)]
            default:
                if String(cString: cmark_node_get_type_string(node)) == "table" {
                    let index = add(.table, node, parent: parent, depth: depth)
                    for row in Self.children(node) {
                        for cell in Self.children(row) {
                            inlines(of: cell, parent: index, depth: depth + 1, line: Int(cmark_node_get_start_line(row)))
                        }
                    }
                    return [index]
                }
                let index = add(.other, node, parent: parent, depth: depth)
                _ = blocks(of: node, parent: index, depth: depth + 1)
                return [index]
            }
        }

        func isSetextUnderline(_ text: String) -> Bool {
            let trimmed = text.trimmingSpaces()
            return !trimmed.isEmpty && (trimmed.allSatisfy { $0 == "=" } || trimmed.allSatisfy { $0 == "-" })
        }

        /// `#Title` (no space after the hashes) at a block's start: a header for mdl.
        static func unspacedHeaderLevel(_ text: String) -> Int? {
            let hashes = text.prefix { $0 == "#" }.count
            guard hashes >= 1, hashes <= 6, let next = text.dropFirst(hashes).first, next != " ", next != "\t" else { return nil }
            return hashes
        }

        /// The header's text as written: without the `#` marks or the closing sequence.
        func rawHeaderText(_ text: String, underlined: Bool) -> String {
            var content = Substring(text.trimmingSpaces())
            if underlined { return String(content) }
            content = content.drop { $0 == "#" }
            content = Substring(String(content).trimmingSpaces())
            // A closing run of `#` goes, unless it is escaped.
            var end = content.endIndex
            while end > content.startIndex, content[content.index(before: end)] == "#" { end = content.index(before: end) }
            if end < content.endIndex, end > content.startIndex, content[content.index(before: end)] != "\\" {
                content = content[..<end]
            } else if end == content.startIndex {
                content = content[..<end]
            }
            return String(content).trimmingSpaces()
        }

        /// Inline children: runs of text and soft breaks become one text node each (as mdl's
        /// parser keeps them), others keep their kind. Lines are counted through breaks.
        mutating func inlines(of node: OpaquePointer, parent: Int, depth: Int, line start: Int) {
            var current = start
            inlineChildren(of: node, parent: parent, depth: depth, line: &current)
        }

        mutating func inlineChildren(of node: OpaquePointer, parent: Int, depth: Int, line: inout Int) {
            var run: Int?
            for child in Self.children(node) {
                let type = cmark_node_get_type(child)
                let start = Int(cmark_node_get_start_line(child))
                if start > 0 { line = start }
                if type == CMARK_NODE_TEXT || type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    let text = type == CMARK_NODE_TEXT ? Self.literal(child) : "\n"
                    if let open = run {
                        nodes[open].value += text
                    } else {
                        let index = add(.text, nil, line: line, parent: parent, depth: depth)
                        nodes[index].value = text
                        run = index
                    }
                    if type != CMARK_NODE_TEXT { line += 1 }
                    if let open = run { nodes[open].endLine = line }
                    continue
                }
                run = nil
                let kind: LintTree.Kind
                switch type {
                case CMARK_NODE_CODE: kind = .codeSpan
                case CMARK_NODE_EMPH: kind = .emphasis
                case CMARK_NODE_STRONG: kind = .strong
                case CMARK_NODE_LINK: kind = .link
                case CMARK_NODE_IMAGE: kind = .image
                case CMARK_NODE_HTML_INLINE: kind = .inlineHTML
                default: kind = .other
                }
                let end = Int(cmark_node_get_end_line(child))
                if kind == .inlineHTML {
                    let literal = Self.literal(child)
                    // A closing tag, a comment or a declaration is not an element of its own.
                    if literal.hasPrefix("</") || literal.hasPrefix("<!") || literal.hasPrefix("<?") {
                        if end > 0 { line = end }
                        continue
                    }
                }
                let index = add(kind, nil, line: line, parent: parent, depth: depth)
                if kind == .codeSpan { nodes[index].value = Self.literal(child) }
                inlineChildren(of: child, parent: index, depth: depth + 1, line: &line)
                if end > 0 { line = end }
                nodes[index].endLine = max(line, nodes[index].line)
            }
        }

        /// The text between an HTML block's tags, which mdl's parser keeps as text.
        mutating func htmlText(_ literal: String, parent: Int, depth: Int, line: Int) {
            var text = ""
            var inTag = false
            for character in literal {
                if character == "<" { inTag = true } else if character == ">" && inTag { inTag = false } else if !inTag || character == "\n" { text.append(character) }
            }
            let index = add(.text, nil, line: line, parent: parent, depth: depth)
            nodes[index].value = text
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
