# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of what readers notice first: mobile search, tabs for every top-level section,
Material's automatic palette, distinguishable links, snippet output blocks, the mobile drawer,
printed tabs, one search result per page and the copy button on touch screens.

Each runs at the widths a reader has (375, 414, 768, 1440 px) in both colour schemes where
colour matters. The site is built here by this checkout's galley and opened from file://."""
import os
import re
import unittest

import cdp
from test_theme import built_site, contrast

PALETTE = """  palette:
    - media: "(prefers-color-scheme)"
      toggle:
        icon: material/brightness-auto
        name: Switch to light mode
    - media: "(prefers-color-scheme: light)"
      scheme: default
      primary: black
      toggle:
        icon: material/brightness-7
        name: Switch to dark mode
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      primary: black
      toggle:
        icon: material/brightness-4
        name: Switch to system preference
"""

CONFIG = """site_name: Fixes
theme:
  name: material
  features:
    - navigation.tabs
    - content.code.copy
""" + PALETTE + """plugins:
  - search
markdown_extensions:
  - md_in_html
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
nav:
  - Home: index.md
  - Guide:
      - guide/index.md
      - guide/steps.md
  - API Reference:
      - Kotlin: https://example.com/kotlin/
      - Swift: https://example.com/swift/
"""

LONG_LINE = "let greeting = \"" + "word " * 30 + "\""

INDEX = f"""# Zanzibar handbook

Read the [guide](guide/index.md) and the [steps](guide/steps.md) before you start.

```swift
{LONG_LINE}
print(greeting)
```

<div class="snippet-result snippet-output"><span class="snippet-label">Output</span><pre><code>first line
second line
third line</code></pre></div>

=== "Kotlin"

    Kotlin text

=== "Swift"

    Swift text

=== "Java"

    Java text

## Details

More words about Zanzibar.
""" + "\nFiller paragraph.\n" * 40

FILES = {
    "mkdocs.yml": CONFIG,
    "docs/index.md": INDEX,
    "docs/guide/index.md": "# Guide\n\nThe guide.\n",
    "docs/guide/steps.md": "# Steps\n\nThe steps.\n",
}


def site():
    return built_site("defects", FILES)


def rgb(text):
    """A computed colour, `rgb(…)` or `color(srgb r g b)` (what color-mix() computes to)."""
    values = [float(v) for v in re.findall(r"\d+(?:\.\d+)?", text)[:3]]
    if text.startswith("color(srgb"):
        values = [v * 255 for v in values]
    return tuple(round(v) for v in values)


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class ThemeDefectTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = site()
        cls.browser = cdp.Browser(1440, 900)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def setUp(self):
        self.scheme("light")
        self.browser.resize(1440, 900)
        self.browser.call("Emulation.setEmulatedMedia", media="")
        self.browser.call("Emulation.setTouchEmulationEnabled", enabled=False)
        self.browser.events = []

    def open(self, path="index.html", clear=True):
        self.browser.navigate("file://" + os.path.join(self.site, path))
        if clear:
            self.browser.evaluate("localStorage.clear()")
            self.browser.navigate("file://" + os.path.join(self.site, path))

    def scheme(self, preference):
        self.browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": preference}])

    def test_mobile_search_field_spans_the_screen_and_shows_what_is_typed(self):
        for width in (375, 414, 768):
            self.browser.resize(width, 800, mobile=width < 600)
            self.open()
            self.browser.evaluate("document.getElementById('g-search-input').focus()")
            self.browser.type_text("zanzibar")
            box = self.browser.wait_for("""(() => { const r = document.querySelector('.g-search-box').getBoundingClientRect();
                const i = document.getElementById('g-search-input'), s = getComputedStyle(i);
                const l = document.getElementById('g-search-results').getBoundingClientRect();
                // Measured once the field's transition to its open look has ended.
                const opaque = !/rgba|transparent/.test(getComputedStyle(document.querySelector('.g-search-box')).backgroundColor);
                return document.getElementById('g-search-results').hidden || !opaque ? null :
                  {left: r.left, right: r.right, width: r.width, value: i.value, color: s.color,
                   bg: getComputedStyle(document.querySelector('.g-search-box')).backgroundColor, listLeft: l.left, listRight: l.right}; })()""")
            self.assertGreaterEqual(box["left"], 0, (width, box))
            self.assertLessEqual(box["right"], width, (width, box))
            if width < 600:
                self.assertGreaterEqual(box["width"], width - 40, (width, box))
            self.assertEqual(box["value"], "zanzibar")
            self.assertGreaterEqual(contrast(rgb(box["color"]), rgb(box["bg"])), 4.5, box)
            self.assertGreaterEqual(box["listLeft"], 0, (width, box))
            self.assertLessEqual(box["listRight"], width, (width, box))

    def test_every_top_level_section_has_a_tab(self):
        self.open()
        tabs = self.browser.evaluate("Array.from(document.querySelectorAll('.g-tabs a')).map(a => [a.textContent, a.getAttribute('href'), a.offsetParent !== null])")
        self.assertEqual([t[0] for t in tabs], ["Home", "Guide", "API Reference"])
        self.assertEqual(tabs[2][1], "https://example.com/kotlin/")
        self.assertTrue(all(t[2] for t in tabs), tabs)

    def test_the_automatic_palette_follows_the_system(self):
        for preference, scheme in (("dark", "slate"), ("light", "default")):
            self.scheme(preference)
            self.open()
            state = self.browser.evaluate("[document.documentElement.dataset.paletteChoice, document.documentElement.dataset.scheme, getComputedStyle(document.body).backgroundColor]")
            self.assertEqual(state[:2], ["0", scheme], preference)
            self.assertEqual(state[2], "rgb(23, 25, 30)" if scheme == "slate" else "rgb(255, 255, 255)")
        # A change of the system's setting while the page is open is followed at once.
        self.scheme("dark")
        self.assertTrue(self.browser.wait_for("document.documentElement.dataset.scheme === 'slate'"))
        # The toggle goes on to the light entry, then dark, then back to automatic.
        label = "document.querySelector('.g-scheme-toggle').getAttribute('aria-label')"
        self.assertEqual(self.browser.evaluate(label), "Switch to light mode")
        self.browser.click(".g-scheme-toggle")
        self.assertEqual(self.browser.evaluate("[document.documentElement.dataset.paletteChoice, document.documentElement.dataset.scheme]"), ["1", "default"])
        self.assertEqual(self.browser.evaluate(label), "Switch to dark mode")
        self.browser.click(".g-scheme-toggle")
        self.assertEqual(self.browser.evaluate("document.documentElement.dataset.scheme"), "slate")
        self.browser.click(".g-scheme-toggle")
        self.assertEqual(self.browser.evaluate("[document.documentElement.dataset.paletteChoice, document.documentElement.dataset.scheme]"), ["0", "slate"])
        # The choice of automatic is remembered as such: a light system later gets light.
        self.scheme("light")
        self.open(clear=False)
        self.assertEqual(self.browser.evaluate("[document.documentElement.dataset.paletteChoice, document.documentElement.dataset.scheme]"), ["0", "default"])
        self.assertEqual(self.browser.errors(), [])

    def test_links_stand_out_from_text_in_both_schemes(self):
        for preference in ("light", "dark"):
            self.scheme(preference)
            self.open()
            link = self.browser.evaluate("""(() => { const a = document.querySelector('.g-content p a'), p = a.parentElement;
                return {link: getComputedStyle(a).color, text: getComputedStyle(p).color, bg: getComputedStyle(document.body).backgroundColor,
                        underline: getComputedStyle(a).textDecorationLine}; })()""")
            against_text = contrast(rgb(link["link"]), rgb(link["text"]))
            self.assertGreaterEqual(contrast(rgb(link["link"]), rgb(link["bg"])), 4.5, link)
            self.assertTrue(against_text >= 3 or link["underline"] == "underline", (preference, against_text, link))

    def test_snippet_output_is_a_block_of_its_own(self):
        for preference in ("light", "dark"):
            self.scheme(preference)
            self.open()
            output = self.browser.evaluate("""(() => { const code = document.querySelector('.snippet-result pre code'), s = getComputedStyle(code);
                const range = document.createRange(); range.selectNodeContents(code);
                const lines = Array.from(range.getClientRects()).filter(r => r.width > 2).map(r => Math.round(r.left));
                const label = document.querySelector('.snippet-result .snippet-label'), box = document.querySelector('.snippet-result');
                return {display: s.display, bg: s.backgroundColor, padding: s.paddingLeft, lefts: lines,
                        label: label.textContent, labelColor: getComputedStyle(label).color, boxBg: getComputedStyle(box).backgroundColor,
                        text: s.color, copy: !!box.querySelector('.g-copy')}; })()""")
            self.assertEqual(output["display"], "block")
            self.assertEqual(output["bg"], "rgba(0, 0, 0, 0)")
            self.assertEqual(output["padding"], "0px")
            self.assertGreaterEqual(len(output["lefts"]), 3, output)
            self.assertEqual(len(set(output["lefts"])), 1, output)
            self.assertEqual(output["label"], "Output")
            self.assertTrue(output["copy"])
            self.assertGreaterEqual(contrast(rgb(output["text"]), rgb(output["boxBg"])), 4.5, output)
            self.assertGreaterEqual(contrast(rgb(output["labelColor"]), rgb(output["boxBg"])), 4.5, output)
        self.browser.evaluate("navigator.clipboard.writeText = (text) => { window.copied = text; return Promise.resolve(); }")
        self.browser.evaluate("document.querySelector('.snippet-result .g-copy').click()")
        self.assertEqual(self.browser.wait_for("window.copied"), "first line\nsecond line\nthird line")

    def test_the_mobile_drawer_fills_the_screen_with_touch_sized_rows(self):
        for width, height in ((375, 667), (414, 896)):
            self.browser.resize(width, height, mobile=True)
            self.open()
            self.browser.click(".g-drawer-open")
            self.browser.wait_for("getComputedStyle(document.getElementById('g-nav')).visibility === 'visible'")
            drawer = self.browser.evaluate("""(() => { const n = document.getElementById('g-nav').getBoundingClientRect();
                const rows = Array.from(document.querySelectorAll('#g-nav a, #g-nav summary')).filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().height);
                return {top: n.top, height: n.height, inner: innerHeight, rows: rows}; })()""")
            self.assertEqual(drawer["top"], 0)
            self.assertEqual(drawer["height"], drawer["inner"], drawer)
            self.assertTrue(drawer["rows"], drawer)
            self.assertGreaterEqual(min(drawer["rows"]), 48, drawer)

    def test_printed_tabs_keep_their_labels(self):
        self.open()
        self.browser.call("Emulation.setEmulatedMedia", media="print")
        order = self.browser.evaluate("""(() => { const set = document.querySelector('.tabbed-set');
            const labels = Array.from(set.querySelectorAll('.tabbed-labels > label')).map(l => [l.textContent.trim(), l.getBoundingClientRect().top, l.offsetHeight]);
            const blocks = Array.from(set.querySelectorAll('.tabbed-block')).map(b => [b.textContent.trim(), b.getBoundingClientRect().top, b.offsetHeight]);
            return {labels: labels, blocks: blocks}; })()""")
        self.assertEqual([l[0] for l in order["labels"]], ["Kotlin", "Swift", "Java"])
        for (name, label_top, label_height), (text, block_top, block_height) in zip(order["labels"], order["blocks"]):
            self.assertGreater(label_height, 0, name)
            self.assertGreater(block_height, 0, text)
            self.assertLess(label_top, block_top, (name, text))
            self.assertEqual(text, name + " text")
        tops = [v for pair in zip(order["labels"], order["blocks"]) for v in (pair[0][1], pair[1][1])]
        self.assertEqual(tops, sorted(tops))

    def test_search_lists_a_page_once(self):
        self.open()
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("zanzibar")
        hrefs = self.browser.wait_for("(() => { const a = Array.from(document.querySelectorAll('#g-search-results [role=option]')).map(e => e.getAttribute('href')); return a.length ? a : null; })()")
        pages = [h.split("#")[0] for h in hrefs if "#" not in h or h.split("#")[1] != "zanzibar-handbook"]
        self.assertNotIn("zanzibar-handbook", " ".join(hrefs))
        self.assertEqual(len([h for h in hrefs if "#" not in h]), 1, hrefs)
        self.assertTrue(pages)

    def test_the_copy_button_keeps_clear_of_code_on_touch_screens(self):
        self.browser.resize(375, 740, mobile=True)
        self.browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        self.browser.call("Emulation.setEmulatedMedia", features=[{"name": "hover", "value": "none"}, {"name": "pointer", "value": "coarse"}])
        self.open()
        self.assertTrue(self.browser.evaluate("matchMedia('(hover: none)').matches"))
        layout = self.browser.evaluate("""(() => { const block = document.querySelector('.g-content .highlight'), pre = block.querySelector('pre');
            const button = block.querySelector('.g-copy').getBoundingClientRect(), box = pre.getBoundingClientRect();
            return {buttonLeft: button.left, buttonTop: button.top, buttonBottom: button.bottom, preRight: box.right, opacity: getComputedStyle(block.querySelector('.g-copy')).opacity}; })()""")
        self.assertGreater(float(layout["opacity"]), 0.5)
        # The scrolling code ends before the button starts, so no line runs under it.
        self.assertLessEqual(layout["preRight"], layout["buttonLeft"], layout)


COLOURS = ["red", "pink", "purple", "deep-purple", "indigo", "blue", "light-blue", "cyan", "teal", "green", "light-green",
           "lime", "yellow", "amber", "orange", "deep-orange", "brown", "grey", "blue-grey", "black", "white"]


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class EveryPaletteTests(unittest.TestCase):
    """One site whose palette lists every Material colour in both schemes (42 entries): each is
    applied in the browser and its text, links and header measured against WCAG AA."""

    @classmethod
    def setUpClass(cls):
        entries = "".join(f"    - scheme: {scheme}\n      primary: {colour}\n      accent: {colour}\n"
                          for colour in COLOURS for scheme in ("default", "slate"))
        cls.site = built_site("palettes", {
            "mkdocs.yml": "site_name: Palettes\nplugins:\n  - search\ntheme:\n  name: material\n  features:\n    - navigation.tabs\n  palette:\n" + entries
                          + "nav:\n  - Home: index.md\n  - Guide:\n      - guide.md\n",
            "docs/index.md": "# Home\n\nText with [a link](guide.md) in it.\n\n## Part\n\nMore text.\n",
            "docs/guide.md": "# Guide\n\nWords.\n",
        })
        cls.browser = cdp.Browser(1440, 900)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    PROBE = """(() => {
        const style = sel => getComputedStyle(document.querySelector(sel));
        return { text: [style('.g-content p').color, style('body').backgroundColor],
                 link: [style('.g-content p a').color, style('body').backgroundColor, style('.g-content p a').textDecorationLine],
                 header: [style('.g-site-name').color, style('.g-header').backgroundColor],
                 tab: [style('.g-tabs a').color, style('.g-tabs').backgroundColor],
                 current: [style('.g-nav .g-current > a').color, style('.g-nav .g-current > a').backgroundColor],
                 toc: [style('.g-toc a').color, style('body').backgroundColor] };
    })()"""

    def test_every_colour_reads_at_aa_in_both_schemes(self):
        for width in (375, 768, 1440):
            self.browser.resize(width, 900, mobile=width < 600)
            self.browser.navigate("file://" + os.path.join(self.site, "index.html"))
            for choice in range(len(COLOURS) * 2):
                name = (COLOURS[choice // 2], "slate" if choice % 2 else "default", width)
                self.browser.evaluate(f"galleyPalette({choice})")
                measured = self.browser.evaluate(self.PROBE)
                for part, (fg, bg, *rest) in measured.items():
                    if part in ("toc", "tab") and width < 1000:
                        continue  # hidden on narrow screens
                    background = rgb(bg) if not bg.startswith("rgba(0, 0, 0, 0)") else rgb(measured["text"][1])
                    self.assertGreaterEqual(contrast(rgb(fg), background), 4.5, (name, part, fg, bg))
                link, text = rgb(measured["link"][0]), rgb(measured["text"][0])
                self.assertTrue(contrast(link, text) >= 3 or measured["link"][2] == "underline", (name, measured["link"]))


if __name__ == "__main__":
    unittest.main()
