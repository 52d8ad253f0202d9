"""Time `bids disputes` on a 3-round 4-player log with 12 disputed knobs (not a test).

The log (tests/data/disputes-3r-4p.toml, a simulated english game with Ally,
-5, Surprise and Thief) is one where no set of knob changes moves the win, so
the search goes through every combination: 2^12 - 1 = 4095 variants. The
decision tree of knob reads (bidscli/variantcache.py) replays only the distinct
paths. The target is well under 2 s for the whole call, log reading included.

    .venv/bin/python bench/bench_disputes.py [LOG] [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bidscli.app import api  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", nargs="?", default=str(ROOT / "tests" / "data" / "disputes-3r-4p.toml"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("-r", "--ruleset", default=None, help="base ruleset (default: the log's)")
    args = ap.parse_args()
    times = []
    doc = None
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        doc = api.disputes(args.log, args.ruleset)
        times.append(time.perf_counter() - t0)
    m = doc["minimal"]
    print(f"log: {args.log}")
    print(f"base: {doc['base']}, {len(doc['players'])} players, {m['knob_count']} disputed knobs, "
          f"search: {m['search']}")
    print(f"variants searched: {m['variants_searched']} (not playable {m['not_playable']}, "
          f"undetermined {m['undetermined']}), replays run: {doc['replays']}, "
          f"resumed from a finished game: {doc['resumed']}")
    print(f"smallest winner-changing size: {m['size']}")
    print(f"time per disputes call: first {times[0]:.3f} s, best {min(times):.3f} s, "
          f"mean {sum(times) / len(times):.3f} s over {len(times)} runs")


if __name__ == "__main__":
    main()
