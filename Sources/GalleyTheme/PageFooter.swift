// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyMarkup
import GalleyPages

/// The footer: copyright, `extra.social` links and the generator line.
enum PageFooter {
    /// The footer around its parts: the copyright and generator lines, then the social links.
    static func wrap(_ copyright: HTML, social: HTML) -> HTML {
        "<footer class=\"g-footer md-footer\">\n<div class=\"g-footer-inner\">\n<div class=\"g-footer-text\">\n" + copyright + "</div>\n" + social + "</div>\n</footer>\n"
    }

    /// `copyright` from the configuration and the generator line.
    static func copyright(_ context: SiteContext) -> HTML {
        var html = HTML.empty
        if let copyright = context.config.copyright {
            // mkdocs passes `copyright` through as HTML (`&copy;`, links).
            html += "<p class=\"g-copyright\">\(HTML(trusted: copyright))</p>\n"
        }
        return html + "<p class=\"g-generator\">Made with Galley</p>\n"
    }

    /// The `extra.social` links, or nothing.
    static func social(_ context: SiteContext) -> HTML {
        let links = socialLinks(context.config.extra)
        guard !links.isEmpty else { return .empty }
        var html: HTML = "<ul class=\"g-social\">\n"
        for link in links {
            let icon = BrandIcon(icon: link.icon, link: link.url)
            let label = link.name ?? icon.name
            html += "<li><a href=\"\(link.url)\" title=\"\(label)\" aria-label=\"\(label)\">\(context.icons.svg(link.icon) ?? icon.svg)</a></li>\n"
        }
        return html + "</ul>\n"
    }

    /// `extra.social`: entries with a `link`, an optional `icon` and an optional `name`.
    static func socialLinks(_ extra: ConfigValue) -> [(url: String, icon: String?, name: String?)] {
        (extra["social"]?.list ?? []).compactMap { entry in
            guard let url = entry["link"]?.string else { return nil }
            return (url, entry["icon"]?.string, entry["name"]?.string)
        }
    }
}
