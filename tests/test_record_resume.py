"""`bids record OUT --resume`: the file is left as it is until something changes (comments and
all), and written when a change is typed or the command line changes the game."""

from __future__ import annotations

from bidscli.log.reader import read_log

from . import recordkit as rk

NEW = ["--players", "Ana,Ben,Cleo", "-r", "english"]
T1, T2, T3 = "K5: R1 R2 R3", "K6: R5 R6 R7", "K7: R8 R9 R10"  # Ana leads, then Cleo, then Ben
COMMENT = "# Friday at Marta's: Ben kept the score on paper too\n"


def _commented_log(tmp_path):
    out = tmp_path / "rec.toml"
    res = rk.record_in_process(out, NEW, [T1, T2, "quit"])
    assert res.returncode == 0, res.stderr
    out.write_text(COMMENT + out.read_text(encoding="utf-8"), encoding="utf-8")
    return out


def _tricks(path) -> list[str]:
    log, errors = read_log(path)
    assert log is not None and not errors, errors
    return [t.text for r in log.rounds for t in r.tricks]


def test_resume_then_quit_leaves_the_file_untouched(tmp_path):
    out = _commented_log(tmp_path)
    before = out.read_bytes()
    for lines in (["quit"], [], ["score", "help", "quit"]):  # quit, end of input, lines that change nothing
        res = rk.record_in_process(out, ["--resume"], lines)
        assert res.returncode == 0, res.stderr
        assert out.read_bytes() == before
        assert res.stderr.endswith(f"left as it was {out} (2 tricks); go on with: bids record {out} --resume\n")


def test_resume_then_an_undone_trick_leaves_the_file_untouched(tmp_path):
    out = _commented_log(tmp_path)
    before = out.read_bytes()
    res = rk.record_in_process(out, ["--resume"], [T3, "undo", "quit"])
    assert res.returncode == 0, res.stderr
    assert _tricks(out) == ["K5: Ana R1, Ben R2, Cleo R3", "K6: Cleo R5, Ana R6, Ben R7"]
    assert COMMENT not in out.read_text(encoding="utf-8")  # the trick was saved, then undone: written
    assert res.stderr.endswith(f"saved {out} (2 tricks); go on with: bids record {out} --resume\n")
    assert out.read_bytes() != before


def test_resume_writes_the_file_once_a_trick_is_typed(tmp_path):
    out = _commented_log(tmp_path)
    res = rk.record_in_process(out, ["--resume"], [T3, "quit"])
    assert res.returncode == 0, res.stderr
    assert _tricks(out)[-1] == "K7: Ben R8, Cleo R9, Ana R10"
    assert res.stderr.endswith(f"saved {out} (3 tricks); go on with: bids record {out} --resume\n")


def test_resume_with_a_round_count_writes_it_into_the_file_at_once(tmp_path):
    out = _commented_log(tmp_path)
    res = rk.record_in_process(out, ["--resume", "--rounds", "5"], ["quit"])
    assert res.returncode == 0, res.stderr
    text = out.read_text(encoding="utf-8")
    assert "[meta]\nrounds = 5\n" in text and COMMENT not in text
    assert res.stderr.endswith(f"saved {out} (2 tricks); go on with: bids record {out} --resume\n")


def test_resuming_a_hand_written_log_says_what_length_it_takes(tmp_path):
    # A log written by hand (no [meta] rounds) whose last round is complete: `bids score` names
    # a winner, the recorder goes on to game.rounds. It says so, with the way out, and its
    # standings name a leader, not a winner.
    from pathlib import Path

    out = tmp_path / "fg.toml"
    out.write_text((Path(__file__).parent.parent / "examples" / "first-game.toml").read_text(encoding="utf-8"),
                   encoding="utf-8")
    res = rk.record_in_process(out, ["--resume"], ["quit"])
    assert res.returncode == 0, res.stderr
    assert "Standings so far:" in res.stderr and "Leading: Ana with 48" in res.stderr
    assert "Winner:" not in res.stderr
    said = " ".join(res.stderr.split())
    assert (f"note: {out} does not say how many rounds the game has: recording up to 3 (game.rounds of "
            "english); if the game ended after round 1, quit here, or give --rounds N") in said
    done = rk.record_in_process(out, ["--resume", "--rounds", "1"], ["quit"])
    assert "Final standings:" in done.stderr and "Winner: Ana with 48" in done.stderr
    assert "does not say how many rounds" not in done.stderr
