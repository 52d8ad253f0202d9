"""Oversized inputs are refused, or handled quickly, with a clear located message.

Every input is generated in tmp_path (no big file is committed). Each command
must answer within a few seconds, exit 1 (or 0 where the input is fine), name
the file, and print no traceback.
"""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.log.reader import MAX_FILE_BYTES, MAX_ROUNDS, MAX_TRICKS

GOOD_ROUND = """
[[rounds]]
tricks = [
  "K5: Ana R5, Ben G4, Cleo K6, Dev Y2",
  "K3: Cleo R9, Dev G9, Ana Y1, Ben B2",
  "2x: Dev R10, Ana G10, Ben Y3, Cleo B1",
  "K9: Ana B9, Ben Y10, Cleo R1, Dev G1",
  "-5: Ben R2, Cleo G2, Dev Y4, Ana B8",
  "K1: Ana R3, Ben G3, Cleo Y5, Dev B3",
  "K7: Cleo R4, Dev G5, Ana Y6, Ben B4",
  "K10: Ana R6, Ben G6, Cleo Y7, Dev B5",
  "K2: Cleo R7, Dev G7, Ana Y8, Ben B6",
  "K4: Ana R8, Ben G8, Cleo Y9, Dev B7",
]
"""
HEAD = 'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo", "Dev"]\n'


def bids(*args, seconds=5.0):
    start = time.monotonic()
    r = CliRunner().invoke(main, [str(a) for a in args])
    took = time.monotonic() - start
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output and "internal error" not in r.output, r.output
    assert took < seconds, f"took {took:.1f} s"
    return r


def test_a_50_mb_log_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "big.toml"
    with big.open("wb") as f:
        f.truncate(50 * 1_000_000)  # sparse: instant to make, 50 MB to stat
    for cmd in (["validate", big], ["score", big, "-r", "english"], ["replay", big, "-r", "english"]):
        r = bids(*cmd, seconds=2)
        assert r.exit_code == 1
        assert f"{big}: file is 50.0 MB: bidscli reads logs of at most {MAX_FILE_BYTES // 1_000_000} MB" in r.output


def test_a_log_just_under_the_size_limit_is_read(tmp_path):
    path = tmp_path / "padded.toml"
    pad = "# " + "x" * 98 + "\n"
    text = HEAD + GOOD_ROUND
    path.write_text(text + pad * ((MAX_FILE_BYTES - len(text) - 1000) // len(pad)), encoding="utf-8")
    r = bids("validate", path, seconds=20)
    assert r.exit_code == 0, r.output


def test_a_50_mb_ruleset_is_refused(tmp_path):
    big = tmp_path / "house.toml"
    with big.open("wb") as f:
        f.truncate(50 * 1_000_000)
    r = bids("score", "examples/friday-4p.toml", "-r", big, seconds=2)
    assert r.exit_code == 1 and f"{big}: file is 50.0 MB: bidscli reads rulesets of at most 1 MB" in r.output


def test_ten_thousand_rounds_are_refused_quickly(tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(HEAD + "[[rounds]]\ntricks = []\n" * 10_000, encoding="utf-8")
    r = bids("validate", path, seconds=10)
    assert r.exit_code == 1
    assert f"{path}: 10000 rounds: bidscli reads at most {MAX_ROUNDS} rounds a log" in r.output
    r = bids("score", path, seconds=10)
    assert r.exit_code == 1 and "10000 rounds" in r.output


def test_the_most_rounds_allowed_are_scored(tmp_path):
    path = tmp_path / "marathon.toml"
    path.write_text(HEAD + GOOD_ROUND.replace("[[rounds]]", '[[rounds]]\nleader = "Ana"') * MAX_ROUNDS,
                    encoding="utf-8")
    r = bids("score", path, "--format", "json", seconds=30)
    assert r.exit_code == 0, r.output[-500:]
    assert len(json.loads(r.stdout)["rounds"]) == MAX_ROUNDS


def test_a_10000_character_name_is_refused_with_a_short_message(tmp_path):
    path = tmp_path / "name.toml"
    name = "N" * 10_000
    path.write_text(HEAD.replace('"Dev"', f'"{name}"') + GOOD_ROUND.replace("Dev", name), encoding="utf-8")
    r = bids("validate", path)
    assert r.exit_code == 1
    assert f"{path}:2: player name 'NNN" in r.output and "is not valid: it has 10000 characters (at most 32); a name is 1-32 characters" in r.output
    assert max(len(line) for line in r.output.splitlines()) < 600  # the name is cut, not echoed 10,000 times


def test_a_10000_character_ruleset_name(tmp_path):
    r = bids("score", "examples/friday-4p.toml", "-r", "x" * 10_000)
    assert r.exit_code == 2 and "no ruleset 'xxx" in r.output and len(r.output) < 600


def test_a_thousand_tricks_in_a_round_are_refused(tmp_path):
    path = tmp_path / "tricks.toml"
    tricks = ",\n".join('  "K5: Ana R5, Ben G4, Cleo K6, Dev Y2"' for _ in range(1000))
    path.write_text(HEAD + f"[[rounds]]\ntricks = [\n{tricks}\n]\n", encoding="utf-8")
    r = bids("validate", path)
    assert r.exit_code == 1
    assert f"{path}:" in r.output and f"round 1: 1000 tricks: a round has at most {MAX_TRICKS}" in r.output


def test_a_100000_character_trick_line(tmp_path):
    path = tmp_path / "line.toml"
    plays = ", ".join(["Ana R5"] * 15_000)
    path.write_text(HEAD + f'[[rounds]]\ntricks = ["K5: {plays}"]\n', encoding="utf-8")
    r = bids("validate", path)
    assert r.exit_code == 1 and str(path) in r.output
    assert max(len(line) for line in r.output.splitlines()) < 2000


@pytest.mark.parametrize("text, message", [
    (HEAD.replace('["Ana", "Ben", "Cleo", "Dev"]', "9" * 5000), "too large to read"),
    (HEAD.replace('["Ana", "Ben", "Cleo", "Dev"]', "9" * 100), "'players' must be a list"),
    (HEAD + "[options]\nthief = " + "1" * 5000 + "\n" + GOOD_ROUND, "too large to read"),
    (HEAD + GOOD_ROUND.replace("[[rounds]]", "[[rounds]]\nleader = 99999999999999999999999999999"), "is not a player"),
    (HEAD + GOOD_ROUND.replace("K5:", "K99999999999999999999999999:"), "is not a card"),
])
def test_huge_integers_in_a_log(tmp_path, text, message):
    path = tmp_path / "huge.toml"
    path.write_text(text, encoding="utf-8")
    r = bids("validate", path)
    assert r.exit_code == 1 and f"{path}:" in r.output and message in r.output, r.output


@pytest.mark.parametrize("body, message", [
    ("[deck]\nhand_size = " + "9" * 30, "is not a value of deck.hand_size"),
    ("[deck]\nhand_size = " + "9" * 5000, "too large to read"),
    ("[minus_five]\npoints = -" + "9" * 40, "is not a value of minus_five.points"),
    ("[deck]\nnumbers = { 3 = 999, 4 = 10, 5 = 12, 6 = 14 }", "expected an integer 0-100"),
    ("[deck]\nnumbers = { 3 = 90, 4 = 10, 5 = 12, 6 = 14 }", "numbered 1-14 at most"),
])
def test_huge_integers_in_a_ruleset(tmp_path, body, message):
    path = tmp_path / "house.toml"
    path.write_text('extends = "english"\n' + body + "\n", encoding="utf-8")
    r = bids("rules", "show", path, "--players", "3")
    assert r.exit_code == 1 and str(path) in r.output and message in r.output, r.output


@pytest.mark.parametrize("pair", ["minus_five.points=" + "9" * 5000, "minus_five.points=" + "9" * 40,
                                  "thief=" + "[" * 5000, "deck.numbers={3=" * 2000])
def test_huge_values_on_the_command_line(pair):
    r = bids("score", "examples/friday-4p.toml", "-o", pair)
    assert r.exit_code == 2 and "Error: Invalid value for '-o'" in r.stderr and len(r.output) < 1000


def test_many_errors_are_all_listed_quickly(tmp_path):
    path = tmp_path / "errors.toml"
    bad = GOOD_ROUND.replace("Ana R5", "Ana Y99")
    path.write_text(HEAD + bad * MAX_ROUNDS, encoding="utf-8")
    r = bids("validate", path, seconds=30)
    assert r.exit_code == 1
    assert r.output.count("'Y99' is not a card") == MAX_ROUNDS
