"""Hardening III, item 3: the cost of diff, report and disputes is bounded, whatever the log.

Findings, each with its regression test below:
  1. ``bids diff`` (and ``bids report``) of italian and english over a 1,000-round
     six-player log replayed the whole game for each of the 256 mixtures of the
     account (minutes, 2.4 GB). Now the account replays at most
     ``attribution.ACCOUNT_ROUND_REPLAYS`` rounds of play; past it the account is the ordered
     split, exact to the point, marked ``"method": "ordered"`` with its reason.
  2. A house ruleset that differs from italian in 12 knobs, over 90 rounds: 4,096
     mixtures, 2,304 replays (1.9 GB, a MemoryError under a smaller limit). Bounded
     the same way.
  3. ``bids disputes`` bounded its search by the number of knobs only: on a long log
     every single change was a whole replay. Now at most ``disputes.MAX_VARIANTS``
     variants and ``disputes.SEARCH_ROUND_REPLAYS`` replayed rounds, with a plain message
     when a bound stops it, and progress on stderr.
  4. ``bids score LOG -r X`` of a log recorded under another ruleset built a whole
     diff, account included, only to know whether ``bids diff`` could play it (the
     hint it prints): on the 1,000-round log, minutes and 2.4 GB for an error message.
  5. The account's text broke a line into single characters when the totals were
     30 digits long (2x of game scope over a long game).

The long runs go as a user runs them: ``python -m bidscli`` in a subprocess under
``ulimit -v`` 1 GB, with a timeout that only guards against a hang (no test measures
time). Behaviour only: exit codes, messages, JSON, and the exact sums.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.analysis import attribution, disputes
from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
ONE_GB = 1_000_000 * 1024  # ulimit -v 1000000 (KiB)
HANG = 300  # seconds: only a guard against a hang, never a measure
OPTIONS = ["-o", "ally=true", "-o", "minus_five=true", "-o", "thief=true", "-o", "surprise=true",
           "-o", "lowest=true"]
# Twelve knobs that italian and this house ruleset set differently, all read in a six-player game.
HOUSE12 = """name = "house12"
extends = "italian"
[lucky_loser]
condition = "no_black_cards"
progression = "flat"
[double]
scope = "game"
includes_trick = false
[minus_five]
bonus = "split_most"
[ally]
rounding = "ceil"
[lowest]
reveal = "prize"
[surprise]
from_hand = "replace_center"
displaced = "bottom"
[thief]
timing = "deferred"
pool = "game"
fallback = "next_weakest_with_cards"
"""


def _limits():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ONE_GB, ONE_GB))


def bids(*args) -> subprocess.CompletedProcess:
    """``python -m bidscli ARGS`` under ulimit -v 1 GB."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    res = subprocess.run([sys.executable, "-m", "bidscli", *map(str, args)], capture_output=True, text=True,
                         timeout=HANG, preexec_fn=_limits, cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
    for stream in (res.stdout, res.stderr):
        assert "Traceback" not in stream and "internal error" not in stream and "MemoryError" not in stream, \
            stream[-2000:]
    return res


def invoke(*args, **kw):
    res = CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": "100"}, **kw)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


def played_log(folder: Path, rounds: int, seed: int) -> Path:
    """A six-player game of ``rounds`` rounds under italian, every option but colour bids on."""
    deal, game = folder / f"deal-{rounds}.toml", folder / f"game-{rounds}.toml"
    res = invoke("deal", "-r", "italian", "-p", "6", "--rounds", rounds, *OPTIONS, "--seed", seed, "--out", deal)
    assert res.exit_code == 0, res.output
    res = invoke("simulate", deal, "--seed", "1", "--out", game)
    assert res.exit_code == 0, res.output
    return game


@pytest.fixture(scope="module")
def long_log(tmp_path_factory) -> Path:
    return played_log(tmp_path_factory.mktemp("long"), 1000, 1)


@pytest.fixture(scope="module")
def house_pair(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("house")
    house = folder / "house12.toml"
    house.write_text(HOUSE12)
    return played_log(folder, 90, 3), house


def check_account(at: dict, totals: dict, base: str, other: str) -> None:
    """The account adds up exactly to each player's difference, whatever its method."""
    for p, parts in at["exact"].items():
        assert sum(Fraction(v) for v in parts.values()) == totals[other][p] - totals[base][p], p
        assert sum(at["players"][p].values()) == totals[other][p] - totals[base][p], p
    m = at["winner_margin"]
    assert sum(Fraction(v) for v in m["exact"].values()) == m["after"] - m["before"]


def check_bounded(at: dict) -> None:
    assert at["method"] == "ordered"
    assert f"more than {attribution.ACCOUNT_ROUND_REPLAYS:,} replayed rounds" in at["reason"]
    assert 0 < at["round_replays"] <= attribution.ACCOUNT_ROUND_REPLAYS
    assert at["mixtures"] == len(at["order"]) + 1
    # every step's label is a part of the account; a joint step names its groups
    steps = [" + ".join(s) for s in at["order"]]
    for parts in at["players"].values():
        assert set(steps) <= set(parts)


# -- 1. diff and report over 1,000 rounds ------------------------------------------------------


def test_diff_of_a_thousand_rounds_is_bounded_and_exact_to_the_point(long_log):
    res = bids("diff", long_log, "-r", "italian", "-r", "english", "--format", "json")
    assert res.returncode == 0, res.stderr[-2000:]
    doc = json.loads(res.stdout)
    at = doc["attribution"]
    check_bounded(at)
    check_account(at, doc["totals"], "italian", "english")
    # The bound is reached along the steps: the groups left are switched together, and said so.
    assert len(at["order"][-1]) > 1
    assert "the last step switches " + ", ".join(at["order"][-1]) + " together" in at["reason"]


def test_diff_text_of_a_thousand_rounds_keeps_its_lines_whole(long_log):
    res = bids("diff", long_log, "-r", "italian", "-r", "english")
    assert res.returncode == 0, res.stderr[-2000:]
    text = res.stdout
    start = text.index("Each player's difference, english - italian")
    account = text[start:text.index("\n\n", start)]
    assert "ORDERED split: the exact Shapley value needs more than" in " ".join(account.split())
    # totals of 30 digits and more (2x of game scope over 1,000 rounds): the parts go under the
    # player's line, never one character a line
    assert all(len(line.strip()) > 3 for line in account.splitlines()), account


# -- 2. a house ruleset with 12 differing knobs over 90 rounds -----------------------------------


def test_house_ruleset_of_twelve_knobs_over_ninety_rounds_is_bounded(house_pair):
    log, house = house_pair
    res = bids("diff", log, "-r", "italian", "-r", house, "--format", "json")
    assert res.returncode == 0, res.stderr[-2000:]
    doc = json.loads(res.stdout)
    at = doc["attribution"]
    assert len(at["groups"]) == 12
    check_bounded(at)
    check_account(at, doc["totals"], "italian", "house12")
    # 13 mixtures fit in the bound: one group a step, in registry order
    assert [s for step in at["order"] for s in step] == list(at["groups"])
    assert all(len(step) == 1 for step in at["order"])


# -- the bound in small games: the exact value where it fits, the ordered split past it ---------


def test_the_exact_account_stays_exact_within_the_bound():
    doc = json.loads(invoke("diff", "examples/thief-6p.toml", "-r", "italian", "-r", "english",
                            "--format", "json").stdout)
    at = doc["attribution"]
    assert at["method"] == "shapley" and at["reason"] is None
    assert 0 < at["round_replays"] <= attribution.ACCOUNT_ROUND_REPLAYS


def test_a_smaller_bound_gives_the_ordered_split_and_then_a_joint_last_step(monkeypatch):
    exact = json.loads(invoke("diff", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english",
                              "--format", "json").stdout)["attribution"]
    assert exact["method"] == "shapley"
    needed = exact["round_replays"]
    # One round short of the exact value: the ordered split.
    monkeypatch.setattr(attribution, "ACCOUNT_ROUND_REPLAYS", needed - 1)
    doc = json.loads(invoke("diff", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english",
                            "--format", "json").stdout)
    at = doc["attribution"]
    assert at["method"] == "ordered" and f"more than {needed - 1:,} replayed rounds" in at["reason"]
    assert at["round_replays"] <= needed - 1
    check_account(at, doc["totals"], "italian", "english")
    # No room even for A's own replay: one joint step from A to B, the rulesets' own games.
    monkeypatch.setattr(attribution, "ACCOUNT_ROUND_REPLAYS", 0)
    doc = json.loads(invoke("diff", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english",
                            "--format", "json").stdout)
    at = doc["attribution"]
    assert at["method"] == "ordered" and at["round_replays"] == 0 and len(at["order"]) == 1
    assert "the last step switches" in at["reason"]
    check_account(at, doc["totals"], "italian", "english")
    text = invoke("diff", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english").stdout
    assert "ORDERED split: the exact Shapley value needs more than 0 replayed rounds" in " ".join(text.split())
    # The report's page shows the joint step as one part, so that each player's parts add up.
    page = json.loads(invoke("report", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english",
                             "--format", "json").stdout)
    block = page["attribution"]["rulesets"]["english"]
    joint = " + ".join(block["json"]["order"][0])
    assert block["method"] == "ordered" and joint in block["keys"]
    assert "one step at a time" in block["method_text"] and "Shapley" not in block["method_text"]
    for p, parts in block["json"]["exact"].items():
        shown = sum(Fraction(v) for k, v in parts.items() if k in block["keys"])
        assert shown == at["players"][p][joint] == sum(Fraction(v) for v in parts.values())


# -- 3. disputes ----------------------------------------------------------------------------------


def test_disputes_on_a_thousand_rounds_stops_at_the_bound_and_says_so(long_log):
    res = bids("disputes", long_log, "-r", "italian", "--progress")
    assert res.returncode == 0, res.stderr[-2000:]
    flat = " ".join(res.stdout.split())
    assert (f"Search stopped at the bound of {disputes.SEARCH_ROUND_REPLAYS:,} replayed rounds (docs/limits.md; "
            f"this game has 1,000 rounds)") in flat
    assert "not searched [bound]" in flat
    assert "The search for the smallest sets that change the winner did not start" in flat
    # The search takes seconds here: its progress goes to stderr, one line redrawn in place
    # (carriage returns, read here as line ends) and ended once.
    lines = [x for x in res.stderr.splitlines() if x]
    assert lines and all(x.startswith("disputes: variants ") for x in lines), res.stderr[-500:]
    assert lines[-1].endswith(f"of at most {disputes.SEARCH_ROUND_REPLAYS:,}")


def test_disputes_stops_at_the_bound_on_variants(monkeypatch):
    # tests/data/disputes-3r-4p.toml: nothing changes the winner, so every combination is searched
    monkeypatch.setattr(disputes, "MAX_VARIANTS", 100)
    doc = json.loads(invoke("disputes", "tests/data/disputes-3r-4p.toml", "--format", "json").stdout)
    m = doc["minimal"]
    assert (m["variants_searched"], m["complete"], m["bound_reached"]) == (100, False, "variants")
    assert m["size"] is None and m["size_stopped"] == 3  # the 12 single changes, the 66 pairs, 22 triples
    text = " ".join(invoke("disputes", "tests/data/disputes-3r-4p.toml").stdout.split())
    assert "Search stopped at the bound of 100 variants searched" in text
    assert "No set of fewer than 3 knob changes changes the winner; sets of 3 or more were not all searched" in text


def test_disputes_search_within_its_bounds_is_complete():
    doc = json.loads(invoke("disputes", "tests/data/disputes-3r-4p.toml", "--format", "json").stdout)
    m = doc["minimal"]
    assert m["complete"] is True and m["bound_reached"] is None and m["variants_searched"] == 4095
    assert doc["replayed_rounds"] <= disputes.SEARCH_ROUND_REPLAYS
    assert "Search stopped" not in invoke("disputes", "tests/data/disputes-3r-4p.toml").stdout
    assert invoke("disputes", "tests/data/disputes-3r-4p.toml", "--no-progress").stderr == ""


# -- 4. the hint of a refused score ---------------------------------------------------------------


def test_score_of_a_long_log_under_another_ruleset_hints_without_a_whole_diff(long_log):
    res = bids("score", long_log, "-r", "english")
    assert res.returncode == 1
    assert "the log was recorded under italian" in res.stderr
    assert f"bids diff {long_log} -r italian -r english" in res.stderr


def test_the_accounts_of_one_diff_share_the_bound(monkeypatch):
    # Three rulesets: two accounts, each with half of the bound (what the first leaves goes to the next).
    args = ("diff", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english", "-r", "japanese",
            "--format", "json")
    full = json.loads(invoke(*args).stdout)["attributions"]
    assert [at["method"] for at in full] == ["shapley", "shapley"]
    first = full[0]["round_replays"]
    monkeypatch.setattr(attribution, "ACCOUNT_ROUND_REPLAYS", 2 * first - 2)
    doc = json.loads(invoke(*args).stdout)
    one, two = doc["attributions"]
    assert one["method"] == "ordered" and one["round_replays"] <= first - 1
    assert f"this account's share of the bound of {2 * first - 2:,}" in one["reason"]
    assert one["round_replays"] + two["round_replays"] <= 2 * first - 2
    for at in (one, two):
        check_account(at, doc["totals"], "italian", at["other"])


# -- 6. the black cards taken this round: the tail of a player's pairs, never the whole game ------


class _CountingList(list):
    """A player's held (card, round) pairs that count how many pairs are read."""

    reads = 0

    def __getitem__(self, index):
        got = super().__getitem__(index)
        type(self).reads += len(got) if isinstance(index, slice) else 1
        return got

    def __iter__(self):
        type(self).reads += len(self)
        return super().__iter__()


def test_the_cards_taken_this_round_are_read_from_the_tail_only():
    # The lucky loser (no_black_cards), thief.pool = round and card_places asked for this
    # round's black cards by scanning every pair of the game: over 1,000 rounds, quadratic
    # (a third of diff's time). Pairs are in round order, so this round's are the tail.
    from bidscli.engine.results import taken_this_round

    held = _CountingList([(f"c{i}", i // 3 + 1) for i in range(3_000)] + [("x", 1001), ("y", 1001)])
    _CountingList.reads = 0
    assert taken_this_round(held, 1001) == ("x", "y")
    assert _CountingList.reads <= 5
    _CountingList.reads = 0
    assert taken_this_round(held, 1002) == ()
    assert _CountingList.reads == 1
    assert taken_this_round([], 1) == ()
