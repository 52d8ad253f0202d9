"""`bids validate DIR_OR_FILES...`: folders, every error of every file, summary, JSON, streaming."""

from __future__ import annotations

import json
import os
import shutil
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.app import batch
from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
ONE_PLAYER = 'ruleset = "english"\nplayers = ["Ana"]\n'  # two errors: 1 player, no rounds
BAD_TOML = 'players = [\n'


def run(*args):
    return CliRunner().invoke(main, ["validate", *map(str, args)])


@pytest.fixture
def tree(tmp_path):
    return make_tree(tmp_path)


def make_tree(folder: Path) -> Path:
    """logs/ with valid, invalid, broken, non-log, hidden and nested files."""
    d = folder / "logs"
    (d / "b" / "deep").mkdir(parents=True)
    (d / ".hidden").mkdir()
    (d / "a.toml").write_text(GOOD, encoding="utf-8")
    (d / "b" / "one.toml").write_text(ONE_PLAYER, encoding="utf-8")
    (d / "b" / "deep" / "z.toml").write_text(GOOD, encoding="utf-8")
    (d / "b" / "broken.toml").write_text(BAD_TOML, encoding="utf-8")
    (d / "b" / "latin1.toml").write_bytes('players = ["Zoë"]\n'.encode("latin-1"))
    (d / "notes.txt").write_text("not a log", encoding="utf-8")
    (d / ".hidden" / "x.toml").write_text(BAD_TOML, encoding="utf-8")
    (d / ".skipped.toml").write_text(BAD_TOML, encoding="utf-8")
    return d


def rel(paths, base):
    return [os.path.relpath(p, base) for p in paths]


def test_walk_is_recursive_sorted_and_skips_hidden_and_other_files(tree):
    paths = list(batch.iter_log_paths([str(tree)]))
    assert rel(paths, tree) == ["a.toml", "b/broken.toml", "b/latin1.toml", "b/one.toml", "b/deep/z.toml"]
    assert list(batch.iter_log_paths([str(tree)])) == paths  # deterministic


def test_files_and_folders_keep_argument_order(tree):
    args = [str(tree / "b" / "deep"), str(tree / "a.toml")]
    assert rel(batch.iter_log_paths(args), tree) == ["b/deep/z.toml", "a.toml"]


def test_table_reports_every_error_of_every_file_then_a_summary(tree):
    r = run(tree)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[-1] == "5 files, 2 valid, 3 invalid, 4 errors"
    assert f"{tree}/a.toml: valid" in lines
    assert f"{tree}/b/deep/z.toml: valid" in lines
    one = [l for l in lines if l.startswith(f"{tree}/b/one.toml")]
    assert len(one) == 2 and "1 player: Bids is for 3 to 6 players" in one[0]
    assert any(l.startswith(f"{tree}/b/broken.toml") and "invalid TOML" in l for l in lines)
    assert any(l.startswith(f"{tree}/b/latin1.toml:1: not UTF-8") for l in lines)
    assert "Traceback" not in r.output


def test_all_valid_exits_0(tree):
    r = run(tree / "a.toml", tree / "b" / "deep")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "2 files, 2 valid, 0 invalid, 0 errors"


def test_single_file_still_prints_valid_and_summary():
    r = run("examples/friday-4p.toml")
    assert r.exit_code == 0
    assert r.stdout == "examples/friday-4p.toml: valid\n1 file, 1 valid, 0 invalid, 0 errors\n"


def test_keeps_going_past_missing_files_and_empty_folders(tree, tmp_path):
    (tmp_path / "empty").mkdir()
    r = run(tmp_path / "missing.toml", tmp_path / "empty", tree / "a.toml")
    assert r.exit_code == 1
    out = r.stdout
    assert f"{tmp_path}/missing.toml: cannot read" in out
    assert f"{tmp_path}/empty: no .toml logs in this folder" in out
    assert f"{tree}/a.toml: valid" in out
    assert out.splitlines()[-1] == "2 files, 1 valid, 1 invalid, 1 error (1 folder with no .toml logs)"


def test_an_empty_folder_alone_is_no_file_and_exits_1(tmp_path):
    """Review item 18: it was "1 file, 0 valid, 1 invalid"."""
    (tmp_path / "emptydir").mkdir()
    r = run(tmp_path / "emptydir")
    assert r.exit_code == 1
    assert r.stdout == (f"{tmp_path}/emptydir: no .toml logs in this folder (searched recursively)\n"
                        "0 files, 0 valid, 0 invalid, 0 errors (1 folder with no .toml logs)\n")


def test_unreadable_file_and_folder(nobody):
    """As an ordinary user (root reads everything): the nobody fixture, in a folder it can enter."""
    import subprocess

    from tests.nobody import temporary_folder

    folder = temporary_folder()
    tree = folder / "logs"
    closed = tree / "closed"
    try:
        os.chmod(folder, 0o755)
        make_tree(folder)
        (tree / "b" / "one.toml").chmod(0)
        closed.mkdir()
        (closed / "x.toml").write_text(GOOD, encoding="utf-8")
        closed.chmod(0)
        r = subprocess.run(nobody.command("validate", tree), cwd=nobody.cwd, env=nobody.env, capture_output=True,
                           text=True)
    finally:
        if closed.exists():
            closed.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)
    assert r.returncode == 1
    assert f"{tree}/b/one.toml: cannot read" in r.stdout
    assert f"{tree}/closed: cannot list folder" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_symlink_loop_does_not_hang(tree):
    try:
        os.symlink(tree, tree / "b" / "loop")
    except OSError:
        pytest.skip("no symlinks here")
    paths = list(batch.iter_log_paths([str(tree)]))
    assert len(paths) == 5


def test_a_ruleset_file_in_a_folder_is_skipped_but_checked_when_named(tree):
    (tree / "house.toml").write_text('extends = "english"\n[thief]\ntiming = "immediate"\n', encoding="utf-8")
    r = run(tree)
    assert f"{tree}/house.toml: skipped: a ruleset file, not a game log" in r.stdout
    assert r.stdout.splitlines()[-1] == "5 files, 2 valid, 3 invalid, 4 errors (1 ruleset file skipped)"
    r = run(tree, "--format", "json")
    assert "house.toml" not in r.stdout and "house.toml: skipped" in r.stderr
    r = run(tree / "house.toml")  # named: an error (exit 1) that says what the file is
    assert r.exit_code == 1 and "house.toml: a ruleset file, not a game log: give it with -r" in r.stdout
    assert r.stdout.splitlines()[-1] == "1 file, 0 valid, 1 invalid, 1 error"


def test_json_single_file_keeps_the_cli_md_shape():
    r = run("examples/friday-4p.toml", "--format", "json")
    assert r.exit_code == 0
    assert json.loads(r.stdout) == {"file": "examples/friday-4p.toml", "valid": True, "errors": []}
    assert r.stderr.strip() == "1 file, 1 valid, 0 invalid, 0 errors"


def test_json_several_is_a_list_in_order_with_the_summary_on_stderr(tree):
    r = run(tree, "--format", "json")
    assert r.exit_code == 1
    docs = json.loads(r.stdout)
    assert [os.path.relpath(d["file"], tree) for d in docs] == [
        "a.toml", "b/broken.toml", "b/latin1.toml", "b/one.toml", "b/deep/z.toml"]
    assert [d["valid"] for d in docs] == [True, False, False, False, True]
    assert docs[1]["errors"][0]["line"] == 1
    assert r.stderr.strip() == "5 files, 2 valid, 3 invalid, 4 errors"


def test_json_folder_with_one_log_is_still_a_list(tree):
    r = run(tree / "b" / "deep", "--format", "json")
    assert isinstance(json.loads(r.stdout), list)


def test_json_summary_form(tree):
    r = run(tree, "--format", "json", "--summary")
    doc = json.loads(r.stdout)
    assert doc["summary"] == {"files": 5, "valid": 2, "invalid": 3, "errors": 4, "skipped": 0,
                              "empty_folders": 0, "links_not_followed": 0}
    assert len(doc["files"]) == 5
    r = run(tree / "a.toml", "--format", "json", "--summary")
    assert json.loads(r.stdout)["summary"]["files"] == 1


@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("wrap", [False, True])
def test_streamed_json_is_byte_identical_to_json_dumps(n, wrap):
    docs = [{"file": f"f{i}.toml", "valid": i % 2 == 0, "errors": [{"message": "é", "line": i}]} for i in range(n)]
    parts = []
    w = batch.JsonListWriter(parts.append, wrap=wrap)
    for d in docs:
        w.item(d)
    w.close({"files": n})
    expected = {"files": docs, "summary": {"files": n}} if wrap else docs
    assert "".join(parts) == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"


def test_progress_bar_only_on_request_and_only_on_stderr(tree):
    r = run(tree)
    assert "validating [" not in r.output  # CliRunner's stderr is not a terminal
    r = run(tree, "--progress")
    assert "validating [" in r.stderr and "5/5 files, 3 invalid" in r.stderr
    assert "validating" not in r.stdout
    r = run(tree, "--progress", "--format", "json")
    json.loads(r.stdout)


def test_bad_ruleset_for_many_files_is_reported_once(tree):
    r = run(tree, "-r", "klingon")  # a usage error (cli.md): exit 2, before any file is read
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.count("no ruleset 'klingon'") == 1
    r = run(tree, "-o", "thief.timing=never")
    assert r.exit_code == 2 and "thief.timing" in r.stderr
    broken = tree.parent / "broken-rules.toml"  # a ruleset file that exists but is broken: invalid input
    broken.write_text('extends = "english"\n[thief]\ntiming = "never"\n', encoding="utf-8")
    r = run(tree, "-r", str(broken))
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("'never' is not a value of thief.timing") == 1


def test_results_are_streamed_not_collected(tree, monkeypatch):
    calls = []
    from bidscli.app import api

    real = api.validate
    monkeypatch.setattr(api, "validate", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    gen = batch.validate_paths([str(tree)])
    first = next(gen)
    assert first.valid and len(calls) == 1


def _many(folder: Path, n: int, text: str = GOOD) -> None:
    folder.mkdir()
    src = folder.parent / "one.toml"
    src.write_text(text, encoding="utf-8")
    for i in range(n):
        try:
            os.link(src, folder / f"g{i:05}.toml")
        except OSError:
            shutil.copy(src, folder / f"g{i:05}.toml")


# 20 unreadable trick lines: 20 errors a file, cheap to find, and heavy if kept.
MANY_ERRORS = ('ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n[[rounds]]\ntricks = [\n'
               + "".join(f'  "K{i}: Ana Z{i}, Ben R1, Cleo R2",\n' for i in range(1, 21)) + "]\n")


def _peak(folder: Path) -> int:
    summary = batch.ValidateSummary()
    tracemalloc.start()
    try:
        for res in batch.validate_paths([str(folder)]):
            summary.add(res)
            batch.error_lines(res)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_as_the_number_of_logs_grows(tmp_path):
    (tmp_path / "s").mkdir()
    _many(tmp_path / "s" / "small", 110, MANY_ERRORS)
    (tmp_path / "l").mkdir()
    _many(tmp_path / "l" / "large", 440, MANY_ERRORS)
    assert len(batch.error_lines(next(batch.validate_paths([str(tmp_path / "s" / "small")])))) == 20
    _peak(tmp_path / "s" / "small")  # warm caches (rulesets, decks)
    small, large = _peak(tmp_path / "s" / "small"), _peak(tmp_path / "l" / "large")
    # 4x the logs: keeping results would add 330 x 20 errors (MBs); walking adds names only.
    assert large < small + 400_000, (small, large)


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "fuzz" and not os.environ.get("BIDS_SLOW"),
                    reason="10,000 logs: run with make fuzz or BIDS_SLOW=1")
def test_fuzz_scale_ten_thousand_logs(tmp_path):
    _many(tmp_path / "many", 10_000)
    (tmp_path / "many" / "bad.toml").write_text(BAD_TOML, encoding="utf-8")
    r = CliRunner().invoke(main, ["validate", str(tmp_path / "many"), "--format", "json"])
    assert r.exit_code == 1
    assert r.stderr.strip() == "10001 files, 10000 valid, 1 invalid, 1 error"
    assert len(json.loads(r.stdout)) == 10_001
