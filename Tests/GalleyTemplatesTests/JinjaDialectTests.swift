// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
@testable import GalleyTemplates
import Testing

/// Jinja's spellings are rewritten into Stencil's before Stencil reads a template, keeping
/// every line where it was.
@Suite("Jinja dialect")
struct JinjaDialectTests {
    static func render(_ template: String, _ variables: [String: ConfigValue] = [:]) throws -> String {
        let engine = TemplateEngine(directories: [], variables: variables)
        return try engine.render(JinjaDialect.adapt(template), context: engine.context.merging(["base_url": ".."]) { first, _ in first })
    }

    @Test(arguments: [
        ("{{ super() }}", "{{ block.super|jinja_print }}"),
        ("{{ x | default(y, true) }}", "{{ x|default:y,true|jinja_print }}"),
        ("{{ loop.index }}", "{{ forloop.counter|jinja_print }}"),
        ("{% for a in b if a %}", "{% for a in b where a %}"),
        ("{% if a not in b %}", "{% if not ( a in b ) %}"),
        ("{% if not a in b %}", "{% if not ( a in b ) %}"),
        ("{% if x is not defined %}", "{% if not x %}"),
        ("{% if (a or b) and c %}", "{% if ( a or b ) and c %}"),
        ("{% if \"\\x3ch1\" in page.content %}", "{% if \"<h1\" in page.content %}"),
        ("{{ a ~ \"-\" ~ b }}", "{{ a|jinja_print }}{{ \"-\"|jinja_print }}{{ b|jinja_print }}"),
        ("{% include \"x.html\" with context %}", "{% include \"x.html\" %}"),
        ("{%- if a -%}", "{%- if a -%}"),
        ("{% if a or\n  b\n%}x", "{% if a or b %}{#\n\n#}x"),
        ("{# {{ not touched }} #}", "{# {{ not touched }} #}"),
        ("{{ page.title | d(config.site_name, true) }}", "{{ page.title|d:config.site_name,true|jinja_print }}"),
        ("{{ x | upper() }}", "{{ x|upper|jinja_print }}"),
    ])
    func rewrites(_ jinja: String, _ stencil: String) {
        #expect(JinjaDialect.adapt(jinja) == stencil)
    }

    @Test func rendersWhatSitesUse() throws {
        let values: [String: ConfigValue] = ["items": .list([.string("a"), .string("b")]), "name": .string("work"), "empty": .string("")]
        #expect(try Self.render("{% if (name and items) or False %}yes{% endif %}", values) == "yes")
        #expect(try Self.render("{% if name and (False or missing) %}no{% endif %}", values) == "")
        #expect(try Self.render("{% set n = name | upper %}{{ n }}", values) == "WORK")
        #expect(try Self.render("[{{ empty | default(\"e\", true) }}][{{ empty | default(\"e\") }}][{{ gone | d(\"g\") }}]", values) == "[e][][g]")
        #expect(try Self.render("{{ \"assets/x.css\" | url }} {{ \"https://a/b\" | url }}", values) == "../assets/x.css https://a/b")
        #expect(try Self.render("{{ \"<b>&</b>\" | e }} {{ \"<p>Hi <b>there</b></p>\" | striptags }}", values) == "&lt;b&gt;&amp;&lt;/b&gt; Hi there")
        #expect(try Self.render("{% for i in items %}{{ loop.index0 }}{{ i }}{% if not loop.last %},{% endif %}{% endfor %}", values) == "0a,1b")
        #expect(try Self.render("{{ items | tojson }} {{ name | tojson }}", values) == "[\"a\",\"b\"] \"work\"")
        // Printed as Python prints.
        #expect(try Self.render("{{ items }} {{ True }} {{ name }}", values) == "['a', 'b'] True work")
    }

    @Test func linesStayWhereTheyWere() throws {
        let engine = TemplateEngine(directories: [], variables: [:])
        let source = "{% if a or\n  b %}\nline 3\n{% bogus %}\n"
        do {
            _ = try engine.render(JinjaDialect.adapt(source), context: ["a": true])
            Issue.record("an unknown tag renders")
        } catch {
            #expect(engine.location(of: error, in: "t.html").location.line == 4)
        }
    }
}
