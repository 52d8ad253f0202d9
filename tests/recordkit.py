"""Helpers of the `bids record` tests: games to record, the lines a table would type, scores."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bidscli.app import api
from bidscli.log.reader import read_log, read_log_text
from bidscli.report import render as report
from bidscli.rules.ruleset import load_ruleset
from bidscli.sim.bots import simulate_log
from bidscli.sim.deal import deal_text, make_deal

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("Ana", "Ben", "Cleo", "Dev")
ALL_SPECIALS = {"thief": True, "surprise": True, "lowest": True, "ally": True}


def bids_cmd() -> list[str]:
    return [sys.executable, "-m", "bidscli"]


def env() -> dict:
    e = dict(os.environ, COLUMNS="100", PYTHONPATH=str(ROOT))
    e.pop("BIDS_DEBUG", None)
    return e


def simulated_game(folder: Path, ruleset: str, seed: int, options=ALL_SPECIALS) -> tuple[Path, Path]:
    """A full game (and its deal) played by the bots: the hand-written log a table would keep."""
    rs = load_ruleset(ruleset)
    deal = make_deal(rs, PLAYERS, options, seed=seed)._replace(ruleset=ruleset)
    deal_path = folder / f"deal-{ruleset}-{seed}.toml"
    deal_path.write_text(deal_text(deal), encoding="utf-8")
    log, errors = read_log_text(deal_text(deal), str(deal_path))
    assert not errors
    text, _ = simulate_log(log, rs, ruleset, {}, ["default"] * len(PLAYERS), seed)
    game = folder / f"game-{ruleset}-{seed}.toml"
    game.write_text(text, encoding="utf-8")
    return game, deal_path


def without_deal(game: Path) -> Path:
    """The log a table writes by hand: the same tricks, without the hands, removed cards and pile."""
    from bidscli.app.record import RoundEntry
    from bidscli.sim.deal import log_text

    log, _ = read_log(game)
    out = game.with_name(game.stem + "-by-hand.toml")
    rounds = [RoundEntry(r.leader, tricks=[t.text for t in r.tricks]) for r in log.rounds]
    out.write_text(log_text(log.ruleset, log.players, log.options, rounds), encoding="utf-8")
    return out


def features(path: Path) -> dict:
    """What a game shows: to assert that a test game really uses the options it is meant to test."""
    log, _ = read_log(path)
    loaded, result = api.score(path)
    tricks = [t for r in result.rounds for t in r.tricks]
    cards = [str(c) for t in tricks for c in (*t.revealed, *(c for _, c in t.plays))]
    return {
        "steals": sum(len(t.steals) for t in tricks),
        "surprise": cards.count("Surprise"),
        "lowest": cards.count("Lowest"),
        "ally": sum(1 for r in result.rounds if r.allies),
        "burned_surprise": sum(1 for t in tricks if t.burned and t.hidden),
        "timing": loaded.ruleset.knobs["thief.timing"],
    }


def trick_lines(path: Path, *, revealed: bool = True, actions: bool = True, leaders: bool = True) -> list[str]:
    """Every trick of a log in the short form (names left out), round by round.

    ``leaders``: a `leader NAME` command before a round whose leader the log names.
    """
    log, errors = read_log(path)
    assert log is not None and not errors
    out = []
    for rnd in log.rounds:
        if leaders and rnd.leader is not None:
            out.append(f"leader {rnd.leader}")
        for t in rnd.tricks:
            head = " ".join(map(str, t.revealed)) if revealed else ""
            line = f"{head}: " + " ".join(str(c) for _, c in t.plays)
            if actions:
                line += "".join(f"; {a}" for a in t.actions)
            out.append(line)
    return out


def options_args(path: Path) -> list[str]:
    log, _ = read_log(path)
    return [a for k, v in sorted(log.options.items()) for a in ("-o", f"{k}={str(v).lower()}")]


def score_doc(path: Path | str, ruleset: str | None = None) -> dict:
    """What `bids score PATH --format json` prints, without the file name."""
    loaded, result = api.score(path, ruleset)
    doc = report.result_json(str(path), loaded.ruleset, result)
    del doc["file"]
    return doc


class _Res:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def record_in_process(out: Path, args: list[str], lines: list[str]) -> _Res:
    """The same command in-process (click's runner; standard input is not a terminal): faster."""
    from click.testing import CliRunner

    from bidscli.cli.main import main

    res = CliRunner().invoke(main, ["record", str(out), *args], input="".join(f"{x}\n" for x in lines))
    return _Res(res.exit_code, res.stdout, res.stderr)


def record(out: Path, args: list[str], lines: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`bids record OUT ARGS...` with LINES on a pipe (standard input not a terminal)."""
    return subprocess.run([*bids_cmd(), "record", str(out), *args], input="".join(f"{x}\n" for x in lines),
                          capture_output=True, text=True, env=env(), cwd=cwd or ROOT, timeout=300)


class Live:
    """`bids record ARGS...` on pipes, driven a line at a time (results come on stderr).

    ``send(line, until)`` writes a line, then reads stderr up to a line that starts with
    ``until``; ``finish()`` closes standard input and returns (exit code, all of stderr).
    ``prefix``: a command to run it under (setpriv); ``command``: instead of ``python -m bidscli``;
    ``environ``: its environment (the ``nobody`` fixture's, for a copy of the package nobody reads).
    A watchdog kills the process after ``HANG`` seconds, so a hang fails instead of blocking.
    """

    HANG = 120

    def __init__(self, args: list, cwd: Path, prefix: list[str] = (), command: list[str] | None = None,
                 environ: dict | None = None) -> None:
        import threading

        self.proc = subprocess.Popen([*prefix, *(command or bids_cmd()), "record", *map(str, args)],
                                     stdin=subprocess.PIPE, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     text=True, env=environ or env(), cwd=cwd, bufsize=1)
        self.seen: list[str] = []
        self.watchdog = threading.Timer(self.HANG, self.proc.kill)
        self.watchdog.start()

    def send(self, line: str, until: str | None = None) -> list[str]:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.expect(until) if until is not None else []

    def expect(self, start: str) -> list[str]:
        got = []
        while True:
            line = self.proc.stderr.readline()
            assert line, f"record ended before a line starting {start!r}:\n{''.join(self.seen)}"
            self.seen.append(line)
            got.append(line.rstrip("\n"))
            if line.startswith(start):
                return got

    def finish(self) -> tuple[int, str]:
        self.proc.stdin.close()
        self.seen.append(self.proc.stderr.read())
        code = self.proc.wait()
        self.watchdog.cancel()
        self.proc.stderr.close()
        return code, "".join(self.seen)


def pty_missing() -> str | None:
    """Why a test at a pseudo-terminal cannot run here (pexpect or a pty missing), else None."""
    try:
        import pexpect  # noqa: F401 - the test extra installs it
    except ImportError:  # pragma: no cover
        return "pexpect is not installed (pip install -e '.[test]')"
    try:
        a, b = os.openpty()
    except OSError as exc:  # pragma: no cover
        return f"no pseudo-terminal here: {exc}"
    os.close(a)
    os.close(b)
    return None
