#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Times the preview on generated sites of 5,000 and 20,000 pages, `galley serve` beside `hugo server`
(Debian's hugo, which renders into memory) in one run: start-up to the first page served,
and, for a prose edit and for an edit of a page's title (which every page's navigation
shows), the time from saving to the new text being served. Both servers are asked the same
way: the edited page is fetched until it holds the new text. Each server's resident memory
is read from /proc after the edits (now and at its peak). Run through `make bench`."""
import os
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
SIZES = [int(size) for size in os.environ.get("BENCH_PAGES", "5000,20000").split(",")]
EDITS = int(os.environ.get("BENCH_EDITS", "11"))
sys.path.insert(0, str(ROOT / "scripts"))
import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("generate_site", ROOT / "scripts" / "generate-site.py")
generate_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generate_site)

EDITED = "section-3/page-321.md"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8", "replace")
    except OSError:
        return None


def wait_for(url, needle="", seconds=300, interval=0.003):
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        body = fetch(url)
        if body is not None and needle in body:
            return time.perf_counter()
        time.sleep(interval)
    sys.exit(f"{url} never held {needle!r}")


def hugo_site(mkdocs_project, target):
    """The same pages as a Hugo site: each page with its title in front matter, a layout that
    shows the page and a navigation of every page, as the galley theme's does."""
    content = target / "content"
    for page in (mkdocs_project / "docs").rglob("*.md"):
        relative = page.relative_to(mkdocs_project / "docs")
        text = page.read_text()
        title = text.splitlines()[0].lstrip("# ").strip()
        # Hugo's home page is `_index.md`: an `index.md` would make the whole content one
        # bundle, its other pages mere resources.
        out = content / ("_index.md" if str(relative) == "index.md" else relative)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(f'---\ntitle: "{title}"\n---\n' + "\n".join(text.splitlines()[1:]) + "\n")
    layouts = target / "layouts" / "_default"
    layouts.mkdir(parents=True)
    # As the galley theme's: every section named, the current one's pages listed, and links
    # to the previous and next page.
    frame = ('<!doctype html><html><head><title>{{ .Title }}</title></head><body><nav><ul>'
             '{{ $current := .CurrentSection }}{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>'
             '{{ if eq . $current }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}</li>{{ end }}'
             '</ul></nav><main><h1>{{ .Title }}</h1>{{ .TableOfContents }}{{ .Content }}</main>'
             '{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}'
             '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>\n')
    (layouts / "single.html").write_text(frame)
    (layouts / "list.html").write_text(frame)
    (target / "hugo.toml").write_text('baseURL = "http://127.0.0.1/"\ntitle = "Generated"\ndisableKinds = ["taxonomy", "term", "RSS"]\n')


def measure(name, command, cwd, page_url, source, title_source, title_url):
    started = time.perf_counter()
    server = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        start_up = wait_for(page_url) - started
        original = source.read_text()
        prose, heading = [], []
        for number in range(EDITS):
            word = f"benchmarkword{number}x{os.getpid()}"
            time.sleep(0.3)
            saved = time.perf_counter()
            source.write_text(original + f"\nA sentence saved for the benchmark: {word}.\n")
            prose.append(wait_for(page_url, word) - saved)
        source.write_text(original)
        # A title edit: the navigation of the pages of its section shows it, and the next
        # page's link back to it.
        title_original = title_source.read_text()
        for number in range(max(EDITS // 2, 3)):
            word = f"Retitled{number}x{os.getpid()}"
            time.sleep(0.5)
            saved = time.perf_counter()
            title_source.write_text(title_original.replace("# Page 4000:", f"# Page 4000 {word}:", 1).replace('title: "Page 4000:', f'title: "Page 4000 {word}:', 1))
            heading.append(wait_for(title_url, word) - saved)
        title_source.write_text(title_original)
        return {"start": start_up, "prose": prose, "heading": heading, "memory": memory(server.pid)}
    finally:
        server.terminate()
        server.wait()


def memory(pid):
    """Resident memory in MiB, now and at its peak, from /proc."""
    fields = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields.get("VmRSS", 0), fields.get("VmHWM", 0)


def describe(times):
    ms = sorted(t * 1000 for t in times)
    return f"median {statistics.median(ms):7.1f} ms, p90 {ms[max(int(len(ms) * 0.9) - 1, 0)]:7.1f} ms"


def main():
    if not GALLEY.exists() or not shutil.which("hugo"):
        sys.exit("build galley (release) and install hugo first: make bench")
    for pages in SIZES:
        run(pages)


def run(pages):
    with tempfile.TemporaryDirectory(prefix="galley-bench-serve-") as scratch:
        scratch = pathlib.Path(scratch)
        mkdocs_project = scratch / "galley"
        generate_site.generate(mkdocs_project, pages)
        config = (mkdocs_project / "mkdocs.yml").read_text().replace("name: material", "name: galley")
        (mkdocs_project / "mkdocs.yml").write_text(config)
        hugo_project = scratch / "hugo"
        hugo_site(mkdocs_project, hugo_project)
        results = {}
        port = free_port()
        results["galley"] = measure("galley", [GALLEY, "serve", "--dev-addr", f"127.0.0.1:{port}"], mkdocs_project,
                                    f"http://127.0.0.1:{port}/{EDITED[:-3]}/", mkdocs_project / "docs" / EDITED,
                                    mkdocs_project / "docs" / "section-40" / "page-4000.md", f"http://127.0.0.1:{port}/section-40/page-4001/")
        port = free_port()
        results["hugo"] = measure("hugo", ["hugo", "server", "--port", str(port), "--bind", "127.0.0.1", "--disableLiveReload"], hugo_project,
                                  f"http://127.0.0.1:{port}/{EDITED[:-3]}/", hugo_project / "content" / EDITED,
                                  hugo_project / "content" / "section-40" / "page-4000.md", f"http://127.0.0.1:{port}/section-40/page-4001/")
    print(f"Preview of a generated site of {pages} pages, save to new text served ({EDITS} edits):")
    for tool, numbers in results.items():
        resident, peak = numbers["memory"]
        print(f"  {tool:6} start-up to first page {numbers['start']:.2f} s; prose edit {describe(numbers['prose'])}; "
              f"title edit {describe(numbers['heading'])}; memory {resident:.0f} MiB (peak {peak:.0f} MiB)")
    galley, hugo = results["galley"], results["hugo"]
    print(f"  galley/hugo: start-up {galley['start'] / hugo['start']:.2f}, prose {statistics.median(galley['prose']) / statistics.median(hugo['prose']):.2f}, "
          f"title {statistics.median(galley['heading']) / statistics.median(hugo['heading']):.2f}, "
          f"peak memory {galley['memory'][1] / hugo['memory'][1]:.2f} "
          "(targets: prose median < 100 ms at 5,000 pages and < 50 ms at 20,000, p90 < 200 ms; title < 1 s; start-up < 2.5 s at 5,000)")

if __name__ == "__main__":
    main()
