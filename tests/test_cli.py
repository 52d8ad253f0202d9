"""The command line as cli.md fixes it: output shapes, messages and exit codes.

Most tests drive the click app in-process (CliRunner: stdout and stderr apart);
one runs ``python -m bidscli`` as a real process.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.rules.knobs import KNOBS
from bidscli.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = "examples/friday-4p.toml"
THIEF = "examples/thief-6p.toml"
BROKEN = "examples/broken.toml"


def bids(*args):
    return CliRunner().invoke(main, list(args))


# -- score ----------------------------------------------------------------------------


def test_score_json_shape_per_cli_md():
    res = bids("score", FRIDAY, "--format", "json")
    assert res.exit_code == 0
    assert res.stderr == ""
    doc = json.loads(res.stdout)
    for key in ("file", "ruleset", "players", "rounds", "bonuses", "totals", "ranking"):
        assert key in doc
    assert doc["file"] == FRIDAY and doc["ruleset"] == "english"
    assert doc["players"] == ["Ana", "Ben", "Cleo", "Dev"]
    assert [r["number"] for r in doc["rounds"]] == [1, 2, 3]
    first = doc["rounds"][0]["tricks"][0]
    assert {k: first[k] for k in ("number", "leader", "revealed", "plays", "winner", "points", "reason")} == {
        "number": 1, "leader": "Ana", "revealed": ["K5"],
        "plays": [["Ana", "R5"], ["Ben", "G4"], ["Cleo", "K6"], ["Dev", "Y2"]],
        "winner": "Cleo", "points": 11, "reason": "highest bid K6",
    }
    burned = doc["rounds"][0]["tricks"][1]
    assert (burned["winner"], burned["points"]) == (None, 0)
    assert [len(r["tricks"]) for r in doc["rounds"]] == [10, 10, 10]
    assert [r["allies"] for r in doc["rounds"]] == [[], ["Dev", "Ben"], ["Dev", "Cleo"]]
    assert [r["lucky_losers"] for r in doc["rounds"]] == [{"Dev": 8}, {"Ana": 8}, {"Ana": 16}]
    assert doc["bonuses"] == {"Ana": 15, "Ben": 15, "Cleo": 0, "Dev": 0}
    assert doc["totals"] == {"Ana": 43, "Ben": 43, "Cleo": 44, "Dev": 48}
    assert doc["ranking"] == [["Dev", 48], ["Cleo", 44], ["Ana", 43], ["Ben", 43]]
    for p in doc["players"]:
        assert doc["totals"][p] == sum(r["scores"][p] for r in doc["rounds"]) + doc["bonuses"][p]


def test_score_table():
    res = bids("score", FRIDAY)
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert lines[0] == "examples/friday-4p.toml: english (EN), 4 players, options: ally, minus_five"
    assert lines[1].split() == ["rank", "player", "R1", "R2", "R3", "-5", "bonus", "total"]
    rows = [line.split() for line in lines[3:7]]
    assert [(r[0], r[1], r[-1]) for r in rows] == [("1", "Dev", "48"), ("2", "Cleo", "44"), ("3", "Ana", "43"),
                                                   ("3", "Ben", "43")]
    assert lines[7] == "Winner: Dev with 48"


def test_score_csv():
    res = bids("score", FRIDAY, THIEF, "-r", "english", "--format", "csv")
    assert res.exit_code == 0
    rows = list(csv.reader(io.StringIO(res.stdout)))
    assert rows[0] == ["file", "ruleset", "player", "rank", "round1", "round2", "round3", "bonus", "total"]
    assert rows[1] == [FRIDAY, "english", "Dev", "1", "8", "13", "27", "0", "48"]
    assert rows[4] == [FRIDAY, "english", "Ben", "3", "9", "13", "6", "15", "43"]
    assert rows[5] == [THIEF, "english", "Cy", "1", "8", "7", "32", "15", "62"]
    assert len(rows) == 1 + 4 + 6


def test_several_logs_give_a_json_list_in_argument_order():
    res = bids("score", THIEF, FRIDAY, "examples/lowest-3p.toml", "--format", "json")
    assert res.exit_code == 0
    docs = json.loads(res.stdout)
    assert [(d["file"], d["ruleset"]) for d in docs] == [
        (THIEF, "italian"), (FRIDAY, "english"), ("examples/lowest-3p.toml", "japanese")]
    assert [d["ranking"][0] for d in docs] == [["Ada", 46], ["Dev", 48], ["Lin", 60]]


def test_ruleset_option_overrides_the_log():
    it = json.loads(bids("score", THIEF, "--format", "json").stdout)
    en = json.loads(bids("score", THIEF, "-r", "english", "--format", "json").stdout)
    sp = json.loads(bids("score", THIEF, "-r", "spanish", "--format", "json").stdout)
    assert (it["ruleset"], en["ruleset"], sp["ruleset"]) == ("italian", "english", "english")
    assert it["ranking"][0] == ["Ada", 46] and en["ranking"][0] == ["Cy", 62]
    assert sp["totals"] == en["totals"]


def test_ruleset_by_path():
    res = bids("score", FRIDAY, "-r", "examples/house.toml", "--format", "json")
    assert res.exit_code == 0
    doc = json.loads(res.stdout)
    assert doc["ruleset"] == "house-friday"
    assert doc["totals"] == {"Ana": 35, "Ben": 44, "Cleo": 45, "Dev": 29}


def test_table_option_and_knob_overrides():
    # Without the -5 bonus option nobody gets the 15s.
    off = json.loads(bids("score", FRIDAY, "-o", "minus_five=false", "--format", "json").stdout)
    assert off["bonuses"] == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dev": 0}
    assert off["totals"] == {"Ana": 28, "Ben": 28, "Cleo": 44, "Dev": 48}
    # A knob: Dev's round-3 2x no longer doubles his banked 21 (27 -> 6).
    rnd = json.loads(bids("score", FRIDAY, "-o", "double.scope=round", "--format", "json").stdout)
    assert [r["scores"]["Dev"] for r in rnd["rounds"]] == [8, 13, 6]
    assert rnd["totals"]["Dev"] == 27
    both = json.loads(bids("score", FRIDAY, "-o", "minus_five=false", "-o", "double.scope=round",
                           "--format", "json").stdout)
    assert both["totals"] == {"Ana": 28, "Ben": 28, "Cleo": 44, "Dev": 27}


def test_option_can_make_a_log_invalid():
    # thief-6p under italian without the -5 option: the -5 card is no longer in the deck.
    res = bids("score", THIEF, "-o", "minus_five=false")
    assert res.exit_code == 1
    assert res.stderr.strip() == (
        "error: examples/thief-6p.toml:27: round 1, trick 5: -5 is not in the italian 6-player deck "
        "(under italian the -5 card comes with option minus_five, which is off: deck.minus_five_by_option)")


def test_log_without_ruleset_and_without_r(tmp_path):
    log = tmp_path / "game.toml"
    log.write_text('players = ["Ana", "Ben", "Cleo"]\n[[rounds]]\ntricks = ["K5: Ana R5, Ben G4, Cleo K7"]\n')
    res = bids("score", str(log))
    assert res.exit_code == 1
    assert res.stdout == ""
    assert res.stderr == (f"error: {log}: no ruleset: the log names none and no -r was given (expected -r italian, "
                          "english, spanish, japanese or a path to a ruleset file)\n")
    ok = bids("score", str(log), "-r", "english", "--format", "json", "--allow-partial")
    assert ok.exit_code == 0
    assert json.loads(ok.stdout)["totals"] == {"Ana": 0, "Ben": 0, "Cleo": 12}


# -- validate -----------------------------------------------------------------------------

LOCATED = re.compile(r"^examples/broken\.toml:(\d+): (round (\d+), trick (\d+): )?\S")


def test_validate_broken_lists_every_error_with_its_location():
    res = bids("validate", BROKEN)
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert len(lines) == 10  # eight mistakes, one marked follow-on, the summary
    assert all(LOCATED.match(line) for line in lines[:9]), lines
    assert sum("(follows from line" in line for line in lines) == 1
    assert lines[9] == "1 file, 0 valid, 1 invalid, 9 errors"
    assert lines[1] == ("examples/broken.toml:23: round 1, trick 2: Cleo leads this trick "
                        "(played the last tied card in trick 1, which burned); the line starts with Dev")
    assert lines[7] == ("examples/broken.toml:58: round 3, trick 9: Dev steals from Ben, but the victim must be "
                        "Ana (weakest bid 1 by Ana (thief.pool = round))")


def test_validate_valid_logs_exit_0():
    res = bids("validate", FRIDAY, THIEF, "examples/colour-5p.toml", "examples/lowest-3p.toml")
    assert res.exit_code == 0
    assert res.stdout.splitlines()[:4] == [f"{f}: valid" for f in (FRIDAY, THIEF, "examples/colour-5p.toml",
                                                                   "examples/lowest-3p.toml")]


def test_validate_one_bad_log_among_good_ones_exits_1():
    res = bids("validate", FRIDAY, BROKEN)
    assert res.exit_code == 1
    assert res.stdout.splitlines()[0] == f"{FRIDAY}: valid"


def test_validate_under_another_ruleset():
    res = bids("validate", FRIDAY, "-r", "italian")
    assert res.exit_code == 1
    assert res.stdout.splitlines()[0] == ("examples/friday-4p.toml:19: round 1: the pile has 11 cards, "
                                          "expected 10 (11 black cards - 1 dealt to hands)")


def test_validate_json():
    res = bids("validate", BROKEN, "--format", "json")
    assert res.exit_code == 1
    doc = json.loads(res.stdout)
    assert doc["file"] == BROKEN and doc["valid"] is False
    assert len(doc["errors"]) == 9  # eight mistakes and one marked follow-on
    assert {k: doc["errors"][1][k] for k in ("line", "round", "trick", "player", "message")} == {
        "line": 23, "round": 1, "trick": 2, "player": "Dev",
        "message": "Cleo leads this trick (played the last tied card in trick 1, which burned); the line starts with Dev"}
    assert [(e["line"], e["round"], e["trick"]) for e in doc["errors"]] == [
        (18, None, None), (23, 1, 2), (31, 1, 10), (38, 2, 3), (43, 2, 8), (43, 2, 8), (55, 3, 6), (58, 3, 9), (65, 4, 2)]
    ok = bids("validate", FRIDAY, "--format", "json")
    assert ok.exit_code == 0
    assert json.loads(ok.stdout) == {"file": FRIDAY, "valid": True, "errors": []}
    both = bids("validate", FRIDAY, BROKEN, "--format", "json")
    assert [(d["file"], d["valid"]) for d in json.loads(both.stdout)] == [(FRIDAY, True), (BROKEN, False)]


# -- replay ---------------------------------------------------------------------------------


def test_replay_explain_names_knobs_and_sources(monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # unwrapped lines (wrapping: test_width.py)
    res = bids("replay", THIEF, "-r", "english", "--explain")
    assert res.exit_code == 0
    out = res.stdout
    assert "   7. [Thief] Bo Y8, Cy Y13, Dee Y9, Eli G8, Fay B5, Ada R10 -> Cy +0 (highest bid Y13); " \
           "Cy steals K8 from Fay" in out
    assert "lucky loser: Fay holds no black card taken this round: lucky round 1, 7 points " \
           "(lucky_loser.progression = progressive) [lucky_loser.condition = no_black_cards; EN]" in out
    # The bracket names the knob deciding the line, the text does not say it again (review item 19).
    assert "steals at once: " in bids("replay", THIEF, "-r", "italian", "--explain").stdout
    for line in (out + bids("replay", THIEF, "-r", "italian", "--explain").stdout).splitlines():
        for knob, value in re.findall(r"\[([a-z_.]+) = ([^;\]]*);", line):
            assert f"{knob} = {value})" not in line and f"({knob} = {value};" not in line, line
    assert "[double.scope = game; EN]" in out
    assert out.rstrip().endswith("Totals: Cy 62, Ada 61, Fay 46, Bo 42, Eli 41, Dee 22")


# -- rules ------------------------------------------------------------------------------------


def test_rules_list(monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # one line a ruleset (narrower terminals: test_width.py)
    res = bids("rules", "list")
    assert res.exit_code == 0
    rows = {line.split()[0].rstrip(","): line for line in res.stdout.splitlines()[2:] if line[:1].isalpha()}
    assert set(rows) == {"italian", "english", "japanese"}
    assert rows["english"].startswith("english, spanish  EN")
    assert rows["italian"].split()[1] == "IT" and rows["japanese"].split()[1] == "JA"
    doc = json.loads(bids("rules", "list", "--format", "json").stdout)
    assert [(d["name"], d["source"], d["aliases"]) for d in doc] == [
        ("italian", "IT", []), ("english", "EN", ["spanish"]), ("japanese", "JA", [])]


def test_rules_show_lists_every_knob_with_value_source_and_unstated_marker(monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # one line a knob (narrower terminals: test_width.py)
    res = bids("rules", "show", "italian")
    assert res.exit_code == 0
    rs = load_ruleset("italian")
    lines = res.stdout.splitlines()
    by_knob = {line.split()[0]: line for line in lines if line.split() and line.split()[0] in KNOBS}
    assert set(by_knob) == set(KNOBS)
    for name, line in by_knob.items():
        if rs.is_unstated(name):
            assert "UNSTATED" in line, line
        else:
            assert "UNSTATED" not in line and rs.source_of(name)[:20] in line, line
    for name, line in by_knob.items():  # the value column, for the knobs with a one-word value
        value = rs[name]
        if isinstance(value, (str, bool, int)):
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            assert re.split(r"\s{2,}", line)[1] == shown, line
    timing = re.split(r"\s{2,}", by_knob["thief.timing"])
    assert timing[:3] == ["thief.timing", "immediate", "immediate | deferred"]  # with the allowed values
    assert timing[3].startswith('IT "Carta Ladro": the winner of the trick')
    assert re.split(r"\s{2,}", by_knob["deck.short_pile"]) == ["deck.short_pile", "empty_centre",
                                                                "empty_centre | error", "UNSTATED: house default"]
    unstated = sum("UNSTATED" in line for line in by_knob.values())
    assert unstated == sum(rs.is_unstated(k) for k in KNOBS) >= 10


def test_rules_show_gives_each_knob_in_the_players_words(monkeypatch):
    # Issue 23, item 14: the label under the knob's name, and in the JSON.
    monkeypatch.setenv("COLUMNS", "1000")
    lines = bids("rules", "show", "italian").stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("double.scope "))
    assert " ".join(ln[:31].strip() for ln in lines[at + 1:at + 3]).startswith("2x doubles: this round / the whole game")
    doc = json.loads(bids("rules", "show", "italian", "--format", "json").stdout)
    scope = next(k for k in doc["knobs"] if k["knob"] == "double.scope")
    assert scope["label"] == "2x doubles: this round / the whole game"


def test_rules_show_json_has_every_knob():
    doc = json.loads(bids("rules", "show", "english", "--format", "json").stdout)
    assert [k["knob"] for k in doc["knobs"]] == list(KNOBS)
    timing = next(k for k in doc["knobs"] if k["knob"] == "thief.timing")
    assert (timing["value"], timing["unstated"]) == ("deferred", False)


def test_rules_show_deck_math_for_five_players():
    res = bids("rules", "show", "english", "--players", "5")
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    i = lines.index("Deck for 5 players (english, options as given):")
    assert lines[i + 1:i + 5] == [
        "  coloured: R, G, Y, B 1-12 = 48 cards",
        "  black deck: K1-K12 + -5, 2x = 14 cards",
        "  hand pool: 48 coloured + 2 black = 50",
        "  hand size 10, removed at the deal 0, point pile 12, tricks a round 10",
    ]
    assert "Deck for 4 players" not in res.stdout
    it = bids("rules", "show", "italian", "--players", "5").stdout
    assert "  hand size 8, removed at the deal 2, point pile 8, tricks a round 8" in it


def test_rules_show_house_ruleset(monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")
    res = bids("rules", "show", "examples/house.toml", "--players", "4")
    assert res.exit_code == 0
    rows = {line.split()[0]: re.split(r"\s{2,}", line) for line in res.stdout.splitlines()
            if line.split() and line.split()[0] in KNOBS}
    assert rows["double.scope"] == ["double.scope", "round", "round | game", "house: house-friday"]
    assert rows["lucky_loser.progression"][:2] == ["lucky_loser.progression", "flat"]
    assert rows["lucky_loser.progression"][-1] == "house: house-friday"
    assert rows["ally.rounding"] == ["ally.rounding", "ceil", "floor | ceil", "house: house-friday"]
    assert rows["thief.timing"][1] == "deferred"  # inherited from english


def test_rules_diff_italian_english():
    res = bids("rules", "diff", "italian", "english")
    assert res.exit_code == 0
    it, en = load_ruleset("italian"), load_ruleset("english")
    differ = [k for k in KNOBS if it[k] != en[k]]
    assert res.stdout.splitlines()[0] == (f"{len(differ)} knobs differ between italian and english (each knob's "
                                          "sources under it):")
    listed = [line.split()[0] for line in res.stdout.splitlines()[3:] if line[:1].isalpha()]
    assert listed == differ
    assert "double.scope" in differ and "thief.timing" in differ and "deck.hand_size" not in differ
    doc = json.loads(bids("rules", "diff", "italian", "english", "--format", "json").stdout)
    assert [row["knob"] for row in doc["knobs"]] == differ


def test_rules_diff_of_a_ruleset_and_its_alias_names_both():
    # spanish is another name of the english ruleset (rules list): say so, not "english and english".
    res = bids("rules", "diff", "english", "spanish")
    assert res.exit_code == 0
    assert res.stdout == "english and spanish (english) set every knob the same way.\n"


def test_rules_diff_of_two_files_with_the_same_name(tmp_path):
    # Both house files are named house-friday: the columns are told apart by position
    # (the first side used to show None, its value lost under the shared key).
    other = tmp_path / "house2.toml"
    other.write_text((ROOT / "examples" / "house.toml").read_text(encoding="utf-8")
                     .replace('scope = "round"', 'scope = "game"'), encoding="utf-8")
    res = bids("rules", "diff", "examples/house.toml", str(other))
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert lines[1].split() == ["knob", "house-friday", "(1)", "house-friday", "(2)"]
    row = [line.split() for line in lines if line.startswith("double.scope")]
    assert row == [["double.scope", "round", "game"]]
    assert lines[-1] == "  house-friday (1), house-friday (2): house: house-friday"  # the same source, once
    doc = json.loads(bids("rules", "diff", "examples/house.toml", str(other), "--format", "json").stdout)
    assert doc["knobs"][0]["house-friday (1)"] == "round" and doc["knobs"][0]["house-friday (2)"] == "game"


# -- --help: examples everywhere, --format json wherever a report is printed ------------------


def _commands(group=main, prefix=()):
    """Every command and subcommand, as click looks them up (the group imports each lazily)."""
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        yield (*prefix, name), cmd
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, (*prefix, name))


@pytest.mark.parametrize("words", [w for w, _ in _commands()], ids=" ".join)
def test_every_help_has_examples_and_says_how_to_get_json(words):
    res = bids(*words, "--help")
    assert res.exit_code == 0
    assert "Examples:" in res.stdout
    cmd = dict(_commands())[words]
    if hasattr(cmd, "commands"):
        return
    if words[0] in ("deal", "simulate", "record", "serve"):  # game logs, a server: the help says where JSON is
        assert "--format" not in [o for p in cmd.params for o in p.opts]
        assert "no --format" in res.stdout
    else:
        assert "json" in next(p for p in cmd.params if "--format" in p.opts).type.choices


# -- usage errors and broken input: exit codes, never a traceback -------------------------


@pytest.mark.parametrize("args", [
    ["score"],
    ["frobnicate"],
    ["score", FRIDAY, "--format", "xml"],
    ["rules", "show", "italian", "--players", "7"],
    ["replay"],
    ["score", FRIDAY, "--no-such-flag"],
])
def test_usage_errors_exit_2(args):
    res = bids(*args)
    assert res.exit_code == 2
    assert "Usage:" in res.stderr and "Traceback" not in res.output


@pytest.fixture
def junk(tmp_path):
    (tmp_path / "dir.toml").mkdir()
    (tmp_path / "bin.toml").write_bytes(b"\x00\x01\xff\xfe binary")
    (tmp_path / "empty.toml").write_text("")
    (tmp_path / "bad.toml").write_text('players = ["A", "B"\n')
    return tmp_path


BROKEN_INPUTS = [
    # (command, file or None, extra args, exit code, message on stderr/stdout)
    ("score", "missing.toml", [], 1, "missing.toml: cannot read: No such file or directory"),
    ("score", "dir.toml", [], 1, "no .toml logs in this folder"),  # score takes folders (issue 24)
    ("score", "bin.toml", [], 1, "bin.toml:1: not UTF-8 text"),
    ("score", "empty.toml", [], 1, "empty.toml: no 'players'"),
    ("score", "bad.toml", [], 1, "bad.toml:1: invalid TOML"),
    ("score", FRIDAY, ["-r", "klingon"], 2, "no ruleset 'klingon'"),
    ("score", FRIDAY, ["-o", "thief"], 2, "option 'thief' should be KEY=VALUE"),
    ("score", FRIDAY, ["-o", "bogus=true"], 2, "unknown option 'bogus'"),
    ("score", FRIDAY, ["-o", "thief.timing=sometimes"], 2, "'sometimes' is not a value of thief.timing"),
    ("validate", "missing.toml", [], 1, "missing.toml: cannot read: No such file or directory"),
    ("validate", "bin.toml", [], 1, "bin.toml:1: not UTF-8 text"),
    ("validate", "empty.toml", [], 1, "empty.toml: no 'players'"),
    ("validate", "bad.toml", [], 1, "bad.toml:1: invalid TOML"),
    ("validate", FRIDAY, ["-r", "klingon"], 2, "no ruleset 'klingon'"),
    ("replay", "bad.toml", [], 1, "bad.toml:1: invalid TOML"),
    ("replay", "missing.toml", [], 1, "cannot read"),
]


@pytest.mark.parametrize("command,name,extra,code,message", BROKEN_INPUTS)
def test_broken_inputs_give_a_message_and_no_traceback(junk, command, name, extra, code, message):
    path = name if name.startswith("examples/") else str(junk / name)
    res = bids(command, path, *extra)
    assert res.exit_code == code, res.output
    assert message in res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


@pytest.mark.parametrize("ref,message", [
    ("bin.toml", "ruleset file is not UTF-8 text"),
    ("empty.toml", "knobs not set: deck.colours"),
    ("bad.toml", "invalid TOML"),
])
def test_rules_show_broken_rulesets(junk, ref, message):
    res = bids("rules", "show", str(junk / ref))
    assert res.exit_code == 1
    assert message in res.stderr and "Traceback" not in res.output


def test_python_dash_m_help():
    proc = subprocess.run([sys.executable, "-m", "bidscli", "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0
    assert proc.stdout.startswith("Usage: python -m bidscli [OPTIONS] COMMAND [ARGS]...") or \
        proc.stdout.startswith("Usage: bids [OPTIONS] COMMAND [ARGS]...")
    for command in ("score", "replay", "validate", "rules"):
        assert re.search(rf"^\s+{command}\s", proc.stdout, re.MULTILINE), command
    assert proc.stderr == ""


# -- the README's pasted output stays real ------------------------------------------------------


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _readme_commands(paths=DOCS):
    """(file, command line, expected output lines) for every `$ bids ...` in the code blocks of
    README.md and docs/*.md (run from the repository root, at the default 100 columns)."""
    out = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        inside, current = False, None
        for line in text.splitlines():
            if line.startswith("```"):
                inside, current = not inside, None
            elif inside and line.startswith("$ bids "):
                current = (path.relative_to(ROOT).as_posix(), line[len("$ bids "):], [])
                out.append(current)
            elif inside and current is not None:
                current[2].append(line)
    return out


README_COMMANDS = _readme_commands()


def test_readme_has_pasted_output_for_every_command():
    cmds = [cmd for _, cmd, _ in README_COMMANDS]
    firsts = {cmd.split()[0] if cmd.split()[0] != "rules" else " ".join(cmd.split()[:2]) for cmd in cmds}
    assert {"score", "replay", "validate", "rules list", "rules show", "rules diff", "diff", "disputes",
            "study"} <= firsts
    readme = {cmd.split()[0] for f, cmd, _ in README_COMMANDS if f == "README.md"}
    assert {"score", "validate", "disputes", "diff", "study"} <= readme


def test_every_relative_link_in_readme_and_docs_points_into_the_repo():
    link = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
    checked = 0
    for path in DOCS:
        for target in link.findall(path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                assert not target.startswith("file:"), target
                continue
            dest = (path.parent / target.split("#", 1)[0]).resolve()
            assert dest.exists() and ROOT in dest.parents, f"{path.name}: {target}"
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("doc,command,expected", README_COMMANDS, ids=[f"{f}: {c}" for f, c, _ in README_COMMANDS])
def test_readme_output_is_what_bids_prints(doc, command, expected):
    res = bids(*command.split())
    actual = res.stdout.rstrip("\n").splitlines()
    while expected and expected[-1] == "":
        expected = expected[:-1]
    if "..." not in expected:
        assert actual == expected
        return
    # An excerpt: the lines between the "..." markers appear in this order, each run contiguous.
    runs, run = [], []
    for line in expected + ["..."]:
        if line == "...":
            if run:
                runs.append(run)
            run = []
        else:
            run.append(line)
    pos = 0
    for lines in runs:
        for start in range(pos, len(actual) - len(lines) + 1):
            if actual[start:start + len(lines)] == lines:
                pos = start + len(lines)
                break
        else:
            raise AssertionError(f"{doc}: excerpt not found in order in `bids {command}`:\n" + "\n".join(lines))


def test_log_names_a_house_ruleset_relative_to_its_folder(tmp_path):
    (tmp_path / "house.toml").write_text((ROOT / "examples" / "house.toml").read_text(encoding="utf-8"))
    text = (ROOT / FRIDAY).read_text(encoding="utf-8").replace('ruleset = "english"', 'ruleset = "house.toml"')
    (tmp_path / "friday.toml").write_text(text)
    res = bids("score", str(tmp_path / "friday.toml"), "--format", "json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["ruleset"] == "house-friday"
    assert doc["totals"] == {"Ana": 35, "Ben": 44, "Cleo": 45, "Dev": 29}


# -- wording (review item 19) -----------------------------------------------------------------


def test_counts_are_singular_or_plural_as_they_come(tmp_path):
    # A trick worth -1 (K4 and the -5), 0 (the 2x), 8 and 1 point, as replay --explain says it.
    log = tmp_path / "points.toml"
    log.write_text('ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n[options]\nminus_five = true\n'
                   '[[rounds]]\ntricks = ["K4: Ana R10, Ben -5, Cleo Y3", "2x: Ana G1, Ben R2, Cleo Y9",\n'
                   '  "K8: Cleo R9, Ana G8, Ben G5", "K1: Cleo R1, Ana Y1, Ben Y5"]\n')
    res = bids("replay", str(log), "--explain", "--allow-partial")
    assert res.exit_code == 0, res.output
    takes = [line.strip() for line in res.stdout.splitlines() if " takes " in line]
    assert takes == ["- Ana takes K4 (+4) + -5 (-5) = -1 point", "- Cleo takes 2x (+0) = 0 points",
                     "- Cleo takes K8 (+8) = 8 points", "- Ben takes K1 (+1) = 1 point"]
    one = bids("disputes", "examples/friday-4p.toml").stdout
    two = bids("disputes", "examples/thief-6p.toml").stdout
    assert "winner: 1 change (1 set;" in one and "winner: 1 change (2 sets;" in two
    assert "(s)" not in one + two


def test_disputes_legend_says_what_it_prints():
    out = bids("disputes", "examples/thief-6p.toml").stdout
    assert "brackets" not in out and "(+n) after a total: its change from the base" in out
    assert re.search(r"\d \([+-]\d+\)", out)  # a total with its change in parentheses


def test_ruleset_names_in_one_order_in_help_errors_and_completion():
    order = "italian, english, spanish, japanese"
    assert order in " ".join(bids("score", "--help").stdout.split())
    err = bids("score", FRIDAY, "-r", "klingon")
    assert err.exit_code == 2 and f"({order})" in err.stderr
    from bidscli.rules.ruleset import bundled_names

    assert ", ".join(bundled_names()) == order


def test_a_name_that_is_no_player_lists_the_players(tmp_path):
    log = tmp_path / "zed.toml"
    log.write_text('ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n\n[[rounds]]\nleader = "Zed"\n'
                   'tricks = ["K5: Ana R1, Zed R2, Cleo R3"]\n', encoding="utf-8")
    res = bids("validate", str(log))
    assert res.exit_code == 1
    assert f"{log}:5: round 1: leader 'Zed' is not a player: expected one of Ana, Ben, Cleo\n" in res.stdout
    assert f"{log}:6: round 1, trick 1: 'Zed' is not a player: expected one of Ana, Ben, Cleo\n" in res.stdout
    log.write_text(log.read_text(encoding="utf-8").replace("Zed R2", "Bem R2"), encoding="utf-8")
    assert "'Bem' is not a player (did you mean 'Ben'?)\n" in bids("validate", str(log)).stdout  # the nearest


def test_a_missing_path_is_a_file_that_cannot_be_read_for_every_command_of_many_logs(tmp_path):
    # docs/commands.md, exit codes: a missing file is exit 1, said where; validate reports it as
    # an invalid log and goes on, and score and season do the same.
    missing = str(tmp_path / "nothere") + "/"
    said = f"{missing}: cannot read: No such file or directory"
    res = bids("validate", missing, FRIDAY)
    assert res.exit_code == 1 and f"{said}\n" in res.stdout and f"{FRIDAY}: valid" in res.stdout
    res = bids("score", missing, FRIDAY)
    assert res.exit_code == 1 and f"error: {said}\n" in res.stderr and "Winner: Dev with 48" in res.stdout
    res = bids("season", missing, FRIDAY)
    assert res.exit_code == 1 and "1 game," in res.stdout and said in " ".join(res.stdout.split())
