// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyMarkup
import GalleyPages

/// Open Graph and Twitter card meta tags, so that a link to a page shared in a chat or a post
/// shows its title and description. No card image is drawn: with `site_url` set, the theme's
/// logo (an absolute URL is required there) stands as the image.
enum SocialMeta {
    static func tags(title: String, description: String?, url: String?, context: SiteContext, root: String) -> HTML {
        let config = context.config
        var html: HTML = "<meta property=\"og:type\" content=\"website\">\n"
        html += "<meta property=\"og:site_name\" content=\"\(config.siteName)\">\n"
        html += "<meta property=\"og:title\" content=\"\(title)\">\n"
        if let description {
            html += "<meta property=\"og:description\" content=\"\(description)\">\n"
        }
        if let url {
            html += "<meta property=\"og:url\" content=\"\(url)\">\n"
        }
        var image: String?
        if let logo = config.theme.logo {
            if logo.contains("://") {
                image = logo
            } else if let siteURL = config.siteURL {
                image = PageTemplate.joinURL(siteURL, logo.hasPrefix("/") ? String(logo.dropFirst()) : logo)
            }
        }
        if let image {
            html += "<meta property=\"og:image\" content=\"\(image)\">\n"
        }
        html += "<meta name=\"twitter:card\" content=\"\(image == nil ? "summary" : "summary_large_image")\">\n"
        html += "<meta name=\"twitter:title\" content=\"\(title)\">\n"
        if let description {
            html += "<meta name=\"twitter:description\" content=\"\(description)\">\n"
        }
        return html
    }
}
