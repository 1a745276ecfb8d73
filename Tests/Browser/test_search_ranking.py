# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of search ranking and of what a query loads: on the leakcanary corpus the page
that is about a query comes before a changelog that mentions it often, queries find Material's
first page among Galley's first three, English words match their stems, and a broad query
loads a bounded number of text shards until the reader scrolls."""
import functools
import http.server
import os
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

import cdp
from test_theme import REPOSITORY, build, built_site

SHARED = os.path.join(os.path.dirname(REPOSITORY), "shared", "corpus")
MKDOCS = os.path.join(REPOSITORY, ".build", "oracle-venv", "bin", "mkdocs")

# Queries a leakcanary reader types, with Material's first page for each compared.
QUERIES = ["heap dump", "leak trace", "heap growth", "obfuscation", "shark cli", "retained objects", "memory leak",
           "upload analysis", "android tv", "proguard", "instrumentation tests", "release builds", "object watcher",
           "leaking status", "screen off"]


def site_path(href):
    """A result's address as a path in the site ("faq/index.html#x" is "/faq/")."""
    path = href.split("/site/", 1)[-1].split("#")[0].replace("index.html", "")
    return "/" + (path[2:] if path.startswith("./") else path)


def galley_pages(browser, query):
    """The pages of Galley's results for `query`, in order, as site paths ("/faq/")."""
    pages = []
    for _title, href, _score, _section in browser.evaluate(f"galleySearch.rank({query!r})"):
        path = site_path(href)
        if path not in pages:
            pages.append(path)
    return pages


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class SearchRankingTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="galley-search-ranking-")
        cls.project = os.path.join(cls.work, "leakcanary")
        shutil.copytree(os.path.join(SHARED, "leakcanary"), cls.project, symlinks=True, ignore=shutil.ignore_patterns("ORACLE"))
        build(cls.project)
        cls.browser = cdp.Browser(1280, 800)
        cls.browser.navigate("file://" + os.path.join(cls.project, "site", "index.html"))

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        shutil.rmtree(cls.work, ignore_errors=True)

    def test_the_page_about_the_query_comes_before_a_changelog(self):
        # The changelog has many sections that mention heap dumps; "2. Dumping the heap" is
        # the page's heading that is all query.
        pages = galley_pages(self.browser, "heap dump")
        self.assertEqual(pages[0], "/fundamentals-how-leakcanary-works/", pages)
        self.assertNotIn("/changelog/", pages[:3], pages)
        # A page named by the query comes before two changelog sections named exactly so.
        self.assertEqual(galley_pages(self.browser, "heap growth")[0], "/heap-growth/")

    def test_english_words_match_their_stems(self):
        titles = [title for title, _href, _score, _section in self.browser.evaluate("galleySearch.rank('dumps')")]
        self.assertIn("2. Dumping the heap", titles[:8])
        self.assertIn("Open a heap dump", titles[:8])

    def test_two_pages_the_nav_calls_overview_keep_their_own_titles(self):
        results = self.browser.evaluate("galleySearch.rank('shark')")
        page_titles = {site_path(href): title for title, href, _score, _section in results if "#" not in href}
        self.assertEqual(page_titles.get("/shark/"), "Shark 🦈", page_titles)
        self.assertEqual(page_titles.get("/shark-explorer/"), "Shark Explorer", page_titles)

    @unittest.skipUnless(os.path.exists(MKDOCS), "the oracle venv is not set up (make oracle-venv)")
    def test_materials_first_page_is_among_the_first_three(self):
        material_site = os.path.join(self.work, "material-site")
        result = subprocess.run([MKDOCS, "build", "-q", "-d", material_site], cwd=self.project, capture_output=True, text=True,
                                env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
        self.assertEqual(result.returncode, 0, result.stderr)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=material_site))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        material = cdp.Browser(1280, 800)
        try:
            material.navigate(f"http://127.0.0.1:{server.server_address[1]}/")
            material.wait_for("document.querySelector('.md-search__input') !== null", timeout=20)
            firsts = {}
            for query in QUERIES:
                firsts[query] = material.evaluate("""new Promise(resolve => {
                  const input = document.querySelector('.md-search__input');
                  input.focus(); input.value = %r;
                  input.dispatchEvent(new Event('input', {bubbles: true}));
                  input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true, key: 'e'}));
                  const poll = () => { const first = document.querySelector('.md-search-result__item > a');
                    if (first) resolve(new URL(first.href).pathname); else setTimeout(poll, 50); };
                  setTimeout(poll, 300); setTimeout(() => resolve(null), 10000); })""" % query)
        finally:
            material.close()
            server.shutdown()
        agreed = [query for query in QUERIES if firsts[query] in galley_pages(self.browser, query)[:3]]
        # 11 of 15 when this was written (the misses: Material's term-frequency weighting puts
        # the FAQ first on three queries where Galley prefers pages with the words in a heading).
        self.assertGreaterEqual(len(agreed), 11, {query: firsts[query] for query in QUERIES if query not in agreed})


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class SearchLoadTests(unittest.TestCase):
    """A broad query on a site of many long pages loads few text shards."""

    @classmethod
    def setUpClass(cls):
        paragraph = " ".join(f"word{n} gadget" for n in range(300))
        files = {"mkdocs.yml": "site_name: Many\ntheme:\n  name: material\nplugins:\n  - search\n"}
        # Every fifth page has a heading that names the query, so the first results are
        # spread over the site's shards.
        for page in range(120):
            heading = "Gadget part" if page % 5 == 0 else "Part"
            files[f"docs/p{page:03d}.md"] = f"# Page {page}\n\n" + "".join(f"## {heading} {part}\n\n{paragraph}\n\n" for part in range(3))
        files["docs/index.md"] = "# Many\n"
        cls.site = built_site("search-load", files)
        cls.browser = cdp.Browser(1280, 800)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def shards_loaded(self):
        # Each shard is loaded by a script element (so search works from file://).
        return self.browser.evaluate("document.querySelectorAll('script[src*=\"search/text/\"]').length")

    def test_a_broad_query_loads_few_shards_until_scrolled(self):
        shards = len(os.listdir(os.path.join(self.site, "search", "text")))
        self.assertGreater(shards, 30)
        self.browser.navigate("file://" + os.path.join(self.site, "index.html"))
        self.browser.evaluate("""(() => { const input = document.querySelector('#g-search-input');
          input.focus(); input.value = 'gadget'; input.dispatchEvent(new Event('input')); })()""")
        self.browser.wait_for("document.querySelectorAll('#g-search-results .g-search-excerpt mark').length > 0", timeout=10)
        time.sleep(0.5)
        first = self.shards_loaded()
        self.assertLessEqual(first, 4)
        excerpts = self.browser.evaluate("Array.from(document.querySelectorAll('#g-search-results .g-search-excerpt')).filter(e => e.textContent).length")
        results = self.browser.evaluate("document.querySelectorAll('#g-search-results [role=option]').length")
        self.assertEqual(results, 20)
        self.assertLess(excerpts, results)
        # The rest come as the list scrolls.
        self.browser.evaluate("document.querySelector('#g-search-results').scrollTop = 1e6")
        self.browser.wait_for("document.querySelector('#g-search-results [role=option]:last-child .g-search-excerpt').textContent.length > 0", timeout=10)
        self.assertGreater(self.shards_loaded(), first)


if __name__ == "__main__":
    unittest.main()
