"""The console entry point's fast path for `bids score FILE...` (bidscli/entry.py, issue 12).

It must be invisible: the same exit code, stdout and stderr as the click command
for every command line it takes, and click must see every other command line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bidscli.cli import entry

ROOT = Path(__file__).resolve().parent.parent


def _logs(folder: str) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).glob("*.toml")
                  if not p.name.endswith(".expected.toml"))


def _bids(argv: list[str], fast: bool, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "BIDS_NO_FAST_PATH"}
    if not fast:
        env["BIDS_NO_FAST_PATH"] = "1"
    return subprocess.run([sys.executable, "-m", "bidscli", *argv], cwd=ROOT, capture_output=True,
                          env=env, **kw)


def _broken_files(tmp_path: Path) -> list[str]:
    """Logs that fail in each way a reader or the rules can refuse one."""
    files = {
        "empty.toml": b"",
        "not-utf8.toml": b'ruleset = "english"\nplayers = ["Ana\xff"]\n',
        "bad-toml.toml": b'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"\n',
        "no-ruleset.toml": b'players = ["Ana", "Ben", "Cleo"]\n[[rounds]]\ntricks = []\n',
        "escape.toml": b'ruleset = "english"\nplayers = ["A\\u001b]0;x\\u0007na", "Ben", "Cleo"]\n'
                       b'[[rounds]]\ntricks = ["K5: Ana R5, Ben G4, Cleo B3"]\n',
        "missing-ruleset.toml": b'ruleset = "nosuch.toml"\nplayers = ["Ana", "Ben", "Cleo"]\n'
                                b'[[rounds]]\ntricks = []\n',
    }
    files["esc-\x1b[31m-red\u202e.toml"] = files["bad-toml.toml"]  # a file name to sanitise in messages
    files["title-\x1b]0;x\x07.toml"] = (ROOT / "examples/friday-4p.toml").read_bytes()  # ... and in a table
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    return [str(tmp_path / name) for name in files]


CASES = {
    "one log": ["examples/friday-4p.toml"],
    "every example": _logs("examples"),  # broken.toml and a ruleset file among them: exit 1
    "outside logs": _logs("tests/outside"),
    "test data": _logs("tests/data"),
    "unfinished": ["tests/outside/broken/" + p.name for p in sorted((ROOT / "tests/outside/broken").glob("*.toml"))][:6],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_fast_path_is_the_click_command_byte_for_byte(name):
    argv = ["score", *CASES[name]]
    assert entry.fast_score_files(argv) is not None, "the fast path does not take this command line"
    fast, slow = _bids(argv, fast=True), _bids(argv, fast=False)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
    assert fast.stdout or fast.stderr


def test_fast_path_on_broken_logs_is_the_click_command(tmp_path):
    argv = ["score", "examples/friday-4p.toml", *_broken_files(tmp_path)]
    assert entry.fast_score_files(argv) is not None
    fast, slow = _bids(argv, fast=True), _bids(argv, fast=False)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
    assert fast.returncode == 1 and fast.stderr.count(b"error: ") == 7
    assert b"\x1b" not in fast.stdout + fast.stderr  # sanitised on both paths


def test_fast_path_through_a_closed_pipe_is_the_click_command():
    """`bids score MANY | head -1`: exit 1, the same stderr (no traceback), either way."""
    logs = _logs("tests/outside") * 4
    results = []
    for fast in (True, False):
        env = {k: v for k, v in os.environ.items() if k != "BIDS_NO_FAST_PATH"}
        if not fast:
            env["BIDS_NO_FAST_PATH"] = "1"
        proc = subprocess.Popen([sys.executable, "-m", "bidscli", "score", *logs], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away, as `head -1` does
        err = proc.stderr.read()
        results.append((proc.wait(), err))
    assert results[0][0] == results[1][0] == 1
    # How many logs each run scored before its write failed depends on timing (the pipe's buffer,
    # the workers): stderr is the same messages in the same order, one run's a prefix of the other's.
    short, long = sorted((err.splitlines() for _, err in results), key=len)
    assert short and long[:len(short)] == short, (short[-3:], long[:len(short)][-3:])
    for _, err in results:
        assert b"Traceback" not in err and b"Exception ignored" not in err


def test_fast_path_does_not_import_click():
    code = ("import sys\nfrom bidscli.cli.entry import main\n"
            "try:\n    main(['score', 'examples/friday-4p.toml'])\nexcept SystemExit as e:\n    code = e.code\n"
            "assert code == 0 and 'click' not in sys.modules, (code, 'click' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Winner: Dev with 48" in res.stdout


@pytest.mark.parametrize("argv", [
    ["score"],
    ["score", "examples/friday-4p.toml", "--format", "json"],
    ["score", "examples/friday-4p.toml", "-r", "italian"],
    ["score", "-h"],
    ["score", "--", "examples/friday-4p.toml"],
    ["score", "examples"],  # a folder: click's usage error
    ["score", "examples/nosuch.toml"],  # missing: click's path check and the reader's message
    ["score", ""],
    ["validate", "examples/friday-4p.toml"],
    ["replay", "examples/friday-4p.toml"],
    ["--version"],
    [],
])
def test_every_other_command_line_goes_to_click(argv):
    assert entry.fast_score_files(argv) is None


@pytest.mark.parametrize("var", ["_BIDS_COMPLETE", "_BIDSX_COMPLETE"])  # also under another script name
def test_shell_completion_goes_to_click(monkeypatch, var):
    monkeypatch.setenv(var, "bash_complete")
    assert entry.fast_score_files(["score", "examples/friday-4p.toml"]) is None


def test_an_unreadable_log_is_invalid_input_both_ways(nobody):
    """A log the user may not read: exit 1 with the reader's message, the other logs scored, on the
    fast path and through click alike (click's own readable check said exit 2: invalid input is 1)."""
    import shutil

    folder = Path(tempfile.mkdtemp(prefix="bids-entry-"))  # not under pytest's tmp_path: nobody must enter it
    try:
        os.chmod(folder, 0o755)
        shutil.copy(ROOT / "examples/friday-4p.toml", folder / "ok.toml")
        shutil.copy(ROOT / "examples/friday-4p.toml", folder / "secret.toml")
        os.chmod(folder / "ok.toml", 0o644)
        os.chmod(folder / "secret.toml", 0o000)
        argv = ["score", str(folder / "ok.toml"), str(folder / "secret.toml")]
        runs = []
        for fast_path in (True, False):
            env = {k: v for k, v in nobody.env.items() if k != "BIDS_NO_FAST_PATH"}
            env.update({} if fast_path else {"BIDS_NO_FAST_PATH": "1"})
            runs.append(subprocess.run(nobody.command(*argv), cwd=nobody.cwd, capture_output=True, env=env))
        fast, slow = runs
        assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
        assert fast.returncode == 1 and b"Winner: Dev with 48" in fast.stdout
        assert b"secret.toml: cannot read: Permission denied" in fast.stderr
        for cmd in (["validate"], ["replay"]):  # the other commands that read a log agree
            res = subprocess.run(nobody.command(*cmd, folder / "secret.toml"), cwd=nobody.cwd, capture_output=True,
                                 env={k: v for k, v in nobody.env.items() if k != "BIDS_NO_FAST_PATH"})
            assert res.returncode == 1 and b"cannot read: Permission denied" in res.stdout + res.stderr, res
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_streams_click_would_rewrap_go_to_click(monkeypatch):
    """click re-wraps an ASCII or encoding-less stdout (as UTF-8, errors replaced): click writes then."""
    import io

    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert entry.fast_score_files(["score", "examples/friday-4p.toml"]) is None
    monkeypatch.setattr(sys, "stdout", io.StringIO())  # no buffer, no encoding: click's business too
    assert entry.fast_score_files(["score", "examples/friday-4p.toml"]) is None
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert entry.fast_score_files(["score", "examples/friday-4p.toml"]) == ["examples/friday-4p.toml"]
