# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of `galley serve`: a page opened from the preview reloads when its source is
saved, shows the problems of a rebuild that failed, and recovers when they are fixed."""
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

import cdp

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GALLEY = os.environ.get("GALLEY", os.path.join(REPOSITORY, ".build", "debug", "galley"))


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class LiveReloadTests(unittest.TestCase):
    def setUp(self):
        self.project = tempfile.mkdtemp(prefix="galley-serve-browser-")
        os.makedirs(os.path.join(self.project, "docs"))
        self.write("mkdocs.yml", "site_name: Live\nnav:\n  - index.md\n  - guide.md\n")
        self.write("docs/index.md", "# Home\n\nFirst version.\n\n" + "Filler paragraph.\n\n" * 80 + "## End\n\nThe end.\n")
        self.write("docs/guide.md", "# Guide\n\nSee [home](index.md).\n")
        self.server = subprocess.Popen([GALLEY, "serve", "--strict", "--dev-addr", "127.0.0.1:0"], cwd=self.project,
                                       stderr=subprocess.PIPE, text=True)
        port = None
        deadline = time.monotonic() + 60
        while port is None and time.monotonic() < deadline:
            line = self.server.stderr.readline()
            match = re.search(r"Serving http://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
        self.assertIsNotNone(port, "galley serve did not start")
        self.base = f"http://127.0.0.1:{port}/"
        self.browser = cdp.Browser(1280, 800)

    def tearDown(self):
        self.browser.close()
        self.server.terminate()
        self.server.wait()
        shutil.rmtree(self.project, ignore_errors=True)

    def write(self, path, text):
        with open(os.path.join(self.project, path), "w") as file:
            file.write(text)

    def eventually(self, expression, timeout=15):
        """Waits for `expression` to be truthy, across the reloads it may span."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = self.browser.evaluate(expression)
                if value:
                    return value
            except cdp.BrowserError:
                pass
            time.sleep(0.05)
        self.fail(f"timed out waiting for {expression}")

    def connected(self):
        # The client opens its socket as the page loads; give it a moment to be told the build.
        time.sleep(0.5)

    def test_saving_a_page_reloads_it_in_place(self):
        self.browser.navigate(self.base)
        self.browser.evaluate("window.scrollTo(0, 1500); window.stale = true")
        self.connected()
        self.write("docs/index.md", "# Home\n\nSecond version.\n\n" + "Filler paragraph.\n\n" * 80 + "## End\n\nThe end.\n")
        self.eventually("document.body.innerText.includes('Second version') && window.stale === undefined")
        self.eventually("window.scrollY > 1000")
        self.assertEqual(self.browser.errors(), [])

    def test_a_failed_rebuild_is_shown_over_the_page_until_it_is_fixed(self):
        self.browser.navigate(self.base + "guide/")
        self.connected()
        self.write("docs/guide.md", "# Guide\n\nSee [gone](missing.md).\n")
        text = self.eventually("document.querySelector('.g-live') && document.querySelector('.g-live').innerText")
        self.assertIn("The site did not rebuild", text)
        self.assertIn("docs/guide.md:3:12", text)
        self.assertIn("links.not_found", text)
        self.assertTrue(self.browser.evaluate("document.body.innerText.includes('See home')"), "the last good page stays")
        self.assertEqual(self.browser.evaluate("document.activeElement.className"), "g-live-close")
        self.browser.evaluate("window.stale = true")
        self.write("docs/guide.md", "# Guide\n\nFixed now.\n")
        self.eventually("!document.querySelector('.g-live') && document.body.innerText.includes('Fixed now') && window.stale === undefined")

    def test_the_404_page_is_styled_at_any_depth(self):
        self.browser.navigate(self.base + "no/such/deep/page/")
        self.assertTrue(self.browser.evaluate("document.body.innerText.includes('Page not found')"))
        styled = "[...document.styleSheets].some(s => s.href && s.href.endsWith('/assets/galley/galley.css') && s.cssRules.length > 0)"
        self.assertTrue(self.browser.evaluate(styled))
        self.assertTrue(self.browser.evaluate("getComputedStyle(document.querySelector('.g-header')).position === 'sticky'"))
        # The only failure is the page's own 404 status.
        errors = [e for e in self.browser.errors() if "/no/such/deep/page/" not in e]
        self.assertEqual(errors, [])

    def test_the_overlay_can_be_dismissed(self):
        self.browser.navigate(self.base)
        self.connected()
        self.write("docs/guide.md", "# Guide\n\n[x](nowhere.md)\n")
        self.eventually("!!document.querySelector('.g-live')")
        self.browser.key("Escape")
        self.eventually("!document.querySelector('.g-live')")


if __name__ == "__main__":
    unittest.main()
