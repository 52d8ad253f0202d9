"""A tiny headless-Chromium driver for the page tests (DevTools protocol over --remote-debugging-pipe).

No network, no extra package: Chromium reads commands on fd 3 and writes
answers and events on fd 4, each a JSON text ending in a NUL byte. The tests
use it to load a page from file://, read the console, measure the layout at
a phone's width and take a screenshot.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
         "--disable-dev-shm-usage"]
HANG_GUARD = 120  # seconds without any answer from the browser: it hangs (not a timing check)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(Exception):
    pass


class Chromium:
    def __init__(self, binary: str, tmp: str):
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-", dir=tmp)
        to_chrome_r, self._w = os.pipe()
        self._r, from_chrome_w = os.pipe()
        # Chromium expects its command pipe on fd 3 and its answer pipe on fd 4. The child moves the
        # ends there (through copies: an end may sit on 3 or 4 already); every other descriptor of
        # ours is close-on-exec (PEP 446), so close_fds=False leaks nothing and keeps 3 and 4.
        def fds():
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.stderr = open(os.path.join(tmp, "chromium-stderr.txt"), "w+b")  # noqa: SIM115 (closed in close())
        args = [binary, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-pipe", "about:blank"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.stderr, preexec_fn=fds,  # noqa: PLW1509 (no threads here)
                                     close_fds=False)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._id = 0
        self.events: list[dict] = []
        try:
            self.session = self._attach()
        except BaseException:
            self.close()
            raise

    # -- protocol ---------------------------------------------------------------------
    def _read_message(self) -> dict:
        while b"\0" not in self._buf:
            ready, _, _ = select.select([self._r], [], [], HANG_GUARD)
            if not ready:
                raise BrowserError("chromium did not answer")
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise BrowserError("chromium closed its pipe: " + self.stderr_text()[-2000:])
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method: str, params: dict | None = None, session: str | None = "page") -> dict:
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session == "page":
            msg["sessionId"] = self.session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read_message()
            if m.get("id") == self._id:
                if "error" in m:
                    raise BrowserError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method: str) -> dict:
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read_message()
            if m.get("method") == method:
                return m
            self.events.append(m)

    def _attach(self) -> str:
        targets = self.send("Target.getTargets", session=None)["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        if page is None:
            page_id = self.send("Target.createTarget", {"url": "about:blank"}, session=None)["targetId"]
        else:
            page_id = page["targetId"]
        return self.send("Target.attachToTarget", {"targetId": page_id, "flatten": True}, session=None)["sessionId"]

    # -- what the tests use ------------------------------------------------------------
    def open(self, url: str, width: int, height: int, mobile: bool = False) -> None:
        """Load ``url`` in a viewport of width x height CSS pixels and wait for its load event."""
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self.events.clear()
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression: str):
        res = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in res:
            raise BrowserError(f"{expression}: {res['exceptionDetails']}")
        return res["result"].get("value")

    def problems(self) -> list[str]:
        """Console messages, uncaught exceptions and browser log entries (failed loads) since open()."""
        self.evaluate("1")  # flush the events queued so far
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled":
                out.append(f"console.{p['type']}: " + " ".join(str(a.get("value", a.get("description")))
                                                             for a in p.get("args", [])))
            elif m == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                out.append("exception: " + d.get("exception", {}).get("description", d.get("text", "")))
            elif m == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
                out.append(f"log {p['entry']['level']}: {p['entry']['text']} {p['entry'].get('url', '')}")
        return out

    def screenshot(self) -> bytes:
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])

    def dom(self) -> str:
        return self.evaluate("document.documentElement.outerHTML")

    def stderr_text(self) -> str:
        self.stderr.flush()
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")

    def close(self) -> None:
        try:
            self.send("Browser.close", session=None)
        except (BrowserError, OSError, ValueError):
            pass
        try:
            self.proc.wait(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass
        self.stderr.close()
