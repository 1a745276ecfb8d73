// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// Pages as templates (the macros and markdownextradata plugins) render to the same text as
/// mkdocs with those plugins renders them: each project is built by both and the text of
/// each page's article compared.
@Suite("Page templates against mkdocs")
struct TemplateParityTests {
    static let mkdocs = Oracle.repository.appendingPathComponent(".build/oracle-venv/bin/mkdocs").path

    static let extra = """
        extra:
          lib:
            version: '1.4.2'
            name: workflow
          platforms: [iOS, macOS]

        """

    static let page = """
        # Install

        Install {{ lib.name }} {{ lib.version }} on {{ config.site_name }}:

        ```groovy
        implementation "com.squareup:{{ lib.name | upper }}:{{ lib.version }}"
        ```

        {% for platform in platforms %}
        - Runs on {{ platform }}
        {% endfor %}

        {% if lib.version %}Released.{% endif %} Inline `{{ lib.version }}` too.

        Nothing defines {{ nothere }}.

        {% raw %}Shown as written: {{ lib.version }} and {% if x %}.{% endraw %}

        """

    static let projects: [(name: String, files: [String: String])] = [
        ("macros", [
            "mkdocs.yml": "site_name: Templates\ntheme:\n  name: material\nmarkdown_extensions:\n  - pymdownx.superfences\nplugins:\n  - macros:\n      include_yaml:\n        - vars.yml\nnav:\n  - Start here: index.md\n  - other.md\n  - third.md\n" + extra,
            // `page.title`: from `nav`, else front matter, else the first heading.
            "docs/other.md": "---\ntitle: Meta title\n---\n# Heading\n\nTitle: [{{ page.title }}]\n",
            "docs/third.md": "# Third page\n\nTitle: [{{ page.title }}]\n",
            "vars.yml": "channel: stable\nteam:\n  lead: Ada\n",
            "docs/index.md": page + "{% include 'part.md' %}\n\nFrom a data file: {{ channel }}, led by {{ team.lead }}. Title: [{{ page.title }}]\n",
            "docs/part.md": "Included part with {{ lib.version }}.\n",
            // Front-matter keys are variables of their page (over the site's), and `page.meta`.
            "docs/meta.md": "---\ndialect: hsql\nflag: false\nchannel: beta\nlevels: [1, 2]\n---\n# Meta\n\nDialect {{ dialect }}, {% if dialect %}set{% else %}unset{% endif %}, {% if flag %}flagged{% else %}plain{% endif %}, channel {{ channel }}, meta {{ page.meta.dialect }}, levels {{ levels | length }}.\n",
        ]),
        ("markdownextradata", [
            "mkdocs.yml": "site_name: Templates\ntheme:\n  name: material\nmarkdown_extensions:\n  - pymdownx.superfences\nplugins:\n  - markdownextradata\n" + extra,
            "docs/index.md": page.replacingOccurrences(of: " on {{ config.site_name }}", with: "") + "From data files: {{ versions.next }} and {{ teams.core.lead }}.\n",
            "docs/_data/versions.yml": "next: '2.0'\n",
            "docs/_data/teams/core.json": "{\"lead\": \"Grace\"}\n",
        ]),
        // Jinja's spellings (defaults, `set`, `loop`, tests, `~`), rendered as mkdocs does.
        ("jinja", [
            "mkdocs.yml": "site_name: Templates\ntheme:\n  name: material\nplugins:\n  - macros\n" + extra,
            "docs/index.md": """
                # Dialect

                Default: {{ lib.name | default("none") }} and [{{ "" | default("empty", true) }}] and {{ lib.gone | default('fallback') }}.

                {% set greeting = "Hello" %}Set: {{ greeting }}, {{ greeting | lower }}.

                Loop: {% for p in platforms %}{{ loop.index }}={{ p }}{% if not loop.last %}; {% endif %}{% endfor %}.
                Filtered: {% for p in platforms if p != "iOS" %}{{ p }}{% endfor %}.

                Membership: {% if "iOS" in platforms %}has iOS{% endif %}, {% if "Android" not in platforms %}no Android{% endif %}, {% if not "Linux" in platforms %}no Linux{% endif %}, {% if not "macOS" in platforms %}wrong{% endif %}.

                Grouped: {% if (lib.version and lib.name) or False %}yes{% endif %} {% if lib.version and (False or lib.missing) %}wrong{% endif %}.

                Tests: {% if lib.version is defined %}defined{% endif %} {% if lib.nothing is not defined %}undefined{% endif %}.

                Joined: {{ lib.name ~ "-" ~ lib.version }}. Escapes: {{ "a\\x2Db" }}.

                Filters: {{ lib.name | replace("work", "play") | upper }}, {{ platforms | join(", ") }}, {{ platforms | length }}, {{ platforms | first }}, {{ platforms | last }}, {{ lib.name | title }}, {{ "  x  " | trim }}.

                Across lines: {% if lib.version and
                    lib.name %}joined{% endif %} and {{ lib.version
                    }} and after.

                Trimmed: [ {%- if lib.version -%} tight {%- endif -%} ].

                {% macro badge(text, kind="info") -%}
                [{{ kind }}: {{ text }}]
                {%- endmacro %}Macros: {{ badge("new") }} {{ badge("old", kind="warn") }}; {{ platforms | map("upper") | join("/") }}; {{ "a,b".split(",") }}.

                mkdocs-macros' own: {{ now().year }}, {{ now().strftime("%Y") }}, {{ fix_url("img/a.png") }}, {{ fix_url("https://x.org/y") }} and more.
                """,
        ]),
    ]

    /// The words of a built page's article: tags, permalink signs and spacing taken out.
    static func articleText(_ html: String) -> String {
        guard let start = html.range(of: "<article"), let end = html.range(of: "</article>", range: start.upperBound..<html.endIndex) else { return "" }
        let article = String(html[start.lowerBound..<end.lowerBound])
        return article
            .replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "¶", with: " ")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Builds `project` with mkdocs into `mkdocs-site`; its exit status.
    static func mkdocsBuild(_ project: TemporaryProject) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mkdocs)
        process.arguments = ["build", "-q", "-d", "mkdocs-site"]
        process.currentDirectoryURL = project.root
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(arguments: projects.map(\.name))
    func rendersAsMkdocsDoes(_ name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.mkdocs) else { throw Oracle.Missing() }
        let files = try #require(Self.projects.first { $0.name == name }).files
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        #expect(try Self.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        let theirs = Self.articleText(project.read("mkdocs-site/index.html") ?? "")
        let ours = Self.articleText(project.read("site/index.html") ?? "")
        #expect(!theirs.isEmpty)
        #expect(ours == theirs, "\nGalley: \(ours)\nmkdocs: \(theirs)")
        guard name != "jinja" else {
            #expect(!galley.stderr.contains("warning"), "\(galley.stderr)")
            #expect(!ours.contains("wrong") && ours.contains("joined"), "\(ours)")
            return
        }
        // The undefined name is a warning at its place, and stays as written, as both plugins keep it.
        #expect(galley.stderr.contains("docs/index.md:15:17: warning: `nothere` is not defined"), "\(galley.stderr)")
        #expect(ours.contains("Ada") || ours.contains("Grace"), "the data files' values are in the page: \(ours)")
        for other in ["other/index.html", "third/index.html", "meta/index.html"] where files["docs/" + other.replacingOccurrences(of: "/index.html", with: ".md")] != nil {
            #expect(Self.articleText(project.read("site/" + other) ?? "x") == Self.articleText(project.read("mkdocs-site/" + other) ?? "y"), "\(other)")
        }
        #expect(galley.stderr.components(separatedBy: "[templates.undefined]").count == 2, "only `nothere` is undefined: \(galley.stderr)")
    }

    /// The same overrides on a two-language site (mkdocs-static-i18n): each language's
    /// `site_name`, `site_description` and `copyright`, `page.parent` and `page.ancestors`,
    /// as mkdocs renders them.
    @Test func theTemplateContextOfEachLanguageIsMkdocs() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.mkdocs) else { throw Oracle.Missing() }
        let project = try TemporaryProject(files: [
            "mkdocs.yml": """
                site_name: Handbook
                site_description: The handbook
                copyright: Example Ltd.
                theme:
                  name: material
                  custom_dir: overrides
                plugins:
                  - i18n:
                      docs_structure: suffix
                      languages:
                        - locale: en
                          default: true
                          name: English
                        - locale: fr
                          name: Français
                          site_name: Manuel
                          site_description: Le manuel
                          copyright: Exemple SARL
                nav:
                  - Home: index.md
                  - Guide:
                    - guide/setup.md
                    - Deeper:
                      - guide/deep.md

                """,
            "docs/index.md": "# Home\n",
            "docs/index.fr.md": "# Accueil\n",
            "docs/guide/setup.md": "# Setup\n",
            "docs/guide/setup.fr.md": "# Installation\n",
            "docs/guide/deep.md": "# Deep\n",
            "docs/guide/deep.fr.md": "# Profond\n",
            "overrides/main.html": """
                {% extends "base.html" %}
                {% block htmltitle %}<title>{{ page.title }} / {{ config.site_name }}</title>{% endblock %}
                {% block content %}<p class="x-context">{{ config.site_name }}|{{ config.site_description }}|{{ config.copyright }}|{% if page.parent %}{{ page.parent.title }}{% if page.parent.parent %} in {{ page.parent.parent.title }}{% endif %}{% else %}top{% endif %}|{{ page.ancestors | length }}</p>{{ super() }}{% endblock %}

                """,
        ])
        defer { project.remove() }
        #expect(try Self.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        func pieces(_ html: String) -> [String] {
            var found: [String] = []
            for pattern in [#"<title>[^<]*</title>"#, #"<p class="x-context">.*?</p>"#] {
                let expression = try! NSRegularExpression(pattern: pattern)
                found += expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
            }
            return found
        }
        for page in ["index.html", "guide/setup/index.html", "guide/deep/index.html", "fr/index.html", "fr/guide/setup/index.html", "fr/guide/deep/index.html"] {
            let theirs = pieces(project.read("mkdocs-site/" + page) ?? "")
            let ours = pieces(project.read("site/" + page) ?? "")
            #expect(theirs.count == 2, "\(page): \(theirs)")
            #expect(ours == theirs, "\(page)\nGalley: \(ours)\nmkdocs: \(theirs)")
        }
    }

    /// The same `custom_dir` overrides, built by mkdocs with mkdocs-material and by Galley:
    /// what they put in the page is the same text in both.
    @Test func themeOverridesRenderAsMkdocsDoes() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.mkdocs) else { throw Oracle.Missing() }
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Overrides\nsite_url: https://example.com/docs/\ncopyright: Example Ltd.\ntheme:\n  name: material\n  custom_dir: overrides\n  features: [navigation.tabs]\nextra:\n  release: '3.2'\nnav:\n  - Home: index.md\n  - Guide:\n    - guide/setup.md\n    - guide/more.md\n",
            "docs/index.md": "# Home\n\nWelcome.\n",
            "docs/guide/setup.md": "---\ncomments: true\ndescription: How to set up\n---\n# Setup\n\nSteps.\n",
            "docs/guide/more.md": "Text without a heading.\n",
            "overrides/main.html": """
                {% extends "base.html" %}
                {% block announce %}Release <strong>{{ config.extra.release }}</strong>: <a href="{{ base_url }}/guide/setup/">read</a>{% endblock %}
                {% block extrahead %}{% if page %}<meta name="x-page" content="{{ page.title }}|{{ page.url }}|{{ page.is_homepage }}|{{ page.meta.description | default('none') }}">{% endif %}{% endblock %}
                {% block htmltitle %}<title>{{ page.title | default(config.site_name, true) }} :: {{ config.site_name | upper }}</title>{% endblock %}
                {% block content %}<p class="x-before">{% if page.previous_page %}after {{ page.previous_page.title }}{% else %}first{% endif %}; {% for item in nav %}{{ item.title }}{% if item.children %} ({{ item.children | length }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}</p>{{ super() }}{% endblock %}

                """,
            "overrides/partials/copyright.html": "<p class=\"x-copyright\">{{ config.copyright }} / {{ config.site_url }}</p>\n",
            "overrides/partials/comments.html": "{% if page.meta.comments %}<p class=\"x-comments\">Comments for {{ page.file.src_path }}</p>{% endif %}",
        ])
        defer { project.remove() }
        #expect(try Self.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build", "--strict"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        func pieces(_ html: String) -> [String] {
            var found: [String] = []
            for pattern in [#"<meta name="x-page"[^>]*>"#, #"<title>[^<]*</title>"#, #"<p class="x-[a-z]+">.*?</p>"#, #"Release <strong>.*?</a>"#] {
                let expression = try! NSRegularExpression(pattern: pattern)
                found += expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
            }
            return found
        }
        for page in ["index.html", "guide/setup/index.html", "guide/more/index.html"] {
            let theirs = pieces(project.read("mkdocs-site/" + page) ?? "")
            let ours = pieces(project.read("site/" + page) ?? "")
            #expect(theirs.count >= 5, "\(page): \(theirs)")
            #expect(ours == theirs, "\(page)\nGalley: \(ours)\nmkdocs: \(theirs)")
        }
    }

    /// The nav templates walk, for pages at three depths, one listed twice, with a link and
    /// nested sections: each item's kind and `active` flag as mkdocs gives them. The
    /// values are made once per folder depth and only the page's own way is marked, so a
    /// page that leaked its marks to another would show here.
    @Test func theNavOfEachPageIsMkdocs() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.mkdocs) else { throw Oracle.Missing() }
        let project = try TemporaryProject(files: [
            "mkdocs.yml": """
                site_name: Nav
                theme:
                  name: material
                  custom_dir: overrides
                nav:
                  - Home: index.md
                  - Guide:
                    - Setup: guide/setup.md
                    - Deeper:
                      - Inner: guide/deep/inner.md
                      - Home: index.md
                  - Elsewhere: https://example.com/
                  - Local link: guide/setup/

                """,
            "docs/index.md": "# Home\n",
            "docs/guide/setup.md": "# Setup\n",
            "docs/guide/deep/inner.md": "# Inner\n",
            "overrides/main.html": """
                {% extends "base.html" %}
                {% macro walk(items) %}{% for item in items %}[{{ item.title }}|{{ item.active }}|{{ item.is_page }}{{ item.is_section }}{{ item.is_link }}{% if item.children %}:{{ walk(item.children) }}{% endif %}]{% endfor %}{% endmacro %}
                {% block content %}<p class="x-nav">{{ walk(nav) }}</p>{{ super() }}{% endblock %}

                """,
        ])
        defer { project.remove() }
        #expect(try Self.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        let expression = try NSRegularExpression(pattern: #"<p class="x-nav">.*?</p>"#)
        func nav(_ html: String) -> [String] {
            expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
        }
        for page in ["index.html", "guide/setup/index.html", "guide/deep/inner/index.html"] {
            let theirs = nav(project.read("mkdocs-site/" + page) ?? "")
            let ours = nav(project.read("site/" + page) ?? "")
            #expect(theirs.count == 1 && theirs.first?.contains("|True|") == true, "\(page): \(theirs)")
            #expect(ours == theirs, "\(page)\nGalley: \(ours)\nmkdocs: \(theirs)")
        }
    }
}
