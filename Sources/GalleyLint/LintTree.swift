// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The elements of a parsed Markdown file, in document order, each with its line: what
/// the rules query, as kramdown (mdl's parser) reads the file.
package struct LintTree: Sendable {
    package enum Kind: Sendable, Equatable {
        case header, paragraph, codeBlock, unorderedList, orderedList, item, blockquote, html, rule, table, blank
        case text, codeSpan, emphasis, strong, link, image, smartQuote, other
    }

    /// One block or span. A 20 MB page has millions, so the numbers are kept in 32 bits
    /// (a page past two billion lines is refused long before) and read as `Int`: 64 bytes a
    /// node where plain `Int`s took 104.
    package struct Node: Sendable {
        package var kind: Kind
        /// Whether a code block is fenced, and its info string.
        package var fenced = false
        private var storedLevel: UInt8 = 0
        private var storedLine: Int32
        private var storedEndLine: Int32
        private var storedDepth: Int32
        private var storedParent: Int32
        package var children: [Int] = []
        /// Code block, code span and text content; a heading's raw text.
        package var value = ""
        package var info = ""

        package init(kind: Kind, line: Int, endLine: Int, depth: Int, parent: Int?) {
            self.kind = kind
            storedLine = Int32(clamping: line)
            storedEndLine = Int32(clamping: endLine)
            storedDepth = Int32(clamping: depth)
            storedParent = parent.map { Int32(clamping: $0) } ?? -1
        }

        /// The first line, from 1, in the parsed text.
        package var line: Int {
            get { Int(storedLine) }
            set { storedLine = Int32(clamping: newValue) }
        }

        package var endLine: Int {
            get { Int(storedEndLine) }
            set { storedEndLine = Int32(clamping: newValue) }
        }

        /// Depth below the root: the root's children are 1.
        package var depth: Int {
            get { Int(storedDepth) }
            set { storedDepth = Int32(clamping: newValue) }
        }

        package var parent: Int? {
            get { storedParent < 0 ? nil : Int(storedParent) }
            set { storedParent = newValue.map { Int32(clamping: $0) } ?? -1 }
        }

        /// Heading level.
        package var level: Int {
            get { Int(storedLevel) }
            set { storedLevel = UInt8(clamping: newValue) }
        }
    }

    package var nodes: [Node] = []
    /// The root's children.
    package var roots: [Int] = []

    /// Every node of `kind`, in document order; with `nested` false only the root's children.
    package func all(_ kind: Kind, nested: Bool = true) -> [Int] {
        if nested { return nodes.indices.filter { nodes[$0].kind == kind } }
        return roots.filter { nodes[$0].kind == kind }
    }

    package func children(_ index: Int, _ kind: Kind) -> [Int] {
        nodes[index].children.filter { nodes[$0].kind == kind }
    }

    /// Whether `index` lies inside a node of `kind`.
    package func isInside(_ index: Int, _ kind: Kind) -> Bool {
        var current = nodes[index].parent
        while let parent = current {
            if nodes[parent].kind == kind { return true }
            current = nodes[parent].parent
        }
        return false
    }
}

/// Builds a ``LintTree`` from the tree kramdown would build (see `KramdownParser`), so
/// that the rules see the blocks and lines mdl sees.
enum LintTreeBuilder {
    static func build(_ source: LintSource) -> LintTree {
        let root = KramdownParser(Array(source.text.utf8), fenceInfoWithAttributes: source.mkdocs).parse()
        var builder = Builder()
        // Room for every node at once: growing by doubling held the old and the new array
        // together, a third of the lint's peak on a large page.
        builder.nodes.reserveCapacity(Builder.count(root.children))
        builder.roots = builder.add(root.children, parent: nil, depth: 1)
        builder.closeTables(lineCount: source.lines.count)
        return LintTree(nodes: builder.nodes, roots: builder.roots)
    }

    private struct Builder {
        var nodes: [LintTree.Node] = []
        var roots: [Int] = []

        mutating func add(_ elements: [KramdownElement], parent: Int?, depth: Int) -> [Int] {
            elements.map { add($0, parent: parent, depth: depth) }
        }

        mutating func add(_ element: KramdownElement, parent: Int?, depth: Int) -> Int {
            let line = element.location ?? 0
            var node = LintTree.Node(kind: Self.kind(element.kind), line: line, endLine: line, depth: depth, parent: parent)
            switch element.kind {
            case .header:
                node.level = element.level
                node.value = element.text
            case .codeBlock:
                node.value = element.text
                node.fenced = element.fenced
                node.info = element.language ?? ""
            case .text, .codeSpan, .smartQuote, .blank:
                node.value = element.text
            default:
                break
            }
            if element.kind == .blank {
                node.endLine = line + max(Self.lineBreaks(in: element.value) - 1, 0)
            } else if element.kind == .codeBlock, line > 0 {
                // A code block's value holds one `\n` per line of code; a fenced block starts
                // at its opening fence and ends at its closing one. (The fixer keeps its hands
                // off these lines and puts a blank line after the last.)
                let codeLines = Self.lineBreaks(in: element.value)
                node.endLine = element.fenced ? line + codeLines + 1 : line + max(codeLines - 1, 0)
            }
            nodes.append(node)
            let index = nodes.count - 1
            if let parent { nodes[parent].children.append(index) }
            _ = add(element.children, parent: index, depth: depth + 1)
            if element.kind == .text {
                nodes[index].endLine = line + Self.lineBreaks(in: element.value)
            } else if let last = nodes[index].children.last {
                nodes[index].endLine = max(nodes[index].endLine, nodes[last].endLine)
            }
            return index
        }

        /// How many elements `elements` hold at any depth.
        static func count(_ elements: [KramdownElement]) -> Int {
            elements.reduce(elements.count) { $0 + count($1.children) }
        }

        /// How many `\n` bytes `bytes` holds, counted without making a filtered copy.
        static func lineBreaks(in bytes: some Sequence<UInt8>) -> Int {
            var count = 0
            for byte in bytes where byte == 0x0A { count += 1 }
            return count
        }

        /// A top-level table runs to the line before the next element with a line (mdl's
        /// MD013 `tables` option counts its lines so).
        mutating func closeTables(lineCount: Int) {
            let located = roots.filter { nodes[$0].kind != .blank && nodes[$0].line > 0 }
            for (position, index) in located.enumerated() where nodes[index].kind == .table {
                nodes[index].endLine = position + 1 < located.count ? nodes[located[position + 1]].line - 1 : lineCount
            }
        }

        static func kind(_ kind: KramdownElement.Kind) -> LintTree.Kind {
            switch kind {
            case .header: .header
            case .paragraph: .paragraph
            case .codeBlock: .codeBlock
            case .unorderedList: .unorderedList
            case .orderedList: .orderedList
            case .item: .item
            case .blockquote: .blockquote
            case .html: .html
            case .rule: .rule
            case .table: .table
            case .text: .text
            case .codeSpan: .codeSpan
            case .emphasis: .emphasis
            case .strong: .strong
            case .link: .link
            case .image: .image
            case .blank: .blank
            case .smartQuote: .smartQuote
            default: .other
            }
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
