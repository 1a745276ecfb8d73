// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources

/// One page's layout in parts, each ``HTML``: joined in order they make Galley's page; with
/// overridden templates, each fills the block of the same place (``ThemeOverrides``).
struct PageLayout {
    /// The way from the page back to the site root (`../`); absolute on the 404 page. Text,
    /// not HTML: it is escaped wherever it is put.
    var root: String
    /// `<html lang>`, as text.
    var language: String
    /// Meta tags, canonical link and icon.
    var meta: HTML
    /// The `<title>`'s text.
    var title: HTML
    var styles: HTML
    /// Picks the colour scheme before the first paint.
    var schemeScript: HTML
    /// `extra.analytics`: the property `galley.js` starts Google Analytics with.
    var analytics: HTML
    /// `<body>` and the skip link.
    var bodyStart: HTML
    var header: HTML
    var tabs: HTML
    /// The navigation drawer.
    var navigation: HTML
    /// The edit link, an `<h1>` when the page has none, and the page's HTML.
    var content: HTML
    /// The "Was this page helpful?" widget (`extra.analytics.feedback`).
    var feedback: HTML
    /// Links to the previous and next pages.
    var pagination: HTML
    var tableOfContents: HTML
    /// The copyright line and the generator line.
    var copyright: HTML
    /// `extra.social` links.
    var social: HTML
    /// The cookie-consent dialog (`extra.consent`).
    var consent: HTML
    /// Galley's script and `extra_javascript`.
    var scripts: HTML
    /// `galley serve`'s live-reload client, kept whatever a template does with `scripts`.
    var liveReload: HTML
    /// The page's own HTML, a tags listing in place of its marker; and its table of contents,
    /// with the listing's tags. Templates get these as `page.content` and `page.toc`.
    var pageHTML: HTML
    var toc: [TOCEntry]

    init(_ page: RenderedPage, context: SiteContext) {
        let config = context.config
        // The 404 page answers for missing URLs at any depth, so its links cannot be relative.
        let root = page.file.destination == "404.html" ? config.servedPath : PageTemplate.rootPath(from: page.file.url)
        self.root = root
        let assets = root + ThemeAssets.directory + "/"
        let current = context.position[page.file.path]
        let open = context.sectionsContaining[page.file.path] ?? []
        language = config.theme.language
        (pageHTML, toc) = Self.listingTags(page, context: context, root: root)
        meta = Self.meta(page, context: context, root: root)
        title = "\(Self.title(page, context: context))"
        var styles: HTML = "<link rel=\"stylesheet\" href=\"\(assets)galley.css\">\n"
        styles += "<link rel=\"stylesheet\" href=\"\(assets)\(ThemeAssets.paletteFile)\">\n"
        for css in config.extraCSS {
            styles += "<link rel=\"stylesheet\" href=\"\(PageTemplate.assetURL(css, root: root))\">\n"
        }
        self.styles = styles
        schemeScript = context.schemeScript
        analytics = context.analytics?.head ?? .empty
        var bodyClasses: [String] = []
        if context.showsTabs {
            bodyClasses.append("g-tabs-on")
            if !open.isEmpty { bodyClasses.append("g-in-section") }
        }
        let classAttribute: HTML = bodyClasses.isEmpty ? .empty : " class=\"\(bodyClasses.joined(separator: " "))\""
        // A language's pages search its own index.
        let searchRoot: HTML = context.searchPrefix.isEmpty ? .empty : " data-search-root=\"\(root + context.searchPrefix)\""
        // The script and the stylesheet turn on what `theme.features` asks for.
        let features = context.features.map(\.rawValue).sorted().joined(separator: " ")
        let featureAttribute: HTML = features.isEmpty ? .empty : " data-features=\"\(features)\""
        bodyStart = "<body\(classAttribute) data-root=\"\(root)\"\(searchRoot)\(featureAttribute)\(context.versioning)>\n"
            + "<a class=\"g-skip\" href=\"#content\">\(context.strings.skipToContent)</a>\n"
        header = PageHeader.render(page, context: context, root: root)
        tabs = context.showsTabs ? PageHeader.tabs(context, open: open, current: current, root: root) : .empty
        var navigation: HTML = "<nav id=\"g-nav\" class=\"g-nav\" aria-label=\"Site\">\n"
        navigation += "<div class=\"g-nav-head\"><span>\(config.siteName)</span>"
        navigation += "<button class=\"g-icon-button g-drawer-close\" type=\"button\" aria-label=\"\(context.strings.closeNavigation)\">\(Icon.close.svg)</button></div>\n"
        navigation += SiteNavigation.render(context, current: current, open: open, root: root, toc: page.metadata.hide.contains("toc") ? [] : toc)
        navigation += "</nav>\n"
        self.navigation = navigation
        var content = HTML.empty
        if let link = Self.editLink(page, config: config) {
            if context.features.contains(.contentActionEdit) {
                content += "<a class=\"g-edit\" href=\"\(link)\" title=\"\(context.strings.editPage)\" aria-label=\"\(context.strings.editPage)\">\(Icon.edit.svg)</a>\n"
            }
            if context.features.contains(.contentActionView) {
                // The page's Markdown as the repository serves it raw, as Material links it.
                let raw = link.replacingOccurrences(of: link.contains("/blob/") ? "blob" : "edit", with: "raw")
                content += "<a class=\"g-edit g-view\" href=\"\(raw)\" title=\"\(context.strings.viewSource)\" aria-label=\"\(context.strings.viewSource)\">\(Icon.view.svg)</a>\n"
            }
        }
        if context.features.contains(.navigationPath), let current {
            content += SiteNavigation.path(to: current, context: context, root: root)
        }
        // An untranslated page says so in the reader's language and links the page in its own
        // language; its text is marked as that language, for screen readers and hyphenation.
        let original = context.untranslated.contains(page.file.path)
            ? context.alternates[page.file.url]?.first { $0.locale == context.defaultLocale } : nil
        if context.untranslated.contains(page.file.path) {
            var notice: HTML = "\(context.strings.untranslated)"
            if let original {
                notice += " <a href=\"\(PageTemplate.href(original.url, root: root))\" hreflang=\"\(original.locale)\" lang=\"\(original.locale)\">\(original.name)</a>"
            }
            content += "<p class=\"g-untranslated\" lang=\"\(language)\">\(notice)</p>\n"
        }
        if let tags = context.tags {
            content += tags.pageTags(page.file.path, root: root, icons: context.icons, config: config)
        }
        // A page without a level-1 heading gets its title as one, as mkdocs-material does.
        if !page.html.string.containsBytes("<h1") {
            content += "<h1>\(context.title(of: page))</h1>\n"
        }
        // The Markdown stage's output is HTML already.
        if let original {
            content += "<div lang=\"\(original.locale)\">\n\(pageHTML)</div>\n"
        } else {
            content += pageHTML
        }
        if let dates = context.revisionDates {
            content += dates.html(for: page.file.path, language: language, strings: context.strings)
        }
        self.content = content
        feedback = context.analytics?.feedback(for: page, title: context.title(of: page), icons: context.icons) ?? .empty
        pagination = context.features.contains(.navigationFooter) ? SiteNavigation.previousNext(current, context: context, root: root) : .empty
        // With toc.integrate the table of contents is in the nav instead.
        if !toc.isEmpty, !page.metadata.hide.contains("toc"), !context.features.contains(.tocIntegrate) {
            tableOfContents = "<nav class=\"g-toc\" aria-labelledby=\"g-toc-title\">\n<p id=\"g-toc-title\" class=\"g-toc-title\">\(context.strings.onThisPage)</p>\n"
                + SiteNavigation.tableOfContents(toc) + "</nav>\n"
        } else {
            tableOfContents = .empty
        }
        copyright = PageFooter.copyright(context)
        social = PageFooter.social(context)
        consent = context.analytics?.consentDialog(strings: context.strings) ?? .empty
        // The words the script shows (copy buttons, search status) in the page's language.
        var scripts: HTML = context.stringsFile.map { "<script src=\"\(assets + $0)\"></script>\n" } ?? .empty
        scripts += "<script src=\"\(assets)galley.js\"></script>\n"
        for script in config.extraJavaScript {
            scripts += "<script src=\"\(PageTemplate.assetURL(script, root: root))\"></script>\n"
        }
        self.scripts = scripts
        liveReload = context.liveReloadScript.map { "<script src=\"\($0)\"></script>\n" } ?? .empty
    }

    /// The page's HTML with a tags listing where its marker is, and its table of contents
    /// with the listing's tags; the page's own when it holds no listing.
    private static func listingTags(_ page: RenderedPage, context: SiteContext, root: String) -> (HTML, [TOCEntry]) {
        guard let tags = context.tags, tags.settings.listings, page.html.string.contains(tags.marker) else { return (page.html, page.toc) }
        let listing = tags.listing(root: root, icons: context.icons, config: context.config) { context.title(ofPath: $0.path) }
        let html = HTML(trusted: tags.replacingMarkers(in: page.html.string, with: listing.string))
        return (html, tags.settings.listingsTOC ? adding(tags.tableOfContents, to: page.toc) : page.toc)
    }

    /// `entries` after the last of `toc`'s, inside the page's level-1 heading when it has one.
    static func adding(_ entries: [TOCEntry], to toc: [TOCEntry]) -> [TOCEntry] {
        var toc = toc
        if toc.count == 1, toc[0].level == 1 {
            toc[0].children += entries
        } else {
            toc += entries
        }
        return toc
    }

    /// The page in Galley's own layout, in the order its parts are written. A site on disk
    /// writes them one after another, so that a page of 20 MB is not joined into one more
    /// copy of itself first.
    var parts: [HTML] {
        [
            "<!doctype html>\n<html lang=\"\(language)\">\n<head>\n", meta, "<title>\(title)</title>\n", styles, schemeScript, analytics, "</head>\n",
            bodyStart, header, tabs, "<div class=\"g-layout\">\n<div class=\"g-scrim\" hidden></div>\n", navigation,
            "<main id=\"content\" class=\"g-main md-main md-content\" tabindex=\"-1\">\n<article class=\"g-content md-content__inner md-typeset\">\n",
            content, feedback, "</article>\n", pagination, "</main>\n", tableOfContents, "</div>\n",
            PageFooter.wrap(copyright, social: social), consent, scripts, liveReload, "</body>\n</html>\n",
        ]
    }

    /// Where the page's source can be edited: `repo_url` joined with `edit_uri` and the
    /// page's path.
    static func editLink(_ page: RenderedPage, config: SiteConfig) -> String? {
        guard let editURI = config.editURI, let repoURL = config.repoURL, !page.file.absolutePath.isEmpty else { return nil }
        return PageTemplate.joinURL(PageTemplate.joinURL(repoURL, editURI), page.file.path)
    }

    /// The front matter's title, else the nav's, else the page's own; the home page is the
    /// site's name unless its front matter says otherwise (as mkdocs-material).
    private static func title(_ page: RenderedPage, context: SiteContext) -> String {
        let siteName = context.config.siteName
        if let own = page.metadata.title, !own.isEmpty {
            return "\(own) - \(siteName)"
        } else if page.file.url.isEmpty || page.file.destination == "404.html" {
            return siteName
        }
        return "\(context.title(of: page)) - \(siteName)"
    }

    private static func meta(_ page: RenderedPage, context: SiteContext, root: String) -> HTML {
        let config = context.config
        var html: HTML = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="generator" content="\(context.generator)">

        """
        let description = page.metadata.description ?? config.siteDescription
        if let description {
            html += "<meta name=\"description\" content=\"\(description)\">\n"
        }
        if let author = config.siteAuthor {
            html += "<meta name=\"author\" content=\"\(author)\">\n"
        }
        let canonical = config.siteURL.map { PageTemplate.joinURL($0, page.file.url) }
        if let canonical {
            html += "<link rel=\"canonical\" href=\"\(canonical)\">\n"
        }
        for alternate in context.alternates[page.file.url] ?? [] {
            html += "<link rel=\"alternate\" hreflang=\"\(alternate.locale)\" href=\"\(PageTemplate.href(alternate.url, root: root))\">\n"
        }
        if let favicon = config.theme.favicon ?? config.theme.logo {
            html += "<link rel=\"icon\" href=\"\(PageTemplate.assetURL(favicon, root: root))\">\n"
        } else {
            // Without one, browsers ask every server for /favicon.ico and log the 404.
            html += "<link rel=\"icon\" type=\"image/svg+xml\" href=\"\(root + ThemeAssets.directory)/favicon.svg\">\n"
        }
        // The neighbouring pages, for browsers and for the `n` and `p` keys.
        if let position = context.position[page.file.path] {
            if position > 0 {
                html += "<link rel=\"prev\" href=\"\(PageTemplate.href(context.order[position - 1].page.url, root: root))\">\n"
            }
            if position + 1 < context.order.count {
                html += "<link rel=\"next\" href=\"\(PageTemplate.href(context.order[position + 1].page.url, root: root))\">\n"
            }
        }
        html += SocialMeta.tags(title: context.title(of: page), description: description, url: canonical, context: context, root: root)
        return html
    }
}
