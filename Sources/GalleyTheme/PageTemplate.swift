import GalleyConfig
import GalleyMarkdown
import GalleyPages
import GalleySources

/// Lays a rendered page out in the default theme: header, section tabs, navigation drawer,
/// content, table of contents, footer.
public enum PageTemplate {
    /// The complete HTML document for `page`.
    public static func render(_ page: RenderedPage, context: SiteContext) -> String {
        let config = context.config
        // The 404 page answers for missing URLs at any depth, so its links cannot be relative.
        let root = page.file.destination == "404.html" ? config.servedPath : rootPath(from: page.file.url)
        let current = context.position[page.file.path]
        let open = context.sectionsContaining[page.file.path] ?? []
        var html = head(page, context: context, root: root)
        var bodyClasses: [String] = []
        if context.showsTabs {
            bodyClasses.append("g-tabs-on")
            if !open.isEmpty { bodyClasses.append("g-in-section") }
        }
        html += "<body\(bodyClasses.isEmpty ? "" : " class=\"\(bodyClasses.joined(separator: " "))\"") data-root=\"\(root)\">\n"
        html += "<a class=\"g-skip\" href=\"#content\">Skip to content</a>\n"
        html += PageHeader.render(page, context: context, root: root)
        if context.showsTabs {
            html += PageHeader.tabs(context, open: open, current: current, root: root)
        }
        html += "<div class=\"g-layout\">\n<div class=\"g-scrim\" hidden></div>\n"
        html += "<nav id=\"g-nav\" class=\"g-nav\" aria-label=\"Site\">\n"
        html += "<div class=\"g-nav-head\"><span>\(HTMLText.escape(config.siteName))</span>"
        html += "<button class=\"g-icon-button g-drawer-close\" type=\"button\" aria-label=\"Close navigation\">\(Icon.close.svg)</button></div>\n"
        html += SiteNavigation.render(context, current: current, open: open, root: root)
        html += "</nav>\n<main id=\"content\" class=\"g-main\" tabindex=\"-1\">\n<article class=\"g-content\">\n"
        if let editURI = config.editURI, let repoURL = config.repoURL, !page.file.absolutePath.isEmpty {
            let link = joinURL(joinURL(repoURL, editURI), page.file.path)
            html += "<a class=\"g-edit\" href=\"\(HTMLText.escape(link))\" title=\"Edit this page\" aria-label=\"Edit this page\">\(Icon.edit.svg)</a>\n"
        }
        // A page without a level-1 heading gets its title as one, as mkdocs-material does.
        if !page.html.contains("<h1") {
            html += "<h1>\(HTMLText.escape(context.title(of: page)))</h1>\n"
        }
        html += page.html
        html += "</article>\n"
        html += SiteNavigation.previousNext(current, context: context, root: root)
        html += "</main>\n"
        if !page.toc.isEmpty, !page.metadata.hide.contains("toc") {
            html += "<nav class=\"g-toc\" aria-labelledby=\"g-toc-title\">\n<p id=\"g-toc-title\" class=\"g-toc-title\">On this page</p>\n"
            html += SiteNavigation.tableOfContents(page.toc)
            html += "</nav>\n"
        }
        html += "</div>\n"
        html += PageFooter.render(context, root: root)
        html += "<script src=\"\(root)\(ThemeAssets.directory)/galley.js\"></script>\n"
        for script in config.extraJavaScript {
            html += "<script src=\"\(HTMLText.escape(assetURL(script, root: root)))\"></script>\n"
        }
        if let live = context.liveReloadScript {
            html += "<script src=\"\(HTMLText.escape(live))\"></script>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// `<!doctype>` through `</head>`, including the script that applies the reader's colour
    /// scheme before the first paint.
    private static func head(_ page: RenderedPage, context: SiteContext, root: String) -> String {
        let config = context.config
        // The front matter's title, else the nav's, else the page's own; the home page is
        // the site's name unless its front matter says otherwise (as mkdocs-material).
        let pageTitle: String
        if let own = page.metadata.title, !own.isEmpty {
            pageTitle = "\(own) - \(config.siteName)"
        } else if page.file.url.isEmpty || page.file.destination == "404.html" {
            pageTitle = config.siteName
        } else {
            pageTitle = "\(context.title(of: page)) - \(config.siteName)"
        }
        var html = """
        <!doctype html>
        <html lang="\(HTMLText.escape(config.theme.language))">
        <head>
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
            html += "<link rel=\"canonical\" href=\"\(HTMLText.escape(joinURL(siteURL, page.file.url)))\">\n"
        }
        if let favicon = config.theme.favicon ?? config.theme.logo {
            html += "<link rel=\"icon\" href=\"\(HTMLText.escape(assetURL(favicon, root: root)))\">\n"
        } else {
            // Without one, browsers ask every server for /favicon.ico and log the 404.
            html += "<link rel=\"icon\" type=\"image/svg+xml\" href=\"\(root)\(ThemeAssets.directory)/favicon.svg\">\n"
        }
        html += "<title>\(HTMLText.escape(pageTitle))</title>\n"
        html += "<link rel=\"stylesheet\" href=\"\(root)\(ThemeAssets.directory)/galley.css\">\n"
        html += "<link rel=\"stylesheet\" href=\"\(root)\(ThemeAssets.directory)/\(ThemeAssets.paletteFile)\">\n"
        for css in config.extraCSS {
            html += "<link rel=\"stylesheet\" href=\"\(HTMLText.escape(assetURL(css, root: root)))\">\n"
        }
        html += context.schemeScript
        html += "</head>\n"
        return html
    }

    /// From a page URL back to the site root: `a/b/` → `../../`.
    public static func rootPath(from url: String) -> String {
        let depth = url.hasSuffix("/") ? url.split(separator: "/").count : max(url.split(separator: "/").count - 1, 0)
        return String(repeating: "../", count: depth)
    }

    static func assetURL(_ path: String, root: String) -> String {
        path.contains("://") || path.hasPrefix("/") ? path : root + path
    }

    static func joinURL(_ base: String, _ path: String) -> String {
        base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `url` (already escaped) from a page whose way to the site root is `root`.
    static func href(_ url: String, root: String) -> String {
        let link = root + url
        return link.isEmpty ? "./" : link
    }
}
