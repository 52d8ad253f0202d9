"""Hardening IV (items 1, 13 and 14): text from a file or a command line is checked where it is
read, and what is printed is made safe; every error names its line; values are shown as TOML.

Each test reads what a player reads: the bytes on stdout and stderr, the exit code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = ROOT / "examples" / "friday-4p.toml"

# What no text read from input may hold (core.sanitize.text_problem): the C0 and C1 controls,
# DEL, the direction controls and marks, and the line separators.
CONTROLS = ([chr(c) for c in range(0x20) if c not in (9, 10)] + ["\x7f"] + [chr(c) for c in range(0x80, 0xA0)]
            + [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x2028, 0x2029)])
BREAKS = ["\n", "\t"]  # refused too where one line is expected
# Never on the terminal raw, whatever the input held.
RAW = [c for c in CONTROLS if c not in "\n\t"]


def run(*args, stdin: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def bids(*args, cwd=None, stdin: bytes | None = None):
    """The command as a user runs it: its bytes, through pipes."""
    return subprocess.run([sys.executable, "-m", "bidscli", *map(str, args)], capture_output=True,
                          cwd=cwd, input=stdin, timeout=120, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin",
                                                                  "PYTHONPATH": str(ROOT)})


def shown(res) -> str:
    return res.stdout + res.stderr if isinstance(res.stdout, str) else (res.stdout + res.stderr).decode()


def assert_no_raw_control(out: str | bytes) -> None:
    text = out.decode("utf-8") if isinstance(out, bytes) else out
    bad = sorted({f"U+{ord(c):04X}" for c in text if c in RAW})
    assert not bad, (bad, text[:400])


def toml_string(text: str) -> str:
    """A TOML basic string holding exactly ``text``, every character past printable ASCII escaped."""
    def esc(c: str) -> str:
        if c in '"\\':
            return "\\" + c
        if " " <= c <= "~":
            return c
        return f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"
    return '"' + "".join(map(esc, text)) + '"'


# -- item 1: the two attacks the issue names ----------------------------------------------------------


def test_a_ruleset_name_cannot_retitle_the_terminal_through_the_recorder(tmp_path):
    (tmp_path / "evil.toml").write_text('extends = "english"\nname = "evil\\u001b]0;PWN\\u0007"\n')
    res = bids("record", "game.toml", "-r", "evil.toml", "--players", "Ana,Ben,Cleo", cwd=tmp_path,
               stdin=b"score\nquit\n")
    assert res.returncode == 1
    assert b"\x1b" not in res.stdout + res.stderr and b"\x07" not in res.stdout + res.stderr
    assert res.stderr.decode() == ("error: evil.toml:2: 'name' holds a control character (U+001B), which bidscli "
                                   "does not print as written\n")
    assert not (tmp_path / "game.toml").exists()


def test_a_ruleset_name_with_a_line_break_cannot_forge_a_winner_line(tmp_path):
    (tmp_path / "evil.toml").write_text('extends = "english"\nname = "x\\nWinner: Mallory with 999"\n')
    for args in (["score", FRIDAY, "-r", "evil.toml"], ["rules", "show", "evil.toml"],
                 ["rules", "diff", "evil.toml", "english"], ["validate", FRIDAY, "-r", "evil.toml"]):
        res = bids(*args, cwd=tmp_path)
        out = (res.stdout + res.stderr).decode()
        assert res.returncode == 1, args
        assert not any(line.startswith("Winner") for line in out.splitlines()), (args, out)
        assert "evil.toml:2: 'name' holds a line break (U+000A): one line is expected" in out, (args, out)


def test_a_60000_character_ruleset_name_is_refused_at_once(tmp_path):
    (tmp_path / "long.toml").write_text(f'extends = "english"\nname = "{"n" * 60_000}"\n')
    res = run("rules", "diff", tmp_path / "long.toml", "english")
    assert res.exit_code == 1
    assert res.stderr == f"error: {tmp_path / 'long.toml'}:2: 'name' has 60,000 characters (at most 64)\n"


# -- item 1: every text of a ruleset and of a log, one rule --------------------------------------------

RULESET_TEXTS = {"name": (64, False), "title": (200, False), "source": (200, False),
                 "description": (4000, True)}


@settings(max_examples=40, deadline=None)
@given(key=st.sampled_from(sorted(RULESET_TEXTS)), before=st.text(max_size=8), bad=st.sampled_from(CONTROLS + BREAKS),
       after=st.text(max_size=8))
def test_every_ruleset_text_refuses_what_it_could_not_print(tmp_path_factory, key, before, bad, after):
    value = before + bad + after
    most, lines = RULESET_TEXTS[key]
    folder = tmp_path_factory.mktemp("r")
    path = folder / "house.toml"
    path.write_text(f'extends = "english"\n# a comment\n{key} = {toml_string(value)}\n', encoding="utf-8")
    res = run("rules", "show", path)
    out = shown(res)
    assert_no_raw_control(out)
    refused = [c for c in value if c in CONTROLS or (c in BREAKS and not lines)]
    if not refused or len(value) > most:
        return  # nothing to refuse (a tab or a line break in a description), or refused for its length
    assert res.exit_code == 1, out
    assert out.startswith(f"error: {path}:3: '{key}' holds "), out


@settings(max_examples=40, deadline=None)
@given(key=st.sampled_from(["title", "notes", "round notes", "ruleset"]), before=st.text(max_size=8),
       bad=st.sampled_from(CONTROLS + BREAKS), after=st.text(max_size=8))
def test_a_logs_title_notes_and_ruleset_refuse_what_they_could_not_print(tmp_path_factory, key, before, bad, after):
    value = before + bad + after
    text = FRIDAY.read_text()
    if key == "round notes":
        text = text.replace("[[rounds]]\n", f"[[rounds]]\nnotes = {toml_string(value)}\n", 1)
        line = text.splitlines().index(f"notes = {toml_string(value)}") + 1
    elif key == "ruleset":
        text = text.replace('ruleset = "english"', f"ruleset = {toml_string(value)}")
        line = text.splitlines().index(f"ruleset = {toml_string(value)}") + 1
    else:
        text = text.replace('ruleset = "english"\n', f'ruleset = "english"\n{key} = {toml_string(value)}\n')
        line = text.splitlines().index(f"{key} = {toml_string(value)}") + 1
    path = tmp_path_factory.mktemp("g") / "game.toml"
    path.write_text(text, encoding="utf-8")
    res = run("score", path)
    out = shown(res)
    assert_no_raw_control(out)
    lines_allowed = "notes" in key
    if not [c for c in value if c in CONTROLS or (c in BREAKS and not lines_allowed)]:
        return
    assert res.exit_code == 1, out
    what = "notes" if "notes" in key else key
    assert out.startswith(f"error: {path}:{line}: {'round 1: ' if key == 'round notes' else ''}'{what}' holds "), out


@pytest.mark.parametrize("text", ["ماهان", "שחקנים של שישי", "Mehr\u200cnaz", "क्\u200dष", "👨\u200d👩\u200d👧 table"])
def test_right_to_left_letters_and_joiners_are_text(tmp_path, text):
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "english"\nname = "{text}"\ntitle = "{text}"\ndescription = "{text}"\n',
                    encoding="utf-8")
    res = run("rules", "show", path)
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith(f"{text} (house): {text}\n{text}\n")


def test_a_log_with_a_long_title_or_notes_is_refused_at_its_line(tmp_path):
    text = FRIDAY.read_text().replace('ruleset = "english"\n', f'ruleset = "english"\ntitle = "{"t" * 201}"\n')
    path = tmp_path / "g.toml"
    path.write_text(text)
    res = run("validate", path)
    assert res.exit_code == 1
    assert f"{path}:13: 'title' has 201 characters (at most 200)" in res.stdout
    path.write_text(FRIDAY.read_text().replace('ruleset = "english"\n', 'ruleset = "english"\nnotes = 3\n'))
    res = run("validate", path)
    assert f"{path}:13: notes must be a string, or a list of strings" in res.stdout


# -- item 1: usage errors quote the command line safely --------------------------------------------------

HOSTILE = "ev\x1b]0;PWN\x07il\nWinner: Mallory with 999\u202e"
ESCAPED = "ev\\x1b]0;PWN\\x07il\\nWinner: Mallory with 999\\u202e"


@pytest.mark.parametrize("args", [
    ["score", FRIDAY, "-o", f"{HOSTILE}=true"],
    ["score", FRIDAY, "-o", f"thief.{HOSTILE}=1"],
    ["score", FRIDAY, "-o", f"thief.timing={HOSTILE}"],
    ["score", FRIDAY, "-r", HOSTILE],
    ["rules", "show", HOSTILE],
    ["disputes", FRIDAY, "--knob", HOSTILE],
    ["simulate", FRIDAY, "--bots", HOSTILE],
    ["score", f"--{HOSTILE}"],
    [HOSTILE],
], ids=["-o option", "-o knob", "-o value", "-r", "rules show", "--knob", "--bots", "unknown option", "command"])
def test_usage_errors_quote_the_command_line_on_one_safe_line(args):
    res = bids(*args)
    err = res.stderr.decode()
    assert res.returncode == 2, err
    assert_no_raw_control(res.stderr)
    assert not any(line.startswith("Winner") for line in err.splitlines()), err
    # A value is shown as TOML writes it (item 14): a basic string, its controls as \u escapes.
    toml = '"ev\\u001b]0;PWN\\u0007il\\nWinner: Mallory with 999\\u202e"'
    assert ESCAPED in err or ("thief.timing=" in args[-1] and toml in err), err


@settings(max_examples=60, deadline=None)
@given(text=st.text(min_size=1, max_size=20).filter(lambda t: "\x00" not in t),
       where=st.sampled_from(["-o key", "-o value", "-r", "rules show", "--knob", "--bots"]))
def test_any_argument_quoted_in_a_usage_error_stays_on_one_safe_line(text, where):
    args = {"-o key": ["score", FRIDAY, "-o", f"x{text}=1"], "-o value": ["score", FRIDAY, "-o", f"thief.timing=x{text}"],
            "-r": ["score", FRIDAY, "-r", f"no-such-{text}"], "rules show": ["rules", "show", f"no-such-{text}"],
            "--knob": ["disputes", FRIDAY, "--knob", f"x{text}"], "--bots": ["simulate", FRIDAY, "--bots", f"x{text}"]}
    res = run(*args[where])
    assert res.exit_code == 2, res.output
    assert_no_raw_control(res.stderr)
    lines = res.stderr.splitlines()
    assert len(lines) == 4 and lines[3].startswith("Error: "), lines  # usage, try, blank, the one error line


def test_a_huge_argument_gives_a_short_usage_error():
    res = bids("simulate", FRIDAY, "--bots", "a" * 100_000)
    assert res.returncode == 2
    assert len(res.stderr) < 1200 and b"characters cut" in res.stderr


# -- item 13: every error names its line -------------------------------------------------------------------


def test_a_quoted_key_is_found_at_its_line(tmp_path):
    for head in ('"x y" = 2', "'x y' = 2"):
        path = tmp_path / "q.toml"
        path.write_text(head + "\n" + FRIDAY.read_text())
        res = run("score", path)
        assert res.stderr == (f"error: {path}:1: unknown key 'x y': expected one of ruleset, players, options, "
                              "rounds, title, date, notes, meta, lang\n")


def test_an_empty_ruleset_is_said_at_its_line(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text(FRIDAY.read_text().replace('ruleset = "english"', 'ruleset = ""'))
    for args in (["score", path], ["validate", path]):
        res = run(*args)
        assert res.exit_code == 1
        assert shown(res).count("'ruleset' is empty") == 1
        assert f"{path}:12: 'ruleset' is empty: expected a bundled name (italian, english, spanish, japanese) " \
               "or a path to a ruleset file" in shown(res)


def test_a_log_that_names_itself_as_its_ruleset(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text(FRIDAY.read_text().replace('ruleset = "english"', 'ruleset = "./g.toml"'))
    res = run("score", path)
    assert res.stderr == (f"error: {path}:12: ruleset './g.toml' is this log itself: expected a bundled name "
                          "(italian, english, spanish, japanese) or a ruleset file\n")


def test_an_unknown_round_key_lists_every_key_a_round_may_have(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text(FRIDAY.read_text().replace("[[rounds]]\n", '[[rounds]]\n"lead er" = "Ana"\n', 1))
    res = run("validate", path)
    assert "round 1: unknown round key 'lead er' (did you mean 'leader'?): expected one of leader, hands, removed, pile, tricks, notes" \
        in res.stdout


# -- item 14: integer keys are integers; values are TOML -----------------------------------------------------


@pytest.mark.parametrize("key", ['"03"', '"٣"', '"3.0"', '" 3"', '"+3"', '"3_0"', '"๓"'])
def test_a_player_count_key_is_a_plain_number(tmp_path, key):
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "english"\n[deck]\ncolours = {{ 3 = 3, {key} = 14, 4 = 4, 5 = 4, 6 = 4 }}\n',
                    encoding="utf-8")
    res = run("rules", "show", path)
    assert res.exit_code == 1
    shown_key = key.strip('"')
    assert res.stderr == (f"error: {path}:3: deck.colours: key '{shown_key}' is not a player count: expected 3, "
                          "4, 5 or 6, written as a plain number (3 = 1)\n")


@pytest.mark.parametrize(("value", "shown_value"), [
    ("true", "true"), ("{ 4 = 5 }", "{ 4 = 5 }"), ("[1, 2]", "[1, 2]"), ("1.5", "1.5"), ('"it\'s"', '"it\'s"'),
    ("2026-01-02", "2026-01-02"),
])
def test_messages_show_values_as_toml_writes_them(tmp_path, value, shown_value):
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "english"\n[thief]\ntiming = {value}\n')
    res = run("rules", "show", path)
    assert res.stderr == (f"error: {path}:3: {shown_value} is not a value of thief.timing: expected immediate | "
                          "deferred\n")
    assert "True" not in res.stderr and "{'" not in res.stderr


def test_an_option_value_on_the_command_line_is_shown_as_toml():
    res = run("score", FRIDAY, "-o", "thief=1")
    assert res.exit_code == 2 and "option 'thief' must be true or false, not 1" in res.stderr
    res = run("score", FRIDAY, "-o", "deck.colours={4=5}")
    assert "True" not in res.stderr and "{'" not in res.stderr


# -- item 1: the joiners real names need ---------------------------------------------------------------------


def test_a_player_name_may_hold_a_joiner_and_a_trick_line_may_leave_it_out(tmp_path):
    text = FRIDAY.read_text()
    players = text.split("players = ")[1].split("\n")[0]
    path = tmp_path / "g.toml"
    path.write_text(text.replace(players, '["Ana", "Ben", "Cle\u200co", "Dev"]')
                    .replace('hands.Cleo', 'hands."Cle\u200co"'), encoding="utf-8")
    res = run("score", path, "--format", "json")
    assert res.exit_code == 0, res.output
    assert __import__("json").loads(res.stdout)["players"] == ["Ana", "Ben", "Cle\u200co", "Dev"]


@pytest.mark.parametrize(("names", "why"), [
    ('["Ana", "Ben", "A\u200dna"]', "players 'Ana' and 'A\u200dna' differ only in invisible joiners"),
    ('["\u200dAna", "Ben", "Cleo"]', "player name '\\u200dAna' is not valid: it starts or ends with an invisible joiner"),
])
def test_joiners_cannot_make_two_names_look_the_same(tmp_path, names, why):
    path = tmp_path / "g.toml"
    path.write_text(f'ruleset = "english"\nplayers = {names}\n[[rounds]]\ntricks = []\n', encoding="utf-8")
    res = run("validate", path)
    assert res.exit_code == 1
    assert f"{path}:2: {why}" in res.stdout, res.stdout


# -- item 1: file names the recorder prints on every save ---------------------------------------------------


def test_record_refuses_a_file_name_that_would_forge_a_line(tmp_path):
    name = "g\nWinner: Mallory with 999.toml"
    res = bids("record", name, "--players", "Ana,Ben,Cleo", "-r", "english", cwd=tmp_path, stdin=b"quit\n")
    err = res.stderr.decode()
    assert res.returncode == 2
    assert not any(line.startswith("Winner") for line in err.splitlines()), err
    assert "the file name 'g\\nWinner: Mallory with 999.toml' holds a line break (U+000A)" in err
    assert list(tmp_path.iterdir()) == []
    res = bids("record", "ok.toml", "--players", "Ana,Ben,Cleo", "-r", "english", cwd=tmp_path,
               stdin=b"save a\x1b]0;PWN\x07.toml\nquit\n")
    assert b"\x1b" not in res.stdout + res.stderr
    assert "not saved: the file name 'a\\x1b]0;PWN\\x07.toml' holds a control character (U+001B)" in \
        res.stderr.decode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ok.toml"]
