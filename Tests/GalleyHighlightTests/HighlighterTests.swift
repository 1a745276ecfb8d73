import GalleyHighlight
import Testing

@Suite("Highlighter")
struct HighlighterTests {
    private func classes(_ code: String, _ language: String) -> [String] {
        (Highlighter.highlight(code, language: language) ?? []).compactMap { token in
            token.className.map { "\($0):\(token.text)" }
        }
    }

    @Test func swiftUsesTheParsersClassification() {
        let tokens = classes("import Workflow\n@MainActor struct A: Workflow { let x = \"s\" // note\n}", "swift")
        #expect(tokens.contains("kn:import"))
        #expect(tokens.contains("kd:struct"))
        #expect(tokens.contains("kd:let"))
        #expect(tokens.contains("nd:@MainActor") || tokens.contains("nd:MainActor"))
        #expect(tokens.contains("s2:\"s\"") || tokens.contains("s2:s"))
        #expect(tokens.contains("c1:// note"))
        #expect(tokens.contains("nc:Workflow"))
        #expect(tokens.contains("p:{"))
    }

    @Test(arguments: ["swift", "kotlin", "java", "yaml", "json", "sh", "console", "python", "ruby", "diff", "groovy", "xml", "html"])
    func tokensReassembleTheSourceExactly(language: String) throws {
        let code = "val s = \"a \\\" b\" // c\n<tag attr=\"v\">&amp;</tag>\n$ echo $HOME\n+ added\n- removed\nkey: [1, 2.5]\n/* block */ x\n"
        let tokens = try #require(Highlighter.highlight(code, language: language))
        #expect(tokens.map(\.text).joined() == code)
    }

    @Test func kotlinKeywordsStringsAndComments() {
        let tokens = classes("fun main() {\n  val name = \"W\" // hi\n  return null\n}", "kotlin")
        #expect(tokens.contains("kd:fun"))
        #expect(tokens.contains("kd:val"))
        #expect(tokens.contains("s2:\"W\""))
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
        #expect(console.contains("go:Building..."))
        let diff = classes("@@ -1 +1 @@\n-old\n+new\n", "diff")
        #expect(diff == ["gu:@@ -1 +1 @@", "gd:-old", "gi:+new"])
    }

    @Test func markup() {
        let tokens = classes("<a href=\"x\">&amp;</a><!-- c -->", "html")
        #expect(tokens.contains("nt:<a"))
        #expect(tokens.contains("na:href"))
        #expect(tokens.contains("s:\"x\""))
        #expect(tokens.contains("ni:&amp;"))
        #expect(tokens.contains("c:<!-- c -->"))
    }

    @Test func unknownLanguagesAreNotHighlighted() {
        #expect(Highlighter.highlight("x", language: "brainfun") == nil)
        #expect(!Highlighter.supports("brainfun"))
        #expect(Highlighter.supports("Swift"))
    }
}
