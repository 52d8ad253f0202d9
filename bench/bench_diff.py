"""Whole-process time of `bids diff LOG -r italian -r english` (issue 10: under 1 s).

The target of issue 10: 4-6 players, 3-5 rounds, every knob on which italian
and english differ in play (options Ally, -5, Thief, Surprise and Lowest on),
the whole `bids diff` in under a second, the exact Shapley account included.
Logs are random legal games (bench/gen.py) played under english or italian,
written under bench/.data/diff/ (not committed). At 4 and 5 players the two
decks differ (2x, -5, numbers 1-12 at five), so those runs add --lenient-deck.

Each measurement is a pair run back to back: the parse-only script on the
same log (bench/parse_only.py: tomllib and json.dumps, the least any tool
must do) and the bids process, the order inside a pair alternating so that
load from other processes hits both alike. Reported per log: the median wall
time of both, the median CPU time (user + system) of bids, its peak memory
(GNU time's: bench/process.py), and from one JSON run the number of knob
groups in the Shapley game, the mixtures and the replays (whole and from a
checkpoint). Child
processes run without PYTHONDONTWRITEBYTECODE, so that they load compiled
modules as an installed package does.

    .venv/bin/python bench/bench_diff.py [--repeat N] [--format table|json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.process import run  # noqa: E402  (after the path is set)

DATA = ROOT / "bench" / ".data" / "diff"
BIN = Path(sys.executable).parent
BIDS = [str(BIN / "bids")] if (BIN / "bids").exists() else [sys.executable, "-m", "bidscli"]
PARSE = [sys.executable, str(ROOT / "bench" / "parse_only.py")]
# Bytecode as an installed package has it: a shell with PYTHONDONTWRITEBYTECODE=1 would make every
# process compile every module again (0.1-0.3 s here); the warm-up run writes the .pyc files.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
OPTIONS = {"ally": True, "minus_five": True, "thief": True, "surprise": True, "lowest": True}


def logs() -> list[tuple[str, Path]]:
    from bench.gen import random_game_log

    DATA.mkdir(parents=True, exist_ok=True)
    out = []
    for players in (4, 5, 6):
        for rounds in (3, 5):
            # italian's 5-player deal (1-10, 8 tricks a round) cannot be played under english at all.
            for played in ("english",) if players == 5 else ("english", "italian"):
                path = DATA / f"{played}-{players}p-{rounds}r.toml"
                if not path.exists():
                    path.write_text(random_game_log(played, players, rounds, OPTIONS, seed=players * 10 + rounds))
                out.append((f"{players}p {rounds}r, played {played}", path))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="pairs per log (default 5)")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"at start; python {sys.version.split()[0]}")
    print(f"{'log':28} {'parse':>7} {'wall':>7} {'cpu':>7} {'MiB':>6} {'groups':>6} {'mixes':>6} "
          f"{'replays':>8}")
    worst = 0.0
    for name, path in logs():
        argv = [*BIDS, "diff", str(path), "-r", "italian", "-r", "english"]
        if run(argv, ENV).code != 0:
            argv.append("--lenient-deck")
        done = subprocess.run([*argv, "--format", "json"], capture_output=True, text=True, cwd=ROOT, env=ENV,
                              check=False)
        if done.returncode != 0:
            print(f"{name:28} exit {done.returncode}: {done.stderr.strip()[:60]}")
            continue
        at = json.loads(done.stdout)["attribution"] or {}
        walls, cpus, rss, parses = [], [], [], []
        for r in range(args.repeat):
            if r % 2:
                b = run(argv, ENV)
                p = run([*PARSE, str(path)], ENV)
            else:
                p = run([*PARSE, str(path)], ENV)
                b = run(argv, ENV)
            parses.append(p.wall)
            walls.append(b.wall)
            cpus.append(b.cpu)
            rss.append(b.rss)
        wall = statistics.median(walls)
        worst = max(worst, wall)
        groups = len([g for g in at.get("groups", {})])
        lenient = " (lenient)" if "--lenient-deck" in argv else ""
        print(f"{name + lenient:28} {statistics.median(parses):6.3f}s {wall:6.3f}s "
              f"{statistics.median(cpus):6.3f}s {max(rss):6.1f} {groups:6} {at.get('mixtures', 0):6} "
              f"{at.get('replays', 0):8}")
    print(f"slowest median wall time: {worst:.3f}s; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at end")


if __name__ == "__main__":
    main()
