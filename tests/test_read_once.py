"""A log is read once (issue 33 item 3): every command that analyses a log opens it once, and
plays its deal no more often than its rulesets need.

Seen from outside: the opens of the log's file (``os.open``, which every read of a file goes
through) and the games the engine sets up (``Game``, the engine's public class), counted while
a command runs in this process.
"""

from __future__ import annotations

import os
import shutil

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.engine.replay import Game

THIEF = "examples/thief-6p.toml"  # recorded under italian, valid under it
STEAL = "tests/data/diff-thief-4p.toml"  # italian: a steal english forbids (the score error's diff hint)
FRIDAY = "examples/friday-4p.toml"  # english: a card the italian deck lacks (the hint adds --lenient-deck)


def bids(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def opens(monkeypatch):
    """The number of times each file was opened, by its real path, while the test runs."""
    seen: dict[str, int] = {}
    real_open = os.open

    def counting(path, flags, *args, **kwargs):
        if isinstance(path, (str, os.PathLike)):
            key = os.path.realpath(path)
            seen[key] = seen.get(key, 0) + 1
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", counting)
    return lambda path: seen.get(os.path.realpath(path), 0)


@pytest.fixture
def games(monkeypatch):
    """The number of games the engine set up (each a deal played, or a table checked)."""
    count = [0]
    real_init = Game.__init__

    def counting(self, *args, **kwargs):
        count[0] += 1
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Game, "__init__", counting)
    return lambda: count[0]


@pytest.fixture
def copy(tmp_path):
    def make(path):
        target = tmp_path / os.path.basename(path)
        shutil.copyfile(path, target)
        return str(target)
    return make


@pytest.mark.parametrize("args", [
    ["diff", "-r", "italian", "-r", "english"],
    ["diff", "-r", "italian", "-r", "english", "--format", "json"],
    ["diff", "-r", "italian", "-r", "english", "--lenient-deck", "--all"],
    ["disputes"],
    ["disputes", "--lenient-deck"],
    ["disputes", "--allow-partial"],
    ["report", "-r", "italian", "-r", "english", "--format", "json"],
    ["score"],
    ["replay"],
])
def test_each_analysis_opens_the_log_once(copy, opens, args):
    log = copy(THIEF)
    res = bids(args[0], log, *args[1:])
    assert res.exit_code == 0, res.output
    assert opens(log) == 1


@pytest.mark.parametrize("command", ["score", "replay", "disputes"])
def test_the_score_errors_diff_hint_reads_the_log_once(copy, opens, command):
    log = copy(STEAL)
    res = bids(command, log, "-r", "english")
    assert res.exit_code == 1 and "to see how this deal would have gone under english" in res.stderr
    assert opens(log) == 1


def test_the_lenient_deck_hint_reads_the_log_once(copy, opens):
    log = copy(FRIDAY)
    res = bids("score", log, "-r", "italian")
    assert res.exit_code == 1 and res.stderr.splitlines()[-1].endswith("--lenient-deck")
    assert opens(log) == 1


def test_an_unfinished_game_is_refused_by_diff_and_disputes_reading_the_log_once(tmp_path, opens):
    log = tmp_path / "game.toml"
    log.write_text('ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo", "Dev"]\n[options]\nally = true\n'
                   '[[rounds]]\ntricks = [\n  "K5: Ana Ally, Ben G4, Cleo R7, Dev Y2",\n'
                   '  "K3: Cleo R9, Dev G9, Ana Y1, Ben B2",\n]\n')
    for args in (["diff", "-r", "english", "-r", "japanese"], ["disputes"]):
        before = opens(log)
        res = bids(args[0], str(log), *args[1:])
        assert res.exit_code == 1 and "the game is unfinished after round 1, trick 2" in res.stderr
        assert opens(log) - before == 1


def test_diff_of_a_finished_game_plays_no_game_more_to_see_it_is_finished(games):
    # Whether the game is unfinished is read from the first ruleset's play of the deal, which diff
    # plays anyway: a finished game is not replayed once more for it (as with --allow-partial,
    # which asks nothing). Only a game that play says is partial is replayed, for the message.
    res = bids("diff", THIEF, "-r", "italian", "-r", "english", "--format", "json")
    checked = games()
    partial = bids("diff", THIEF, "-r", "italian", "-r", "english", "--format", "json", "--allow-partial")
    assert res.exit_code == 0 and partial.exit_code == 0 and res.stdout == partial.stdout
    assert checked == games() - checked


def test_disputes_checks_a_log_with_one_replay(games):
    # One replay of the log (unfinished? valid under its base?), then the search (its own count).
    res_checked = bids("disputes", THIEF, "--knob", "thief.timing", "--format", "json")
    checked = games()
    res_lenient = bids("disputes", THIEF, "--knob", "thief.timing", "--format", "json", "--allow-partial",
                       "--lenient-deck")
    assert res_checked.exit_code == 0 and res_lenient.exit_code == 0
    assert checked - (games() - checked) == 1  # the search alone (no check at all) plays one game less


@pytest.mark.parametrize("refs", [[], ["-r", "italian", "-r", "english"]])
def test_season_opens_each_log_once(copy, opens, refs):
    log = copy(THIEF)
    res = bids("season", log, *refs, "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert opens(log) == 1


@pytest.mark.parametrize("refs", [[], ["-r", "english", "-r", "italian"]])
def test_season_names_a_left_out_logs_players_from_its_one_reading(copy, opens, refs):
    # A log left out (its mistakes) still names its players: an --alias of one of them says they
    # play only in a game left out (not that no game has them), from that one reading.
    log = copy("examples/broken.toml")
    res = bids("season", log, *refs, "--alias", "Ben=Benny", "--jobs", "1")
    assert res.exit_code == 1
    assert opens(log) == 1
    assert "--alias 'Ben': 'Ben' plays only in a game left out" in res.stderr
