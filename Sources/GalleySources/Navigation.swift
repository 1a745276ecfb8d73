// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics

/// The site's navigation with every page entry resolved to its file.
package struct Navigation: Sendable {
    /// One entry.
    package indirect enum Item: Sendable, Equatable {
        /// A page; `title` is `nil` when the nav gives none.
        case page(title: String?, PageFile)
        /// An external link.
        case link(title: String, url: String)
        /// A titled group.
        case section(title: String, children: [Item])
    }

    /// The top-level entries.
    package var items: [Item]

    /// A navigation of `items`.
    package init(items: [Item]) {
        self.items = items
    }

    /// The pages in reading order (for previous/next links).
    package var pagesInOrder: [PageFile] {
        var result: [PageFile] = []
        func collect(_ items: [Item]) {
            for item in items {
                switch item {
                case .page(_, let page): result.append(page)
                case .section(_, let children): collect(children)
                case .link: break
                }
            }
        }
        collect(items)
        return result
    }

    /// Builds the navigation from `config.nav`, or from every page when there is none.
    package static func resolve(_ config: SiteConfig, tree: SourceTree, log: inout DiagnosticLog) -> Navigation {
        guard let entries = config.nav else {
            let shown = tree.pages.filter { !tree.outsideNavigation.contains($0.path) }
            let home = shown.filter { $0.url.isEmpty }
            let rest = shown.filter { !$0.url.isEmpty }
            return Navigation(items: (home + rest).map { .page(title: nil, $0) })
        }
        let items = resolve(entries, config: config, tree: tree, log: &log)
        let navigation = Navigation(items: items)
        if let level = config.validation.level(ConfigCodes.navOmittedFiles) {
            let listed = Set(navigation.pagesInOrder.map(\.path))
            for page in tree.pages where !listed.contains(page.path) && !tree.outsideNavigation.contains(page.path) && !GlobPattern.matchesAny(config.notInNav, path: page.path) {
                log.report(Diagnostic(level, at: SourceLocation(file: page.path), "the page is not in the `nav` configuration", code: ConfigCodes.navOmittedFiles))
            }
        }
        return navigation
    }

    private static func resolve(_ entries: [NavEntry], config: SiteConfig, tree: SourceTree, log: inout DiagnosticLog) -> [Item] {
        entries.compactMap { entry in
            switch entry {
            case .page(let title, let path, let line):
                if let page = tree.page(at: path) {
                    return .page(title: title, page)
                }
                if let level = config.validation.level(ConfigCodes.navNotFound) {
                    log.report(Diagnostic(
                        level,
                        at: SourceLocation(file: config.configFile, line: line),
                        "the nav entry \(title.map { "`\($0)` " } ?? "")points to `\(path)`, which is not a page in the docs directory",
                        code: ConfigCodes.navNotFound
                    ))
                }
                return .link(title: title ?? path, url: path)
            case .link(let title, let url, _):
                return .link(title: title, url: url)
            case .section(let title, let children, _):
                return .section(title: title, children: resolve(children, config: config, tree: tree, log: &log))
            }
        }
    }
}
