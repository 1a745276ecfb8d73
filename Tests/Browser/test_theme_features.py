# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of the Material features a site turns on in theme.features: copy buttons,
back-to-top, a header that hides while reading, sticky tabs, a dismissable announcement,
the search's words marked on the page it leads to, and the n/p keys. Each is off unless asked."""
import json
import os
import subprocess
import unittest

import cdp
from test_theme import GALLEY, built_site, scratch_folder, serve, write_project

CONFIG = """site_name: Features
theme:
  name: material
  custom_dir: overrides
  features:
    - navigation.top
    - header.autohide
    - navigation.tabs
    - navigation.tabs.sticky
    - announce.dismiss
    - search.highlight
    - content.code.copy
    - navigation.footer
    - content.code.annotate
    - content.tooltips
    - search.suggest
    - navigation.instant
    - navigation.instant.progress
plugins:
  - search
markdown_extensions:
  - pymdownx.highlight:
      linenums: true
      anchor_linenums: true
  - pymdownx.superfences
  - attr_list
nav:
  - index.md
  - second.md
  - Section:
      - third.md
  - annotated.md
"""

FILES = {
    "mkdocs.yml": CONFIG,
    "overrides/main.html": '{% extends "base.html" %}\n{% block announce %}Release 2 is out{% endblock %}\n',
    "docs/index.md": "# Home\n\n```swift\nlet answer = 42\nprint(answer)\n```\n\n" + "Filler paragraph.\n\n" * 120,
    "docs/second.md": "# Second\n\nThe quokka lives here, and the quokka smiles.\n\n" + "More filler.\n\n" * 20
        + "## Filler notes\n\nFiller again.\n\n## Other filler\n\nFiller once more.\n",
    "docs/third.md": "# Third\n\nLast.\n",
    "docs/annotated.md": "# Annotated\n\n```python\nx = 1  # (1)!\ny = 2  # (2)\nz = 3  # a plain comment\n```\n\n"
                         "1. The first note, in **bold**.\n2. The second note.\n\n"
                         "See [the home page](index.md){ title=\"Where it all starts\" }.\n",
}


def site():
    return built_site("features", FILES)


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class ThemeFeatureTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = site()
        cls.browser = cdp.Browser(1440, 900)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def setUp(self):
        self.browser.resize(1440, 900)
        self.browser.events = []

    def open(self, path="index.html", query=""):
        self.browser.navigate("file://" + os.path.join(self.site, path) + query)

    def scroll(self, y):
        self.browser.evaluate(f"window.scrollTo(0, {y}); window.dispatchEvent(new Event('scroll'))")

    def test_code_blocks_have_a_copy_button_that_copies_without_line_numbers(self):
        self.open()
        count = self.browser.evaluate("[document.querySelectorAll('.g-content .highlight').length, document.querySelectorAll('.g-content .highlight > .g-copy').length]")
        self.assertEqual(count, [1, 1])
        self.browser.evaluate("navigator.clipboard.writeText = (text) => { window.copied = text; return Promise.resolve(); }")
        self.browser.evaluate("document.querySelector('.g-content .highlight > .g-copy').click()")
        self.assertEqual(self.browser.wait_for("window.copied"), "let answer = 42\nprint(answer)")

    def test_back_to_top_appears_when_scrolling_up_and_goes_to_the_top(self):
        self.open()
        hidden = "document.querySelector('.g-top').hidden"
        self.assertTrue(self.browser.evaluate(hidden))
        self.scroll(2000)
        self.assertTrue(self.browser.evaluate(hidden))
        self.scroll(1500)
        self.assertFalse(self.browser.evaluate(hidden))
        self.browser.click(".g-top")
        self.assertTrue(self.browser.wait_for("window.pageYOffset === 0"))
        self.assertEqual(self.browser.evaluate("document.activeElement.id"), "content")

    def test_the_header_hides_while_reading_down_and_returns_going_up(self):
        self.open()
        top = "document.querySelector('.g-header').getBoundingClientRect().bottom"
        self.scroll(1500)
        self.assertTrue(self.browser.wait_for(f"{top} <= 0"))
        self.scroll(1200)
        self.assertTrue(self.browser.wait_for(f"{top} > 0"))

    def test_sticky_tabs_stay_under_the_header(self):
        self.open()
        self.scroll(1500)
        self.scroll(1200)
        self.browser.wait_for("document.querySelector('.g-header').getBoundingClientRect().top === 0")
        tabs = self.browser.evaluate("[document.querySelector('.g-tabs').getBoundingClientRect().top, document.querySelector('.g-header').getBoundingClientRect().bottom]")
        self.assertAlmostEqual(tabs[0], tabs[1], delta=1)

    def test_the_announcement_can_be_dismissed_for_good(self):
        self.open()
        self.browser.evaluate("localStorage.clear()")
        self.open()
        shown = "(() => { const a = document.querySelector('.g-announce'); return !!a && !a.hidden && a.offsetHeight > 0; })()"
        self.assertTrue(self.browser.evaluate(shown))
        self.browser.click(".g-announce-dismiss")
        self.assertFalse(self.browser.evaluate(shown))
        self.open("second/index.html")
        self.assertFalse(self.browser.evaluate(shown))

    def test_a_search_result_marks_the_words_on_its_page(self):
        self.open()
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("quokka")
        href = self.browser.wait_for("(() => { const a = document.querySelector('#g-search-results [role=option]'); return a && a.getAttribute('href'); })()")
        self.assertIn("?h=quokka", href)
        self.browser.key("Enter")
        marks = self.browser.wait_for("document.readyState === 'complete' && location.pathname.includes('second') && Array.from(document.querySelectorAll('.g-content mark.g-highlight')).map(m => m.textContent)")
        self.assertEqual(marks, ["quokka", "quokka"])
        self.assertEqual(self.browser.errors(), [])

    def test_a_section_named_as_the_query_comes_first(self):
        # As a symbol's section is named by the symbol: typing a symbol's name finds it before
        # a page whose title merely holds the word.
        exact = built_site("exact-title", {
            "mkdocs.yml": "site_name: Exact\n",
            "docs/index.md": "# Home\n\nStart.\n",
            "docs/helpers.md": "# makeSink helpers\n\nmakeSink here, makeSink there, makeSink everywhere.\n",
            "docs/context.md": "# Context\n\n## `makeSink(of:)`\n\nMakes a sink.\n",
        })
        self.browser.navigate("file://" + exact + "/index.html")
        self.browser.wait_for("document.readyState === 'complete'")
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("makesink")
        first = self.browser.wait_for("(() => { const a = document.querySelector('#g-search-results [role=option]'); return a && a.getAttribute('href'); })()")
        self.assertIn("context/index.html#makesinkof", first)

    def test_search_suggests_the_rest_of_a_word(self):
        self.open()
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("Quok")
        ghost = self.browser.wait_for("""(() => { const g = document.querySelector('.g-search-suggest'); return g && !g.hidden &&
            [g.getAttribute('data-completion'), g.textContent, getComputedStyle(g).display]; })()""")
        self.assertEqual(ghost[:2], ["Quokka", "Quokka"])
        self.assertNotEqual(ghost[2], "none")
        # The ghost's typed part sits exactly under the input's text.
        self.browser.key("ArrowRight")
        self.assertEqual(self.browser.evaluate("document.getElementById('g-search-input').value"), "Quokka")
        self.assertTrue(self.browser.wait_for("document.querySelector('.g-search-suggest').hidden"))

    def test_search_results_are_grouped_per_page(self):
        self.open()
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("filler")
        results = self.browser.wait_for("""(() => { const r = Array.from(document.querySelectorAll('#g-search-results [role=option]'))
            .map(e => [e.getAttribute('href').split('?')[0].split('#')[0], e.classList.contains('g-search-child')]); return r.length ? r : null; })()""")
        pages = [href for href, child in results if not child]
        # Each page heads its group once; its other results follow it, marked as its children.
        self.assertEqual(len(pages), len(set(pages)), results)
        for (href, child), (previous, _) in zip(results[1:], results):
            if child:
                self.assertEqual(href, previous, results)

    def test_code_annotations_open_beside_their_marker(self):
        self.open("annotated/index.html")
        state = self.browser.evaluate("""(() => { const b = Array.from(document.querySelectorAll('.g-annotate'));
            return {count: b.length, labels: b.map(x => x.textContent), list: getComputedStyle(document.querySelector('ol.g-annotations')).display,
                    lines: Array.from(document.querySelectorAll('.highlight code')).map(c => c.textContent)}; })()""")
        self.assertEqual(state["count"], 2)
        self.assertEqual(state["labels"], ["1", "2"])
        self.assertEqual(state["list"], "none")
        lines = state["lines"][0].split("\n")
        # `(1)!` leaves the marker alone; `(2)` keeps its comment sign; a plain comment is untouched.
        self.assertEqual(lines[0].rstrip(), "x = 1 1")
        self.assertEqual(lines[1].rstrip(), "y = 2  # 2")
        self.assertEqual(lines[2], "z = 3  # a plain comment")
        self.browser.click(".g-annotate")
        note = self.browser.wait_for("(() => { const n = document.querySelector('.g-annotation'); return n && n.innerHTML; })()")
        self.assertIn("<strong>bold</strong>", note)
        self.assertEqual(self.browser.evaluate("document.querySelector('.g-annotate').getAttribute('aria-expanded')"), "true")
        self.browser.key("Escape")
        self.assertFalse(self.browser.evaluate("!!document.querySelector('.g-annotation')"))
        # Copied, the code is what was written less the markers: no space is left where the
        # `(1)!` comment stood, and `(2)`'s comment sign stays.
        self.browser.evaluate("navigator.clipboard.writeText = text => { window.copied = text; return Promise.resolve(); }")
        self.browser.click(".highlight .g-copy")
        copied = self.browser.wait_for("window.copied || null")
        self.assertEqual(copied.split("\n")[:3], ["x = 1", "y = 2  # ", "z = 3  # a plain comment"])
        self.assertEqual(self.browser.errors(), [])

    def test_code_lines_have_anchors(self):
        self.open("annotated/index.html")
        anchors = self.browser.evaluate("Array.from(document.querySelectorAll('.highlight a.linenos')).map(a => [a.id, a.getAttribute('href')])")
        self.assertEqual(anchors[:2], [["__codelineno-0-1", "#__codelineno-0-1"], ["__codelineno-0-2", "#__codelineno-0-2"]])
        self.browser.click(".highlight a.linenos:nth-of-type(3)")
        self.assertTrue(self.browser.wait_for("location.hash === '#__codelineno-0-3' && document.querySelector(':target').id === '__codelineno-0-3'"))

    def test_titles_show_as_tooltips(self):
        self.open("annotated/index.html")
        link = self.browser.evaluate("(() => { const a = document.querySelector('.g-content p a'); return [a.hasAttribute('title'), a.getAttribute('data-title')]; })()")
        self.assertEqual(link, [False, "Where it all starts"])
        self.browser.evaluate("document.querySelector('.g-content p a').dispatchEvent(new MouseEvent('mouseenter'))")
        self.assertEqual(self.browser.evaluate("document.querySelector('.g-tooltip').textContent"), "Where it all starts")

    def test_n_and_p_go_to_the_next_and_previous_page(self):
        self.open("second/index.html")
        self.browser.key("n", text="n")
        self.assertTrue(self.browser.wait_for("location.pathname.includes('/third/') && document.readyState === 'complete'"))
        self.browser.key("p", text="p")
        self.assertTrue(self.browser.wait_for("location.pathname.includes('/second/') && document.readyState === 'complete'"))
        # Typing in the search box is typing, not going.
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.key("n", text="n")
        self.assertTrue(self.browser.evaluate("location.pathname.includes('/second/')"))


MORE = {
    "mkdocs.yml": """site_name: More features
theme:
  name: material
  features:
    - content.code.copy
    - content.code.select
    - content.footnote.tooltips
    - search.share
plugins:
  - search
markdown_extensions:
  - pymdownx.highlight:
      anchor_linenums: true
  - pymdownx.superfences
  - footnotes
""",
    "docs/index.md": "# Home\n\n```python\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n```\n\n"
                     "```python linenums=\"10\"\nx = 1\ny = 2\n```\n\n"
                     "The quokka[^note] smiles.\n\n[^note]: A small **marsupial** of Rottnest Island.\n",
}


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class MoreFeatureTests(unittest.TestCase):
    """content.code.select, content.footnote.tooltips and search.share."""

    @classmethod
    def setUpClass(cls):
        cls.site = built_site("more-features", MORE)
        cls.browser = cdp.Browser(1280, 800)
        # Focus events as in a window that has the focus, which a headless one does not.
        cls.browser.call("Emulation.setFocusEmulationEnabled", enabled=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def open(self, suffix=""):
        # From another page, so that a change of fragment alone is a load too.
        self.browser.navigate("about:blank")
        self.browser.navigate("file://" + os.path.join(self.site, "index.html") + suffix)

    def press_line(self, block, line, shift=False):
        """A mouse press on the middle of `line` (1-based) of code block `block`."""
        self.browser.evaluate(f"""(() => {{ const code = document.querySelectorAll('.highlight pre > code')[{block}];
          const height = parseFloat(getComputedStyle(code).lineHeight), box = code.getBoundingClientRect();
          code.dispatchEvent(new MouseEvent('mousedown', {{bubbles: true, button: 0, shiftKey: {'true' if shift else 'false'},
            clientX: box.left + 20, clientY: box.top + ({line} - 0.5) * height}})); }})()""")

    def selection(self, block=0):
        """The marked lines' offset and height, in lines, or None."""
        return self.browser.evaluate(f"""(() => {{ const block = document.querySelectorAll('.highlight')[{block}];
          const mark = block.querySelector('.g-line-selection'), code = block.querySelector('pre > code');
          if (!mark) return null; const height = parseFloat(getComputedStyle(code).lineHeight);
          return [Math.round((mark.offsetTop - code.offsetTop) / height), Math.round(mark.offsetHeight / height)]; }})()""")

    def test_lines_are_selected_into_the_address_and_back(self):
        self.open()
        button = ".highlight .g-select-lines"
        self.assertEqual(self.browser.evaluate(f"document.querySelectorAll('{button}').length"), 2)
        # Off until the button is pressed: a press on the code selects text as usual.
        self.press_line(0, 2)
        self.assertIsNone(self.selection())
        self.browser.evaluate(f"document.querySelector('{button}').click()")
        self.assertEqual(self.browser.evaluate(f"document.querySelector('{button}').getAttribute('aria-pressed')"), "true")
        self.press_line(0, 2)
        self.assertEqual(self.browser.evaluate("location.hash"), "#__codelineno-0-2")
        self.assertEqual(self.selection(), [1, 1])
        self.press_line(0, 4, shift=True)
        self.assertEqual(self.browser.evaluate("location.hash"), "#__codelineno-0-2:4")
        self.assertEqual(self.selection(), [1, 3])
        # A link with the range opens with the same lines marked.
        self.open("#__codelineno-0-3:5")
        self.browser.wait_for("document.querySelector('.g-line-selection') !== null")
        self.assertEqual(self.selection(), [2, 3])
        # Line numbers that are links select their line; numbering starts where the block's does.
        self.open()
        self.browser.evaluate("document.querySelectorAll('.highlight')[1].querySelectorAll('a.linenos')[1].click()")
        self.assertEqual(self.browser.evaluate("location.hash"), "#__codelineno-1-11")
        self.assertEqual(self.selection(1), [1, 1])
        self.assertEqual(self.browser.errors(), [])

    def test_a_footnote_shows_beside_its_number(self):
        self.open()
        self.browser.evaluate("document.querySelector('a.footnote-ref').focus()")
        tip = self.browser.evaluate("""(() => { const tip = document.querySelector('.g-footnote-tip');
          return tip && {text: tip.textContent.trim(), bold: !!tip.querySelector('strong'), back: !!tip.querySelector('.footnote-backref'),
            described: document.querySelector('a.footnote-ref').getAttribute('aria-describedby') === tip.id}; })()""")
        self.assertEqual(tip, {"text": "A small marsupial of Rottnest Island.", "bold": True, "back": False, "described": True})
        self.browser.evaluate("document.querySelector('a.footnote-ref').blur()")
        self.assertIsNone(self.browser.evaluate("document.querySelector('.g-footnote-tip')"))

    def test_a_search_is_shared_as_a_link_that_opens_it(self):
        self.open()
        share = ".g-search-share"
        self.assertTrue(self.browser.evaluate(f"document.querySelector('{share}').hidden"))
        self.browser.evaluate("document.querySelector('#g-search-input').focus()")
        self.browser.type_text("quokka")
        self.browser.wait_for(f"!document.querySelector('{share}').hidden && document.querySelectorAll('#g-search-results [role=option]').length > 0")
        self.browser.evaluate(f"document.querySelector('{share}').click()")
        self.browser.wait_for(f"document.querySelector('{share}').classList.contains('g-copied')")
        self.assertEqual(self.browser.evaluate("document.querySelector('.g-search-status').textContent"), "Copied")
        self.open("?q=quokka")
        self.browser.wait_for("document.querySelectorAll('#g-search-results [role=option]').length > 0")
        self.assertEqual(self.browser.evaluate("document.querySelector('#g-search-input').value"), "quokka")


VERSIONED = {
    "mkdocs.yml": "site_name: Versioned\ntheme:\n  name: material\n  custom_dir: overrides\nextra:\n  version:\n    provider: mike\n    default: latest\n",
    "overrides/main.html": '{% extends "base.html" %}\n{% block outdated %}You are reading an old version.{% endblock %}\n',
    "docs/index.md": "# Home\n\nText.\n",
    "docs/guide.md": "# Guide\n\n## Setup\n\nText.\n",
}


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class VersionSelectorTests(unittest.TestCase):
    """Two versions published side by side as mike lays them out, served over loopback."""

    @classmethod
    def setUpClass(cls):
        work = scratch_folder("galley-versions-")
        project = os.path.join(work, "project")
        write_project(project, VERSIONED)
        deploy = os.path.join(work, "deploy")
        os.makedirs(deploy)
        for version in ("1.0", "2.0"):
            if version == "2.0":
                # A page the new version adds.
                write_project(project, {"docs/new.md": "# New\n"})
            subprocess.run([GALLEY, "build", "-q", "--site-dir", os.path.join(deploy, version)], cwd=project, check=True)
        with open(os.path.join(deploy, "versions.json"), "w") as file:
            json.dump([{"version": "2.0", "title": "2.0", "aliases": ["latest"]}, {"version": "1.0", "title": "1.0", "aliases": []}], file)
        cls.server, cls.base = serve(deploy)
        cls.browser = cdp.Browser(1280, 800)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.server.shutdown()

    def selector(self):
        return self.browser.wait_for("""(() => { const v = document.querySelector('.g-version'); return v && {current: v.querySelector('summary').textContent,
            links: Array.from(v.querySelectorAll('a')).map(a => [a.textContent, new URL(a.href).pathname])}; })()""")

    def outdated_shown(self):
        return self.browser.evaluate("(() => { const o = document.querySelector('.g-outdated'); return !!o && !o.hidden && o.offsetHeight > 0; })()")

    def test_the_selector_lists_versions_and_an_old_one_is_marked_outdated(self):
        self.browser.navigate(self.base + "1.0/")
        self.assertEqual(self.selector(), {"current": "1.0", "links": [["2.0", "/2.0/"], ["1.0", "/1.0/"]]})
        self.assertTrue(self.outdated_shown())
        self.browser.navigate(self.base + "2.0/")
        self.assertEqual(self.selector()["current"], "2.0")
        self.assertFalse(self.outdated_shown())
        self.assertEqual(self.browser.errors(), [])

    def switch_to(self, version):
        self.selector()
        self.browser.evaluate("document.querySelector('.g-version').open = true")
        self.browser.click(f".g-version a[href$='/{version}/']")

    def test_switching_version_keeps_the_page_when_the_other_version_has_it(self):
        self.browser.navigate(self.base + "2.0/guide/#setup")
        self.switch_to("1.0")
        self.browser.wait_for("location.pathname === '/1.0/guide/' && location.hash === '#setup'")
        # A page 1.0 lacks leads to 1.0's home.
        self.browser.navigate(self.base + "2.0/new/")
        self.switch_to("1.0")
        self.browser.wait_for("location.pathname === '/1.0/'")


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class InstantNavigationTests(unittest.TestCase):
    """The features site served over loopback, where navigation.instant applies."""

    @classmethod
    def setUpClass(cls):
        cls.server, cls.base = serve(site())
        cls.browser = cdp.Browser(1280, 800)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.server.shutdown()

    def state(self):
        return self.browser.evaluate("""({path: location.pathname, marker: window.galleyMarker || null, title: document.title,
            h1: document.querySelector('.g-content h1').textContent, current: (document.querySelector('.g-nav .g-current > a') || {}).textContent})""")

    def test_links_swap_the_page_without_a_reload_and_history_follows(self):
        self.browser.navigate(self.base)
        self.browser.evaluate("window.galleyMarker = 'kept'")
        self.browser.click(".g-nav a[href$='second/']")
        self.browser.wait_for("location.pathname === '/second/' && document.querySelector('.g-content h1').textContent === 'Second'")
        self.assertEqual(self.state(), {"path": "/second/", "marker": "kept", "title": "Second - Features", "h1": "Second", "current": "Second"})
        # The new page's parts work: its links resolve from its own place, the n key follows it.
        self.assertEqual(self.browser.evaluate("document.querySelector('link[rel=next]').href"), self.base + "third/")
        self.browser.click(".g-nav a[href$='annotated/']")
        self.browser.wait_for("location.pathname === '/annotated/' && document.querySelectorAll('.g-annotate').length === 2")
        self.assertEqual(self.browser.evaluate("window.galleyMarker"), "kept")
        self.browser.evaluate("history.back()")
        self.browser.wait_for("location.pathname === '/second/' && document.querySelector('.g-content h1').textContent === 'Second'")
        self.browser.evaluate("history.back()")
        self.browser.wait_for("location.pathname === '/' && document.querySelector('.g-content h1').textContent === 'Home'")
        self.assertEqual(self.browser.evaluate("window.galleyMarker"), "kept")
        self.assertEqual(self.browser.errors(), [])

    def test_search_keeps_working_after_an_instant_move(self):
        self.browser.navigate(self.base)
        self.browser.evaluate("window.galleyMarker = 'kept'")
        self.browser.click(".g-nav a[href$='annotated/']")
        self.browser.wait_for("location.pathname === '/annotated/'")
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("quokka")
        href = self.browser.wait_for("(() => { const a = document.querySelector('#g-search-results [role=option]'); return a && a.href; })()")
        self.assertEqual(href, self.base + "second/?h=quokka")
        self.browser.key("Enter")
        self.browser.wait_for("location.pathname === '/second/' && document.querySelectorAll('.g-content mark.g-highlight').length === 2")
        self.assertEqual(self.browser.evaluate("window.galleyMarker"), "kept")

    def test_from_file_links_load_pages_normally(self):
        self.browser.navigate("file://" + os.path.join(site(), "index.html"))
        self.browser.evaluate("window.galleyMarker = 'gone'")
        self.browser.click(".g-nav a[href*='second']")
        self.browser.wait_for("location.pathname.endsWith('/second/index.html') && document.readyState === 'complete'")
        self.assertIsNone(self.browser.evaluate("window.galleyMarker || null"))


if __name__ == "__main__":
    unittest.main()
