"""Hardening III (items 4 and 5): what the tool writes it reads; walks stay in their tree.

Each test runs the command as a user does and reads what a user reads: the message on
stderr, the exit code, the files left behind.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bidscli.sim.study import mean_stats

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "friday-4p.toml"

# 3 players, 4 colours of 14 and 14 black cards in hands: 70 cards, 23 a hand, so 23 tricks a
# round, past the log format's 20 (docs/limits.md).
WIDE = """name = "wide"
extends = "italian"
[deck]
hand_size = 23
colours = { 3 = 4, 4 = 4, 5 = 4, 6 = 4 }
numbers = { 3 = 14, 4 = 14, 5 = 14, 6 = 14 }
black_in_hands = { 3 = 14, 4 = 1, 5 = 2, 6 = 3 }
"""
REFUSED = ("wide at 3 players: 23 tricks: a round has at most 20, so no log of this game could be read "
           "(expected a smaller deck.hand_size, game.rounds or --rounds)")


def bids(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "bidscli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, stdin=subprocess.DEVNULL, timeout=120)


@pytest.fixture
def wide(tmp_path):
    path = tmp_path / "wide.toml"
    path.write_text(WIDE)
    return path


def test_deal_refuses_a_ruleset_whose_rounds_no_log_could_hold(wide, tmp_path):
    out = tmp_path / "deal.toml"
    res = bids("deal", "-r", wide, "--names", "Ana,Ben,Cleo", "--seed", "1", "--out", out)
    assert (res.returncode, res.stdout) == (1, "")
    assert res.stderr == f"error: {REFUSED}\n"
    assert not out.exists()


def test_study_and_record_refuse_it_too(wide, tmp_path):
    res = bids("study", "-r", wide, "-r", "italian", "--players", "3", "--games", "2")
    assert (res.returncode, res.stdout, res.stderr) == (1, "", f"error: {REFUSED}\n")
    log = tmp_path / "game.toml"
    res = bids("record", log, "-r", wide, "--players", "Ana,Ben,Cleo")
    assert res.returncode == 1 and REFUSED in res.stderr and "Traceback" not in res.stderr
    assert not log.exists()


def test_simulate_refuses_a_deal_played_under_it(wide, tmp_path):
    deal = tmp_path / "deal.toml"
    res = bids("deal", "-r", "italian", "--names", "Ana,Ben,Cleo", "--seed", "1", "--out", deal)
    assert res.returncode == 0, res.stderr
    out = tmp_path / "played.toml"
    res = bids("simulate", deal, "-r", wide, "--out", out)
    assert res.returncode == 1 and REFUSED in res.stderr, res.stderr
    assert not out.exists()


def test_what_deal_and_simulate_write_at_the_limit_validates(tmp_path):
    # 3 players, 4 x 14 + 4 black: 60 cards, 20 a hand: the largest round a log holds.
    (tmp_path / "edge.toml").write_text(WIDE.replace("hand_size = 23", "hand_size = 20")
                                        .replace("black_in_hands = { 3 = 14", "black_in_hands = { 3 = 4")
                                        .replace('name = "wide"', 'name = "edge"'))
    deal, played = tmp_path / "deal.toml", tmp_path / "played.toml"
    assert bids("deal", "-r", "edge.toml", "--names", "Ana,Ben,Cleo", "--seed", "2", "--out", deal,
                cwd=tmp_path).returncode == 0
    res = bids("simulate", deal, "--out", played, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    res = bids("validate", played, cwd=tmp_path)
    assert res.returncode == 0, res.stdout


def test_study_statistics_never_overflow():
    # Sums past a float's range (a 2x of the whole game, doubled round after round): exact
    # integers in, whole numbers out, no OverflowError.
    big = 10 ** 400
    doc = mean_stats(2, 3 * big, 5 * big * big)
    assert doc["mean"] == 3 * big // 2
    assert doc["sd"] == math.isqrt(big * big // 2)  # variance (2 * 5 - 3 * 3) / (2 * 1) = 1/2, times big^2
    lo, hi = doc["ci95"]
    assert lo < doc["mean"] < hi
    assert mean_stats(3, 10, 40) == {"mean": 3.3333, "sd": 1.8257, "ci95": [1.2673, 5.3993]}


def test_a_walk_does_not_follow_a_link_out_of_its_tree(tmp_path):
    tree, outside = tmp_path / "season", tmp_path / "elsewhere"
    (tree / "inner").mkdir(parents=True)
    outside.mkdir()
    (tree / "g1.toml").write_bytes(EXAMPLE.read_bytes())
    (tree / "inner" / "g2.toml").write_bytes(EXAMPLE.read_bytes())
    (outside / "secret.toml").write_text("not a log")
    os.symlink(outside, tree / "out")  # out of the tree: said, not walked
    os.symlink(tree / "inner", tree / "again")  # inside: walked once (as inner)
    res = bids("validate", tree)
    assert res.returncode == 0, res.stdout
    assert "secret" not in res.stdout
    assert f"{tree / 'out'}: skipped: a link to a folder outside the tree: not followed" in res.stdout
    assert res.stdout.splitlines()[-1] == ("2 files, 2 valid, 0 invalid, 0 errors "
                                           "(1 link to a folder outside the tree not followed)")
    res = bids("validate", tree, "--format", "json", "--summary")
    assert '"links_not_followed": 1' in res.stdout and "secret" not in res.stdout
    assert "out: skipped: a link to a folder outside the tree: not followed" in res.stderr


def test_jobs_past_the_cores_says_so_and_uses_the_cores(tmp_path):
    res = bids("validate", EXAMPLE, "--jobs", "256")
    n = len(os.sched_getaffinity(0))
    assert res.returncode == 0
    assert f"note: --jobs 256: this machine has {n} core{'s' if n != 1 else ''}" in res.stderr


# -- item 6: plain messages for plain conditions -------------------------------------------------


def test_a_folder_that_takes_no_new_files_is_named_as_such(tmp_path):
    res = bids("report", EXAMPLE, "--out", "/proc/self/comm", "--force")
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert "no such folder" not in res.stderr
    assert "exists but takes no new files" in res.stderr and "nothing was written" in res.stderr


def test_a_file_name_with_a_line_break_stays_on_one_line(tmp_path):
    odd = tmp_path / "friday\nnight.toml"
    odd.write_bytes(EXAMPLE.read_bytes())
    res = bids("validate", odd)
    assert res.returncode == 0
    assert res.stdout.splitlines()[0] == f"{tmp_path}/friday\\nnight.toml: valid"
    res = bids("score", odd)
    lines = res.stdout.splitlines()
    k = next(i for i, line in enumerate(lines) if line.split()[:2] == ["rank", "player"])
    assert lines[0].startswith(f"{tmp_path}/friday\\nnight.toml:")  # the name whole, on the first line
    assert " ".join(x.strip() for x in lines[:k]).startswith(f"{tmp_path}/friday\\nnight.toml: english (EN), 4 players")
    broken = tmp_path / "bad\nname.toml"
    broken.write_text("players = [\n")
    res = bids("score", broken)
    assert res.returncode == 1
    assert res.stderr.startswith(f"error: {tmp_path}/bad\\nname.toml:")
    assert len(res.stderr.splitlines()) == 1


def test_a_house_ruleset_named_after_a_bundled_one_says_it_is_a_house_ruleset(tmp_path):
    fake = tmp_path / "fake.toml"
    fake.write_text('name = "italian"\nextends = "english"\n[double]\nscope = "round"\n')
    res = bids("score", EXAMPLE, "-r", fake)
    head = " ".join(res.stdout.split("\n  rank")[0].split())  # the heading, wrapped to the width
    assert head == f"{EXAMPLE}: italian (house), 4 players, options: ally, minus_five"
    res = bids("score", EXAMPLE, "-r", fake, "--format", "json")
    assert '"ruleset": "italian (house)"' in res.stdout
    res = bids("diff", ROOT / "examples" / "thief-6p.toml", "-r", fake, "-r", "italian")
    assert "under italian (house) and italian" in " ".join(res.stdout.split())
    res = bids("rules", "show", fake)
    assert res.stdout.startswith("italian (house): house rules based on english\n")
    res = bids("rules", "show", "italian")  # the bundled one is itself
    assert res.stdout.startswith("italian (IT)")


def _run(args, **kw):
    return subprocess.run([sys.executable, "-m", "bidscli", *map(str, args)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120, **kw)


def test_a_full_disk_on_stdout_is_a_plain_message():
    with open("/dev/full", "w") as full:
        res = subprocess.run([sys.executable, "-m", "bidscli", "score", str(EXAMPLE)], stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    assert res.returncode == 1
    assert res.stderr == "error: cannot write the output: No space left on device\n"


def test_a_closed_stdout_is_a_plain_message():
    res = subprocess.run([sys.executable, "-m", "bidscli", "score", str(EXAMPLE)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, timeout=120,
                         preexec_fn=lambda: os.close(1))
    assert res.returncode == 1
    assert res.stderr.startswith("error: standard output is closed")


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252"])
def test_a_stream_that_lacks_a_character_shows_it_escaped(encoding):
    # Read in the stream's own encoding: what it has (×, the quotes around the page's English) is
    # written as it is; what it lacks (Japanese) as \u escapes.
    res = _run(["rules", "show", "japanese"], env={**os.environ, "PYTHONIOENCODING": encoding}, encoding=encoding)
    assert res.returncode == 0, res.stderr
    assert "internal error" not in res.stderr and "\\u" in res.stdout


def test_a_bad_completion_environment_is_a_usage_error():
    env = {**os.environ, "_BIDS_COMPLETE": "bash_complete", "COMP_WORDS": "bids sc", "COMP_CWORD": "x"}
    res = _run([], env=env)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.startswith("error: shell completion: COMP_CWORD='x' is not a word number")


BASH_SCRIPT = 'expected the shell\'s own completion script: eval "$(_BIDS_COMPLETE=bash_source bids)")'


@pytest.mark.parametrize("given, says", [
    # Issue 32 item 8: _BIDS_COMPLETE set and nothing else (a traceback, KeyError: 'COMP_WORDS').
    ({"_BIDS_COMPLETE": "bash_complete"}, f"COMP_WORDS and COMP_CWORD are not set ({BASH_SCRIPT}"),
    ({"_BIDS_COMPLETE": "bash_complete", "COMP_WORDS": "bids sc"}, f"COMP_CWORD is not set ({BASH_SCRIPT}"),
    ({"_BIDS_COMPLETE": "zsh_complete", "COMP_CWORD": "1"},
     'COMP_WORDS is not set (expected the shell\'s own completion script: eval "$(_BIDS_COMPLETE=zsh_source bids)")'),
    ({"_BIDS_COMPLETE": "fish_complete"}, "COMP_WORDS and COMP_CWORD are not set (expected the shell's own "
                                          "completion script: _BIDS_COMPLETE=fish_source bids | source)"),
    # An instruction click does not know (it exited 1 without a word).
    ({"_BIDS_COMPLETE": "bogus"}, "_BIDS_COMPLETE='bogus' is not an instruction: expected SHELL_source (the "
                                  "script to install) or SHELL_complete (from that script), SHELL one of bash, "
                                  "zsh, fish, powershell"),
])
def test_an_unreadable_completion_environment_is_one_line_and_exit_2(given, says):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMP_", "_BIDS_"))}
    res = _run([], env={**env, **given})
    assert (res.returncode, res.stdout, res.stderr) == (2, "", f"error: shell completion: {says}\n")


@pytest.mark.parametrize("given, first", [
    ({"_BIDS_COMPLETE": "fish_complete", "COMP_WORDS": "bids sc", "COMP_CWORD": "sc"}, "plain,score\t"),
    ({"_BIDS_COMPLETE": "bash_complete", "COMP_LINE": "bids sc", "COMP_POINT": "7"}, "plain,score"),
    ({"_BIDS_COMPLETE": "bash_complete", "COMP_WORDS": "bids sc", "COMP_CWORD": "1"}, "plain,score"),
])
def test_the_shells_own_completion_environments_are_read(given, first):
    # fish hands over the word itself as COMP_CWORD (refused as "not a word number" before);
    # bash's script hands over the line as typed, with no COMP_WORDS.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMP_", "_BIDS_"))}
    res = _run([], env={**env, **given})
    assert res.returncode == 0 and res.stderr == "", res.stderr
    assert res.stdout.splitlines()[0].startswith(first)
