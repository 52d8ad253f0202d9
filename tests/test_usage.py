"""Usage errors are usage errors (issue 8 item 6, cli.md "Exit codes").

A ``-r`` that names nothing, a malformed or unknown ``-o``, a value of the wrong
kind: exit 2 with the message on stderr and nothing on stdout, for every
command that takes them and any number of logs, checked before any file is
read. A ruleset *file* that exists but is broken is invalid input: exit 1.
"""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from tests.commandtree import every_command

FRIDAY = "examples/friday-4p.toml"
THIEF = "examples/thief-6p.toml"
MISSING = "no-such-log.toml"  # never read: the command line is refused first

# Each command that takes a ruleset (-r, or a ruleset argument: `rules show NAME`) or -o, read from
# the click group (a new command is covered without editing this list): its words, `{log}` for a
# log (or deal) it reads, `{out}` for a file it writes, `{ruleset}` for a ruleset argument, and the
# options it requires with a value that works.
REQUIRED = {"ruleset_ref": ["-r", "english"], "ruleset_refs": ["-r", "english"], "players": ["-p", "4"]}


def _command_lines() -> dict[str, tuple[list[str], set[str]]]:
    lines = {}
    for words, cmd in every_command():
        ctx = click.Context(cmd, info_name=words[-1])
        takes = {o for p in cmd.params for o in getattr(p, "opts", ()) if o in ("-r", "-o")}
        line, many = list(words), False
        for p in cmd.params:
            if isinstance(p, click.Argument):
                if p.name == "out":  # the file a command writes (bids record OUT)
                    line.append("{out}")
                elif isinstance(p.type, click.Path):
                    line.append("{log}")
                    many = many or p.nargs == -1
                elif "italian" in [c.value for c in p.shell_complete(ctx, "ital")]:  # a ruleset's name
                    line.append("{ruleset}")
                    takes.add("-r")
                elif p.required:
                    raise AssertionError(f"bids {' '.join(words)}: what goes in its argument {p.name}?")
            elif p.required:
                assert p.name in REQUIRED, f"bids {' '.join(words)}: a value for its required {p.opts[0]}"
                line += REQUIRED[p.name]
        if takes:
            lines[" ".join(words)] = (line, takes)
            if many:
                lines[" ".join(words) + " many"] = (line + [THIEF], takes)
    return lines


COMMANDS = _command_lines()
BAD = {
    "unknown ruleset": (["-r", "nosuch"], "no ruleset 'nosuch': expected a bundled name"),
    "ruleset typo": (["-r", "italain"], "did you mean 'italian'?"),
    "folder as ruleset": (["-r", "examples"], "'examples' is a folder"),
    "option without =": (["-o", "thief"], "option 'thief' should be KEY=VALUE"),
    "option of wrong kind": (["-o", "thief=maybe"], "option 'thief' must be true or false, not 'maybe'"),
    "unknown option": (["-o", "thieff=true"], "unknown option 'thieff' (did you mean 'thief'?)"),
    "unknown knob": (["-o", "thief.timin=deferred"], "unknown knob 'thief.timin'"),
    "knob value of wrong kind": (["-o", "double.scope=3"], "3 is not a value of double.scope"),
}


def bids(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def command_line(command: str, log: str, extra: list[str], tmp: str = "") -> list[str]:
    words, _ = COMMANDS[command]
    words = [w.replace("{log}", log).replace("{out}", f"{tmp}/new-game.toml") for w in words]
    if "{ruleset}" in words and extra[0] == "-r":
        words[words.index("{ruleset}")] = extra[1]  # the ruleset is the argument
        extra = extra[2:]
    return [w.replace("{ruleset}", "english") for w in words] + extra


def test_the_commands_are_read_from_the_click_group():
    assert {"score", "validate", "validate many", "diff", "disputes", "deal", "record", "rules show",
            "season"} <= set(COMMANDS)
    assert "examples" not in COMMANDS and "serve" not in COMMANDS  # they take no ruleset


CASES = [(command, bad) for command, (_, takes) in COMMANDS.items() for bad, (extra, _) in BAD.items()
         if extra[0] in takes]  # each bad -r for each command that takes a ruleset, each bad -o where -o is


@pytest.mark.parametrize("command,bad", CASES, ids=[f"{c}-{b}" for c, b in CASES])
def test_a_bad_command_line_is_a_usage_error_everywhere(command, bad, tmp_path):
    extra, message = BAD[bad]
    for log in (FRIDAY, MISSING):  # the same answer whether or not the log exists: it is never read
        res = bids(*command_line(command, log, extra, str(tmp_path)))
        assert res.exit_code == 2, (command, res.output)
        assert res.stdout == ""
        assert message in res.stderr and "Invalid value for" in res.stderr
        assert "Traceback" not in res.output
    assert list(tmp_path.iterdir()) == []  # record wrote nothing


def test_rules_diff_names_are_checked_too():
    res = bids("rules", "diff", "italian", "klingon")
    assert res.exit_code == 2 and "no ruleset 'klingon'" in res.stderr and res.stdout == ""


def test_disputes_knob_of_the_wrong_kind_is_a_usage_error():
    res = bids("disputes", THIEF, "--knob", "double.scope=3")
    assert res.exit_code == 2 and "3 is not a value of double.scope" in res.stderr


@pytest.fixture
def broken_ruleset(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = "english"\n[thief]\ntiming = "never"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["score", "replay", "validate", "validate many", "diff", "disputes"])
def test_a_broken_ruleset_file_is_invalid_input(command, broken_ruleset):
    res = bids(*command_line(command, FRIDAY, ["-r", str(broken_ruleset)]))
    assert res.exit_code == 1, res.output
    assert res.stdout == ""  # validate too: a broken -r file is not a problem of the log
    assert str(broken_ruleset) in res.stderr and "'never' is not a value of thief.timing" in res.stderr


def test_the_log_naming_an_unknown_ruleset_is_invalid_input(tmp_path):
    log = tmp_path / "game.toml"
    from pathlib import Path

    text = Path(FRIDAY).read_text(encoding="utf-8").replace('ruleset = "english"', 'ruleset = "klingon"')
    log.write_text(text, encoding="utf-8")
    res = bids("score", log)
    assert res.exit_code == 1 and f"{log}:" in res.stderr and "no ruleset 'klingon'" in res.stderr


# -- point to the right tool (issue 8 item 7) ------------------------------------------------------

STEAL = "tests/data/diff-thief-4p.toml"  # italian: Ben's steal in trick 3 is not possible under english


@pytest.mark.parametrize("command", ["score", "replay", "disputes"])
def test_a_steal_the_other_rules_forbid_points_to_diff(command):
    res = bids(command, STEAL, "-r", "english")
    assert res.exit_code == 1 and res.stdout == ""
    lines = res.stderr.splitlines()
    assert lines[0].startswith(f"error: {STEAL}:14: round 1, trick 3: Ben cannot steal here")
    assert lines[1:] == ["  the log was recorded under italian; to see how this deal would have gone under "
                         "english, use:", f"    bids diff {STEAL} -r italian -r english"]
    assert bids(*lines[2].split()[1:]).exit_code == 0  # and that command works


def test_a_card_the_other_deck_lacks_points_to_diff_with_lenient_deck():
    res = bids("score", FRIDAY, "-r", "italian")
    assert res.exit_code == 1
    command = res.stderr.splitlines()[-1].strip()
    assert command == f"bids diff {FRIDAY} -r english -r italian --lenient-deck"
    assert bids(*command.split()[1:]).exit_code == 0


@pytest.mark.parametrize("args", [
    ["score", "examples/broken.toml", "-r", "english"],  # not valid under its own rules either
    ["score", "examples/colour-5p.toml", "-r", "italian"],  # italian refuses Thief with Color Bids: diff too
    ["score", STEAL, "-r", "italian"],  # its own ruleset: nothing to compare
])
def test_no_hint_where_diff_would_not_help(args):
    res = bids(*args)
    assert "bids diff" not in res.output
    assert res.exit_code == (0 if args[-1] == "italian" and args[1] == STEAL else 1)


# -- shell completion ---------------------------------------------------------------------------

def complete(words: list[str], incomplete: str) -> list[str]:
    from click.shell_completion import ShellComplete

    comp = ShellComplete(main, {}, "bids", "_BIDS_COMPLETE")
    return [c.value for c in comp.get_completions(words, incomplete) if c.type == "plain"]


def test_completion_offers_ruleset_names_after_r():
    assert complete(["score", FRIDAY, "-r"], "") == ["italian", "english", "spanish", "japanese"]
    assert complete(["diff", FRIDAY, "-r", "english", "-r"], "it") == ["italian"]
    assert complete(["rules", "show"], "ja") == ["japanese"]


def test_completion_after_r_leaves_paths_to_the_shell():
    from click.shell_completion import ShellComplete

    items = ShellComplete(main, {}, "bids", "_BIDS_COMPLETE").get_completions(["score", FRIDAY, "-r"], "exa")
    assert [(c.type, c.value) for c in items] == [("file", "exa")]


def test_completion_offers_option_and_knob_names_then_values_after_o():
    from bidscli.rules.knobs import KNOBS, TABLE_OPTIONS

    words = complete(["score", FRIDAY, "-o"], "")
    assert words == [f"{k}=" for k in (*TABLE_OPTIONS, *KNOBS)]
    assert complete(["score", FRIDAY, "-o"], "thief.t") == ["thief.timing="]
    assert complete(["score", FRIDAY, "-o"], "thief.timing=") == ["thief.timing=immediate", "thief.timing=deferred"]
    assert complete(["replay", FRIDAY, "-o"], "ally=t") == ["ally=true"]
    assert complete(["disputes", FRIDAY, "--knob"], "double.s") == ["double.scope"]


def test_completion_offers_bot_names_seat_by_seat():
    from bidscli.sim.bots import BOTS

    assert complete(["simulate", FRIDAY, "--bots"], "") == list(BOTS)
    assert complete(["study", "-r", "english", "-p", "3", "--bots"], "greedy,l") == ["greedy,lucky"]


def test_completion_never_reports_a_usage_error_while_typing():
    # Parsing for completion is resilient: a half-typed -r or -o is no error.
    assert complete(["score", FRIDAY, "-r", "nosuch", "-o", "thief=maybe", "--format"], "j") == ["json"]


def test_knob_reference_lists_every_knob_with_its_allowed_values():
    from pathlib import Path

    from bidscli.report.render import cell_text
    from bidscli.rules.knobs import KNOBS, knob_value
    from bidscli.rules.ruleset import load_ruleset

    text = (Path(__file__).resolve().parent.parent / "docs" / "knobs.md").read_text(encoding="utf-8")
    bundled = [load_ruleset(n) for n in ("italian", "english", "japanese")]
    for name, knob in KNOBS.items():  # the row as written: allowed values, each ruleset's value, meaning
        values = " | ".join(f"`{cell_text(knob_value(r.knobs[name]))}`" for r in bundled)
        assert f"| `{name}` | {knob.values_in_words()} | {values} | {knob.doc} | {knob.label} |" in text, name


def test_pyproject_license_is_an_spdx_string_for_a_setuptools_that_reads_it():
    # setuptools < 77 does not know SPDX strings; >= 77 warns about the old table form (make demo).
    import re
    import tomllib
    from pathlib import Path

    doc = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert doc["project"]["license"] == "MIT"
    (req,) = [r for r in doc["build-system"]["requires"] if r.startswith("setuptools")]
    assert int(re.search(r">=\s*(\d+)", req).group(1)) >= 77


def test_bash_completion_end_to_end():
    # The protocol the bash script speaks (`_BIDS_COMPLETE=bash_complete`), in a real process.
    import os
    import subprocess
    import sys
    from pathlib import Path

    bids_script = Path(sys.executable).parent / "bids"
    if not bids_script.exists():
        pytest.skip("the bids console script is not installed next to this Python")
    env = {**os.environ, "_BIDS_COMPLETE": "bash_complete", "COMP_WORDS": "bids score x.toml -r ", "COMP_CWORD": "4"}
    out = subprocess.run([str(bids_script)], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.splitlines() == ["file,", "plain,italian", "plain,english", "plain,spanish", "plain,japanese"]
    env.update(COMP_WORDS="bids simulate x.toml --bots default,gr", COMP_CWORD="4")
    out = subprocess.run([str(bids_script)], env=env, capture_output=True, text=True)
    assert out.stdout.splitlines() == ["plain,default,greedy"]



@pytest.mark.parametrize("words,lang", [([], "en"), (["rules"], "en"), ([], "ja"), (["rules"], "it")])
def test_a_group_without_its_command_shows_its_help_whole(words, lang):
    """``bids`` alone, the first thing a new user types, shows the help as ``--help`` does, line by
    line (not flattened onto one line with its line breaks written as \\n, nor cut short)."""
    shown = CliRunner().invoke(main, words, env={"BIDS_LANG": lang})
    asked = CliRunner().invoke(main, [*words, "--help"], env={"BIDS_LANG": lang})
    assert shown.exit_code == 2 and "Traceback" not in shown.output
    assert "\\n" not in shown.output and "characters cut" not in shown.output
    assert [line.rstrip() for line in shown.output.splitlines() if line.strip()] == \
        [line.rstrip() for line in asked.output.splitlines() if line.strip()]
