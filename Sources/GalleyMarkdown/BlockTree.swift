// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Walking the document tree. Every stage that visits or rewrites blocks goes through these,
/// so each block kind's nesting is described once and no pass forgets a kind.
extension Block {
    /// The block lists nested directly in this block: list items, quotes, admonition and tab
    /// bodies, `md_in_html` bodies.
    package var childBlockLists: [[Block]] {
        switch self {
        case .blockQuote(let blocks): [blocks]
        case .list(let list): list.items.map(\.blocks)
        case .admonition(let admonition): [admonition.body]
        case .tabbedSet(let set): set.tabs.map(\.body)
        case .htmlContainer(_, let body, _): [body]
        case .definitionList(let list): list.items.flatMap { $0.definitions.map(\.blocks) }
        case .heading, .paragraph, .code, .html, .thematicBreak, .table: []
        }
    }

    /// This block with `transform` applied to each block list nested directly in it.
    package func mappingChildren(_ transform: ([Block]) -> [Block]) -> Block {
        switch self {
        case .blockQuote(let blocks):
            return .blockQuote(transform(blocks))
        case .list(var list):
            list.items = list.items.map { ListItem(blocks: transform($0.blocks), task: $0.task, isLoose: $0.isLoose) }
            return .list(list)
        case .admonition(var admonition):
            admonition.body = transform(admonition.body)
            return .admonition(admonition)
        case .tabbedSet(var set):
            for index in set.tabs.indices {
                set.tabs[index].body = transform(set.tabs[index].body)
            }
            return .tabbedSet(set)
        case .htmlContainer(let open, let body, let close):
            return .htmlContainer(open: open, body: transform(body), close: close)
        case .definitionList(var list):
            for item in list.items.indices {
                for definition in list.items[item].definitions.indices {
                    list.items[item].definitions[definition].blocks = transform(list.items[item].definitions[definition].blocks)
                }
            }
            return .definitionList(list)
        case .heading, .paragraph, .code, .html, .thematicBreak, .table:
            return self
        }
    }

    /// This block with `transform` applied to its own inline content (not that of nested
    /// blocks): heading text, paragraph, table cells, admonition title, tab labels.
    package func mappingInlines(_ transform: ([Inline]) -> [Inline]) -> Block {
        switch self {
        case .heading(var heading):
            heading.content = transform(heading.content)
            return .heading(heading)
        case .paragraph(let inlines, let line, let attributes):
            return .paragraph(transform(inlines), line: line, attributes: attributes)
        case .table(var table):
            table.header = table.header.map(transform)
            table.rows = table.rows.map { $0.map(transform) }
            return .table(table)
        case .admonition(var admonition):
            admonition.title = admonition.title.map(transform)
            return .admonition(admonition)
        case .tabbedSet(var set):
            for index in set.tabs.indices {
                set.tabs[index].label = transform(set.tabs[index].label)
            }
            return .tabbedSet(set)
        case .definitionList(var list):
            for item in list.items.indices {
                list.items[item].terms = list.items[item].terms.map(transform)
            }
            return .definitionList(list)
        case .blockQuote, .list, .code, .html, .thematicBreak, .htmlContainer:
            return self
        }
    }

    /// The source line the block starts on, where the block records one.
    package var sourceLine: Int? {
        switch self {
        case .heading(let heading): heading.line
        case .paragraph(_, let line, _): line
        case .admonition(let admonition): admonition.line
        case .tabbedSet(let set): set.tabs.first?.line
        case .code(let code): code.firstCodeLine
        case .definitionList(let list): list.line
        case .blockQuote, .list, .html, .thematicBreak, .table, .htmlContainer: nil
        }
    }
}

extension Array where Element == Block {
    /// Calls `visit` for every block at any depth, parents before their children.
    package func forEachBlock(_ visit: (Block) -> Void) {
        for block in self {
            visit(block)
            for children in block.childBlockLists {
                children.forEachBlock(visit)
            }
        }
    }
}

/// The `label` of a footnote definition line `[^label]: text`, or `nil` for any other line.
func footnoteLabel(of line: Substring) -> String? {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("[^"), let close = trimmed.firstIndex(of: "]") else { return nil }
    return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<close])
}
