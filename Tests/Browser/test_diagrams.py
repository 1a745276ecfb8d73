# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of diagrams drawn at build time: every construct of both sequence languages
and ten Mermaid flowcharts on one page, measured in a real browser with real fonts. No label
may overlap another, text must be visible in both schemes, a wide diagram is scaled to the
column while legible or scrolls on its own, any opens full-screen, and nothing logs an error."""
import glob
import os
import unittest

import cdp
from test_theme import built_site, contrast
from test_theme_defects import rgb

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "GalleyDiagramsTests", "Golden")
DOCS_DIAGRAMS = os.path.join(HERE, "..", "..", "docs", "workflow", "diagrams")
FLOWCHARTS = os.path.join(HERE, "..", "GalleyDiagramsTests", "Flowcharts")


def files():
    page = ["# Diagrams", ""]
    found = {"mkdocs.yml": "site_name: Diagrams\nmarkdown_extensions:\n  - pymdownx.superfences\n"}
    sources = sorted(glob.glob(os.path.join(GOLDEN, "*.seq")) + glob.glob(os.path.join(GOLDEN, "*.mmd")) + glob.glob(os.path.join(DOCS_DIAGRAMS, "*.seq")))
    for number, path in enumerate(sources):
        with open(path) as file:
            text = file.read()
        if path.endswith(".seq"):
            # Half through image links to files, half as fences.
            if number % 2:
                found[f"docs/d/{number}.seq"] = text
                page += [f"![Diagram {number}](d/{number}.seq)", ""]
            else:
                page += ["```seq", text.rstrip("\n"), "```", ""]
        else:
            page += ["```mermaid", text.rstrip("\n"), "```", ""]
    for path in sorted(glob.glob(os.path.join(FLOWCHARTS, "*.mmd"))):
        with open(path) as file:
            page += ["```mermaid", file.read().rstrip("\n"), "```", ""]
    found["docs/index.md"] = "\n".join(page)
    return found


# Pairs of `text` elements of one diagram whose rendered boxes intersect; touching is allowed.
OVERLAPS = """(() => {
  const found = [];
  document.querySelectorAll('svg.g-seq, svg.g-flow').forEach((svg, index) => {
    const boxes = Array.from(svg.querySelectorAll('text')).map(t => [t.getBBox(), t.textContent]);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, at] = boxes[i], [b, bt] = boxes[j];
      const apart = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;
      if (!apart) found.push(`diagram ${index + 1}: "${at}" and "${bt}"`);
    }
  });
  return found;
})()"""

# Labels whose rendered width exceeds the box the layout measured for them (the metrics
# table underestimated the font the browser chose): they would spill into a neighbour.
TEXT_FITS = """(() => Array.from(document.querySelectorAll('svg.g-seq .g-seq-participant-label:not(.g-seq-actor-label)')).filter(t => {
  const box = t.getBBox();
  const rect = t.closest('svg').querySelectorAll('.g-seq-participant');
  return !Array.from(rect).some(r => { const b = r.getBBox(); return box.x >= b.x - 0.5 && box.x + box.width <= b.x + b.width + 0.5 && box.y >= b.y - 0.5 && box.y + box.height <= b.y + b.height + 0.5; });
}).map(t => t.textContent))()"""


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class DiagramTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = built_site("diagrams", files())
        cls.browser = cdp.Browser(1440, 900)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def open(self, scheme="light", width=1440):
        self.browser.resize(width, 900)
        self.browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": scheme}])
        self.browser.events = []
        self.browser.navigate("file://" + os.path.join(self.site, "index.html"))
        self.browser.evaluate("localStorage.clear()")
        self.browser.navigate("file://" + os.path.join(self.site, "index.html"))

    def test_every_diagram_is_drawn_without_console_errors(self):
        self.open()
        self.assertEqual(self.browser.errors(), [])
        count = self.browser.evaluate("document.querySelectorAll('figure.g-diagram > svg.g-seq').length")
        self.assertGreaterEqual(count, 14)
        self.assertEqual(self.browser.evaluate("document.querySelectorAll('.g-diagram-error, img').length"), 0)

    def test_no_two_labels_overlap_in_the_browsers_own_font(self):
        for width in (1440, 375):
            self.open(width=width)
            self.assertEqual(self.browser.evaluate(OVERLAPS), [], f"at {width} px")
            self.assertEqual(self.browser.evaluate(TEXT_FITS), [], "participant labels fit their boxes")

    def test_text_is_real_visible_and_contrasts_in_both_schemes(self):
        for scheme in ("light", "dark"):
            self.open(scheme)
            colours = self.browser.evaluate("""(() => {
              const svg = document.querySelector('svg.g-seq');
              const label = svg.querySelector('.g-seq-message-label'), box = svg.querySelector('.g-seq-participant');
              return [getComputedStyle(label).fill, getComputedStyle(document.body).backgroundColor,
                      getComputedStyle(box).fill, getComputedStyle(svg.querySelector('.g-seq-participant-label')).fill,
                      getComputedStyle(svg.querySelector('.g-seq-arrow')).stroke, label.getBBox().width,
                      getComputedStyle(box).stroke,
                      getComputedStyle(label).userSelect || getComputedStyle(label).webkitUserSelect];
            })()""")
            text, background, box, boxText, arrow, width, border, select = colours
            self.assertGreaterEqual(contrast(rgb(text), rgb(background)), 4.5, f"{scheme}: {text} on {background}")
            self.assertGreaterEqual(contrast(rgb(boxText), rgb(box)), 4.5, f"{scheme}: {boxText} on {box}")
            self.assertGreaterEqual(contrast(rgb(arrow), rgb(background)), 3, f"{scheme}: arrows")
            self.assertGreaterEqual(contrast(rgb(border), rgb(background)), 3, f"{scheme}: the boxes' outline")
            self.assertGreater(width, 10)
            self.assertNotEqual(select, "none")
            if scheme == "dark":
                self.assertLess(sum(rgb(background)), 150, "the dark scheme is dark")
                self.assertLess(sum(rgb(box)), 200, "boxes follow the scheme")

    def test_a_wide_diagram_scrolls_inside_its_figure_on_a_narrow_screen(self):
        self.open(width=375)
        state = self.browser.evaluate("""(() => {
          const figures = Array.from(document.querySelectorAll('figure.g-diagram'));
          const wide = figures.find(f => f.scrollWidth > f.clientWidth + 1);
          return [!!wide, wide ? getComputedStyle(wide).overflowX : '', document.documentElement.scrollWidth <= window.innerWidth + 1];
        })()""")
        self.assertEqual(state, [True, "auto", True])

    def test_every_flowchart_is_drawn_with_its_text_inside_its_nodes(self):
        self.open()
        self.assertEqual(self.browser.evaluate("document.querySelectorAll('figure.g-diagram > svg.g-flow').length"), 10)
        spilled = self.browser.evaluate("""Array.from(document.querySelectorAll('svg.g-flow .g-flow-node-group')).filter(g => {
          const shape = g.querySelector('.g-flow-node').getBBox(), text = g.querySelector('text').getBBox();
          return text.x < shape.x - 0.5 || text.x + text.width > shape.x + shape.width + 0.5 || text.y < shape.y - 0.5 || text.y + text.height > shape.y + shape.height + 0.5;
        }).map(g => g.textContent)""")
        self.assertEqual(spilled, [])
        self.assertEqual(self.browser.errors(), [])

    def test_wide_diagrams_fit_while_legible_else_scroll(self):
        for width in (1440, 900, 375):
            self.open(width=width)
            state = self.browser.evaluate("""Array.from(document.querySelectorAll('figure.g-diagram')).map(f => {
              const svg = f.querySelector('svg'), natural = parseFloat(svg.getAttribute('width'));
              return [natural, svg.getBoundingClientRect().width, f.clientWidth, f.classList.contains('g-diagram-scrolls'), f.scrollWidth > f.clientWidth + 1];
            })""")
            for natural, shown, room, scrolls, overflows in state:
                # Never shown smaller than 11/14 of its size: its text stays at 11 px or more.
                self.assertGreaterEqual(shown / natural, 11 / 14 - 0.01, f"at {width} px")
                # What does not fit scrolls, and says so.
                self.assertEqual(overflows, scrolls, f"at {width} px: {natural} in {room}")
            self.assertLessEqual(self.browser.evaluate("document.documentElement.scrollWidth"), width + 1)
        self.open(width=375)
        self.assertTrue(any(row[3] for row in state), "some diagram scrolls on a phone")

    def test_a_diagram_opens_full_screen_and_closes_with_escape(self):
        self.open(width=375)
        self.browser.evaluate("document.querySelector('figure.g-diagram .g-diagram-open').click()")
        viewer = self.browser.evaluate("""(() => { const v = document.querySelector('.g-diagram-viewer'); if (!v) return null;
          const svg = v.querySelector('svg'); return [v.getAttribute('role'), svg.getBoundingClientRect().width, parseFloat(svg.getAttribute('width')),
          document.activeElement.classList.contains('g-diagram-close'), new Set(Array.from(document.querySelectorAll('[id]')).map(e => e.id)).size === document.querySelectorAll('[id]').length]; })()""")
        self.assertIsNotNone(viewer)
        role, shown, natural, focused, unique = viewer
        self.assertEqual((role, focused, unique), ("dialog", True, True))
        self.assertAlmostEqual(shown, natural, delta=1)
        self.browser.key("Escape")
        self.assertIsNone(self.browser.evaluate("document.querySelector('.g-diagram-viewer')"))
        self.assertTrue(self.browser.evaluate("document.activeElement.classList.contains('g-diagram-open')"))

    def test_the_labels_are_found_by_search(self):
        self.open()
        # Only the drawn diagrams hold this word; the page's text does not.
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.evaluate("{ const i = document.getElementById('g-search-input'); i.value = 'makeInitialState'; i.dispatchEvent(new Event('input')); }")
        hrefs = self.browser.wait_for("(() => { const a = Array.from(document.querySelectorAll('#g-search-results [role=option]')).map(e => e.getAttribute('href')); return a.length ? a : null; })()")
        self.assertTrue(any("index.html" in href or href.endswith("./") or href == "." for href in hrefs), hrefs)


if __name__ == "__main__":
    unittest.main()
