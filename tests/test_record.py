"""`bids record`: the Recorder in-process, then whole games through a pipe.

The pseudo-terminal tests are in test_record_pty.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from bidscli.app import api
from bidscli.app.record import Recorder, RoundEntry
from bidscli.log.reader import read_log
from bidscli.rules.ruleset import load_ruleset

from . import recordkit as rk

EXAMPLES = sorted(p for p in (rk.ROOT / "examples").glob("*.toml")
                  if read_log(p)[0] is not None and not api.validate(p))


def recorder(path, ruleset="english", players=rk.PLAYERS, options=None, interactive=False, rounds=None):
    rs = load_ruleset(ruleset)
    return Recorder(str(path), ruleset, rs, players, options or {}, rounds, interactive=interactive)


def feed_all(rec, lines):
    return [rec.feed(x) for x in lines]


def validate_text(tmp_path, text, name="check.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return [str(e) for e in api.validate(p, allow_partial=True)]


# -- the Recorder, in-process -------------------------------------------------------------------


def test_short_form_is_completed_with_names_from_the_leader(tmp_path):
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("K5: r5 g4 k6 y2")  # card names in any case: written canonical
    assert not out.error and out.save
    assert out.lines == ["R1 T1: Cleo +11 (highest bid K6) | round: Ana 0, Ben 0, Cleo 11, Dev 0 | Cleo leads T2"]
    out = rec.feed("K3: R9 G9 Y1 B2")  # Cleo leads now: Cleo R9, Dev G9, Ana Y1, Ben B2
    assert out.lines[0].startswith("R1 T2: burned: tie on 9 (Cleo R9, Dev G9) | ")
    assert out.lines[0].endswith("| Dev leads T3")
    assert rec.rounds[0].tricks == ["K5: Ana R5, Ben G4, Cleo K6, Dev Y2", "K3: Cleo R9, Dev G9, Ana Y1, Ben B2"]
    assert rec.prompt() == "R1 T3 Dev leads> "
    assert validate_text(tmp_path, rec.text()) == []


def test_full_form_is_kept_and_a_wrong_order_gets_validates_message(tmp_path):
    path = tmp_path / "g.toml"
    rec = recorder(path)
    assert not rec.feed("K5: Ana R5, Ben G4, Cleo K6, Dev Y2").error
    before = rec.text()
    out = rec.feed("K3: Ana Y1, Ben B2, Cleo R9, Dev G9")
    assert out.error and not out.save
    assert rec.text() == before  # nothing recorded
    # The very message validate gives for the file with that line in it, located at the input.
    text = before.replace('Dev Y2",\n]', 'Dev Y2",\n  "K3: Ana Y1, Ben B2, Cleo R9, Dev G9",\n]')
    p = tmp_path / "check.toml"
    p.write_text(text, encoding="utf-8")
    errors = api.validate(p, allow_partial=True)
    assert errors and out.lines == [f"input line 2: round {e.round}, trick {e.trick}: {e.text()}" for e in errors]
    assert out.lines[0].startswith("input line 2: round 1, trick 2: ")
    assert "Cleo leads this trick (won trick 1); the line starts with Ana" in out.lines[0]


def test_a_short_form_with_too_few_cards_says_how_many(tmp_path):
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("K5: R5 G4 K6")
    assert out.error
    assert out.lines == ["input line 1: round 1, trick 1: 3 cards for 4 players: expected one each, "
                         "in playing order from Ana"]


def test_unknown_word_is_refused_with_the_readers_message_and_a_hint(tmp_path):
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("undoo")
    assert out.error
    assert out.lines[0].startswith("input line 1: round 1, trick 1: 'undoo' is not a trick: expected the "
                                   "revealed card(s), then")
    assert "'undoo' is not a command either" in out.lines[-1]


def test_undo_across_a_round_boundary_and_leader(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "english", 7)
    lines = rk.trick_lines(game, leaders=False)
    rec = recorder(tmp_path / "g.toml", options=read_log(game)[0].options)
    outs = feed_all(rec, lines[:11])  # round 1 and the first trick of round 2
    assert not any(o.error for o in outs)
    assert [len(r.tricks) for r in rec.rounds] == [10, 1]
    assert "Round 1 scores:" in "\n".join(outs[9].lines)
    assert rec.feed("undo").lines[0].startswith("undone: round 2, trick 1:")
    assert [len(r.tricks) for r in rec.rounds] == [10]
    assert rec.feed("undo").lines[0].startswith("undone: round 1, trick 10:")
    assert [len(r.tricks) for r in rec.rounds] == [9]
    assert rec.prompt().startswith("R1 T10 ")
    # The leader of a round is chosen before its first trick only.
    assert rec.feed("leader Ben").error
    outs = feed_all(rec, lines[9:10])
    assert not outs[0].error
    out = rec.feed("leader ben")
    assert not out.error and out.lines == ["round 2: Ben leads trick 1"]
    assert rec.prompt() == "R2 T1 Ben leads> "
    assert rec.rounds[1].leader == "Ben"
    assert validate_text(tmp_path, rec.text()) == []


def test_score_command_shows_standings_then_the_final_table(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "italian", 18)
    path = tmp_path / "g.toml"
    rec = recorder(path, "italian", options=read_log(game)[0].options)
    assert rec.feed("score").lines == ["no trick recorded yet"]
    feed_all(rec, rk.trick_lines(game, leaders=False)[:3])
    lines = rec.feed("score").lines
    assert "Standings after round 1, trick 3: unfinished game, no winner" in lines
    assert not any(x.startswith("Winner") for x in lines)
    from bidscli.report import render as report

    # As `bids score --allow-partial` prints the saved file.
    loaded, result = api.score(write(path, rec.text()), allow_partial=True)
    assert lines == report.score_table(str(path), loaded.ruleset, result).splitlines()
    outs = feed_all(rec, rk.trick_lines(game, leaders=False)[3:])
    assert not any(o.error for o in outs)
    assert rec.game_over()

    loaded, result = api.score(game)
    table = report.score_table(str(path), loaded.ruleset, result).splitlines()
    assert outs[-1].lines[-len(table) - 2:-2] == table
    assert rec.feed("score").lines == table


def test_steals_are_asked_interactively_and_insisted_on_when_mandatory(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "italian", 18)
    assert rk.features(game)["timing"] == "immediate"
    rec = recorder(tmp_path / "g.toml", "italian", options=read_log(game)[0].options, interactive=True)
    log, _ = read_log(game)
    tricks = [t for r in log.rounds for t in r.tricks]
    with_steal = next(i for i, t in enumerate(tricks) if t.actions)
    lines = rk.trick_lines(game, actions=False, leaders=False)
    feed_all(rec, lines[:with_steal])
    steal = tricks[with_steal].actions[0]
    out = rec.feed(lines[with_steal])
    assert out.asking and not out.save
    assert out.lines[0].startswith(f"{steal.thief} must steal (")
    assert any(x.startswith(f"  from {steal.victim}: ") and str(steal.card) in x for x in out.lines)
    assert rec.prompt() == f"{steal.thief} steals? > "
    out = rec.feed("pass")
    assert out.asking and out.error
    assert out.lines[0] == f"{steal.thief} cannot pass here: the steal is mandatory (thief.mandatory = true)"
    out = rec.feed("Z9")
    assert out.asking and "'Z9' is not a card" in out.lines[0]
    out = rec.feed(f"{steal.card} from {steal.victim}")
    assert out.save and not out.asking
    assert f"; {steal} (" in out.lines[0]
    assert rec.rounds[-1].tricks[-1].endswith(f"; {steal}")


def test_optional_rights_are_asked_and_an_empty_answer_passes(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "english", 7)
    assert rk.features(game)["timing"] == "deferred"
    rec = recorder(tmp_path / "g.toml", "english", options=read_log(game)[0].options, interactive=True)
    asked = 0
    log, _ = read_log(game)
    for rnd in log.rounds:
        for t in rnd.tricks:
            line = " ".join(map(str, t.revealed)) + ": " + " ".join(str(c) for _, c in t.plays)
            out = rec.feed(line)
            while out.asking:
                asked += 1
                thief = rec.pending.choice.thief
                assert "may steal" in out.lines[0] and out.lines[-1].endswith(", or pass (or Enter)")
                done = [a for a in t.actions if a.thief == thief]
                out = rec.feed(f"{done[0].card} {done[0].victim}" if done else "")
            assert not out.error, out.lines
    assert asked > 0
    assert rk.score_doc(game)["totals"] == api.score(write(tmp_path / "g.toml", rec.text()))[1].totals
    assert "passes" in rec.text()


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_undo_or_quit_while_asked_records_nothing(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "italian", 18)
    rec = recorder(tmp_path / "g.toml", "italian", options=read_log(game)[0].options, interactive=True)
    log, _ = read_log(game)
    tricks = [t for r in log.rounds for t in r.tricks]
    i = next(i for i, t in enumerate(tricks) if t.actions)
    lines = rk.trick_lines(game, actions=False, leaders=False)
    feed_all(rec, lines[:i])
    assert rec.feed(lines[i]).asking
    assert rec.feed("K5: R1 R2 R3 R4").asking  # a trick line is not an answer
    assert not rec.feed("undo").error
    assert rec.pending is None and rec.played() == i
    assert rec.feed(lines[i]).asking
    out = rec.feed("quit")
    assert out.done and "not recorded" in out.lines[0]
    assert rec.played() == i


def test_hand_and_revealed_cards_come_from_the_deal(tmp_path):
    game, deal = rk.simulated_game(tmp_path, "japanese", 6)
    from bidscli.app.record import rounds_of

    dlog, _ = read_log(deal)
    rec = Recorder(str(tmp_path / "g.toml"), "japanese", load_ruleset("japanese"), dlog.players, dlog.options,
                   rounds_of(dlog))
    first = dlog.rounds[0]
    out = rec.feed(f"hand {first.leader}")
    assert out.lines[0].startswith(f"round 1: {first.leader} holds 10: ")
    lines = rk.trick_lines(game, revealed=False, leaders=False)
    # A card the player does not hold is refused with validate's message.
    log, _ = read_log(game)
    t1 = log.rounds[0].tricks[0]
    other = next(c for c in dlog.rounds[0].hands[t1.plays[1][0]] if c != t1.plays[0][1])
    bad = ": " + " ".join([str(other)] + [str(c) for _, c in t1.plays[1:]])
    out = rec.feed(bad)
    assert out.error and f"{t1.plays[0][0]} played {other}, which is not in {t1.plays[0][0]}'s hand" in out.lines[0]
    outs = feed_all(rec, lines)
    assert not any(o.error for o in outs)
    # The revealed cards were filled in from the pile: the same trick lines as the game's.
    assert [t for r in rec.rounds for t in r.tricks] == [t.text for r in log.rounds for t in r.tricks]
    assert rec.feed("hand Ana").error  # the game is over: no round to show


def test_without_a_deal_hand_says_why_not(tmp_path):
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("hand Ana")
    assert out.error and "--deal" in out.lines[0]


def test_control_characters_typed_are_shown_escaped(tmp_path):
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("leader \x1b[31mAna")
    assert out.error and "\x1b" not in "".join(out.lines) and "\\x1b" in out.lines[0]


# -- through a pipe: whole games ------------------------------------------------------------------

GAMES = [("italian", 18), ("english", 7), ("japanese", 6)]


@pytest.mark.parametrize("ruleset,seed", GAMES)
def test_piped_game_scores_like_the_hand_written_log(tmp_path, ruleset, seed):
    game, _ = rk.simulated_game(tmp_path, ruleset, seed)
    f = rk.features(game)
    assert f["steals"] and f["surprise"] and f["lowest"] and f["ally"]
    out = tmp_path / "rec.toml"
    res = rk.record(out, ["--players", ",".join(rk.PLAYERS), "-r", ruleset, *rk.options_args(game)],
                    rk.trick_lines(game))
    assert res.returncode == 0, res.stderr
    assert res.stdout == ""  # scripted use: stdout stays clean
    assert api.validate(out) == []
    assert rk.score_doc(out) == rk.score_doc(rk.without_deal(game))
    assert rk.score_doc(out)["rounds"][-1]["scores"] == rk.score_doc(game)["rounds"][-1]["scores"]
    assert rk.score_doc(out)["totals"] == rk.score_doc(game)["totals"]
    # The final table is what `bids score OUT` prints.
    score = subprocess.run([*rk.bids_cmd(), "score", str(out)], capture_output=True, text=True, env=rk.env())
    assert score.stdout.strip() in res.stderr
    assert all(len(x) <= 100 for x in res.stderr.splitlines() if str(out) not in x)  # but a long path


@pytest.mark.parametrize("ruleset,seed", GAMES)
def test_piped_game_with_its_deal_reveals_the_pile_itself(tmp_path, ruleset, seed):
    game, deal = rk.simulated_game(tmp_path, ruleset, seed)
    out = tmp_path / "rec.toml"
    res = rk.record_in_process(out, ["--deal", str(deal)], rk.trick_lines(game, revealed=False, leaders=False))
    assert res.returncode == 0, res.stderr
    assert out.read_text(encoding="utf-8").split("[[rounds]]")[1:] == \
        game.read_text(encoding="utf-8").split("[[rounds]]")[1:]
    assert rk.score_doc(out) == rk.score_doc(game)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_piping_an_examples_tricks_reproduces_its_score(tmp_path, example):
    log, _ = read_log(example)
    out = tmp_path / "rec.toml"
    res = rk.record_in_process(out, ["--players", ",".join(log.players), "-r", log.ruleset, *rk.options_args(example)],
                    rk.trick_lines(example))
    assert res.returncode == 0, res.stderr
    assert rk.score_doc(out)["totals"] == rk.score_doc(example)["totals"]
    assert rk.score_doc(out) == rk.score_doc(example)


def test_a_mistyped_line_is_reported_and_the_game_goes_on(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "english", 7)
    lines = rk.trick_lines(game)
    bad = lines[4].replace(":", ":  R99", 1)  # one card too many, and not a card
    out = tmp_path / "rec.toml"
    res = rk.record_in_process(out, ["--players", ",".join(rk.PLAYERS), "-r", "english", *rk.options_args(game)],
                    [*lines[:4], bad, *lines[4:]])
    assert res.returncode == 1
    assert f"input line 5: {bad}" in res.stderr
    assert "input line 5: round 1, trick 4: 5 cards for 4 players" in res.stderr
    assert api.validate(out) == []
    assert rk.score_doc(out) == rk.score_doc(rk.without_deal(game))


def test_piped_undo_across_a_round_boundary(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "japanese", 6)
    lines = rk.trick_lines(game)  # leader Ana, 10 tricks, leader Ben, 10 tricks, ...
    assert lines[0] == "leader Ana" and lines[11] == "leader Ben"
    out = tmp_path / "rec.toml"
    res = rk.record_in_process(out, ["--players", ",".join(rk.PLAYERS), "-r", "japanese", *rk.options_args(game)],
                    [*lines[:14], "undo", "undo", "undo", *lines[10:]])
    assert res.returncode == 0, res.stderr
    assert "undone: round 2, trick 1:" in res.stderr and "undone: round 1, trick 10:" in res.stderr
    assert rk.score_doc(out) == rk.score_doc(rk.without_deal(game))


def test_refuses_an_existing_file_without_resume_or_force(tmp_path):
    out = tmp_path / "rec.toml"
    out.write_text("keep me\n", encoding="utf-8")
    res = rk.record_in_process(out, ["--players", "Ana,Ben,Cleo", "-r", "english"], ["K5: R1 R2 R3"])
    assert res.returncode == 1 and "exists" in res.stderr and "--resume" in res.stderr
    assert out.read_text(encoding="utf-8") == "keep me\n"
    res = rk.record_in_process(out, ["--players", "Ana,Ben,Cleo", "-r", "english", "--force"], ["K5: R1 R2 R3"])
    assert res.returncode == 0, res.stderr
    assert "K5: Ana R1, Ben R2, Cleo R3" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args,message", [
    (["--players", "Ana,Ben,Cleo"], "give -r RULESET"),
    (["-r", "english"], "give --players"),
    (["--players", "Ana,Ben,Cleo", "-r", "english", "-o", "thief.timing=immediate"], "a log holds table options"),
    (["--resume", "--players", "Ana,Ben,Cleo"], "--resume takes the players"),
])
def test_usage_errors_exit_2(tmp_path, args, message):
    res = rk.record_in_process(tmp_path / "rec.toml", args, [])
    assert res.returncode == 2 and message in res.stderr and "Traceback" not in res.stderr
    assert not (tmp_path / "rec.toml").exists()


def test_sigkill_after_a_trick_leaves_a_log_that_resume_finishes(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "italian", 18)
    lines = rk.trick_lines(game)
    out = tmp_path / "rec.toml"
    args = ["--players", ",".join(rk.PLAYERS), "-r", "italian", *rk.options_args(game)]
    proc = subprocess.Popen([*rk.bids_cmd(), "record", str(out), *args], stdin=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=rk.env())
    assert lines[0] == "leader Ana" and lines[11] == "leader Ben"
    cut = 15  # through round 2, trick 3
    for line in lines[:cut]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    while True:  # wait (no clock) until the 13th trick is reported: it was saved before that
        seen = proc.stderr.readline()
        assert seen and not seen.startswith("saved"), "record ended early"
        if seen.startswith("R2 T3:"):
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stdin.close()
    proc.stderr.close()
    assert api.validate(out, allow_partial=True) == []
    assert [len(r.tricks) for r in read_log(out)[0].rounds] == [10, 3]
    assert api.validate(out)  # unfinished: refused without --allow-partial
    res = rk.record(out, ["--resume"], lines[cut:])
    assert res.returncode == 0, res.stderr
    assert rk.score_doc(out) == rk.score_doc(rk.without_deal(game))


def test_resume_refuses_an_invalid_log(tmp_path):
    out = tmp_path / "rec.toml"
    out.write_text((rk.ROOT / "examples" / "broken.toml").read_text(encoding="utf-8"), encoding="utf-8")
    res = rk.record_in_process(out, ["--resume"], [])
    assert res.returncode == 1 and f"{out}:" in res.stderr


def test_recorder_rounds_from_a_resumed_log_are_kept(tmp_path):
    rec = recorder(tmp_path / "g.toml", rounds=[RoundEntry(leader="Dev", added=False)])
    assert rec.prompt() == "R1 T1 Dev leads> "


def test_the_session_in_docs_is_what_the_recorder_answers():
    """docs/record.md's transcript: each typed line (after a prompt) fed to the recorder again."""
    from bidscli.cli.recordio import goodbye, welcome

    text = (rk.ROOT / "docs" / "record.md").read_text(encoding="utf-8")
    block = text.split("## A recorded session", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    shown = block.rstrip("\n").split("\n")
    rec = Recorder("friday.toml", "english", load_ruleset("english"), ("Gia", "Hugo", "Ida"), {"thief": True},
                   interactive=True)
    assert shown[0].startswith("Recording friday.toml: Gia, Hugo, Ida under english")
    out = [welcome(rec).rstrip("\n")]
    for line in shown[1:]:
        prompt = rec.prompt()
        if line.startswith(prompt):
            typed = line[len(prompt):]
            out.append(prompt + typed)
            out += rec.feed(typed).lines
    out.append(goodbye(rec).rstrip("\n"))
    assert out == shown
    assert all(len(x) <= 100 for x in shown)


def test_full_form_names_in_any_case_are_written_as_seated(tmp_path):
    rec = recorder(tmp_path / "g.toml")
    assert not rec.feed("k5: ana r5, BEN G4, Cleo K6, dev Y2").error
    assert rec.rounds[0].tricks == ["K5: Ana R5, Ben G4, Cleo K6, Dev Y2"]


def test_a_ruleset_file_is_named_relative_to_the_log(tmp_path):
    out = tmp_path / "sub" / "rec.toml"
    out.parent.mkdir()
    res = rk.record_in_process(out, ["--players", "Ana,Ben,Cleo", "-r", "examples/house.toml"], ["K5: R1 R2 R3"])
    assert res.returncode == 0, res.stderr
    log, _ = read_log(out)
    assert (out.parent / log.ruleset).resolve() == (rk.ROOT / "examples" / "house.toml").resolve()
    assert api.validate(out, allow_partial=True) == []


# -- review findings ------------------------------------------------------------------------------

COMPLETE = "the game is complete (3 rounds): nothing more to record; quit to stop"


def test_a_trick_after_the_last_round_is_refused_and_the_file_still_scores(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "english", 7)
    lines = rk.trick_lines(game, leaders=False)
    rec = recorder(tmp_path / "g.toml", options=read_log(game)[0].options)
    outs = feed_all(rec, lines)
    assert not any(o.error for o in outs) and rec.game_over()
    assert outs[-1].lines[-1] == "game over (3 rounds); type quit to stop"
    before = rec.text()
    for extra in (lines[0], "leader Ana"):
        out = rec.feed(extra)
        assert out.error and not out.save and out.lines == [COMPLETE]
    assert rec.text() == before and len(rec.rounds) == 3
    assert not rec.feed("score").error and not rec.feed("help").error  # commands still answer
    # --rounds N still records a longer game.
    longer = Recorder(str(tmp_path / "h.toml"), "english", load_ruleset("english"), rk.PLAYERS,
                      read_log(game)[0].options, rounds=None, game_rounds=4)
    feed_all(longer, lines)
    assert not longer.game_over() and not longer.feed(lines[0]).error and len(longer.rounds) == 4


def test_resuming_a_finished_log_refuses_more_tricks(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "english", 7)
    out = tmp_path / "g.toml"
    out.write_text(game.read_text(encoding="utf-8"), encoding="utf-8")
    res = rk.record_in_process(out, ["--resume"], ["K1: R1 R2 R3 R4", "leader Ana", "quit"])
    assert res.returncode == 1
    assert res.stderr.count(COMPLETE) == 2
    assert rk.score_doc(out) == rk.score_doc(game)  # unchanged, and it scores
    assert api.validate(out) == []


def test_a_refused_line_is_located_at_the_input_not_at_the_file(tmp_path):
    """Review item 8: a piped session's refused lines named lines of the saved file that never held them."""
    out = tmp_path / "piped.toml"
    res = rk.record_in_process(out, ["--players", "Ana,Ben,Cleo", "-r", "english"],
                               ["K5: R1 R2 R3", "", "foo", "K5: R4 R5 R6 R7", "K6: Ana R8, Cleo R9, Ben Y1",
                                "leader Ben"])  # 4 cards; Cleo leads, not Ana; too late to choose
    assert res.returncode == 1
    err = res.stderr.splitlines()
    assert "input line 3: round 1, trick 2: 'foo' is not a trick: expected the revealed card(s)" in "\n".join(err)
    assert ("input line 4: round 1, trick 2: 4 cards for 3 players: expected one each, in playing order "
            "from Cleo") in err
    assert any(x.startswith("input line 5: round 1, trick 2: ") and "Cleo leads" in x for x in err), err
    assert "input line 6: leader Ben" in err
    assert not any(f"{out}:" in x for x in err)  # no line of the file is named


def test_a_huge_typed_line_is_shown_short_with_its_real_length(tmp_path):
    """Review item 9: 300,000 NUL bytes were echoed in full (1.26 MB, escaped) as 'a line of 1,800,005'."""
    out = tmp_path / "z.toml"
    res = rk.record_in_process(out, ["--players", "Ana,Ben,Cleo", "-r", "english"], ["\x00" * 300_000, "K5: R1 R2 R3"])
    assert res.returncode == 1
    err = res.stderr.splitlines()
    assert "input line 1: a line of 300,000 characters: record reads lines of at most 4,096" in err
    assert len(res.stderr) < 1000 and all(len(x) <= 100 for x in err if str(out) not in x)  # but a long path
    assert "\x00" not in res.stderr and "\\x00" in err[0] and "characters cut" in err[0]
    assert err[0].startswith("input line 1: \\x00")
    assert "K5: Ana R1, Ben R2, Cleo R3" in out.read_text(encoding="utf-8")  # the game goes on


def test_typed_text_in_messages_is_sanitised_once_and_bounded(tmp_path):
    from bidscli.app.record import shown

    assert shown("K5: R1 R2 R3") == "K5: R1 R2 R3"
    assert shown("a\x1bb") == "a\\x1bb"  # escaped once, not '\\\\x1b'
    s = shown("\x00" * 3000 + "tail", 200)
    assert len(s) <= 200 and s.endswith("tail") and "[... 2,9" in s and "\x00" not in s
    cut = int(s.split("[... ")[1].split(" characters")[0].replace(",", ""))
    assert cut + s.split(" [...")[0].count("\\x00") + s.rsplit("...] ", 1)[1].count("\\x00") + 4 == 3004
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("\x07" * 3000)  # under the typed limit: validate's message, bounded after escaping
    assert out.error and all("\x07" not in x for x in out.lines)
    assert all(len(x) <= 1000 for x in out.lines)


# -- Hardening III: one recorder a file, and a typed trick is never silently lost ----------------

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
    assert got[-4:] == ["reloaded rec.toml (1 trick)", "typed again: K6: Cleo R5, Ana R6, Ben R7",
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
    ("K3: Ana R5 Ben G4", "'Ana R5 Ben G4' is not a play"),
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
                assert out.save and not out.asking and f"; {steal} (" in out.lines[0]
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
