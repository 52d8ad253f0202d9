"""`bids serve` under a table's load: games recorded through the API while watchers hold the stream.

    python bench/bench_serve.py [--games 100] [--watchers 50] [--quick]

One `bids serve` process on loopback (127.0.0.1, a free port), the scorekeeper's requests from
this process and the watchers' streams from another (the phones are other devices). For each game (a bot game of four
players under the english rules with the Thief and the Ally, three rounds, dealt by seed), the
watchers open the game's event stream (each from an address of its own, 127.0.0.2 and up, as
the phones are devices of their own), then every trick line is sent as a table's page sends it:
`check`, then `tricks` with the version. Measured as a user meets them, whole requests over HTTP:
a trick's round trip (the `tricks` request, which answers once the log is on disk), the check's,
and how long each watcher waits for the saved state. Every trick must be saved (200) and every
game's saved log must score as the bots' own log; the server's memory (VmRSS) is sampled after
each game. No test asserts a time: this prints the numbers (docs/performance.md keeps them).

The bench keeps the server's bounds (docs/serve.md, "Security"), as a client must: the scorekeeper
sends at most 90% of the requests a second one address may send (``RATE``), and a refusal (429)
is waited out as its ``Retry-After`` says, counted and printed; a watcher's stream refused or
cut is opened again, as ``EventSource`` does. ``--quick`` is a sanity run of a few seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bidscli.log.reader import read_log_text  # noqa: E402
from bidscli.rules.ruleset import load_ruleset  # noqa: E402
from bidscli.sim.bots import simulate_log  # noqa: E402
from bidscli.sim.deal import deal_text, make_deal  # noqa: E402

PLAYERS = ("Ana", "Ben", "Cleo", "Dev")
OPTIONS = {"thief": True, "ally": True}


def bot_game(seed: int) -> tuple[list[list[str]], dict]:
    """A whole game's trick lines, round by round, and its totals (the bots' own log, scored)."""
    from bidscli.app import api

    rs = load_ruleset("english")
    deal = make_deal(rs, PLAYERS, OPTIONS, seed=seed)._replace(ruleset="english")
    log, errors = read_log_text(deal_text(deal), "deal.toml")
    assert not errors
    text, _ = simulate_log(log, rs, "english", {}, ["default"] * len(PLAYERS), seed)
    played, errors = read_log_text(text, "game.toml")
    assert not errors
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        _, result = api.score(f.name)
    finally:
        os.unlink(f.name)
    return [[t.text for t in r.tricks] for r in played.rounds], dict(result.totals)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] if values else float("nan")


class Refused(Exception):
    """The server refused a request the bench cannot wait out."""


async def watch(client, url: str, seen: dict, ready: asyncio.Event, refusals: list) -> None:
    """One watcher: the time each version arrived (``time.monotonic``: one clock for every process).
    A stream refused for a while (429) or cut is opened again after ``Retry-After``, as a page's
    ``EventSource`` does; the refusals are kept in ``refusals`` (status, message)."""
    import httpx

    while True:
        try:
            async with client.stream("GET", url, timeout=None) as r:
                if r.status_code != 200:
                    body = (await r.aread()).decode("utf-8", "replace")
                    refusals.append((r.status_code, body.strip()[:200]))
                    if r.status_code != 429:
                        raise Refused(f"{url}: {r.status_code} {body.strip()[:200]}")
                    await asyncio.sleep(float(r.headers.get("retry-after", "1")))
                    continue
                async for line in r.aiter_lines():
                    if line.startswith("data: "):
                        version = json.loads(line[6:]).get("version")
                        seen.setdefault(version, time.monotonic())
                        ready.set()
        except httpx.TransportError as exc:
            refusals.append((0, f"{type(exc).__name__}: {exc}"))
        await asyncio.sleep(1)


def watcher_clients(base: str, count: int) -> list:
    """One client per watcher, each from an address of its own on loopback (127.0.0.2 and up: a
    phone each, so each keeps its own bounds), or all from 127.0.0.1 where only it exists."""
    import socket

    import httpx

    try:
        with socket.socket() as s:
            s.bind(("127.0.0.2", 0))
        own = True
    except OSError:
        own = False
        print("watchers: only 127.0.0.1 exists here: every watcher comes from it", file=sys.stderr)
    return [httpx.AsyncClient(base_url=base, timeout=60,
                              transport=httpx.AsyncHTTPTransport(local_address=f"127.0.{(i + 2) // 256}.{(i + 2) % 256}")
                              if own else None)
            for i in range(count)]


async def watchers_process(base: str, count: int) -> int:
    """The watchers, in a process of their own (the phones are other devices): for each game named
    on stdin, ``count`` event streams; 'ready' once each has the first state; on 'finish VERSION',
    the arrival times of every version once each stream has VERSION (JSON, one line). A stream
    that never starts, or never gets VERSION, is said on stderr with the server's answers, and
    this process ends with 1."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    clients = watcher_clients(base, count)
    try:
        while True:
            name = (await reader.readline()).decode().strip()
            if not name or name == "end":
                return 0
            seens = [{} for _ in range(count)]
            readies = [asyncio.Event() for _ in range(count)]
            refusals: list = []
            tasks = [asyncio.create_task(watch(c, f"/api/games/{name}/events", s, e, refusals))
                     for c, s, e in zip(clients, seens, readies)]
            try:
                try:
                    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies)), 60)
                except TimeoutError:
                    failed = [t.exception() for t in tasks if t.done() and not t.cancelled() and t.exception()]
                    print(f"watchers: {sum(not e.is_set() for e in readies)} of {count} streams of {name} "
                          f"sent no state in 60 s; the server's answers: {refusals[-3:] or 'none'}; "
                          f"{failed[:1] or ''}", file=sys.stderr)
                    return 1
                print("ready", flush=True)
                final = (await reader.readline()).decode().split()[-1]
                deadline = time.monotonic() + 30
                while any(final not in s for s in seens) and time.monotonic() < deadline:
                    await asyncio.sleep(0.005)
                if any(final not in s for s in seens):
                    print(f"watchers: {sum(final not in s for s in seens)} of {count} streams of {name} never "
                          f"got its last state; the server's answers: {refusals[-3:] or 'none'}", file=sys.stderr)
                    return 1
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            print(json.dumps({"seens": seens, "refusals": len(refusals)}), flush=True)
    finally:
        for c in clients:
            await c.aclose()


class Writer:
    """The scorekeeper's requests, within the server's bound: at most 90% of ``RATE`` a second, and
    a 429 waited out as its ``Retry-After`` says (counted in ``waits``)."""

    def __init__(self, client, secret: str) -> None:
        from bidscli.cli.web import RATE

        self.client, self.auth = client, {"Authorization": f"Bearer {secret}"}
        self.gap, self.next, self.waits = 1 / (0.9 * RATE), 0.0, 0

    async def post(self, path: str, doc: dict):
        while True:
            now = time.monotonic()
            if now < self.next:
                await asyncio.sleep(self.next - now)
            self.next = max(now, self.next) + self.gap
            r = await self.client.post(path, json=doc, headers=self.auth)
            if r.status_code != 429:
                return r
            self.waits += 1
            await asyncio.sleep(float(r.headers.get("retry-after", "1")))


async def run(base: str, secret: str, games: list, watchers: int, pid: int) -> dict:
    import httpx

    out = {"trick": [], "check": [], "delivery": [], "rss": [], "saved": 0, "refused": 0, "games": 0,
           "stream_refusals": 0}
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    crowd = await asyncio.create_subprocess_exec(sys.executable, __file__, "--watch", base, str(watchers),
                                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)

    async def crowd_says() -> bytes:
        said = await crowd.stdout.readline()
        if not said:
            raise SystemExit(f"the watchers' process stopped ({await crowd.wait()}): its message is above")
        return said

    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        writer = Writer(client, secret)
        for n, (rounds, totals) in enumerate(games):
            name = f"g{n:03d}"
            r = await writer.post("/api/games", {"file": f"{name}.toml", "players": list(PLAYERS),
                                                 "ruleset": "english", "options": OPTIONS})
            assert r.status_code == 201, r.text
            state = r.json()
            crowd.stdin.write(f"{name}\n".encode())
            assert (await crowd_says()).strip() == b"ready"
            sent_at = {}
            for line in (t for rnd in rounds for t in rnd):
                t0 = time.monotonic()
                c = await writer.post(f"/api/games/{name}/check", {"line": line})
                t1 = time.monotonic()
                r = await writer.post(f"/api/games/{name}/tricks", {"line": line, "version": state["version"]})
                t2 = time.monotonic()
                out["check"].append(t1 - t0)
                out["trick"].append(t2 - t1)
                if r.status_code != 200 or c.status_code != 200:
                    out["refused"] += 1
                    print(f"{name}: {line}: {r.status_code} {r.text[:200]}", file=sys.stderr)
                    break
                out["saved"] += 1
                state = r.json()
                sent_at[state["version"]] = t1
            crowd.stdin.write(f"finish {state['version']}\n".encode())
            said = json.loads(await crowd_says())
            out["stream_refusals"] += said["refusals"]
            for s in said["seens"]:
                for version, t in sent_at.items():
                    if version in s:
                        out["delivery"].append(s[version] - t)
            assert state["complete"], f"{name} is not complete"
            assert state["totals"] == totals, (name, state["totals"], totals)
            out["games"] += 1
            out["rss"].append(rss_kib(pid))
            if (n + 1) % 10 == 0:
                print(f"  {n + 1} games, {out['saved']} tricks saved, server {out['rss'][-1] / 1024:.1f} MiB",
                      file=sys.stderr)
        out["waits"] = writer.waits
    crowd.stdin.write(b"end\n")
    await crowd.wait()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--watchers", type=int, default=50)
    ap.add_argument("--quick", action="store_true", help="a sanity run of a few seconds: 3 games, 5 watchers")
    ap.add_argument("--watch", nargs=2, metavar=("BASE", "N"), help=argparse.SUPPRESS)  # the watchers' process
    args = ap.parse_args()
    if args.watch:
        return asyncio.run(watchers_process(args.watch[0], int(args.watch[1])))
    if args.quick:
        args.games, args.watchers = 3, 5
    print(f"making {args.games} bot games...", file=sys.stderr)
    games = [bot_game(seed) for seed in range(1, args.games + 1)]
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as folder:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([sys.executable, "-m", "bidscli", "serve", folder, "--port", "0"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            keeper = proc.stdout.readline().split()[-1]
            base = proc.stdout.readline().split()[-1].rstrip("/")
            secret = keeper.partition("#token=")[2]
            result = asyncio.run(run(base, secret, games, args.watchers, proc.pid))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=60)
        for n in range(args.games):  # what is on disk scores as the bots' game
            from bidscli.app import api

            _, scored = api.score(os.path.join(folder, f"g{n:03d}.toml"))
            assert dict(scored.totals) == games[n][1], n
    ms = 1000
    tricks = result["trick"]
    rss = result["rss"]
    first = statistics.mean(rss[: max(1, len(rss) // 10)])
    last = statistics.mean(rss[-max(1, len(rss) // 10):])
    print(f"bids serve: {result['games']} games, {result['saved']} tricks saved, {result['refused']} refused, "
          f"{args.watchers} watchers on each game's event stream (loopback, one server process)")
    print(f"  the server's bounds: the scorekeeper waited out {result['waits']} refusals (429), the watchers' "
          f"streams were refused or cut {result['stream_refusals']} times")
    print(f"  trick round trip (POST tricks, saved): p50 {pct(tricks, 50) * ms:.1f} ms, p95 "
          f"{pct(tricks, 95) * ms:.1f} ms, max {max(tricks) * ms:.1f} ms")
    print(f"  check round trip:                      p50 {pct(result['check'], 50) * ms:.1f} ms, p95 "
          f"{pct(result['check'], 95) * ms:.1f} ms")
    print(f"  saved state at a watcher, from sending the trick: p50 {pct(result['delivery'], 50) * ms:.1f} ms, "
          f"p95 {pct(result['delivery'], 95) * ms:.1f} ms, max {max(result['delivery']) * ms:.1f} ms")
    print(f"  server memory (VmRSS): {first / 1024:.1f} MiB over the first tenth of the games, "
          f"{last / 1024:.1f} MiB over the last tenth, peak {max(rss) / 1024:.1f} MiB")
    load = os.getloadavg()
    print(f"  load average while it ran (1, 5, 15 min): {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} on "
          f"{os.cpu_count()} cores: other work on the machine lengthens every time above")
    return 0 if result["refused"] == 0 and result["games"] == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
