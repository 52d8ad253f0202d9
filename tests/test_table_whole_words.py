"""Tables wrap at spaces, never inside a word, at every terminal width a player may have:
diff's prize column, study with three rulesets, rules diff's sources (under each knob's row)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

WIDTHS = [50, 60, 80, 100]


def bids(*args, columns: int):
    res = CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": str(columns)})
    assert res.exit_code == 0, res.output
    return res.stdout


def words(text: str) -> list[str]:
    return sorted(w for w in text.split() if set(w) != {"-"})


@pytest.mark.parametrize("columns", WIDTHS)
def test_diffs_prize_column_keeps_surprise_whole(tmp_path, monkeypatch, columns):
    # A revealed Surprise: the prize column shows "Surprise K9" (was "Surpris" / "e K9").
    monkeypatch.chdir(tmp_path)  # a short name in the heading
    log = "surprise.toml"
    (tmp_path / log).write_text('ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo", "Dev"]\n[options]\nsurprise = true\n\n'
                   '[[rounds]]\ntricks = [\n  "Surprise K9: Ana R5, Ben G4, Cleo Y7, Dev B2",\n'
                   '  "K3: Cleo R9, Dev G8, Ana Y1, Ben B1",\n]\n', encoding="utf-8")
    out = bids("diff", log, "-r", "italian", "-r", "english", "--allow-partial", columns=columns)
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("1.1 "))
    assert lines[at].split()[:2] == ["1.1", "Surprise"]
    if lines[at].split()[2] != "K9":  # wrapped at its space where there is no room for it
        assert lines[at + 1].split() == ["K9"] and columns < 60
    assert words(out) == words(bids("diff", log, "-r", "italian", "-r", "english", "--allow-partial",
                                    columns=1000))


@pytest.mark.parametrize("columns", WIDTHS)
def test_study_with_three_rulesets_keeps_every_word(columns):
    args = ["study", "-r", "italian", "-r", "english", "-r", "japanese", "--players", "4", "--games", "20",
            "--seed", "1"]
    narrow, wide = bids(*args, columns=columns), bids(*args, columns=1000)
    assert words(narrow) == words(wide)
    assert "[95% CI]" in narrow


@pytest.mark.parametrize("columns", [40, *WIDTHS])
def test_rules_diff_puts_each_source_under_its_row(columns):
    out = bids("rules", "diff", "italian", "english", columns=columns)
    flat = " ".join(out.split())
    # Every source whole, once for each side, in the knobs' order.
    doc = json.loads(bids("rules", "diff", "italian", "english", "--format", "json", columns=columns))
    at = 0
    for row in doc["knobs"]:
        for lab in ("italian", "english"):
            at = flat.index(" ".join(row["sources"][lab].split()), at)
    lines = out.splitlines()
    assert max(map(len, lines)) <= columns
    italian = 'IT "Distribuzione carte": 1-10 at 3-5 players, 1-14 at 6'
    english = 'EN "Cards in the game": 1-10 at 3-4 players, 1-12 at 5, 1-14 at 6'
    if any(line.split() == ["knob", "italian", "english"] for line in lines):
        # The values in the knob's row, each source under it, whole and in order.
        assert (f"deck.numbers 3:10, 4:10, 5:10, 6:14 3:10, 4:10, 5:12, 6:14 italian: {italian} english: {english} "
                "deck.minus_five_always") in flat
        assert columns >= 60
    else:  # too narrow for the values side by side: a block a knob, each value with its source under it
        assert (f"deck.numbers italian = 3:10, 4:10, 5:10, 6:14 {italian} english = 3:10, 4:10, 5:12, 6:14 "
                f"{english} deck.minus_five_always") in flat
