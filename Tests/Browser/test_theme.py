# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Browser tests of the default theme and its search, in headless Chromium.

The sites are built by this checkout's galley and opened from file://, which also proves
that the theme works offline without a server."""
import atexit
import functools
import stat
import http.server
import os
import re
import shutil
import subprocess
import tempfile
import threading
import unittest

import cdp

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(os.path.dirname(REPOSITORY), "shared", "corpus", "square-workflow")
GALLEY = os.environ.get("GALLEY", os.path.join(REPOSITORY, ".build", "debug", "galley"))


def scratch_folder(prefix):
    """A new temporary folder, removed when the test run ends. The corpus copied into one
    keeps its read-only folders, so removal first makes each folder writable again."""
    folder = tempfile.mkdtemp(prefix=prefix)

    def writable_then_retry(function, path, _error):
        os.chmod(os.path.dirname(path), stat.S_IRWXU)
        function(path)

    atexit.register(shutil.rmtree, folder, onerror=writable_then_retry)
    return folder


def build(project):
    result = subprocess.run([GALLEY, "build"], cwd=project, capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"galley build failed in {project}:\n{result.stdout}\n{result.stderr}")


def write_project(directory, files):
    """Writes `files` (relative path to text) under `directory`."""
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(directory, name)), exist_ok=True)
        with open(os.path.join(directory, name), "w") as file:
            file.write(text)


_built = {}


def built_site(name, files):
    """The site of a project of `files`, built once per test run under the name `name`."""
    if name not in _built:
        project = os.path.join(scratch_folder(f"galley-{name}-"), "project")
        write_project(project, files)
        build(project)
        _built[name] = os.path.join(project, "site")
    return _built[name]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    """A loopback HTTP server of `directory` on a free port, and its base URL; call
    `shutdown()` on the server when done."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def contrast(a, b):
    def luminance(colour):
        def channel(value):
            c = value / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = colour
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


class Sites:
    """The corpus site and a small translated site, built once for all tests."""
    directory = None

    @classmethod
    def setUp(cls):
        if cls.directory:
            return
        cls.directory = scratch_folder("galley-browser-")
        cls.corpus = None
        if os.path.isdir(CORPUS):
            corpus = os.path.join(cls.directory, "corpus")
            shutil.copytree(CORPUS, corpus, symlinks=True)
            build(corpus)
            cls.corpus = os.path.join(corpus, "site")
        translated = os.path.join(cls.directory, "translated")
        os.makedirs(os.path.join(translated, "docs"))
        with open(os.path.join(translated, "mkdocs.yml"), "w") as file:
            file.write("site_name: 翻訳\nplugins:\n  - search\ntheme:\n  name: galley\n  features:\n    - content.tabs.link\n  palette:\n"
                       "    - scheme: default\n      primary: teal\n      toggle:\n        name: Dark\n"
                       "    - scheme: slate\n      primary: teal\n      toggle:\n        name: Light\n"
                       "markdown_extensions:\n  - pymdownx.tabbed:\n      alternate_style: true\n")
        tab_set = '=== "Kotlin"\n    Kotlin text\n\n=== "Java"\n    Java text\n\n'
        pages = {
            "tabs.md": "# Tabs\n\n" + tab_set + "Between.\n\n" + '=== "Swift"\n    Swift text\n\n' + tab_set.replace('=== "Kotlin"', '=== "Go"\n    Go text\n\n=== "Kotlin"'),
            "index.md": "# 概要\n\n本文档介绍工作流程的状态管理。\n\n## 渲染\n\n每个工作流程都会产生渲染结果。\n",
            "ja.md": "# 日本語\n\nワークフローは状態を管理します。\n\n## テスト\n\nレンダーテスターで検証する。\n",
            "en.md": "# English\n\nThe Café serves naïve workflows.\n",
        }
        for name, text in pages.items():
            with open(os.path.join(translated, "docs", name), "w") as file:
                file.write(text)
        build(translated)
        cls.translated = os.path.join(translated, "site")
        # A site whose custom_dir overrides blocks as a mkdocs-material site would.
        overridden = os.path.join(cls.directory, "overridden")
        files = {
            "mkdocs.yml": "site_name: Overridden\ntheme:\n  name: material\n  custom_dir: overrides\nextra:\n  release: '4.0'\n",
            "docs/index.md": "# Home\n\nWelcome.\n\n" + "More text.\n\n" * 80,
            "docs/guide.md": "# Guide\n\nSteps.\n",
            "overrides/main.html": '{% extends "base.html" %}\n'
                '{% block announce %}Version <strong>{{ config.extra.release }}</strong> is out: '
                '<a href="{{ base_url }}/guide/">read the guide</a>{% endblock %}\n'
                '{% block extrahead %}<meta name="release" content="{{ config.extra.release }}">'
                '<meta property="og:title" content="{{ page.title }}">{% endblock %}\n',
        }
        write_project(overridden, files)
        build(overridden)
        cls.overridden = os.path.join(overridden, "site")
        # A site in English and Chinese (the i18n plugin, suffix structure).
        multilingual = os.path.join(cls.directory, "multilingual")
        files = {
            "mkdocs.yml": "site_name: Routes\nplugins:\n  - search\n  - i18n:\n      languages:\n"
                          "        - locale: en\n          default: true\n          name: English\n"
                          "        - locale: zh\n          name: 中文\n          site_name: 路由\n",
            "docs/index.md": "# Home\n\nRouting between screens.\n",
            "docs/index.zh.md": "# 首页\n\n屏幕之间的路由。\n",
            "docs/guide/routing.md": "# Routing\n\nA router chooses the next screen.\n",
            "docs/guide/routing.zh.md": "# 路由\n\n路由器选择下一个屏幕。\n",
            "docs/guide/only.md": "# English only\n\nNot translated.\n",
        }
        write_project(multilingual, files)
        build(multilingual)
        cls.multilingual = os.path.join(multilingual, "site")

    @classmethod
    def url(cls, site, path):
        return "file://" + os.path.join(site, path)


class BrowserTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        Sites.setUp()
        cls.browser = cdp.Browser(1280, 800)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def setUp(self):
        self.browser.resize(1280, 800)
        self.browser.events = []

    def open(self, path, site=None):
        self.browser.navigate(Sites.url(site or Sites.corpus, path))


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class TranslatedSiteTests(BrowserTestCase):
    """A small site built here: Chinese, Japanese and accented pages, two configured schemes."""

    def test_chinese_and_japanese_text_is_searchable(self):
        self.open("index.html", site=Sites.translated)
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        for query, expected in [("状态", "index.html"), ("渲染结果", "index.html#_1"), ("管理します", "ja/index.html"), ("テスト", "ja/index.html#_1"), ("cafe", "en/index.html")]:
            self.browser.evaluate(f"{{ const i = document.getElementById('g-search-input'); i.value = {query!r}; i.dispatchEvent(new Event('input')); }}")
            hrefs = self.browser.wait_for("(() => { const a = Array.from(document.querySelectorAll('#g-search-results [role=option]')).map(e => e.getAttribute('href')); return a.length ? a : null; })()")
            self.assertTrue(any(h.endswith(expected) or expected.split("#")[0] in h for h in hrefs), (query, hrefs))

    def test_the_client_tokenizes_as_the_build_does(self):
        # The same cases as SearchTokenizerTests in the Swift tests.
        self.open("index.html", site=Sites.translated)
        cases = {
            "Hello, World! it's 2024": ["hello", "world", "it", "2024"],
            "RenderContext": ["rendercontext", "render", "context"],
            "HTMLRenderer": ["htmlrenderer", "html", "renderer"],
            "utf8View": ["utf8view", "utf8", "view"],
            "Café naïve": ["cafe", "naive"],
            "Cafe\u0301": ["cafe"],
            "工作流程": ["工作", "作流", "流程"],
            "状態を管理": ["状態", "態を", "を管", "管理"],
            "字": ["字"],
            "使用Workflow框架": ["使用", "workflow", "框架"],
            "a b cd": ["cd"],
        }
        for text, expected in cases.items():
            self.assertEqual(self.browser.evaluate(f"galleySearch.tokenize({text!r})"), expected, text)

    def test_dark_scheme_choice_persists_across_pages(self):
        self.open("index.html", site=Sites.translated)
        self.browser.evaluate("localStorage.clear()")
        self.open("index.html", site=Sites.translated)
        self.assertEqual(self.browser.evaluate("document.documentElement.dataset.scheme"), "default")
        self.assertEqual(self.browser.evaluate("document.querySelector('.g-scheme-toggle').getAttribute('aria-label')"), "Dark")
        self.browser.click(".g-scheme-toggle")
        self.assertEqual(self.browser.evaluate("document.documentElement.dataset.scheme"), "slate")
        self.open("ja/index.html", site=Sites.translated)
        self.assertEqual(self.browser.evaluate("document.documentElement.dataset.scheme"), "slate")
        self.assertEqual(self.browser.evaluate("document.querySelector('.g-scheme-toggle').getAttribute('aria-label')"), "Light")
        background = self.browser.evaluate("getComputedStyle(document.body).backgroundColor")
        self.assertEqual(background, "rgb(23, 25, 30)")
        self.browser.click(".g-scheme-toggle")
        self.open("index.html", site=Sites.translated)
        self.assertEqual(self.browser.evaluate("document.documentElement.dataset.scheme"), "default")



@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class MultilingualSiteTests(BrowserTestCase):
    """A site in English and Chinese: the selector keeps the page, search keeps the language."""

    def test_switching_language_keeps_the_page(self):
        self.open("zh/guide/routing/index.html", site=Sites.multilingual)
        self.assertEqual(self.browser.evaluate("document.documentElement.lang"), "zh")
        self.browser.click(".g-lang summary")
        self.browser.click(".g-lang a[hreflang=en]")
        self.assertTrue(self.browser.wait_for("location.pathname.endsWith('/guide/routing/index.html') && !location.pathname.includes('/zh/') && document.readyState === 'complete'"))
        self.assertEqual(self.browser.evaluate("document.documentElement.lang"), "en")
        self.browser.click(".g-lang summary")
        self.browser.click(".g-lang a[hreflang=zh]")
        self.assertTrue(self.browser.wait_for("location.pathname.endsWith('/zh/guide/routing/index.html') && document.readyState === 'complete'"))
        self.assertEqual(self.browser.evaluate("document.documentElement.lang"), "zh")
        self.assertEqual(self.browser.errors(), [])

    def test_search_stays_in_the_readers_language(self):
        for page, query, expected, language in [("zh/index.html", "路由器", "zh/guide/routing/", "zh"), ("index.html", "router", "guide/routing/", "en")]:
            self.open(page, site=Sites.multilingual)
            self.browser.evaluate("document.getElementById('g-search-input').focus()")
            self.browser.evaluate(f"{{ const i = document.getElementById('g-search-input'); i.value = {query!r}; i.dispatchEvent(new Event('input')); }}")
            hrefs = self.browser.wait_for("(() => { const a = Array.from(document.querySelectorAll('#g-search-results [role=option]')).map(e => e.getAttribute('href')); return a.length ? a : null; })()")
            self.assertIn(expected, hrefs[0], (query, hrefs))
            if language == "zh":
                self.assertTrue(all("/zh/" in h or h.startswith("zh/") or "zh/" in h for h in hrefs), hrefs)
            else:
                self.assertTrue(all("zh/" not in h for h in hrefs), hrefs)
        # An English word the Chinese pages lack finds nothing from the English pages there.
        self.open("zh/index.html", site=Sites.multilingual)
        self.browser.evaluate("{ const i = document.getElementById('g-search-input'); i.focus(); i.value = 'screens'; i.dispatchEvent(new Event('input')); }")
        status = self.browser.wait_for("(() => { const s = document.querySelector('.g-search-status'); return s && s.textContent ? s.textContent : null; })()")
        self.assertEqual(status, "没有结果")


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
class OverriddenSiteTests(BrowserTestCase):
    """A site whose theme.custom_dir fills the announce and extrahead blocks."""

    def test_the_announcement_bar_and_meta_tags_are_there(self):
        for width in (1280, 375):
            self.browser.resize(width, 800, mobile=width < 600)
            self.browser.events = []
            self.open("index.html", site=Sites.overridden)
            self.assertEqual(self.browser.errors(), [])
            banner = self.browser.evaluate("""(() => { const b = document.querySelector('.g-announce'), r = b.getBoundingClientRect(),
                h = document.querySelector('.g-header').getBoundingClientRect();
                return {text: b.innerText.trim(), top: r.top, bottom: r.bottom, width: r.width, headerTop: h.top,
                        fg: getComputedStyle(b).color, bg: getComputedStyle(b).backgroundColor}; })()""")
            self.assertEqual(banner["text"], "Version 4.0 is out: read the guide")
            # Above the header, across the page, and readable.
            self.assertEqual(banner["top"], 0)
            self.assertLessEqual(banner["bottom"], banner["headerTop"] + 0.5)
            self.assertGreaterEqual(banner["width"], width - 20)
            rgb = lambda text: tuple(int(v) for v in re.findall(r"\d+", text)[:3])
            self.assertGreaterEqual(contrast(rgb(banner["fg"]), rgb(banner["bg"])), 4.5, banner)
            meta = self.browser.evaluate("[document.querySelector('meta[name=release]').content, document.querySelector('meta[property=\"og:title\"]').content]")
            self.assertEqual(meta, ["4.0", "Home"])
            # Scrolled, the banner goes and the header stays at the top.
            self.browser.evaluate("window.scrollTo(0, 2000)")
            header_top = self.browser.wait_for("(() => { const t = document.querySelector('.g-header').getBoundingClientRect().top; return t === 0 ? 'top' : null; })()")
            self.assertEqual(header_top, "top")
        self.browser.resize(1280, 800)
        self.open("index.html", site=Sites.overridden)
        self.browser.click(".g-announce a")
        self.assertTrue(self.browser.wait_for("location.pathname.endsWith('/guide/index.html') || location.pathname.endsWith('/guide/')"))


@unittest.skipUnless(cdp.find_chromium(), "chromium is not installed")
@unittest.skipUnless(os.path.isdir(CORPUS), "../shared/corpus/square-workflow is absent")
class CorpusThemeTests(BrowserTestCase):
    """The square/workflow corpus, built unchanged."""


    def test_corpus_pages_load_without_console_errors(self):
        pages = ["index.html", "userguide/concepts/index.html", "userguide/workflow-in-code/index.html",
                 "userguide/ui-in-code/index.html", "glossary/index.html", "faq/index.html"]
        # 404.html is left out: a server answers it for URLs at every depth, so it links from
        # site_url's path rather than relatively, and cannot work from file://. test_serve.py
        # loads it over HTTP.
        for page in pages:
            self.browser.events = []
            self.open(page)
            # Offline, what the corpus itself asks of the network fails: its extra_css loads
            # fonts from a CDN and its README shows badges. `wolfcrow.png` is the corpus' one
            # broken image, which the build reports. Anything else is the theme's fault.
            errors = [e for e in self.browser.errors()
                      if not re.search(r"net::ERR_NAME_NOT_RESOLVED \(https?://", e) and not e.endswith("/wolfcrow.png)")]
            self.assertEqual(errors, [], page)
            self.assertTrue(self.browser.evaluate("!!document.querySelector('.g-header') && getComputedStyle(document.querySelector('.g-header')).position === 'sticky'"), page)

    # The corpus's tabs are in pymdownx.tabbed's classic markup (no `alternate_style`); the
    # translated site's in the alternate one. Both must switch alike.
    VISIBLE = """Array.from(document.querySelectorAll('.tabbed-set')).map(set =>
        Array.from(set.querySelectorAll(set.classList.contains('tabbed-alternate') ? ':scope > .tabbed-content > .tabbed-block' : ':scope > .tabbed-content'))
            .map(b => b.offsetParent !== null))"""
    LABELS = """Array.from(document.querySelectorAll('.tabbed-set')).map(set =>
        Array.from(set.querySelectorAll(':scope > .tabbed-labels > label, :scope > label')).map(l => l.textContent.trim()))"""

    def check_tab_switching(self, path, site=None, linked=True):
        self.open(path, site)
        self.browser.evaluate("localStorage.clear()")
        self.open(path, site)
        before = self.browser.evaluate(self.VISIBLE)
        self.assertGreater(len(before), 1)
        self.assertTrue(all(blocks[0] and not any(blocks[1:]) for blocks in before), before)
        alternate = self.browser.evaluate("document.querySelector('.tabbed-set').classList.contains('tabbed-alternate')")
        self.browser.click(".tabbed-set .tabbed-labels label:nth-child(2)" if alternate else ".tabbed-set > label:nth-of-type(2)")
        after = self.browser.wait_for(f"(() => {{ const v = {self.VISIBLE}; return v[0][1] ? v : null; }})()")
        self.assertEqual(after[0][:2], [False, True])
        labels = self.browser.evaluate(self.LABELS)
        chosen = labels[0][1]
        # With content.tabs.link every set with the chosen label follows; without, none does.
        for blocks, names in zip(after[1:], labels[1:]):
            if chosen in names:
                self.assertEqual(blocks[names.index(chosen)], linked, (names, blocks))
        if linked:
            # The choice is remembered on the next page the reader opens.
            self.open(path, site)
            remembered = self.browser.evaluate(self.VISIBLE)
            self.assertTrue(remembered[0][1], remembered)

    def check_tab_keyboard(self, path, site=None):
        self.open(path, site)
        self.browser.evaluate("document.querySelector('.tabbed-set > input').focus()")
        self.browser.key("ArrowRight")
        self.assertTrue(self.browser.wait_for("document.querySelector('.tabbed-set > input:nth-of-type(2)').checked"))
        self.assertEqual(self.browser.evaluate(self.VISIBLE)[0][:2], [False, True])

    def test_clicking_a_tab_switches_content_and_sets_with_the_same_labels(self):
        # The corpus does not ask for content.tabs.link; the translated site does.
        self.check_tab_switching("userguide/workflow-in-code/index.html", linked=False)
        self.check_tab_switching("tabs/index.html", Sites.translated)

    def test_tabs_work_from_the_keyboard(self):
        self.check_tab_keyboard("userguide/workflow-in-code/index.html")
        self.check_tab_keyboard("tabs/index.html", Sites.translated)

    def test_search_finds_render_context_and_goes_to_its_section(self):
        self.open("index.html")
        self.browser.key("/", text="/")
        self.assertEqual(self.browser.evaluate("document.activeElement.id"), "g-search-input")
        self.browser.type_text("RenderContext")
        first = self.browser.wait_for("(() => { const a = document.querySelector('#g-search-results [role=option]'); return a && a.getAttribute('href'); })()")
        self.assertTrue(first.endswith("glossary/index.html#rendercontext"), first)
        self.assertEqual(self.browser.evaluate("document.querySelector('#g-search-results [role=option] .g-search-title mark').textContent"), "RenderContext")
        excerpt = self.browser.wait_for("(() => { const e = document.querySelector('#g-search-results [role=option] .g-search-excerpt'); return e && e.textContent; })()")
        self.assertTrue(excerpt.startswith("The object which provides access to the Workflow Runtime"), excerpt)
        self.browser.key("ArrowDown")
        self.assertEqual(self.browser.evaluate("document.querySelector('[role=option][aria-selected=true]').id"), "g-search-option-0")
        self.browser.key("Enter")
        location = self.browser.wait_for("location.href.includes('glossary') && document.readyState === 'complete' && location.href")
        self.assertTrue(location.endswith("glossary/index.html#rendercontext"), location)
        top = self.browser.wait_for("(() => { const h = document.getElementById('rendercontext'); const r = h && h.getBoundingClientRect(); return r && r.top > 0 && r.top < 200 ? r.top : null; })()")
        self.assertGreater(top, 0)

    def test_search_matches_prefixes_and_tolerates_typos(self):
        self.open("index.html")
        self.browser.evaluate("document.getElementById('g-search-input').focus()")
        self.browser.type_text("rendercon")
        first = self.browser.wait_for("(() => { const a = document.querySelector('#g-search-results [role=option]'); return a && a.getAttribute('href'); })()")
        self.assertIn("rendercontext", first)
        self.browser.evaluate("{ const i = document.getElementById('g-search-input'); i.value = ''; i.dispatchEvent(new Event('input')); }")
        self.browser.type_text("snapshott")
        titles = self.browser.wait_for("(() => { const t = Array.from(document.querySelectorAll('#g-search-results .g-search-title')).map(e => e.textContent); return t.length ? t : null; })()")
        self.assertTrue(any("snapshot" in t.lower() for t in titles), titles)
        self.browser.key("Escape")
        self.assertTrue(self.browser.evaluate("document.getElementById('g-search-results').hidden"))

    def test_text_contrast_is_aa_in_both_schemes(self):
        self.open("userguide/concepts/index.html")
        probe = """(() => {
            const rgb = s => s.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
            const color = sel => { const e = document.querySelector(sel); return e ? rgb(getComputedStyle(e).color) : null; };
            const bg = sel => rgb(getComputedStyle(document.querySelector(sel)).backgroundColor);
            return { body: [color('.g-content p'), bg('body')], link: [color('.g-content p a'), bg('body')],
                     muted: [color('.g-toc a'), bg('body')], header: [color('.g-site-name'), bg('.g-header')],
                     current: [color('.g-nav .g-current > a'), bg('body')] };
        })()"""
        for scheme in ("default", "slate"):
            self.browser.evaluate(f"document.documentElement.dataset.scheme = '{scheme}'; document.documentElement.dataset.palette = '{0 if scheme == 'default' else 1}'")
            for name, (fg, bg) in self.browser.evaluate(probe).items():
                self.assertGreaterEqual(contrast(fg, bg), 4.5, (scheme, name, fg, bg))

    def test_navigation_drawer_opens_and_closes_at_375_pixels(self):
        self.browser.resize(375, 740, mobile=True)
        self.open("userguide/concepts/index.html")
        shown = "(() => { const r = document.getElementById('g-nav').getBoundingClientRect(); return getComputedStyle(document.getElementById('g-nav')).visibility === 'visible' && r.left >= 0 && r.right > 100; })()"
        # Closed means slid out and hidden, so it neither covers the page nor takes focus.
        closed = "getComputedStyle(document.getElementById('g-nav')).visibility === 'hidden'"
        self.assertFalse(self.browser.evaluate(shown))
        self.assertTrue(self.browser.evaluate(closed))
        self.assertTrue(self.browser.evaluate("document.querySelector('.g-drawer-open').offsetParent !== null"))
        self.browser.click(".g-drawer-open")
        self.assertTrue(self.browser.wait_for(shown))
        self.assertEqual(self.browser.evaluate("document.querySelector('.g-drawer-open').getAttribute('aria-expanded')"), "true")
        self.assertTrue(self.browser.evaluate("document.getElementById('g-nav').contains(document.activeElement)"))
        self.browser.key("Escape")
        self.browser.wait_for(closed)
        self.browser.click(".g-drawer-open")
        self.browser.wait_for(shown)
        self.browser.wait_for("(() => { const r = document.getElementById('g-nav').getBoundingClientRect(); return r.left === 0; })()")
        self.browser.call("Input.dispatchMouseEvent", type="mousePressed", x=360, y=400, button="left", clickCount=1)
        self.browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=360, y=400, button="left", clickCount=1)
        self.browser.wait_for(closed)

    def test_pages_fit_narrow_and_wide_screens(self):
        for width in (360, 1440):
            self.browser.resize(width, 800, mobile=width < 600)
            for page in ("index.html", "userguide/workflow-in-code/index.html", "glossary/index.html"):
                self.open(page)
                overflow = self.browser.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                self.assertLessEqual(overflow, 0, (width, page))

    def test_code_blocks_have_no_copy_button_unless_asked(self):
        # The corpus's theme.features has no content.code.copy, so Material shows none; nor
        # does Galley (test_theme_features.py has the button where it is asked for).
        self.open("userguide/workflow-in-code/index.html")
        count = self.browser.evaluate("[document.querySelectorAll('.g-content .highlight').length, document.querySelectorAll('.g-content .highlight > .g-copy').length]")
        self.assertGreater(count[0], 0)
        self.assertEqual(count[1], 0)

    def test_table_of_contents_and_header_follow_the_scroll(self):
        self.open("userguide/workflow-in-code/index.html")
        self.assertFalse(self.browser.evaluate("document.querySelector('.g-header').classList.contains('g-scrolled')"))
        target = self.browser.evaluate("document.querySelectorAll('.g-content h2')[3].id")
        self.browser.evaluate(f"document.getElementById({target!r}).scrollIntoView()")
        active = self.browser.wait_for(f"(() => {{ const a = document.querySelector('.g-toc a.g-active'); return a && a.hash === '#{target}' && a.hash; }})()")
        self.assertEqual(active, "#" + target)
        self.assertTrue(self.browser.wait_for("document.querySelector('.g-header').classList.contains('g-scrolled')"))
        self.assertTrue(self.browser.wait_for("getComputedStyle(document.querySelector('.g-page-title')).opacity === '1'"))


if __name__ == "__main__":
    unittest.main()
