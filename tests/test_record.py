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
    # Each card played is echoed with its colour word, so a slip (G for giallo) shows at once.
    assert out.lines == ["  K5: Ana R5 (red), Ben G4 (green), Cleo K6 (black), Dev Y2 (yellow)",
                         "R1 T1: Cleo +11 (highest bid K6) | round: Ana 0, Ben 0, Cleo 11, Dev 0 | Cleo leads T2"]
    out = rec.feed("K3: R9 G9 Y1 B2")  # Cleo leads now: Cleo R9, Dev G9, Ana Y1, Ben B2
    assert out.lines[0] == "  K3: Cleo R9 (red), Dev G9 (green), Ana Y1 (yellow), Ben B2 (blue)"
    assert out.lines[1].startswith("R1 T2: burned: tie on 9 (Cleo R9, Dev G9) | ")
    assert out.lines[1].endswith("| Dev leads T3")
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
    assert f"; {steal} (" in out.lines[1]
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
    from bidscli.app.recordfile import rounds_of

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
    from bidscli.core.sanitize import shorten

    assert shorten("K5: R1 R2 R3", 200, escaped=True) == "K5: R1 R2 R3"
    assert shorten("a\x1bb", 200, escaped=True) == "a\\x1bb"  # escaped once, not '\\\\x1b'
    # Without escaping (an error's message, escaped where it is printed): the same cut, also short.
    short = shorten("a" * 500 + "z", 100)
    assert len(short) <= 100 and short.startswith("a" * 40) and short.endswith("az") and "[... 441 characters" in short
    s = shorten("\x00" * 3000 + "tail", 200, escaped=True)
    assert len(s) <= 200 and s.endswith("tail") and "[... 2,9" in s and "\x00" not in s
    cut = int(s.split("[... ")[1].split(" characters")[0].replace(",", ""))
    assert cut + s.split(" [...")[0].count("\\x00") + s.rsplit("...] ", 1)[1].count("\\x00") + 4 == 3004
    rec = recorder(tmp_path / "g.toml")
    out = rec.feed("\x07" * 3000)  # under the typed limit: validate's message, bounded after escaping
    assert out.error and all("\x07" not in x for x in out.lines)
    assert all(len(x) <= 1000 for x in out.lines)
