"""`bids record` at a terminal: whole games typed through a pseudo-terminal (pexpect).

The steals are not typed in the trick lines: the recorder asks for them, and
these tests answer as the table did. Under CI (CI=true) these tests never skip;
elsewhere they skip, saying why, when pexpect or a pseudo-terminal is missing.
"""

from __future__ import annotations

import os
import re
import signal
import sys

import pytest

from bidscli.app import api
from bidscli.log.reader import read_log

from . import recordkit as rk

try:
    import pexpect
except ImportError:  # pragma: no cover - the test extra installs it (pty_missing says so)
    pexpect = None

_WHY = rk.pty_missing()
if _WHY and os.environ.get("CI", "").lower() not in ("true", "1"):
    pytestmark = pytest.mark.skip(reason=_WHY)

# Prompts are drawn again (with the typed text) when a line is sent, so after sending, the tests
# wait for what the recorder prints (a result, a question, a refusal) before the next prompt.
PROMPT = r"R(\d+) T(\d+) (\S+) leads>"
RESULT = r"R\d+ T\d+: "
QUESTION = "(" + "|".join(rk.PLAYERS) + r") (must|may) steal \("  # names: escape codes come before
ASKED = r"steals\? >"
OVER = r"game over \(quit"


def spawn(tmp_path, args, lines=40):
    env = dict(rk.env(), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", LINES=str(lines))
    child = pexpect.spawn(sys.executable, ["-m", "bidscli", "record", *args], env=env, cwd=str(tmp_path),
                          encoding="utf-8", timeout=120, dimensions=(lines, 100))
    child.delaybeforesend = None  # each send waits for a prompt first: no need to pause
    child.logfile_read = open(tmp_path / "terminal.log", "w", encoding="utf-8")  # noqa: SIM115
    return child


def answer_steals(child, trick, insist: bool) -> int:
    """After a trick line: answer every question as the log says; returns how many were asked."""
    asked = 0
    while child.expect([RESULT, QUESTION]) == 1:
        asked += 1
        thief = child.match.group(1)
        child.expect(ASKED)
        done = [a for a in trick.actions if a.thief == thief]
        if insist and done:  # a mandatory steal: a pass is refused and asked again
            child.sendline("pass")
            child.expect("cannot pass here: the steal is mandatory")
            child.expect(ASKED)
            insist = False
        child.sendline(f"{done[0].card} from {done[0].victim}" if done else "")
    return asked


@pytest.mark.parametrize("ruleset,seed", [("italian", 3), ("english", 14), ("japanese", 7)])
def test_a_whole_game_typed_at_a_terminal(tmp_path, ruleset, seed):
    game, _ = rk.simulated_game(tmp_path, ruleset, seed)
    f = rk.features(game)
    assert f["steals"] and f["surprise"] and f["lowest"] and f["ally"]
    log, _ = read_log(game)
    _, result = api.score(game)
    child = spawn(tmp_path, ["rec.toml", "--players", ",".join(rk.PLAYERS), "-r", ruleset,
                             *rk.options_args(game)])
    # Tab completes a command: "sco<Tab>" is score.
    child.expect(PROMPT)
    child.send("sco")
    child.expect("sco")
    child.send("\t")
    child.expect("re")  # completed on the screen (completion runs apart from the keys)
    child.sendline("")
    child.expect("no trick recorded yet")
    child.expect(PROMPT)
    asked = 0
    first = True
    for rnd, rres in zip(log.rounds, result.rounds):
        for t, tres in zip(rnd.tricks, rres.tricks):
            if not first or tres.number > 1 or rres.number > 1:
                child.expect([PROMPT, OVER])
            if tres.number == 1 and rnd.leader is not None:  # the log names the leader: say so
                child.sendline(f"leader {rnd.leader}")
                child.expect(f"round {rres.number}: {rnd.leader} leads trick 1")
                child.expect(PROMPT)
            # The prompt says the round, the trick and who leads.
            assert child.match.groups() == (str(rres.number), str(tres.number), tres.leader)
            child.sendline(" ".join(map(str, t.revealed)) + ": " + " ".join(str(c) for _, c in t.plays))
            asked += answer_steals(child, t, insist=f["timing"] == "immediate")
            if first:
                # History: Up recalls the trick just recorded; sent again, it is refused and
                # the game goes on.
                first = False
                child.send("\x1b[A")
                child.expect(re.escape(t.plays[-1][1].__str__()))  # the line is back on the screen
                child.sendline("")
                child.expect(re.escape("(typed twice?)"))
    assert asked >= f["steals"]
    child.expect(OVER)
    child.sendline("quit")
    child.expect("saved rec.toml")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    out = tmp_path / "rec.toml"
    assert api.validate(out) == []
    assert rk.score_doc(out) == rk.score_doc(rk.without_deal(game))
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", (tmp_path / "terminal.log").read_text(encoding="utf-8"))
    assert "Winner: " in shown or "Shared win: " in shown


# -- Hardening III ----------------------------------------------------------------------------------

NEW = ["--players", "Ana,Ben,Cleo", "-r", "english"]


def _screen(tmp_path) -> str:
    return (tmp_path / "terminal.log").read_text(encoding="utf-8")


def test_escape_sequences_typed_at_the_prompt_print_no_traceback_and_record_nothing(tmp_path):
    """Issue Hardening III, 2: ESC[31m or ESC[<0;1M typed or pasted at the prompt was read as a
    mouse report, and prompt_toolkit's handler printed a traceback ("Unhandled exception")."""
    child = spawn(tmp_path, ["rec.toml", *NEW])
    child.expect(PROMPT)
    for seq in ("\x1b[31m", "\x1b[<0;1M", "\x1b[M!!!"):
        child.send(seq)
        child.sendline("")
    child.sendline("K5: R1 R2 R3")  # the first trick still: nothing was recorded, nothing is left over
    child.expect(r"R1 T1: Cleo \+5 ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("saved rec.toml \\(1 trick\\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    shown = _screen(tmp_path)
    assert "Unhandled exception" not in shown and "Traceback" not in shown
    assert api.validate(tmp_path / "rec.toml", allow_partial=True) == []
    assert [t.text for r in read_log(tmp_path / "rec.toml")[0].rounds for t in r.tricks] == [
        "K5: Ana R1, Ben R2, Cleo R3"]


def test_a_line_typed_past_the_limit_is_cut_as_it_comes(tmp_path):
    """Issue Hardening III, 2: the line being edited grew without bound; now what is typed past
    4,096 characters is dropped as it comes, the screen says so, and Enter refuses the line."""
    child = spawn(tmp_path, ["rec.toml", *NEW], lines=60)
    child.expect(PROMPT)
    child.send("\x1b[200~" + "x" * 5000 + "\x1b[201~")  # pasted (bracketed, as a terminal sends a paste)
    child.expect(r"\[cut at 4,096 characters, 903 more dropped: Enter refuses it\] R1 T1 Ana leads>", timeout=60)
    child.sendline("")
    child.expect("input line 1: a line of 5,000 characters: record reads lines of at most 4,096")
    child.expect(PROMPT)
    child.sendline("K5: R1 R2 R3")  # a line within the limit again: no note, recorded
    child.expect(r"R1 T1: Cleo \+5 ")
    child.sendline("quit")
    child.expect("saved rec.toml \\(1 trick\\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_closed_terminal_ends_the_session_saying_what_is_saved(tmp_path):
    """SIGHUP (the terminal closed) ends like Ctrl-C: the lock goes, the file holds every trick."""
    child = spawn(tmp_path, ["rec.toml", *NEW])
    child.expect(PROMPT)
    child.sendline("K5: R1 R2 R3")
    child.expect(r"R1 T1: Cleo \+5 ")
    child.expect(PROMPT)
    child.kill(signal.SIGHUP)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 129, (child.exitstatus, child.signalstatus)
    assert sorted(os.listdir(tmp_path)) == ["rec.toml", "terminal.log"]  # the lock file is gone
    assert "saved rec.toml (1 trick)" in _screen(tmp_path)


def test_the_input_history_survives_resume(tmp_path):
    # Issue 23, item 6: Up after --resume recalls the trick lines already in the log.
    out = tmp_path / "rec.toml"
    res = rk.record_in_process(out, NEW, ["K5: R1 R2 R3", "K6: G7 G8 G9"])
    assert res.returncode == 0, res.stderr
    child = spawn(tmp_path, ["rec.toml", "--resume"])
    child.expect("Standings so far:")
    child.expect(PROMPT)
    child.send("\x1b[A")
    child.expect(re.escape("K6: Cleo G7, Ana G8, Ben G9"))  # the last line typed, back on the screen
    child.sendline("")
    child.expect(re.escape("the same cards as trick 2 (typed twice?)"))  # sent again: refused, once
    child.sendline("quit")
    child.expect("left as it was rec.toml")  # nothing changed: the file is as it was
    child.expect(pexpect.EOF)
    child.close()


def test_a_steal_is_asked_and_answered_in_the_log_s_language(tmp_path):
    """Issue 34, item 3: a Spanish table (--log-lang es) types its own card words, sees each card
    said back with its colour word, and answers the Thief's question in Spanish words."""
    child = spawn(tmp_path, ["es.toml", "--players", "Ana,Ben,Cleo", "-r", "english", "-o", "thief=true",
                             "--log-lang", "es"])
    for line, said in [("N5: R5 V4 N7", r"N5: Ana R5 \(rojo\), Ben V4 \(verde\), Cleo N7 \(negro\)"),
                       ("N8: R1 V10 AM1", r"N8: Cleo R1 \(rojo\), Ana V10 \(verde\), Ben AM1 \(amarillo\)")]:
        child.expect(PROMPT)
        child.sendline(line)
        child.expect(said)
        child.expect(RESULT)
    child.expect(PROMPT)
    child.sendline("Ladrón: R9 AM8 V2")
    child.expect(r"from Cleo: N5 N7")
    child.expect(r"type the card to take \(N5; 'N5 a NAME' when two players hold it\), or pasa")
    child.expect(ASKED)
    child.sendline("N5 a Cleo")
    child.expect(r"R1 T3: Ana \+0 \(highest bid R9\); Ana roba N5 a Cleo \(\+5\)")  # the steal in the log's words
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [t.text for r in read_log(tmp_path / "es.toml")[0].rounds for t in r.tricks][-1] == \
        "Ladrón: Ana R9, Ben AM8, Cleo V2; Ana roba N5 a Cleo"
