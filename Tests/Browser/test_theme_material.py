# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of what a Material user's Markdown looks like: icon shortcodes in line with
the text, buttons, card grids, and long words that wrap instead of widening a phone's page;
then every page of the shared corpora and of this repository's docs at 390 px, none wider
than the screen."""
import glob
import os
import shutil
import subprocess
import tempfile
import unittest

import cdp
from test_theme import GALLEY, REPOSITORY, build, built_site, contrast
from test_theme_defects import rgb

SHARED = os.path.join(os.path.dirname(REPOSITORY), "shared", "corpus")

CONFIG = """site_name: Material classes
theme:
  name: material
  palette:
    primary: deep purple
extra_css:
  - extra.css
markdown_extensions:
  - attr_list
  - md_in_html
  - toc:
      permalink: true
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
"""

INDEX = """# Launching with PackageManager.getLaunchIntentForPackage()

Done :material-check: here, and a big one :material-clock-fast:{ .lg .middle } there.

[Subscribe](#){ .md-button } [Get started](#){ .md-button .md-button--primary }

<div class="grid cards" markdown>

-   :material-clock-fast:{ .lg .middle } __Set up in 5 minutes__

    ---

    Install and go.

-   :material-language-markdown:{ .lg .middle } __Just Markdown__

    ---

    Write and publish.

</div>

## Reading ActivityManager.getRunningAppProcessesForTheCurrentUser()

See https://example.com/a/very/long/path/that/has/no/place/to/break/because/it/is/one/long/word

Pneumonoultramicroscopicsilicovolcanoconiosispneumonoultramicroscopicsilicovolcanoconiosis.
"""


# Rules written for Material's class names, as a Material site's extra_css holds them.
MATERIAL_CSS = """.md-typeset h2 { color: rgb(1, 2, 3); }
.md-header { border-bottom: 3px solid rgb(4, 5, 6); }
.md-content { outline: 1px solid rgb(7, 8, 9); }
.md-footer { border-top: 2px solid rgb(10, 11, 12); }
"""


def overflowing_pages(browser, site):
    """The pages of `site` wider than a 390 px screen, with their widths."""
    wide = []
    for page in sorted(glob.glob(os.path.join(site, "**", "*.html"), recursive=True)):
        with open(page, encoding="utf-8", errors="replace") as file:
            # HTML files the docs hold (a theme override copied as it is) are not pages.
            if 'class="g-layout"' not in file.read():
                continue
        browser.navigate("file://" + page)
        width = browser.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide.append((os.path.relpath(page, site), width))
    return wide


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class MaterialClassesTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = built_site("material-classes", {"mkdocs.yml": CONFIG, "docs/index.md": INDEX, "docs/extra.css": MATERIAL_CSS})
        cls.browser = cdp.Browser(1440, 900)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def open(self, width, scheme="light"):
        self.browser.resize(width, 900, mobile=width < 600)
        self.browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": scheme}])
        self.browser.navigate("file://" + os.path.join(self.site, "index.html"))

    def test_icons_sit_in_the_line_of_text(self):
        self.open(1440)
        sizes = self.browser.evaluate("""Array.from(document.querySelectorAll('.g-content .twemoji')).map(e => {
            const r = e.querySelector('svg').getBoundingClientRect();
            return {w: r.width, h: r.height, lg: e.classList.contains('lg'), font: parseFloat(getComputedStyle(e).fontSize)}; })""")
        self.assertEqual(len(sizes), 4, sizes)
        for size in sizes:
            factor = 1.5 if size["lg"] else 1.125
            self.assertAlmostEqual(size["w"], size["font"] * factor, delta=1, msg=size)
            self.assertLessEqual(size["h"], size["font"] * factor + 1, size)

    def test_buttons_look_like_buttons_in_both_schemes(self):
        for scheme in ("light", "dark"):
            self.open(1440, scheme)
            buttons = self.browser.evaluate("""Array.from(document.querySelectorAll('.g-content .md-button')).map(a => {
                const s = getComputedStyle(a);
                return {border: parseFloat(s.borderTopWidth), padding: parseFloat(s.paddingLeft), display: s.display,
                        color: s.color, bg: s.backgroundColor, weight: s.fontWeight,
                        page: getComputedStyle(document.body).backgroundColor}; })""")
            plain, primary = buttons
            for button in buttons:
                self.assertGreaterEqual(button["border"], 1, button)
                self.assertGreaterEqual(button["padding"], 16, button)
                self.assertEqual(button["display"], "inline-block")
                self.assertEqual(button["weight"], "700")
            self.assertGreaterEqual(contrast(rgb(plain["color"]), rgb(plain["page"])), 4.5, (scheme, plain))
            # The primary button is filled with the primary colour, its text readable on it.
            self.assertNotIn(primary["bg"], ("rgba(0, 0, 0, 0)", "transparent"), primary)
            self.assertGreaterEqual(contrast(rgb(primary["color"]), rgb(primary["bg"])), 4.5, (scheme, primary))

    def test_cards_sit_side_by_side_on_wide_screens_and_stack_on_phones(self):
        where = """Array.from(document.querySelectorAll('.grid.cards > ul > li')).map(li => {
            const r = li.getBoundingClientRect(), s = getComputedStyle(li);
            return {top: Math.round(r.top), left: Math.round(r.left), width: r.width, border: parseFloat(s.borderTopWidth), marker: s.listStyleType}; })"""
        self.open(1440)
        wide = self.browser.evaluate(where)
        self.assertEqual(len(wide), 2)
        self.assertEqual(wide[0]["top"], wide[1]["top"], wide)
        self.assertLess(wide[0]["left"], wide[1]["left"], wide)
        self.assertTrue(all(card["border"] >= 1 for card in wide), wide)
        self.open(390)
        narrow = self.browser.evaluate(where)
        self.assertLess(narrow[0]["top"], narrow[1]["top"], narrow)
        self.assertEqual(narrow[0]["left"], narrow[1]["left"], narrow)

    def test_rules_written_for_materials_class_names_apply(self):
        self.open(1440)
        found = self.browser.evaluate("""[getComputedStyle(document.querySelector('.g-content h2')).color,
            getComputedStyle(document.querySelector('.g-header')).borderBottomColor,
            getComputedStyle(document.querySelector('.g-main')).outlineColor,
            getComputedStyle(document.querySelector('.g-footer')).borderTopColor]""")
        self.assertEqual(found, ["rgb(1, 2, 3)", "rgb(4, 5, 6)", "rgb(7, 8, 9)", "rgb(10, 11, 12)"])

    def test_long_words_wrap_on_a_phone(self):
        self.open(390)
        state = self.browser.evaluate("""({page: document.documentElement.scrollWidth,
            headings: Array.from(document.querySelectorAll('.g-content h1, .g-content h2')).map(h => h.getBoundingClientRect().right),
            toc: Array.from(document.querySelectorAll('.g-toc a')).map(a => a.scrollWidth - a.clientWidth)})""")
        self.assertLessEqual(state["page"], 390, state)
        self.assertTrue(all(right <= 390 for right in state["headings"]), state)
        # The contents column (shown on wide screens) wraps its long entries too.
        self.open(1440)
        toc = self.browser.evaluate("Array.from(document.querySelectorAll('.g-toc a')).map(a => a.scrollWidth - a.clientWidth)")
        self.assertTrue(toc and all(extra <= 0 for extra in toc), toc)


KEYBOARD_FILES = {
    "mkdocs.yml": """site_name: Keys
theme:
  name: material
  custom_dir: overrides
markdown_extensions:
  - pymdownx.highlight:
      anchor_linenums: true
  - pymdownx.superfences
""",
    "overrides/main.html": '{% extends "base.html" %}\n{% block announce %}A new release is out.{% endblock %}\n',
    "docs/index.md": "# Keys\n\n```python\n" + "".join(f"x{n} = {n}\n" for n in range(40)) + "```\n\n[After the code](#keys)\n",
}


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class KeyboardAndBannerTests(unittest.TestCase):
    """A long code block with anchored lines adds no tab stops; a site without a logo has a
    home link that can be seen when focused; the announcement bar is dark in both schemes."""

    @classmethod
    def setUpClass(cls):
        cls.site = built_site("material-keyboard", KEYBOARD_FILES)
        cls.browser = cdp.Browser(1280, 800)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def test_code_line_anchors_are_not_tab_stops_and_the_home_link_has_a_size(self):
        self.browser.navigate("file://" + os.path.join(self.site, "index.html"))
        anchors = self.browser.evaluate("""Array.from(document.querySelectorAll('a[href^="#__codelineno"]')).map(a => [a.tabIndex, a.getAttribute('aria-hidden')])""")
        self.assertEqual(len(anchors), 40)
        self.assertTrue(all(anchor == [-1, "true"] for anchor in anchors), anchors[:3])
        home = self.browser.evaluate("(() => { const r = document.querySelector('.g-home').getBoundingClientRect(); return [r.width, r.height]; })()")
        self.assertGreaterEqual(min(home), 16, home)
        # Tabbing from the content's first link goes nowhere inside the code block.
        stops = self.browser.evaluate("""Array.from(document.querySelectorAll('.g-content a[href], .g-content button')).filter(e => e.tabIndex >= 0 && e.offsetParent !== null).map(e => e.getAttribute('href') || e.className)""")
        self.assertFalse([stop for stop in stops if str(stop).startswith("#__codelineno")], stops)

    def test_the_announcement_bar_is_dark_in_both_schemes(self):
        for scheme in ("light", "dark"):
            self.browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": scheme}])
            self.browser.navigate("file://" + os.path.join(self.site, "index.html"))
            colours = self.browser.evaluate("(() => { const s = getComputedStyle(document.querySelector('.g-banner')); return [s.color, s.backgroundColor]; })()")
            foreground, background = rgb(colours[0]), rgb(colours[1])
            self.assertLess(sum(background) / 3, 64, (scheme, colours))
            self.assertGreaterEqual(contrast(foreground, background), 7, (scheme, colours))


TRACKING_FILES = {
    "mkdocs.yml": "site_name: Tracking\ntheme:\n  name: material\n  features:\n    - navigation.tracking\n",
    "docs/index.md": "# Tracking\n\n" + "".join(f"## Part {n}\n\n" + "Words of this part.\n\n" * 30 for n in range(1, 5)),
}


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class TrackingTests(unittest.TestCase):
    def test_the_address_follows_the_section_being_read(self):
        site = built_site("material-tracking", TRACKING_FILES)
        browser = cdp.Browser(1280, 800)
        try:
            browser.navigate("file://" + os.path.join(site, "index.html"))
            length = browser.evaluate("history.length")
            browser.evaluate("document.getElementById('part-3').scrollIntoView()")
            self.assertEqual(browser.wait_for("location.hash === '#part-3' ? location.hash : null"), "#part-3")
            browser.evaluate("document.getElementById('part-1').scrollIntoView()")
            self.assertEqual(browser.wait_for("location.hash === '#part-1' ? location.hash : null"), "#part-1")
            # Replaced, not pushed: Back still leaves the page.
            self.assertEqual(browser.evaluate("history.length"), length)
        finally:
            browser.close()


PRIMARY_COLOURS = ["red", "pink", "purple", "deep purple", "indigo", "blue", "light blue", "cyan", "teal", "green", "light green",
                   "lime", "yellow", "amber", "orange", "deep orange", "brown", "grey", "blue grey", "black", "white"]


def palette_files():
    """A site offering every Material primary colour in both schemes, with tabs and search."""
    entries = ""
    for colour in PRIMARY_COLOURS:
        for scheme in ("default", "slate"):
            entries += f"    - scheme: {scheme}\n      primary: {colour}\n      toggle:\n        icon: material/brightness-7\n        name: {colour} {scheme}\n"
    return {
        "mkdocs.yml": "site_name: Colours\ntheme:\n  name: material\n  features:\n    - navigation.tabs\n  palette:\n" + entries
                      + "plugins:\n  - search\nnav:\n  - Home: index.md\n  - Guide:\n      - guide.md\n  - More:\n      - more.md\n",
        "docs/index.md": "# Home\n\nText.\n",
        "docs/guide.md": "# Guide\n\nText.\n",
        "docs/more.md": "# More\n\nText.\n",
    }


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class HeaderContrastTests(unittest.TestCase):
    """Every primary colour, in both schemes: the site's name, every tab's label and the
    search field's text and placeholder read at 4.5:1 on what is behind them."""

    maxDiff = None

    def test_every_primary_colour_reads_at_aa(self):
        site = built_site("material-palettes", palette_files())
        browser = cdp.Browser(1280, 800)
        try:
            browser.navigate("file://" + os.path.join(site, "index.html"))
            # Colours are read at once after each switch, not halfway through a transition.
            browser.evaluate("document.head.insertAdjacentHTML('beforeend', '<style>* { transition: none !important; }</style>')")
            failures = []
            for index in range(2 * len(PRIMARY_COLOURS)):
                browser.evaluate(f"window.galleyPalette({index})")
                found = browser.evaluate("""(() => {
                    const header = getComputedStyle(document.querySelector('.g-header'));
                    const tabs = Array.from(document.querySelectorAll('.g-tabs a')).map(a => { const s = getComputedStyle(a); return [s.color, s.opacity]; });
                    const box = getComputedStyle(document.querySelector('.g-search-box'));
                    const input = document.getElementById('g-search-input');
                    return {header: header.backgroundColor, title: getComputedStyle(document.querySelector('.g-site-name')).color,
                            tabBar: getComputedStyle(document.querySelector('.g-tabs')).backgroundColor, tabs: tabs,
                            field: box.backgroundColor, text: getComputedStyle(input).color,
                            placeholder: getComputedStyle(input, '::placeholder').color, placeholderOpacity: getComputedStyle(input, '::placeholder').opacity,
                            scheme: document.documentElement.dataset.scheme}; })()""")
                name = f"{PRIMARY_COLOURS[index // 2]} {found['scheme']}"
                header = rgb(found["header"])
                checks = [("title", rgb(found["title"]), header), ("search text", rgb(found["text"]), rgb(found["field"])),
                          ("placeholder", rgb(found["placeholder"]), rgb(found["field"]))]
                self.assertEqual(float(found["placeholderOpacity"]), 1.0, name)
                for label, (colour, opacity) in enumerate(found["tabs"]):
                    self.assertEqual(float(opacity), 1.0, (name, found["tabs"]))
                    checks.append((f"tab {label}", rgb(colour), rgb(found["tabBar"])))
                for label, foreground, background in checks:
                    ratio = contrast(foreground, background)
                    if ratio < 4.5:
                        failures.append((name, label, round(ratio, 2), foreground, background))
            self.assertEqual(failures, [])
            self.assertEqual(browser.errors(), [])
        finally:
            browser.close()


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class NoPageIsWiderThanAPhoneTests(unittest.TestCase):
    """Every page of the shared corpora and of this repository's docs at 390 px."""
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.browser = cdp.Browser(390, 844, mobile=True)
        cls.work = tempfile.mkdtemp(prefix="galley-overflow-")

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        shutil.rmtree(cls.work, ignore_errors=True)

    def corpus_site(self, name):
        project = os.path.join(self.work, name)
        shutil.copytree(os.path.join(SHARED, name), project, symlinks=True, ignore=shutil.ignore_patterns("ORACLE"))
        build(project)
        return os.path.join(project, "site")

    def test_the_shared_corpora(self):
        for name in ("square-workflow", "leakcanary"):
            site = self.corpus_site(name)
            pages = glob.glob(os.path.join(site, "**", "*.html"), recursive=True)
            self.assertGreater(len(pages), 10, name)
            self.assertEqual(overflowing_pages(self.browser, site), [], name)

    def test_this_repositorys_docs(self):
        site = os.path.join(self.work, "docs-site")
        result = subprocess.run([GALLEY, "build", "-q", "-d", site], cwd=REPOSITORY, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertGreater(len(glob.glob(os.path.join(site, "**", "*.html"), recursive=True)), 100)
        self.assertEqual(overflowing_pages(self.browser, site), [])


if __name__ == "__main__":
    unittest.main()
