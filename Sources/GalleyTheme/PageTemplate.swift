import GalleyConfig
import GalleyMarkdown
import GalleyPages
import GalleySources

/// Lays a rendered page out in the default theme: header, navigation, content, table of
/// contents, footer.
public enum PageTemplate {
    /// The complete HTML document for `page`.
    public static func render(_ page: RenderedPage, context: SiteContext) -> String {
        let config = context.config
        let root = rootPath(from: page.file.url)
        let pageTitle = page.file.url.isEmpty && page.title == "Home" ? config.siteName : "\(page.title) - \(config.siteName)"
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
        if let favicon = config.theme.favicon {
            html += "<link rel=\"icon\" href=\"\(HTMLText.escape(root + favicon))\">\n"
        }
        html += "<title>\(HTMLText.escape(pageTitle))</title>\n"
        html += "<link rel=\"stylesheet\" href=\"\(root)\(ThemeAssets.directory)/galley.css\">\n"
        for css in config.extraCSS {
            html += "<link rel=\"stylesheet\" href=\"\(HTMLText.escape(assetURL(css, root: root)))\">\n"
        }
        html += "</head>\n<body data-root=\"\(root)\">\n"
        html += "<a class=\"skip-link\" href=\"#content\">Skip to content</a>\n"
        html += header(page, context: context, root: root)
        html += "<div class=\"layout\">\n<nav class=\"site-nav\" aria-label=\"Site\">\n"
        html += navigationHTML(
            context,
            current: context.position[page.file.path],
            open: context.sectionsContaining[page.file.path] ?? [],
            root: root
        )
        html += "</nav>\n<main id=\"content\" class=\"content\">\n<article>\n"
        if let editURI = config.editURI, let repoURL = config.repoURL {
            let link = joinURL(joinURL(repoURL, editURI), page.file.path)
            html += "<a class=\"edit-link\" href=\"\(HTMLText.escape(link))\" title=\"Edit this page\">Edit this page</a>\n"
        }
        html += page.html
        html += "</article>\n"
        html += previousNext(page.file, context: context, root: root)
        html += "</main>\n"
        if !page.toc.isEmpty, !page.metadata.hide.contains("toc") {
            html += "<nav class=\"page-toc\" aria-label=\"On this page\">\n<p class=\"page-toc-title\">On this page</p>\n"
            html += tocHTML(page.toc)
            html += "</nav>\n"
        }
        html += "</div>\n<footer class=\"site-footer\">\n"
        if let copyright = config.copyright {
            html += "<p class=\"copyright\">\(copyright)</p>\n"
        }
        html += "<p class=\"generator\">Made with Galley</p>\n</footer>\n"
        html += "<script src=\"\(root)\(ThemeAssets.directory)/galley.js\"></script>\n"
        for script in config.extraJavaScript {
            html += "<script src=\"\(HTMLText.escape(assetURL(script, root: root)))\"></script>\n"
        }
        html += "</body>\n</html>\n"
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

    private static func header(_ page: RenderedPage, context: SiteContext, root: String) -> String {
        let config = context.config
        var html = "<header class=\"site-header\">\n<a class=\"site-title\" href=\"\(root.isEmpty ? "./" : root)\">"
        if let logo = config.theme.logo {
            html += "<img class=\"logo\" src=\"\(HTMLText.escape(root + logo))\" alt=\"\">"
        }
        html += "<span>\(HTMLText.escape(config.siteName))</span></a>\n"
        html += "<span class=\"page-title\">\(HTMLText.escape(page.title))</span>\n"
        html += "<form class=\"search\" role=\"search\" onsubmit=\"return false\"><input type=\"search\" name=\"q\" placeholder=\"Search\" aria-label=\"Search\" autocomplete=\"off\"><ol class=\"search-results\" hidden></ol></form>\n"
        if let repoURL = config.repoURL {
            let name = config.repoName ?? repoURL
            html += "<a class=\"repo-link\" href=\"\(HTMLText.escape(repoURL))\">\(HTMLText.escape(name))</a>\n"
        }
        html += "</header>\n"
        return html
    }

    /// The nav list. Only the current page's branch is listed in full: listing every page on
    /// every page would make a site's size grow with the square of its page count. Entries off
    /// that branch read the same on every page at the same depth, so they come from
    /// ``SiteContext/closedNavigation``.
    private static func navigationHTML(_ context: SiteContext, current: Int?, open: Set<Int>, root: String) -> String {
        var html = "<ul>\n"
        navigationItems(context.navTree, current: current, open: open, root: root, closed: context.closedNavigation[root], into: &html)
        return html + "</ul>\n"
    }

    /// Appends the `<li>` entries of `nodes` to `html`, taking untouched ones from `closed`.
    private static func navigationItems(_ nodes: [SiteContext.NavNode], current: Int?, open: Set<Int>, root: String, closed: [String]?, into html: inout String) {
        for node in nodes {
            switch node.kind {
            case .page(let id, let url):
                if id == current {
                    html += "<li class=\"current\"><a href=\"\(href(url, root: root))\" aria-current=\"page\">\(node.title)</a></li>\n"
                } else if let closed {
                    html += closed[node.serial]
                } else {
                    html += "<li><a href=\"\(href(url, root: root))\">\(node.title)</a></li>\n"
                }
            case .link(let url, let relative):
                html += "<li><a class=\"external\" href=\"\(relative ? root + url : url)\">\(node.title)</a></li>\n"
            case .section(let number, let children, let firstURL):
                if open.contains(number) || firstURL == nil {
                    html += "<li class=\"section\"><details\(open.contains(number) ? " open" : "")><summary>\(node.title)</summary>\n<ul>\n"
                    navigationItems(children, current: current, open: open, root: root, closed: closed, into: &html)
                    html += "</ul>\n</details></li>\n"
                } else if let closed {
                    html += closed[node.serial]
                } else if let firstURL {
                    html += "<li class=\"section collapsed\"><a href=\"\(href(firstURL, root: root))\">\(node.title)</a></li>\n"
                }
            }
        }
    }

    /// Every nav entry, by serial, as it reads on a page whose way to the root is `root` and
    /// that lies outside it.
    static func closedNavigationItems(_ nodes: [SiteContext.NavNode], count: Int, root: String) -> [String] {
        var items = Array(repeating: "", count: count)
        func visit(_ nodes: [SiteContext.NavNode]) {
            for node in nodes {
                var html = ""
                navigationItems([node], current: nil, open: [], root: root, closed: nil, into: &html)
                items[node.serial] = html
                if case .section(_, let children, _) = node.kind { visit(children) }
            }
        }
        visit(nodes)
        return items
    }

    /// `url` (already escaped) from a page whose way to the site root is `root`.
    private static func href(_ url: String, root: String) -> String {
        let link = root + url
        return link.isEmpty ? "./" : link
    }

    private static func tocHTML(_ entries: [TOCEntry]) -> String {
        var html = "<ul>\n"
        for entry in entries {
            html += "<li><a href=\"#\(HTMLText.escape(entry.id))\">\(HTMLText.escape(entry.title))</a>"
            if !entry.children.isEmpty { html += "\n" + tocHTML(entry.children) }
            html += "</li>\n"
        }
        return html + "</ul>\n"
    }

    private static func previousNext(_ current: PageFile, context: SiteContext, root: String) -> String {
        let order = context.order
        guard let index = context.position[current.path] else { return "" }
        var html = "<nav class=\"prev-next\" aria-label=\"Previous and next pages\">\n"
        if index > 0 {
            let previous = order[index - 1]
            html += "<a class=\"prev\" rel=\"prev\" href=\"\(href(HTMLText.escape(previous.page.url), root: root))\">← \(previous.title)</a>\n"
        }
        if index + 1 < order.count {
            let next = order[index + 1]
            html += "<a class=\"next\" rel=\"next\" href=\"\(href(HTMLText.escape(next.page.url), root: root))\">\(next.title) →</a>\n"
        }
        return html + "</nav>\n"
    }
}
