"""One whole process timed as a user meets it (start-up to exit), its output to /dev/null: the one
way the benches that time processes run one (bench_cli.py, bench_closing.py, bench_diff.py).

``run(argv)`` gives its wall time, its CPU time (user + system, its own children included), its
peak memory and its exit status. The peak comes from GNU time, which forks the command from its
own small process. The ``ru_maxrss`` that ``wait4`` gives for a child of the bench counts the
bench's own pages too (Linux keeps the high-water mark of the memory a process had before its
exec, and a child forked from the bench starts with all of the bench's): every peak below about
18 MiB read as about 18 MiB, the parse-only script's among them. Without GNU time, wait4's
figure is used.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
TIME = "/usr/bin/time"  # GNU time: the child's peak without the bench's own pages


class Run(NamedTuple):
    wall: float  # seconds
    cpu: float  # seconds, user + system, the process's children included
    rss: float  # peak MiB (the largest process's, not their sum)
    code: int  # exit status


def run(argv: list[str], env: dict[str, str] | None = None) -> Run:
    """``argv`` run once from the repository's root (with ``env``, else this environment)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        timed = [TIME, "-f", "%M", "-o", out.name, *argv] if os.path.exists(TIME) else argv
        t0 = time.perf_counter()
        proc = subprocess.Popen(timed, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        kib = usage.ru_maxrss
        if timed is not argv:
            text = out.read().split()
            kib = int(text[-1]) if text and text[-1].isdigit() else kib
    return Run(wall, usage.ru_utime + usage.ru_stime, kib / 1024, os.waitstatus_to_exitcode(status))
