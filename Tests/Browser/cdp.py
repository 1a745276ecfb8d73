# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""A small Chrome DevTools Protocol client that talks to headless Chromium over
--remote-debugging-pipe (file descriptors 3 and 4, NUL-terminated JSON), so no WebSocket
library is needed."""
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


def find_chromium():
    """The Chromium binary, or None when none is installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(Exception):
    pass


class Browser:
    """One headless Chromium process with one page target attached."""

    def __init__(self, width=1280, height=800, mobile=False):
        binary = find_chromium()
        if binary is None:
            raise BrowserError("chromium is not installed")
        self.profile = tempfile.mkdtemp(prefix="galley-chromium-")
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()
        # The child must see the pipes as fds 3 (its input) and 4 (its output).
        def wire():
            # Copies first, so neither pipe end is overwritten before it is moved; dup2 also
            # clears close-on-exec, which os.pipe sets.
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
        self.process = subprocess.Popen(
            [binary, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--allow-file-access-from-files", "--hide-scrollbars", "--font-render-hinting=none",
             f"--user-data-dir={self.profile}", "about:blank"],
            close_fds=False, preexec_fn=wire,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.profile, "stderr.log"), "wb"))
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.writer = os.fdopen(to_browser_write, "wb", buffering=0)
        self.reader = os.fdopen(from_browser_read, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.resize(width, height, mobile)

    # --- protocol -----------------------------------------------------------------------
    def _send(self, method, params, session):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.writer.write(json.dumps(message).encode() + b"\0")
        return self.next_id

    def _read(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.reader], [], [], remaining)[0]:
                raise BrowserError("timed out waiting for the browser")
            chunk = os.read(self.reader.fileno(), 1 << 16)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, timeout=30, **params):
        """Sends a command to the page (or to the browser before a page is attached) and
        returns its result; events that arrive meanwhile are kept in `events`."""
        wanted = self._send(method, params, self.session if not method.startswith("Target.") else None)
        while True:
            message = self._read(timeout)
            if message.get("id") == wanted:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    # --- conveniences -------------------------------------------------------------------
    def resize(self, width, height, mobile=False):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (promises are awaited)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression!r} threw {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=10):
        """Polls until `expression` is truthy and returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except BrowserError as error:
                # A page that navigates while it is asked (a click that leads elsewhere) has no
                # answer to give; the next poll asks the new page.
                if "navigated or closed" not in str(error) and "Cannot find context" not in str(error):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out waiting for {expression}")
            time.sleep(0.05)

    def navigate(self, url):
        """Opens `url` and waits for its load event."""
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.call("Page.navigate", url=url)
        deadline = time.monotonic() + 30
        while not any(e["method"] == "Page.loadEventFired" for e in self.events):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BrowserError(f"{url} did not load")
            self.events.append(self._read(remaining))

    def errors(self):
        """Console errors and uncaught exceptions seen so far."""
        found = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(params["exceptionDetails"].get("exception", {}).get("description") or params["exceptionDetails"]["text"])
            elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
                found.append(" ".join(str(a.get("value", a.get("description"))) for a in params["args"]))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                found.append(f"{params['entry']['text']} ({params['entry'].get('url', '')})")
        return found

    def key(self, key, code=None, text=None):
        """Presses and releases one key in the focused element."""
        down = {"type": "keyDown", "key": key, "code": code or key}
        if text is not None:
            down["text"] = text
        if key in ("ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Enter", "Escape", "Tab"):
            codes = {"ArrowDown": 40, "ArrowUp": 38, "ArrowLeft": 37, "ArrowRight": 39, "Enter": 13, "Escape": 27, "Tab": 9}
            down["windowsVirtualKeyCode"] = codes[key]
            if key == "Enter":
                down["text"] = "\r"
        self.call("Input.dispatchKeyEvent", **down)
        self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code or key)

    def type_text(self, text):
        for character in text:
            self.key(character, text=character)

    def click(self, selector):
        """Clicks the middle of the first element matching `selector`, as a mouse would."""
        box = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.writer.close()
        self.reader.close()
        shutil.rmtree(self.profile, ignore_errors=True)
