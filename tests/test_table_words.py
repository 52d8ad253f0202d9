"""What a player reads in `score`, `replay` and `diff` says each thing once and in the
table's words (issue 23, item 11)."""

import re

from click.testing import CliRunner

from bidscli.cli.main import main

SHARED = "tests/data/season/g3.toml"  # english: ben and Dev 23 each, Cy 10, Ana 8 (LL 8)
FRIDAY = "examples/friday-4p.toml"


def bids(*args):
    res = CliRunner().invoke(main, list(args), env={"COLUMNS": "100"})
    assert res.exit_code == 0, res.output
    return res.stdout


def test_diff_of_a_shared_win_says_the_win_is_shared():
    out = bids("diff", SHARED, "-r", "english", "-r", "english", "-o", "lucky_loser.progression=flat")
    flat = " ".join(out.split())
    assert "Who wins: ben and Dev share the win with 23 under both" in flat
    assert "english: ben and Dev share the win with 23" in out
    assert "ben under both" not in flat


def test_diff_trick_table_names_every_column():
    out = bids("diff", FRIDAY, "-r", "english", "-r", "english", "-o", "double.scope=round").splitlines()
    i = next(n for n, line in enumerate(out) if line.startswith("trick "))
    header, rule = out[i], out[i + 1]
    assert len(header.split()) == len(rule.split()), (header, rule)
    assert header.split()[-1] == "differs"


def test_a_burned_trick_says_burned_once():
    out = bids("replay", FRIDAY)
    burned = [line for line in out.splitlines() if "-> burned" in line]
    assert burned and all(line.count("burned") == 1 for line in burned), burned
    assert "-> burned (tie on 9 (Cleo R9, Dev G9))" in out


def test_score_says_what_ll_means_under_the_table():
    out = bids("score", FRIDAY)
    assert "(LL 8)" in out
    assert out.splitlines()[-1] == "LL = lucky loser: points paid for winning no black card in the round"
    out = bids("score", FRIDAY, "-o", "lucky_loser.condition=no_tricks")
    assert "LL = lucky loser: points paid for winning no trick in the round" in out
    no_ll = bids("score", "examples/thief-6p.toml")
    assert ("(LL " in no_ll) == ("LL = lucky loser" in no_ll)
    assert not re.search(r"^LL = .*\n.*LL = ", out, re.MULTILINE)
