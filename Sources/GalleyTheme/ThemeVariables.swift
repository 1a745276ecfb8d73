// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyFileSystem
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources
import GalleyTemplates

/// The variables mkdocs gives theme templates (`config`, `page`, `nav`, `base_url`), and
/// mkdocs-material's `features`, as templates read them; with `galley`, the parts of
/// Galley's own layout.
enum ThemeVariables {
    /// The names every page's templates can use; any other is reported where a template
    /// names it.
    static let names: Set<String> = [
        "config", "page", "nav", "base_url", "extra", "features", "extra_css", "extra_javascript", "galley",
        "loop",
    ]

    /// What every page shares, converted once per build.
    static func site(_ config: SiteConfig) -> [String: TemplateValue] {
        [
            "config": TemplateEngine.value(config.templateView),
            "extra": TemplateEngine.value(config.extra),
            "features": TemplateValue(config.theme.features),
        ]
    }

    /// `shared` with one page's own variables.
    /// `navigation` is the site's nav as ``navigation(_:root:)`` makes it for the page's
    /// folder depth, not yet marked for this page.
    static func page(_ page: RenderedPage, layout: PageLayout, context: SiteContext, shared: [String: TemplateValue], navigation: SiteNavigationValue) -> [String: TemplateValue] {
        let config = context.config
        let root = layout.root
        var variables = shared
        // mkdocs' `base_url` is the way to the root without its last slash (`..`, `.`); on
        // the 404 page, which answers at any depth, the site's path.
        variables["base_url"] = .string(page.file.destination == "404.html" ? root : root.isEmpty ? "." : String(root.dropLast()))
        variables["extra_css"] = TemplateValue(config.extraCSS.map { PageTemplate.assetURL($0, root: root) })
        variables["extra_javascript"] = TemplateValue(config.extraJavaScript.map { PageTemplate.assetURL($0, root: root) })
        var pageVariables: [String: Any] = [
            "title": context.title(of: page),
            "url": page.file.url,
            "abs_url": config.servedPath + page.file.url,
            "is_homepage": page.file.url.isEmpty && page.file.destination != "404.html",
            "content": layout.pageHTML.string,
            "toc": tableOfContents(layout.toc),
            "meta": meta(page, context: context),
            "file": ["src_path": page.file.path, "src_uri": page.file.path, "dest_path": page.file.destination, "url": page.file.url, "name": PathName.lastComponent(page.file.path)],
        ]
        if let siteURL = config.siteURL { pageVariables["canonical_url"] = PageTemplate.joinURL(siteURL, page.file.url) }
        if let edit = PageLayout.editLink(page, config: config) { pageVariables["edit_url"] = edit }
        if let position = context.position[page.file.path] {
            if position > 0 { pageVariables["previous_page"] = link(context.order[position - 1].page, context: context, root: root) }
            if position + 1 < context.order.count { pageVariables["next_page"] = link(context.order[position + 1].page, context: context, root: root) }
        }
        // mkdocs' `page.parent` (the section holding the page, each with its own `parent`)
        // and `page.ancestors` (innermost first); a page outside any section has neither.
        let sections = ancestors(context.navigation.items, current: page.file.path) ?? []
        var parent: [String: Any]?
        var chain: [[String: Any]] = []
        for title in sections {
            var section: [String: Any] = ["title": title, "is_section": true, "is_page": false, "is_link": false]
            if let outer = parent { section["parent"] = outer }
            parent = section
            chain.insert(section, at: 0)
        }
        if let parent { pageVariables["parent"] = parent }
        pageVariables["ancestors"] = chain
        variables["page"] = TemplateValue(pageVariables)
        variables["nav"] = navigation.marking(page.file.path)
        // The parts of Galley's own layout, as text each; typed here, so nothing is looked
        // at at run time to convert them (keys sorted, as a converted dictionary has them).
        let parts: [(String, String)] = [
            ("analytics", layout.analytics.string), ("body_start", layout.bodyStart.string), ("consent", layout.consent.string),
            ("content", layout.content.string), ("copyright", layout.copyright.string), ("feedback", layout.feedback.string),
            ("header", layout.header.string), ("language", MarkupText.escape(layout.language)), ("live_reload", layout.liveReload.string),
            ("meta", layout.meta.string), ("navigation", layout.navigation.string), ("pagination", layout.pagination.string),
            ("scheme_script", layout.schemeScript.string), ("scripts", layout.scripts.string), ("social", layout.social.string),
            ("styles", layout.styles.string), ("tabs", layout.tabs.string), ("title", layout.title.string), ("toc", layout.tableOfContents.string),
        ]
        variables["galley"] = .dict(TemplateDict(parts.map { ($0.0, .string($0.1)) }))
        return variables
    }

    /// The front matter, with the dates the `git-revision-date-localized` plugin adds to it.
    private static func meta(_ page: RenderedPage, context: SiteContext) -> [String: Any] {
        var meta = page.metadata.values
        if let revisions = context.revisionDates, let dates = revisions.dates(of: page.file.path) {
            meta["git_revision_date_localized"] = revisions.text(dates.updated, language: context.config.theme.language)
            meta["git_creation_date_localized"] = revisions.text(dates.created, language: context.config.theme.language)
        }
        return meta
    }

    /// A neighbouring page as templates see it: its title, as text, and its URL from here.
    private static func link(_ page: PageFile, context: SiteContext, root: String) -> [String: Any] {
        ["title": context.title(ofPath: page.path), "url": PageTemplate.href(page.url, root: root)]
    }

    private static func tableOfContents(_ entries: [TOCEntry]) -> [[String: Any]] {
        entries.map { ["title": $0.title, "url": "#" + $0.id, "level": $0.level, "children": tableOfContents($0.children)] }
    }

    /// The titles of the sections that hold the page at `current`, outermost first; `nil`
    /// when the nav does not list it.
    private static func ancestors(_ items: [Navigation.Item], current: String) -> [String]? {
        for item in items {
            switch item {
            case .page(_, let file) where file.path == current: return []
            case .section(let title, let children):
                if let inner = ancestors(children, current: current) { return [title] + inner }
            default: continue
            }
        }
        return nil
    }
}
