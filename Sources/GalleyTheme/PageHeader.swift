// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyMarkup
import GalleyPages
import GalleySources

/// The header bar and the section tabs under it.
enum PageHeader {
    static func render(_ page: RenderedPage, context: SiteContext, root: String) -> HTML {
        let config = context.config
        var html: HTML = "<header class=\"g-header md-header\">\n"
        html += "<button class=\"g-icon-button g-drawer-open\" type=\"button\" aria-controls=\"g-nav\" aria-expanded=\"false\" aria-label=\"\(context.strings.openNavigation)\">\(Icon.menu.svg)</button>\n"
        html += "<a class=\"g-home\" href=\"\(root.isEmpty ? "./" : root)\" aria-label=\"\(config.siteName), home\">"
        if let logo = config.theme.logo {
            html += "<img class=\"g-logo\" src=\"\(PageTemplate.assetURL(logo, root: root))\" alt=\"\">"
        } else if let icon = context.icons.svg(config.theme.icons["logo"]) {
            html += icon
        } else {
            // Without a logo the link still has something to show and to focus, as Material
            // shows its own icon there.
            html += Icon.book.svg
        }
        html += "</a>\n<div class=\"g-titles\"><span class=\"g-site-name\">\(config.siteName)</span>"
        html += "<span class=\"g-page-title\" aria-hidden=\"true\">\(page.title)</span></div>\n"
        if context.hasSearch {
            html += """
            <form class="g-search" role="search" action="#" onsubmit="return false">
            <label class="g-search-box">\(Icon.search.svg)<span class="g-visually-hidden">\(context.strings.search)</span>\
            <input id="g-search-input" type="search" name="q" placeholder="\(context.strings.search)" autocomplete="off" spellcheck="false" \
            role="combobox" aria-autocomplete="list" aria-controls="g-search-results" aria-expanded="false">\
            <kbd class="g-search-key" aria-hidden="true">/</kbd></label>
            <div id="g-search-results" class="g-search-results" role="listbox" aria-label="\(context.strings.searchResults)" hidden></div>
            <p class="g-search-status g-visually-hidden" role="status" aria-live="polite"></p>
            </form>

            """
        }
        html += languageSelector(page, context: context, root: root)
        let names = JSONText.array(context.schemes.map(\.toggleName))
        html += "<button class=\"g-icon-button g-scheme-toggle\" type=\"button\" data-names=\"\(names)\" aria-label=\"\(context.schemes[0].toggleName)\" title=\"\(context.schemes[0].toggleName)\">"
        html += "<span class=\"g-when-light\">\(Icon.moon.svg)</span><span class=\"g-when-dark\">\(Icon.sun.svg)</span><span class=\"g-when-auto\">\(Icon.automatic.svg)</span></button>\n"
        if let repoURL = config.repoURL {
            let name = config.repoName ?? repoURL
            let icon = context.icons.svg(config.theme.icons["repo"]) ?? config.theme.icons["repo"].map { BrandIcon(icon: $0, link: repoURL).svg } ?? Icon.repository.svg
            html += "<a class=\"g-repo\" href=\"\(repoURL)\" title=\"\(context.strings.repository)\">\(icon)<span>\(name)</span></a>\n"
        }
        html += "</header>\n"
        return html
    }

    /// The languages of a multi-language site, each leading to this page in that language
    /// (or its home, for a page it lacks).
    static func languageSelector(_ page: RenderedPage, context: SiteContext, root: String) -> HTML {
        guard context.languageRoots.count > 1 else { return .empty }
        let here = context.alternates[page.file.url] ?? []
        let current = context.languageRoots.first { $0.locale == context.config.theme.language } ?? context.languageRoots[0]
        var html: HTML = "<details class=\"g-lang\"><summary aria-label=\"\(context.strings.language): \(current.name)\">\(current.name)</summary><ul>"
        for language in context.languageRoots {
            let target = here.first { $0.locale == language.locale }?.url ?? language.url
            let address = target.hasPrefix("/") || target.contains("://") ? target : PageTemplate.href(target, root: root)
            let currentMark: HTML = language.locale == current.locale ? " aria-current=\"true\"" : .empty
            html += "<li><a href=\"\(address)\" hreflang=\"\(language.locale)\" lang=\"\(language.locale)\"\(currentMark)>\(language.name)</a></li>"
        }
        return html + "</ul></details>\n"
    }

    /// One tab per top-level nav entry, as Material 9 lays them out: a page is a tab of its
    /// own wherever it stands (before, between or after sections), and a section's tab links
    /// to its first page.
    static func tabs(_ context: SiteContext, open: Set<Int>, current: Int?, root: String) -> HTML {
        var html: HTML = "<nav class=\"g-tabs md-tabs\" aria-label=\"Sections\">\n<ul>\n"
        func tab(_ title: HTML, href: String, active: Bool) -> HTML {
            active ? "<li class=\"g-active\"><a href=\"\(href)\" aria-current=\"true\">\(title)</a></li>\n" : "<li><a href=\"\(href)\">\(title)</a></li>\n"
        }
        for node in context.navTree {
            switch node.kind {
            case .page(let id, let url):
                html += tab(node.title, href: PageTemplate.href(url, root: root), active: id == current)
            case .link(let url, let relative):
                html += tab(node.title, href: relative ? root + url : url, active: false)
            case .section(let number, let children, let firstURL):
                if let firstURL {
                    html += tab(node.title, href: PageTemplate.href(firstURL, root: root), active: open.contains(number))
                } else if let link = firstLink(in: children) {
                    // A section of links only (an "API Reference" of external pages) still
                    // gets its tab, leading to its first link, or it could not be reached.
                    html += tab(node.title, href: link.relative ? root + link.url : link.url, active: false)
                }
            }
        }
        return html + "</ul>\n</nav>\n"
    }

    /// The first link entry under `nodes`, depth first.
    static func firstLink(in nodes: [SiteContext.NavNode]) -> (url: String, relative: Bool)? {
        for node in nodes {
            switch node.kind {
            case .link(let url, let relative): return (url, relative)
            case .section(_, let children, _): if let link = firstLink(in: children) { return link }
            case .page: continue
            }
        }
        return nil
    }
}
