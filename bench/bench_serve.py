"""`bids serve` under a table's load: games recorded through the API while watchers hold the stream.

    python bench/bench_serve.py [--games 100] [--watchers 50] [--quick]

One `bids serve` process on loopback (127.0.0.1, a free port), the scorekeeper's requests from
this process and the watchers' streams from another (the phones are other devices). For each game (a bot game of four
players under the english rules with the Thief and the Ally, three rounds, dealt by seed), the
watchers open the game's event stream, then every trick line is sent as a table's page sends it:
`check`, then `tricks` with the version. Measured as a user meets them, whole requests over HTTP:
a trick's round trip (the `tricks` request, which answers once the log is on disk), the check's,
and how long each watcher waits for the saved state. Every trick must be saved (200) and every
game's saved log must score as the bots' own log; the server's memory (VmRSS) is sampled after
each game. No test asserts a time: this prints the numbers (docs/performance.md keeps them).
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


async def watch(client, url: str, seen: dict, ready: asyncio.Event) -> None:
    """One watcher: the time each version arrived (``time.monotonic``: one clock for every process)."""
    async with client.stream("GET", url, timeout=None) as r:
        async for line in r.aiter_lines():
            if line.startswith("data: "):
                version = json.loads(line[6:]).get("version")
                seen.setdefault(version, time.monotonic())
                ready.set()


async def watchers_process(base: str, count: int) -> None:
    """The watchers, in a process of their own (the phones are other devices): for each game named
    on stdin, ``count`` event streams; 'ready' once each has the first state; on 'finish VERSION',
    the arrival times of every version once each stream has VERSION (JSON, one line)."""
    import httpx

    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    limits = httpx.Limits(max_connections=count + 10, max_keepalive_connections=count + 10)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        while True:
            name = (await reader.readline()).decode().strip()
            if not name or name == "end":
                return
            seens = [{} for _ in range(count)]
            readies = [asyncio.Event() for _ in range(count)]
            tasks = [asyncio.create_task(watch(client, f"/api/games/{name}/events", s, e))
                     for s, e in zip(seens, readies)]
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies)), 60)
            print("ready", flush=True)
            final = (await reader.readline()).decode().split()[-1]
            deadline = time.monotonic() + 30
            while any(final not in s for s in seens) and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            print(json.dumps(seens), flush=True)


async def run(base: str, secret: str, games: list, watchers: int, pid: int) -> dict:
    import httpx

    auth = {"Authorization": f"Bearer {secret}"}
    out = {"trick": [], "check": [], "delivery": [], "rss": [], "saved": 0, "refused": 0, "games": 0}
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    crowd = await asyncio.create_subprocess_exec(sys.executable, __file__, "--watch", base, str(watchers),
                                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    async with httpx.AsyncClient(base_url=base, timeout=60) as writer:
        for n, (rounds, totals) in enumerate(games):
            name = f"g{n:03d}"
            r = await writer.post("/api/games", json={"file": f"{name}.toml", "players": list(PLAYERS),
                                                      "ruleset": "english", "options": OPTIONS}, headers=auth)
            assert r.status_code == 201, r.text
            state = r.json()
            crowd.stdin.write(f"{name}\n".encode())
            assert (await crowd.stdout.readline()).strip() == b"ready"
            sent_at = {}
            for line in (t for rnd in rounds for t in rnd):
                t0 = time.monotonic()
                c = await writer.post(f"/api/games/{name}/check", json={"line": line}, headers=auth)
                t1 = time.monotonic()
                r = await writer.post(f"/api/games/{name}/tricks", json={"line": line, "version": state["version"]},
                                      headers=auth)
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
            seens = json.loads(await crowd.stdout.readline())
            for s in seens:
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
    crowd.stdin.write(b"end\n")
    await crowd.wait()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--watchers", type=int, default=50)
    ap.add_argument("--quick", action="store_true", help="10 games, 10 watchers")
    ap.add_argument("--watch", nargs=2, metavar=("BASE", "N"), help=argparse.SUPPRESS)  # the watchers' process
    args = ap.parse_args()
    if args.watch:
        asyncio.run(watchers_process(args.watch[0], int(args.watch[1])))
        return 0
    if args.quick:
        args.games, args.watchers = 10, 10
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
