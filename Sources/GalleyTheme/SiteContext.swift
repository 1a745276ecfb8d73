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

    public init(config: SiteConfig, navigation: Navigation, titles: [String: String], generator: String = "Galley") {
        self.config = config
        self.navigation = navigation
        self.titles = titles
        self.generator = generator
    }
}
