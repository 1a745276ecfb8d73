// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyLint
import Testing

/// Rules over large pages: each finishes quickly and finds what it finds on a small one.
@Suite("Lint at scale")
struct LintScaleTests {
    /// MD024 compared each header with every earlier one: a 20 MB page of 84,000 headers took
    /// most of its 11 s there.
    @Test func duplicateHeadersAreFoundInOnePass() {
        let count = 20_000
        let page = "# Title\n\n" + (0..<count).map { "## Part \($0)\n\ntext\n\n### Part \($0)\n\ntext\n\n## Part \($0)\n\ntext\n\n" }.joined()
        var options = LintOptions()
        options.rules = (include: ["MD024"], exclude: [])
        let start = ContinuousClock.now
        let findings = Try.lint(page, options: options)
        #expect(ContinuousClock.now - start < .seconds(60), "\(ContinuousClock.now - start)")
        // Each part's `###` and second `##` repeat its first `##`; the first never does.
        let expected: [Int] = (0..<count).flatMap { (part: Int) -> [Int] in
            let first = 3 + 12 * part
            return [first + 4, first + 8]
        }
        #expect(findings.map(\.line) == expected, "\(findings.prefix(4).map(\.line))")
    }

    /// The leading front matter mkdocs reads (`---`, then up to `---` or `...`, with one
    /// blank line after it) is found by reading only its own lines; a page without it is
    /// not split into lines first. Each case: the page, what is left, how many lines went.
    @Test(arguments: [
        ("---\ntitle: A\n---\n\n# Body\n", "# Body\n", 4),
        ("---\ntitle: A\n...\nBody\n", "Body\n", 3),
        (" --- \nx\n---\n", "", 3),
        ("---\nx\n---", "", 2),
        ("---\nx\n---\n  ", "  ", 3),
        ("---\nnever closed\n", "---\nnever closed\n", 0),
        ("---", "---", 0),
        ("# Title\n---\nx\n---\n", "# Title\n---\nx\n---\n", 0),
        // Python's universal newlines: mkdocs reads a Windows file's front matter too.
        ("---\r\nx\r\n---\r\nBody\r\n", "Body\n", 3),
    ])
    func leadingFrontMatterIsReadAsMkdocsDoes(page: String, rest: String, lines: Int) {
        let source = LintSource(page, ignoreFrontMatter: true, leadingFrontMatterOnly: true, mkdocs: true)
        #expect(source.text == rest)
        #expect(source.offset == lines)
    }
}
