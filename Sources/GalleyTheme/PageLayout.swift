import Foundation
import GalleyConfig
import GalleyMarkdown
import GalleySources
import GalleyPages

/// One page's layout in parts, each already HTML: joined in order they make Galley's page;
/// with overridden templates, each fills the block of the same place (``ThemeOverrides``).
struct PageLayout {
    /// The way from the page back to the site root (`../`); absolute on the 404 page.
    var root: String
    /// `<html lang>`.
    var language: String
    /// Meta tags, canonical link and icon.
    var meta: String
    /// The `<title>`'s text, escaped.
    var title: String
    var styles: String
    /// Picks the colour scheme before the first paint.
    var schemeScript: String
    /// `<body>` and the skip link.
    var bodyStart: String
    var header: String
    var tabs: String
    /// The navigation drawer.
    var navigation: String
    /// The edit link, an `<h1>` when the page has none, and the page's HTML.
    var content: String
    /// Links to the previous and next pages.
    var pagination: String
    var tableOfContents: String
    /// The copyright line and the generator line.
    var copyright: String
    /// `extra.social` links.
    var social: String
    /// Galley's script and `extra_javascript`.
    var scripts: String
    /// `galley serve`'s live-reload client, kept whatever a template does with `scripts`.
    var liveReload: String

    init(_ page: RenderedPage, context: SiteContext) {
        let config = context.config
        // The 404 page answers for missing URLs at any depth, so its links cannot be relative.
        let root = page.file.destination == "404.html" ? config.servedPath : PageTemplate.rootPath(from: page.file.url)
        self.root = root
        let current = context.position[page.file.path]
        let open = context.sectionsContaining[page.file.path] ?? []
        language = config.theme.language
        meta = Self.meta(page, context: context, root: root)
        title = HTMLText.escape(Self.title(page, context: context))
        var styles = "<link rel=\"stylesheet\" href=\"\(root)\(ThemeAssets.directory)/galley.css\">\n"
        styles += "<link rel=\"stylesheet\" href=\"\(root)\(ThemeAssets.directory)/\(ThemeAssets.paletteFile)\">\n"
        for css in config.extraCSS {
            styles += "<link rel=\"stylesheet\" href=\"\(HTMLText.escape(PageTemplate.assetURL(css, root: root)))\">\n"
        }
        self.styles = styles
        schemeScript = context.schemeScript
        var bodyClasses: [String] = []
        if context.showsTabs {
            bodyClasses.append("g-tabs-on")
            if !open.isEmpty { bodyClasses.append("g-in-section") }
        }
        // A language's pages search its own index.
        let searchRoot = context.searchPrefix.isEmpty ? "" : " data-search-root=\"\(root)\(HTMLText.escape(context.searchPrefix))\""
        bodyStart = "<body\(bodyClasses.isEmpty ? "" : " class=\"\(bodyClasses.joined(separator: " "))\"") data-root=\"\(root)\"\(searchRoot)>\n"
            + "<a class=\"g-skip\" href=\"#content\">\(HTMLText.escape(context.strings.skipToContent))</a>\n"
        header = PageHeader.render(page, context: context, root: root)
        tabs = context.showsTabs ? PageHeader.tabs(context, open: open, current: current, root: root) : ""
        var navigation = "<nav id=\"g-nav\" class=\"g-nav\" aria-label=\"Site\">\n"
        navigation += "<div class=\"g-nav-head\"><span>\(HTMLText.escape(config.siteName))</span>"
        navigation += "<button class=\"g-icon-button g-drawer-close\" type=\"button\" aria-label=\"\(HTMLText.escape(context.strings.closeNavigation))\">\(Icon.close.svg)</button></div>\n"
        navigation += SiteNavigation.render(context, current: current, open: open, root: root)
        navigation += "</nav>\n"
        self.navigation = navigation
        var content = ""
        if let link = Self.editLink(page, config: config) {
            content += "<a class=\"g-edit\" href=\"\(HTMLText.escape(link))\" title=\"\(HTMLText.escape(context.strings.editPage))\" aria-label=\"\(HTMLText.escape(context.strings.editPage))\">\(Icon.edit.svg)</a>\n"
        }
        if context.untranslated.contains(page.file.path) {
            content += "<p class=\"g-untranslated\" lang=\"\(HTMLText.escape(language))\">\(HTMLText.escape(context.strings.untranslated))</p>\n"
        }
        // A page without a level-1 heading gets its title as one, as mkdocs-material does.
        if !page.html.contains("<h1") {
            content += "<h1>\(HTMLText.escape(context.title(of: page)))</h1>\n"
        }
        content += page.html
        self.content = content
        pagination = SiteNavigation.previousNext(current, context: context, root: root)
        if !page.toc.isEmpty, !page.metadata.hide.contains("toc") {
            tableOfContents = "<nav class=\"g-toc\" aria-labelledby=\"g-toc-title\">\n<p id=\"g-toc-title\" class=\"g-toc-title\">\(HTMLText.escape(context.strings.onThisPage))</p>\n"
                + SiteNavigation.tableOfContents(page.toc) + "</nav>\n"
        } else {
            tableOfContents = ""
        }
        copyright = PageFooter.copyright(context)
        social = PageFooter.social(context)
        // The words the script shows (copy buttons, search status) in the page's language.
        var scripts = context.stringsFile.map { "<script src=\"\(root)\(ThemeAssets.directory)/\($0)\"></script>\n" } ?? ""
        scripts += "<script src=\"\(root)\(ThemeAssets.directory)/galley.js\"></script>\n"
        for script in config.extraJavaScript {
            scripts += "<script src=\"\(HTMLText.escape(PageTemplate.assetURL(script, root: root)))\"></script>\n"
        }
        self.scripts = scripts
        liveReload = context.liveReloadScript.map { "<script src=\"\(HTMLText.escape($0))\"></script>\n" } ?? ""
    }

    /// The page in Galley's own layout.
    var html: String {
        var html = "<!doctype html>\n<html lang=\"\(HTMLText.escape(language))\">\n<head>\n" + meta
        html += "<title>\(title)</title>\n" + styles + schemeScript + "</head>\n"
        html += bodyStart + header + tabs
        html += "<div class=\"g-layout\">\n<div class=\"g-scrim\" hidden></div>\n" + navigation
        html += "<main id=\"content\" class=\"g-main\" tabindex=\"-1\">\n<article class=\"g-content\">\n" + content + "</article>\n"
        html += pagination + "</main>\n" + tableOfContents + "</div>\n"
        html += PageFooter.wrap(copyright, social: social)
        html += scripts + liveReload + "</body>\n</html>\n"
        return html
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

    private static func meta(_ page: RenderedPage, context: SiteContext, root: String) -> String {
        let config = context.config
        var html = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="generator" content="\(HTMLText.escape(context.generator))">

        """
        if let description = page.metadata.description ?? config.siteDescription {
            html += "<meta name=\"description\" content=\"\(HTMLText.escape(description))\">\n"
        }
        if let author = config.siteAuthor {
            html += "<meta name=\"author\" content=\"\(HTMLText.escape(author))\">\n"
        }
        if let siteURL = config.siteURL {
            html += "<link rel=\"canonical\" href=\"\(HTMLText.escape(PageTemplate.joinURL(siteURL, page.file.url)))\">\n"
        }
        for alternate in context.alternates[page.file.url] ?? [] {
            html += "<link rel=\"alternate\" hreflang=\"\(HTMLText.escape(alternate.locale))\" href=\"\(PageTemplate.href(HTMLText.escape(alternate.url), root: root))\">\n"
        }
        if let favicon = config.theme.favicon ?? config.theme.logo {
            html += "<link rel=\"icon\" href=\"\(HTMLText.escape(PageTemplate.assetURL(favicon, root: root)))\">\n"
        } else {
            // Without one, browsers ask every server for /favicon.ico and log the 404.
            html += "<link rel=\"icon\" type=\"image/svg+xml\" href=\"\(root)\(ThemeAssets.directory)/favicon.svg\">\n"
        }
        return html
    }
}
