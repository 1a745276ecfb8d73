#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Measures `galley serve` beside `mkdocs serve` in one run, on a copy of this repository's
docs: the time from saving a prose change to the reload event, the time from saving a
snippet change to the reload event, and 200 concurrent connections for 30 s (wrk) with the
server's memory sampled every second. Run through `make bench`."""
import base64
import json
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / ".bench" / "venv" / "bin"
GALLEY = ROOT / ".build" / "release" / "galley"
ENV = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
EDITS = 15
LOAD_SECONDS = 30
CONNECTIONS = 200
PAGE = "docs/galley/building.md"
SNIPPET_PAGE = "docs/workflow/core.md"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_project(directory, theme):
    """This repository's docs and config, linking this repository's runtime."""
    shutil.copytree(ROOT / "docs", directory / "docs")
    config = (ROOT / "mkdocs.yml").read_text()
    config = config.replace("package: .", f"package: {ROOT}")
    config = re.sub(r"theme:\n  name: galley", f"theme:\n  name: {theme}", config)
    (directory / "mkdocs.yml").write_text(config)


def wait_for_http(port, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"nothing answered on port {port}")


class LiveSocket:
    """The WebSocket a page of `galley serve` opens."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /__galley/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        self.buffer = self.buffer.split(b"\r\n\r\n", 1)[1]

    def next(self):
        while True:
            if len(self.buffer) >= 2:
                length, start = self.buffer[1] & 0x7F, 2
                if length == 126 and len(self.buffer) >= 4:
                    length, start = int.from_bytes(self.buffer[2:4], "big"), 4
                if len(self.buffer) >= start + length:
                    payload, self.buffer = self.buffer[start:start + length], self.buffer[start + length:]
                    return json.loads(payload)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the live socket")
            self.buffer += chunk


def galley_reload_times(project, port, edit):
    """Seconds from each saved edit to the `ready` message that follows it."""
    live = LiveSocket(port)
    live.next()
    times = []
    for number in range(EDITS):
        start = time.perf_counter()
        edit(number)
        message = live.next()
        if message["type"] != "ready":
            sys.exit(f"galley serve failed to rebuild: {message['problems']}")
        times.append(time.perf_counter() - start)
    return times


def mkdocs_reload_times(port, edit):
    """The same for mkdocs: its pages long-poll /livereload/<epoch>/<id>, which answers when
    a rebuild changes the epoch."""
    epoch = urllib.request.urlopen(f"http://127.0.0.1:{port}/livereload/0/0", timeout=60).read().decode()
    times = []
    for number in range(EDITS):
        result = {}

        def poll():
            result["epoch"] = urllib.request.urlopen(f"http://127.0.0.1:{port}/livereload/{epoch}/{number + 1}", timeout=120).read().decode()
            result["at"] = time.perf_counter()

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.3)  # the poll is parked before the edit
        start = time.perf_counter()
        edit(number)
        poller.join()
        times.append(result["at"] - start)
        epoch = result["epoch"]
        time.sleep(0.3)
    return times


def prose_edit(project):
    path = project / PAGE
    original = path.read_text()
    return lambda number: path.write_text(original + f"\nA sentence saved for the benchmark, edit {number}.\n")


def snippet_edit(project):
    path = project / SNIPPET_PAGE
    original = path.read_text()
    return lambda number: path.write_text(original + f"\n```swift run\nprint(\"benchmark edit {number}\")\n```\n")


def rss_mib(pid):
    try:
        for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


GALLEY_FILES = ["/assets/galley/galley.css", "/search/index.js"]
MKDOCS_FILES = ["/sitemap.xml", "/search/search_index.json"]


def load(port, pid, files):
    """wrk with 200 connections for 30 s over three pages and two of the tool's own files."""
    paths = ["/", "/workflow/core/", "/galley/building/"] + files
    script = pathlib.Path(tempfile.mkstemp(suffix=".lua")[1])
    script.write_text(
        "paths = {" + ", ".join(f'"{path}"' for path in paths) + "}\n"
        "counter = 0\n"
        "request = function()\n  counter = counter + 1\n  return wrk.format(\"GET\", paths[(counter % #paths) + 1])\nend\n"
    )
    samples = []
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            samples.append(rss_mib(pid))
            time.sleep(1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    out = subprocess.run(["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{LOAD_SECONDS}s", "--timeout", "10s", "-s", str(script), f"http://127.0.0.1:{port}/"],
                         capture_output=True, text=True).stdout
    stop.set()
    sampler.join()
    script.unlink()
    requests = re.search(r"Requests/sec:\s+([\d.]+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    latency = re.search(r"Latency\s+(\S+)\s+(\S+)\s+(\S+)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "requests_per_second": float(requests.group(1)) if requests else 0,
        "socket_errors": sum(map(int, errors.groups())) if errors else 0,
        "non_2xx": int(non2xx.group(1)) if non2xx else 0,
        "latency_avg": latency.group(1) if latency else "?",
        "rss": samples,
    }


def describe(times):
    ms = sorted(t * 1000 for t in times)
    return f"median {statistics.median(ms):7.1f} ms, p90 {ms[int(len(ms) * 0.9) - 1]:7.1f} ms, max {ms[-1]:7.1f} ms"


def main():
    if not GALLEY.exists():
        sys.exit("build galley first: swift build -c release --product galley")
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        # galley
        project = scratch / "galley"
        make_project(project, "galley")
        port = free_port()
        server = subprocess.Popen([GALLEY, "serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=project, stderr=subprocess.DEVNULL)
        try:
            wait_for_http(port)
            results[("galley", "prose")] = galley_reload_times(project, port, prose_edit(project))
            results[("galley", "snippet")] = galley_reload_times(project, port, snippet_edit(project))
            shutil.copy(ROOT / SNIPPET_PAGE, project / SNIPPET_PAGE)
            time.sleep(2)
            # Twice in a row: memory that is stable stops growing after the first round.
            galley_load = [load(port, server.pid, GALLEY_FILES), load(port, server.pid, GALLEY_FILES)]
        finally:
            server.terminate()
            server.wait()
        # mkdocs
        project = scratch / "mkdocs"
        make_project(project, "material")
        port = free_port()
        server = subprocess.Popen([VENV / "mkdocs", "serve", "-q", "--dev-addr", f"127.0.0.1:{port}"], cwd=project, env=ENV,
                                  stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        try:
            wait_for_http(port)
            results[("mkdocs", "prose")] = mkdocs_reload_times(port, prose_edit(project))
            mkdocs_load = [load(port, server.pid, MKDOCS_FILES)]
        finally:
            server.terminate()
            server.wait()

    print(f"Save to reload event on this repository's docs ({EDITS} edits each):")
    for (tool, kind), times in results.items():
        print(f"  {tool:7} {kind:8} {describe(times)}")
    ratio = statistics.median(results[("galley", "prose")]) / statistics.median(results[("mkdocs", "prose")])
    print(f"  galley's prose reload takes {ratio:.3f} of mkdocs' time ({1 / ratio:.1f}x faster); target under 150 ms")
    print(f"\n{CONNECTIONS} connections for {LOAD_SECONDS} s (wrk, pages, CSS and the search index):")
    for tool, rounds in (("galley", galley_load), ("mkdocs", mkdocs_load)):
        for number, numbers in enumerate(rounds, 1):
            rss = numbers["rss"]
            timeline = " ".join(f"{rss[i]:.0f}" for i in range(0, len(rss), 5))
            print(f"  {tool:7} round {number}: {numbers['requests_per_second']:6.0f} req/s, latency avg {numbers['latency_avg']}, "
                  f"socket errors {numbers['socket_errors']}, non-2xx/3xx {numbers['non_2xx']}, RSS every 5 s (MiB): {timeline}, peak {max(rss):.0f}")


if __name__ == "__main__":
    main()
