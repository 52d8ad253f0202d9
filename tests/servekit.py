"""Helpers of the `bids serve` tests: the game the tests record, a served folder, a real server.

THIEF_NIGHT is tests/data/diff-thief-4p.toml (hand-checked there): four players, the Italian
rules with the Thief, one round. Ben wins the Thief in trick 3 and must steal at once
(thief.mandatory = true, thief.timing = immediate); the weakest bidder, Cleo, holds nothing,
so Ben takes Ana's K5 (thief.pool = game falls back to the strongest holder). Final: Cleo 26,
Ben 16, Ana 3, Dev 2.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from .recordkit import ROOT, env

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
NEW_GAME = {"file": "thief-night.toml", "players": PLAYERS, "ruleset": "italian", "options": {"thief": True},
            "rounds": 1, "title": "Thief night", "lang": "en"}
THIEF_LINES = [
    "K5: Ana R10, Ben R1, Cleo R2, Dev R3",
    "K7: Ana G1, Ben G10, Cleo G2, Dev G3",
    "Thief: Ben Y10, Cleo Y1, Dev Y2, Ana Y3",  # the steal is asked: "; Ben steals K5 from Ana"
    "K9: Ben B1, Cleo B10, Dev B2, Ana B3",
    "K2: Cleo R4, Dev R9, Ana R5, Ben R6",
    "K3: Dev G4, Ana G9, Ben G5, Cleo G6",
    "K4: Ana Y4, Ben Y9, Cleo Y5, Dev Y6",
    "K6: Ben B4, Cleo B9, Dev B5, Ana B6",
    "K8: Cleo R7, Dev R8, Ana G7, Ben G8",
    "K10: Ben Y7, Cleo Y8, Dev K1, Ana B7",
]
STEAL = "Ben steals K5 from Ana"
FINAL = {"Ana": 3, "Ben": 16, "Cleo": 26, "Dev": 2}
ORIGINAL = ROOT / "tests" / "data" / "diff-thief-4p.toml"


def in_words(line: str, lang: str) -> str:
    """An English trick line in the card words of ``lang`` (log.md "Card words in the players' languages")."""
    from bidscli.core.cardwords import card_words
    from bidscli.log.trickline import parse_trick

    rec = parse_trick(line)
    return card_words(lang).trick(rec.revealed, rec.plays, rec.actions)


def score_json(path: Path, partial: bool = False) -> dict:
    args = [sys.executable, "-m", "bidscli", "score", str(path), "--format", "json"]
    if partial:
        args.append("--allow-partial")
    r = subprocess.run(args, capture_output=True, text=True, env=env(), timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def validate(path: Path, partial: bool = False) -> subprocess.CompletedProcess:
    args = [sys.executable, "-m", "bidscli", "validate", str(path)] + (["--allow-partial"] if partial else [])
    return subprocess.run(args, capture_output=True, text=True, env=env(), timeout=60)


class Served:
    """``bids serve FOLDER --port 0`` in its own process: its links, then requests with httpx."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.folder = folder
        self.proc = subprocess.Popen([sys.executable, "-m", "bidscli", "serve", str(folder), "--port", "0", *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), text=True,
                                     start_new_session=True)
        try:
            self.keeper = self._line("scorekeeper:")
            self.watch = self._line("watch:")
        except BaseException:
            self.kill()
            raise
        self.base = self.watch.rstrip("/")
        self.secret = self.keeper.partition("#token=")[2]

    def _line(self, head: str) -> str:
        if not hasattr(self, "_lines"):
            self._lines: queue.Queue = queue.Queue()
            threading.Thread(target=lambda: [self._lines.put(x) for x in self.proc.stdout], daemon=True).start()
        try:
            line = self._lines.get(timeout=30)
        except queue.Empty:
            raise AssertionError(f"bids serve printed no '{head}' line") from None
        assert line.startswith(head), line
        return line.split()[-1]

    @property
    def auth(self) -> dict:
        return {"Authorization": f"Bearer {self.secret}"}

    def client(self):
        import httpx

        return httpx.Client(base_url=self.base, timeout=30)

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            out, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            out, err = self.proc.communicate()
            raise AssertionError(f"bids serve did not stop on signal {sig}: {err}") from None
        return self.proc.returncode, err

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.communicate()


def events(base: str, game_id: str, count: int, until: float = 30.0, lang: str | None = None) -> list[dict]:
    """The first ``count`` states of a game's event stream (each a parsed JSON document)."""
    import httpx

    got: list[dict] = []
    deadline = time.monotonic() + until
    url = f"{base}/api/games/{game_id}/events" + (f"?lang={lang}" if lang else "")
    with httpx.stream("GET", url, timeout=until) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                got.append(json.loads(line[6:]))
                if len(got) >= count:
                    break
            assert time.monotonic() < deadline, f"only {len(got)} events"
    return got


URL_SAFE = re.compile(r"[A-Za-z0-9_~.-]+\Z")
