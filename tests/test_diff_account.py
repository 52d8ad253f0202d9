"""Issue 10 at the command line: `bids diff` accounts for every point (text and JSON).

The hand account of examples/thief-6p.toml is in tests/test_attribution.py. For
tests/data/diff-thief-4p.toml (hand computation in tests/test_diff.py) the
thief knobs interact: Ana's +5 comes from the K5 that the italian fallback
steals from her (thief.fallback = strongest_with_cards) at a trick where the
immediate steal (thief.timing) happens at all, so each of the two knobs is
pivotal in half the orders of switching: Ana +5 = thief.timing +5/2,
thief.fallback +5/2 (both halves, exactly).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
THIEF6 = "examples/thief-6p.toml"
THIEF4 = "tests/data/diff-thief-4p.toml"


def bids(*args):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": "100"})


def diff_json(*args):
    res = bids("diff", *args, "--format", "json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_json_attribution_of_the_thief_6p_example():
    doc = diff_json(THIEF6, "-r", "italian", "-r", "english")
    at = doc["attribution"]
    assert at["method"] == "shapley" and (at["base"], at["other"]) == ("italian", "english")
    nonzero = {p: {k: v for k, v in parts.items() if v} for p, parts in at["players"].items()}
    assert nonzero == {"Ada": {"minus_five.bonus": 15}, "Bo": {}, "Cy": {"double.scope": 15, "minus_five.bonus": 15},
                       "Dee": {}, "Eli": {}, "Fay": {"lucky_loser.condition": 7}}
    # every differing knob (deck knobs as one group) is there, 0 when it changed nothing
    assert set(at["players"]["Bo"]) == set(at["groups"]) and at["players"]["Bo"]["thief.timing"] == 0
    for p, parts in at["players"].items():
        assert sum(parts.values()) == doc["totals"]["english"][p] - doc["totals"]["italian"][p]
    m = at["winner_margin"]
    assert (m["winner"], m["runner_up"], m["before"], m["after"]) == ("Cy", "Ada", -14, 1)
    assert m["deciding"] == ["double.scope"] and m["points"]["double.scope"] == 15
    assert "2x doubles (double.scope) decides that Cy wins under english" in at["winner_sentence"]
    # the keys diff had before stay
    for key in ("file", "rulesets", "totals", "winners", "first_divergence", "knobs", "policy_steals"):
        assert key in doc
    kinds = [(d["kind"], d["round"], d["trick"]) for d in doc["divergences"]]
    assert kinds == [("round_end", 1, None), ("trick", 3, 5), ("round_end", 3, None), ("bonus", None, None)]


def test_text_account_names_every_rule_and_the_winner():
    res = bids("diff", THIEF6, "-r", "italian", "-r", "english")
    assert res.exit_code == 0
    out = res.stdout
    # Each rule in the players' words first, its knob name beside it (issue 23, item 14).
    assert "  Cy   32 -> 62  +30 = 2x doubles (double.scope) +15, -5 bonus (minus_five.bonus) +15\n" in out
    assert "  Ada  46 -> 61  +15 = -5 bonus (minus_five.bonus) +15\n" in out
    assert "  Fay  39 -> 46   +7 = lucky loser (lucky_loser.condition) +7\n" in out
    assert "Bo, Dee, Eli: no change." in out
    flat = " ".join(out.split())
    assert "Who wins: 2x doubles (double.scope) decides that Cy wins under english" in flat
    assert "Shapley" not in out
    assert "bids disputes examples/thief-6p.toml -r italian" in flat
    # every round end and bonus where the totals part is named
    assert "end of round 1 (lucky loser differs):" in out
    assert "end of round 3 (banked 2x differs):" in out
    assert "game end (-5 bonus differs):" in out
    # only the knobs that mattered, both values and sources; the rest in one line
    assert ("  2x doubles: this round / the whole game (double.scope):\n    italian: this round (round; IT "
            in out) and "    english: the whole game (game; EN " in out
    assert "9 more rules differ but did not change this game:" in out
    assert "when the Thief steals (thief.timing)" in flat and "(thief.timing):\n" not in out


def test_halves_print_as_fractions_and_json_is_exact():
    doc = diff_json(THIEF4, "-r", "italian", "-r", "english")
    at = doc["attribution"]
    assert {k: v for k, v in at["players"]["Ana"].items() if v} == {"thief.timing": 2.5, "thief.fallback": 2.5}
    assert at["exact"]["Ana"]["thief.timing"] == "5/2"
    assert at["policy_mixtures"] > 0
    for p in at["players"]:
        assert sum(Fraction(v) for v in at["exact"][p].values()) == \
            doc["totals"]["english"][p] - doc["totals"]["italian"][p]
    out = bids("diff", THIEF4, "-r", "italian", "-r", "english").stdout
    assert ("Ana   3 -> 8    +5 = Thief's victim has nothing (thief.fallback) +2 1/2, when the Thief steals"
            in out)
    assert "the default steal policy decides" in " ".join(out.split())


def test_swapping_rulesets_negates_the_json_parts():
    ab = diff_json(THIEF4, "-r", "italian", "-r", "english")["attribution"]
    ba = diff_json(THIEF4, "-r", "english", "-r", "italian")["attribution"]
    for p, parts in ab["players"].items():
        assert ba["players"][p] == {k: -v for k, v in parts.items()}


def test_three_rulesets_each_against_the_first():
    doc = diff_json(THIEF6, "-r", "italian", "-r", "english", "-r", "examples/house.toml")
    pairs = [(a["base"], a["other"]) for a in doc["attributions"]]
    assert pairs == [("italian", "english"), ("italian", "house-friday")]
    assert doc["attribution"] == doc["attributions"][0]
    house = doc["attributions"][1]
    for p, parts in house["players"].items():
        assert sum(parts.values()) == doc["totals"]["house-friday"][p] - doc["totals"]["italian"][p]
    assert house["players"]["Bo"]["lucky_loser.progression"] == -21  # flat: 7 instead of 7 + 14 in round 3
    assert house["players"]["Dee"]["ally.rounding"] == 1


def test_option_override_applies_to_both_rulesets():
    # -o double.scope=game sets the knob in both: it no longer differs, so Cy's +15 from it is gone.
    doc = diff_json(THIEF6, "-r", "italian", "-r", "english", "-o", "double.scope=game")
    at = doc["attribution"]
    assert "double.scope" not in at["groups"]
    assert {k: v for k, v in at["players"]["Cy"].items() if v} == {"minus_five.bonus": 15}


def test_all_gives_every_later_trick_in_full():
    short = bids("diff", THIEF4, "-r", "italian", "-r", "english").stdout
    full = bids("diff", THIEF4, "-r", "italian", "-r", "english", "--all").stdout
    assert "  round 1, trick 5: steals, round points, Thief rights differ (rules named: what the Thief may take" in short
    assert "--all gives every trick's reasons" in short
    assert "  trick 1.5 (steals, round points, Thief rights differ):" in full
    assert "Ben steals K9 (+9) from Cleo" in full


CASES = [
    [THIEF6, "-r", "italian", "-r", "english"],
    [THIEF6, "-r", "italian", "-r", "english", "-r", "japanese", "--explain", "--all"],
    [THIEF4, "-r", "italian", "-r", "english", "--explain", "--all"],
    ["examples/colour-5p.toml", "-r", "english", "-r", "japanese", "--lenient-deck", "--all"],
    ["examples/friday-4p.toml", "-r", "english", "-r", "examples/house.toml", "--all"],
    ["tests/data/diff-surprise-4p.toml", "-r", "italian", "-r", "english", "--all", "--allow-partial"],
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(c) for c in CASES])
def test_diff_text_fits_100_columns(args):
    res = bids("diff", *args)
    assert res.exit_code == 0, res.output
    long = [line for line in res.stdout.splitlines() if len(line) > 100]
    assert not long, long


def test_undetermined_game_has_no_account():
    doc = diff_json("tests/data/diff-surprise-4p.toml", "-r", "italian", "-r", "english", "--allow-partial")
    assert doc["attribution"] is None
    assert doc["attributions"][0]["method"] is None
    out = bids("diff", "tests/data/diff-surprise-4p.toml", "-r", "italian", "-r", "english",
               "--allow-partial").stdout
    assert "No account of the differences english - italian: a game is undetermined" in " ".join(out.split())


# -- docs/diff.md: tests/test_cli.py checks every transcript of docs/*.md against real output ------


def test_docs_diff_has_the_issue_example():
    from tests.test_cli import README_COMMANDS

    assert ("docs/diff.md", "diff examples/thief-6p.toml -r italian -r english") in \
        {(doc, cmd) for doc, cmd, _ in README_COMMANDS}
