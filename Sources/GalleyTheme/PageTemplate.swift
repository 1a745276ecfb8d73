// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources

/// Lays a rendered page out in the default theme: header, section tabs, navigation drawer,
/// content, table of contents, footer. With templates in `theme.custom_dir`, the same parts
/// fill the blocks of the theme's templates (``ThemeOverrides``).
package enum PageTemplate {
    /// The complete HTML document for `page`, in the site's templates when it has them and
    /// they render it (their failures are kept for ``failures(context:pageCount:)``), else in
    /// Galley's own layout.
    package static func render(_ page: RenderedPage, context: SiteContext) -> String {
        parts(page, context: context).joined()
    }

    /// The same document as ``render(_:context:)``, in pieces to be written one after
    /// another (one piece when the site's templates render it).
    package static func parts(_ page: RenderedPage, context: SiteContext) -> [String] {
        let layout = PageLayout(page, context: context)
        if let overrides = context.overrides, let html = overrides.render(page, layout: layout, context: context) {
            return [html]
        }
        return layout.parts.map(\.string)
    }

    /// The warnings for the site's templates' failures since the last call, each with the
    /// page whose diagnostics should carry it: one per way they failed, counting the pages.
    package static func failures(context: SiteContext, pageCount: Int) -> [(page: String, diagnostic: Diagnostic)] {
        context.overrides?.takeFailures(pageCount: pageCount) ?? []
    }

    /// From a page URL back to the site root: `a/b/` → `../../`.
    package static func rootPath(from url: String) -> String {
        let depth = url.hasSuffix("/") ? url.split(separator: "/").count : max(url.split(separator: "/").count - 1, 0)
        return String(repeating: "../", count: depth)
    }

    static func assetURL(_ path: String, root: String) -> String {
        path.contains("://") || path.hasPrefix("/") ? path : root + path
    }

    static func joinURL(_ base: String, _ path: String) -> String {
        base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `url` from a page whose way to the site root is `root`.
    static func href(_ url: String, root: String) -> String {
        let link = root + url
        return link.isEmpty ? "./" : link
    }
}
