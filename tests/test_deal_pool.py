"""A deal written with ``removed`` but without ``hands`` is checked as far as it goes
(log.md 'What validate checks'): the removed black cards count with the black cards played
from hands, and in a complete round the cards played and removed are exactly the hand pool.

The hand-worked round, three players (Vale, Ana, Ben), K10 removed: the hand pool is the 30
coloured cards and one black card, which K10 is, so no black card is in a hand. Vale plays
the 10s, 9s, 8s and R7 and wins every trick; Ana and Ben play the rest and win none:
  italian, japanese: pile K1-K9 (K1-K10, one to the hand pool), trick 10 has no centre card:
    Vale 1 + ... + 9 = 45; Ana and Ben lucky losers, 12 each.
  english: the pile also holds -5 and 2x: K1-K9, then -5 at trick 10: Vale 45 - 5 = 40.
The slip: Ana plays a black card from her hand at trick 6 (Y2 in the round above), which
cannot be there since K10, the pool's one black card, is removed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

VALE = ["R10", "G10", "Y10", "R9", "G9", "Y9", "R8", "G8", "Y8", "R7"]
ANA = ["R1", "G1", "Y1", "R2", "G2", "Y2", "R3", "G3", "Y3", "R4"]
BEN = ["G4", "Y4", "R5", "G5", "Y5", "R6", "G7", "Y6", "Y7", "G6"]


def log(tmp_path: Path, ruleset: str, prizes: list[str], ana: list[str] = ANA, removed: str = '"K10"',
        name: str = "game.toml") -> Path:
    tricks = "".join(f'  "{k}: Vale {v}, Ana {a}, Ben {b}",\n' for k, v, a, b in zip(prizes, VALE, ana, BEN))
    path = tmp_path / name
    path.write_text(f'ruleset = "{ruleset}"\nplayers = ["Vale", "Ana", "Ben"]\n\n[[rounds]]\nremoved = [{removed}]\n'
                    f"tricks = [\n{tricks}]\n", encoding="utf-8")
    return path


def bids(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def said(path: Path, *args) -> list[str]:
    res = bids("validate", path, *args)
    return [line.removeprefix(f"{path}:") for line in res.stdout.splitlines()[:-1]]


PRIZES = {"italian": [f"K{i}" for i in range(1, 10)] + [""], "japanese": [f"K{i}" for i in range(1, 10)] + [""],
          "english": [f"K{i}" for i in range(1, 10)] + ["-5"]}
VALE_TOTAL = {"italian": 45, "japanese": 45, "english": 40}


@pytest.mark.parametrize("ruleset", ["italian", "english", "japanese"])
def test_a_round_with_removed_and_no_hands_that_is_the_pool_is_valid(tmp_path, ruleset):
    path = log(tmp_path, ruleset, PRIZES[ruleset])
    assert said(path) == [" valid"]
    res = bids("score", path, "--format", "json")
    assert res.exit_code == 0
    assert json.loads(res.stdout)["totals"] == {"Vale": VALE_TOTAL[ruleset], "Ana": 12, "Ben": 12}


@pytest.mark.parametrize("ruleset, card", [("italian", "K1"), ("english", "2x"), ("japanese", "K1")])
def test_a_black_card_played_where_the_removed_one_was_the_pools(tmp_path, ruleset, card):
    # italian and japanese: K1 is then never revealed (K2-K9, and no centre card at tricks 9
    # and 10: the pile is one card shorter once K1 is taken as played from a hand).
    prizes = PRIZES[ruleset] if ruleset == "english" else [f"K{i}" for i in range(2, 10)] + ["", ""]
    path = log(tmp_path, ruleset, prizes, ana=[*ANA[:5], card, *ANA[6:]])
    assert said(path) == [
        f"12: round 1, trick 6: Ana played {card}, but K10 is removed: that makes 2 black cards of the hand pool "
        f"this round, and the {ruleset} 3-player deal puts 1 in the hands",
        f"16: round 1, trick 10: the round ends, but Y2 was neither played nor removed: with removed and no hands, "
        f"the cards played and removed are the {ruleset} 3-player hand pool (every coloured card once, and 1 "
        "black card) (follows from line 12)"]
    res = bids("validate", tmp_path / "game.toml", "--format", "json")
    assert [(e["follow_on"], e.get("follows_line")) for e in json.loads(res.stdout)["errors"]] == [
        (False, None), (True, 12)]


@pytest.mark.parametrize("ruleset", ["italian", "english", "japanese"])
def test_an_unfinished_round_is_checked_only_as_far_as_it_goes(tmp_path, ruleset):
    # Five tricks: Y2 and half the colours are still in the hands; nothing is missing yet.
    path = log(tmp_path, ruleset, PRIZES[ruleset][:5])
    assert said(path, "--allow-partial") == [" valid"]


@pytest.mark.parametrize("ruleset", ["italian", "english", "japanese"])
def test_more_black_cards_removed_than_the_pool_holds(tmp_path, ruleset):
    # Four players with the Ally: two cards removed, but the hand pool has one black card.
    path = tmp_path / "four.toml"
    path.write_text(f'ruleset = "{ruleset}"\nplayers = ["A", "B", "C", "D"]\n[options]\nally = true\n\n[[rounds]]\n'
                    'removed = ["K10", "K9"]\ntricks = ["K1: A R1, B R2, C R3, D R4"]\n', encoding="utf-8")
    assert said(path, "--allow-partial") == [
        f"6: round 1: 2 black cards removed, but the {ruleset} 4-player hand pool holds 1"]


def test_a_diff_under_a_larger_pool_plays_the_round_as_dealt(tmp_path):
    # --lenient-deck under a ruleset whose 3-player pool has a fourth colour: the round's
    # plays and removed cards are its pool (as a deal with hands), said in a note.
    house = tmp_path / "four.toml"
    house.write_text('name = "four-colours"\nextends = "english"\n[deck]\ncolours = { 3 = 4, 4 = 4, 5 = 4, 6 = 4 }\n',
                     encoding="utf-8")
    path = log(tmp_path, "english", PRIZES["english"])
    res = bids("diff", path, "-r", "english", "-r", house, "--lenient-deck")
    assert res.exit_code == 0, res.output
    text = " ".join(res.stdout.split())
    assert ("four-colours (--lenient-deck): round 1: the deal has no B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, "
            "which the four-colours 3-player deck deals: played as dealt") in text
    assert "english: winner Vale with 40" in text and "four-colours: winner Vale with 40" in text
