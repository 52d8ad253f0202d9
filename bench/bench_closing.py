"""The closing bench of issue 33: before and after, same machine, same run (`make bench-closing`).

Two wheel installs side by side, each in its own virtual environment under bench/.data/:
``before`` is a commit (by default main's commit before the one path of issue 33, the first
parent of ee71f9b), exported with ``git archive`` and installed as a wheel; ``after`` is this
working tree, installed as a wheel as bench/bench_cli.py does. Then, in one run, interleaved:

1. Whole processes over the 600 bench logs (bench/gen.py, six players, five rounds), default
   jobs, each paired with the parse-only yardstick (bench/parse_only.py): ``score --format
   csv``, ``score`` (table), ``score --format json`` and ``validate``. A round runs, for each
   command, the yardstick, the before install and the after install back to back, the order
   inside the round rotating, the commands interleaved. Reported per command and install: the
   median wall time, the median of the per-round ratios to the yardstick, the median CPU time
   (user + system, children included) and the peak memory (GNU time's, the largest process).
   Issue 33's targets: csv <= 1.4x, table <= 1.6x, json <= 2.5x, validate <= 1.3x.
2. ``bids study -r italian -r english --players 4 --games G --seed 1 --jobs 1`` (whole
   processes, G = 2,000 by default): games per second (2G games over the wall time, and over
   the CPU time), before and after alternating; and peak memory at G and at 10 G (flat).

Nothing is claimed from a loaded machine: the load average is printed at the start and the
end, and the CPU times beside the wall times. Usage:

    .venv/bin/python bench/bench_closing.py                   # before = ee71f9b^1, after = this tree
    .venv/bin/python bench/bench_closing.py --before COMMIT --repeat 7 --study-games 2000
    .venv/bin/python bench/bench_closing.py --only study      # or --only cli
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_cli import install  # noqa: E402  (after the path is set)
from bench.process import Run, run  # noqa: E402

DATA = ROOT / "bench" / ".data"
DEFAULT_BEFORE = "ee71f9b^1"  # main's commit before the one path (issue 33's "before")
LOGS = 600
CLI = {  # name -> the bids arguments before the files (default jobs)
    "score csv": ["score", "--format", "csv"],
    "score table": ["score"],
    "score json": ["score", "--format", "json"],
    "validate": ["validate"],
}
TARGETS = {"score csv": 1.4, "score table": 1.6, "score json": 2.5, "validate": 1.3}


def exported(commit: str, into: Path) -> Path:
    """The tree of ``commit`` (git archive), unpacked under ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def checked(argv: list[str]) -> Run:
    """One process timed (bench/process.py); exit status 0 or 1 (a left-out or invalid log) expected."""
    done = run(argv)
    if done.code not in (0, 1):
        raise SystemExit(f"exit {done.code}: {' '.join(argv[:6])} ...")
    return done


def rounds(sides: dict[str, list[str]], repeat: int, rotate: int = 0) -> dict[str, list[Run]]:
    """``repeat`` rounds of every side back to back, the order inside a round rotating."""
    names = list(sides)
    got: dict[str, list[Run]] = {n: [] for n in names}
    for r in range(repeat):
        k = (r + rotate) % len(names)
        for name in names[k:] + names[:k]:
            got[name].append(checked(sides[name]))
    return got


def med(values) -> float:
    return statistics.median(values)


def cli_bench(installs: dict[str, Path], repeat: int) -> None:
    from bench.gen import write_logs

    files = write_logs(DATA / f"logs-{LOGS}", LOGS)
    parse_py = next(iter(installs.values()))  # the yardstick: the same interpreter for every pair
    print(f"\n{LOGS} logs (6 players, 5 rounds), default jobs, medians of {repeat} rounds "
          "(each round: the parse-only script, then each install, the order rotating)")
    print(f"  {'command':12} {'install':7} {'parse':>8} {'bids':>8} {'ratio':>6} {'target':>7} {'CPU s':>7} "
          f"{'peak MiB':>9}")
    results: dict[str, dict[str, list[Run]]] = {}
    for r in range(repeat):  # the commands interleaved: one round of each, then the next
        for i, (name, args) in enumerate(CLI.items()):
            sides = {"parse": [str(parse_py), str(ROOT / "bench" / "parse_only.py"), *files]}
            sides.update({label: [str(py.parent / "bids"), *args, *files] for label, py in installs.items()})
            got = rounds(sides, 1, rotate=r + i)
            into = results.setdefault(name, {k: [] for k in sides})
            for k, v in got.items():
                into[k] += v
    for name, got in results.items():
        parse = got["parse"]
        for label in installs:
            side = got[label]
            ratio = med([b.wall / p.wall for b, p in zip(side, parse)])
            print(f"  {name:12} {label:7} {med([p.wall for p in parse]):7.3f}s {med([b.wall for b in side]):7.3f}s "
                  f"{ratio:5.2f}x {TARGETS[name]:6.1f}x {med([b.cpu for b in side]):7.2f} "
                  f"{max(b.rss for b in side):9.1f}")


def study_bench(installs: dict[str, Path], repeat: int, games: int) -> None:
    def argv(py: Path, g: int) -> list[str]:
        return [str(py.parent / "bids"), "study", "-r", "italian", "-r", "english", "--players", "4", "--games",
                str(g), "--seed", "1", "--jobs", "1", "--format", "json"]

    got = rounds({label: argv(py, games) for label, py in installs.items()}, repeat)
    played = 2 * games
    print(f"\nbids study -r italian -r english --players 4 --games {games} --seed 1 --jobs 1 "
          f"({played} games), medians of {repeat}, the installs alternating")
    print(f"  {'install':7} {'wall':>8} {'games/s':>8} {'CPU s':>7} {'games/CPU s':>12} {'peak MiB':>9}")
    for label, runs in got.items():
        wall, cpu = med([x.wall for x in runs]), med([x.cpu for x in runs])
        print(f"  {label:7} {wall:7.2f}s {played / wall:8.0f} {cpu:7.2f} {played / cpu:12.0f} "
              f"{max(x.rss for x in runs):9.1f}")
    big = games * 10
    peaks = rounds({label: argv(py, big) for label, py in installs.items()}, 1)
    print(f"  peak memory at {big} games (flat against {games}): "
          + ", ".join(f"{label} {runs[0].rss:.1f} MiB" for label, runs in peaks.items()))


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", default=DEFAULT_BEFORE, help=f"the commit before (default {DEFAULT_BEFORE})")
    ap.add_argument("--repeat", type=int, default=7, help="rounds of each measure (default 7)")
    ap.add_argument("--study-games", type=int, default=2000, help="games of the study runs (default 2000)")
    ap.add_argument("--only", choices=("cli", "study"), help="one of the two measures")
    args = ap.parse_args()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.before], check=True,
                            capture_output=True, text=True).stdout.strip()
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        installs = {"before": install("before", exported(commit, Path(tmp) / "before")),
                    "after": install("after", ROOT)}
    print(f"before: {commit}; after: this tree (HEAD {head}, with any uncommitted change); "
          f"{os.cpu_count()} cores; python {sys.version.split()[0]}")
    print(f"load average {load()} at start")
    if args.only in (None, "cli"):
        cli_bench(installs, args.repeat)
    if args.only in (None, "study"):
        study_bench(installs, args.repeat, args.study_games)
    print(f"\nload average {load()} at end")


if __name__ == "__main__":
    main()
