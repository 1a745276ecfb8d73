// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyMarkdown

/// One heading in a page's table of contents.
package struct TOCEntry: Sendable, Equatable {
    package var level: Int
    package var title: String
    package var id: String
    package var children: [TOCEntry]

    package init(level: Int, title: String, id: String, children: [TOCEntry] = []) {
        self.level = level
        self.title = title
        self.id = id
        self.children = children
    }
}

/// Gives every heading its id (explicit `{#id}` first, then slugs, made unique in document
/// order) and builds the nested table of contents.
package enum TableOfContents {
    /// Assigns ids in place, made by `slugs` where the page gives none, and returns the flat
    /// list of headings in order.
    package static func assignIDs(_ document: inout Document, slugs: HeadingSlugStyle = HeadingSlugStyle()) -> [TOCEntry] {
        var used = UniqueIDs()
        var flat: [TOCEntry] = []
        document.blocks = assign(document.blocks, slugs: slugs, used: &used, flat: &flat)
        return flat
    }

    private static func assign(_ blocks: [Block], slugs: HeadingSlugStyle, used: inout UniqueIDs, flat: inout [TOCEntry]) -> [Block] {
        blocks.map { block in
            guard case .heading(var heading) = block else {
                return block.mappingChildren { assign($0, slugs: slugs, used: &used, flat: &flat) }
            }
            let text = headingText(heading.content)
            heading.id = used.claim(heading.id.isEmpty ? Slug.make(text, style: slugs) : heading.id)
            // `{ data-toc-label="…" }` names the entry (not the id), and is not written out.
            let label = heading.attributes.removeValue(forKey: "data-toc-label")
            flat.append(TOCEntry(level: heading.level, title: label ?? text, id: heading.id))
            return .heading(heading)
        }
    }

    /// The heading as text, as `toc` sees it: raw HTML tags dropped, everything else kept.
    static func headingText(_ inlines: [Inline]) -> String {
        inlines.map { inline in
            if case .html = inline { return "" }
            return inline.plainText
        }.joined().trimmingWhitespace()
    }

    /// Nests a flat list by level.
    package static func nest(_ flat: [TOCEntry]) -> [TOCEntry] {
        var root: [TOCEntry] = []
        func insert(_ entry: TOCEntry, into list: inout [TOCEntry]) {
            if let last = list.indices.last, list[last].level < entry.level {
                insert(entry, into: &list[last].children)
            } else {
                list.append(entry)
            }
        }
        for entry in flat { insert(entry, into: &root) }
        return root
    }
}
