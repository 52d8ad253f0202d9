"""What a command writes (`--out`, `--html`, `record FILE`), issue 32 item 5: never a file the same
command reads (its log, a ruleset, a log found in a folder), even with `--force`; and an empty
name is the same usage error for every command.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = ROOT / "examples" / "friday-4p.toml"
HOUSE = ROOT / "examples" / "house.toml"
READS = "is a file this command reads: bidscli never writes over its own input, even with --force (write to another file)"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A folder with a log (g.toml), a house ruleset and a log that names it (h.toml), entered."""
    shutil.copy(FRIDAY, tmp_path / "g.toml")
    shutil.copy(HOUSE, tmp_path / "house.toml")
    text = FRIDAY.read_text(encoding="utf-8").replace('ruleset = "english"', 'ruleset = "house.toml"')
    (tmp_path / "h.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("args, flag, example", [
    (["deal", "-r", "english", "--players", "4", "--out", ""], "--out", "game.toml"),
    (["simulate", FRIDAY, "--out", ""], "--out", "game.toml"),
    (["examples", "friday-4p", "--out", ""], "--out", "game.toml"),
    (["report", FRIDAY, "--out", ""], "--out", "friday.html"),  # it said "report needs --out"
    (["study", "-r", "english", "-p", "4", "-g", "10", "--html", ""], "--html", "study.html"),  # played, wrote nothing
    (["season", FRIDAY, "--html", ""], "--html", "season.html"),  # printed the season, wrote nothing
])
def test_an_empty_file_name_is_one_usage_error_everywhere(args, flag, example):
    # deal, simulate and examples said it with exit 1, report asked for --out, season and study
    # said nothing.
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert res.stdout == ""
    assert res.stderr.splitlines()[-1] == (f"Error: Invalid value for '{flag}': an empty file name: expected a path "
                                           f"to write to (e.g. {flag} {example})")


@pytest.mark.parametrize("args, target", [
    (["deal", "-r", "house.toml", "--players", "4", "--out", "house.toml"], "house.toml"),  # its ruleset
    (["simulate", "g.toml", "--out", "g.toml"], "g.toml"),  # its deal
    (["report", "g.toml", "--out", "g.toml"], "g.toml"),  # its log
    (["report", "h.toml", "--out", "house.toml"], "house.toml"),  # the ruleset its log names
    (["report", "g.toml", "-r", "english", "-r", "house.toml", "--out", "house.toml"], "house.toml"),
    (["study", "-r", "house.toml", "-p", "4", "-g", "10", "--html", "house.toml"], "house.toml"),
    (["season", "g.toml", "--html", "g.toml"], "g.toml"),
    (["season", ".", "--html", "g.toml"], "g.toml"),  # a log found in the folder it walks
    (["season", "h.toml", "--html", "house.toml"], "house.toml"),
    (["record", "house.toml", "--players", "Ana,Ben,Cleo", "-r", "house.toml"], "house.toml"),
])
@pytest.mark.parametrize("force", [True, False])
def test_a_file_the_command_reads_is_never_written_over(table, args, target, force):
    before = {p.name: p.read_bytes() for p in table.iterdir()}
    res = run(*args, *(["--force"] if force else []))
    assert res.exit_code == 1, res.output
    last = res.stderr.splitlines()[-1]
    # Without --force it may be refused as a file that exists first (before season walks its folder).
    assert last == f"error: {target}: {READS}" or (not force and "exists" in last), last
    assert {p.name: p.read_bytes() for p in table.iterdir()} == before


def test_nor_through_a_symlink_or_another_name(table):
    (table / "link.toml").symlink_to("g.toml")  # with --force a link is written through
    os.link(table / "g.toml", table / "same.toml")  # a hard link: the same file
    before = (table / "g.toml").read_bytes()
    for out in ("link.toml", "same.toml"):
        res = run("report", "g.toml", "--out", out, "--force")
        assert res.exit_code == 1 and res.stderr.splitlines()[-1] == f"error: {out}: {READS}"
    assert (table / "g.toml").read_bytes() == before and (table / "link.toml").is_symlink()


def test_what_workers_read_counts_too(table):
    # season --jobs 2: the logs, and the ruleset each names, are read in worker processes.
    for i in range(120):
        shutil.copy(table / "h.toml", table / f"g{i:03}.toml")
        (table / f"g{i:03}.toml").write_text(f"# {i}\n" + (table / "h.toml").read_text())
    (table / "h.toml").unlink()
    (table / "g.toml").unlink()
    before = (table / "house.toml").read_bytes()
    res = subprocess.run([sys.executable, "-m", "bidscli", "season", ".", "--jobs", "2", "--html", "house.toml",
                          "--force"], capture_output=True, text=True, cwd=table, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert res.returncode == 1, res.stderr
    assert res.stderr.splitlines()[-1] == f"error: house.toml: {READS}"
    assert (table / "house.toml").read_bytes() == before


def test_force_still_replaces_a_file_the_command_does_not_read(table):
    (table / "old.html").write_text("old")
    res = run("report", "g.toml", "--out", "old.html", "--force")
    assert res.exit_code == 0, res.output
    assert (table / "old.html").read_text().startswith("<!DOCTYPE html>")
    # and a later command may write over what an earlier one read: the list is the command's own
    res = run("deal", "-r", "english", "--players", "4", "--out", "g.toml", "--force")
    assert res.exit_code == 0, res.output
