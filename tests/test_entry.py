"""The `bids` command as a process (the console script and `python -m bidscli`): what a user sees
of broken and unreadable logs, a closed pipe and the console script itself."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _logs(folder: str) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).glob("*.toml")
                  if not p.name.endswith(".expected.toml"))


def _bids(argv: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bidscli", *argv], cwd=ROOT, capture_output=True, **kw)


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


def test_the_console_script_is_the_command_line():
    script = Path(sys.executable).parent / "bids"
    if not script.exists():
        pytest.skip("no console script in this environment")
    res = subprocess.run([str(script), "score", "examples/friday-4p.toml"], cwd=ROOT, capture_output=True, text=True)
    assert (res.returncode, res.stderr) == (0, "") and "Winner: Dev with 48" in res.stdout
    assert res.stdout == _bids(["score", "examples/friday-4p.toml"], text=True).stdout


def test_broken_logs_are_each_refused_and_the_others_scored(tmp_path):
    res = _bids(["score", "examples/friday-4p.toml", *_broken_files(tmp_path)])
    assert res.returncode == 1 and res.stderr.count(b"error: ") == 7
    assert res.stdout.count(b"Winner: Dev with 48") == 2
    assert b"\x1b" not in res.stdout + res.stderr  # file names and player names sanitised
    assert b"Traceback" not in res.stderr


def test_a_closed_pipe_ends_the_run_quietly():
    """`bids score MANY | head -1`: exit 1, no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "bidscli", "score", *_logs("tests/outside") * 4], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as `head -1` does
    err = proc.stderr.read()
    assert proc.wait() == 1
    assert b"Traceback" not in err and b"Exception ignored" not in err


def test_an_unreadable_log_is_invalid_input(nobody):
    """A log the user may not read: exit 1 with the reader's message, the other logs scored
    (click's own readable check would say exit 2: invalid input is 1)."""
    import shutil

    folder = Path(tempfile.mkdtemp(prefix="bids-entry-"))  # not under pytest's tmp_path: nobody must enter it
    try:
        os.chmod(folder, 0o755)
        shutil.copy(ROOT / "examples/friday-4p.toml", folder / "ok.toml")
        shutil.copy(ROOT / "examples/friday-4p.toml", folder / "secret.toml")
        os.chmod(folder / "ok.toml", 0o644)
        os.chmod(folder / "secret.toml", 0o000)
        res = subprocess.run(nobody.command("score", folder / "ok.toml", folder / "secret.toml"), cwd=nobody.cwd,
                             capture_output=True, env=nobody.env)
        assert res.returncode == 1 and b"Winner: Dev with 48" in res.stdout
        assert b"secret.toml: cannot read: Permission denied" in res.stderr
        for cmd in (["validate"], ["replay"]):  # the other commands that read a log agree
            res = subprocess.run(nobody.command(*cmd, folder / "secret.toml"), cwd=nobody.cwd, capture_output=True,
                                 env=nobody.env)
            assert res.returncode == 1 and b"cannot read: Permission denied" in res.stdout + res.stderr, res
    finally:
        shutil.rmtree(folder, ignore_errors=True)
