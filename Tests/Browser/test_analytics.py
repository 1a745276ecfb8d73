# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of Material's analytics as Galley builds it: Google Analytics 4 starts only
once the reader agrees in the consent dialog, sends the page view, search and feedback events
Material sends, the feedback widget shows its note, and a link to #__consent reopens the
dialog. Google's script is blocked; what is sent is read from `dataLayer`."""
import shutil
import tempfile
import os
import unittest

import cdp
from test_theme import build, serve, write_project

CONFIG = """site_name: Analytics
repo_url: https://github.com/example/project
theme:
  name: material
  features:
    - navigation.instant
plugins:
  - search
extra:
  analytics:
    provider: google
    property: G-TEST123
    feedback:
      title: Was this page helpful?
      ratings:
        - icon: material/emoticon-happy-outline
          name: This page was helpful
          data: 1
          note: Thanks for your feedback!
        - icon: material/emoticon-sad-outline
          name: This page could be improved
          data: 0
          note: Sorry. <a href="https://example.com/new?title={title}">Tell us more</a>.
  consent:
    title: Cookie consent
    description: We measure how the docs are read.
    actions: [accept, reject, manage]
copyright: <a href="#__consent">Change cookie settings</a>
nav:
  - index.md
  - second.md
"""


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class AnalyticsTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="galley-analytics-")
        project = os.path.join(cls.work, "project")
        write_project(project, {"mkdocs.yml": CONFIG, "docs/index.md": "# Home\n\nThe quokka.\n", "docs/second.md": "# Second\n\nMore.\n"})
        build(project)
        cls.server, cls.base = serve(os.path.join(project, "site"))
        cls.browser = cdp.Browser(1280, 800)
        cls.browser.call("Network.enable")
        cls.browser.call("Network.setBlockedURLs", urls=["*googletagmanager.com*"])
        cls.browser.call("Emulation.setFocusEmulationEnabled", enabled=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.server.shutdown()
        shutil.rmtree(cls.work, ignore_errors=True)

    def setUp(self):
        self.browser.navigate(self.base)
        self.browser.evaluate("localStorage.clear()")
        self.browser.navigate("about:blank")

    def sent(self):
        """What the page has given Google's script, as [command, value, fields] lists."""
        return self.browser.evaluate("""(window.dataLayer || []).map(a => Array.from(a)).filter(a => a[0] !== 'js')
          .map(a => [a[0], a[1], a[2] || null])""")

    def dialog_shown(self):
        return self.browser.evaluate("!document.getElementById('__consent').hidden")

    def test_nothing_is_sent_before_consent_and_a_rejection_sends_nothing(self):
        self.browser.navigate(self.base)
        self.browser.wait_for("!document.getElementById('__consent').hidden")
        self.assertEqual(self.sent(), [])
        self.assertTrue(self.browser.evaluate("document.querySelector('form.g-feedback').hidden"))
        self.assertEqual(self.browser.evaluate("document.querySelectorAll('script[src*=googletagmanager]').length"), 0)
        self.browser.evaluate("document.querySelector('#__consent button[type=reset]').click()")
        self.assertFalse(self.dialog_shown())
        self.browser.navigate(self.base + "second/")
        self.assertFalse(self.dialog_shown())
        self.assertEqual(self.sent(), [])

    def test_after_consent_page_views_searches_and_feedback_are_sent(self):
        self.browser.navigate(self.base)
        self.browser.wait_for("!document.getElementById('__consent').hidden")
        # The settings open from their button; analytics and GitHub start checked.
        self.browser.evaluate("document.querySelector('.g-consent-manage').click()")
        self.assertEqual(self.browser.evaluate("Array.from(document.querySelectorAll('.g-consent-settings input')).map(i => [i.name, i.checked])"),
                         [["analytics", True], ["github", True]])
        self.browser.evaluate("document.querySelector('#__consent button[type=submit]').click()")
        self.assertFalse(self.dialog_shown())
        self.assertEqual(self.sent(), [["config", "G-TEST123", None]])
        self.assertEqual(self.browser.evaluate("document.querySelector('script[src*=googletagmanager]').src"),
                         "https://www.googletagmanager.com/gtag/js?id=G-TEST123")
        # A search, sent when the field is left.
        self.browser.evaluate("document.querySelector('#g-search-input').focus()")
        self.browser.type_text("quokka")
        self.browser.evaluate("document.querySelector('#g-search-input').blur()")
        self.assertEqual(self.sent()[-1], ["event", "search", {"search_term": "quokka"}])
        # The widget shows; an answer is sent once and its note shows.
        self.assertFalse(self.browser.evaluate("document.querySelector('form.g-feedback').hidden"))
        self.browser.evaluate("document.querySelector('.g-feedback-rating[data-value=\"0\"]').click()")
        self.assertEqual(self.sent()[-1], ["event", "feedback", {"page": "/", "data": "0"}])
        self.assertEqual(self.browser.evaluate("Array.from(document.querySelectorAll('.g-feedback-note')).map(n => n.hidden)"), [True, False])
        self.assertIn("title=Home", self.browser.evaluate("document.querySelector('.g-feedback-note:not([hidden]) a').href"))
        self.assertTrue(self.browser.evaluate("document.querySelector('form.g-feedback fieldset').disabled"))
        # Instant navigation to another page is a page view of its own.
        self.browser.click(".g-nav a[href$='second/']")
        self.browser.wait_for("location.pathname === '/second/'")
        self.browser.wait_for("JSON.stringify(dataLayer[dataLayer.length - 1][2] || null) === JSON.stringify({page_path: '/second/'})")
        # A later visit remembers the choice and starts at once.
        self.browser.navigate(self.base + "second/")
        self.assertFalse(self.dialog_shown())
        self.assertEqual(self.sent(), [["config", "G-TEST123", None]])

    def test_a_link_to_consent_reopens_the_dialog(self):
        self.browser.navigate(self.base)
        self.browser.wait_for("!document.getElementById('__consent').hidden")
        self.browser.evaluate("document.querySelector('#__consent button[type=submit]').click()")
        self.browser.evaluate("document.querySelector('.g-copyright a[href=\"#__consent\"]').click()")
        self.browser.wait_for("!document.getElementById('__consent').hidden")


if __name__ == "__main__":
    unittest.main()
