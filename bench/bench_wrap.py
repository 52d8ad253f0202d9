"""Time of wrapping a table and a report around one long cell, by the length of the cell.

`rules diff` against a ruleset named with 60,000 characters took 79 s and 906 MB when
wrapping was quadratic in the length of a cell (the wrapper copied and measured again what was
left of a long word after each line; the table narrowed a column one column at a time,
measuring it after each step; a header never wrapped). Names that long are now refused where
they are read, so this runs the report layer itself, as `rules diff` calls it: its table of one
knob (report.render.fit_table) printed through report.render.fit_text, at 100 columns. Each
doubling of the length should about double the time (the "x" column); tests/test_table_cost.py
holds the same by counting work.

    .venv/bin/python bench/bench_wrap.py [--sizes 10000,20000,40000,80000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def diff_table(name: str) -> str:
    from bidscli.report.render import fit_table, fit_text

    rows = [["double.scope", "round", f"house: {name}", "game", "EN 4.2: doubles everything banked"]]
    return fit_text(fit_table(rows, ["knob", name, "source", "english", "source"], width=100,
                              maxcolwidths=[None, 20, 40, 20, 40]), width=100)


def measure(text: str, repeat: int) -> tuple[float, int]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        diff_table(text)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    diff_table(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,20000,40000,80000")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    diff_table("warm up")
    print(f"{'letter':<8}{'length':>8}{'seconds':>10}{'x':>7}{'peak MiB':>10}")
    for letter in ("x", "é", "日"):
        before = None
        for n in map(int, args.sizes.split(",")):
            seconds, peak = measure(letter * n, args.repeat)
            ratio = f"{seconds / before:.1f}" if before else ""
            print(f"{letter:<8}{n:>8,}{seconds:>10.3f}{ratio:>7}{peak / 2**20:>10.1f}", flush=True)
            before = seconds


if __name__ == "__main__":
    main()
