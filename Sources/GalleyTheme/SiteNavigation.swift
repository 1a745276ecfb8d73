// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyMarkup
import GalleyPages
import GalleySources

/// The sidebar's nav tree, the page's table of contents and the previous/next links.
enum SiteNavigation {
    /// The nav list. Only the current page's branch is listed in full: listing every page on
    /// every page would make a site's size grow with the square of its page count. Entries off
    /// that branch read the same on every page at the same depth, so they come from
    /// ``SiteContext/closedNavigation``.
    static func render(_ context: SiteContext, current: Int?, open: Set<Int>, root: String, toc: [TOCEntry] = []) -> HTML {
        var html: HTML = "<ul>\n"
        let style = Style(context, currentTOC: toc)
        items(context.navTree, level: 0, current: current, open: open, root: root, closed: context.closedNavigation[root], style: style, into: &html)
        return html + "</ul>\n"
    }

    /// `navigation.path`: the sections above page `current`, outermost first, each a link to
    /// its first page, as Material's breadcrumbs; nothing for a top-level page.
    static func path(to current: Int, context: SiteContext, root: String) -> HTML {
        func sections(_ nodes: [SiteContext.NavNode]) -> [SiteContext.NavNode]? {
            for node in nodes {
                switch node.kind {
                case .page(let id, _) where id == current: return []
                case .section(_, let children, _):
                    if let inner = sections(children) { return [node] + inner }
                default: continue
                }
            }
            return nil
        }
        guard let trail = sections(context.navTree), !trail.isEmpty else { return .empty }
        var html: HTML = "<nav class=\"g-path\" aria-label=\"\(context.strings.navigationPath)\"><ol>"
        for section in trail {
            if case .section(_, _, let firstURL?) = section.kind {
                html += "<li><a href=\"\(PageTemplate.href(firstURL, root: root))\">\(section.title)</a></li>"
            } else {
                html += "<li>\(section.title)</li>"
            }
        }
        return html + "</ol></nav>\n"
    }

    /// How `theme.features` lays the nav out.
    struct Style {
        /// Closed sections list their pages (small navs; ``SiteContext/expandedNavigationLimit``).
        var listsClosedSections: Bool
        /// `navigation.expand`: those lists are open.
        var expandsSections: Bool
        /// `navigation.sections`: top-level sections are open groups under a heading.
        var groupsTopLevel: Bool
        /// `toc.integrate`: the current page's table of contents, shown under it in the nav.
        var currentTOC: [TOCEntry]

        init(_ context: SiteContext, currentTOC: [TOCEntry]) {
            listsClosedSections = context.expandsClosedSections
            expandsSections = context.features.contains(.navigationExpand)
            groupsTopLevel = context.features.contains(.navigationSections)
            // The page's own `# title` is the nav entry itself: its contents start below it.
            let contents = currentTOC.count == 1 && currentTOC[0].level == 1 ? currentTOC[0].children : currentTOC
            self.currentTOC = context.features.contains(.tocIntegrate) ? contents : []
        }
    }

    /// Appends the `<li>` entries of `nodes` to `html`, taking untouched ones from `closed`.
    /// Closed sections are listed in full only when `expand` is set; otherwise they link to
    /// their first page.
    static func items(_ nodes: [SiteContext.NavNode], level: Int, current: Int?, open: Set<Int>, root: String, closed: [HTML]?, style: Style, into html: inout HTML) {
        for node in nodes {
            switch node.kind {
            case .page(let id, let url):
                if id == current {
                    html += "<li class=\"g-current\"><a href=\"\(PageTemplate.href(url, root: root))\" aria-current=\"page\">\(node.title)</a>"
                    if !style.currentTOC.isEmpty {
                        html += "\n<nav class=\"g-toc-integrated\" aria-label=\"Contents\">\n" + tableOfContents(style.currentTOC) + "</nav>\n"
                    }
                    html += "</li>\n"
                } else if let closed {
                    html += closed[node.serial]
                } else {
                    html += "<li><a href=\"\(PageTemplate.href(url, root: root))\">\(node.title)</a></li>\n"
                }
            case .link(let url, let relative):
                html += "<li><a class=\"g-external\" href=\"\(relative ? root + url : url)\">\(node.title)\(relative ? .empty : Icon.external.svg)</a></li>\n"
            case .section(let number, let children, let firstURL):
                let isOpen = open.contains(number)
                let group = level == 0 && style.groupsTopLevel
                if isOpen || firstURL == nil || group {
                    let classes = "g-section" + (isOpen ? " g-active-tab" : "") + (group ? " g-group" : "")
                    let details: HTML = isOpen || group || style.expandsSections ? "<details open>" : "<details>"
                    html += "<li class=\"\(classes)\">\(details)<summary>\(sectionTitle(node, current: current, root: root))</summary>\n<ul>\n"
                    items(children, level: level + 1, current: current, open: open, root: root, closed: closed, style: style, into: &html)
                    html += "</ul>\n</details></li>\n"
                } else if let closed {
                    html += closed[node.serial]
                } else if style.listsClosedSections {
                    let details: HTML = style.expandsSections ? "<details open>" : "<details>"
                    html += "<li class=\"g-section\">\(details)<summary>\(sectionTitle(node, current: nil, root: root))</summary>\n<ul>\n"
                    items(children, level: level + 1, current: nil, open: [], root: root, closed: nil, style: style, into: &html)
                    html += "</ul>\n</details></li>\n"
                } else if let firstURL {
                    html += "<li class=\"g-section g-collapsed\"><a href=\"\(PageTemplate.href(firstURL, root: root))\">\(node.title)</a></li>\n"
                }
            }
        }
    }

    /// A section's title; with `navigation.indexes`, a link to its index page.
    static func sectionTitle(_ node: SiteContext.NavNode, current: Int?, root: String) -> HTML {
        guard let index = node.index else { return node.title }
        let mark: HTML = index.id == current ? " aria-current=\"page\" class=\"g-current-index\"" : .empty
        return "<a href=\"\(PageTemplate.href(index.url, root: root))\"\(mark)>\(node.title)</a>"
    }

    /// Every nav entry, by serial, as it reads on a page whose way to the root is `root` and
    /// that lies outside it.
    static func closedItems(_ nodes: [SiteContext.NavNode], count: Int, root: String, style: Style) -> [HTML] {
        var result = Array(repeating: HTML.empty, count: count)
        func visit(_ nodes: [SiteContext.NavNode], level: Int) {
            for node in nodes {
                var html = HTML.empty
                items([node], level: level, current: nil, open: [], root: root, closed: nil, style: style, into: &html)
                result[node.serial] = html
                if case .section(_, let children, _) = node.kind { visit(children, level: level + 1) }
            }
        }
        visit(nodes, level: 0)
        return result
    }

    static func tableOfContents(_ entries: [TOCEntry]) -> HTML {
        var html: HTML = "<ul>\n"
        for entry in entries {
            html += "<li><a href=\"#\(entry.id)\">\(entry.title)</a>"
            if !entry.children.isEmpty { html += "\n" + tableOfContents(entry.children) }
            html += "</li>\n"
        }
        return html + "</ul>\n"
    }

    static func previousNext(_ index: Int?, context: SiteContext, root: String) -> HTML {
        let order = context.order
        guard let index else { return .empty }
        var html: HTML = "<nav class=\"g-prev-next\" aria-label=\"Previous and next pages\">\n"
        if index > 0 {
            let previous = order[index - 1]
            html += "<a class=\"g-prev\" rel=\"prev\" href=\"\(PageTemplate.href(previous.page.url, root: root))\">\(Icon.previous.svg)<span><small>\(context.strings.previous)</small>\(previous.title)</span></a>\n"
        }
        if index + 1 < order.count {
            let next = order[index + 1]
            html += "<a class=\"g-next\" rel=\"next\" href=\"\(PageTemplate.href(next.page.url, root: root))\"><span><small>\(context.strings.next)</small>\(next.title)</span>\(Icon.next.svg)</a>\n"
        }
        return html + "</nav>\n"
    }
}
