#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Search and page-weight benchmark: the size of galley's search index and the time from
typing a query to the first result in headless Chromium, beside mkdocs-material's search on
the same docs; and the bytes a reader's browser loads for a page (HTML, styles, scripts,
icons, fonts: every response body, uncompressed), both sites served alike over loopback.

Sites: this repository's docs, the square/workflow corpus and a generated 5,000-page site.
galley's sites are opened from file://; mkdocs-material's are served over loopback HTTP,
since its search fetches its index. Run by `make bench` (needs chromium and .bench/venv)."""
import functools
import gzip
import http.server
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
import cdp  # noqa: E402

GALLEY = pathlib.Path(os.environ.get("GALLEY", ROOT / ".build" / "release" / "galley"))
MKDOCS = ROOT / ".bench" / "venv" / "bin" / "mkdocs"
CORPUS = ROOT.parent / "shared" / "corpus" / "square-workflow"
RUNS = 5
# Pages whose weight is compared, where a site has them.
WEIGHED_PAGES = ["", "userguide/concepts/", "userguide/workflow-in-code/", "glossary/", "page-1/"]

# Types `query` into a page whose index is not loaded yet and resolves with the milliseconds
# until the first result is in the DOM. `input` and `result` are CSS selectors.
PROBE = """new Promise(resolve => {{
  const input = document.querySelector({input!r});
  const start = performance.now();
  const done = () => {{ if (document.querySelector({result!r})) {{ observer.disconnect(); resolve(performance.now() - start); }} }};
  const observer = new MutationObserver(done);
  observer.observe(document.body, {{ childList: true, subtree: true }});
  input.focus();
  input.value = {query!r};
  input.dispatchEvent(new Event('input', {{ bubbles: true }}));
  input.dispatchEvent(new KeyboardEvent('keyup', {{ bubbles: true, key: 'e' }}));
  done();
  setTimeout(() => resolve(-1), 20000);
}})"""


def size(path):
    data = pathlib.Path(path).read_bytes()
    return len(data), len(gzip.compress(data, 9))


def kib(pair):
    return f"{pair[0] / 1024:8.1f} KiB ({pair[1] / 1024:6.1f} KiB gzipped)"


def first_result(browser, url, input_selector, result_selector, query, prepare=None):
    times = []
    for _ in range(RUNS):
        browser.navigate(url)
        if prepare:
            browser.wait_for(prepare, timeout=20)
        elapsed = browser.evaluate(PROBE.format(input=input_selector, result=result_selector, query=query))
        if elapsed < 0:
            raise SystemExit(f"no result for {query!r} at {url}")
        times.append(elapsed)
    return statistics.median(times)


def excerpt_bytes(browser, site, query):
    """The bytes of text shards galley's search loads to show `query`'s results on screen;
    and what the same results would load from shards of 200 sections each, the layout
    before shards had a byte budget."""
    browser.navigate((site / "index.html").as_uri())
    browser.evaluate(f"""(() => {{ const input = document.querySelector('#g-search-input');
      input.focus(); input.value = {query!r}; input.dispatchEvent(new Event('input')); }})()""")
    browser.wait_for("document.querySelectorAll('#g-search-results [role=option]').length > 0", timeout=20)
    time.sleep(1.0)
    sources = browser.evaluate("Array.from(document.querySelectorAll('script[src*=\"search/text/\"]')).map(s => s.src)")
    loaded = sum((site / "search" / "text" / source.rsplit("/", 1)[1]).stat().st_size for source in sources)
    sections = [hit[3] for hit in browser.evaluate(f"galleySearch.rank({query!r})")]
    texts = []
    for shard in sorted((site / "search" / "text").glob("*.js"), key=lambda path: int(path.stem)):
        body = shard.read_text()
        texts += json.loads(body[body.index("(") + 1:body.rindex(")")])["texts"]
    before = sum(len(json.dumps(texts[start:start + 200], ensure_ascii=False).encode())
                 for start in sorted({section // 200 * 200 for section in sections}))
    return loaded, before


# The bytes of every response body the page loaded, once it has settled.
WEIGHT = """new Promise(resolve => setTimeout(() => {
  const entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
  resolve(entries.reduce((sum, e) => sum + (e.decodedBodySize || 0), 0));
}, 700))"""


def page_weight(browser, url):
    # A first visit: nothing from an earlier page comes from the cache.
    browser.call("Network.enable")
    browser.call("Network.clearBrowserCache")
    browser.navigate(url)
    browser.wait_for("document.readyState === 'complete'", timeout=20)
    return browser.evaluate(WEIGHT)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    if not cdp.find_chromium():
        raise SystemExit("chromium is not installed (make browser-deps)")
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-search-"))
    sites = []
    # The repository's docs are built in place (their snippets link this package) into a
    # scratch site directory.
    sites.append(("repository docs", ROOT, "workflow", False))
    corpus = work / "corpus"
    shutil.copytree(CORPUS, corpus, symlinks=True)
    sites.append(("square/workflow corpus", corpus, "RenderContext", True))
    generated = work / "generated"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "generate-site.py"), str(generated), "5000"], check=True, capture_output=True)
    sites.append(("generated, 5,000 pages", generated, "counter", True))

    browser = cdp.Browser(1280, 800)
    try:
        for name, project, query, compare in sites:
            site = work / (project.name + "-site")
            build = subprocess.run([str(GALLEY), "build", "-q", "--keep-going", "--site-dir", str(site)], cwd=project, capture_output=True, text=True)
            if build.returncode != 0:
                raise SystemExit(f"galley build failed for {name}:\n{build.stderr}")
            index = size(site / "search" / "index.js")
            shards = sorted((site / "search" / "text").glob("*.js"))
            text = (sum(size(s)[0] for s in shards), sum(size(s)[1] for s in shards))
            pages = sum(1 for _ in site.rglob("index.html"))
            print(f"{name} ({pages} pages)")
            print(f"  galley index.js        {kib(index)}, loaded on first search")
            print(f"  galley text shards     {kib(text)} in {len(shards)} files, loaded for excerpts")
            galley_ms = first_result(browser, (site / "index.html").as_uri(), "#g-search-input", "#g-search-results [role=option]", query)
            print(f"  galley first result    {galley_ms:8.1f} ms (median of {RUNS}, query {query!r})")
            for broad in ("the", query):
                loaded, before = excerpt_bytes(browser, site, broad)
                print(f"  galley excerpt text    {loaded / 1024:8.1f} KiB loaded for the results of {broad!r} on screen"
                      f" ({before / 1024:.1f} KiB from 200-section shards)")
            if compare and MKDOCS.exists():
                material = work / (project.name + "-material")
                shutil.copytree(project, material, symlinks=True, ignore=shutil.ignore_patterns("site"))
                config = (material / "mkdocs.yml").read_text()
                if "name: 'material'" not in config and "name: material" not in config:
                    config = config.replace("theme:\n  name: galley", "theme:\n  name: material")
                    (material / "mkdocs.yml").write_text(config)
                result = subprocess.run([str(MKDOCS), "build", "-q"], cwd=material, capture_output=True, text=True)
                if result.returncode != 0:
                    print(f"  mkdocs build failed: {result.stderr[-300:]}")
                    continue
                material_index = size(material / "site" / "search" / "search_index.json")
                print(f"  mkdocs search_index.json {kib(material_index)}, loaded whole before the first result")
                server = serve(material / "site")
                try:
                    url = f"http://127.0.0.1:{server.server_address[1]}/"
                    material_ms = first_result(browser, url, ".md-search__input", ".md-search-result__item", query,
                                               prepare="document.querySelector('.md-search__input') !== null")
                finally:
                    server.shutdown()
                print(f"  material first result  {material_ms:8.1f} ms: galley takes {galley_ms / material_ms:.2f} of its time")
                # Page weight, side by side: each page of WEIGHED_PAGES that both sites have.
                galley_server, material_server = serve(site), serve(material / "site")
                try:
                    for page in WEIGHED_PAGES:
                        if not (site / page / "index.html").exists() or not (material / "site" / page / "index.html").exists():
                            continue
                        ours = page_weight(browser, f"http://127.0.0.1:{galley_server.server_address[1]}/{page}")
                        theirs = page_weight(browser, f"http://127.0.0.1:{material_server.server_address[1]}/{page}")
                        print(f"  page weight /{page:<24} galley {ours / 1024:7.1f} KiB, material {theirs / 1024:7.1f} KiB: {ours / theirs:.2f} of it")
                finally:
                    galley_server.shutdown()
                    material_server.shutdown()
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
