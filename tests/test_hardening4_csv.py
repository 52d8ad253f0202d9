"""Hardening IV (items 2 and 17): no CSV cell is run by a spreadsheet as a formula.

A text cell that begins with =, +, -, @, a tab or a carriage return is written with a ' in front
(OWASP, "CSV Injection"); numbers and every other cell are written as they are. Each test reads
the CSV a player opens: the cells, parsed as a spreadsheet's importer would.
"""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = (ROOT / "examples" / "friday-4p.toml").read_text()
# A number as a spreadsheet reads one: ASCII digits only (a name "+\U0001fbf0", a segmented digit zero, is text).
NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", re.ASCII)
STARTS = ("=", "+", "-", "@")


def renamed(text: str, names: dict[str, str]) -> str:
    """friday-4p with its players renamed (in players, hands and trick lines)."""
    for old, new in names.items():
        text = (text.replace(f'"{old}"', f'"{new}"').replace(f"hands.{old} ", f'hands."{new}" ')
                .replace(f"{old} ", f"{new} "))
    return text


def cells(csv_text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(csv_text)))


def assert_no_formula(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            if cell and (cell[0] in STARTS or cell[0] in "\t\r"):
                assert cell[0] in "+-" and NUMBER.fullmatch(cell), (cell, row)


# Names a trick line can carry (no , : ; and no space at an end) that begin like a formula.
formula_names = st.builds(lambda head, tail: head + tail, st.sampled_from(STARTS),
                          st.text(st.characters(whitelist_categories=("L", "N", "P", "S"),
                                                blacklist_characters=",:;\"\\"), min_size=1, max_size=12))


@settings(max_examples=25, deadline=None)
@given(names=st.lists(formula_names, min_size=4, max_size=4, unique_by=lambda n: n.casefold()))
@example(names=["=0", "=*", "=000", "+\U0001fbf0"])  # a digit a spreadsheet does not read as one
def test_score_and_season_csv_cells_never_start_a_formula(tmp_path_factory, names):
    folder = tmp_path_factory.mktemp("csv")
    mapping = dict(zip(("Ana", "Ben", "Cleo", "Dev"), names))
    (folder / "g.toml").write_text(renamed(FRIDAY, mapping), encoding="utf-8")
    runner = CliRunner()
    score = runner.invoke(main, ["score", str(folder / "g.toml"), "--format", "csv"])
    if score.exit_code != 0:  # a name the log refuses (two names a trick line cannot tell apart)
        assert score.exit_code == 1
        return
    season = runner.invoke(main, ["season", str(folder), "--format", "csv"])
    assert season.exit_code == 0, season.output
    for out, column in ((score.stdout, 2), (season.stdout, 2)):
        rows = cells(out)
        assert_no_formula(rows)
        players = [row[column] for row in rows[1:]]
        # The one change: a ' in front of a name that begins like a formula, and only then.
        written = [unicodedata.normalize("NFC", n) for n in names]  # a log's names are NFC (log.md)
        assert sorted(players) == sorted(n if NUMBER.fullmatch(n) else "'" + n for n in written)


@pytest.mark.parametrize(("name", "cell"), [
    ("=1+2", "'=1+2"), ("@SUM(1)", "'@SUM(1)"), ("+Ana", "'+Ana"), ("-Ben", "'-Ben"),
    ("-5", "-5"), ("+1.5", "+1.5"), ("Ana-Maria", "Ana-Maria"), ("Ana", "Ana"),
])
def test_a_score_csv_cell_is_the_name_with_a_quote_in_front_only_when_a_spreadsheet_would_run_it(
        tmp_path, name, cell):
    (tmp_path / "g.toml").write_text(renamed(FRIDAY, {"Ana": name}), encoding="utf-8")
    res = CliRunner().invoke(main, ["score", str(tmp_path / "g.toml"), "--format", "csv"])
    assert res.exit_code == 0, res.output
    rows = cells(res.stdout)
    assert [row[2] for row in rows[1:]] == ["Dev", "Cleo", cell, "Ben"]
    assert [row[-2:] for row in rows[1:]] == [["0", "48"], ["0", "44"], ["15", "43"], ["15", "43"]]


def test_a_file_and_a_ruleset_named_like_a_formula(tmp_path):
    (tmp_path / "house.toml").write_text('extends = "english"\nname = "=HYPERLINK(1)"\n')
    (tmp_path / "@g.toml").write_text(FRIDAY)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        res = CliRunner().invoke(main, ["score", "@g.toml", "-r", "house.toml", "--format", "csv"])
    finally:
        os.chdir(cwd)
    assert res.exit_code == 0, res.output
    rows = cells(res.stdout)
    assert {(row[0], row[1]) for row in rows[1:]} == {("'@g.toml", "'=HYPERLINK(1)")}
    # The table and the JSON show the names as written.
    os.chdir(tmp_path)
    try:
        table = CliRunner().invoke(main, ["score", "@g.toml", "-r", "house.toml"])
    finally:
        os.chdir(cwd)
    assert table.stdout.startswith("@g.toml: =HYPERLINK(1) (house), 4 players")
