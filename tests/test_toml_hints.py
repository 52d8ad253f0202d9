"""TOML mistakes in plain words (issue 8 item 4): the probable slip, on the line where it
was probably made, with the TOML reader's own position kept in the message."""

from __future__ import annotations

from pathlib import Path

import pytest

from bidscli.app import api
from bidscli.core.errors import BidsError
from bidscli.files.tomlhints import hint

FRIDAY = (Path(__file__).resolve().parent.parent / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
T2 = '  "K3: Cleo R9, Dev G9, Ana Y1, Ben B2",'
PILE = 'pile = ["K5", "K3", "2x", "K9", "-5", "K1", "K7", "K10", "K2", "K4", "K8"]'


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def only_error(tmp_path, text: str) -> BidsError:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    errors = api.validate(path)
    assert len(errors) == 1, [str(e) for e in errors]
    with pytest.raises(BidsError) as caught:
        api.score(path)
    assert caught.value.message == errors[0].message
    return errors[0]


def test_missing_comma_between_trick_lines(tmp_path):
    text = FRIDAY.replace(T2, T2.rstrip(","))
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, T2.rstrip(","))
    assert err.message == (f"invalid TOML: missing comma after this trick line? (TOML reader: Unclosed array "
                           f"(at line {err.line + 1}, column 3))")


def test_missing_closing_quote(tmp_path):
    text = FRIDAY.replace(T2, T2.replace('B2",', "B2,"))
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, '  "K3: Cleo')
    assert err.message.startswith("invalid TOML: a string is not closed on this line: missing '\"'? (TOML reader: ")
    assert f"(at line {err.line}, column" in err.message
    # In the middle of a line too: "Ana, "Ben", ...
    text = FRIDAY.replace('players = ["Ana", "Ben"', 'players = ["Ana, "Ben"')
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, "players =") and "a string is not closed on this line" in err.message


def test_missing_closing_bracket_of_a_one_line_array(tmp_path):
    text = FRIDAY.replace(PILE, PILE[:-1], 1)
    err = only_error(tmp_path, text)
    pile = line_of(text, PILE[:-1])
    assert err.line == pile
    assert err.message == (f"invalid TOML: missing ']' at the end of this line to close pile = [ (line {pile})? "
                           f"(TOML reader: Unclosed array (at line {pile + 1}, column 1))")


@pytest.mark.parametrize("where", ["first", "last"])
def test_missing_closing_bracket_of_the_tricks(tmp_path, where):
    lines = FRIDAY.splitlines(keepends=True)
    closers = [i for i, line in enumerate(lines) if line == "]\n"]
    drop = closers[0] if where == "first" else closers[-1]
    text = "".join(lines[:drop] + lines[drop + 1:])
    err = only_error(tmp_path, text)
    opened = max(i for i, line in enumerate(lines[:drop]) if line.startswith("tricks = [")) + 1
    assert err.line == drop  # the last trick line, just above the ']' that went missing
    assert err.message.startswith(f"invalid TOML: missing ']' after this line to close tricks = [ (line {opened})? "
                                  "(TOML reader: ")


def test_round_for_rounds(tmp_path):
    text = FRIDAY.replace("[[rounds]]", "[[round]]")
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, "[[round]]")
    assert err.message == "unknown [[round]] tables: probably a typo for [[rounds]] (the log has none)"
    # Only one of them misspelled: one error too (the rounds would be numbered wrongly).
    text = FRIDAY.replace("[[rounds]]", "[[round]]", 1)
    err = only_error(tmp_path, text)
    assert err.message.startswith("unknown [[round]] tables: probably a typo for [[rounds]] (its round is left")


@pytest.mark.parametrize("typo,meant", [("player", "players"), ("rulset", "ruleset"), ("Players", "players")])
def test_a_top_level_key_typo_is_one_error(tmp_path, typo, meant):
    text = FRIDAY.replace(f"{meant} =", f"{typo} =", 1)
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, f"{typo} =")
    assert err.message == f"unknown key '{typo}': probably a typo for '{meant}' (the log has none)"


def test_no_hint_when_no_slip_fits():
    assert hint("a = 1\nb = = 2\n", "Invalid value (at line 2, column 5)") is None
    assert hint("x = 1\n", "something else") is None


# Issue 23, item 9: values written as a person would, on the line the reader stopped at.
@pytest.mark.parametrize("written,reader,says", [
    ('ruleset = english', "Invalid value (at line {at}, column 11)",
     'text needs quotes: expected ruleset = "english"'),
    ('players = [Ana, Ben, Cleo, Dev]', "Invalid value (at line {at}, column 12)",
     'names need quotes: expected players = ["Ana", "Ben", "Cleo", "Dev"]'),
    ('players = ["Ana", "Ben", Cleo, "Dev"]', "Invalid value (at line {at}, column 26)",
     'names need quotes: expected players = ["Ana", "Ben", "Cleo", "Dev"]'),
    ('ally = True', "Invalid value (at line {at}, column 8)",
     "TOML writes true and false in lower case: expected ally = true"),
    ('ally = yes', "Invalid value (at line {at}, column 8)",
     "ally is true or false in TOML, not yes: expected ally = true"),
    ('pile = [K5, K3, 2x, K9, -5, K1, K7, K10, K2, K4, K8]', "Invalid value (at line {at}, column 9)",
     'text in a list needs quotes: expected pile = ["K5", "K3", "2x", "K9", "-5", "K1", "K7", "K10", "K2", '
     '"K4", "K8"]'),
    # 2 reads as a number, so the reader's array ends at the x.
    ('pile = ["K5", "K3", 2x, "K9", "-5", "K1", "K7", "K10", "K2", "K4", "K8"]', "Unclosed array (at line {at}, column 22)",
     'text in a list needs quotes: expected pile = ["K5", "K3", "2x", "K9", "-5", "K1", "K7", "K10", "K2", '
     '"K4", "K8"]'),
])
def test_a_value_written_as_a_person_would(tmp_path, written, reader, says):
    original = {"ruleset": 'ruleset = "english"', "players": 'players = ["Ana", "Ben", "Cleo", "Dev"]',
                "ally": "ally = true", "pile": PILE}[written.split()[0]]
    text = FRIDAY.replace(original, written, 1)
    err = only_error(tmp_path, text)
    at = line_of(text, written)
    assert err.line == at
    assert err.message == f"invalid TOML: {says} (TOML reader: {reader.format(at=at)})"


@pytest.mark.parametrize("date,reader,says", [
    ("12/01/2026", "Expected newline or end of document after a statement (at line {at}, column 10)",
     "'date' must be a date written year-month-day, unquoted (date = 2026-12-01)"),
    ("2026-12-1", "Expected newline or end of document after a statement (at line {at}, column 12)",
     "'date' must be a date written year-month-day, unquoted (date = 2026-12-01)"),
    ("today", "Invalid value (at line {at}, column 8)",
     "'date' must be a date written year-month-day, unquoted (date = 2026-12-01)"),
    ("2026-02-30", "Invalid date or datetime (at line {at}, column 8)",
     "'date' is no day of the calendar: expected year-month-day (date = 2026-12-01)"),
])
def test_a_date_not_written_year_month_day(tmp_path, date, reader, says):
    text = FRIDAY.replace('ruleset = "english"\n', f'ruleset = "english"\ndate = {date}\n', 1)
    err = only_error(tmp_path, text)
    at = line_of(text, "date = ")
    assert err.line == at
    assert err.message == f"invalid TOML: {says} (TOML reader: {reader.format(at=at)})"


def test_curly_quotes_from_a_phone(tmp_path):
    # A trick line pasted from a phone: “K3: ...”. The reader stops at it; the hint names the
    # quotes, on that line. Curly quotes inside a string (a title, a comment) are no slip.
    text = FRIDAY.replace(T2, T2.replace('"K3', "\u201cK3").replace('B2"', "B2\u201d"))
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, "\u201cK3")
    assert err.message.startswith("invalid TOML: curly quotes where TOML needs straight ones: write \" "
                                  "(a phone or a word processor may have changed them)")
    titled = FRIDAY.replace('ruleset = "english"', 'ruleset = "english"\ntitle = "Friday \u201ctable 2\u201d"')
    err = only_error(tmp_path, titled.replace(T2, T2.rstrip(",")))
    assert "missing comma after this trick line?" in err.message and "curly" not in err.message


def test_rounds_written_with_one_bracket(tmp_path):
    # [rounds] for [[rounds]]: the reader stops at the second round; the hint is at the first.
    text = FRIDAY.replace("[[rounds]]", "[rounds]")
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, "[rounds]")
    assert "each round starts with [[rounds]] (two brackets): [rounds] is one table, written once" in err.message


def test_a_date_with_a_time_without_seconds(tmp_path):
    # TOML 1.0 writes a time with its seconds: `date = 2026-12-01 20:00` is refused by the
    # reader; the hint says so and offers the day alone or the time with seconds.
    text = FRIDAY.replace('ruleset = "english"', 'ruleset = "english"\ndate = 2026-12-01 20:00')
    err = only_error(tmp_path, text)
    assert err.line == line_of(text, "date =")
    assert err.message.startswith("invalid TOML: a time in 'date' needs its seconds (TOML 1.0): expected "
                                  "date = 2026-12-01 or date = 2026-12-01 20:00:00")
