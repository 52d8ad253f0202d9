"""Workers end with their command (issue 32 item 7): ``score``, ``validate``, ``season`` and
``study`` with ``--jobs 2``, stopped by SIGTERM, SIGHUP or SIGINT sent to the parent alone, print
``interrupted`` and no traceback, exit 128 + the signal's number, and leave no worker running
(read in the process list, /proc). One way for all of them: ``bidscli.core.workers``.

Before, SIGTERM and SIGHUP killed the parent alone: its workers printed BrokenPipeError
tracebacks, and one blocked on a full output pipe stayed running.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THIEF = (ROOT / "examples" / "thief-6p.toml").read_text(encoding="utf-8")
HANG = 120  # seconds: only a guard against a hang, never a measure


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _running(pid: int) -> bool:
    """The process exists and is not a zombie (a zombie has ended: only its exit status is left)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> Path:
    """1,500 distinct logs (season refuses a second copy of a game): work for a few seconds."""
    folder = tmp_path_factory.mktemp("logs")
    for i in range(1500):
        (folder / f"g{i:04}.toml").write_text(f"# game {i}\n{THIEF}", encoding="utf-8")
    return folder


def _start(cmd: list[str]) -> tuple[subprocess.Popen, list[int]]:
    """``bids CMD`` running with its output to pipes, once its two workers run: it and them."""
    proc = subprocess.Popen([sys.executable, "-m", "bidscli", *cmd], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    workers: list[int] = []
    for _ in range(HANG * 20):  # wait (not a measure) until both workers run
        workers = _children(proc.pid)
        if len(workers) >= 2 or proc.poll() is not None:
            break
        time.sleep(0.05)
    if len(workers) < 2:
        proc.kill()
        proc.wait()
        pytest.fail(f"no workers: {proc.returncode}")
    return proc, workers


def _stop(cmd: list[str], signame: str) -> tuple[int, bytes, list[int]]:
    """Run ``bids CMD`` with its output to a pipe nobody reads (the parent blocks there once it
    is full, as behind a pager: the command cannot finish before the signal), wait until its
    two workers run, signal the parent alone. Its exit status, stderr and workers."""
    proc, workers = _start(cmd)
    try:
        proc.send_signal(getattr(signal, signame))
        proc.wait(HANG)  # stdout is left unread: a parent blocked writing must still end
        return proc.returncode, proc.stderr.read(), workers
    finally:
        proc.kill()
        proc.wait()
        for w in workers:  # the processes this test started: end any left over (old behaviour)
            if _running(w):
                os.kill(w, signal.SIGKILL)


CASES = [
    ("validate", "SIGTERM"), ("validate", "SIGHUP"), ("validate", "SIGINT"),
    ("score", "SIGTERM"), ("score", "SIGINT"),
    ("season", "SIGHUP"), ("season", "SIGTERM"),
    ("study", "SIGINT"),  # SIGTERM and SIGHUP: test_hardening
]


@pytest.mark.parametrize("command, signame", CASES)
def test_a_signal_to_the_parent_alone_ends_the_command_and_its_workers(logs, command, signame):
    cmd = {
        "validate": ["validate", "--jobs", "2", str(logs)],
        "score": ["score", "--jobs", "2", "--format", "json", str(logs)],
        "season": ["season", "--jobs", "2", str(logs)],
        "study": ["study", "-r", "english", "-r", "italian", "-p", "4", "-g", "1000000", "--jobs", "2",
                  "--no-progress"],
    }[command]
    code, err, workers = _stop(cmd, signame)
    assert code == 128 + getattr(signal, signame), err
    assert err.decode().splitlines()[-1:] == ["interrupted"] and b"Traceback" not in err, err
    assert not [w for w in workers if _running(w)], "workers outlived their command"


def test_workers_end_when_their_parent_is_killed(logs):
    """SIGKILL leaves the parent no time to end its workers: they see it is gone and end
    themselves (before, they waited forever for the next task, adopted by init)."""
    proc, workers = _start(["score", "--jobs", "2", "--format", "json", str(logs)])
    try:
        proc.kill()
        proc.wait(HANG)
        for _ in range(HANG * 20):  # a guard against a hang, not a measure
            if not [w for w in workers if _running(w)]:
                break
            time.sleep(0.05)
        assert not [w for w in workers if _running(w)], "workers outlived their killed parent"
    finally:
        proc.kill()
        proc.wait()
        for w in workers:
            if _running(w):
                os.kill(w, signal.SIGKILL)
