import GalleyPages
import Testing

@Suite("Python-Markdown slugs")
struct SlugTests {
    @Test(arguments: [
        ("Hello World", "hello-world"),
        ("Why \"Screen\"?", "why-screen"),
        ("Ünïcödé Text", "unicode-text"),
        ("a -- b", "a-b"),
        ("  Leading and trailing  ", "leading-and-trailing"),
        ("snake_case stays", "snake_case-stays"),
        ("C++ & Swift: 100%", "c-swift-100"),
        ("Don’t panic", "dont-panic"),
        ("日本語", ""),
        ("Workflow.render(state:context:)", "workflowrenderstatecontext"),
        ("tab\there", "tab-here"),
    ])
    func slugify(text: String, slug: String) {
        #expect(Slug.slugify(text) == slug)
    }

    @Test func uniqueIDsCountUpLikePythonMarkdown() {
        var used: Set<String> = []
        #expect(Slug.unique("intro", used: &used) == "intro")
        #expect(Slug.unique("intro", used: &used) == "intro_1")
        #expect(Slug.unique("intro", used: &used) == "intro_2")
        #expect(Slug.unique("", used: &used) == "_1")
        #expect(Slug.unique("", used: &used) == "_2")
        #expect(Slug.unique("v_1", used: &used) == "v_1")
        #expect(Slug.unique("v_1", used: &used) == "v_2")
    }

    @Test func tocNestsByLevel() {
        let flat = [
            TOCEntry(level: 1, title: "A", id: "a"),
            TOCEntry(level: 2, title: "B", id: "b"),
            TOCEntry(level: 3, title: "C", id: "c"),
            TOCEntry(level: 2, title: "D", id: "d"),
            TOCEntry(level: 1, title: "E", id: "e"),
        ]
        let nested = TableOfContents.nest(flat)
        #expect(nested.map(\.id) == ["a", "e"])
        #expect(nested[0].children.map(\.id) == ["b", "d"])
        #expect(nested[0].children[0].children.map(\.id) == ["c"])
    }
}
