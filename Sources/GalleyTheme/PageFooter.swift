import GalleyConfig
import GalleyPages

/// The footer: copyright, `extra.social` links and the generator line.
enum PageFooter {
    static func render(_ context: SiteContext, root: String) -> String {
        var html = "<footer class=\"g-footer\">\n<div class=\"g-footer-inner\">\n<div class=\"g-footer-text\">\n"
        if let copyright = context.config.copyright {
            // mkdocs passes `copyright` through as HTML (`&copy;`, links).
            html += "<p class=\"g-copyright\">\(copyright)</p>\n"
        }
        html += "<p class=\"g-generator\">Made with Galley</p>\n</div>\n"
        let links = socialLinks(context.config.extra)
        if !links.isEmpty {
            html += "<ul class=\"g-social\">\n"
            for link in links {
                let icon = BrandIcon(icon: link.icon, link: link.url)
                let label = link.name ?? icon.name
                html += "<li><a href=\"\(HTMLText.escape(link.url))\" title=\"\(HTMLText.escape(label))\" aria-label=\"\(HTMLText.escape(label))\">\(icon.svg)</a></li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</div>\n</footer>\n"
    }

    /// `extra.social`: entries with a `link`, an optional `icon` and an optional `name`.
    static func socialLinks(_ extra: ConfigValue) -> [(url: String, icon: String?, name: String?)] {
        (extra["social"]?.list ?? []).compactMap { entry in
            guard let url = entry["link"]?.string else { return nil }
            return (url, entry["icon"]?.string, entry["name"]?.string)
        }
    }
}
