"""HOT-SPOT TOOL, NOT A CLAIM: instructions per log of validating logs, counted by valgrind.

This machine's timings move 10-30% between runs, which hides a 5% change. valgrind's
callgrind counts instructions instead: the same count for the same code and inputs, whatever
else the machine does. It runs `validate_one` over the first N logs of bench/.data/logs-3000
(half with hands, half without) and over none, in one process each, and prints the difference
divided by N: the worker's cost of one log, start-up left out. Instructions are not seconds
(cache misses and branch prediction are not counted), so confirm a gain with `make bench`.

    .venv/bin/python bench/icount.py            # 200 logs
    .venv/bin/python bench/icount.py 100 --hands only   # or --hands none
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys
sys.path.insert(0, {root!r})
from bidscli.app.batch import validate_one
from bidscli.app.stream import prepare_gc
files = {files!r}
validate_one(files[0], None, (), False)  # imports and the ruleset, outside the difference
prepare_gc()
for f in files[1:]:  # as validate_paths: no collection cadence (a game holds no reference cycle)
    validate_one(f, None, (), False)
"""


def count(files: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                        CHILD.format(root=str(ROOT), files=files)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        text = Path(out).read_text()
    return int(re.search(r"^summary:\s*(\d+)", text, re.MULTILINE).group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, nargs="?", default=200)
    ap.add_argument("--hands", choices=("both", "only", "none"), default="both")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.gen import write_logs

    files = write_logs(ROOT / "bench" / ".data" / "logs-3000", 3000)
    if args.hands != "both":
        want = args.hands == "only"
        files = [f for f in files if ("[rounds.hands]" in Path(f).read_text()) == want]
    files = [str(f) for f in files]
    base = count(files[:1])
    total = count(files[: args.n + 1])
    print(f"{(total - base) / args.n / 1e6:.3f} M instructions a log ({args.n} logs, hands: {args.hands})")


if __name__ == "__main__":
    main()
