// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyTemplates
import Testing

/// What Jinja's own output can't show: where errors are reported, mkdocs' filters, and the
/// engine's use from many threads.
@Suite("Template engine")
struct TemplateEngineTests {
    static func engine(_ templates: [String: String], filters: [String: TemplateFilter] = [:]) -> TemplateEngine {
        TemplateEngine(directories: [], builtIn: templates, filters: filters)
    }

    @Test func aSyntaxErrorIsAtItsTemplateLineAndColumn() {
        let engine = Self.engine(["main": "{% include 'part' %}", "part": "line 1\nline 2 {% if %}\n"])
        #expect(throws: TemplateError.self) { try engine.render(template: "main", context: [:]) }
        do {
            _ = try engine.render(template: "main", context: [:])
        } catch {
            #expect(error.template == "part")
            #expect(error.place == TemplatePlace(line: 2, column: 14))
            #expect(error.description == "part:2:14: Expected an expression, got 'end of statement block'")
        }
    }

    @Test func aRenderErrorIsAtTheExpression() {
        let engine = Self.engine(["main": "ok\n  {{ page.title.upper() }}\n"])
        do {
            _ = try engine.render(template: "main", context: [:])
            Issue.record("an attribute of an undefined name renders")
        } catch {
            #expect(error.description == "main:2:6: 'page' is undefined")
        }
    }

    @Test func anUnknownFilterIsFoundBeforeRendering() {
        let engine = Self.engine(["main": "a\n{{ x | shout }}"])
        do {
            try engine.check(template: "main")
            Issue.record("an unknown filter passes the check")
        } catch {
            #expect(error.description == "main:2:8: No filter named 'shout'.")
        }
    }

    @Test func mkdocsURLFilterIsRelativeToThePage() throws {
        let engine = Self.engine(["main": "{{ 'assets/x.css' | url }} {{ '../up/' | url }} {{ 'https://a/b' | url }} {{ '/abs' | url }} {{ '#top' | url }} {{ '' | url }}"], filters: MkDocsFilters.all)
        let page: TemplateValue = .dict(TemplateDict([("url", .string("guide/install/"))]))
        #expect(try engine.render(template: "main", context: ["page": page, "base_url": .string("../..")]) == "../../assets/x.css ../../../up/ https://a/b /abs #top ../..")
        // The home page, and the 404 page whose base is the site's path.
        let home: TemplateValue = .dict(TemplateDict([("url", .string(""))]))
        #expect(try engine.render(template: "main", context: ["page": home, "base_url": .string(".")]) == "assets/x.css ../up/ https://a/b /abs #top .")
        #expect(try engine.render(template: "main", context: ["page": home, "base_url": .string("/docs/")]) == "/docs/assets/x.css /docs/../up/ https://a/b /abs #top /docs/.")
    }

    @Test func scriptTagWritesMkdocsScripts() throws {
        let engine = Self.engine(["main": "{{ 'js/a.js' | script_tag }}{{ {'path': 'js/m.js', 'type': 'module', 'defer': true} | script_tag }}"], filters: MkDocsFilters.all)
        #expect(try engine.render(template: "main", context: ["base_url": .string(".")]) == "<script src=\"./js/a.js\"></script><script src=\"./js/m.js\" type=\"module\" defer></script>")
    }

    @Test func debugUndefinedKeepsTheExpression() throws {
        var options = TemplateEngine.Options()
        options.undefined = .debug
        let engine = TemplateEngine(directories: [], builtIn: ["main": "{{ name }} {{ lib.version }} {{ known.nope }}"], options: options)
        // An attribute of an undefined name is an error even so, as in Jinja.
        #expect(throws: TemplateError.self) { try engine.render(template: "main", context: ["known": .dict(TemplateDict())]) }
        #expect((try? engine.render(template: "main", context: ["lib": .dict(TemplateDict([("version", .string("2"))])), "known": .dict(TemplateDict())])) == "{{ name }} 2 {{ no such element: dict object['nope'] }}")
    }

    @Test func templatesAreFoundInFoldersBeforeBuiltInOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".icons/set"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "own".write(to: folder.appendingPathComponent("part.html"), atomically: true, encoding: .utf8)
        try "<svg/>\n".write(to: folder.appendingPathComponent(".icons/set/i.svg"), atomically: true, encoding: .utf8)
        let engine = TemplateEngine(
            directories: [FileManager.default.temporaryDirectory.path + "/nowhere"], prefixed: [(".icons/", folder.path)],
            builtIn: ["main": "{% include 'part.html' ignore missing %}[{% include '.icons/' ~ 'set/i' ~ '.svg' %}]", "part.html": "built-in"]
        )
        #expect(try engine.render(template: "main", context: [:]) == "built-in[<svg/>]")
        // A folder's template wins over a built-in one of the same name.
        let own = TemplateEngine(directories: [folder.path], builtIn: ["main": "{% include 'part.html' %}", "part.html": "built-in"])
        #expect(try own.render(template: "main", context: [:]) == "own")
        #expect(own.file(of: "../etc/passwd") == nil)
    }

    /// A name asked for before and not found is still not found: an include of a list goes
    /// on to the next name.
    @Test func aMissingTemplateStaysMissing() throws {
        let engine = Self.engine(["main": "{% include ['gone', 'here'] %}", "here": "found"])
        #expect(throws: TemplateError.self) { try engine.check(template: "gone") }
        #expect(try engine.render(template: "main", context: [:]) == "found")
    }

    @Test func oneEngineRendersOnManyThreads() async throws {
        let engine = Self.engine(["base": "{% block b %}{% endblock %}", "main": "{% extends 'base' %}{% block b %}{% for i in range(n) %}{{ i }}{% endfor %}{% endblock %}"])
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for n in 0..<32 { group.addTask { try engine.render(template: "main", context: ["n": .int(n % 5)]) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(outputs) == ["", "0", "01", "012", "0123"])
    }

    @Test func referencesNameWhatATemplateNeedsFromOutside() throws {
        let engine = Self.engine(["main": """
            {% import "partials/language.html" as lang %}{% set x = 1 %}
            {% for item in nav %}{{ item.title }}{{ loop.index }}{% endfor %}
            {% macro m(a) %}{{ a }}{{ caller is defined }}{% endmacro %}{{ m(x) }}{{ lang.t('a') }}
            {{ page.title }}{{ extra_thing }}{% include "partials/source.html" %}{{ range(2) }}
            """])
        let references = try #require(engine.references(of: "main"))
        #expect(references.unboundNames.map(\.name) == ["nav", "page", "extra_thing"])
        #expect(references.unboundNames.map(\.place.line) == [2, 4, 4])
        #expect(references.templates.map(\.name) == ["partials/language.html", "partials/source.html"])
    }
}
