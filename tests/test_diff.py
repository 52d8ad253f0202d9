"""`bids diff`: one deal under several rulesets (log.md "Diffing the same deal").

The logs are in tests/data/; each test writes out the hand computation it checks.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bidscli.analysis import plan
from bidscli.app import api
from bidscli.cli.main import main
from bidscli.core.cards import cards
from bidscli.engine.replay import Game, UnknownCard
from bidscli.log.reader import read_log
from bidscli.rules.ruleset import load_ruleset

THIEF = "tests/data/diff-thief-4p.toml"
SURPRISE = "tests/data/diff-surprise-4p.toml"
DOUBLE = "tests/data/diff-double-4p.toml"


def bids(*args):
    return CliRunner().invoke(main, list(args))


def diff_json(*args):
    res = bids("diff", *args, "--format", "json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


# -- Thief: italian (immediate, mandatory, fallback) against english (deferred right) -----------
#
# Hand computation, diff-thief-4p.toml (4 players, thief on, one full round):
#   T1 K5    Ana R10 wins            Ana 5
#   T2 K7    Ben G10 wins            Ben 7
#   T3 Thief Ben Y10 wins the Thief. Weakest bid: Cleo Y1, who holds nothing.
#      italian: immediate steal, fallback strongest_with_cards -> the best bidder with a
#               card, Ana (Y3, holds K5): Ben steals K5 from Ana (as recorded). Ana 0, Ben 12
#      english: Ben gets a right (same_trick); at T3 the weakest (Cleo) holds nothing and
#               thief.fallback = none: the recorded steal is impossible, no steal.
#   T4 K9    Cleo B10 wins; weakest Ben (the thief himself): no steal.     Cleo 9
#   T5 K2    Dev R9 wins. Weakest Cleo R4 holds K9.                       Dev 2
#      english: the italian game never offered Ben a steal here, so the default policy
#               decides: Ben steals K9 from Cleo (marked). Cleo 0, Ben 16
#   T6 K3 Ana, T7 K4 Ben, T8 K6 Cleo, T9 K8 burned (tie R8/G8), T10 K10 + K1 Cleo (11)
#   italian: Ana 0+3 = 3, Ben 12+4 = 16, Cleo 9+6+11 = 26, Dev 2; nobody is a lucky
#            loser (everyone won a trick)                     -> winner Cleo 26
#   english: Ana 5+3 = 8, Ben 7+9+4 = 20, Cleo 9-9+6+11 = 17, Dev 2; everyone holds a
#            black card                                        -> winner Ben 20


def test_thief_diff_totals_and_winners_match_hand_computation():
    doc = diff_json(THIEF, "-r", "italian", "-r", "english")
    assert doc["file"] == THIEF
    assert doc["rulesets"] == ["italian", "english"]
    assert doc["totals"] == {
        "italian": {"Ana": 3, "Ben": 16, "Cleo": 26, "Dev": 2},
        "english": {"Ana": 8, "Ben": 20, "Cleo": 17, "Dev": 2},
    }
    same = ["Ana", "Ben", "Ben", "Cleo", "Dev", "Ana", "Ben", "Cleo", None, "Cleo"]
    assert doc["winners"] == {"italian": [same], "english": [same]}
    assert doc["game_winners"] == {"italian": ["Cleo"], "english": ["Ben"]}
    assert doc["rankings"]["english"] == [["Ben", 20], ["Cleo", 17], ["Ana", 8], ["Dev", 2]]


def test_thief_first_divergence_is_the_thief_trick_with_knobs():
    doc = diff_json(THIEF, "-r", "italian", "-r", "english")
    first = doc["first_divergence"]
    assert (first["round"], first["trick"]) == (1, 3)
    assert "steals" in first["what"]
    assert first["knobs"][0] == "thief.timing"
    assert any("[thief.timing = immediate; IT]" in r for r in first["reasons"]["italian"])
    assert any("[thief.timing = deferred; EN]" in r for r in first["reasons"]["english"])


def test_thief_policy_steal_is_marked_and_recorded_steal_explained():
    doc = diff_json(THIEF, "-r", "italian", "-r", "english")
    pol = [(p["ruleset"], p["round"], p["trick"], p["steal"]) for p in doc["policy_steals"]]
    assert pol == [("english", 1, 3, None), ("english", 1, 5, "Ben steals K9 from Cleo")]
    assert "not possible under english" in doc["policy_steals"][0]["note"]
    res = bids("diff", THIEF, "-r", "italian", "-r", "english")
    assert res.exit_code == 0
    assert "Dev +2; Ben steals K9 from Cleo!" in res.stdout  # '!' marks the policy steal
    assert "<< first" in res.stdout
    assert "First divergence: round 1, trick 3" in res.stdout


def test_same_ruleset_twice_reproduces_the_log():
    doc = diff_json(THIEF, "-r", "italian", "-r", "italian")
    assert doc["first_divergence"] is None
    assert doc["policy_steals"] == []
    assert doc["knobs"] == []
    assert doc["totals"]["italian"] == {"Ana": 3, "Ben": 16, "Cleo": 26, "Dev": 2}


def test_three_rulesets_and_knob_rows():
    doc = diff_json(THIEF, "-r", "italian", "-r", "english", "-r", "japanese")
    assert doc["rulesets"] == ["italian", "english", "japanese"]
    # english and japanese agree here (the deck difference, -5/2x at 4 players, is unseen)
    assert doc["totals"]["japanese"] == doc["totals"]["english"]
    row = next(r for r in doc["knobs"] if r["knob"] == "thief.timing")
    assert (row["italian"], row["english"], row["japanese"]) == ("immediate", "deferred", "deferred")


def test_knobs_are_the_rules_diff_rows():
    doc = diff_json(THIEF, "-r", "italian", "-r", "english")
    rows = {r["knob"]: (r["italian"], r["english"]) for r in doc["knobs"]}
    assert rows["lucky_loser.condition"] == ("no_tricks", "no_black_cards")
    assert rows["thief.pool"] == ("round", "game")
    assert "lowest.reveal" not in rows
    res = bids("rules", "diff", "italian", "english", "--format", "json")
    assert res.exit_code == 0
    assert [r["knob"] for r in json.loads(res.stdout)["knobs"]] == [r["knob"] for r in doc["knobs"]]


# -- Surprise from hand into a burned trick; undetermined ---------------------------------------
#
# diff-surprise-4p.toml (unfinished round, no pile in the log: rebuilt as K5 K7 K4):
#   T1 K5: Ana R10 wins 5 under both.
#   T2 K7: Ana plays Surprise from hand; Ben G9 and Cleo Y9 tie: burned, Cleo leads.
#      italian (winner_takes_next): a burned trick moves nothing: revealed K7 only.
#      english (replace_center): the Surprise replaces K7 at once with the next pile card
#      K4, which burns with the trick: revealed K7 K4.
#   T3 italian: K4, Ben Y10 wins 4.  english: needs a pile card the log never showed.
#   italian totals: Ana 5, Ben 4, Cleo 0, Dev 0; english: undetermined from round 1, trick 3.


def test_surprise_divergence_and_undetermined_marking():
    doc = diff_json(SURPRISE, "-r", "italian", "-r", "english", "--allow-partial")
    assert doc["first_divergence"]["round"] == 1 and doc["first_divergence"]["trick"] == 2
    assert doc["first_divergence"]["what"] == ["revealed"]
    assert doc["first_divergence"]["knobs"] == ["surprise.from_hand"]
    assert doc["winners"] == {"italian": [["Ana", None, "Ben"]], "english": [["Ana", None, "?"]]}
    assert doc["undetermined"]["english"]["round"] == 1
    assert doc["undetermined"]["english"]["trick"] == 3
    assert doc["totals"]["italian"] == {"Ana": 5, "Ben": 4, "Cleo": 0, "Dev": 0}
    assert doc["totals"]["english"] == {"Ana": None, "Ben": None, "Cleo": None, "Dev": None}
    res = bids("diff", SURPRISE, "-r", "italian", "-r", "english", "--allow-partial")
    assert "english: undetermined from this log from round 1, trick 3 on" in res.stdout
    assert "burned [K7 K4]" in res.stdout


def test_rebuilt_deal_pile_is_first_appearance_order():
    log, _ = read_log(SURPRISE)
    deal = plan.build_deal(log)
    r = deal.rounds[0]
    assert [str(c) for c in r.prefix] == ["K5", "K7", "K4"]
    assert [str(c) for c in r.rebuilt_hands["Ana"]] == ["R10", "Surprise", "Y3"]


def test_engine_pile_known_prefix_then_unknown():
    # start_round(pile=..., pile_unknown=n): the known top, then n unseen cards.
    game = Game(load_ruleset("english"), ["Ana", "Ben", "Cleo"], {})
    size = game.deck.pile_size
    game.start_round(pile=cards("K5"), pile_unknown=size - 1)
    game.start_trick()
    for p, c in zip(["Ana", "Ben", "Cleo"], cards("R1 R2 R3")):
        game.play(p, c)
    t = game.finish_trick()
    assert (t.winner, t.points) == ("Cleo", 5)
    try:
        game.start_trick()
    except UnknownCard as exc:
        assert "never showed" in exc.message
    else:
        raise AssertionError("the second pile card is unknown")


# -- deck differences ------------------------------------------------------------------------------
#
# diff-double-4p.toml (english, unfinished): T1 K5 Ben, T2 2x Ben (doubles 5 -> 10), T3 K4 Ben:
# Ben 14. The italian 4-player deck has no 2x (deck.double_always = [6]).


def test_deck_difference_is_reported_plainly():
    res = bids("diff", DOUBLE, "-r", "english", "-r", "italian", "--allow-partial")
    assert res.exit_code == 1
    assert res.stdout == ""
    assert "2x is not in the italian 4-player deck" in res.stderr
    assert "round 1, trick 2" in res.stderr
    assert "--lenient-deck" in res.stderr
    assert "Traceback" not in res.stderr


def test_lenient_deck_scores_the_foreign_card_as_recorded():
    doc = diff_json(DOUBLE, "-r", "english", "-r", "italian", "--lenient-deck", "--allow-partial")
    # italian 2x doubles the round (5 -> 10), english the round and the banked total (0): same.
    assert doc["totals"] == {"english": {"Ana": 0, "Ben": 14, "Cleo": 0, "Dev": 0},
                             "italian": {"Ana": 0, "Ben": 14, "Cleo": 0, "Dev": 0}}
    assert doc["first_divergence"] is None
    assert doc["lenient_deck"] == {"italian": ["round 1: 2x not in the italian 4-player deck, played as recorded"]}


def _five_player_english_log(tmp_path):
    """A full english 5-player round (1-12, 10 tricks); A holds every 11 and 12 and wins each trick."""
    from tests.kit import log_text

    names = ["A", "B", "C", "D", "E"]
    a_cards = ["R12", "G12", "Y12", "B12", "R11", "G11", "Y11", "B11", "R10", "G10"]
    rest = ["Y10", "B10"] + [f"{c}{n}" for n in range(9, 0, -1) for c in "RGYB"] + ["K1", "K2"]
    tricks = []
    for t in range(10):
        plays = [a_cards[t]] + rest[t * 4:(t + 1) * 4]
        tricks.append(f"K{t + 3}: " + ", ".join(f"{p} {c}" for p, c in zip(names, plays)))
    path = tmp_path / "five.toml"
    path.write_text(log_text("english", names, [tricks], leaders=["A"]))
    return str(path)


def test_five_player_italian_deck_difference(tmp_path):
    path = _five_player_english_log(tmp_path)
    assert bids("diff", path, "-r", "english", "-r", "japanese").exit_code == 0
    res = bids("diff", path, "-r", "english", "-r", "italian")
    assert res.exit_code == 1
    assert "R12 is not in the italian 5-player deck (numbers 1-10)" in res.stderr
    assert "round 1, trick 1" in res.stderr
    log, _ = read_log(path)
    problems = plan.deck_problems(plan.build_deal(log), load_ruleset("italian"), {})
    assert any("round 1 has 10 tricks; the italian 5-player deal plays 8 a round" in e.message
               for e in problems)


def test_five_player_lenient_deck_plays_the_ten_tricks(tmp_path):
    path = _five_player_english_log(tmp_path)
    doc = diff_json(path, "-r", "english", "-r", "italian", "--lenient-deck")
    # A wins all ten tricks: K3 + ... + K12 = 75, plus K1 and K2 played by others into them = 78.
    assert doc["totals"]["english"]["A"] == 78
    assert doc["totals"]["italian"]["A"] == 78
    assert doc["winners"]["italian"] == [["A"] * 10]
    notes = doc["lenient_deck"]["italian"]
    assert "round 1: 10 tricks as in the log (italian deals 8)" in notes


def test_lenient_deck_plays_a_smaller_deal_under_a_bigger_deck(tmp_path):
    # An italian five-player deal (1-10, eight tricks) with its hands, under english (1-12, ten
    # tricks): the deal places no 11 or 12, which english would deal. --lenient-deck plays it as
    # dealt, with a note for each round, instead of refusing "the deal leaves out B11, ...".
    deal, game = tmp_path / "d5.toml", tmp_path / "g5.toml"
    assert bids("deal", "-r", "italian", "-p", "5", "--seed", "7", "--out", str(deal)).exit_code == 0
    assert bids("simulate", str(deal), "--out", str(game)).exit_code == 0
    refused = bids("diff", str(game), "-r", "italian", "-r", "english")
    assert refused.exit_code == 1 and "--lenient-deck" in refused.stderr
    doc = diff_json(str(game), "-r", "italian", "-r", "english", "--lenient-deck")
    notes = doc["lenient_deck"]["english"]
    assert "round 1: the deal has no B11, B12, G11, G12, R11, R12, Y11, Y12, which the english 5-player deck " \
           "deals: played as dealt" in notes
    assert "round 1: 8 tricks as in the log (english deals 10)" in notes
    # No option is on and no trick differs: the same totals under both.
    assert doc["totals"]["english"] == doc["totals"]["italian"]


def test_diff_needs_two_rulesets_and_a_log():
    assert bids("diff", THIEF, "-r", "italian").exit_code == 2
    res = bids("diff", "tests/data/nope.toml", "-r", "italian", "-r", "english")
    assert res.exit_code == 1 and "Traceback" not in res.stderr


# -- explanations: reason chains naming knobs and sources ------------------------------------------


def test_color_bids_centre_burn_reason_chain():
    # EN worked example 6: centre K8; R5, G4, G7, K5: black 2 (K8, K5) and green 2 (G4, G7);
    # the best card of the most frequent colours is the centre K8: burned; Ana led it and leads again.
    from bidscli.engine.results import reason_text
    from tests import kit

    res = kit.play("english", ["Ana", "Ben", "Cleo", "Dev"], [["K8: Ana R5, Ben G4, Cleo G7, Dev K5"]],
                   options={"color_bids": True})
    t = res.rounds[0].tricks[0]
    assert t.winner is None and t.next_leader == "Ana"
    rs = load_ruleset("english")
    chain = [reason_text(rs, r) for r in t.reasons]
    assert chain[0].startswith("Color Bids (majority_first): green 2 (G4, G7), black 2 (K8 centre, K5), red 1 (R5)")
    assert chain[0].endswith("[color_bids.center_can_win = true; EN]")
    assert chain[1] == ("burned by the centre card: Ana led it and leads again "
                        "[color_bids.center_burn_leader = same; unstated]")


def test_award_and_policy_steal_reasons():
    d = api.diff(THIEF, ["italian", "english"])
    eng = d.outcomes[1].result.rounds[0].tricks
    texts = [r.text for r in eng[4].reasons]  # trick 5
    assert "Dev takes K2 (+2) = 2 points" in texts
    assert any(x.startswith("Ben steals K9 (+9) from Cleo") and "default policy" in x for x in texts)
    res = bids("diff", THIEF, "-r", "italian", "-r", "english")
    assert "Ben takes Thief (+0) = 0 points" not in res.stdout  # same in both: not a divergence reason


def test_diff_explain_gives_each_tricks_chain():
    res = bids("diff", THIEF, "-r", "italian", "-r", "english", "--explain")
    assert res.exit_code == 0
    out = res.stdout
    assert "Reasons, trick by trick" in out
    # trick 1 is the same under both: one chain; trick 3 differs: one chain each
    assert "  1.1:\n      highest bid R10 by Ana\n      Ana takes K5 (+5) = 5 points\n" in out
    assert "  1.3:\n    italian:\n" in out
    doc = diff_json(THIEF, "-r", "italian", "-r", "english", "--explain")
    chain = doc["explain"]["english"][0][2]
    assert chain[-1]["knob"] == "thief.timing" and chain[-1]["value"] == "deferred"
    assert chain[-1]["source"].startswith("EN")


@pytest.mark.parametrize("line, said", [
    ("K5: Ana R5, Ben G4", "Cleo did not play: each player plays one card a trick"),
    ("K5: Ana R5, Ana G4, Cleo K7", "Ana played in place of Ben: after Ana it is Ben's turn"),
])
def test_a_line_with_a_player_missing_or_twice_is_the_engines_to_tell(tmp_path, line, said):
    """diff plays the line as written: the engine's own check says what is wrong, as validate does."""
    path = tmp_path / "slip.toml"
    path.write_text(f'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n[[rounds]]\ntricks = ["{line}", '
                    '"K6: Ben R6, Cleo G6, Ana Y7"]\n', encoding="utf-8")
    res = bids("diff", str(path), "-r", "english", "-r", "japanese")
    assert res.exit_code == 1
    assert f"slip.toml:4: round 1, trick 1: under english: {said}" in res.stderr
    assert said in bids("validate", str(path)).stdout
