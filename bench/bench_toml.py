"""Which TOML reader for game logs (issue 12): speed on the bench logs, and the error texts users see.

HOT-SPOT TOOL: in-process CPU time (time.process_time, best of 5) of parsing 100
bench logs with each reader that is installed (tomllib, tomli, rtoml, pytomlpp),
then each reader's message for a few broken inputs. The choice and its reasons
are in docs/performance.md.

    .venv/bin/python bench/bench_toml.py     # pip install rtoml pytomlpp to compare those too
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BROKEN = ['a = 1\nb = "x\n', "a = [1, 2\n", "x = 1\nx = 2\n", "[t]\nk = \n"]


def main() -> None:
    from bench.gen import write_logs

    texts = [Path(p).read_text(encoding="utf-8") for p in write_logs(ROOT / "bench" / ".data" / "logs-300", 300)[:100]]
    readers = {}
    for name in ("tomllib", "tomli", "rtoml", "pytomlpp"):
        try:
            readers[name] = importlib.import_module(name)
        except ImportError:
            print(f"{name}: not installed")
    base = None
    for name, mod in readers.items():
        best = float("inf")
        for _ in range(5):
            t0 = time.process_time()
            for text in texts:
                mod.loads(text)
            best = min(best, time.process_time() - t0)
        per = best / len(texts) * 1e6
        base = base or per
        same = all(mod.loads(t) == readers["tomllib"].loads(t) for t in texts)
        compiled = not str(getattr(mod, "__file__", "")).endswith(".py") or name != "tomli"
        print(f"{name:9} {per:8.0f} us a log  {base / per:5.1f}x tomllib  same data: {same}"
              + ("" if compiled else "  (pure-Python tomli: no compiled wheel here)"))
    for text in BROKEN:
        print(f"\n{text!r}")
        for name, mod in readers.items():
            try:
                mod.loads(text)
                print(f"  {name:9} accepted")
            except Exception as exc:  # each reader has its own error class
                print(f"  {name:9} {' '.join(str(exc).split())}"[:120])


if __name__ == "__main__":
    main()
