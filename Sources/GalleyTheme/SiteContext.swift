import GalleyConfig
import GalleySources

/// What the theme needs to know of the whole site when it lays out one page.
public struct SiteContext: Sendable {
    public var config: SiteConfig
    public var navigation: Navigation
    /// Page titles by path, for nav entries that give none.
    public var titles: [String: String]
    /// The build's generator line, for the `generator` meta tag.
    public var generator: String

    /// Pages in reading order, and each page's place in it.
    let order: [PageFile]
    let position: [String: Int]
    /// For each section, numbered in pre-order, its first page.
    let sectionFirstPage: [Int: PageFile]
    /// For each page path, the numbers of the sections that contain it.
    let sectionsContaining: [String: Set<Int>]

    public init(config: SiteConfig, navigation: Navigation, titles: [String: String], generator: String = "Galley") {
        self.config = config
        self.navigation = navigation
        self.titles = titles
        self.generator = generator
        order = navigation.pagesInOrder
        position = Dictionary(order.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        var firstPages: [Int: PageFile] = [:]
        var containing: [String: Set<Int>] = [:]
        var counter = 0
        func walk(_ items: [Navigation.Item], open: [Int]) {
            for item in items {
                switch item {
                case .page(_, let page):
                    containing[page.path, default: []].formUnion(open)
                    for section in open where firstPages[section] == nil { firstPages[section] = page }
                case .section(_, let children):
                    let number = counter
                    counter += 1
                    walk(children, open: open + [number])
                case .link:
                    break
                }
            }
        }
        walk(navigation.items, open: [])
        sectionFirstPage = firstPages
        sectionsContaining = containing
    }
}
