"""The yardstick of bench/bench_cli.py: read each file with tomllib and json.dumps the result.

    python bench/parse_only.py LOG...            # or: --folder DIR (every *.toml under it, sorted)

This is the least any tool that reads these logs and prints something must do.
"""

import json
import sys
import tomllib
from pathlib import Path

args = sys.argv[1:]
if args[:1] == ["--folder"]:
    args = sorted(str(p) for p in Path(args[1]).rglob("*.toml"))
out = sys.stdout
for name in args:
    with open(name, "rb") as f:
        out.write(json.dumps(tomllib.load(f)))
    out.write("\n")
