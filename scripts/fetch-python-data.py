#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Fetches the data Galley reads from mkdocs' Python packages (the emoji indexes of
pymdown-extensions, the icon sets of mkdocs-material) when Galley itself is built, so that a
machine without Python still renders `:smile:` and `:material-github:`.

The pinned wheels are downloaded with pip (checked against their SHA-256), and only the data
files are unpacked, in the layout of a `site-packages` folder, into OUT/python, with the
packages' licences beside them in OUT/python/LICENSES. Galley searches that folder after
the Python folders of the machine, so an installed package still wins. Nothing is run from
the wheels. Run again, it does nothing while OUT/VERSIONS names the same pins."""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

# (distribution, version, SHA-256 of the wheel, data paths in the wheel, licence paths).
PINS = [
    ("pymdown-extensions", "13.1", "093d1fab98168526d98fbb17aa5c9da68eef3664324f6b25ebbf78b2709babeb",
     ["pymdownx/emoji1_db.py", "pymdownx/gemoji_db.py", "pymdownx/twemoji_db.py"],
     ["pymdown_extensions-13.1.dist-info/licenses/LICENSE.md"]),
    ("mkdocs-material", "9.8.1", "2115af67ee680e1398bdd0ea02e517721e4bba88b342503a93f97ea8eb3de51c",
     ["material/templates/.icons/"],
     ["mkdocs_material-9.8.1.dist-info/licenses/LICENSE"]),
]


def stamp():
    return "".join(f"{name}=={version} {digest}\n" for name, version, digest, _, _ in PINS)


def wheel(name, version, digest, cache):
    wanted = f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    path = os.path.join(cache, wanted)
    if not os.path.exists(path):
        os.makedirs(cache, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--dest", cache, f"{name}=={version}"], check=True)
    with open(path, "rb") as handle:
        actual = hashlib.sha256(handle.read()).hexdigest()
    if actual != digest:
        os.remove(path)
        sys.exit(f"{wanted}: SHA-256 {actual}, expected {digest}; the download was removed")
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=".build/galley-data")
    parser.add_argument("--cache", default=".build/wheels")
    options = parser.parse_args()
    versions = os.path.join(options.out, "VERSIONS")
    if os.path.exists(versions) and open(versions).read() == stamp():
        return
    staging = tempfile.mkdtemp(dir=os.path.dirname(os.path.abspath(options.out)) or ".")
    try:
        for name, version, digest, data, licences in PINS:
            with zipfile.ZipFile(wheel(name, version, digest, options.cache)) as archive:
                for member in archive.namelist():
                    if member.endswith("/") or ".." in member.split("/"):
                        continue
                    if any(member == path or (path.endswith("/") and member.startswith(path)) for path in data):
                        archive.extract(member, os.path.join(staging, "python"))
                    elif member in licences:
                        target = os.path.join(staging, "python", "LICENSES", f"{name}-{os.path.basename(member)}")
                        os.makedirs(os.path.dirname(target), exist_ok=True)
                        with archive.open(member) as source, open(target, "wb") as copy:
                            shutil.copyfileobj(source, copy)
        with open(os.path.join(staging, "VERSIONS"), "w") as handle:
            handle.write(stamp())
        if os.path.exists(options.out):
            # Only a folder this script made (it has VERSIONS) is replaced; any other is kept.
            if not os.path.exists(versions):
                sys.exit(f"{options.out} exists and was not made by this script; it is left alone")
            shutil.rmtree(options.out)
        os.rename(staging, options.out)
    finally:
        if os.path.exists(staging):
            shutil.rmtree(staging)
    print(f"Python packages' data for emoji and icons in {options.out}: " + ", ".join(f"{n} {v}" for n, v, _, _, _ in PINS))


if __name__ == "__main__":
    main()
