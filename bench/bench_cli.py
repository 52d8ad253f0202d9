"""Whole-process cost of `bids score` and `bids validate` against only parsing the same files.

This is the bench behind the speed claims (issue 12; `make bench`). It times
processes the way a user meets them: start-up, ruleset loading, reading,
scoring, output and exit included. Each measurement is a pair run back to
back on the same files: the parse-only script (bench/parse_only.py: tomllib
each file, json.dumps the result) and one bids command; the pairs of the
different commands are interleaved, and the order inside a pair alternates,
so load from other processes hits both sides alike. Reported: the median
wall time of each side, the median of the per-pair ratios, and the peak
memory of the bids process (GNU time's figure, bench/process.py). Output goes to /dev/null.
With worker processes (the default --jobs is automatic: two workers for 300 logs on
two cores) the peak is that of the largest process, not the sum; the --jobs 1 rows
are one process.

It times a wheel install of this tree in its own virtual environment
(bench/.data/venv-wheel), as users install it; --editable times the running one.

Logs: six players, five rounds, made by bench/gen.py (half with hands, half
without), cached under bench/.data/ (not committed).

    .venv/bin/python bench/bench_cli.py                 # 300 and 3,000 logs, start-up, 10,000-log validate
    .venv/bin/python bench/bench_cli.py --sizes 300 --repeat 3 --no-big
    .venv/bin/python bench/bench_cli.py --jobs 2        # also score/validate with --jobs N
    .venv/bin/python bench/bench_cli.py --sizes 1000 --no-big --repeat 3   # bids season against score (issue 24)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.process import run  # noqa: E402  (after the path is set)

DATA = ROOT / "bench" / ".data"
BIN = Path(sys.executable).parent
BIDS = str(BIN / "bids") if (BIN / "bids").exists() else None
PYTHON = sys.executable
PARSE = [PYTHON, str(ROOT / "bench" / "parse_only.py")]


def install(name: str, source: Path) -> Path:
    """A virtual environment bench/.data/venv-NAME with ``source`` installed as a wheel, as users
    install it; its python. Made once; on every run the dependencies are installed as
    pyproject.toml asks for them now (a pin may have changed), then the package itself is
    reinstalled (its version number does not change between commits)."""
    venv = DATA / f"venv-{name}"
    py = venv / "bin" / "python"
    quiet = ["--quiet", "--quiet", "--disable-pip-version-check"]
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(py), "-m", "pip", "install", *quiet, str(source)], check=True)
    subprocess.run([str(py), "-m", "pip", "install", *quiet, "--no-deps", "--force-reinstall", str(source)],
                   check=True)
    return py


def use_wheel_install() -> None:
    """Time a regular (wheel) install of this tree, as users run it, not the editable one.

    An editable install adds an import hook that every process pays for at start-up (about
    20 ms here), and `make install` makes one for development. The bench times the `bids` and
    the python of bench/.data/venv-wheel (``install``) for both sides."""
    global BIN, BIDS, PYTHON, PARSE
    py = install("wheel", ROOT)
    BIN, PYTHON = py.parent, str(py)
    BIDS = str(BIN / "bids")
    PARSE = [PYTHON, str(ROOT / "bench" / "parse_only.py")]


def bids(*args: str) -> list[str]:
    return [BIDS, *args] if BIDS else [PYTHON, "-m", "bidscli", *args]


def paired(commands: dict[str, list[str]], files: list[str], repeat: int) -> dict[str, dict]:
    """Run (parse, command) pairs, interleaving commands and alternating the order in a pair."""
    parse = [*PARSE, *files]
    stats = {name: {"parse": [], "bids": [], "ratio": [], "rss": [], "parse_rss": []} for name in commands}
    for r in range(repeat):
        for i, (name, argv) in enumerate(commands.items()):
            first_parse = (r + i) % 2 == 0
            if first_parse:
                p = run(parse)
                b = run(argv)
            else:
                b = run(argv)
                p = run(parse)
            if b.code not in (0, 1):
                raise SystemExit(f"{name}: exit {b.code}: {' '.join(argv[:4])} ...")
            s = stats[name]
            s["parse"].append(p.wall)
            s["bids"].append(b.wall)
            s["ratio"].append(b.wall / p.wall)
            s["rss"].append(b.rss)
            s["parse_rss"].append(p.rss)
    return stats


def report(size: int, stats: dict[str, dict]) -> None:
    print(f"\n{size:,} logs (6 players, 5 rounds), median of {len(next(iter(stats.values()))['bids'])} pairs")
    print(f"  {'command':26} {'parse':>8} {'bids':>8} {'ratio':>6} {'peak MiB':>9} {'parse MiB':>10}")
    for name, s in stats.items():
        print(f"  {name:26} {statistics.median(s['parse']):7.3f}s {statistics.median(s['bids']):7.3f}s "
              f"{statistics.median(s['ratio']):5.2f}x {max(s['rss']):9.1f} {max(s['parse_rss']):10.1f}")


def startup(repeat: int) -> None:
    """One small log, interleaved with a bare interpreter and with a command line that goes
    through click (any option does: bidscli/entry.py), so that load falls on all three alike."""
    times, bare, click, italian, worded = [], [], [], [], []
    for _ in range(repeat):
        times.append(run(bids("score", "examples/friday-4p.toml")).wall)
        bare.append(run([PYTHON, "-c", "pass"]).wall)
        click.append(run(bids("score", "examples/friday-4p.toml", "--format", "table")).wall)
        # In another language (issue 34): the catalog is read only when a text of it is shown.
        italian.append(run(bids("--lang", "it", "score", "examples/friday-4p.toml")).wall)
        worded.append(run(bids("--lang", "it", "validate", "examples/friday-4p.toml")).wall)
    print(f"\nstart-up: `bids score examples/friday-4p.toml` median of {repeat}: "
          f"{statistics.median(times):.3f}s (a bare `python -c pass`: {statistics.median(bare):.3f}s; "
          f"with an option, through click: {statistics.median(click):.3f}s; "
          f"`bids --lang it score ...`: {statistics.median(italian):.3f}s; "
          f"`bids --lang it validate ...`, its summary worded from the Italian catalog: "
          f"{statistics.median(worded):.3f}s)")


def folder_memory(sizes: list[int]) -> None:
    """Peak memory of `bids validate FOLDER` at each size: the logs without their names on the
    command line (3,000 file names cost every process about 2 MiB before any log is read: the
    parse-only script's peak grows by as much)."""
    cells = []
    for size in sizes:
        rss = run(bids("validate", str(DATA / f"logs-{size}"))).rss
        prss = run([*PARSE, "--folder", str(DATA / f"logs-{size}")]).rss
        cells.append(f"{size:,} logs {rss:.1f} MiB (parse-only {prss:.1f})")
    print("\npeak memory of `bids validate FOLDER`: " + "; ".join(cells))


def big_validate(count: int, repeat: int) -> None:
    """`bids validate FOLDER` over ``count`` logs: ``repeat`` pairs with the parse-only script
    (interleaved, the order alternating), then one --jobs 1 run. This machine's timings move
    10-30% from run to run: the median and every pair are printed."""
    from bench.gen import write_logs

    folder = DATA / f"logs-{count}"
    write_logs(folder, count)
    parse, validate = [*PARSE, "--folder", str(folder)], bids("validate", str(folder))
    walls, parses, rsss = [], [], []
    for r in range(repeat):
        if r % 2 == 0:
            p = run(parse)
            v = run(validate)
        else:
            v = run(validate)
            p = run(parse)
        if v.code != 0:
            raise SystemExit(f"validate over {count} logs: exit {v.code}")
        walls.append(v.wall)
        parses.append(p.wall)
        rsss.append(v.rss)
    wall1, _, rss1, code1 = run(bids("validate", str(folder), "--jobs", "1"))
    print(f"\n`bids validate` over {count:,} logs (a folder), median of {repeat} pairs: "
          f"{statistics.median(walls):.2f}s (each: {', '.join(f'{w:.2f}' for w in walls)}), peak {max(rsss):.1f} MiB; "
          f"parse-only script {statistics.median(parses):.2f}s (each: {', '.join(f'{w:.2f}' for w in parses)}); "
          f"with --jobs 1: {wall1:.2f}s, peak {rss1:.1f} MiB, exit {code1}")


def command_line_memory(sizes: list[int]) -> None:
    """The peak of `bids --version` given the same file names as the runs above: what the
    command line alone costs the process (CPython keeps copies of every argument), before
    any log is read."""
    from bench.gen import write_logs

    cells = []
    for size in sizes:
        files = write_logs(DATA / f"logs-{size}", size)
        rss = run(bids("--version", *files)).rss
        prss = run([PYTHON, "-c", "pass", *files]).rss
        cells.append(f"{size:,} names {rss:.1f} MiB (`python -c pass` with them: {prss:.1f})")
    print("\npeak memory of `bids --version FILES...` (the command line alone): " + "; ".join(cells))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="300,3000", help="log counts (default 300,3000)")
    ap.add_argument("--repeat", type=int, default=5, help="pairs per command at the smallest size (default 5)")
    ap.add_argument("--jobs", default="", help="also time score csv and validate with --jobs N for these N")
    ap.add_argument("--no-big", action="store_true", help="skip the 10,000-log validate")
    ap.add_argument("--big", type=int, default=10_000, help="log count of the big validate run")
    ap.add_argument("--big-repeat", type=int, default=5, help="pairs of the big validate run (default 5)")
    ap.add_argument("--editable", action="store_true",
                    help="time the running environment's (editable) install instead of a wheel install")
    ap.add_argument("--startup-only", action="store_true", help="only the start-up line")
    args = ap.parse_args()
    if not args.editable:
        use_wheel_install()
    if args.startup_only:
        startup(25)
        return
    sys.stdout.reconfigure(line_buffering=True)  # each line as it is measured, also into a file
    from bench.gen import write_logs

    print(f"machine: {os.cpu_count()} cores ({len(os.sched_getaffinity(0))} usable), "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at start; "
          f"python {sys.version.split()[0]}")
    sizes = [int(s) for s in args.sizes.split(",") if s]
    for n, size in enumerate(sizes):
        files = write_logs(DATA / f"logs-{size}", size)
        commands = {  # the default --jobs (automatic: parallel.auto_jobs), then one process
            "score --format csv": bids("score", *files, "--format", "csv"),
            "score (table)": bids("score", *files),
            "score --format json": bids("score", *files, "--format", "json"),
            "validate": bids("validate", *files),
            "score csv --jobs 1": bids("score", *files, "--format", "csv", "--jobs", "1"),
            "score (table) --jobs 1": bids("score", *files, "--jobs", "1"),
            "score json --jobs 1": bids("score", *files, "--format", "json", "--jobs", "1"),
            "validate --jobs 1": bids("validate", *files, "--jobs", "1"),
            # bids season (issue 24): at most 1.5x score's time, 3x with two rulesets (one process each)
            "season --jobs 1": bids("season", *files, "--jobs", "1"),
            "season -r it -r en --jobs 1": bids("season", *files, "-r", "italian", "-r", "english",
                                                "--lenient-deck", "--jobs", "1"),
        }
        for j in [int(x) for x in args.jobs.split(",") if x]:
            commands[f"score csv --jobs {j}"] = bids("score", *files, "--format", "csv", "--jobs", str(j))
            commands[f"validate --jobs {j}"] = bids("validate", *files, "--jobs", str(j))
        repeat = max(3, args.repeat if n == 0 else args.repeat // 2 + 1)
        stats = paired(commands, files, repeat)
        report(size, stats)
        score_time = statistics.median(stats["score (table) --jobs 1"]["bids"])
        for name in ("season --jobs 1", "season -r it -r en --jobs 1"):
            print(f"  {name}: {statistics.median(stats[name]['bids']) / score_time:.2f}x the time of "
                  f"score (table) --jobs 1")
    folder_memory(sizes)
    command_line_memory(sizes)
    startup(25)
    if not args.no_big:
        big_validate(args.big, args.big_repeat)
    print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at end")


if __name__ == "__main__":
    main()
