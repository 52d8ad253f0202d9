"""A trick line's slips get their likely fix (log.md 'A trick line'): `validate`'s message as a
player reads it, then the recorder's for the same line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bidscli.app.record import Recorder
from bidscli.cli.main import main
from bidscli.rules.ruleset import load_ruleset

PLAYERS = ["Sofia", "Paolo", "Marta", "Luca"]
GOOD = "K5: Sofia R1, Paolo K8, Marta B5, Luca Y6"


def validate(tmp_path, line: str) -> list[str]:
    path = tmp_path / "game.toml"
    path.write_text(f'ruleset = "english"\nplayers = ["Sofia", "Paolo", "Marta", "Luca"]\n\n[[rounds]]\n'
                    f'tricks = [\n  "{line}",\n]\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", str(path), "--allow-partial"])
    return [x.removeprefix(f"{path}:") for x in res.stdout.splitlines()[:-1]]


@pytest.mark.parametrize("line, says", [
    ("K5: Sofia R1 Paolo K8, Marta B5, Luca Y6",
     "'Sofia R1 Paolo K8' is not a play: a comma missing? write 'Sofia R1, Paolo K8'"),
    ("K5: Sofia R1 Paolo K8 Marta B5 Luca Y6",
     "'Sofia R1 Paolo K8 Marta B5 Luca Y6' is not a play: a comma missing? write 'Sofia R1, Paolo K8, Marta B5, "
     "Luca Y6'"),
    ("K5: Sofia R1, Paolo K8, Marta B5; Luca Y6",
     "'Luca Y6' is not an action: a play after ';'? plays are separated by ',' (';' starts an action): write "
     "'Marta B5, Luca Y6'"),
    ("K5: Sofia R1, Paolo K8; Marta B5, Luca Y6",
     "'Marta B5, Luca Y6' is not an action: a play after ';'? plays are separated by ',' (';' starts an action): "
     "write 'Paolo K8, Marta B5, Luca Y6'"),
    ("K5: Sofia R1, Paolo K 8, Marta B5, Luca Y6", "'K 8' is not a card: write it without the space: 'K8'"),
    ("K 5: Sofia R1, Paolo K8, Marta B5, Luca Y6", "'K 5' is not a card: write it without the space: 'K5'"),
    ("K5: Sofia R1, Paolo K8, Marta 5B, Luca Y6", "'5B' is not a card: the colour comes first: 'B5'"),
    ("5k: Sofia R1, Paolo K8, Marta B5, Luca Y6", "'5k' is not a card: the colour comes first: 'K5'"),
    ("K5: Sofia R1, Paolo K8, Marta B5, Luca 10y", "'10y' is not a card: the colour comes first: 'Y10'"),
])
def test_a_slip_gets_its_fix(tmp_path, line, says):
    assert validate(tmp_path, GOOD) == [" valid"]
    assert validate(tmp_path, line) == [f"6: round 1, trick 1: {says}"]


def test_the_player_of_a_card_cut_in_two_is_named(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('ruleset = "english"\nplayers = ["Sofia", "Paolo", "Marta", "Luca"]\n\n[[rounds]]\n'
                    'tricks = ["K5: Sofia R1, Paolo K 8, Marta B5, Luca Y6"]\n', encoding="utf-8")

    res = CliRunner().invoke(main, ["validate", str(path), "--allow-partial", "--format", "json"])
    assert [(e["player"], e["message"]) for e in json.loads(res.stdout)["errors"]] == [
        ("Paolo", "'K 8' is not a card: write it without the space: 'K8'")]


@pytest.mark.parametrize("line, says", [
    # No slip the reader knows: its general message stands.
    ("K5: Sofia R1, Paolo Q8, Marta B5, Luca Y6",
     "'Q8' is not a card: expected a colour R/G/Y/B or K (black) and a number 1-14 (e.g. R5, K7), or one of -5, "
     "2x, Lowest, Surprise, Thief, Ally"),
    ("K5: Sofia R1, Paolo K8, Marta B5, Luca Y6; Sofia grabs K5",
     "'Sofia grabs K5' is not an action: expected '<thief> steals <card> from <victim>' or '<thief> passes'"),
])
def test_no_fix_is_guessed_for_other_mistakes(tmp_path, line, says):
    assert validate(tmp_path, line) == [f"6: round 1, trick 1: {says}"]


def test_the_recorder_says_the_same(tmp_path):
    rec = Recorder(str(tmp_path / "g.toml"), "english", load_ruleset("english"), PLAYERS, {})
    assert rec.feed("K5: R1 K8 5B Y6").lines == [
        "input line 1: round 1, trick 1: '5B' is not a card: the colour comes first: 'B5'"]
    assert rec.feed("K 5: R1 K8 B5 Y6").lines == [
        "input line 2: round 1, trick 1: 'K 5' is not a card: write it without the space: 'K5'"]
    assert rec.feed("K5: Sofia R1 Paolo K8, Marta B5, Luca Y6").lines == [
        "input line 3: round 1, trick 1: 'Sofia R1 Paolo K8' is not a play: a comma missing? write "
        "'Sofia R1, Paolo K8'"]
