#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""`galley check` of this repository's docs with a shared remote cache: nginx with WebDAV on
loopback (Debian's package, as a team would run it). A first clone checks cold and fills
the cache; fresh clones at other paths then check with it warm, and one with four shards
one after another; last, a `galley build` in one more fresh clone, as a publishing job. Prints each time, the warm
check's share of the cold one (target <= 10%) and how many compiler runs each did (target:
none once the cache is warm).

  scripts/bench-remote-cache.py [--galley PATH] [--rounds N] [--assert]

`--assert` fails unless every warm run compiled nothing (times are reported, never
asserted: the machine is shared); `.ci/run` uses it. Run through `make bench`."""
import argparse
import json
import os
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Nginx:
    """nginx serving a WebDAV folder that takes PUT at /cache/, on a free loopback port."""

    def __init__(self, root):
        self.root = root
        # A temporary folder is private to its owner; the workers must reach the store in it.
        root.parent.chmod(root.parent.stat().st_mode | 0o711)
        for folder in ["data/cache", "temp"]:
            (root / folder).mkdir(parents=True, exist_ok=True)
        # Started as root, nginx's workers run unprivileged: they must write the store.
        for path in [root, root / "data", root / "data/cache", root / "temp"]:
            path.chmod(0o777)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        (root / "nginx.conf").write_text(f"""worker_processes 2;
daemon off;
pid {root}/nginx.pid;
error_log {root}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {root}/temp/body;
    proxy_temp_path {root}/temp/proxy;
    fastcgi_temp_path {root}/temp/fastcgi;
    uwsgi_temp_path {root}/temp/uwsgi;
    scgi_temp_path {root}/temp/scgi;
    client_max_body_size 0;
    server {{
        listen 127.0.0.1:{self.port};
        root {root}/data;
        location /cache/ {{
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:rw all:rw;
        }}
    }}
}}
""")
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([binary, "-p", str(root), "-c", str(root / "nginx.conf"), "-e", str(root / "error.log")])
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        sys.exit("nginx did not start; see " + str(root / "error.log"))

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/cache"

    def size(self):
        return sum(path.stat().st_size for path in (self.root / "data/cache").rglob("*") if path.is_file())

    def stop(self):
        self.process.terminate()
        self.process.wait()


def clone(scratch, name):
    """A fresh clone of this repository's committed state at its own path."""
    target = scratch / name
    subprocess.run(["git", "clone", "-q", str(ROOT), str(target)], check=True)
    return target


def galley(galley_path, folder, arguments):
    """Wall seconds and the snippet summary of one run."""
    environment = {key: value for key, value in os.environ.items() if key != "GALLEY_LIBRARY_CACHE"}
    start = time.perf_counter()
    result = subprocess.run([galley_path] + arguments, cwd=folder, capture_output=True, text=True, env=environment)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"galley {' '.join(arguments)} in {folder} failed ({result.returncode}):\n{result.stderr[-4000:]}")
    return wall, result


def compiled(result):
    """Compiler runs and remote figures from a check's JSON report."""
    report = json.loads(result.stdout)
    return report.get("compiler_runs", 0), report.get("remote_cache")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--galley", default=str(ROOT / ".build" / "release" / "galley"))
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("BENCH_RUNS", "3")))
    parser.add_argument("--assert", dest="check", action="store_true")
    arguments = parser.parse_args()
    galley_path = str(pathlib.Path(arguments.galley).resolve())
    if not os.path.exists(galley_path):
        sys.exit(f"no galley at {galley_path}: build it first")
    failures = []
    with tempfile.TemporaryDirectory(prefix="galley-bench-remote-") as scratch:
        scratch = pathlib.Path(scratch)
        server = Nginx(scratch / "nginx")
        try:
            print(f"\n== galley check of this repository's docs with a shared cache (nginx WebDAV on loopback); warm: medians of {arguments.rounds}")
            first = clone(scratch, "first")
            cold, result = galley(galley_path, first, ["check", "-q", "--json", "--remote-cache", server.url])
            cold_compiled, cold_remote = compiled(result)
            print(f"  cold check, filling the cache:          {cold:7.1f} s, {cold_compiled} compiler runs; cache {server.size() / 1e6:.0f} MB; {cold_remote}")
            shutil.rmtree(first)
            warm_walls = []
            for round_index in range(arguments.rounds):
                fresh = clone(scratch, f"elsewhere-{round_index}/clone")
                wall, result = galley(galley_path, fresh, ["check", "-q", "--json", "--remote-cache", server.url])
                warm_compiled, warm_remote = compiled(result)
                warm_walls.append(wall)
                print(f"  warm check, fresh clone at another path: {wall:7.1f} s, {warm_compiled} compiler runs; {warm_remote}")
                if warm_compiled != 0:
                    failures.append(f"a warm check ran the compiler {warm_compiled} times")
                shutil.rmtree(fresh.parent)
            warm = statistics.median(warm_walls)
            share = warm / cold
            print(f"  warm / cold: {share * 100:.1f}% (target <= 10%)")

            sharded = clone(scratch, "shards/clone")
            for k in range(1, 5):
                wall, result = galley(galley_path, sharded, ["check", "-q", "--json", "--shard", f"{k}/4", "--remote-cache", server.url])
                print(f"  warm shard {k}/4:                         {wall:7.1f} s, {compiled(result)[0]} compiler runs")
            # The build that publishes runs on a runner of its own: another fresh clone.
            final = clone(scratch, "final/clone")
            wall, result = galley(galley_path, final, ["build", "-v", "--remote-cache", server.url])
            summary = next((line for line in result.stderr.splitlines() if line.startswith("Snippets:")), "(no snippet summary)")
            print(f"  final galley build, fresh clone:         {wall:7.1f} s; {summary}")
            if " 0 compiled" not in summary:
                failures.append("the final build compiled: " + summary)
        finally:
            server.stop()
    if arguments.check and failures:
        sys.exit("with a warm shared cache: " + "; ".join(failures))


if __name__ == "__main__":
    main()
