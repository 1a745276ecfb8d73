// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyOracle
@testable import GalleyTemplates
import Testing

/// Galley's template engine against Jinja 3.1.6: the same templates and values must give the
/// same text, and a template Jinja refuses must fail here too.
@Suite("Jinja parity")
struct JinjaParityTests {
    struct Case: Codable {
        var templates: [String: String]
        var main = "main"
        var context: String
        var options = Options()

        struct Options: Codable {
            var trim_blocks: Bool?
            var lstrip_blocks: Bool?
            var undefined: String?
            /// Folders searched before `templates`.
            var directories: [String]?
            /// mkdocs' theme environment: its `url` and `script_tag` filters.
            var mkdocs: Bool?
        }

        var label: String { templates[main].map { String($0.prefix(70)) } ?? main }
    }

    struct Answer: Codable {
        var output: String?
        var error: String?
    }

    static let context = """
        {"name": "Galley", "items": ["a", "b", "c"], "n": 7, "x": 2.5, "flag": true, "nothing": null, "empty": "",
         "users": [{"name": "Ann", "age": 31, "tags": ["x"]}, {"name": "bob", "age": 25, "tags": []}, {"name": "Cy", "age": 31, "tags": ["y", "z"]}],
         "map": {"b": 2, "a": 1, "c": 3}, "html": "<b>&amp; 'q' \\"d\\"</b>", "nested": {"inner": {"value": "deep"}},
         "words": "the quick brown fox jumps over the lazy dog", "nums": [3, 1, 2, 5, 4], "mixed": "Hello wORLD",
         "page": {"title": "Home", "url": "guide/", "meta": {"tags": ["a", "b"], "draft": false}}, "floats": [0.1, 1e-7, 1e16, 123456789.125, -0.0, 3.0],
         "unicode": "Grüße — ünïcode", "lines": "one\\ntwo\\n\\nfour", "spaced": "  padded  "}
        """

    /// One template each, rendered with ``context``.
    static let expressions: [String] = [
        // Printing
        "{{ name }}", "{{ items }}", "{{ n }}", "{{ x }}", "{{ flag }}", "{{ nothing }}", "{{ empty }}", "{{ map }}", "{{ users[0] }}",
        "{{ floats }}", "{{ 1.0 }}", "{{ 10 / 4 }}", "{{ 10 / 5 }}", "{{ 1e3 }}", "{{ 0.1 + 0.2 }}", "{{ (1, 2) }}", "{{ (1,) }}", "{{ () }}",
        "{{ 'it\\'s' }}", "{{ \"say \\\"hi\\\"\" }}", "{{ ['it\\'s', \"q\\\"\"] }}", "{{ {'a': [1, {'b': none}]} }}", "{{ 'a' 'b' }}",
        "{{ missing }}", "[{{ missing.attr is defined }}]", "{{ unicode }}", "{{ '\\u00e9\\x41\\n' }}", "{{ lines }}", "{{ true }}{{ False }}{{ none }}",
        // Arithmetic and Python's rules
        "{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 7 % -3 }}", "{{ 2 ** 10 }} {{ 2 ** -1 }} {{ 2.0 ** 2 }}", "{{ 1 + 2 * 3 - 4 }}",
        "{{ (1 + 2) * 3 }}", "{{ -n }} {{ +n }} {{ - x }}", "{{ 'ab' * 3 }} {{ 3 * 'ab' }}", "{{ [1, 2] + [3] }}", "{{ items + ['d'] }}",
        "{{ 'a' ~ 1 ~ none ~ true ~ missing }}", "{{ 1 ~ 2 + 3 }}", "{{ 2 * 3 ~ 4 }}", "{{ x * 2 }} {{ n / 2 }} {{ n // 2.0 }} {{ 7.5 % 2 }}",
        "{{ 10 - 2 - 3 }}", "{{ 2 ** 3 ** 2 }}", "{{ -2 ** 2 }}", "{{ n * x }}", "{{ 'x' + 1 }}", "{{ 1 / 0 }}", "{{ true + 1 }}",
        "{{ '%s is %d' % (name, n) }}", "{{ '%.2f' % x }}", "{{ '%s' % items }}", "{{ 'a%%b' % () }}",
        // Comparisons and logic
        "{{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }} {{ 1 == 1.0 }} {{ 'a' < 'b' }} {{ [1, 2] < [1, 3] }}", "{{ 1 != 2 }} {{ none == none }} {{ 1 == true }}",
        "{{ 'a' in items }} {{ 'z' not in items }} {{ not 'a' in items }} {{ 'ell' in 'hello' }} {{ 'a' in map }}", "{{ 1 < 'a' }}",
        "{{ n > 5 and name or 'no' }}", "{{ empty or 'fallback' }}", "{{ nothing and 1 }}", "{{ not flag }} {{ not not flag }}",
        "{{ 'yes' if flag else 'no' }}", "[{{ 'yes' if not flag }}]", "{{ 'a' if false else 'b' if true else 'c' }}", "{{ missing == missing }}",
        "{{ (n > 3) + (n > 4) }}", "{{ items == ['a', 'b', 'c'] }} {{ (1, 2) == [1, 2] }} {{ map == {'a': 1, 'b': 2, 'c': 3} }}",
        // Attributes, items, slices
        "{{ nested.inner.value }} {{ nested['inner']['value'] }} {{ nested.inner['value'] }}", "{{ items[0] }}{{ items[-1] }}{{ items.1 }}",
        "{{ items[1:] }} {{ items[:-1] }} {{ items[::-1] }} {{ items[::2] }} {{ name[1:4] }} {{ name[::-1] }}", "[{{ items[5] }}] [{{ map.zz }}]",
        "{{ users[1].name }} {{ users[1]['age'] }}", "{{ missing.attr }}", "{{ nothing.attr }}", "[{{ name.nope }}]", "{{ map['b'] }} {{ map.get('q', 'dflt') }} {{ map.get('a') }}",
        "{{ page.meta.tags | join(',') }}", "{{ (items | first)[0] }}", "{{ 'abc'[1] }}", "{{ items[10:20] }}",
        // String methods
        "{{ name.upper() }} {{ name.lower() }} {{ words.title() }} {{ mixed.capitalize() }} {{ mixed.swapcase() }}",
        "{{ spaced.strip() }}|{{ spaced.lstrip() }}|{{ spaced.rstrip() }}|{{ 'xxaxx'.strip('x') }}", "{{ name.startswith('Ga') }} {{ name.endswith(('x', 'ey')) }}",
        "{{ words.split() }} {{ 'a,b,,c'.split(',') }} {{ 'a b c d'.split(' ', 2) }} {{ 'a b c d'.rsplit(' ', 1) }} {{ '  a  b  '.split(none, 1) }}",
        "{{ words.replace('the', 'a') }} {{ words.replace('o', '0', 2) }}", "{{ '-'.join(items) }} {{ ', '.join(['x', 'y']) }}",
        "{{ words.find('fox') }} {{ words.find('cat') }} {{ words.count('o') }} {{ words.rfind('o') }}", "{{ '{} and {}'.format('a', 'b') }} {{ '{1}{0}'.format('a', 'b') }} {{ '{x}!'.format(x=1) }}",
        "{{ '{:>5}|{:<5}|{:^5}|{:.2f}'.format('a', 'b', 'c', x) }}", "{{ lines.splitlines() }}", "{{ '42'.isdigit() }} {{ 'ab'.isalpha() }} {{ 'Ab'.islower() }}",
        "{{ '7'.zfill(3) }} {{ 'ab'.center(6, '*') }} {{ 'ab'.ljust(4, '.') }}|{{ 'ab'.rjust(4) }}", "{{ 'a=b=c'.partition('=') }} {{ 'a=b=c'.rpartition('=') }}",
        "{{ map.items() | list }} {{ map.keys() | list }} {{ map.values() | list }}", "{{ items.index('b') }} {{ items.count('a') }}", "{{ 'abc'.upper is callable }}",
        // Filters
        "{{ name | upper }} {{ name | lower }} {{ words | title }} {{ 'hello-world (foo' | title }} {{ mixed | capitalize }}",
        "{{ items | length }} {{ name | length }} {{ map | count }} {{ missing | length }}", "{{ items | first }} {{ items | last }} {{ name | first }}",
        "{{ items | join }} {{ items | join(', ') }} {{ users | join(', ', attribute='name') }} {{ nums | join('-') }}",
        "{{ missing | default('d') }} {{ empty | default('d') }} {{ empty | default('d', true) }} {{ nothing | d('n') }} {{ nothing | d('n', boolean=true) }}",
        "{{ html | e }} {{ html | escape }} {{ html | e | e }} {{ html | safe }} {{ html | forceescape }}", "{{ html | striptags }} {{ '<p>a <!-- c --> b</p>  x' | striptags }}",
        "{{ nums | sort }} {{ nums | sort(reverse=true) }} {{ ['b', 'A', 'c'] | sort }} {{ ['b', 'A', 'c'] | sort(case_sensitive=true) }}",
        "{{ users | sort(attribute='name') | map(attribute='name') | list }} {{ users | sort(attribute='age,name') | map(attribute='name') | join }}",
        "{{ map | dictsort }} {{ map | dictsort(by='value', reverse=true) }}", "{{ nums | reverse | list }} {{ name | reverse }}",
        "{{ nums | min }} {{ nums | max }} {{ nums | sum }} {{ users | sum(attribute='age') }} {{ users | max(attribute='age') }}",
        "{{ [1, 2, 2, 'a', 'A'] | unique | list }} {{ users | unique(attribute='age') | map(attribute='name') | join }}",
        "{{ users | map(attribute='name') | map('upper') | join(',') }}", "{{ users | selectattr('age', 'equalto', 31) | map(attribute='name') | join }}",
        "{{ users | rejectattr('tags') | map(attribute='name') | list }} {{ users | selectattr('tags') | list | length }}",
        "{{ nums | select('odd') | list }} {{ nums | reject('odd') | list }} {{ nums | select('greaterthan', 2) | list }} {{ [0, 1, '', 'a'] | select | list }}",
        "{% for group in users | groupby('age') %}{{ group.grouper }}:{{ group.list | map(attribute='name') | join('/') }};{% endfor %}",
        "{% for age, people in users | groupby('age') %}{{ age }}={{ people | length }} {% endfor %}",
        "{{ nums | batch(2) | list }} {{ nums | batch(2, 0) | list }} {{ nums | slice(2) | list }} {{ nums | slice(3, 'x') | list }}",
        "{{ 'a\\nb\\n\\nc' | indent }}|{{ 'a\\nb' | indent(2, true) }}|{{ 'a\\n\\nb' | indent(width='> ', blank=true) }}",
        "{{ words | truncate(9) }}|{{ words | truncate(20, true) }}|{{ words | truncate(20, false, '…', 0) }}|{{ 'short' | truncate(3, leeway=5) }}",
        "{{ words | wordcount }} {{ 'a-b c_d' | wordcount }}", "{{ '42' | int }} {{ '4.7' | int }} {{ 'x' | int }} {{ 'x' | int(7) }} {{ '0x1A' | int(0, 16) }} {{ 3.9 | int }}",
        "{{ '4.5' | float }} {{ 'x' | float }} {{ 3 | float }}", "{{ -3 | abs }} {{ -2.5 | abs }}", "{{ 2.5 | round }} {{ 3.5 | round }} {{ 2.567 | round(2) }} {{ 2.1 | round(0, 'ceil') }} {{ 2.9 | round(method='floor') }}",
        "{{ 'x' | center(7) }}|", "{{ ' a ' | trim }}|{{ 'xxaxx' | trim('x') }}", "{{ 'abc' | replace('b', 'B') }} {{ 'aaa' | replace('a', 'b', 2) }}",
        "{{ map | tojson }} {{ items | tojson }} {{ html | tojson }} {{ unicode | tojson }} {{ floats | tojson }} {{ nothing | tojson }} {{ {'b': [1, {'a': true}]} | tojson(2) }}",
        "{{ 'a b&c/d' | urlencode }} {{ {'q': 'a b', 'x': 1} | urlencode }} {{ [('k', 'v w')] | urlencode }} {{ unicode | urlencode }}",
        "<a{{ {'href': '/x', 'class': 'a b', 'skip': none} | xmlattr }}>", "{{ 1234567 | filesizeformat }} {{ 1 | filesizeformat }} {{ 1023 | filesizeformat(true) }} {{ 3000 | filesizeformat(binary=true) }}",
        "{{ '%s-%s' | format('a', 'b') }}", "{{ users[0] | attr('name') }}|{{ map | attr('items') is defined }}", "{{ map | items | list }}",
        "{{ users | map(attribute='missing', default='?') | join }}", "{{ name | list }}", "{{ map | list }}", "{{ items | string }} {{ 3 | string }}",
        "{{ users[0] | pprint }}", "{{ missing | upper }}|", "{{ name | nosuchfilter }}", "{{ [] | first }}|", "{{ users | map('nosuchfilter') | list }}",
        // Tests
        "{{ n is odd }} {{ n is even }} {{ n is divisibleby 7 }} {{ n is divisibleby(2) }}", "{{ missing is defined }} {{ missing is undefined }} {{ name is defined }}",
        "{{ nothing is none }} {{ flag is boolean }} {{ flag is true }} {{ n is integer }} {{ x is float }} {{ x is number }} {{ flag is number }}",
        "{{ name is string }} {{ map is mapping }} {{ items is iterable }} {{ items is sequence }} {{ n is iterable }} {{ name is sequence }}",
        "{{ name is upper }} {{ 'ABC' is upper }} {{ 'abc' is lower }} {{ html | e is escaped }} {{ html is escaped }}",
        "{{ n is eq 7 }} {{ n is ne 7 }} {{ n is lt 8 }} {{ n is le 7 }} {{ n is gt 7 }} {{ n is ge 7 }} {{ n is == 7 }} {{ n is greaterthan 6 }}",
        "{{ 'a' is in items }} {{ 'a' is in 'abc' }} {{ n is not odd }} {{ not n is odd }}", "{{ range is callable }} {{ name is callable }} {{ 'upper' is filter }} {{ 'odd' is test }}",
        "{{ nothing is sameas none }} {{ flag is sameas true }}", "{{ n is nosuchtest }}", "{{ n is odd and n is not even }}",
        // Globals
        "{{ range(4) | list }} {{ range(1, 4) | list }} {{ range(10, 0, -3) | list }}", "{{ dict(a=1, b='x') }}",
        "{% set ns = namespace(count=0) %}{% for i in items %}{% set ns.count = ns.count + 1 %}{% endfor %}{{ ns.count }}",
        "{% set c = cycler('odd', 'even') %}{{ c.next() }} {{ c.next() }} {{ c.current }} {{ c.next() }}", "{% set j = joiner('|') %}{% for i in items %}{{ j() }}{{ i }}{% endfor %}",
        "{{ range(3) | list }}", "{{ range(200000) | length }}",
        // Statements
        "{% if n > 10 %}big{% elif n > 5 %}mid{% else %}small{% endif %}", "{% if missing %}yes{% else %}no{% endif %}", "{% if items %}has{% endif %}",
        "{% for i in items %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }} {% endfor %}",
        "{% for i in items %}{{ loop.previtem | default('-') }}{{ i }}{{ loop.nextitem | default('-') }} {% endfor %}", "{% for i in items %}{{ loop.cycle('x', 'y') }}{% endfor %}",
        "{% for i in [1, 1, 2, 2, 3] %}{% if loop.changed(i) %}{{ i }}{% endif %}{% endfor %}", "{% for i in [] %}x{% else %}empty{% endfor %}",
        "{% for i in nums if i > 2 %}{{ i }}:{{ loop.index }}/{{ loop.length }} {% endfor %}", "{% for k, v in map.items() %}{{ k }}={{ v }};{% endfor %}",
        "{% for k in map %}{{ k }}{% endfor %}", "{% for c in name %}{{ c }}.{% endfor %}", "{% for a, b in [(1, 2), (3, 4)] %}{{ a + b }}{% endfor %}",
        "{% for u in users %}{% for t in u.tags %}{{ loop.index }}{{ t }}{% endfor %}/{{ loop.index }} {% endfor %}", "{% for i in n %}x{% endfor %}",
        "{% for a, b in [(1, 2, 3)] %}{% endfor %}", "{% for i in missing %}x{% else %}none{% endfor %}",
        "{% set a = 1 %}{% for i in items %}{% set a = a + 1 %}{{ a }}{% endfor %}{{ a }}", "{% set a, b = 1, 2 %}{{ a }}{{ b }}", "{% set t = 1, 2 %}{{ t }}",
        "{% set block_text %}inner {{ name }}{% endset %}[{{ block_text }}]", "{% set loud | upper %}quiet {{ name }}{% endset %}{{ loud }}",
        "{% macro greet(who, punct='!') %}Hi {{ who }}{{ punct }}{% endmacro %}{{ greet('Ann') }} {{ greet('Bob', '?') }} {{ greet(who='Cy', punct='.') }}",
        "{% macro m() %}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, a=3) }}", "{% macro m(a, b=a ~ '!') %}{{ b }}{% endmacro %}{{ m('x') }}",
        "{% macro m(a) %}[{{ a }}]{% endmacro %}{{ m() }}", "{% macro m(a) %}{{ a }}{% endmacro %}{{ m.name }}",
        "{% macro outer() %}<{{ caller() }}>{% endmacro %}{% call outer() %}inside {{ name }}{% endcall %}",
        "{% macro each(xs) %}{% for x in xs %}{{ caller(x) }}{% endfor %}{% endmacro %}{% call(item) each(items) %}[{{ item }}]{% endcall %}",
        "{% macro rec(n) %}{% if n > 0 %}{{ n }}{{ rec(n - 1) }}{% endif %}{% endmacro %}{{ rec(4) }}",
        "{% filter upper %}shout {{ name }}{% endfilter %}", "{% filter replace('a', 'o') | upper %}banana{% endfilter %}",
        "{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]", "{% set a = 5 %}{% with a = 1, b = a %}{{ b }}{% endwith %}",
        "{% raw %}{{ not rendered }} {% if %}{% endraw %}", "{%- raw -%}  {{ x }}  {%- endraw -%}", "{# a comment #}after", "{# multi\nline {{ x }} #}after",
        "{% for item in [[1, [2, 3]], [4, []]] recursive %}({{ item[0] if item is sequence else item }}{% if item is sequence and item[1] %}{{ loop(item[1]) }}{% endif %}){% endfor %}",
        "{% for x in [1, [2, [3]]] recursive %}{% if x is iterable %}{{ loop(x) }}{% else %}{{ x }}@{{ loop.depth }} {% endif %}{% endfor %}",
        // Whitespace control
        "a  {{- name -}}  b", "a\n  {%- if true -%}\n  x\n  {%- endif -%}\n  b", "a {#- c -#} b", "line1\n{% if true %}\nline2\n{% endif %}\nline3\n",
        "  {% if true %}x{% endif %}  \n", "{{ name }}\n", "{{ name }}\n\n", "a\r\nb\r\n", "{%- if true %} x {% endif -%}", "{{- name }}",
        // Errors
        "{% if %}", "{% endif %}", "{% for x in %}", "{{ }}", "{{ 'unclosed }}", "{% bogus %}", "{% if true %}never closed", "{{ name | }}", "{{ 1 +* 2 }}",
        "{% block a %}{% endblock b %}", "{% macro m(a=1, b) %}{% endmacro %}", "{{ name(1) }}", "{{ missing() }}", "{{ missing.attr.deeper }}",
        "{% set x.y = 1 %}", "{% extends 'nope' %}", "{% include 'nope' %}", "{% include 'nope' ignore missing %}ok", "{% include ['nope', 'also'] ignore missing %}ok",
        "{% from 'nope' import x %}", "{{ 1 if }}", "{{ [1, 2 }}", "{{ {'a' 1} }}", "{{ nums[1:2:0] }}", "{{ 'x' - 1 }}",
    ]

    static let templateSets: [Case] = [
        Case(templates: ["base": "<h1>{% block title %}Base{% endblock %}</h1>{% block body %}B{% endblock %}", "main": "{% extends 'base' %}{% block title %}Child {{ super() }}{% endblock %}"], context: context),
        Case(templates: ["base": "[{% block a %}A{% block b %}B{% endblock %}{% endblock %}]", "main": "{% extends 'base' %}{% block b %}b{{ super() }}{% endblock %}"], context: context),
        Case(templates: ["base": "{% block x %}base{% endblock %}", "mid": "{% extends 'base' %}{% block x %}mid+{{ super() }}{% endblock %}", "main": "{% extends 'mid' %}{% block x %}top+{{ super() }}{% endblock %}"], context: context),
        Case(templates: ["base": "{{ title }}{% block body %}{% endblock %}", "main": "{% set title = 'T:' %}{% extends 'base' %}{% block body %}{{ title }}{{ name }}{% endblock %}dropped"], context: context),
        Case(templates: ["base": "{% for i in items %}{% block item %}{{ i }}{% endblock %}{% endfor %}", "main": "{% extends 'base' %}{% block item %}<{{ i }}>{% endblock %}"], context: context),
        Case(templates: ["base": "{% for i in items %}{% block item scoped %}{{ i }}{% endblock %}{% endfor %}", "main": "{% extends 'base' %}{% block item %}<{{ i }}>{% endblock %}"], context: context),
        Case(templates: ["base": "{% block r required %}{% endblock %}", "main": "{% extends 'base' %}"], context: context),
        Case(templates: ["base": "{% block r required %}{% endblock %}", "main": "{% extends 'base' %}{% block r %}filled{% endblock %}"], context: context),
        Case(templates: ["base": "a{% block a %}{% endblock %}", "main": "before{% extends 'base' %}{% block a %}x{% endblock %}"], context: context),
        Case(templates: ["base": "{{ self_name }}", "main": "{% extends ('ba' ~ 'se') %}"], context: context),
        Case(templates: ["part": "[{{ name }}{% set leaked = 1 %}]", "main": "{% include 'part' %}{{ leaked }}"], context: context),
        Case(templates: ["part": "[{{ i }}]", "main": "{% for i in items %}{% include 'part' %}{% endfor %}"], context: context),
        Case(templates: ["part": "[{{ name }}]", "main": "{% include 'part' without context %}"], context: context),
        Case(templates: ["part": "[{{ local }}]", "main": "{% set local = 'L' %}{% include 'part' %}"], context: context),
        Case(templates: ["a": "A", "main": "{% include ['missing', 'a'] %}{% include 'a' ignore missing with context %}"], context: context),
        Case(templates: ["part": "{{ name }}\n", "main": "x{% include 'part' %}y"], context: context),
        Case(templates: ["macros": "{% macro b(t) %}<b>{{ t }}</b>{% endmacro %}{% macro _hidden() %}h{% endmacro %}{% set version = '1.0' %}", "main": "{% import 'macros' as m %}{{ m.b('x') }} {{ m.version }} {{ m._hidden is defined }}"], context: context),
        Case(templates: ["macros": "{% macro b(t) %}<b>{{ t }}</b>{% endmacro %}", "main": "{% from 'macros' import b, b as bold %}{{ b(1) }}{{ bold(2) }}"], context: context),
        Case(templates: ["macros": "{% macro who() %}{{ name }}{% endmacro %}", "main": "{% import 'macros' as m %}[{{ m.who() }}]"], context: context),
        Case(templates: ["macros": "{% macro who() %}{{ name }}{% endmacro %}", "main": "{% import 'macros' as m with context %}[{{ m.who() }}]"], context: context),
        Case(templates: ["macros": "{% macro who() %}{{ name }}{% endmacro %}", "main": "{% from 'macros' import who with context %}[{{ who() }}]"], context: context),
        Case(templates: ["macros": "{% macro x() %}{% endmacro %}", "main": "{% from 'macros' import nothere %}"], context: context),
        Case(templates: ["lang": "{% macro t(key) %}{{ {'search': 'Search', 'toc': 'Contents'}[key] }}{% endmacro %}", "base": "{% import 'lang' as lang with context %}<title>{% block t %}{{ lang.t('search') }}{% endblock %}</title>", "main": "{% extends 'base' %}{% block t %}{{ lang.t('toc') }} | {{ super() }}{% endblock %}"], context: context),
        Case(templates: ["icons/x.svg": "<svg>x</svg>\n", "main": "{% set icon = 'x' %}{% include 'icons/' ~ icon ~ '.svg' %}!"], context: context),
        Case(templates: ["main": "{% for u in users %}\n  {% if u.age > 30 %}\n    {{ u.name }}\n  {% endif %}\n{% endfor %}\n"], context: context, options: .init(trim_blocks: true, lstrip_blocks: true)),
        Case(templates: ["main": "<ul>\n  {% for i in items %}\n  <li>{{ i }}</li>\n  {% endfor %}\n</ul>\n  {#- c #}\n  {%+ if true %}kept{% endif %}\n"], context: context, options: .init(trim_blocks: true, lstrip_blocks: true)),
        Case(templates: ["main": "{% if true +%}\nnot trimmed{% endif %}\n{% raw %}\nraw{% endraw %}\n"], context: context, options: .init(trim_blocks: true)),
        Case(templates: ["main": "{{ missing }} {{ missing.attr }}"], context: context, options: .init(undefined: "debug")),
        Case(templates: ["main": "{{ missing }} {{ users[0].nope }} {{ name }}"], context: context, options: .init(undefined: "debug")),
        Case(templates: ["main": "{{ missing }}"], context: context, options: .init(undefined: "strict")),
        Case(templates: ["main": "{{ missing is defined }} {{ missing | default('d') }}"], context: context, options: .init(undefined: "strict")),
        Case(templates: ["main": "{% if missing %}{% endif %}"], context: context, options: .init(undefined: "strict")),
        Case(templates: ["main": "{% for x in missing %}{% endfor %}"], context: context, options: .init(undefined: "strict")),
    ]

    static var cases: [Case] {
        expressions.map { Case(templates: ["main": $0], context: context) } + templateSets
    }

    static func render(_ testCase: Case) -> Answer {
        var options = TemplateEngine.Options()
        options.trimBlocks = testCase.options.trim_blocks ?? false
        options.lstripBlocks = testCase.options.lstrip_blocks ?? false
        switch testCase.options.undefined {
        case "debug": options.undefined = .debug
        case "strict": options.undefined = .strict
        default: break
        }
        let filters = testCase.options.mkdocs == true ? MkDocsFilters.all : [:]
        let engine = TemplateEngine(directories: testCase.options.directories ?? [], builtIn: testCase.templates, options: options, filters: filters)
        do {
            return Answer(output: try engine.render(template: testCase.main, context: try contextValues(testCase.context)))
        } catch {
            return Answer(error: "\(error)")
        }
    }

    /// The JSON context as templates see it, maps in the order written (read as YAML, of
    /// which JSON is a part).
    static func contextValues(_ json: String) throws -> [String: TemplateValue] {
        let entries = FrontMatterValues.read("---\n" + json + "\n---\n", file: "context.json")
        return Dictionary(entries.map { ($0.key, listings(TemplateEngine.value($0.value))) }, uniquingKeysWith: { first, _ in first })
    }

    /// Maps with `__items__` made lists with attributes (the oracle makes them the same).
    static func listings(_ value: TemplateValue) -> TemplateValue {
        switch value {
        case .dict(let map):
            var attributes = TemplateDict()
            for entry in map.entries where entry.key != "__items__" { attributes[entry.key] = listings(entry.value) }
            if let items = map["__items__"]?.sequence { return .object(items: items.map(listings), attributes: attributes) }
            return .dict(attributes)
        case .list(let items): return .list(items.map(listings))
        default: return value
        }
    }

    @Test func casesAreMany() {
        #expect(Self.cases.count >= 200)
    }

    @Test func everyCaseAgreesWithJinja() throws {
        try Self.compare(Self.cases)
    }

    /// Each case rendered by Jinja and by Galley: equal text, or both failing.
    static func compare(_ cases: [Case], jinjaRendersAll: Bool = false) throws {
        let answers = try Oracle.run("jinja.py", cases, as: [Answer].self)
        try #require(answers.count == cases.count)
        var disagreements: [String] = []
        for (testCase, jinja) in zip(cases, answers) {
            let galley = Self.render(testCase)
            if let expected = jinja.output {
                if galley.output != expected {
                    disagreements.append("\(testCase.label)\n  jinja:  \(expected.debugDescription)\n  galley: \(galley.output?.debugDescription ?? "error " + (galley.error ?? ""))")
                }
            } else if jinjaRendersAll {
                disagreements.append("\(testCase.label): Jinja failed: \(jinja.error ?? "")")
            } else if galley.error == nil {
                disagreements.append("\(testCase.label)\n  jinja:  \(jinja.error ?? "")\n  galley: \(galley.output?.debugDescription ?? "")")
            }
        }
        #expect(disagreements.isEmpty, Comment(rawValue: "\(disagreements.count) of \(cases.count) cases differ:\n" + disagreements.joined(separator: "\n")))
    }
}
