"""Speed and memory of `bids study` (issue 4).

Measures, for 4 players, default bots, italian vs english:

1. games simulated per second on one core (one game = one deal played under
   one ruleset: a study of G games under 2 rulesets plays 2G);
2. the speed-up of --jobs 2 over --jobs 1 on the same study (the JSON must be
   byte-identical; the script checks it);
3. peak memory (ru_maxrss of a fresh process, children included) of a study
   of 1,000 and of 100,000 games: aggregation is streaming, so it should not
   grow with G.

Usage:
    python bench/bench_study.py            # full: the 100,000-game run takes minutes
    python bench/bench_study.py --quick    # 1,000 and 10,000 games, fewer timing games
The target of the issue is checked separately, by timing the command itself:
    time bids study -r italian -r english --players 4 --games 10000 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bidscli.report.render import dumps  # noqa: E402
from bidscli.sim import study as S  # noqa: E402
from bidscli.sim.deal import default_names  # noqa: E402

RULESETS = ("italian", "english")


def spec(games: int, seed: int = 1, rulesets=RULESETS) -> S.StudySpec:
    return S.make_spec(list(rulesets), default_names(4), ("default",) * 4, {}, {}, seed, games)


def timed(study: S.StudySpec, jobs: int) -> tuple[float, str]:
    t0 = time.perf_counter()
    summary = S.run_study(study, jobs)
    wall = time.perf_counter() - t0
    return wall, dumps(S.report(study, summary))


PEAK = r"""
import json, resource, sys
from bench.bench_study import spec
from bidscli.sim import study as S
games, jobs = int(sys.argv[1]), int(sys.argv[2])
st = spec(games)
S.report(st, S.run_study(st, jobs))
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"self_kb": own, "children_kb": kids}))
"""


def peak_memory(games: int, jobs: int = 1) -> dict:
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", PEAK, str(games), str(jobs)], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    doc = json.loads(out)
    doc["wall_s"] = time.perf_counter() - t0
    return doc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small runs only (about a minute)")
    ap.add_argument("--games", type=int, help="games for the speed runs (default 2000, quick 400)")
    args = ap.parse_args()
    games = args.games or (400 if args.quick else 2000)

    # 1. One core.
    st = spec(games)
    wall1, doc1 = timed(st, 1)
    played = games * len(RULESETS)
    print(f"one core : {played} games ({games} deals x {len(RULESETS)} rulesets) in {wall1:.2f} s "
          f"= {played / wall1:.0f} games/s ({1000 * wall1 / played:.2f} ms a game)")

    # 2. Two jobs, same numbers.
    wall2, doc2 = timed(st, 2)
    same = "byte-identical JSON" if doc1 == doc2 else "JSON DIFFERS (bug)"
    print(f"--jobs 2 : {wall2:.2f} s, speed-up x{wall1 / wall2:.2f} ({same})")
    target = 10000 * len(RULESETS) / (played / wall2)
    print(f"estimate : the 10,000-game target study at this rate takes about {target:.0f} s with --jobs 2")

    # 3. Peak memory, fresh processes.
    sizes = (1000, 10000) if args.quick else (1000, 100000)
    for g in sizes:
        m = peak_memory(g)
        print(f"memory   : {g:>7} games: peak RSS {m['self_kb'] / 1024:.1f} MB "
              f"(run took {m['wall_s']:.0f} s)")
    if doc1 != doc2:
        sys.exit(1)


if __name__ == "__main__":
    main()
