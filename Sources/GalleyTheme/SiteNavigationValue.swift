// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyPages
import GalleySources
import GalleyTemplates

/// mkdocs' `nav` as theme templates read it: pages, sections and links, each `active` on the
/// way to the current page. The values are made once for each folder depth (the URLs are
/// relative to the page), and each page only marks its own way through them: making the
/// whole nav again for every page cost the site's size for each page, so a site of 5,000
/// pages spent most of its templated build there.
struct SiteNavigationValue: Sendable {
    /// The nav with nothing active.
    private let inactive: TemplateValue
    /// For each page the nav lists, the index paths to it (a page listed twice has two).
    private let paths: [String: [[Int]]]

    init(_ items: [Navigation.Item], root: String) {
        inactive = Self.value(items, root: root)
        var paths: [String: [[Int]]] = [:]
        Self.collectPaths(items, prefix: [], into: &paths)
        self.paths = paths
    }

    /// The nav for the page at `current`: the page and every section holding it are active.
    func marking(_ current: String) -> TemplateValue {
        var nav = inactive
        for path in paths[current] ?? [] {
            Self.activate(&nav, along: path[...])
        }
        return nav
    }

    /// Every item says which of page, section and link it is, as mkdocs' do; the keys are in
    /// sorted order, as a dictionary converted for templates has them. A URL is relative to
    /// the page (mkdocs gives it from the site's root).
    private static func value(_ items: [Navigation.Item], root: String) -> TemplateValue {
        .list(items.map { item in
            switch item {
            case .page(let title, let file):
                return .dict(TemplateDict([
                    ("active", .bool(false)), ("children", .list([])), ("is_link", .bool(false)), ("is_page", .bool(true)), ("is_section", .bool(false)),
                    ("title", .string(title ?? PageTitle.fromFileName(file.path))), ("url", .string(PageTemplate.href(file.url, root: root))),
                ]))
            case .link(let title, let url):
                let relative = !(url.contains("://") || url.hasPrefix("/") || url.hasPrefix("mailto:"))
                return .dict(TemplateDict([
                    ("active", .bool(false)), ("children", .list([])), ("is_link", .bool(true)), ("is_page", .bool(false)), ("is_section", .bool(false)),
                    ("title", .string(title)), ("url", .string(relative ? root + url : url)),
                ]))
            case .section(let title, let children):
                return .dict(TemplateDict([
                    ("active", .bool(false)), ("children", value(children, root: root)), ("is_link", .bool(false)), ("is_page", .bool(false)), ("is_section", .bool(true)),
                    ("title", .string(title)),
                ]))
            }
        })
    }

    private static func collectPaths(_ items: [Navigation.Item], prefix: [Int], into paths: inout [String: [[Int]]]) {
        for (index, item) in items.enumerated() {
            switch item {
            case .page(_, let file): paths[file.path, default: []].append(prefix + [index])
            case .section(_, let children): collectPaths(children, prefix: prefix + [index], into: &paths)
            case .link: continue
            }
        }
    }

    /// Sets `active` on each item along `path`. Only the lists on the way are copied; the
    /// rest of the nav stays shared with the other pages.
    private static func activate(_ nav: inout TemplateValue, along path: ArraySlice<Int>) {
        guard let index = path.first, case .list(var items) = nav, items.indices.contains(index), case .dict(var item) = items[index] else { return }
        item["active"] = .bool(true)
        if path.count > 1, var children = item["children"] {
            activate(&children, along: path.dropFirst())
            item["children"] = children
        }
        items[index] = .dict(item)
        nav = .list(items)
    }
}
