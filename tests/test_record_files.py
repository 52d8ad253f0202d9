"""`bids record` and its file: one recorder a file, and a typed trick is never silently lost
(saved atomically, a save that fails says so and keeps the trick, another program's change
is never overwritten).
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from bidscli.app import api
from bidscli.log.reader import read_log

from . import recordkit as rk
from .test_record import recorder

# -- one recorder a file, and a typed trick is never silently lost --------------------------------

NEW = ["--players", "Ana,Ben,Cleo", "-r", "english"]
T1, T2, T3 = "K5: R1 R2 R3", "K6: R5 R6 R7", "K7: R8 R9 R10"  # Ana leads, then Cleo, then Ben
AS_WRITTEN = ["K5: Ana R1, Ben R2, Cleo R3", "K6: Cleo R5, Ana R6, Ben R7", "K7: Ben R8, Cleo R9, Ana R10"]


def tricks_in(path) -> list[str]:
    log, errors = read_log(path)
    assert log is not None and not errors, errors
    return [t.text for r in log.rounds for t in r.tricks]


def flat(text: str) -> str:
    """Messages with their line wrapping undone (wrapped at 100 columns, at spaces)."""
    return " ".join(text.split())


def temporary_files(folder) -> list[str]:
    return [n for n in os.listdir(folder) if n.startswith(".bids-")]


@pytest.fixture
def shared_tmp():
    """A temporary folder that ``nobody`` can write in too (pytest's own is root's only)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bids-rec-") as d:
        os.chmod(d, 0o777)
        yield Path(d)
        for folder, _, _ in os.walk(d):  # folders a test locked: writable again, so they can be removed
            os.chmod(folder, 0o755)


def test_a_second_recorder_of_a_file_is_refused_while_the_first_records(tmp_path):
    out = tmp_path / "rec.toml"
    first = rk.Live([out, *NEW], tmp_path)
    first.send(T1, "R1 T1:")
    before = out.read_bytes()
    for args in (["--resume"], [*NEW, "--force"]):
        res = rk.record(out, args, [T2])
        assert res.returncode == 1, res.stderr
        assert (f"error: {out}: another `bids record` is recording it (process {first.proc.pid}): one recorder "
                "a file") in res.stderr
        assert "Traceback" not in res.stderr
        assert out.read_bytes() == before  # neither went on with it nor started it over
    first.send(T2, "R1 T2:")
    code, err = first.finish()
    assert code == 0, err
    assert f"saved {out} (2 tricks)" in err
    assert os.listdir(tmp_path) == ["rec.toml"]  # the lock is released, its file removed
    res = rk.record(out, ["--resume"], [T3])
    assert res.returncode == 0, res.stderr
    assert tricks_in(out) == AS_WRITTEN


def test_a_lock_left_by_a_killed_recorder_does_not_block_the_next(tmp_path):
    out = tmp_path / "rec.toml"
    first = rk.Live([out, *NEW], tmp_path)
    first.send(T1, "R1 T1:")
    first.proc.kill()  # SIGKILL: no clean-up at all
    first.finish()
    assert sorted(os.listdir(tmp_path)) == [".rec.toml.lock", "rec.toml"]  # the lock file stays...
    res = rk.record(out, ["--resume"], [T2])
    assert res.returncode == 0, res.stderr  # ...but nothing holds it
    assert tricks_in(out) == AS_WRITTEN[:2]
    assert os.listdir(tmp_path) == ["rec.toml"]


def _rewrite_in_place(path):
    with open(path, "r+", encoding="utf-8") as f:  # the same size, the same inode: only the content
        text = f.read()
        f.seek(0)
        f.write(text.replace("Ana R1", "Ana R4"))


def _replace(path):
    new = path.with_name("new.toml")
    new.write_bytes(path.read_bytes())  # even the same content: another file
    os.replace(new, path)


def _symlink(path):
    path.unlink()
    path.with_name("victim.toml").write_text("victim\n", encoding="utf-8")
    path.symlink_to("victim.toml")


CHANGES = {
    "edited": (_rewrite_in_place, "was edited since it was saved"),
    "appended": (lambda p: p.open("a", encoding="utf-8").write("# a note\n"), "was changed since it was saved ("),
    "truncated": (lambda p: os.truncate(p, 100), "was truncated since it was saved (100 bytes of the"),
    "replaced": (_replace, "was replaced by another file since it was saved"),
    "symlink": (_symlink, "is now a symlink"),
    "deleted": (os.unlink, "is gone (deleted or renamed) since it was saved"),
    "touched": (lambda p: os.utime(p, ns=(10**9, 10**9)), "was touched since it was saved"),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_file_changed_on_disk_is_not_saved_over(tmp_path, change):
    """Issue Hardening III, 1: the recorder saved over whatever was at its file's name by then."""
    make, why = CHANGES[change]
    out = tmp_path / "rec.toml"
    live = rk.Live(["rec.toml", *NEW], tmp_path)
    live.send(T1, "R1 T1:")
    make(out)
    on_disk = os.readlink(out) if out.is_symlink() else out.read_bytes() if out.exists() else None
    live.send(T2, "not saved: ")
    live.send("score", "Standings after round 1, trick 2")  # the trick is kept: the game goes on
    live.send("save other.toml", "saved other.toml (2 tricks)")
    live.send(T3, "R1 T3:")
    code, err = live.finish()
    assert code == 1, err
    assert "Traceback" not in err
    assert f"input line 2: {T2}" in err
    assert f"not saved: rec.toml: {why}" in flat(err)
    assert ("the trick typed is kept here: `save NEWFILE` saves the game into a new file and goes on there; "
            "`reload` reads rec.toml as it is now and types again what it lacks") in flat(err)
    assert "saved other.toml (2 tricks); recording into other.toml from now on (rec.toml is left as it was)" in flat(err)
    assert err.endswith("saved other.toml (3 tricks); go on with: bids record other.toml --resume\n")
    # What was put at rec.toml is untouched, and nothing was written through the symlink.
    now = os.readlink(out) if out.is_symlink() else out.read_bytes() if out.exists() else None
    assert now == on_disk
    if change == "symlink":
        assert (tmp_path / "victim.toml").read_text(encoding="utf-8") == "victim\n"
    assert tricks_in(tmp_path / "other.toml") == AS_WRITTEN
    assert temporary_files(tmp_path) == []


def test_a_deleted_file_is_saved_again_under_its_name_when_asked(tmp_path):
    out = tmp_path / "rec.toml"
    live = rk.Live(["rec.toml", *NEW], tmp_path)
    live.send(T1, "R1 T1:")
    out.unlink()
    live.send(T2, "not saved: rec.toml: is gone")
    assert not out.exists()  # not made again behind the table's back
    live.send("save rec.toml", "saved rec.toml (2 tricks)")
    live.send(T3, "R1 T3:")
    code, err = live.finish()
    assert code == 1 and err.endswith("saved rec.toml (3 tricks); go on with: bids record rec.toml --resume\n")
    assert tricks_in(out) == AS_WRITTEN


def test_the_last_words_say_what_is_on_disk(tmp_path):
    """Issue Hardening III, 1: "saved FILE (N tricks)" was said of a file someone had changed since."""
    out = tmp_path / "rec.toml"
    live = rk.Live(["rec.toml", *NEW], tmp_path)
    live.send(T1, "R1 T1:")
    _rewrite_in_place(out)
    code, err = live.finish()
    assert code == 1, err
    assert err.endswith("rec.toml was edited since it was saved: it holds what was put there, not the 1 trick "
                        "last saved\n")
    assert "saved rec.toml" not in err


def test_reload_takes_the_file_as_edited_and_types_again_what_it_lacks(tmp_path):
    out = tmp_path / "rec.toml"
    live = rk.Live(["rec.toml", *NEW], tmp_path)
    live.send(T1, "R1 T1:")
    # Someone fixes trick 1 in an editor, which writes a new file: Cleo played R4, not R3.
    fixed = tmp_path / "fixed.toml"
    fixed.write_text(out.read_text(encoding="utf-8").replace("Cleo R3", "Cleo R4"), encoding="utf-8")
    os.replace(fixed, out)
    live.send(T2, "not saved: rec.toml: was replaced by another file")
    got = live.send("reload", "saved rec.toml (2 tricks)")
    assert got[-5:] == ["reloaded rec.toml (1 trick)", "typed again: K6: Cleo R5, Ana R6, Ben R7",
                        "    K6: Cleo R5 (red), Ana R6 (red), Ben R7 (red)",
                        "  R1 T2: Ben +6 (highest bid R7) | round: Ana 0, Ben 6, Cleo 5 | Ben leads T3",
                        "saved rec.toml (2 tricks)"]
    live.send(T3, "R1 T3:")
    code, err = live.finish()
    assert code == 1, err  # a save was refused on the way
    assert err.endswith("saved rec.toml (3 tricks); go on with: bids record rec.toml --resume\n")
    assert tricks_in(out) == ["K5: Ana R1, Ben R2, Cleo R4", *AS_WRITTEN[1:]]


def test_record_never_writes_through_a_symlink(tmp_path):
    real, link = tmp_path / "real.toml", tmp_path / "link.toml"
    assert rk.record(real, NEW, [T1]).returncode == 0
    link.symlink_to("real.toml")
    before = real.read_bytes()
    for args in (["--resume"], [*NEW, "--force"]):
        res = rk.record(link, args, [T2])
        assert res.returncode == 1, res.stderr
        assert f"error: {link}: is a symlink (to real.toml): " in res.stderr and "give the file itself" in res.stderr
    assert real.read_bytes() == before and link.is_symlink()
    assert sorted(os.listdir(tmp_path)) == ["link.toml", "real.toml"]


def _file_size_limit(n):
    def apply():
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))
    return apply


def test_a_save_that_fails_keeps_the_trick_and_says_what_to_do(tmp_path):
    """Issue Hardening III, 2: a failed save ended the session with the trick lost, and the
    goodbye (had it come) counted tricks that were not on disk."""
    out = tmp_path / "rec.toml"
    res = subprocess.run([*rk.bids_cmd(), "record", "rec.toml", *NEW], input="".join(
        f"{x}\n" for x in [T1, T2, T3, "score", "quit"]), capture_output=True, text=True, env=rk.env(),
        cwd=tmp_path, timeout=300, preexec_fn=_file_size_limit(440))  # room for 2 tricks, not 3
    err = res.stderr
    assert res.returncode == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert f"input line 3: {T3}" in err
    assert ("not saved: rec.toml: cannot write: the file would be larger than allowed (ulimit -f) (nothing was "
            "written) the trick typed is kept here; rec.toml holds the 2 tricks saved before: `save` tries again "
            "(so does the next trick), `save NEWFILE` saves into a new file and goes on there; after quitting, "
            "bids record rec.toml --resume goes on from its 2 tricks") in flat(err)
    assert "Standings after round 1, trick 3: unfinished game" in err  # the session went on, with the trick
    assert "the trick typed is not saved in rec.toml: `save NEWFILE` keeps it in a new file; quit again" in flat(err)
    assert err.endswith("rec.toml holds 2 tricks, as last saved\nNOT saved: the change typed after that (type it "
                        "again after `bids record rec.toml --resume`):\n"
                        f"  {AS_WRITTEN[2]}\n")  # the line as it would be typed
    assert tricks_in(out) == AS_WRITTEN[:2]
    assert api.validate(out, allow_partial=True) == []
    assert os.listdir(tmp_path) == ["rec.toml"]


def test_a_folder_made_read_only_mid_game_then_saved_elsewhere(shared_tmp, nobody):
    # As nobody (root writes in a read-only folder), from the copy of the package nobody can read.
    for name in ("ro", "rw"):
        (shared_tmp / name).mkdir()
        os.chmod(shared_tmp / name, 0o777)
    live = rk.Live(["ro/rec.toml", *NEW], shared_tmp, command=nobody.command(), environ=nobody.env)
    live.send(T1, "R1 T1:")
    os.chmod(shared_tmp / "ro", 0o555)
    live.send(T2, "not saved: ro/rec.toml: cannot write: permission denied (nothing was written)")
    live.send("save", "not saved: ro/rec.toml: cannot write: permission denied")  # still
    live.send("save rw/rec.toml", "saved rw/rec.toml (2 tricks); recording into rw/rec.toml from now on")
    live.send(T3, "R1 T3:")
    code, err = live.finish()
    assert code == 1, err
    assert err.endswith("saved rw/rec.toml (3 tricks); go on with: bids record rw/rec.toml --resume\n")
    assert tricks_in(shared_tmp / "ro" / "rec.toml") == AS_WRITTEN[:1]
    assert tricks_in(shared_tmp / "rw" / "rec.toml") == AS_WRITTEN
    assert temporary_files(shared_tmp / "ro") == [] and os.listdir(shared_tmp / "rw") == ["rec.toml"]


SLOW_FSYNC = """\
import os, sys, time
real = os.fsync
def slow(fd):  # once armed, the next save waits in its fsync: a signal comes then
    if os.path.exists(MARKS + "/arm") and not os.path.exists(MARKS + "/in-save"):
        open(MARKS + "/in-save", "w").close()
        time.sleep(2)
    return real(fd)
os.fsync = slow
sys.argv = ["bids", *sys.argv[1:]]
import runpy
runpy.run_module("bidscli", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_signal_during_a_save_leaves_no_temporary_file(tmp_path, signame):
    """Issue Hardening III, 2: SIGTERM or SIGHUP in the middle of a save left a .bids-*.tmp."""
    import sys
    import time

    marks, game = tmp_path / "marks", tmp_path / "game"
    marks.mkdir()
    game.mkdir()
    script = marks / "slow_fsync.py"
    script.write_text(f"MARKS = {str(marks)!r}\n" + SLOW_FSYNC, encoding="utf-8")
    live = rk.Live(["rec.toml", *NEW], game, command=[sys.executable, str(script)])
    live.send(T1, "R1 T1:")
    (marks / "arm").touch()
    live.send(T2)
    for _ in range(3000):  # at most a minute: only a guard against a hang
        if (marks / "in-save").exists():
            break
        time.sleep(0.02)
    signum = getattr(signal, signame)
    os.kill(live.proc.pid, signum)
    code, err = live.finish()
    assert code == 128 + signum, err
    assert "Traceback" not in err
    assert os.listdir(game) == ["rec.toml"]  # no temporary file, no lock
    assert tricks_in(game / "rec.toml") == AS_WRITTEN[:2]  # the save under way was finished first
    assert err.endswith("interrupted\nsaved rec.toml (2 tricks); go on with: bids record rec.toml --resume\n")


def test_a_huge_piped_line_is_read_in_bounded_memory(tmp_path):
    """Issue Hardening III, 2: a line was read whole before its length was checked (MemoryError)."""
    limit = 200_000_000  # address space; the line alone is 300 MiB

    def small():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    proc = subprocess.Popen([*rk.bids_cmd(), "record", "rec.toml", *NEW], stdin=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=rk.env(), cwd=tmp_path,
                            preexec_fn=small)  # noqa: PLW1509 (setrlimit only)
    chunk = b"x" * (1 << 20)
    try:
        for _ in range(300):
            proc.stdin.write(chunk)
        proc.stdin.write(f"\n{T1}\n".encode())
        proc.stdin.close()
    except BrokenPipeError:  # it died reading: the assertions below say how
        pass
    err = proc.stderr.read().decode()
    proc.wait(timeout=300)
    assert proc.returncode == 1, err
    assert "input line 1: a line of 314,572,800 characters: record reads lines of at most 4,096" in err
    assert "input line 1: xxxx" in err and " characters cut ...] xxx" in err
    assert "internal error" not in err and "MemoryError" not in err
    assert tricks_in(tmp_path / "rec.toml") == AS_WRITTEN[:1]  # and the game went on


def test_escape_sequences_piped_record_nothing(tmp_path):
    res = rk.record(tmp_path / "rec.toml", NEW, ["\x1b[31m", "\x1b[<0;1M", T1])
    assert res.returncode == 1
    assert "Traceback" not in res.stderr and "\x1b" not in res.stderr
    assert "input line 1: \\x1b[31m" in res.stderr and "input line 2: \\x1b[<0;1M" in res.stderr
    assert tricks_in(tmp_path / "rec.toml") == AS_WRITTEN[:1]


def test_closed_standard_streams_give_a_plain_message(tmp_path):
    """Issue Hardening III, 2: a closed stdin was an internal error; a closed stderr ended the
    session without a word (results and messages go there)."""
    out = tmp_path / "rec.toml"
    cmd = [*rk.bids_cmd(), "record", str(out), *NEW]
    run = {"capture_output": True, "text": True, "env": rk.env(), "timeout": 300}
    res = subprocess.run(cmd, preexec_fn=lambda: os.close(0), **run)
    assert res.returncode == 1
    assert res.stderr == ("error: standard input is closed: bids record reads the tricks there (type them at a "
                          "terminal, or pipe them in)\n")
    res = subprocess.run(cmd, input=T1 + "\n", preexec_fn=lambda: os.close(2), **run)
    assert res.returncode == 1
    assert res.stdout == ("error: standard error is closed: with standard input not a terminal, bids record "
                          "writes every result and message there (give it a file: 2> record.log)\n")
    assert os.listdir(tmp_path) == []  # refused before anything was written
    if os.path.exists("/dev/full"):  # stderr that cannot be written: stop, saying so on stdout
        with open("/dev/full", "w") as full:
            res = subprocess.run(cmd, input=f"{T1}\n{T2}\n", stdout=subprocess.PIPE, stderr=full, text=True,
                                 env=rk.env(), timeout=300)
        assert res.returncode == 1
        assert res.stdout == (f"error: standard error cannot be written (No space left on device): stopped at "
                              f"input line 1; saved {out} (1 trick); go on with: bids record {out} --resume\n")
        assert tricks_in(out) == AS_WRITTEN[:1]
        assert os.listdir(tmp_path) == ["rec.toml"]


def test_the_round_count_lives_in_the_log_and_resume_shows_the_standings(tmp_path):
    # Issue 23, item 3: `--rounds 2`, quit, `--resume`: the game has 2 rounds, not the ruleset's 3.
    game, _ = rk.simulated_game(tmp_path, "english", 7)
    lines = rk.trick_lines(game, leaders=False)
    per_round = len(read_log(game)[0].rounds[0].tricks)
    out = tmp_path / "g.toml"
    first = rk.record_in_process(out, ["--players", ",".join(rk.PLAYERS), "-r", "english", "--rounds", "2",
                                       *rk.options_args(game)], [*lines[:per_round], "quit"])
    assert first.returncode == 0, first.stderr
    assert "[meta]\nrounds = 2\n" in out.read_text(encoding="utf-8")
    res = rk.record_in_process(out, ["--resume"], [*lines[per_round: 2 * per_round], "quit"])
    assert res.returncode == 0, res.stderr
    head = res.stderr.splitlines()
    before = res.stderr.split("R2 T1")[0]
    assert head[0] == "Standings so far:" and "  rank  player" in before
    assert "R1" in next(line for line in head if line.split()[:2] == ["rank", "player"])
    assert "game over (2 rounds); type quit to stop" in res.stderr
    assert res.stderr.rstrip().endswith("the game is complete")
    again = rk.record_in_process(out, ["--resume"], ["quit"])  # a finished game: its final standings
    assert again.returncode == 0, again.stderr
    assert again.stderr.splitlines()[0] == "Final standings:" and "Standings so far" not in again.stderr


def test_a_bad_round_count_in_meta_is_refused_at_the_file(tmp_path):
    out = tmp_path / "g.toml"
    rec = recorder(out)
    out.write_text(rec.text() + "\n[meta]\nrounds = 0\n", encoding="utf-8")
    res = rk.record_in_process(out, ["--resume"], ["quit"])
    assert res.returncode == 1
    assert f"{out}: [meta] rounds = 0: expected the number of rounds in the game, 1 to 1000" in res.stderr


def test_the_alliance_is_said_as_soon_as_the_ally_is_played(tmp_path):
    # Issue 23, item 4: "Marta plays Ally: allied with Pietro for this round", at the Ally's trick.
    seen = 0
    for seed in range(1, 12):
        game, _ = rk.simulated_game(tmp_path, "italian", seed)
        log = read_log(game)[0]
        rec = recorder(tmp_path / f"g{seed}.toml", "italian", options=log.options)
        for rnd, lines in zip(log.rounds, _round_lines(game, log)):
            said = []
            for line, trec in zip(lines, [None, *rnd.tricks] if lines[0].startswith("leader") else rnd.tricks):
                out = rec.feed(line)
                assert not out.error, out.lines
                ally = [s for s in out.lines if " plays Ally" in s]
                played = trec is not None and any(str(c) == "Ally" for _, c in trec.plays)
                assert bool(ally) == played
                said += ally
            split = next((s for s in out.lines if "Ally split" in s), None)
            if said and "no alliance" not in said[0]:
                who, partner = said[0].split(" plays Ally: allied with ")
                assert partner.endswith(" for this round")
                assert f"Ally split {who} + {partner.removesuffix(' for this round')}" in split
                seen += 1
        if seen >= 2:
            break
    assert seen >= 2


def _round_lines(game, log):
    lines = rk.trick_lines(game)
    out, i = [], 0
    for rnd in log.rounds:
        n = len(rnd.tricks) + (lines[i].startswith("leader"))
        out.append(lines[i:i + n])
        i += n
    return out


def test_a_tables_shorthand_is_taken_without_a_colon_or_with_commas(tmp_path):
    # Issue 23, item 5: `K7 R10 R9 R8 R7` and `K7: R10, R9, R8, R7` are the short form.
    rec = recorder(tmp_path / "g.toml")
    assert not rec.feed("K5 R5 G4 K6 Y2").error
    assert not rec.feed("K3: R9, G9, Y1, B2").error
    assert rec.rounds[0].tricks == ["K5: Ana R5, Ben G4, Cleo K6, Dev Y2", "K3: Cleo R9, Dev G9, Ana Y1, Ben B2"]


@pytest.mark.parametrize("line, problem", [
    ("K5 R5 G4 K6", "4 cards and no revealed card"),
    ("K3:", "empty play in 'K3: '"),
    ("hello there", "'hello there' is not a trick"),
])
def test_a_refused_line_gets_the_recorders_own_form_as_advice(tmp_path, line, problem):
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed(line)
    assert out.error and not out.save
    text = " ".join(x.strip() for x in out.lines)
    assert text.startswith(f"input line 1: round 1, trick 1: {problem}: expected the revealed card(s), then one "
                           "card for each player in playing order from Ana: 'K5: R5 G4 K7 Y2' or 'K5 R5 G4 K7 Y2'")
    assert "<player>" not in text and "Ana R5" not in text.partition(": expected")[2]


def test_a_line_in_the_logs_form_with_a_comma_left_out_gets_the_fix(tmp_path):
    # The log's own form, typed with names: the reader's fix of the slip, in that form.
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("K3: Ana R5 Ben G4, Cleo K7, Dev Y2")
    assert out.error and out.lines == [
        "input line 1: round 1, trick 1: 'Ana R5 Ben G4' is not a play: a comma missing? write 'Ana R5, Ben G4'"]
    assert not rec.feed("K3: Ana R5, Ben G4, Cleo K7, Dev Y2").error


def test_a_steal_with_one_possible_choice_is_taken_on_enter(tmp_path):
    # Issue 23, item 6: the question says so, and Enter takes the only card there is to take.
    for seed in range(1, 40):
        game, _ = rk.simulated_game(tmp_path, "italian", seed)
        log, _ = read_log(game)
        rec = recorder(tmp_path / f"g{seed}.toml", "italian", options=log.options, interactive=True)
        tricks = [t for r in log.rounds for t in r.tricks]
        lines = rk.trick_lines(game, actions=False, leaders=False)
        for i, line in enumerate(lines):
            out = rec.feed(line)
            if out.asking:
                steal = tricks[i].actions[0]
                asked = " ".join(out.lines)
                if "press Enter to take it" not in asked:
                    out = rec.feed(f"{steal.card} from {steal.victim}")
                    continue
                assert f"type {steal.card} or press Enter to take it (the only card {steal.thief} can take)" in asked
                out = rec.feed("")
                assert out.save and not out.asking and f"; {steal} (" in out.lines[1]
                assert rec.rounds[-1].tricks[-1].endswith(f"; {steal}")
                return
            assert not out.error, out.lines
    pytest.fail("no game with a one-choice mandatory steal")


def test_tab_offers_only_the_cards_still_in_play(tmp_path):
    # Issue 23, item 6: what Tab completes at the prompt (the recorder's word list).
    rec = recorder(tmp_path / "g.toml")
    assert {"R5", "G4", "K6", "Y2", "K5"} <= set(rec.words())
    rec.feed("K5: R5 G4 K6 Y2")
    words = set(rec.words())
    assert not {"R5", "G4", "K6", "Y2", "K5"} & words and {"R6", "K7", "score", "Ana"} <= words


# -- where a log cannot be made: the system's reason, in its words (issue 32 item 6) ---------------


def test_a_read_only_folder_is_permission_denied_not_no_such_folder(shared_tmp, nobody):
    # As nobody (root writes anywhere). The recorder makes its lock file first; the folder refused
    # it, and the lock's second try (opening one another user left) found none: "no such folder".
    (shared_tmp / "ro").mkdir()
    os.chmod(shared_tmp / "ro", 0o555)
    for args in (["record", "ro/rec.toml", *NEW], ["deal", "-r", "english", "--players", "3", "--out", "ro/d.toml"]):
        res = subprocess.run(nobody.command(*args), cwd=shared_tmp, env=nobody.env, stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=120)
        assert res.returncode == 1, res.stderr
        assert res.stderr.splitlines()[-1] == f"error: {args[-1] if args[0] == 'deal' else args[1]}: cannot write: " \
                                              "permission denied (nothing was written)"
    assert os.listdir(shared_tmp / "ro") == []


GONE = "the current folder no longer exists (deleted or moved away{}): cd to a folder that exists"


@pytest.mark.parametrize("args, says", [
    (["record", "rec.toml", *NEW], f"error: rec.toml: cannot write: {GONE.format('; nothing was written')}"),
    (["deal", "-r", "english", "--players", "3", "--out", "d.toml"],
     f"error: d.toml: cannot write: {GONE.format('; nothing was written')}"),  # not "a system folder such as /proc"
    (["record", "rec.toml", "--resume"], f"error: rec.toml: cannot read: {GONE.format('')}"),
    (["validate", "g.toml"], f"g.toml: cannot read: {GONE.format('')}"),
])
def test_a_deleted_working_folder_is_said_as_such(tmp_path, args, says):
    # The shell enters a folder, deletes it, and runs bids there (the recorder said "no such folder").
    gone = tmp_path / "gone"
    gone.mkdir()
    root = Path(__file__).resolve().parent.parent
    script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
    res = subprocess.run(["sh", "-c", script, "sh", str(gone), os.sys.executable, "-m", "bidscli", *args],
                         env={**os.environ, "PYTHONPATH": str(root)}, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 1, res.stderr
    assert says in res.stdout.splitlines() + res.stderr.splitlines(), (res.stdout, res.stderr)
