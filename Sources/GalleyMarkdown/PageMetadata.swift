/// What a page says about itself in YAML front matter (or `meta` headers).
public struct PageMetadata: Sendable, Equatable {
    /// `title:`.
    public var title: String?
    /// `description:`.
    public var description: String?
    /// `template:`.
    public var template: String?
    /// `hide:` (`navigation`, `toc`, `footer`...).
    public var hide: [String]
    /// Every key as text, for keys a theme or later stage reads itself.
    public var values: [String: String]
    /// How many source lines the front matter took, so body lines keep their real numbers.
    public var lineCount: Int
    /// The source line of each top-level key.
    public var keyLines: [String: Int] = [:]

    /// Empty metadata.
    public init(
        title: String? = nil,
        description: String? = nil,
        template: String? = nil,
        hide: [String] = [],
        values: [String: String] = [:],
        lineCount: Int = 0
    ) {
        self.title = title
        self.description = description
        self.template = template
        self.hide = hide
        self.values = values
        self.lineCount = lineCount
    }
}
