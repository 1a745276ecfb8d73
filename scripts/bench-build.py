#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Times `galley build` against `mkdocs build` and `zensical build -c` side by side, on the
shared corpora (square/workflow, leakcanary) and on generated sites, and reports medians,
ratios, pages per second, peak memory and growth. On a corpus the tools take turns, run by
run, so that a noisy neighbour slows them alike. Run through `make bench`."""
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / ".bench" / "venv" / "bin"
GALLEY = ROOT / ".build" / "release" / "galley"
CORPORA = [ROOT.parent / "shared" / "corpus" / name for name in ("square-workflow", "leakcanary")]
# galley finds the emoji index and icon sets a site names in the same venv as mkdocs.
ENV = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1", VIRTUAL_ENV=str(VENV.parent))


def run(command, cwd):
    """Runs `command` once; returns (wall seconds, peak RSS in MiB of that child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{result.stderr.decode()[-2000:]}")
    # ru_maxrss of children is the maximum over all children so far; measure in a fresh
    # process per sample so it reflects this command.
    return wall, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def peak_memory(command, cwd):
    """Peak RSS of one run of `command`, measured in a dedicated child interpreter."""
    probe = (
        "import resource,subprocess,sys,os;"
        "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL,check=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", probe, *map(str, command)], cwd=cwd, env=ENV, capture_output=True, check=True)
    return int(out.stdout.decode().strip()) / 1024


def median_wall(command, cwd, runs, outputs=()):
    """Median wall time; every output directory is removed before each run, so each run is
    cold and every tool pays for creating its whole site."""
    walls = []
    for _ in range(runs):
        for output in outputs:
            shutil.rmtree(output, ignore_errors=True)
        walls.append(run(command, cwd)[0])
    return statistics.median(walls)


def tools(site_dir, cold=True):
    """Each tool's build command; `cold` clears zensical's cache (`-c`), which it otherwise
    keeps between builds. mkdocs and Galley each write a folder of their own beside
    `site_dir` (zensical writes the project's `site_dir`), so that each rebuild finds its own
    previous site: Galley does not replace a folder another tool wrote."""
    return {
        "mkdocs": [VENV / "mkdocs", "build", "-q", "-d", f"{site_dir}-mkdocs"],
        "zensical": [VENV / "zensical", "build"] + (["-c"] if cold else []),
        "galley": [GALLEY, "build", "-q", "-d", f"{site_dir}-galley"],
    }


def filesystem_floor(directory, pages):
    """Seconds to create `pages` directories each with a 20 kB index.html, in plain Python:
    the part of any static-site build that is the disk's, not the tool's."""
    shutil.rmtree(directory, ignore_errors=True)
    start = time.perf_counter()
    for n in range(pages):
        path = directory / f"section-{n // 100}" / f"page-{n}"
        path.mkdir(parents=True, exist_ok=True)
        (path / "index.html").write_bytes(b"x" * 20000)
    elapsed = time.perf_counter() - start
    shutil.rmtree(directory, ignore_errors=True)
    return elapsed


def timed(command, cwd):
    """Wall seconds and CPU seconds (user + system) of one run of `command`, or the last line
    of its error output when it fails."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        return None, process.stderr.read().decode().strip().splitlines()[-1:] or [f"exit {status}"]
    return (wall, usage.ru_utime + usage.ru_stime), None


def corpus(path, runs):
    """The three tools on a copy of the corpus, taking turns run by run, on disk and in memory
    (/dev/shm), each cold and as a rebuild. On disk every tool also pays the file system for
    each folder and file it creates, and on ext4 that cost grows while the tools keep deleting
    and recreating their sites (the allocator steps over recently freed inodes); in memory the
    figures are the tools' own work. Cold: no output and no cache before each run. Rebuild:
    each tool finds what its previous build left (its site, its cache), as when an author
    builds again; mkdocs and Galley replace the whole site each time, zensical reuses its
    cache. Wall time and CPU time (user + system), medians."""
    if not path.exists():
        print(f"{path.name} corpus absent: skipping its comparison")
        return
    places = [("on disk", None)] + ([("in memory", "/dev/shm")] if pathlib.Path("/dev/shm").is_dir() else [])
    for (place, parent), cold in ((place, cold) for place in places for cold in (True, False)):
        work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-corpus-", dir=parent))
        project = work / path.name
        shutil.copytree(path, project, ignore=shutil.ignore_patterns("ORACLE", "site"))
        kind = "cold: clean output, no caches" if cold else "rebuild: each tool's previous output and cache in place"
        print(f"\n== {path.name} corpus {place}, {runs} runs each, taking turns; medians ({kind})")
        output = work / "out"
        commands = tools(output, cold=cold)
        samples = {name: [] for name in commands}
        failed = {}
        if not cold:
            for name, command in commands.items():
                _, failed_first = timed(command, project)
                if failed_first:
                    failed[name] = failed_first
        for _ in range(runs):
            for name, command in commands.items():
                if name in failed:
                    continue
                for directory in (pathlib.Path(f"{output}-mkdocs"), pathlib.Path(f"{output}-galley"), project / "site", project / ".cache") if cold else ():
                    shutil.rmtree(directory, ignore_errors=True)
                sample, error = timed(command, project)
                if error:
                    failed[name] = error
                else:
                    samples[name].append(sample)
        results = {name: tuple(statistics.median(run[i] for run in runs_) for i in range(2)) for name, runs_ in samples.items() if runs_}
        for name in commands:
            if name in results:
                print(f"  {name:9s} wall {results[name][0] * 1000:8.1f} ms, CPU {results[name][1] * 1000:8.1f} ms")
            else:
                print(f"  {name:9s}    failed: {failed[name][0][:120]}")
        for other, possessive in (("mkdocs", "mkdocs'"), ("zensical", "zensical's")):
            if "galley" in results and other in results:
                wall, cpu = (results["galley"][i] / results[other][i] for i in range(2))
                print(f"  galley takes {wall:.3f}x {possessive} wall time ({1 / wall:.1f}x faster; target <= 0.05x) and {cpu:.3f}x its CPU time")
        shutil.rmtree(work)


def site_generator():
    """scripts/generate-site.py as a module (its name has a dash, so it is loaded by path)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import importlib
    return importlib.import_module("generate-site")


def generated(sizes, runs):
    generator = site_generator()
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-generated-"))
    print(f"\n== generated sites, galley only, {runs} runs each")
    walls = {}
    for size in sizes:
        project = work / f"site-{size}"
        generator.generate(project, size)
        command = [GALLEY, "build", "-q", "-d", project / "out"]
        walls[size] = median_wall(command, project, runs, outputs=(project / "out",))
        memory = peak_memory(command, project)
        print(f"  {size:5d} pages: {walls[size]:6.2f} s, {size / walls[size]:7.0f} pages/s, peak memory {memory:6.1f} MiB")
        floor = filesystem_floor(project / "floor", size)
        print(f"         the disk alone: creating the same {size} directories and files takes {floor:.2f} s here")
        memory_dir = pathlib.Path("/dev/shm")
        if memory_dir.is_dir():
            # The same build writing to memory: what the tool costs without the disk's share.
            in_memory = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-out-", dir=memory_dir)) / "out"
            wall = median_wall([GALLEY, "build", "-q", "-d", in_memory], project, runs, outputs=(in_memory,))
            shutil.rmtree(in_memory.parent)
            print(f"         written to memory (/dev/shm): {wall:6.2f} s, {size / wall:7.0f} pages/s")
    if len(sizes) >= 2:
        small, large = sizes[0], sizes[-1]
        print(f"  growth: {large} pages took {walls[large] / walls[small]:.1f}x the time of {small} (linear would be {large / small:.0f}x; target <= 11x for 10x pages)")
    if "--compare-generated" in sys.argv:
        size = sizes[-1]
        project = work / f"site-{size}"
        print(f"\n== generated {size}-page site, one run each")
        for name, command in tools(project / "out-cmp").items():
            wall = median_wall(command, project, 1)
            print(f"  {name:9s} {wall:7.2f} s")
    shutil.rmtree(work)


def builds_taking_turns(projects, runs):
    """The median wall time of `galley build` in each of `projects`, built in turn `runs`
    times (a clean output each time), so that a noisy neighbour slows them alike."""
    walls = [[] for _ in projects]
    for _ in range(runs):
        for index, project in enumerate(projects):
            shutil.rmtree(project / "out", ignore_errors=True)
            start = time.perf_counter()
            subprocess.run([GALLEY, "build", "-q", "-d", project / "out"], cwd=project, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            walls[index].append(time.perf_counter() - start)
    return [statistics.median(samples) for samples in walls]


def templated(size, runs):
    """The same generated site with every page using two variables and one include (the
    macros plugin), against the site without them, the builds taking turns."""
    generator = site_generator()
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-templates-"))
    plain, templated = work / "plain", work / "templated"
    generator.generate(plain, size)
    generator.generate(templated, size)
    config = (templated / "mkdocs.yml").read_text()
    config = config.replace("plugins:\n  - search\n", "plugins:\n  - search\n  - macros\n")
    config += "extra:\n  product: Workflow\n  release: '1.4.2'\n"
    (templated / "mkdocs.yml").write_text(config)
    (templated / "docs" / "notice.md").write_text("This page describes {{ product }}.\n")
    for page in (templated / "docs").glob("section-*/page-*.md"):
        page.write_text(page.read_text() + "\nInstall {{ product }} {{ release }}.\n\n{% include 'notice.md' %}\n")
    plain_wall, templated_wall = builds_taking_turns([plain, templated], runs)
    print(f"\n== {size} generated pages with two variables and an include each, {runs} runs each, taking turns")
    print(f"  without templates {plain_wall:6.2f} s, with {templated_wall:6.2f} s: {templated_wall / plain_wall:.2f}x (target < 1.5x)")
    shutil.rmtree(work)


def multilingual(per_language, languages, runs):
    """A site in `languages` languages of `per_language` pages each (the i18n plugin, suffix
    structure), against one language with as many pages in all, the builds taking turns; and
    mkdocs with mkdocs-static-i18n on the multi-language site."""
    generator = site_generator()
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-i18n-"))
    single, multi = work / "single", work / "multi"
    generator.generate(single, per_language * len(languages))
    generator.generate(multi, per_language)
    locales = languages
    config = (multi / "mkdocs.yml").read_text().replace("plugins:\n  - search\n", "plugins:\n  - search\n  - i18n:\n      languages:\n"
        + "".join(f"        - locale: {locale}\n          name: {locale}\n" + ("          default: true\n" if index == 0 else "") for index, locale in enumerate(locales)))
    (multi / "mkdocs.yml").write_text(config)
    for page in list((multi / "docs").rglob("*.md")):
        for locale in locales[1:]:
            page.with_name(page.stem + f".{locale}.md").write_text(page.read_text())
    walls = {"single": [], "multi": [], "mkdocs multi": []}
    for _ in range(runs):
        for name, project, command in (("single", single, [GALLEY, "build", "-q", "-d"]), ("multi", multi, [GALLEY, "build", "-q", "-d"]),
                                       ("mkdocs multi", multi, [VENV / "mkdocs", "build", "-q", "-d"])):
            if name == "mkdocs multi" and not (VENV / "mkdocs").exists():
                continue
            shutil.rmtree(project / "out", ignore_errors=True)
            start = time.perf_counter()
            subprocess.run(command + [project / "out"], cwd=project, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            walls[name].append(time.perf_counter() - start)
    single_wall, multi_wall = statistics.median(walls["single"]), statistics.median(walls["multi"])
    print(f"\n== {per_language} pages x {len(locales)} languages (i18n) against {per_language * len(locales)} pages in one, {runs} runs each, taking turns")
    print(f"  one language {single_wall:6.2f} s, {len(locales)} languages {multi_wall:6.2f} s: {multi_wall / single_wall:.2f}x (target < 1.2x)")
    if walls["mkdocs multi"]:
        mkdocs_wall = statistics.median(walls["mkdocs multi"])
        print(f"  mkdocs + mkdocs-static-i18n on the {len(locales)}-language site {mkdocs_wall:6.2f} s: galley {multi_wall / mkdocs_wall:.3f}x")
    shutil.rmtree(work)


def huge_pages(sizes_mb, runs):
    """One page of `sizes_mb` megabytes each, made of the generated site's page (headings,
    admonitions, tabs, tables, code, footnotes and links) repeated with its numbers changed:
    wall time, peak memory against the page's size (target <= 10x), and how time grows."""
    generator = site_generator()
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-huge-"))
    print(f"\n== one huge page, galley only, {runs} runs each (wall median, peak memory of one run)")
    walls = {}
    for size in sizes_mb:
        project = work / f"page-{size}"
        generator.generate(project, 1)
        for page in (project / "docs").rglob("*.md"):
            page.unlink()
        parts, total, n = [], 0, 0
        while total < size * 1_000_000:
            n += 1
            part = generator.PAGE.format(n=n, topic=generator.TOPICS[n % len(generator.TOPICS)], next_section=0, next=n + 1, m=2 * n)
            part = part.replace("[^1]", f"[^n{n}]").replace("../section-0/page-", "#page-").replace("../index.md", "#top")
            parts.append(part + "\n")
            total += len(part) + 1
        (project / "docs" / "index.md").write_text("".join(parts))
        config = (project / "mkdocs.yml").read_text()
        (project / "mkdocs.yml").write_text(config.split("\nnav:")[0] + "\n")
        command = [GALLEY, "build", "-q", "-d", project / "out"]
        walls[size] = median_wall(command, project, runs, outputs=(project / "out",))
        memory = peak_memory(command, project)
        print(f"  {size:3d} MB page: {walls[size]:6.2f} s, peak memory {memory:7.1f} MiB = {memory * 1048576 / (total or 1):5.1f}x the page (target <= 10x)")
    if len(sizes_mb) >= 2:
        small, large = sizes_mb[0], sizes_mb[-1]
        print(f"  growth: {large} MB took {walls[large] / walls[small]:.1f}x the time of {small} MB (linear would be {large / small:.0f}x)")
    shutil.rmtree(work)


def themed_multilingual(per_language, languages, runs):
    """The multi-language site (i18n, suffix structure) built twice, taking turns: with the
    theme's own layout, and with a `custom_dir` whose `main.html` extends mkdocs-material's
    `base.html` (overriding the title and the content with `super()`) and whose
    `partials/copyright.html` replaces the footer's. The difference is what the templates
    cost; the target is at most 20 % of the templated build."""
    generator = site_generator()
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-themed-"))
    plain, themed = work / "plain", work / "themed"
    for project in (plain, themed):
        generator.generate(project, per_language)
        config = (project / "mkdocs.yml").read_text().replace("plugins:\n  - search\n", "plugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n"
            + "".join(f"        - locale: {locale}\n          name: {locale}\n" + ("          default: true\n" if index == 0 else "") for index, locale in enumerate(languages)))
        if project == themed:
            config = config.replace("  name: material\n", "  name: material\n  custom_dir: overrides\n")
            (project / "overrides" / "partials").mkdir(parents=True)
            (project / "overrides" / "main.html").write_text(
                '{% extends "base.html" %}\n'
                "{% block htmltitle %}<title>{{ page.title }} - {{ config.site_name }}</title>{% endblock %}\n"
                '{% block content %}{% if page.meta.banner %}<p class="banner">{{ page.meta.banner }}</p>{% endif %}{{ super() }}'
                '<p class="edited">{{ page.file.src_path }} in {{ config.theme.language }}</p>{% endblock %}\n')
            (project / "overrides" / "partials" / "copyright.html").write_text(
                '<div class="md-copyright">{% if config.copyright %}{{ config.copyright }}{% endif %} {{ config.site_name | upper }}</div>\n')
        (project / "mkdocs.yml").write_text(config)
        for page in list((project / "docs").rglob("*.md")):
            for locale in languages[1:]:
                page.with_name(page.stem + f".{locale}.md").write_text(page.read_text())
    plain_wall, themed_wall = builds_taking_turns([plain, themed], runs)
    share = (themed_wall - plain_wall) / themed_wall
    print(f"\n== {per_language} pages x {len(languages)} languages, Material with and without a custom_dir of templates, {runs} runs each, taking turns")
    print(f"  without templates {plain_wall:6.2f} s, with {themed_wall:6.2f} s: the templates are {share * 100:.0f}% of the build (target <= 20%)")
    shutil.rmtree(work)


if __name__ == "__main__":
    runs = int(os.environ.get("BENCH_RUNS", "5"))
    for path in CORPORA:
        corpus(path, runs)
    generated([500, 5000], max(1, runs // 2))
    templated(5000, max(1, runs // 2))
    multilingual(500, ["en", "zh", "de", "fr", "ja"], max(1, runs // 2))
    themed_multilingual(500, ["en", "zh", "de", "fr", "ja", "es", "it", "pt", "ko", "ru"], max(1, runs // 2))
    huge_pages([5, 20], max(1, runs // 2))
