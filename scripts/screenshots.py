#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Takes the theme screenshots in docs/images/galley/: a corpus page with tabs, admonitions
and code, on a desktop in the light and the dark scheme and on a phone.

Usage: python3 scripts/screenshots.py  (needs chromium and a built .build/debug/galley)"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
import cdp  # noqa: E402

GALLEY = os.environ.get("GALLEY", str(ROOT / ".build" / "debug" / "galley"))
CORPUS = ROOT.parent / "shared" / "corpus" / "square-workflow"
OUTPUT = ROOT / "docs" / "images" / "galley"
PAGE = "userguide/workflow-in-code/index.html"

# Name, viewport, phone or not, scheme, and the heading to scroll to ("" for the top).
SHOTS = [
    ("theme-light.png", 1280, 960, False, "default", ""),
    ("theme-dark.png", 1280, 960, False, "slate", "private-state"),
    ("theme-mobile.png", 375, 740, True, "default", ""),
]


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-screenshots-"))
    try:
        project = work / "corpus"
        shutil.copytree(CORPUS, project, symlinks=True)
        subprocess.run([GALLEY, "build", "-q"], cwd=project, check=True)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        url = (project / "site" / PAGE).as_uri()
        for name, width, height, mobile, scheme, anchor in SHOTS:
            browser = cdp.Browser(width, height, mobile=mobile)
            try:
                # The scheme is chosen on another page first, as a reader would.
                browser.navigate((project / "site" / "index.html").as_uri())
                palette = 0 if scheme == "default" else 1
                browser.evaluate(f"localStorage.setItem('galley.palette', '{palette}')")
                browser.navigate(url)
                if anchor:
                    browser.evaluate(f"document.getElementById({anchor!r}).scrollIntoView()")
                time.sleep(0.6)
                browser.screenshot(str(OUTPUT / name))
            finally:
                browser.close()
            print(f"wrote {OUTPUT / name}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
