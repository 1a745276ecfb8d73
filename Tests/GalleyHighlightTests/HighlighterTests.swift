// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyHighlight
import Testing

@Suite("Highlighter")
struct HighlighterTests {
    private func classes(_ code: String, _ language: String) -> [String] {
        (Highlighter.highlight(code, language: language) ?? []).compactMap { token in
            token.className.map { "\($0):\(token.text)" }
        }
    }

    @Test func swiftIsParsedAndClassedAsPygmentsClassesIt() {
        let tokens = classes("import Workflow\n@MainActor struct A: Workflow { let x: Int? = \"s\\(1 + y)\" // note\n override func f() -> Bool { self.x == nil } }", "swift")
        #expect(tokens == [
            "kd:import", "nc:Workflow", "p:@", "n:MainActor", "kd:struct", "nc:A", "p::", "n:Workflow", "p:{", "kd:let", "nv:x",
            "p::", "nb:Int", "p:?", "p:=", "s:\"s", "si:\\(", "mi:1", "o:+", "n:y", "si:)", "s:\"", "c1:// note", "kr:override",
            "kd:func", "nf:f", "p:()", "p:->", "nb:Bool", "p:{", "kc:self", "p:.", "n:x", "o:==", "kc:nil", "p:}", "p:}",
        ])
    }

    @Test(arguments: ["swift", "kotlin", "java", "yaml", "json", "sh", "console", "python", "ruby", "diff", "groovy", "xml", "html",
                      "javascript", "typescript", "go", "sql", "toml", "ini", "properties", "dockerfile", "c", "cpp", "rust", "protobuf", "powershell", "latex"])
    func tokensReassembleTheSourceExactly(language: String) throws {
        let code = "val s = \"a \\\" b\" // c\n<tag attr=\"v\">&amp;</tag>\n$ echo $HOME\n+ added\n- removed\nkey: [1, 2.5]\n/* block */ x\n"
        let tokens = try #require(Highlighter.highlight(code, language: language))
        #expect(tokens.map(\.text).joined() == code)
        // Unclosed strings, comments, math and brackets, and a lone escape at the end.
        for unfinished in ["\"open $(x", "<# never", "$a^2 \\", "\\begin{equation} x", "[str", "{ a: [1,", "'q", "\\"] {
            #expect(Highlighter.highlight(unfinished, language: language)?.map(\.text).joined() == unfinished, "\(language): \(unfinished)")
        }
    }

    @Test func kotlinKeywordsStringsAndComments() {
        let tokens = classes("fun main() {\n  val name = \"W\" // hi\n  return null\n}", "kotlin")
        #expect(tokens.contains("kd:fun"))
        #expect(tokens.contains("kd:val"))
        #expect(tokens.contains("s:\"W\""), "Pygments' Kotlin lexer calls every string `s`")
        #expect(tokens.contains("nf:main") && tokens.contains("nv:name"))
        #expect(tokens.contains("c1:// hi"))
        #expect(tokens.contains("k:return"))
        #expect(tokens.contains("kc:null"))
    }

    @Test func yamlKeysAndJSONKeys() {
        #expect(classes("site_name: Docs\n# comment\n", "yaml").contains("nt:site_name"))
        #expect(classes("site_name: Docs\n# comment\n", "yaml").contains("c1:# comment"))
        let json = classes("{\"key\": \"value\", \"n\": 1}", "json")
        #expect(json.contains("nt:\"key\""))
        #expect(json.contains("s2:\"value\""))
        #expect(json.contains("mi:1"))
    }

    @Test func consoleAndDiff() {
        let console = classes("$ swift build\nBuilding...\n", "console")
        #expect(console.contains("gp:$ "))
        #expect(console.contains("go:Building...\n"), "an output line and its newline are one token, as Pygments makes them")
        let diff = classes("@@ -1 +1 @@\n-old\n+new\n", "diff")
        #expect(diff == ["gu:@@ -1 +1 @@", "gd:-old", "gi:+new"])
    }

    @Test func markupAsPygmentsHTMLAndXMLLexersClassIt() {
        let html = classes("<a href=\"x\">&amp;</a><!-- c -->", "html")
        #expect(html == ["p:<", "nt:a", "na:href", "o:=", "s:\"x\"", "p:>", "ni:&amp;", "p:</", "nt:a", "p:>", "cm:<!-- c -->"])
        let xml = classes("<?xml version=\"1.0\"?>\n<a b=\"x\"/>", "xml")
        #expect(xml == ["cp:<?xml version=\"1.0\"?>", "nt:<a", "na:b=", "s:\"x\"", "nt:/>"])
    }

    @Test func shellAsPygmentsBashLexerClassesIt() {
        let shell = classes("export FOO=\"v $HOME\" && echo `date` | grep 2026 \\\n  --flag", "bash")
        #expect(shell == ["nb:export", "nv:FOO", "o:=", "s2:\"v ", "nv:$HOME", "s2:\"", "o:&&", "nb:echo", "sb:`", "sb:`", "p:|", "m:2026", "se:\\\n"])
    }

    @Test func unknownLanguagesAreNotHighlighted() {
        #expect(Highlighter.highlight("x", language: "brainfun") == nil)
        #expect(!Highlighter.supports("brainfun"))
        #expect(Highlighter.supports("Swift"))
    }
}
