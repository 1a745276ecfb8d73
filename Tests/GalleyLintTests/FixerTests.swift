// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
@testable import GalleyLint
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import Testing

@Suite("galley lint --fix")
struct FixerTests {
    static let messy = "#Title\nText right under.  \nmore text\t\n\n\n\nA paragraph\n* item one\n* item two\n\nText\n\n- other list\n```swift\nlet tab\t= 1\n```\n##  Spaced\nend"

    static func linter() throws -> Linter {
        var options = LintOptions()
        options.style = "all"
        return try Linter(options: options)
    }

    /// The page as the site renders it.
    static func html(_ text: String) -> String {
        var log = DiagnosticLog()
        let document = MarkdownParser.parse(text, file: "x.md", options: MarkdownOptions(), log: &log)
        var renderer = HTMLRenderer(settings: MarkdownSettings())
        return renderer.render(document).string
    }

    @Test func fixedFilesLintCleanForTheFixedRulesAndRenderTheSame() throws {
        let linter = try Self.linter()
        let before = linter.lint(text: Self.messy, file: "x.md")
        let (fixed, rules) = LintFixer(linter: linter).fix(Self.messy)
        let after = linter.lint(text: fixed, file: "x.md")
        // MD031 and MD032 want blank lines that would change the page under Python-Markdown's
        // rules: the text right above `* item one` would become a list, and the fence right
        // under `- other list` would leave that item. Those fixes are not made. Once `#Title`
        // and the blank lines are fixed, `##  Spaced` becomes a header to mdl's reader (it was
        // paragraph text after the fence) and is fixed in the next pass.
        #expect(Set(rules).isSuperset(of: ["MD009", "MD012", "MD018", "MD019", "MD022", "MD047"]))
        #expect(["MD009", "MD012", "MD018", "MD022", "MD047"].allSatisfy { rule in before.contains { $0.rule == rule } })
        let codeLine = LintSource.splitLines(fixed).firstIndex { $0.hasPrefix("let tab") }.map { $0 + 1 }
        for rule in rules {
            // mdl flags tabs inside code too; those are content and are kept. Two trailing
            // spaces are Python-Markdown's only line break; they stay.
            let remaining = after.filter { $0.rule == rule && !($0.rule == "MD010" && $0.line == codeLine) && !($0.rule == "MD009" && $0.line == 3) }
            // The fence's blank line after it is added; the one above it (under `- other
            // list`) would take the fence out of the item, so that one change alone is left.
            let kept = rule == "MD032" ? 2 : rule == "MD031" ? 1 : 0
            #expect(remaining.count == kept, "\(rule) after the fix: \(remaining)")
        }
        #expect(after.filter { $0.rule == "MD032" }.map(\.line) == [7, 12], "the two list fixes that would change the page are left")
        // `#Title` becomes a heading, as Python-Markdown already read it; nothing else changes.
        #expect(Self.html(fixed) == Self.html(Self.messy.replacingOccurrences(of: "#Title\nText right under.  \nmore text\t", with: "# Title\n\nText right under.  \nmore text\t")))
        #expect(fixed.contains("Text right under.  \nmore"), "a two-space line break stays: a backslash would be printed")
        #expect(fixed.contains("let tab\t= 1"), "tabs inside code are content and stay")
        #expect(fixed.hasSuffix("end\n"))
    }

    @Test func aFixThatWouldChangeThePageIsNotMade() throws {
        // Turning `+` into `*` would join two lists into one; a blank line after `item` would
        // end the lazy paragraph that `after` continues.
        let text = "# T\n\n* one\n+ two\nafter\n"
        let (fixed, rules) = LintFixer(linter: try Self.linter()).fix(text)
        #expect(!rules.contains("MD004"))
        #expect(Self.html(fixed) == Self.html(text))
    }

    @Test func headerStylesAndClosedHeadersAreFixed() throws {
        let linter = try Self.linter()
        let text = "# Title\n\nSection\n-------\n\n##  Spaced closed  ##\n\n## Tight##\n\ntext\n"
        let (fixed, rules) = LintFixer(linter: linter).fix(text)
        // Closed headers get their spaces first; then every header takes the style most of
        // them use: two closed, one plain, one setext.
        #expect(fixed == "# Title #\n\n## Section ##\n\n## Spaced closed ##\n\n## Tight ##\n\ntext\n")
        #expect(Set(rules).isSuperset(of: ["MD003", "MD020"]))
        let closed = LintFixer(linter: linter).fix("# Title #\n\n##  Spaced  ##\n\nSetext\n------\n")
        #expect(closed.0 == "# Title #\n\n## Spaced ##\n\n## Setext ##\n")
        #expect(Set(closed.1) == ["MD021", "MD003"])
        #expect(Self.html(fixed).contains("<h2 id=\"section\">") || Self.html(fixed).contains(">Section</h2>"))
        #expect(!linter.lint(text: fixed, file: "x.md").contains { ["MD003", "MD020", "MD021"].contains($0.rule) })
    }

    @Test func headerStyleFollowsMostHeadersNotTheFirst() throws {
        let linter = try Self.linter()
        // One setext title over plain ATX sections: the title changes, not the sections.
        let mostlyATX = LintFixer(linter: linter).fix("Title\n=====\n\n## A\n\ntext\n\n## B\n\n### C\n")
        #expect(mostlyATX.0 == "# Title\n\n## A\n\ntext\n\n## B\n\n### C\n")
        // Mostly setext, but a level-3 header cannot be setext: ATX for all.
        let deep = LintFixer(linter: linter).fix("A\n===\n\nB\n---\n\nC\n---\n\n### D\n")
        #expect(deep.0 == "# A\n\n## B\n\n## C\n\n### D\n")
        // Mostly setext and no deeper header: setext, the first header's style on a tie too.
        let setext = LintFixer(linter: linter).fix("A\n===\n\n## B\n\nC\n---\n")
        #expect(setext.0 == "A\n===\n\nB\n---\n\nC\n---\n")
        for result in [mostlyATX.0, deep.0, setext.0] {
            #expect(!linter.lint(text: result, file: "x.md").contains { $0.rule == "MD003" })
        }
        // A style file's explicit style is kept.
        var options = LintOptions()
        options.style = "all"
        let explicit = LintFixer(linter: try Linter(options: options)).fix("# A #\n\n## B ##\n\n## C\n")
        #expect(explicit.0 == "# A #\n\n## B ##\n\n## C ##\n")
    }

    /// A fix that would change the page is dropped alone; the rule's other fixes on the page
    /// stay. Code lines (fenced to the closing fence, or indented) are not touched, and a
    /// fence gets its blank line after the closing fence.
    @Test func onlyTheFixThatChangesThePageIsDropped() throws {
        let fixer = LintFixer(linter: try Self.linter())
        let fenced = "# T\n\ntext \n\n```\nfirst \nlast \n```\n\nmore \n"
        #expect(fixer.fix(fenced).0 == "# T\n\ntext\n\n```\nfirst \nlast \n```\n\nmore\n")
        let indented = "# T\n\ntext \n\n    code \n    last \n\nmore \n"
        #expect(fixer.fix(indented).0 == "# T\n\ntext\n\n    code \n    last \n\nmore\n")
        // Inside <pre>, a trailing space is part of the page: that line keeps it, alone.
        let pre = "# T\n\ntext \n\n<pre>\nkeep \n</pre>\n\nmore \n"
        let fixed = fixer.fix(pre)
        #expect(fixed.0 == "# T\n\ntext\n\n<pre>\nkeep \n</pre>\n\nmore\n")
        #expect(fixed.1.contains("MD009"))
        #expect(Self.html(fixed.0) == Self.html(pre))
        // A `#` line that mdl's parser leaves inside a paragraph gets its blank lines.
        #expect(fixer.fix("# T\n\ntext\n## Next\nmore\n").0 == "# T\n\ntext\n\n## Next\n\nmore\n")
        // MD004's `:style` is the marker the fix writes.
        let styleFile = FileManager.default.temporaryDirectory.appendingPathComponent("galley-dash-\(UUID().uuidString).rb").path
        try "all\nrule 'MD004', :style => :dash\n".write(toFile: styleFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: styleFile) }
        var dash = LintOptions()
        dash.style = styleFile
        #expect(LintFixer(linter: try Linter(options: dash)).fix("# T\n\n* a\n* b\n").0 == "# T\n\n- a\n- b\n")
        // A fence right after text, which mdl's parser reads as text, is set apart as well.
        #expect(fixer.fix("# T\n\nSee:\n```kotlin\nval x = 1\n```\nmore\n").0 == "# T\n\nSee:\n\n```kotlin\nval x = 1\n```\n\nmore\n")
        // A blank line at the end of the file goes (MD012 counts it).
        #expect(fixer.fix("# T\n\ntext\n\n").0 == "# T\n\ntext\n")
        let fence = "# T\n\n```\ncode\n```\ntext\n"
        #expect(fixer.fix(fence).0 == "# T\n\n```\ncode\n```\n\ntext\n")
    }

    @Test func fixingFilesWritesThemAndADryRunOnlyDiffs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.md").path
        try "# T\ntext \n".write(toFile: file, atomically: true, encoding: .utf8)
        let fixer = LintFixer(linter: try Self.linter())
        var skipped: [String] = []
        let dry = try fixer.fix(files: [file], write: false, skipped: &skipped)
        #expect(dry.first?.diff.contains("-text ") == true && dry.first?.diff.contains("+text") == true)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "# T\ntext \n", "a dry run writes nothing")
        let real = try fixer.fix(files: [file], write: true, skipped: &skipped)
        #expect(real.first?.rules.contains("MD009") == true)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "# T\n\ntext\n")
        #expect(throws: DiagnosticError.self) { try fixer.fix(files: [directory.appendingPathComponent("missing.md").path], write: true, skipped: &skipped) }
        #expect(skipped.isEmpty)
    }

    /// A fixed file is the same file in every other way: CRLF line ends stay CRLF, a symbolic
    /// link stays a link (its target is fixed), the mode stays; a file whose lines end both
    /// ways is named and left alone.
    @Test func fixingKeepsLineEndsLinksAndModes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data("# Title\r\ntext \r\n\r\nmore\r\n".utf8).write(to: URL(fileURLWithPath: path("crlf.md")))
        try Data("# T\ntext \n".utf8).write(to: URL(fileURLWithPath: path("real.md")))
        #expect(chmod(path("real.md"), 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: path("link.md"), withDestinationPath: "real.md")
        let mixed = "# M\r\ntext \n"
        try Data(mixed.utf8).write(to: URL(fileURLWithPath: path("mixed.md")))

        var skipped: [String] = []
        let changes = try LintFixer(linter: try Self.linter()).fix(files: [path("crlf.md"), path("link.md"), path("mixed.md")], write: true, skipped: &skipped)
        #expect(changes.map(\.file) == [path("crlf.md"), path("link.md")])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("crlf.md"))) == Data("# Title\r\n\r\ntext\r\n\r\nmore\r\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.md")) == "real.md")
        #expect(try String(contentsOfFile: path("real.md"), encoding: .utf8) == "# T\n\ntext\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path("real.md"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(skipped == [path("mixed.md")])
        #expect(try String(contentsOfFile: path("mixed.md"), encoding: .utf8) == mixed)
    }

    @Test func mkdocsModeHidesNothingMkdocsRenders() throws {
        // HTML in a tab's title is HTML on the page; a fence that shows tab syntax is code,
        // and the page after it is read as Markdown again.
        let text = "# T\n\n=== \"<b>Bold</b> tab\"\n\n    Text\n\nThe syntax:\n\n```markdown\n=== \"Tab\"\n\n    Body\n```\n\n## After\n\n* star\n- dash\n\n<i>html</i>\n"
        var options = LintOptions()
        options.style = "all"
        options.mkdocs = true
        let aware = try Linter(options: options).lint(text: text, file: "x.md")
        #expect(aware.filter { $0.rule == "MD033" }.map(\.line) == [3, 20])
        #expect(aware.filter { $0.rule == "MD004" }.map(\.line) == [18], "the list after the example fence is linted")
        #expect(!aware.contains { $0.rule == "MD046" })
    }

    @Test func mkdocsContainersAreMarkdownInMkdocsMode() throws {
        let text = "# T\n\n!!! note \"Heads up\"\n    ```\n    no language\n    ```\n\n=== \"Swift\"\n\n    ```swift\n    let x = 1\n    ```\n\n    * item\n        * nested\n"
        var options = LintOptions()
        options.style = "all"
        let plain = try Linter(options: options).lint(text: text, file: "x.md")
        options.mkdocs = true
        let aware = try Linter(options: options).lint(text: text, file: "x.md")
        #expect(plain.contains { $0.rule == "MD046" }, "mdl reads container bodies as indented code")
        #expect(!aware.contains { $0.rule == "MD046" })
        #expect(aware.filter { $0.rule == "MD040" }.map(\.line) == [4], "the fence without a language inside the admonition is found")
        #expect(!aware.contains { $0.rule == "MD031" }, "a fence right under the admonition's title line starts its body")
        #expect(aware.filter { $0.rule == "MD007" }.map(\.line) == [15], "list indentation is measured inside the tab")
    }
}
