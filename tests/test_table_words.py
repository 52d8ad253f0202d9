"""What a player reads in `score`, `replay` and `diff` says each thing once and in the
table's words (issue 23, item 11)."""

import re

from click.testing import CliRunner

from bidscli.cli.main import main

SHARED = "tests/data/season/g3.toml"  # english: ben and Dev 23 each, Cy 10, Ana 8 (LL 8)
FRIDAY = "examples/friday-4p.toml"


def bids(*args, columns=100):
    res = CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)})
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


def test_a_won_2x_says_what_it_doubled_on_the_trick_line():
    # friday-4p, round 3 trick 9: Dev wins the 2x holding 0 round points, 21 banked from rounds
    # 1-2 (48 in all, 27 in round 3). english doubles the banked total too (double.scope = game).
    line = next(x for x in bids("replay", FRIDAY, columns=200).splitlines() if x.startswith("   9. [2x]"))
    assert line.endswith("-> Dev +0 (highest bid Y10); 2x doubles Dev's round points 0 -> 0, banked total 21 -> 42")
    # double.scope = round (IT): the round's points only.
    out = bids("replay", FRIDAY, "-o", "double.scope=round", columns=200).splitlines()
    line = next(x for x in out if x.startswith("   9. [2x]"))
    assert line.endswith("-> Dev +0 (highest bid Y10); 2x doubles Dev's round points 0 -> 0")
    # A 2x that burns doubles nothing, and says nothing of it.
    burned = next(x for x in bids("replay", FRIDAY, columns=200).splitlines() if x.startswith("   3. [2x]"))
    assert "doubles" not in burned


def test_a_won_2x_is_marked_in_diff_and_on_the_game_page(tmp_path):
    # friday-4p, trick 3.9: Dev wins the 2x (0 -> 0 round points, banked 21 -> 42 under english).
    out = bids("diff", FRIDAY, "-r", "english", "-r", "english", "-o", "double.scope=round", columns=200)
    row = next(x for x in out.splitlines() if x.startswith("3.9 "))
    assert row.split()[2:5] == ["Dev", "+0", "2x"]
    assert "2x = won the 2x, which doubled the round points" in out
    page = tmp_path / "f.html"
    assert CliRunner().invoke(main, ["report", FRIDAY, "--out", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "2x doubles Dev’s round points 0 → 0, banked total 21 → 42" in html
