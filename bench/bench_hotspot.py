"""HOT-SPOT TOOL, NOT A CLAIM: in-process cost of read_log_text + replay against tomllib.loads.

It times one small log in-process (best of 300) and leaves out start-up,
ruleset loading, result building, output and garbage collection, so its ratio
flatters the engine. Use it to find and compare hot spots while changing the
reader or the engine; the numbers users meet come from `make bench`
(bench/bench_cli.py, whole processes). Run: `python bench/bench_hotspot.py`.
"""

from __future__ import annotations

import sys
import time
import tomllib
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.gen import random_game_log
from bidscli.engine.replay import replay
from bidscli.log.reader import read_log_text
from bidscli.rules.ruleset import load_ruleset


def interleaved(parse, score, rounds=300) -> tuple[float, float]:
    """Best time of each, measured alternately so that machine drift hits both alike."""
    best_parse = best_score = float("inf")
    clock = time.perf_counter
    for _ in range(rounds):
        t0 = clock()
        parse()
        t1 = clock()
        score()
        t2 = clock()
        best_parse = min(best_parse, t1 - t0)
        best_score = min(best_score, t2 - t1)
    return best_parse, best_score


def scorer(text: str, ruleset):
    """What `bids score` does with a log's text: read it, then replay it."""

    def score():
        log, errs = read_log_text(text, "bench.toml")
        assert not errs, errs
        return replay(log, ruleset)

    return score


def main() -> None:
    cases = [
        ("english, no options", "english", {}),
        ("english, all options", "english", {"ally": True, "minus_five": True, "color_bids": True,
                                              "lowest": True, "surprise": True, "thief": True}),
        ("italian, thief+surprise+lowest", "italian", {"ally": True, "minus_five": True, "lowest": True,
                                                       "surprise": True, "thief": True}),
    ]
    print(f"{'case':34} {'tomllib':>10} {'score':>10} {'ratio':>6}")
    for label, name, opts in cases:
        text = random_game_log(name, 6, 5, opts, seed=7)
        score = scorer(text, load_ruleset(name))
        score()
        parse, full = interleaved(partial(tomllib.loads, text), score)
        print(f"{label:34} {parse * 1e3:8.3f}ms {full * 1e3:8.3f}ms {full / parse:6.2f}")


if __name__ == "__main__":
    main()
