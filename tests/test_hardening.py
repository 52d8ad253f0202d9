"""Issue 13 (Hardening II): one regression test, at least, per finding of the adversarial pass.

Hostile inputs are run as the user runs them: in a subprocess (``python -m bidscli``)
under ``ulimit -v`` 1 GB, with a generous timeout that only guards against a hang
(no timed assertion). Where root would bypass a check, the command drops its
privileges to ``nobody`` with setpriv instead of skipping (CI runs as root), from a
copy of the package that nobody can read (the ``nobody`` fixture, tests/nobody.py).
Every file is made in the test's own temporary folder.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core.workers import Stopped
from bidscli.files.bounds import MAX_KEY_PARTS, MAX_KEYS, MAX_LINE_CHARS
from bidscli.files.safe import FileChanged, write_atomic
from bidscli.sim import study as S
from bidscli.sim.deal import default_names

ROOT = Path(__file__).resolve().parent.parent
HEAD = 'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo", "Dev"]\n'
ROUND = '[[rounds]]\ntricks = ["K5: Ana R5, Ben G4, Cleo K7, Dev Y2"]\n'
ONE_GB = 1_000_000 * 1024  # ulimit -v 1000000 (KiB)
HANG = 120  # seconds: only a guard against a hang, never a measure


def _limits(fsize: int | None = None):
    def apply():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (ONE_GB, ONE_GB))
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    return apply


def bids(*args, stdin=None, fsize=None, nobody=None, cwd=ROOT) -> subprocess.CompletedProcess:
    """``python -m bidscli ARGS`` under ulimit -v 1 GB; bytes in and out. ``nobody``: the fixture's
    runner, to run as that user (from a copy of the package nobody can read, in its folder)."""
    args = [a if isinstance(a, bytes) else str(a) for a in args]
    if nobody is not None:
        cmd, env, cwd = nobody.command(*args), {**nobody.env, "COLUMNS": "100"}, nobody.cwd
    else:
        cmd, env = [sys.executable, "-m", "bidscli", *args], {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    res = subprocess.run(cmd, stdin=stdin if stdin is not None else subprocess.DEVNULL, capture_output=True,
                         timeout=HANG, preexec_fn=_limits(fsize), cwd=cwd, env=env)
    for stream in (res.stdout, res.stderr):
        assert b"Traceback" not in stream and b"internal error" not in stream, stream[-2000:]
    return res


def text(res) -> str:
    return (res.stdout + res.stderr).decode("utf-8")


def invoke(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output and "internal error" not in r.output, r.output
    return r


@pytest.fixture
def shared_tmp():
    """A temporary folder that ``nobody`` can enter too (pytest's own is root's only)."""
    with tempfile.TemporaryDirectory(prefix="bids-i13-") as d:
        os.chmod(d, 0o777)
        yield Path(d)
        for folder, _, _ in os.walk(d):  # folders a test locked: writable again, so they can be removed
            os.chmod(folder, 0o755)


# -- 1. only regular files are replaced; a symlink is written through ---------------------------------


def _special_files(folder: Path) -> list[Path]:
    fifo = folder / "fifo.toml"
    os.mkfifo(fifo)
    out = [fifo]
    if os.geteuid() == 0:  # a /dev/null of our own (mknod needs root; CI is root)
        dev = folder / "null.toml"
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        out.append(dev)
    return out


def test_force_never_replaces_a_device_or_a_fifo(tmp_path):
    for special in _special_files(tmp_path):
        before = os.lstat(special)
        r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", special, "--force")
        assert r.exit_code == 1
        assert "not a regular file: bidscli replaces only regular files, even with --force" in r.output
        after = os.lstat(special)
        assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]  # no temporary file left


def test_force_writes_through_a_symlink(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text("old\n")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", link, "--force")
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text().startswith("# ") and "[[rounds]]" in real.read_text()


def test_a_symlink_counts_as_existing_without_force(tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "nowhere.toml")  # dangling
    r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", link)
    assert r.exit_code == 1 and "exists: not overwriting it" in r.output
    assert not (tmp_path / "nowhere.toml").exists()


# -- 2. files read are regular files, opened without blocking, size-capped ---------------------------


def test_a_fifo_as_ruleset_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / "house.toml")
    res = bids("rules", "show", tmp_path / "house.toml")
    assert res.returncode == 1
    assert f"{tmp_path}/house.toml: is a FIFO (named pipe), not a regular file" in text(res)


def test_a_device_as_ruleset_log_extends_or_log_ruleset_is_refused_unread(tmp_path):
    (tmp_path / "zero.toml").symlink_to("/dev/zero")  # read (never written) through a link of our own
    (tmp_path / "house.toml").write_text('extends = "zero.toml"\n')
    (tmp_path / "g.toml").write_text(HEAD.replace('"english"', '"zero.toml"') + ROUND)
    res = bids("rules", "show", tmp_path / "zero.toml")
    assert res.returncode == 1 and "zero.toml: is a character device, not a regular file" in text(res)
    res = bids("rules", "show", tmp_path / "house.toml")
    assert res.returncode == 1 and "zero.toml: is a character device" in text(res)
    res = bids("score", tmp_path / "g.toml")
    assert res.returncode == 1
    assert f"{tmp_path}/g.toml:1: ruleset {tmp_path}/zero.toml: is a character device" in text(res)
    res = bids("validate", tmp_path / "zero.toml")
    assert res.returncode == 1 and "zero.toml: is a character device, not a regular file" in text(res)


def test_a_pipe_on_stdin_is_not_read_as_a_ruleset():
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        res = bids("rules", "show", "/dev/stdin", stdin=yes.stdout)
    finally:
        yes.kill()
        yes.wait()
    assert res.returncode == 1 and "/dev/stdin: is a FIFO (named pipe), not a regular file" in text(res)


def test_validate_a_folder_whose_log_names_a_fifo_goes_on(tmp_path):
    os.mkfifo(tmp_path / "pipe.rules")
    (tmp_path / "a.toml").write_text(HEAD.replace('"english"', '"pipe.rules"') + ROUND)
    shutil.copy(ROOT / "examples" / "friday-4p.toml", tmp_path / "b.toml")
    res = bids("validate", tmp_path)
    out = text(res)
    assert res.returncode == 1
    assert f"{tmp_path}/a.toml:1: ruleset {tmp_path}/pipe.rules: is a FIFO" in out
    assert f"{tmp_path}/b.toml: valid" in out and "2 files, 1 valid, 1 invalid" in out


# -- 3 and 4. bounds before the TOML parser; nothing quadratic -----------------------------------------


def test_a_20000_part_dotted_key_is_refused_before_parsing(tmp_path):
    key = ".".join(["a"] * 20_000)
    (tmp_path / "g.toml").write_text(HEAD + f"{key} = 1\n" + ROUND)
    (tmp_path / "house.toml").write_text(f'extends = "english"\n{key} = 1\n')
    res = bids("validate", tmp_path / "g.toml")
    assert res.returncode == 1
    assert f"g.toml:3: a dotted key of 20,000 parts: bidscli reads at most {MAX_KEY_PARTS}" in text(res)
    res = bids("rules", "show", tmp_path / "house.toml")
    assert res.returncode == 1 and "house.toml:2: a dotted key of 20,000 parts" in text(res)


def test_501k_top_level_keys_are_refused(tmp_path):
    path = tmp_path / "keys.toml"
    path.write_text(HEAD + "".join(f"k{i:x}=1\n" for i in range(501_000)) + ROUND)
    assert path.stat().st_size < 5_000_000
    res = bids("validate", path)
    assert res.returncode == 1
    assert f"keys, tables and arrays ('=' and '[' signs): bidscli reads at most {MAX_KEYS:,} a log" in text(res)


def test_many_unknown_keys_are_each_located(tmp_path):
    path = tmp_path / "keys.toml"
    n = 20_000
    # The keys come after the round's table: they belong to it (unknown round keys), each on its line.
    path.write_text(HEAD + ROUND + "".join(f"x{i} = 1\n" for i in range(n)), encoding="utf-8")
    res = bids("validate", path)
    out = text(res)
    assert res.returncode == 1
    assert out.count("unknown round key") == n
    assert f"keys.toml:{4 + n}: round 1: unknown round key 'x{n - 1}'" in out


def test_rounds_that_the_line_finder_cannot_place_then_padding(tmp_path):
    """Rounds as an inline array, tricks whose text is escaped (so no line holds it verbatim),
    then 2 million comment lines: each trick used to scan on to the end of the file (tricks x lines)."""
    trick = "K5: Ana R5\\u002c Ben G4\\u002c Cleo K7\\u002c Dev Y2"
    rounds = "".join("{tricks = [" + ", ".join(f'"{trick}"' for _ in range(20)) + "]},\n" for _ in range(100))
    path = tmp_path / "long.toml"
    path.write_text(HEAD + "rounds = [\n" + rounds + "]\n" + "#\n" * 2_000_000)
    res = bids("validate", path)
    out = text(res)
    assert res.returncode == 1
    assert "long.toml: round 100, trick 10: " in out, out[-1000:]


def test_a_line_over_the_limit_is_refused(tmp_path):
    path = tmp_path / "wide.toml"
    path.write_text(HEAD + 'title = "' + "x" * MAX_LINE_CHARS + '"\n' + ROUND)
    r = invoke("validate", path)
    assert r.exit_code == 1
    assert f"wide.toml:3: a line of {MAX_LINE_CHARS + 10:,} characters: bidscli reads lines of at most" in r.output


def test_a_long_key_is_refused(tmp_path):
    path = tmp_path / "key.toml"
    path.write_text(HEAD + "k" * 300 + " = 1\n" + ROUND)
    r = invoke("validate", path)
    assert r.exit_code == 1 and "key.toml:3: a key of more than 256 characters" in r.output


def test_real_logs_are_far_from_the_bounds():
    from bidscli.files.bounds import check_toml

    for path in sorted((ROOT / "examples").glob("*.toml")) + sorted((ROOT / "rulesets").glob("*.toml")):
        assert check_toml(path.read_text(encoding="utf-8")) is None, path


# -- 5. a ruleset's errors are reported at the log ------------------------------------------------------


def test_a_broken_house_ruleset_is_reported_at_each_log(tmp_path):
    (tmp_path / "house.toml").write_text('extends = "english"\n[thief]\ntiming = "whenever"\n')
    for name in ("g1.toml", "g2.toml"):
        (tmp_path / name).write_text("# a game\n" + HEAD.replace('"english"', '"house.toml"') + ROUND)
    r = invoke("validate", tmp_path)
    assert r.exit_code == 1
    for name in ("g1.toml", "g2.toml"):
        assert re.search(rf"{re.escape(str(tmp_path / name))}:2: ruleset {re.escape(str(tmp_path))}/house.toml:3: "
                         r".*thief.timing", r.output), r.output


def test_a_folder_as_a_log_ruleset(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "g.toml").write_text(HEAD.replace('"english"', '"rules"') + ROUND)
    r = invoke("validate", tmp_path / "g.toml")
    assert r.exit_code == 1
    assert f"{tmp_path}/g.toml:1: ruleset {tmp_path}/rules: is a folder, not a ruleset file" in r.output
    assert ":1: cannot read" not in r.output


# -- 6. create-without-overwrite is atomic --------------------------------------------------------------


def test_the_name_taken_at_the_last_moment_is_not_overwritten(tmp_path, monkeypatch):
    """Another writer creates the file right before our final step (link or rename): the final
    step itself must refuse, whatever was checked before it."""
    out = tmp_path / "same.toml"

    def racer_first(real):
        def step(src, dst, *a, **kw):
            if os.fspath(dst) == str(out) and not os.path.lexists(out):
                out.write_text("the other writer\n")
            return real(src, dst, *a, **kw)
        return step

    monkeypatch.setattr(os, "link", racer_first(os.link))
    monkeypatch.setattr(os, "replace", racer_first(os.replace))
    monkeypatch.setattr(os, "rename", racer_first(os.rename))
    r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", out)
    assert r.exit_code == 1 and "same.toml exists: not overwriting it" in r.output
    assert out.read_text() == "the other writer\n"
    assert sorted(os.listdir(tmp_path)) == ["same.toml"]


def test_two_writers_racing_one_wins(tmp_path):
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    for i in range(20):
        out = tmp_path / f"race{i}.toml"
        barrier = ctx.Barrier(2)
        results = ctx.Queue()
        procs = [ctx.Process(target=_race, args=(barrier, results, str(out), w)) for w in ("A", "B")]
        for p in procs:
            p.start()
        for p in procs:
            p.join(HANG)
        won = sorted(results.get(timeout=HANG) for _ in procs)
        assert won.count("wrote") == 1, (i, won)
        assert out.read_text() in ("A\n", "B\n")
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]


def _race(barrier, results, out, who):
    barrier.wait()
    try:
        write_atomic(out, who + "\n")
        results.put("wrote")
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        results.put(f"refused: {exc}")



def test_a_file_deleted_and_made_again_while_it_is_saved_over_is_left_alone(tmp_path, monkeypatch):
    """``bids record`` saves only over the file it last wrote (``write_atomic(expect=...)``). A file
    deleted after that check and made again by another program just before the rename ended the
    save in a traceback (found by the type checker, issue 33); it is a FileChanged, as any change."""
    out = tmp_path / "rec.toml"
    ours = write_atomic(out, "ours\n")
    real_lstat, looks = os.lstat, []

    def lstat(path, *args, **kw):
        if os.fspath(path) == str(out):
            looks.append(path)
            if len(looks) == 2:  # the writer's own look, after its check: another program deletes it...
                out.unlink()
            elif len(looks) == 3:  # ...and makes it again, just before the rename
                out.write_text("theirs\n")
        return real_lstat(path, *args, **kw)

    monkeypatch.setattr(os, "lstat", lstat)
    with pytest.raises(FileChanged, match="was changed as it was being saved: not saving over it"):
        write_atomic(out, "ours, once more\n", expect=ours)
    assert len(looks) == 3
    assert out.read_text() == "theirs\n"
    assert sorted(os.listdir(tmp_path)) == ["rec.toml"]  # no temporary file left

# -- 7. SIGTERM and SIGHUP end study's workers ----------------------------------------------------------


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_signal_to_study_ends_its_workers(signame):
    cmd = [sys.executable, "-m", "bidscli", "study", "-r", "english", "-r", "italian", "-p", "4",
           "-g", "1000000", "--jobs", "2", "--no-progress"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    workers: list[int] = []
    try:
        for _ in range(HANG * 10):  # wait (not a measure) until both workers run
            workers = _children(proc.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.1)
        assert len(workers) >= 2, "the study started no workers"
        time.sleep(0.5)  # let them take a shard each
        proc.send_signal(getattr(signal, signame))
        out, err = proc.communicate(timeout=HANG)
        assert proc.returncode == 128 + getattr(signal, signame), err
        assert b"interrupted" in err and b"Traceback" not in err
        assert not [w for w in workers if _alive(w)], "workers outlived the study"
    finally:
        proc.kill()
        for w in workers:  # the processes this test started: end any left over (old behaviour)
            if _alive(w):
                os.kill(w, signal.SIGKILL)
        proc.communicate()


def test_a_stop_signal_in_the_study_s_own_code_ends_it_there():
    """SIGTERM while a study's own code runs (here: its progress callback, in the main thread)
    raises Stopped there, outside the pool's own calls (inside them it is only recorded, and
    raised as they return: a handler that raised inside concurrent.futures' code once left its
    shutdown waiting forever). The workers end with it and the handler is gone with it."""
    import multiprocessing

    spec = S.make_spec(["english"], default_names(4), ("default",) * 4, {}, {}, 1, 40)
    seen = []

    def progress(games):
        if not seen:
            seen.append("called")
            os.kill(os.getpid(), signal.SIGTERM)  # handled at once, in this (the main) thread
            seen.append("went on")  # not reached

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Stopped) as stopped:
        S.run_study(spec, jobs=2, progress=progress, shard_size=1)
    assert seen == ["called"]
    assert stopped.value.signum == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) is before  # the study's handler is gone with it
    assert multiprocessing.active_children() == []  # and its workers


# -- 8. modes: the umask for new files, the old mode for --force ----------------------------------------


def test_new_files_honour_the_umask_and_force_keeps_the_mode(tmp_path):
    old = os.umask(0o022)
    try:
        r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", tmp_path / "a.toml")
        assert r.exit_code == 0, r.output
        assert stat.S_IMODE(os.stat(tmp_path / "a.toml").st_mode) == 0o644
        os.umask(0o077)
        invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", tmp_path / "b.toml")
        assert stat.S_IMODE(os.stat(tmp_path / "b.toml").st_mode) == 0o600
        os.chmod(tmp_path / "a.toml", 0o664)
        r = invoke("deal", "-r", "english", "--players", "4", "--seed", "2", "--out", tmp_path / "a.toml", "--force")
        assert r.exit_code == 0, r.output
        assert stat.S_IMODE(os.stat(tmp_path / "a.toml").st_mode) == 0o664
        assert "--seed 2" in (tmp_path / "a.toml").read_text()
    finally:
        os.umask(old)


# -- 9. OS errors are plain messages, nothing partial is left ------------------------------------------


def test_a_full_disk_is_a_plain_message(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", tmp_path / "g.toml")
    assert r.exit_code == 1
    assert f"{tmp_path}/g.toml: cannot write: the disk is full (nothing was written)" in r.output
    assert os.listdir(tmp_path) == []


def test_ulimit_f_is_a_plain_message(tmp_path):
    res = bids("deal", "-r", "english", "--players", "4", "--seed", "1", "--rounds", "50",
               "--out", tmp_path / "g.toml", fsize=4096)
    assert res.returncode == 1, res
    assert "g.toml: cannot write: the file would be larger than allowed (ulimit -f)" in text(res)
    assert os.listdir(tmp_path) == []


def test_a_name_over_255_bytes_is_a_plain_message(tmp_path):
    r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", tmp_path / ("x" * 300 + ".toml"))
    assert r.exit_code == 1 and "cannot write: the file name is too long" in r.output
    assert os.listdir(tmp_path) == []


def test_an_extends_chain_of_600_files(tmp_path):
    for i in range(600):
        (tmp_path / f"h{i}.toml").write_text(f'extends = "h{i + 1}.toml"\n' if i < 599 else 'extends = "english"\n')
    res = bids("rules", "show", tmp_path / "h0.toml")
    assert res.returncode == 1
    assert "extends chain of more than 16 ruleset files" in text(res)
    assert max(map(len, text(res).splitlines())) <= 1100


def test_permission_denied_as_an_ordinary_user(shared_tmp, nobody):
    folder = shared_tmp / "locked"
    folder.mkdir()
    os.chmod(folder, 0o555)
    res = bids("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", folder / "g.toml", nobody=nobody)
    assert res.returncode == 1 and "g.toml: cannot write: permission denied (nothing was written)" in text(res)
    secret = shared_tmp / "secret.toml"
    secret.write_text('extends = "english"\n')
    os.chmod(secret, 0o600)
    game = shared_tmp / "g.toml"
    game.write_text(HEAD.replace('"english"', '"secret.toml"') + ROUND)
    os.chmod(game, 0o644)
    res = bids("validate", game, nobody=nobody)
    assert res.returncode == 1
    assert f"g.toml:1: ruleset {shared_tmp}/secret.toml: cannot read: Permission denied" in text(res)
    kept = shared_tmp / "kept"
    kept.mkdir()
    mine = kept / "mine.toml"
    mine.write_text("a log\n")
    os.chmod(mine, 0o666)  # writable, but in a folder where no new name can be made: not replaced
    os.chmod(kept, 0o555)
    res = bids("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", mine, "--force", nobody=nobody)
    assert res.returncode == 1 and "cannot write: permission denied" in text(res)
    assert mine.read_text() == "a log\n"


# -- 10. a study loads what it needs before the first game ---------------------------------------------


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_study_survives_its_ruleset_file_being_deleted(tmp_path, jobs):
    house = tmp_path / "house.toml"
    house.write_text('extends = "english"\nname = "house"\n[thief]\ntiming = "immediate"\n')
    spec = S.make_spec([str(house), "italian"], default_names(4), ("default",) * 4, {}, {}, 1, 6)
    house.unlink()
    doc = S.report(spec, S.run_study(spec, jobs, shard_size=2))
    assert [r["games"] for r in doc["rulesets"]] == [6, 6]
    assert doc["rulesets"][0]["name"] == "house"


# -- 11. output hygiene -------------------------------------------------------------------------------------


def test_escape_sequences_from_input_are_not_printed_raw(tmp_path):
    (tmp_path / "house.toml").write_text(
        'extends = "english"\ntitle = "\\u001b]0;owned\\u0007 rules \\u009b2J \\u202eevil"\n')
    (tmp_path / "g.toml").write_text(HEAD + '[[rounds]]\ntricks = ["K5\\u001b[2J: Ana R5, Ben G4, Cleo K7, Dev Y2"]\n')
    for args in (["rules", "show", tmp_path / "house.toml", "--players", "4"], ["validate", tmp_path / "g.toml"],
                 ["validate", tmp_path / "g.toml", "--format", "json"], ["score", tmp_path / "g.toml"]):
        res = bids(*args)  # through a pipe, as `bids ... | less` would print it
        out = res.stdout + res.stderr
        for raw in (b"\x1b", b"\x07", "\u009b".encode(), "\u202e".encode()):
            assert raw not in out, (args, out[:500])
    res = bids("rules", "show", tmp_path / "house.toml", "--players", "4")  # refused where it is read
    assert (res.returncode, res.stdout) == (1, b"")
    assert text(res).endswith("house.toml:2: 'title' holds a control character (U+001B), which bidscli does "
                              "not print as written\n")
    res = bids("validate", tmp_path / "g.toml", "--format", "json")
    assert json.loads(res.stdout)["errors"][0]["message"].startswith("'K5\x1b[2J' is not a card")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_score_json_of_many_logs_prints_nothing_raw(tmp_path, jobs):
    """score --format json over many logs (in worker processes or not) writes its documents as made,
    escaped where they were made: no raw control, direction mark or undecodable byte, a broken log's
    error document in its place."""
    folder = os.fsencode(tmp_path)
    names = [b"a-\x1b]0;x\x07.toml", b"b-\xff.toml", "c-\u202e\u0085.toml".encode(), b"d-broken.toml"]
    for name in names:
        with open(folder + b"/" + name, "wb") as f:
            f.write((HEAD + (ROUND if b"broken" not in name else '[[rounds]]\ntricks = ["K5: Ana R5"]\n')).encode())
    res = bids("score", tmp_path, "--format", "json", "--jobs", jobs, "--allow-partial")
    assert res.returncode == 1
    for raw in (b"\x1b", b"\x07", "\u202e".encode(), "\u0085".encode()):
        assert raw not in res.stdout
    docs = json.loads(res.stdout.decode("utf-8"))  # strict UTF-8
    assert [d["file"] for d in docs] == [f"{tmp_path}/{n}" for n in
                                         ("a-\x1b]0;x\x07.toml", "b-\\xff.toml", "c-\u202e\u0085.toml", "d-broken.toml")]
    assert [d["totals"]["Cleo"] for d in docs[:3]] == [12] * 3
    assert docs[3]["error"]["message"] == "Ben, Cleo, Dev did not play: each player plays one card a trick"


def test_json_is_valid_utf8_with_an_undecodable_file_name(tmp_path):
    folder = os.fsencode(tmp_path)
    with open(folder + b"/bad-\xff.toml", "wb") as f:
        f.write((HEAD + ROUND).encode())
    res = bids("validate", tmp_path, "--format", "json")
    doc = json.loads(res.stdout.decode("utf-8"))  # strict UTF-8
    assert doc[0]["file"] == f"{tmp_path}/bad-\\xff.toml"
    res = bids("validate", folder + b"/bad-\xff.toml")
    assert f"{tmp_path}/bad-\\xff.toml:".encode() in res.stdout
    res.stdout.decode("utf-8")


def test_a_900k_card_trick_gives_a_short_message(tmp_path):
    body = "".join("K5 " * 100 + "\\\n" for _ in range(9000))
    path = tmp_path / "big.toml"
    path.write_text(HEAD + '[[rounds]]\ntricks = ["""\\\n' + body + ': Ana R5, Ben G4, Cleo K7, Dev Y2"""]\n')
    res = bids("validate", path)
    assert res.returncode == 1
    assert max(map(len, text(res).splitlines())) < 1100
    assert "characters cut ...]" in text(res)


def test_every_output_of_the_cli_goes_through_the_sanitiser():
    source = "\n".join(f.read_text(encoding="utf-8") for f in sorted((ROOT / "bidscli" / "cli").glob("*.py")))
    calls = [line for line in source.splitlines() if "click.echo(" in line and not line.strip().startswith('"')]
    assert calls, "the command layer prints nothing?"
    for line in calls:  # each print is made safe on its own line: echo, echo_text, echo_json (cli/options.py)
        # JSON goes through the JSON sanitiser (json_text; json_utf8 on its bytes): JSON escapes
        # every control character itself, and json_text what else terminal() would.
        assert "terminal(" in line or ("json_text(" in line and "json_utf8(" in line), \
            f"print with echo (sanitize.terminal) or echo_json, not bare click.echo: {line.strip()}"


# -- 12. small ones ------------------------------------------------------------------------------------------


def test_rounds_empty_has_nothing_to_score(tmp_path):
    path = tmp_path / "empty.toml"
    path.write_text(HEAD + "rounds = []\n")
    for cmd in ("score", "validate"):
        r = invoke(cmd, path)
        assert r.exit_code == 1 and "nothing to score" in r.output, r.output


def test_fifo_and_symlink_loop_in_a_folder_are_counted(tmp_path):
    shutil.copy(ROOT / "examples" / "friday-4p.toml", tmp_path / "ok.toml")
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    res = bids("validate", tmp_path)
    out = text(res)
    assert res.returncode == 1
    assert f"{tmp_path}/pipe.toml: is a FIFO (named pipe), not a regular file" in out
    assert f"{tmp_path}/loop.toml: cannot read: a symlink loop" in out
    assert "3 files, 1 valid, 2 invalid, 2 errors" in out


def test_an_empty_out_is_a_plain_message(tmp_path):
    r = invoke("deal", "-r", "english", "--players", "4", "--seed", "1", "--out", "")
    assert r.exit_code in (1, 2)
    assert "an empty file name" in r.output and ". exists" not in r.output


def test_docs_limits_names_every_limit():
    from bidscli.core import sanitize
    from bidscli.files import bounds
    from bidscli.log import reader as log
    from bidscli.rules import ruleset as rules

    doc = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for module, name in [(log, "MAX_FILE_BYTES"), (rules, "MAX_RULESET_BYTES"), (bounds, "MAX_LINE_CHARS"),
                         (bounds, "MAX_KEY_PARTS"), (bounds, "MAX_KEY_CHARS"), (bounds, "MAX_KEYS"),
                         (log, "MAX_ROUNDS"), (log, "MAX_TRICKS"), (rules, "MAX_EXTENDS"), (sanitize, "MAX_MESSAGE")]:
        value = getattr(module, name)
        shown = f"{value // 1_000_000} MB" if value >= 1_000_000 else f"{value:,}"
        row = next((line for line in doc.splitlines() if f"{module.__name__.removeprefix('bidscli.')}.{name}" in line), "")
        assert f"| {shown}" in row, (name, shown, row)
