"""Unfinished games are never crowned (cli.md 'Unfinished games', issue 8 item 5).

The hand-worked game (4 players, Ally option, one unfinished round):
  1. K5: Ana Ally, Ben G4, Cleo R7, Dev Y2 -> Cleo takes 5 (highest bid R7); Ana played
     the Ally, so Ana and Cleo would split their round points at the end of the round
  2. K3: Cleo R9, Dev G9, Ana Y1, Ben B2  -> tie on 9 (Cleo R9, Dev G9): burned
The round stops there: no Ally split (Ana 0, Cleo 5, not 2/3 each) and no lucky loser
(Ana, Ben and Dev won no trick), so the standings after round 1, trick 2 are
Cleo 5, Ana 0, Ben 0, Dev 0.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.app import api
from bidscli.cli.main import main
from bidscli.core.errors import NothingToScoreError, UnfinishedError

from . import kit

RULESETS = ["italian", "english", "spanish", "japanese"]  # every bundled one deals the Ally at 4
P4 = ["Ana", "Ben", "Cleo", "Dev"]
TRICKS = ["K5: Ana Ally, Ben G4, Cleo R7, Dev Y2", "K3: Cleo R9, Dev G9, Ana Y1, Ben B2"]
STANDINGS = {"Ana": 0, "Ben": 0, "Cleo": 5, "Dev": 0}


def bids(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('players = ["Ana", "Ben", "Cleo", "Dev"]\n[options]\nally = true\n[[rounds]]\n'
                    'tricks = [\n' + "".join(f'  "{t}",\n' for t in TRICKS) + ']\n')
    return str(path)


@pytest.mark.parametrize("rs", RULESETS)
def test_an_unfinished_round_has_no_ally_split_and_no_lucky_loser(rs):
    res = kit.play(rs, P4, [TRICKS], options={"ally": True})
    rnd = res.rounds[0]
    assert rnd.partial and rnd.allies == [] and rnd.lucky_losers == {}
    assert kit.winners(res) == ["Cleo", None]
    assert rnd.scores == STANDINGS and res.totals == STANDINGS
    assert res.stopped_at == (1, 2)


@pytest.mark.parametrize("rs", RULESETS)
def test_score_refuses_an_unfinished_game(game, rs):
    res = bids("score", game, "-r", rs)
    assert res.exit_code == 1 and res.stdout == ""
    assert res.stderr == (f"error: {game}:7: round 1, trick 2: the game is unfinished after round 1, trick 2 "
                          f"(round 1 has 2 of 10 tricks): use --allow-partial to see the standings so far\n")
    with pytest.raises(UnfinishedError):
        api.score(game, rs)


@pytest.mark.parametrize("rs", RULESETS)
def test_score_allow_partial_shows_standings_in_every_format(game, rs):
    table = bids("score", game, "-r", rs, "--allow-partial")
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert "R1*" in next(line for line in lines if line.split()[:2] == ["rank", "player"])
    assert "Standings after round 1, trick 2: unfinished game, no winner" in lines
    assert lines[-1] == "* partial round: no Ally split or lucky loser applied"
    assert "Winner" not in table.output and "Shared win" not in table.output

    doc = json.loads(bids("score", game, "-r", rs, "--allow-partial", "--format", "json").stdout)
    assert (doc["partial"], doc["complete"], doc["winners"]) == (True, False, [])
    assert doc["standings_after"] == {"round": 1, "trick": 2}
    assert doc["totals"] == STANDINGS and doc["rounds"][0]["partial"] is True
    assert doc["rounds"][0]["allies"] == [] and doc["rounds"][0]["lucky_losers"] == {}

    rows = list(csv.reader(io.StringIO(bids("score", game, "-r", rs, "--allow-partial", "--format", "csv").stdout)))
    assert rows[0] == ["file", "ruleset", "player", "rank", "round1", "bonus", "total", "partial"]
    assert [r[2:] for r in rows[1:]] == [["Cleo", "1", "5", "0", "5", "true"], ["Ana", "2", "0", "0", "0", "true"],
                                         ["Ben", "2", "0", "0", "0", "true"], ["Dev", "2", "0", "0", "0", "true"]]


def test_csv_marks_each_log_when_one_is_unfinished(game):
    res = bids("score", "examples/friday-4p.toml", game, "-r", "english", "--allow-partial", "--format", "csv")
    rows = list(csv.reader(io.StringIO(res.stdout)))
    assert rows[0][-1] == "partial"
    assert {r[0]: r[-1] for r in rows[1:]} == {"examples/friday-4p.toml": "false", game: "true"}


def test_replay_shows_the_tricks_then_the_error(game):
    res = bids("replay", game, "-r", "english")
    assert res.exit_code == 1
    assert "   2. [K3] Cleo R9, Dev G9, Ana Y1, Ben B2 -> burned" in res.stdout
    assert res.stdout.rstrip().endswith("Standings after round 1, trick 2 (unfinished game, no winner): "
                                        "Cleo 5, Ana 0, Ben 0, Dev 0")
    assert "the game is unfinished after round 1, trick 2" in res.stderr
    ok = bids("replay", game, "-r", "english", "--allow-partial")
    assert ok.exit_code == 0 and ok.stdout == res.stdout and ok.stderr == ""


def test_another_mistake_comes_before_unfinished(tmp_path):
    # score stops at the root cause validate lists first: Dee is no player (trick 1).
    path = tmp_path / "g.toml"
    path.write_text(kit.log_text("english", P4, [[TRICKS[0].replace("Dev Y2", "Dee Y2"), TRICKS[1]]],
                                 options={"ally": True}))
    errs = api.validate(path)
    with pytest.raises(Exception) as caught:
        api.score(path)
    assert str(caught.value) == str(errs[0])
    assert "'Dee' is not a player" in errs[0].message


@pytest.mark.parametrize("rounds", ["rounds = []\n", "[[rounds]]\ntricks = []\n[[rounds]]\ntricks = []\n"])
def test_nothing_to_score(tmp_path, rounds):
    path = tmp_path / "empty.toml"
    path.write_text('ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n' + rounds)
    for args in (["score"], ["score", "--allow-partial"], ["validate"], ["replay"]):
        res = bids(*args, str(path))
        assert res.exit_code == 1, (args, res.output)
        assert "nothing to score: no trick has been played yet" in res.output, args
        assert "Winner" not in res.output
    errs = api.validate(path)
    assert len(errs) == 1 and isinstance(errs[0], NothingToScoreError)
    # cli.md: valid for validate --allow-partial (a deal, a record not begun: issue 32 item 15).
    res = bids("validate", "--allow-partial", str(path))
    assert (res.exit_code, res.output) == (0, f"{path}: valid\n1 file, 1 valid, 0 invalid, 0 errors\n")
    assert api.validate(path, allow_partial=True) == []


def test_deal_only_rounds_after_the_last_trick_are_one_unfinished_error():
    # Round 1 has a trick, rounds 2 and 3 are deal-only: one message, not one per round.
    errs = kit.errors("english", ["A", "B", "C"], [["K5: A R5, B G4, C Y2"], [], []], allow_partial=False)
    assert [(e.round, e.trick, e.message) for e in errs] == [
        (1, 1, "the game is unfinished after round 1, trick 1 (round 1 has 1 of 10 tricks): "
               "use --allow-partial to see the standings so far")]


# -- every command that reports a result (cli.md 'Unfinished games'): diff, disputes, report ----------

REFUSAL = ("the game is unfinished after round 1, trick 2 (round 1 has 2 of 10 tricks): "
           "use --allow-partial to see the standings so far")


@pytest.mark.parametrize("args", [["diff", "-r", "english", "-r", "italian"],
                                  ["report", "-r", "english", "-r", "italian", "--format", "json"],
                                  ["report", "-r", "english", "--format", "json"]])
def test_diff_and_report_refuse_an_unfinished_game_as_score_does(game, args):
    res = bids(args[0], game, *args[1:])
    score = bids("score", game, "-r", "english")
    assert res.exit_code == 1 and res.stdout == ""
    assert res.stderr == score.stderr == f"error: {game}:7: round 1, trick 2: {REFUSAL}\n"


def test_disputes_refuses_an_unfinished_game_unless_allow_partial(game):
    res = bids("disputes", game, "-r", "english")
    assert res.exit_code == 1 and res.stdout == ""
    assert res.stderr == f"error: {game}:7: round 1, trick 2: {REFUSAL}\n"
    ok = bids("disputes", game, "-r", "english", "--allow-partial")
    assert ok.exit_code == 0, ok.output
    text = " ".join(line.strip() for line in ok.stdout.splitlines())  # lines wrap at the terminal width
    assert ("Base result (partial: standings after round 1, trick 2, unfinished game, no winner): leading Cleo;"
            in text)
    assert "Base result: winner" not in ok.stdout
    doc = json.loads(bids("disputes", game, "-r", "english", "--allow-partial", "--format", "json").stdout)
    assert (doc["partial"], doc["standings_after"]) == (True, {"round": 1, "trick": 2})
    assert doc["base_result"]["totals"] == STANDINGS
    done = json.loads(bids("disputes", "examples/friday-4p.toml", "--knob", "double.scope",
                           "--format", "json").stdout)
    assert (done["partial"], done["standings_after"]) == (False, None)


def test_diff_allow_partial_compares_the_tricks_played_without_a_winner(game):
    res = bids("diff", game, "-r", "english", "-r", "italian", "--allow-partial")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert "1.2      K3       burned     burned" in lines
    for lab in ("english", "italian"):
        assert f"{lab}: partial: standings after round 1, trick 2 (unfinished game, no winner)" in lines
    assert not any(line.startswith(("english: winner", "italian: winner", "Who wins")) for line in lines)
    doc = json.loads(bids("diff", game, "-r", "english", "-r", "italian", "--allow-partial",
                          "--format", "json").stdout)
    assert (doc["partial"], doc["complete"], doc["standings_after"]) == (True, False, {"round": 1, "trick": 2})
    assert doc["game_winners"] == {"english": [], "italian": []}
    assert doc["totals"]["english"] == STANDINGS
    assert all("winner_sentence" not in a for a in doc["attributions"])


def test_a_finished_diff_is_marked_complete():
    doc = json.loads(bids("diff", "examples/friday-4p.toml", "-r", "english", "-r", "spanish",
                          "--format", "json").stdout)
    assert (doc["partial"], doc["complete"], doc["standings_after"]) == (False, True, None)
    assert all(doc["game_winners"].values())


def test_report_comparison_allow_partial_shows_standings_not_a_winner(game, tmp_path):
    doc = json.loads(bids("report", game, "-r", "english", "-r", "italian", "--allow-partial",
                          "--format", "json").stdout)
    assert [(v["partial"], v["winners"], v["message"]) for v in doc["verdicts"]] == [
        (True, [], "standings after round 1, trick 2 (unfinished game, no winner)")] * 2
    out = tmp_path / "x.html"
    res = bids("report", game, "-r", "english", "-r", "italian", "--allow-partial", "--out", str(out))
    assert res.exit_code == 0, res.output
    page = out.read_text(encoding="utf-8")
    assert "unfinished game, no winner" in page and " wins with " not in page


def test_the_refusal_waits_for_the_root_cause():
    # diff-double-4p.toml is unfinished and has a 2x, which the italian 4-player deck lacks.
    log = "tests/data/diff-double-4p.toml"
    strict = bids("diff", log, "-r", "italian", "-r", "english")
    assert strict.exit_code == 1 and "does not fit the italian deck" in strict.stderr
    lenient = bids("diff", log, "-r", "italian", "-r", "english", "--lenient-deck")  # the deck is forgiven
    assert lenient.exit_code == 1 and "the game is unfinished after round 1, trick 3" in lenient.stderr
    ok = bids("diff", log, "-r", "italian", "-r", "english", "--lenient-deck", "--allow-partial")
    assert ok.exit_code == 0 and "partial: standings after round 1, trick 3" in ok.stdout



# Issue 23, item 8: a trick line missing from the last round played. That round may be
# unfinished, so its short count is no evidence; the pile is: the line's prize is the pile card
# one ordinary trick further on. friday-4p's round 3: pile K1 K8 K7 K4 K10 ..., trick 3 takes K7.
FRIDAY = (Path(__file__).resolve().parent.parent / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
R3T3 = '  "K7: Ben G9, Cleo B10, Dev R9, Ana G6",\n'
UNFINISHED_R3 = ("round 3, trick 9: the game is unfinished after round 3, trick 9 (round 3 has 9 of 10 tricks): "
                 "use --allow-partial to see the standings so far")


def validate_lines(tmp_path, text, *args):
    path = tmp_path / "friday.toml"
    path.write_text(text, encoding="utf-8")
    res = bids("validate", str(path), *args)
    assert res.exit_code == 1
    return [line.removeprefix(f"{path}:") for line in res.stdout.splitlines()[:-1]]


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_a_trick_missing_from_the_last_round_gets_the_hint_then_the_unfinished_note(tmp_path):
    text = FRIDAY.replace(R3T3, "")
    nxt, last = line_of(text, '"K4: Cleo G8'), line_of(text, '"K6: Dev Y2')
    hint = (f"{nxt}: round 3, trick 3: a trick line seems to be missing before this one: the pile's next card is "
            "K7, but this line reveals K4, which comes later (round 3 has 9 of 10 tricks)")
    assert validate_lines(tmp_path, text) == [hint, f"{last}: {UNFINISHED_R3}"]
    assert validate_lines(tmp_path, text, "--allow-partial") == [hint]


def test_a_wrong_prize_in_the_last_round_is_no_missing_line(tmp_path):
    # Not the pile card one trick on (K10 is two on): the plain reveal error, then play goes on
    # from the pile (the next line's K4 is then the pile's K4: no more errors but the note).
    text = FRIDAY.replace(R3T3, R3T3.replace("K7:", "K10:")).replace('  "K6: Dev Y2, Ana R3, Ben G7, Cleo B5",\n', "")
    at, last = line_of(text, '"K10: Ben G9'), line_of(text, '"2x: Ben Y3')
    assert validate_lines(tmp_path, text) == [
        f"{at}: round 3, trick 3: revealed K10, but the next pile card is K7 (the prize of this trick)",
        f"{last}: {UNFINISHED_R3}"]
    # The round's first line revealing the second pile card: nothing before it agreed with the
    # pile, so a wrong prize (or a wrong pile) is as likely as a missing line: the plain error.
    text = FRIDAY.replace('"K1: Cleo K5, Dev Ally, Ana G2, Ben B1",\n', '"K8: Cleo K5, Dev Ally, Ana G2, Ben B1",\n')
    text = text.replace('  "K6: Dev Y2, Ana R3, Ben G7, Cleo B5",\n', "")
    errors = validate_lines(tmp_path, text)
    first = line_of(text, "K8: Cleo K5")
    assert errors[0] == f"{first}: round 3, trick 1: revealed K8, but the next pile card is K1 (the prize of this trick)"
    assert not any("missing" in e for e in errors)


# A trick line missing from the last round played, without a pile: the count is the evidence
# for a question (not a verdict). The hand-worked round, four players, coloured cards only:
#   1. K1: Ana R10, Ben R1, Cleo R2, Dev R3   -> Ana (highest bid R10)
#   2. K2: Ana R4, Ben G10, Cleo R5, Dev R6   -> Ben (G10)
#   3. K3: Ben R7, Cleo Y10, Dev R8, Ana R9   -> Cleo (Y10): the line left out
#   4. K4: Cleo G1, Dev B10, Ana G2, Ben G3   -> Dev (B10), who then wins every trick to the end
# Without line 3, Ben (won trick 2) should lead the K4 line, which starts with Cleo. The italian
# and japanese 4-player piles hold 9 cards (K1-K10, one dealt to the hands): trick 10 has no
# centre card there (": Dev B8, ..."), and K10 under english (its pile has -5 and 2x too).
LAST_ROUND = [
    "K1: Ana R10, Ben R1, Cleo R2, Dev R3", "K2: Ana R4, Ben G10, Cleo R5, Dev R6",
    "K3: Ben R7, Cleo Y10, Dev R8, Ana R9", "K4: Cleo G1, Dev B10, Ana G2, Ben G3",
    "K5: Dev G9, Ana G4, Ben G5, Cleo G6", "K6: Dev G8, Ana G7, Ben Y1, Cleo Y2",
    "K7: Dev Y9, Ana Y3, Ben Y4, Cleo Y5", "K8: Dev Y8, Ana Y6, Ben Y7, Cleo B1",
    "K9: Dev B9, Ana B2, Ben B3, Cleo B4", "K10: Dev B8, Ana B5, Ben B6, Cleo B7"]


def one_round(tmp_path, ruleset: str, tricks: list[str]) -> Path:
    path = tmp_path / "game.toml"
    if ruleset != "english" and tricks[-1].startswith("K10:"):
        tricks = [*tricks[:-1], tricks[-1].removeprefix("K10")]
    body = "".join(f'  "{t}",\n' for t in tricks)
    path.write_text(f'ruleset = "{ruleset}"\nplayers = {json.dumps(P4)}\n\n[[rounds]]\ntricks = [\n{body}]\n',
                    encoding="utf-8")
    return path


def said(path: Path, *args) -> list[str]:
    res = bids("validate", str(path), *args)
    return [line.removeprefix(f"{path}:") for line in res.stdout.splitlines()[:-1]]


@pytest.mark.parametrize("ruleset", ["italian", "english", "japanese"])
def test_a_line_missing_from_the_last_round_without_a_pile_is_asked_about(tmp_path, ruleset):
    full = one_round(tmp_path, ruleset, LAST_ROUND)
    assert said(full) == [" valid"]  # the whole round is valid
    path = one_round(tmp_path, ruleset, LAST_ROUND[:2] + LAST_ROUND[3:])
    question = ("8: round 1, trick 3: Ben leads this trick (won trick 2); the line starts with Cleo: is a trick "
                "line missing before this one? (round 1 has 9 of 10 tricks)")
    assert said(path) == [question, "14: round 1, trick 9: the game is unfinished after round 1, trick 9 "
                          "(round 1 has 9 of 10 tricks): use --allow-partial to see the standings so far"]
    assert said(path, "--allow-partial") == [question]


def test_two_lines_short_or_the_leader_right_asks_nothing(tmp_path):
    # Two tricks short: the count is no evidence of one missing line, the plain leader error.
    path = one_round(tmp_path, "english", LAST_ROUND[:2] + LAST_ROUND[3:-1])
    assert said(path, "--allow-partial") == [
        "8: round 1, trick 3: Ben leads this trick (won trick 2); the line starts with Cleo"]
    # One short with every leader right: an unfinished game, nothing to ask.
    path = one_round(tmp_path, "english", LAST_ROUND[:-1])
    assert said(path, "--allow-partial") == [" valid"]


def test_a_record_with_no_trick_yet_is_valid_with_allow_partial(tmp_path):
    # Issue 32 item 15: the log `bids record` saves before the first trick (its header says it
    # is valid for validate --allow-partial) said "nothing to score", exit 1.
    path = tmp_path / "r.toml"
    res = CliRunner().invoke(main, ["record", str(path), "--players", "Ana,Ben,Cleo", "-r", "english"], input="quit\n")
    assert res.exit_code == 0, res.output
    assert "`bids validate --allow-partial`" in path.read_text(encoding="utf-8")  # what its header says
    res = bids("validate", "--allow-partial", str(path))
    assert (res.exit_code, res.output) == (0, f"{path}: valid\n1 file, 1 valid, 0 invalid, 0 errors\n")
    res = bids("score", "--allow-partial", str(path))  # cli.md: nothing to score
    assert res.exit_code == 1 and "nothing to score: no trick has been played yet" in res.output
