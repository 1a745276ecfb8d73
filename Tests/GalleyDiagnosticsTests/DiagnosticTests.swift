// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import Testing

/// How findings are located and printed.
@Suite struct DiagnosticTests {
    static let code = DiagnosticCode(.page, "front_matter", "The front matter is not YAML.")

    @Test func printsAsCompilersDo() {
        let diagnostic = Diagnostic(.error, at: SourceLocation(file: "docs/a.md", line: 3, column: 7), "unknown key `titel`", code: Self.code)
        #expect(diagnostic.description == "docs/a.md:3:7: error: unknown key `titel` [page.front_matter]")
        let multiline = Diagnostic(.warning, at: SourceLocation(file: "mkdocs.yml", line: 2), "first line\n  detail\n  more", code: Self.code)
        #expect(multiline.description == "mkdocs.yml:2: warning: first line [page.front_matter]\n  detail\n  more")
    }

    @Test func locationsLeaveOutWhatIsUnknownAndSortByFileThenPosition() {
        #expect(SourceLocation(file: "a.md").description == "a.md")
        #expect(SourceLocation(file: "a.md", line: 4).description == "a.md:4")
        let sorted = [SourceLocation(file: "b.md", line: 1), SourceLocation(file: "a.md", line: 9, column: 2), SourceLocation(file: "a.md", line: 9, column: 1), SourceLocation(file: "a.md", line: 10)].sorted()
        #expect(sorted.map(\.description) == ["a.md:9:1", "a.md:9:2", "a.md:10", "b.md:1"])
    }

    @Test func strictRaisesWarningsOnly() {
        let warning = Diagnostic(.warning, at: SourceLocation(file: "x"), "w", code: Self.code)
        let info = Diagnostic(.info, at: SourceLocation(file: "x"), "i", code: Self.code)
        #expect(warning.raised(strict: true).severity == .error)
        #expect(warning.raised(strict: false).severity == .warning)
        #expect(info.raised(strict: true).severity == .info)
        #expect(Severity.info < .warning && Severity.warning < .error)
    }

    @Test func pathsAreShownFromTheProject() {
        #expect(ShownPath.relative("/p/docs/a.md", to: "/p") == "docs/a.md")
        #expect(ShownPath.relative("/p/docs/a.md", to: "/p/") == "docs/a.md")
        #expect(ShownPath.relative("/p", to: "/p") == ".")
        #expect(ShownPath.relative("/pq/a.md", to: "/p") == "/pq/a.md", "a sibling that shares the prefix is not inside")
    }

    @Test func countsAgreeWithTheirNouns() {
        #expect(counted(1, "page") == "1 page")
        #expect(counted(2, "page") == "2 pages")
        #expect(counted(0, "match", "matches") == "0 matches")
    }

    @Test(arguments: [
        ([UInt8]("plain\ntext".utf8), nil),
        ([0x61, 0x0A, 0x62, 0xFF], (2, 2)),
        ([UInt8]("é".utf8) + [0xC3], (1, 2)),
        ([0x0A, 0x0A, 0xE2, 0x82], (3, 1)),
    ] as [([UInt8], (Int, Int)?)])
    func invalidUTF8IsFoundAtItsCharacter(bytes: [UInt8], position: (Int, Int)?) {
        let found = UTF8Position.firstInvalid(in: bytes)
        #expect(found?.line == position?.0 && found?.column == position?.1)
    }
}
