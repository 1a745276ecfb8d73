// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyFileSystem
import GalleyMarkup
import GalleyPages
import GalleySources

/// What the theme needs to know of the whole site when it lays out one page, prepared once
/// per build so that laying out each page costs the same however large the site is.
package struct SiteContext: Sendable {
    package var config: SiteConfig
    package var navigation: Navigation
    /// Page titles by path, for nav entries that give none.
    package var titles: [String: String]
    /// The build's generator line, for the `generator` meta tag.
    package var generator: String
    /// The address of the live-reload client that `galley serve` adds to every page; `nil`
    /// in a site built to be published.
    package var liveReloadScript: String?
    /// The icons the configuration names, from `custom_dir/.icons` or mkdocs-material.
    let icons: ThemeIcons
    /// A page in one language of a multi-language site.
    package struct Alternate: Sendable, Equatable {
        package var locale: String
        /// The language's name, for the selector.
        package var name: String
        /// The page's URL, relative to the site root.
        package var url: String

        package init(locale: String, name: String, url: String) {
            self.locale = locale
            self.name = name
            self.url = url
        }
    }

    /// For each page URL, the same page in every language of the site (itself included);
    /// empty for a site in one language.
    package var alternates: [String: [Alternate]] = [:]
    /// Every language's home, for pages with no counterpart elsewhere (the 404 page).
    package var languageRoots: [Alternate] = []
    /// The folder of this language's search index: `zh/`, or empty.
    package var searchPrefix = ""
    /// Pages shown from the default language's files, marked as untranslated.
    package var untranslated: Set<String> = []
    /// The default language's locale with the `i18n` plugin: the language of untranslated
    /// pages' text.
    package var defaultLocale: String?
    /// The theme's words in the site's language.
    let strings: ThemeStrings
    /// The same words for the page's script, encoded once (keys sorted: builds repeat byte for
    /// byte); `nil` for English, which the script has already.
    let stringsJSON: String?
    /// The name of the script holding ``stringsJSON`` in the theme's folder.
    let stringsFile: String?
    /// The site's templates in `theme.custom_dir`, when it has any.
    package var overrides: ThemeOverrides?
    /// Each page's dates from git, with the `git-revision-date-localized` plugin.
    package var revisionDates: RevisionDates?
    /// The `tags` plugin's tags, when the site uses it.
    package var tags: TagIndex?
    /// The `blog` plugin's blog, when the site has one.
    package var blog: Blog?
    /// Google Analytics, the feedback widget and the consent dialog (`extra.analytics`).
    let analytics: SiteAnalytics?

    /// One nav entry: its title as HTML (escaped once per build), its URLs as text.
    /// A class, not a struct: each page's navigation walks the tree, and copying a node's
    /// strings and children at every step was a twentieth of a large build's time.
    final class NavNode: Sendable {
        enum Kind: Sendable {
            /// `id` is the page's place in reading order.
            case page(id: Int, url: String)
            /// `relative` links are resolved against the site root.
            case link(url: String, relative: Bool)
            /// `number` counts sections in pre-order; `firstURL` is its first page's URL.
            case section(number: Int, children: [NavNode], firstURL: String?)
        }

        let title: HTML
        let kind: Kind
        /// The node's place in a pre-order walk of the whole nav, indexing ``SiteContext/closedNavigation``.
        let serial: Int
        /// With `navigation.indexes`, a section's `index.md` when it comes first: the section's
        /// title links to it, and it is not listed again among the children.
        let index: IndexPage?

        init(title: HTML, kind: Kind, serial: Int, index: IndexPage? = nil) {
            self.title = title
            self.kind = kind
            self.serial = serial
            self.index = index
        }
    }

    /// A section's own page (`navigation.indexes`).
    struct IndexPage: Sendable {
        /// The page's place in reading order.
        var id: Int
        var url: String
    }

    let navTree: [NavNode]
    /// The titles the nav gives pages, by path: mkdocs makes such a title the page's title.
    let navTitles: [String: String]
    /// Pages in reading order with their titles, and each page's place in it.
    let order: [(page: PageFile, title: HTML)]
    let position: [String: Int]
    /// For each page path, the numbers of the sections that contain it.
    let sectionsContaining: [String: Set<Int>]
    /// For each way back to the root that a page has (`""`, `"../"`, ...), every nav entry
    /// (by its serial) laid out as on a page outside it: most of every page's nav, made once.
    private(set) var closedNavigation: [String: [HTML]]
    /// Whether closed nav sections list their pages. Only for navs of up to
    /// ``expandedNavigationLimit`` entries: beyond that, every page carrying the whole nav
    /// would make the site grow with the square of its size, so closed sections link to
    /// their first page instead.
    let expandsClosedSections: Bool
    /// Entries in the largest nav that every page carries in full.
    package static let expandedNavigationLimit = 400
    /// The `theme.features` the theme does.
    package let features: Set<ThemeFeature>
    /// `<body>` attributes for the version selector (`extra.version.provider: mike`): the
    /// versions that are not outdated (`extra.version.default`) and whether aliases show.
    let versioning: HTML
    /// Top-level sections appear as tabs under the header (`features: tabs` or `navigation.tabs`).
    package var showsTabs: Bool { features.contains(.navigationTabs) }
    /// The search plugin is on, so the header has a search field.
    package let hasSearch: Bool
    /// The colour schemes the toggle cycles through.
    package let schemes: [Palette.Scheme]
    /// The inline `<script>` that picks the scheme before the page is painted: the reader's
    /// stored choice, else the first scheme whose media query matches.
    let schemeScript: HTML

    package init(config: SiteConfig, navigation: Navigation, titles: [String: String], generator: String = "Galley") {
        self.config = config
        self.navigation = navigation
        self.titles = titles
        self.generator = generator
        let pages = navigation.pagesInOrder
        order = pages.map { ($0, "\(titles[$0.path] ?? PageTitle.fromFileName($0.path))") }
        let position = Dictionary(pages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.position = position
        var containing: [String: Set<Int>] = [:]
        var counter = 0
        var serial = 0
        func nextSerial() -> Int {
            defer { serial += 1 }
            return serial
        }
        var navTitles: [String: String] = [:]
        let attachesIndexes = config.theme.enabledFeatures.contains(.navigationIndexes)
        func build(_ items: [Navigation.Item], open: [Int]) -> (nodes: [NavNode], firstURL: String?) {
            var nodes: [NavNode] = []
            var firstURL: String?
            for item in items {
                switch item {
                case .page(let title, let page):
                    containing[page.path, default: []].formUnion(open)
                    firstURL = firstURL ?? page.url
                    if let title, navTitles[page.path] == nil { navTitles[page.path] = title }
                    let text = title ?? titles[page.path] ?? PageTitle.fromFileName(page.path)
                    nodes.append(NavNode(title: "\(text)", kind: .page(id: position[page.path] ?? -1, url: page.url), serial: nextSerial()))
                case .link(let title, let url):
                    let relative = !(url.contains("://") || url.hasPrefix("/") || url.hasPrefix("mailto:"))
                    nodes.append(NavNode(title: "\(title)", kind: .link(url: url, relative: relative), serial: nextSerial()))
                case .section(let title, let children):
                    let number = counter
                    counter += 1
                    let own = nextSerial()
                    var inner = build(children, open: open + [number])
                    firstURL = firstURL ?? inner.firstURL
                    // Material's rule: the section's first child, when its file is an index page.
                    var index: IndexPage?
                    if attachesIndexes, case .page(_, let page)? = children.first, ["index.md", "README.md"].contains(PathName.lastComponent(page.path)),
                       case .page(let id, let url)? = inner.nodes.first?.kind {
                        index = IndexPage(id: id, url: url)
                        inner.nodes.removeFirst()
                    }
                    nodes.append(NavNode(title: "\(title)", kind: .section(number: number, children: inner.nodes, firstURL: inner.firstURL), serial: own, index: index))
                }
            }
            return (nodes, firstURL)
        }
        let tree = build(navigation.items, open: []).nodes
        navTree = tree
        self.navTitles = navTitles
        sectionsContaining = containing
        // The 404 page sits at the root even when no page of the nav does.
        let roots = Set(pages.map { PageTemplate.rootPath(from: $0.url) }).union([""])
        expandsClosedSections = serial <= Self.expandedNavigationLimit
        features = config.theme.enabledFeatures.intersection(ThemeFeature.implemented)
        versioning = Self.versioning(config.extra["version"])
        analytics = SiteAnalytics(extra: config.extra, repoURL: config.repoURL)
        hasSearch = config.hasPlugin("search")
        schemes = Palette.schemes(config.theme.palette)
        schemeScript = Self.schemeScript(schemes)
        let words = ThemeStrings.forLocale(config.theme.language)
        strings = words
        stringsJSON = words == ThemeStrings.forLocale("en") ? nil : {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return (try? encoder.encode(words)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }()
        stringsFile = stringsJSON == nil ? nil : "strings.\(config.theme.language.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }).js"
        closedNavigation = [:]
        icons = ThemeIcons(config: config, packages: PythonPackages.onThisMachine(projectDirectory: PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory)))
        // Laid out last: the style reads the features and the nav's size set above.
        let style = SiteNavigation.Style(self, currentTOC: [])
        closedNavigation = Dictionary(uniqueKeysWithValues: roots.map { ($0, SiteNavigation.closedItems(tree, count: serial, root: $0, style: style)) })
    }

    /// The title mkdocs gives `page`: the nav's title for it, else the one the page derives
    /// (front matter, first `# heading`, file name).
    package func title(of page: RenderedPage) -> String {
        navTitles[page.file.path] ?? page.title
    }

    /// The title search shows for `page`: as Material's search does, the page's own (front
    /// matter's or its first `# heading`), so two pages the nav calls "Overview" stay apart;
    /// the nav's when the page has only its file name for one.
    package func searchTitle(of page: RenderedPage) -> String {
        page.title != PageTitle.fromFileName(page.file.path) ? page.title : title(of: page)
    }

    /// The title mkdocs gives the page at `path`, unescaped.
    package func title(ofPath path: String) -> String {
        navTitles[path] ?? titles[path] ?? PageTitle.fromFileName(path)
    }

    private static func versioning(_ version: ConfigValue?) -> HTML {
        guard let version, version["provider"]?.string == "mike" else { return .empty }
        let defaults = version["default"].map { $0.list ?? [] }?.compactMap(\.string) ?? []
        let json = JSONText.array(defaults)
        let alias: HTML = version["alias"]?.bool == true ? " data-version-alias=\"true\"" : .empty
        return " data-version-provider=\"mike\" data-version-default=\"\(json)\"\(alias)"
    }

    /// The inline script that applies a palette choice before the first paint, and
    /// `window.galleyPalette(choice)` for the toggle. A choice is an index into `theme.palette`;
    /// an automatic entry (`media: "(prefers-color-scheme)"`) takes the colours of the first
    /// light or dark entry that matches the system's setting, and follows it when it changes.
    private static func schemeScript(_ schemes: [Palette.Scheme]) -> HTML {
        let media = schemes.map { scheme in scheme.media.map(MarkupText.scriptString) ?? "null" }.joined(separator: ",")
        let dark = schemes.map { $0.isDark ? "1" : "0" }.joined(separator: ",")
        let automatic = schemes.map { $0.isAutomatic ? "1" : "0" }.joined(separator: ",")
        // Every value in it is a number or a JavaScript string made by `scriptString`.
        return HTML(trusted: "<script>(function(){var m=[\(media)],d=[\(dark)],a=[\(automatic)],i=-1,s=null,h=document.documentElement,"
            + "q=window.matchMedia?matchMedia(\"(prefers-color-scheme: dark)\"):null;"
            + "function p(i){var c=i;if(a[i]){var k,w=q&&q.matches?1:0;for(k=0;k<d.length;k++)if(!a[k]&&d[k]===w){c=k;break}}"
            + "h.setAttribute(\"data-palette-choice\",i);if(a[i])h.setAttribute(\"data-auto\",\"\");else h.removeAttribute(\"data-auto\");h.setAttribute(\"data-palette\",c);h.setAttribute(\"data-scheme\",d[c]?\"slate\":\"default\")}"
            + "window.galleyPalette=p;"
            + "try{s=localStorage.getItem(\"galley.palette\")}catch(e){}"
            + "if(s!==null&&+s>=0&&+s<m.length)i=+s;"
            + "for(var k=0;i<0&&k<m.length;k++)if(m[k]&&matchMedia(m[k]).matches)i=k;"
            + "if(i<0)i=0;p(i);"
            + "if(q&&q.addEventListener)q.addEventListener(\"change\",function(){p(+h.getAttribute(\"data-palette-choice\"))})})()</script>\n")
    }
}
