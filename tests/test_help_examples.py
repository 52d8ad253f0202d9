"""Every example in every command's --help works (review item 6: `score examples/*.toml -r italian`
exited 1, house.toml being a ruleset).

The examples run in a tmp folder holding a copy of examples/, in the order the commands are listed
(deal and simulate come first, so the `deal.toml`/`game.toml` they write exist for the rest); the
placeholder folder `logs/` is a copy of a few example logs. `record` reads a table at a terminal:
its examples run in a folder of their own with an empty stdin. `serve` runs until it is stopped:
its examples run as processes, each stopped by SIGTERM once it has printed its links (exit 0;
`--lan` on a machine with no network address but 127.0.0.1 says so and exits 1).
`validate examples/broken.toml` shows the errors of a broken log, so it exits 1 with them listed.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FIRST = ("deal", "simulate")  # they write the files later examples name


def _commands(group=main, prefix=()):
    ctx = click.Context(group)  # the group imports each command as click looks it up
    for name, cmd in ((n, group.get_command(ctx, n)) for n in sorted(group.list_commands(ctx))):
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, prefix + (name,))
        else:
            yield prefix + (name,), cmd


def _examples():
    out = []
    for words, cmd in _commands():
        text = cmd.help or ""
        if "Examples:" not in text:
            continue
        for line in text.split("Examples:", 1)[1].splitlines():
            line = line.strip()
            if line.startswith("bids "):
                out.append((words, line))
    out.sort(key=lambda e: (e[0][0] not in FIRST, FIRST.index(e[0][0]) if e[0][0] in FIRST else 0))
    return out


def test_every_help_example_runs(tmp_path, monkeypatch):
    examples = _examples()
    assert len(examples) >= 25 and any("examples/" in line for _, line in examples)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    (tmp_path / "logs").mkdir()
    for name in ("friday-4p.toml", "thief-6p.toml"):
        shutil.copy(ROOT / "examples" / name, tmp_path / "logs" / name)
    (tmp_path / "recording").mkdir()
    (tmp_path / "games").mkdir()
    shutil.copy(ROOT / "examples" / "friday-4p.toml", tmp_path / "games" / "friday-4p.toml")
    failures = []
    for words, line in examples:
        monkeypatch.chdir(tmp_path / "recording" if words[0] == "record" else tmp_path)
        if words[0] == "serve":
            problem = _serve_example(shlex.split(line)[1:], tmp_path)
            if problem:
                failures.append((line, problem))
            continue
        for part in re.split(r"\s*&&\s*", line):
            argv = shlex.split(part)[1:]
            res = CliRunner().invoke(main, argv, input="")
            expected = 1 if "examples/broken.toml" in argv else 0
            if res.exit_code != expected or "Traceback" in res.output:
                failures.append((part, res.exit_code, res.output[-300:]))
            elif expected:
                assert "9 errors" in res.output
    assert failures == [], "\n".join(map(str, failures))


def _serve_example(argv: list[str], cwd: Path) -> str | None:
    """A `bids serve` example as a process: its links printed, then SIGTERM: exit 0."""
    import os
    import signal
    import subprocess
    import sys

    if "--port" not in argv:
        argv += ["--port", "0"]  # the default port may be taken by another run
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "bidscli", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = proc.stdout.readline()
        if not first.startswith("scorekeeper: http://"):
            proc.wait(timeout=60)
            err = proc.stderr.read()
            if "--lan" in argv and proc.returncode == 1 and "no network address besides 127.0.0.1" in err:
                return None
            return f"no link printed (exit {proc.returncode}): {err[-300:]}"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        if proc.returncode != 0 or "Traceback" in err:
            return f"exit {proc.returncode} on SIGTERM: {err[-300:]}"
        return None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_score_and_replay_of_a_ruleset_file_say_so_as_validate_does():
    for argv in (["score", "examples/house.toml"], ["replay", "examples/house.toml"],
                 ["validate", "examples/house.toml"]):
        res = CliRunner().invoke(main, [argv[0], str(ROOT / argv[1])])
        assert res.exit_code == 1, argv
        assert "a ruleset file, not a game log" in res.output
        assert "unknown key" not in res.output


def test_deal_help_and_header_say_truthfully_what_checks_a_deal(tmp_path, monkeypatch):
    """validate --allow-partial accepts a fresh deal, as cli.md promises (issue 32 item 15; it
    said "nothing to score", exit 1, and the help and header said so), and checks it."""
    monkeypatch.chdir(tmp_path)
    help_text = " ".join(CliRunner().invoke(main, ["deal", "--help"]).output.split())
    assert "`bids simulate` and `bids record --deal` check a deal before playing it" in help_text
    assert "checks it too, and accepts it before any trick is in" in help_text
    assert CliRunner().invoke(main, ["deal", "-r", "english", "-p", "4", "--seed", "7", "--out", "d.toml"]).exit_code == 0
    header = (tmp_path / "d.toml").read_text(encoding="utf-8")
    assert "both check the deal first" in header and "`bids validate --allow-partial` checks the deal now" in header
    res = CliRunner().invoke(main, ["validate", "d.toml", "--allow-partial"])
    assert (res.exit_code, res.output) == (0, "d.toml: valid\n1 file, 1 valid, 0 invalid, 0 errors\n")
    res = CliRunner().invoke(main, ["validate", "d.toml"])  # without it: nothing to score yet
    assert res.exit_code == 1 and "nothing to score" in res.output
    bad = header.replace('pile = ["', 'pile = ["R1", "', 1)
    (tmp_path / "bad.toml").write_text(bad, encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", "bad.toml", "--allow-partial"])  # the deal is checked
    assert res.exit_code == 1 and "the pile has" in res.output
    for argv in (["simulate", "bad.toml", "--out", "g.toml"], ["record", "r.toml", "--deal", "bad.toml"]):
        res = CliRunner().invoke(main, argv, input="")
        assert res.exit_code == 1 and "the pile has" in res.output, argv
    assert not (tmp_path / "g.toml").exists() and not (tmp_path / "r.toml").exists()


def test_a_card_played_three_times_names_its_first_holder(tmp_path):
    """Review item 17: the second repeat named B (itself a repeat) instead of A."""
    log = tmp_path / "dup.toml"
    log.write_text('ruleset = "english"\nplayers = ["A", "B", "C"]\n\n[[rounds]]\n'
                   'tricks = ["K5: A R5, B R5, C R5"]\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", str(log), "--allow-partial"])
    assert res.exit_code == 1
    assert "B played R5, but it is already in the round (played by A in trick 1)" in res.output
    assert "C played R5, but it is already in the round (played by A in trick 1)" in res.output


def test_study_accepts_jobs_0_as_score_and_validate_do():
    """Review item 13: -j 0 (one per core) was a usage error for study only."""
    argv = ["study", "-r", "italian", "-r", "english", "-p", "4", "-g", "4", "--seed", "1", "--format", "json"]
    zero = CliRunner().invoke(main, argv + ["-j", "0"])
    one = CliRunner().invoke(main, argv + ["-j", "1"])
    assert zero.exit_code == 0, zero.output
    assert zero.output == one.output
    assert CliRunner().invoke(main, argv + ["-j", "-1"]).exit_code == 2


def test_a_trailing_comma_after_the_last_play_is_named(tmp_path):
    """Review item 16: "K5: A R5, B G6, C Y5," said "empty play"."""
    log = tmp_path / "comma.toml"
    log.write_text('ruleset = "english"\nplayers = ["A", "B", "C"]\n\n[[rounds]]\n'
                   'tricks = ["K5: A R5, B G6, C Y5,"]\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", str(log), "--allow-partial"])
    assert res.exit_code == 1
    assert "trailing comma after the last play in 'K5: A R5, B G6, C Y5,': remove it" in res.output
    assert "empty play" not in res.output
