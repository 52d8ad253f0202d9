"""`bids serve` as a process: the links it prints, a game over real HTTP (uvicorn on a free
port), the event stream, the signals, a SIGKILL mid-game, and the lock it shares with
`bids record` (serve.md "Reliability"). Every request goes to 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from .recordkit import env
from .servekit import (
    FINAL,
    NEW_GAME,
    STEAL,
    THIEF_LINES,
    Served,
    events,
    score_json,
    validate,
)

pytest.importorskip("httpx")

LINES = [*THIEF_LINES[:2], f"{THIEF_LINES[2]}; {STEAL}", *THIEF_LINES[3:]]


class Watcher(threading.Thread):
    """One watcher's event stream, read in the background: every state it was sent."""

    def __init__(self, base: str, game_id: str) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.states = base, game_id, []
        self.start()

    def run(self) -> None:
        import httpx

        try:
            with httpx.stream("GET", f"{self.base}/api/games/{self.game_id}/events", timeout=60) as r:
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        self.states.append(json.loads(line[6:]))
        except httpx.HTTPError:
            pass

    def wait_for(self, test, seconds: float = 20.0) -> dict:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for s in reversed(self.states):
                if test(s):
                    return s
            time.sleep(0.05)
        raise AssertionError(f"no such state among {len(self.states)} sent")


def test_the_links_are_printed_at_once_into_a_pipe(server):
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#token=[A-Za-z0-9_-]{22,}", server.keeper)
    assert server.watch == server.keeper.partition("#")[0]
    port = int(server.watch.rsplit(":", 1)[1].strip("/"))
    assert port != 0
    other = Served(server.folder)
    try:
        assert other.secret != server.secret  # a new secret every run
    finally:
        other.kill()


def test_a_whole_game_over_http_with_watchers_then_sigterm_exits_0(server):
    with server.client() as c:
        r = c.post("/api/games", json=NEW_GAME, headers=server.auth)
        assert r.status_code == 201
        state = r.json()
        watcher = Watcher(server.base, "thief-night")
        watcher.wait_for(lambda s: s["version"] == state["version"])
        for line in LINES:
            r = c.post("/api/games/thief-night/tricks", json={"line": line, "version": state["version"]},
                       headers=server.auth)
            assert r.status_code == 200, r.text
            state = r.json()
        last = watcher.wait_for(lambda s: s["version"] == state["version"])
        assert last["complete"] is True and last["totals"] == FINAL
        # the pages a tap away
        assert c.get("/g/thief-night/report").status_code == 200
        assert "Cleo" in c.get("/season").text
    code, err = server.stop(signal.SIGTERM)  # a watcher's stream is still open
    assert code == 0, err
    assert "stopped" in err and "Traceback" not in err
    saved = server.folder / "thief-night.toml"
    assert validate(saved).returncode == 0
    assert score_json(saved)["totals"] == FINAL


def test_ctrl_c_exits_0_with_streams_open(server):
    with server.client() as c:
        c.post("/api/games", json=NEW_GAME, headers=server.auth)
    watchers = [Watcher(server.base, "thief-night") for _ in range(3)]
    for w in watchers:
        w.wait_for(lambda s: True)
    code, err = server.stop(signal.SIGINT)
    assert code == 0, err


def test_sigkill_mid_game_loses_no_saved_trick(server):
    with server.client() as c:
        state = c.post("/api/games", json=NEW_GAME, headers=server.auth).json()
        for line in LINES[:4]:
            state = c.post("/api/games/thief-night/tricks", json={"line": line, "version": state["version"]},
                           headers=server.auth).json()
    server.kill()
    again = Served(server.folder)
    try:
        with again.client() as c:
            resumed = c.get("/api/games/thief-night").json()
            assert resumed["version"] == state["version"] and resumed["trick"] == 5
            assert [t["line"] for t in resumed["tricks"]] == LINES[:4]
            for line in LINES[4:]:
                r = c.post("/api/games/thief-night/tricks", json={"line": line, "version": resumed["version"]},
                           headers=again.auth)
                resumed = r.json()
            assert resumed["totals"] == FINAL
    finally:
        again.stop()


def test_serve_and_record_share_the_lock_and_watchers_see_records_changes(server):
    with server.client() as c:
        state = c.post("/api/games", json=NEW_GAME, headers=server.auth).json()
        state = c.post("/api/games/thief-night/tricks", json={"line": LINES[0], "version": state["version"]},
                       headers=server.auth).json()
        watcher = Watcher(server.base, "thief-night")
        watcher.wait_for(lambda s: s["version"] == state["version"])
        record = subprocess.Popen([sys.executable, "-m", "bidscli", "record", str(server.folder / "thief-night.toml"),
                                   "--resume"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=env(), text=True)
        try:
            deadline = time.monotonic() + 30
            lock = server.folder / ".thief-night.toml.lock"
            while not lock.exists():  # record holds the lock once it has read the file
                assert time.monotonic() < deadline and record.poll() is None
                time.sleep(0.05)
            r = c.post("/api/games/thief-night/tricks", json={"line": LINES[1], "version": state["version"]},
                       headers=server.auth)
            assert r.status_code == 409
            assert "another `bids record` is recording it" in r.json()["conflict"]
            assert r.json()["version"] == state["version"]
            record.stdin.write(LINES[1] + "\n")
            record.stdin.flush()
            # record saved its trick: the server notices the file changed, the watcher is sent it
            seen = watcher.wait_for(lambda s: s["trick"] == 3)
            assert seen["last"]["line"] == LINES[1]
            assert c.get("/api/games/thief-night").json()["version"] == seen["version"]
        finally:
            record.stdin.close()
            record.wait(timeout=30)
        assert record.returncode == 0, record.stderr.read()
        r = c.post("/api/games/thief-night/tricks", json={"line": LINES[2], "version": seen["version"]},
                   headers=server.auth)
        assert r.status_code == 200 and r.json()["trick"] == 4


def test_a_log_edited_by_another_program_is_never_saved_over(server):
    with server.client() as c:
        state = c.post("/api/games", json=NEW_GAME, headers=server.auth).json()
        path = server.folder / "thief-night.toml"
        text = path.read_text()
        path.write_text(text.replace("tricks = []", f'tricks = [\n  "{LINES[0]}",\n]'))
        r = c.post("/api/games/thief-night/tricks", json={"line": LINES[0], "version": state["version"]},
                   headers=server.auth)
        assert r.status_code == 409  # the file moved on: its version is another
        assert r.json()["trick"] == 2 and r.json()["last"]["line"] == LINES[0]
        assert path.read_text().count("K5: Ana R10") == 1


def test_a_port_in_use_is_one_message(server):
    port = server.watch.rsplit(":", 1)[1].strip("/")
    r = subprocess.run([sys.executable, "-m", "bidscli", "serve", str(server.folder), "--port", port],
                       capture_output=True, text=True, env=env(), timeout=60)
    assert r.returncode == 1
    assert r.stderr.startswith(f"error: port {port} on 127.0.0.1 is in use") and "Traceback" not in r.stderr


def test_events_send_the_state_at_once(server):
    with server.client() as c:
        c.post("/api/games", json=NEW_GAME, headers=server.auth)
    first = events(server.base, "thief-night", 1)
    assert first[0]["id"] == "thief-night" and first[0]["trick"] == 1


def test_lan_says_who_can_reach_it_and_that_the_wifi_is_plain_http(tmp_path):
    """No request goes to the LAN address: the links and the warning are read, then SIGTERM."""
    proc = subprocess.Popen([sys.executable, "-m", "bidscli", "serve", str(tmp_path), "--lan", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
    try:
        first = proc.stdout.readline()
        if not first:  # a machine on no network: one plain message
            proc.wait(timeout=60)
            err = proc.stderr.read()
            assert proc.returncode == 1 and "no network address besides 127.0.0.1" in err, err
            return
        assert first.startswith("scorekeeper: http://") and "127.0.0.1" not in first
        second = proc.stdout.readline()  # read here: communicate() reads past the stream's buffer
        assert second.startswith("watch:       http://")
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert "every device on this network can reach" in err and "plain HTTP" in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_sigkill_while_a_trick_is_sent_leaves_a_valid_log_with_every_trick_answered(server):
    """The kill lands while a trick is on its way (before, during or after its save): the log is
    valid either way, and holds the trick if its sender was told it was saved."""
    import httpx

    with server.client() as c:
        state = c.post("/api/games", json=NEW_GAME, headers=server.auth).json()
        for line in LINES[:2]:
            state = c.post("/api/games/thief-night/tricks", json={"line": line, "version": state["version"]},
                           headers=server.auth).json()
    answers = []

    def send():
        try:
            r = httpx.post(server.base + "/api/games/thief-night/tricks", timeout=30, headers=server.auth,
                           json={"line": LINES[2], "version": state["version"]})
            answers.append(r.status_code)
        except httpx.HTTPError:
            answers.append(None)

    sender = threading.Thread(target=send)
    sender.start()
    time.sleep(0.005)
    server.kill()
    sender.join(timeout=30)
    saved = server.folder / "thief-night.toml"
    assert validate(saved, partial=True).returncode == 0
    text = saved.read_text()
    if answers == [200]:
        assert LINES[2] in text
    again = Served(server.folder)
    try:
        with again.client() as c:
            resumed = c.get("/api/games/thief-night").json()
            assert resumed["trick"] in (3, 4)
            assert [t["line"] for t in resumed["tricks"]] == LINES[: resumed["trick"] - 1]
    finally:
        again.stop()


def test_event_streams_are_held_across_games_and_let_go(server):
    """Game after game, 40 watchers from one address open a game's stream, see its tricks, and
    leave: 40 x 4 streams is past the 100 one address may hold at once, so a stream the server
    did not let go would have the later games refused (429). Three watchers stay on game 1 all
    along and still get its undo at the end."""
    import asyncio

    import httpx

    async def stream(client, game_id: str, seen: list, statuses: list) -> None:
        async with client.stream("GET", f"/api/games/{game_id}/events") as r:
            statuses.append(r.status_code)
            async for line in r.aiter_lines():
                if line.startswith("data: "):
                    seen.append(json.loads(line[6:])["version"])

    async def until(test, what: str) -> None:
        for _ in range(600):
            if test():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(what)

    async def scenario() -> None:
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=server.base, timeout=60, limits=limits) as client:
            async def new(file: str) -> dict:
                r = await client.post("/api/games", json=dict(NEW_GAME, file=file), headers=server.auth)
                assert r.status_code == 201, r.text
                return r.json()

            first = await new("g1.toml")
            kept_seen: list[list] = [[] for _ in range(3)]
            kept_statuses: list[int] = []
            kept = [asyncio.create_task(stream(client, "g1", s, kept_statuses)) for s in kept_seen]
            await until(lambda: all(first["version"] in s for s in kept_seen), "game 1's watchers got no state")
            for n in range(2, 6):
                state = await new(f"g{n}.toml")
                seen: list[list] = [[] for _ in range(40)]
                statuses: list[int] = []
                tasks = [asyncio.create_task(stream(client, f"g{n}", s, statuses)) for s in seen]
                await until(lambda: len(statuses) == 40, f"game {n}'s streams got no answer")
                assert statuses == [200] * 40, f"game {n}: {statuses}"
                for line in THIEF_LINES[:2]:
                    r = await client.post(f"/api/games/g{n}/tricks", json={"line": line, "version": state["version"]},
                                          headers=server.auth)
                    assert r.status_code == 200, r.text
                    state = r.json()
                await until(lambda: all(state["version"] in s for s in seen), f"game {n}'s last trick not seen")
                for t in tasks:  # the watchers leave
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            r = await client.post("/api/games/g1/tricks", json={"line": THIEF_LINES[0], "version": first["version"]},
                                  headers=server.auth)
            assert r.status_code == 200, r.text
            r = await client.post("/api/games/g1/undo", json={"version": r.json()["version"]}, headers=server.auth)
            assert r.status_code == 200, r.text
            undone = r.json()["version"]
            assert undone == first["version"]  # the version is the log's content: back to game 1's first
            await until(lambda: all(len(s) >= 3 for s in kept_seen), "game 1's watchers missed its trick and undo")
            assert kept_statuses == [200] * 3 and all(s[-1] == undone for s in kept_seen)
            for t in kept:
                t.cancel()
            await asyncio.gather(*kept, return_exceptions=True)

    asyncio.run(scenario())
