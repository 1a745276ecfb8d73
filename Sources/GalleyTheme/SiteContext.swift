import GalleyConfig
import GalleyPages
import GalleySources

/// What the theme needs to know of the whole site when it lays out one page, prepared once
/// per build so that laying out each page costs the same however large the site is.
public struct SiteContext: Sendable {
    public var config: SiteConfig
    public var navigation: Navigation
    /// Page titles by path, for nav entries that give none.
    public var titles: [String: String]
    /// The build's generator line, for the `generator` meta tag.
    public var generator: String

    /// One nav entry with its text already escaped.
    struct NavNode: Sendable {
        enum Kind: Sendable {
            /// `id` is the page's place in reading order.
            case page(id: Int, url: String)
            /// `relative` links are resolved against the site root.
            case link(url: String, relative: Bool)
            /// `number` counts sections in pre-order; `firstURL` is its first page's URL.
            case section(number: Int, children: [NavNode], firstURL: String?)
        }

        var title: String
        var kind: Kind
        /// The node's place in a pre-order walk of the whole nav, indexing ``SiteContext/closedNavigation``.
        var serial: Int
    }

    let navTree: [NavNode]
    /// Pages in reading order with their escaped titles, and each page's place in it.
    let order: [(page: PageFile, title: String)]
    let position: [String: Int]
    /// For each page path, the numbers of the sections that contain it.
    let sectionsContaining: [String: Set<Int>]
    /// For each way back to the root that a page has (`""`, `"../"`, ...), every nav entry
    /// (by its serial) laid out as on a page outside it: most of every page's nav, made once.
    let closedNavigation: [String: [String]]

    public init(config: SiteConfig, navigation: Navigation, titles: [String: String], generator: String = "Galley") {
        self.config = config
        self.navigation = navigation
        self.titles = titles
        self.generator = generator
        let pages = navigation.pagesInOrder
        order = pages.map { ($0, HTMLText.escape(titles[$0.path] ?? PageTitle.fromFileName($0.path))) }
        let position = Dictionary(pages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.position = position
        var containing: [String: Set<Int>] = [:]
        var counter = 0
        var serial = 0
        func nextSerial() -> Int {
            defer { serial += 1 }
            return serial
        }
        func build(_ items: [Navigation.Item], open: [Int]) -> (nodes: [NavNode], firstURL: String?) {
            var nodes: [NavNode] = []
            var firstURL: String?
            for item in items {
                switch item {
                case .page(let title, let page):
                    containing[page.path, default: []].formUnion(open)
                    firstURL = firstURL ?? page.url
                    let text = title ?? titles[page.path] ?? PageTitle.fromFileName(page.path)
                    nodes.append(NavNode(title: HTMLText.escape(text), kind: .page(id: position[page.path] ?? -1, url: HTMLText.escape(page.url)), serial: nextSerial()))
                case .link(let title, let url):
                    let relative = !(url.contains("://") || url.hasPrefix("/") || url.hasPrefix("mailto:"))
                    nodes.append(NavNode(title: HTMLText.escape(title), kind: .link(url: HTMLText.escape(url), relative: relative), serial: nextSerial()))
                case .section(let title, let children):
                    let number = counter
                    counter += 1
                    let own = nextSerial()
                    let inner = build(children, open: open + [number])
                    firstURL = firstURL ?? inner.firstURL
                    nodes.append(NavNode(title: HTMLText.escape(title), kind: .section(number: number, children: inner.nodes, firstURL: inner.firstURL), serial: own))
                }
            }
            return (nodes, firstURL)
        }
        let tree = build(navigation.items, open: []).nodes
        navTree = tree
        sectionsContaining = containing
        let roots = Set(pages.map { PageTemplate.rootPath(from: $0.url) })
        closedNavigation = Dictionary(uniqueKeysWithValues: roots.map { ($0, PageTemplate.closedNavigationItems(tree, count: serial, root: $0)) })
    }
}
