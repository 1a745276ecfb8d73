import GalleyDiagnostics
import GalleyMarkdown
import Testing

/// Inputs built to be slow or to exhaust the stack: each must finish quickly, and nesting past
/// the documented depth is an error at its line, never a crash.
@Suite("Markdown under hostile input")
struct HostileInputTests {
    @Test func nestedMarkdownDivsCloseAtTheirOwnTag() {
        let html = render("<div markdown>\n<div class=\"in\" markdown>\ninner *x*\n</div>\nouter\n</div>\n")
        #expect(html.contains("<div>\n<div class=\"in\">\n<p>inner <em>x</em></p>\n</div>\n<p>outer</p>\n</div>"), "\(html)")
    }

    @Test func nestingToTheLimitRenders() {
        let depth = 99
        let source = (0..<depth).map { String(repeating: "    ", count: $0) + "!!! note\n\n" }.joined() + String(repeating: "    ", count: depth) + "deep\n"
        let (_, diagnostics) = parse(source)
        #expect(diagnostics.isEmpty)
        #expect(render(source).contains("<p>deep</p>"))
    }

    @Test(arguments: [
        ("admonitions", 2_000),
        ("tabs", 2_000),
        ("divs", 10_000),
        ("quotes", 10_000),
        ("emphasis", 5_000),
    ])
    func deepNestingIsAnErrorAtItsLineAndQuick(kind: String, depth: Int) {
        let source: String
        switch kind {
        case "admonitions": source = (0..<depth).map { String(repeating: "    ", count: $0) + "!!! note\n\n" }.joined() + "x\n"
        case "tabs": source = (0..<depth).map { String(repeating: "    ", count: $0) + "=== \"T\"\n\n" }.joined() + "x\n"
        case "divs": source = String(repeating: "<div markdown>\n", count: depth) + "x\n" + String(repeating: "</div>\n", count: depth)
        case "quotes": source = String(repeating: ">", count: depth) + " x\n"
        default: source = String(repeating: "*a ", count: depth) + "x" + String(repeating: " a*", count: depth) + "\n"
        }
        let start = ContinuousClock.now
        let (_, diagnostics) = parse(source)
        _ = render(source)
        #expect(ContinuousClock.now - start < .seconds(20))
        let nesting = diagnostics.filter { $0.code == "page.nesting" }
        #expect(nesting.count >= 1, "\(kind)")
        #expect(nesting.first?.location.line ?? 0 > 0)
    }
}
