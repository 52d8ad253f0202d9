"""The scoring rules, knob by knob, under each bundled ruleset (rules.md section 4): lucky
losers, the Ally split, 2x, the -5 and its bonus, and rounds, partial rounds and the ranking.

Every expected score is worked out by hand in a comment next to it; complete rounds are
played with ``test_rules_core.full_round`` (the tricks that matter, then tricks that burn).
"""

from __future__ import annotations

import pytest

from bidscli.core.cards import ALLY_CARD
from bidscli.core.errors import DeckError, IllegalPlayError
from bidscli.log.trickline import parse_trick
from bidscli.rules.ruleset import deck_for, load_ruleset

from . import kit
from .test_rules_core import (
    ABC,
    ABCD,
    LUCKY_ROUNDS_4P,
    RULESETS,
    SHORT_PILE_HEAD,
    SIX,
    full_round,
    leader_wins,
    play_full,
)

# -- lucky_loser.* ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players, base", [(3, 12), (4, 8), (5, 8), (6, 7)])
def test_lucky_loser_points_by_player_count(ruleset, players, base):
    # lucky_loser.points (all sources): 12, 8, 8, 7 at 3, 4, 5, 6 players. A takes K9
    # and nothing else; everyone else is a first-time lucky loser.
    names = SIX[:players]
    options = {"ally": True} if players == 6 else None  # IT: 10 tricks at 6 players with the Ally
    res = play_full(ruleset, names, [([leader_wins(names, 1, "K9")], "A")], options=options)
    assert res.rounds[0].lucky_losers == {p: base for p in names[1:]}
    assert res.totals == {"A": 9, **{p: base for p in names[1:]}}


def test_lucky_loser_points_knob():
    res = play_full("english", ABCD, LUCKY_ROUNDS_4P[:2],
                    knobs={"lucky_loser.points": {3: 5, 4: 5, 5: 5, 6: 5}})
    # D: 5 x 1 + 5 x 2 = 15.
    assert [r.lucky_losers for r in res.rounds] == [{"D": 5}, {"D": 10}]
    assert res.totals == {"A": 4, "B": 3, "C": 5, "D": 15}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("progression, lucky", [("progressive", [8, 16, 24]), ("flat", [8, 8, 8])])
def test_lucky_loser_progression(ruleset, progression, lucky):
    # D is the lucky loser of all three rounds: 8 x n (IT, JA, EN) or 8 each time.
    res = play_full(ruleset, ABCD, LUCKY_ROUNDS_4P, knobs={"lucky_loser.progression": progression})
    assert [r.lucky_losers for r in res.rounds] == [{"D": n} for n in lucky]
    # A, B, C: 1 + 2 + 3 = 6 each.
    assert res.totals == {"A": 6, "B": 6, "C": 6, "D": sum(lucky)}


# A takes K3; B wins the Thief and at once takes K3 back from A, the weakest bid.
# The same lines are legal under IT (immediate, mandatory) and EN/JA (deferred,
# usable in the same trick).
STOLEN_HEAD = ["K3: A R2, B G1, C Y1", "Thief: A R1, B G3, C Y2; B steals K3 from A"]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["no_tricks", "no_black_cards"])
def test_lucky_loser_condition_when_a_won_card_is_stolen(ruleset, condition):
    # A won a trick but ends the round holding no black card: lucky under
    # no_black_cards (EN/JA), not under no_tricks (IT: "non deve proprio prendere NULLA").
    res = play_full(ruleset, ABC, [(STOLEN_HEAD, "B")], options={"thief": True},
                    knobs={"lucky_loser.condition": condition})
    assert kit.winners(res)[:2] == ["A", "B"]
    lucky = {"C": 12} if condition == "no_tricks" else {"A": 12, "C": 12}
    assert res.rounds[0].lucky_losers == lucky
    # B: K3 (stolen) + Thief = 3; A: 3 - 3 = 0 (+ 12 when lucky); C: 12.
    assert res.totals == {"A": lucky.get("A", 0), "B": 3, "C": 12}


@pytest.mark.parametrize("ruleset", ["italian", "japanese"])
@pytest.mark.parametrize("condition", ["no_tricks", "no_black_cards"])
def test_lucky_loser_condition_when_a_trick_won_has_no_black_card(ruleset, condition):
    # IT and JA at 3 players: trick 10 has no centre card (deck.short_pile). C wins it
    # with Y9 and takes nothing: lucky under no_black_cards, not under no_tricks.
    res = play_full(ruleset, ABC, [(SHORT_PILE_HEAD, "A", {"A": "R2", "B": "G2", "C": "Y9"}, "")],
                    knobs={"lucky_loser.condition": condition})
    last = res.rounds[0].tricks[9]
    assert (last.winner, last.points, last.taken) == ("C", 0, [])
    lucky = {"B": 12} if condition == "no_tricks" else {"B": 12, "C": 12}
    assert res.rounds[0].lucky_losers == lucky
    assert res.totals == {"A": 9, "B": 12, "C": lucky.get("C", 0)}


# A takes K5 with B's Ally: A and B are allies; B, C, D win nothing.
ALLY_HEAD = ["K5: A R9, B Ally, C G1, D Y1"]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("shared, rounding, scores", [
    # Not shared (unstated default): A 5 + B 0 = 5, halves 2 (floor) or 3 (ceil); then
    # B's lucky 8 on top.
    (False, "floor", {"A": 2, "B": 10, "C": 8, "D": 8}),
    (False, "ceil", {"A": 3, "B": 11, "C": 8, "D": 8}),
    # Shared: A 5 + B (0 + 8) = 13, halves 6 (floor) or 7 (ceil).
    (True, "floor", {"A": 6, "B": 6, "C": 8, "D": 8}),
    (True, "ceil", {"A": 7, "B": 7, "C": 8, "D": 8}),
])
def test_lucky_loser_shared_with_ally_and_ally_rounding(ruleset, shared, rounding, scores):
    res = play_full(ruleset, ABCD, [(ALLY_HEAD, "A")], options={"ally": True},
                    knobs={"lucky_loser.shared_with_ally": shared, "ally.rounding": rounding})
    rnd = res.rounds[0]
    assert rnd.allies == ["B", "A"]
    assert rnd.lucky_losers == {"B": 8, "C": 8, "D": 8}
    assert rnd.scores == scores
    assert res.totals == scores


# -- ally.* ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset, players, options, knobs", [
    ("english", ABCD, {"ally": True}, {}),
    ("italian", ABCD, {"ally": True, "minus_five": True}, {}),
    # JA has the -5 only at 6 players (and the Ally always there).
    ("japanese", SIX, {}, {}),
])
@pytest.mark.parametrize("rounding", ["floor", "ceil"])
def test_ally_split_of_a_negative_sum(ruleset, players, options, knobs, rounding):
    # A takes the -5 with B's Ally: A -5 + B 0 = -5, half -2.5: floor -3, ceil -2.
    head = ["-5: " + ", ".join(f"{p} {c}" for p, c in zip(players, ["R9", "Ally", "G1", "Y1", "B1", "R1"]))]
    res = play_full(ruleset, players, [(head, "A")], options=options, knobs={"ally.rounding": rounding})
    half = -3 if rounding == "floor" else -2
    base = 8 if len(players) == 4 else 7
    rnd = res.rounds[0]
    assert rnd.allies == ["B", "A"]
    # B holds no black card and won no trick: a lucky loser as well.
    assert rnd.lucky_losers == {p: base for p in players[1:]}
    assert rnd.scores == {"A": half, "B": half + base, **{p: base for p in players[2:]}}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ally_in_a_burned_trick_forms_no_alliance(ruleset):
    # ally.on_burn = none (unstated): A and C tie, B's Ally is discarded; A later takes
    # K6 and keeps all of it.
    head = ["K5: A R9, B Ally, C G9, D Y1", "K6: C R1, D G1, A Y8, B B1"]
    res = play_full(ruleset, ABCD, [(head, "A")], options={"ally": True})
    rnd = res.rounds[0]
    assert kit.winners(res)[:2] == [None, "A"]
    assert "ally.on_burn" in rnd.tricks[0].knobs
    assert rnd.allies == []
    assert rnd.scores == {"A": 6, "B": 8, "C": 8, "D": 8}


def test_ally_split_only_at_the_end_of_a_complete_round():
    # An unfinished round banks the points won so far: no Ally split, no lucky loser.
    res = kit.play("english", ABCD, [ALLY_HEAD], options={"ally": True})
    rnd = res.rounds[0]
    assert rnd.partial
    assert (rnd.allies, rnd.lucky_losers) == ([], {})
    assert res.totals == {"A": 5, "B": 0, "C": 0, "D": 0}


# -- double.* ---------------------------------------------------------------------------------

# Six players (the only count where every ruleset has the 2x), with the Ally so that
# IT deals 10 cards. Round 1: A takes K9. Round 2 (B leads): A takes K3, then the 2x
# with B's K4: 4 points in that trick.
DOUBLE_ROUNDS = [
    ([leader_wins(SIX, 1, "K9")], "A"),
    (["K3: B G1, C Y1, D B1, E R2, F G2, A R3", "2x: A R5, B K4, C G4, D Y4, E B4, F R4"], "A"),
]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("scope, includes_trick, round_two", [
    # round: only this round's points. Trick included: (3 + 4) x 2 = 14; not: 3 x 2 + 4 = 10.
    ("round", True, 14),
    ("round", False, 10),
    # game: the banked total doubles too: 9 more (round 1's 9 -> 18).
    ("game", True, 14 + 9),
    ("game", False, 10 + 9),
])
def test_double_scope_and_includes_trick(ruleset, scope, includes_trick, round_two):
    res = play_full(ruleset, SIX, DOUBLE_ROUNDS, options={"ally": True},
                    knobs={"double.scope": scope, "double.includes_trick": includes_trick})
    double = res.rounds[1].tricks[1]
    assert (double.winner, double.points, [str(c) for c in double.taken]) == ("A", 4, ["2x", "K4"])
    assert "double.scope" in double.knobs
    assert res.rounds[1].double_bonus["A"] == (9 if scope == "game" else 0)
    assert res.rounds[1].scores["A"] == round_two
    # B-F are lucky losers both rounds (7, then 14): 21 each.
    assert res.totals == {"A": 9 + round_two, "B": 21, "C": 21, "D": 21, "E": 21, "F": 21}


@pytest.mark.parametrize("ruleset, scope", [("italian", "round"), ("english", "game"), ("japanese", "game")])
def test_double_scope_of_each_ruleset(ruleset, scope):
    # IT "Carta nera 2X": the CURRENT round's points; EN/JA: all points you have.
    assert load_ruleset(ruleset)["double.scope"] == scope
    assert load_ruleset(ruleset)["double.includes_trick"] is True


@pytest.mark.parametrize("scope", ["round", "game"])
def test_a_stolen_2x_doubles_nothing(scope):
    # EN, Thief: B takes K5, then wins the 2x: 5 -> 10 (banked total 0). A, holding the
    # Thief right, takes the 2x from B in trick 4 (B's 4 is the weakest bid): it moves
    # 0 points and doubles nothing for A; B keeps the 10.
    res = kit.play("english", ABC, [[
        "K5: A R1, B G10, C Y1",
        "Thief: B R2, C G2, A Y10; A passes",
        "2x: A R3, B G9, C Y4",
        "K2: B R4, C G6, A Y6; A steals 2x from B",
    ]], options={"thief": True}, knobs={"double.scope": scope})
    assert kit.winners(res) == ["B", "A", "B", None]
    assert [str(s) for s in res.rounds[0].tricks[3].steals] == ["A steals 2x from B"]
    assert res.totals == {"A": 0, "B": 10, "C": 0}


@pytest.mark.parametrize("ruleset", ["italian", "japanese"])
def test_no_2x_below_six_players(ruleset):
    # IT and JA list the 2x only in the 6-player deck.
    with pytest.raises(DeckError) as exc:
        kit.play(ruleset, ABC, [["2x: A R2, B G1, C Y1"]])
    assert exc.value.message == (
        f"2x is not in the {ruleset} 3-player deck (2x is in the {ruleset} deck only at 6 players: "
        "deck.double_always)")


# -- minus_five.* -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["italian", "english"])
@pytest.mark.parametrize("threshold, bonus", [(3, 0), (2, 30)])
def test_minus_five_threshold(ruleset, threshold, bonus):
    # A takes the -5 in both rounds (3 players): 2 wins, enough only for threshold 2.
    # B and C are lucky twice: 12 + 24 = 36. A: -10 + bonus.
    rounds = [([leader_wins(ABC, 1, "-5")], "A"), (["-5: B G1, C Y1, A R3"], "A")]
    res = play_full(ruleset, ABC, rounds, options={"minus_five": True},
                    knobs={"minus_five.bonus": "threshold", "minus_five.threshold": threshold})
    assert res.minus_five_wins == {"A": 2, "B": 0, "C": 0}
    assert res.bonuses == {"A": bonus, "B": 0, "C": 0}
    assert res.totals == {"A": -10 + bonus, "B": 36, "C": 36}


@pytest.mark.parametrize("threshold, bonus", [(3, 0), (2, 30)])
def test_minus_five_threshold_japanese_six_players(threshold, bonus):
    # JA has the -5 only at 6 players. A's R3 takes it over 1s and 2s in rounds 1 and
    # 2; B-F are lucky twice: 7 + 14 = 21. A: -10 + bonus.
    rounds = [([leader_wins(SIX, 1, "-5")], "A"), (["-5: B G1, C Y1, D B1, E R2, F G2, A R3"], "A")]
    res = play_full("japanese", SIX, rounds, options={"minus_five": True},
                    knobs={"minus_five.bonus": "threshold", "minus_five.threshold": threshold})
    assert res.minus_five_wins == {"A": 2, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0}
    assert res.bonuses == {"A": bonus, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0}
    assert res.totals == {"A": -10 + bonus, "B": 21, "C": 21, "D": 21, "E": 21, "F": 21}


def _each_leader_takes_the_minus_five(players, rounds):
    return [([leader_wins(players, r, "-5")], players[(r - 1) % len(players)]) for r in range(1, rounds + 1)]


@pytest.mark.parametrize("ruleset, players, lucky, expected", [
    # 3 players, 3 rounds, each takes the -5 once: 30 / 3 = 10 either way.
    # Lucky: two rounds each, 12 + 24 = 36. Total: -5 + 36 + 10 = 41.
    ("english", ABC, 36, {"floor": 10, "ceil": 10}),
    ("italian", ABC, 36, {"floor": 10, "ceil": 10}),
    # 4 players, 4 rounds: 30 / 4 = 7.5: 7 (floor) or 8 (ceil). Lucky 8 + 16 + 24 = 48.
    ("english", ABCD, 48, {"floor": 7, "ceil": 8}),
    ("italian", ABCD, 48, {"floor": 7, "ceil": 8}),
])
@pytest.mark.parametrize("rounding", ["floor", "ceil"])
def test_minus_five_split_rounding(ruleset, players, lucky, expected, rounding):
    n = len(players)
    res = play_full(ruleset, players, _each_leader_takes_the_minus_five(players, n),
                    options={"minus_five": True},
                    knobs={"minus_five.bonus": "split_most", "minus_five.rounding": rounding})
    share = expected[rounding]
    assert res.minus_five_wins == {p: 1 for p in players}
    assert res.bonuses == {p: share for p in players}
    assert res.totals == {p: -5 + lucky + share for p in players}


@pytest.mark.parametrize("rounding, share", [("floor", 7), ("ceil", 8)])
def test_minus_five_split_rounding_japanese_six_players(rounding, share):
    # JA has the -5 only at 6 players. A, B, C, D take it once each in rounds 1-4:
    # 30 / 4 = 7.5. Lucky (7 x n): A-D three rounds each (7 + 14 + 21 = 42), E and F
    # four (7 + 14 + 21 + 28 = 70). A-D: -5 + 42 + share.
    res = play_full("japanese", SIX, _each_leader_takes_the_minus_five(SIX, 4), options={"minus_five": True},
                    knobs={"minus_five.rounding": rounding})
    assert res.bonuses == {"A": share, "B": share, "C": share, "D": share, "E": 0, "F": 0}
    assert res.totals == {"A": 37 + share, "B": 37 + share, "C": 37 + share, "D": 37 + share, "E": 70, "F": 70}


@pytest.mark.parametrize("ruleset", ["english", "italian"])
@pytest.mark.parametrize("bonus", ["split_most", "threshold"])
def test_minus_five_bonus_nobody_when_nobody_won_it(ruleset, bonus):
    # A takes K9; the -5 is never revealed (the fillers reveal number cards first).
    res = play_full(ruleset, ABC, [([leader_wins(ABC, 1, "K9")], "A")], options={"minus_five": True},
                    knobs={"minus_five.bonus": bonus})
    assert res.minus_five_wins == {"A": 0, "B": 0, "C": 0}
    assert res.bonuses == {"A": 0, "B": 0, "C": 0}
    assert res.totals == {"A": 9, "B": 12, "C": 12}


def test_minus_five_bonus_needs_its_option():
    # EN: the -5 card is always in the deck, but its bonus is the table option.
    res = kit.play("english", ABC, [["-5: A R9, B G1, C Y1"]])
    assert res.minus_five_wins == {"A": 1, "B": 0, "C": 0}
    assert res.bonuses == {"A": 0, "B": 0, "C": 0}
    assert res.totals == {"A": -5, "B": 0, "C": 0}


# -- rounds, partial rounds, ranking ------------------------------------------------------------


def test_only_the_last_round_may_be_unfinished():
    errors = kit.errors("english", ABC, [["K5: A R5, B G4, C Y2"], ["K6: B R5, C G4, A Y2"]])
    assert [(e.round, e.message) for e in errors] == [
        (1, "round 1 has 1 trick; the english 3-player deal plays 10 a round "
            "(only the last round played may be unfinished)")]
    # Without --allow-partial the last one must be complete too (cli.md 'Unfinished games').
    errors = kit.errors("english", ABC, [["K5: A R5, B G4, C Y2"]], allow_partial=False)
    assert [(type(e).__name__, e.round, e.message) for e in errors] == [
        ("UnfinishedError", 1, "the game is unfinished after round 1, trick 1 (round 1 has 1 of 10 tricks): "
                               "use --allow-partial to see the standings so far")]


def test_a_round_has_no_more_than_its_tricks():
    lines = full_round("english", ABC, [], "A")
    errors = kit.errors("english", ABC, [lines + ["K5: C R5, A G4, B Y2"]])
    assert [e.message for e in errors] == ["round 1 has 11 tricks; the english 3-player deal plays 10 a round"]


def test_a_partial_round_banks_its_points_after_complete_rounds():
    # Round 1 complete (A takes K9; B and C lucky 12), round 2 has two tricks:
    # B takes K5, then C's K7 takes K6 + 7 = 13. No lucky loser in round 2.
    res = play_full("english", ABC, [([leader_wins(ABC, 1, "K9")], "A")],
                    partial=["K5: B R8, C G4, A Y2", "K6: B R1, C K7, A Y1"])
    assert [r.partial for r in res.rounds] == [False, True]
    assert res.rounds[1].lucky_losers == {}
    assert res.rounds[1].scores == {"A": 0, "B": 5, "C": 13}
    assert res.totals == {"A": 9, "B": 17, "C": 25}


def test_game_rounds_does_not_limit_a_log():
    # game.rounds (3) is for dealing and simulating; a log may hold more rounds.
    assert load_ruleset("english")["game.rounds"] == 3
    res = play_full("english", ABC, [([], "A"), ([], "B"), ([], "C"), ([], "A")])
    # Everybody lucky four times: 12 + 24 + 36 + 48 = 120.
    assert res.totals == {"A": 120, "B": 120, "C": 120}


def test_ranking_shares_ranks_and_keeps_seating_order_among_equals():
    # One round of burned tricks: all three are lucky losers, 12 each: all first.
    res = play_full("italian", ABC, [([], "A")])
    assert res.ranking == [("A", 12), ("B", 12), ("C", 12)]
    assert res.ranks == {"A": 1, "B": 1, "C": 1}
    assert res.winners == ["A", "B", "C"]
    # A tie below the top: C first, A and B share rank 2, D is 4th (not 3rd).
    res = kit.play("english", ABCD, [["K5: A R5, B G5, C K7, D Y2", "K3: C R1, D G2, A Y3, B B1",
                                      "K2: A R2, B G9, C Y4, D B3", "K1: B R6, C G3, D Y5, A B4"]])
    # C: 5 + 7 = 12; A: 3; B: 2 + 1 = 3; D: 0.
    assert res.totals == {"A": 3, "B": 3, "C": 12, "D": 0}
    assert res.ranking == [("C", 12), ("A", 3), ("B", 3), ("D", 0)]
    assert res.ranks == {"C": 1, "A": 2, "B": 2, "D": 4}
    assert res.winners == ["C"]


def test_a_stolen_minus_five_is_not_a_minus_five_won_by_the_thief():
    # rules.md "-5 and its bonus": a stolen -5 does not count for the thief. A wins the
    # Thief, B takes the -5 (-5), A takes K4 (4) and, B's 2 being the weakest bid of
    # that trick, takes the -5 from B. The -5 win stays B's: B gets the 30.
    res = kit.play("english", ABC, [[
        "Thief: A R10, B G1, C Y1",
        "-5: A R1, B G9, C Y2",
        "K4: B R2, C G3, A Y10; A steals -5 from B",
    ]], options={"thief": True, "minus_five": True})
    assert kit.winners(res) == ["A", "B", "A"]
    assert res.minus_five_wins == {"A": 0, "B": 1, "C": 0}
    assert res.bonuses == {"A": 0, "B": 30, "C": 0}
    # A: K4 (4) + -5 (stolen) = -1; B: -5 + 5 (the stolen -5 leaves) = 0; + 30 bonus.
    assert res.totals == {"A": -1, "B": 30, "C": 0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_deck_hand_size_knob(ruleset):
    # deck.hand_size = 8 at 3 players: 31 cards, 24 dealt, 7 out, 8 tricks a round.
    rs = load_ruleset(ruleset).with_knobs({"deck.hand_size": 8})
    deck = deck_for(rs, 3, {})
    assert (deck.pool_size, deck.hand_size, deck.removed, deck.tricks, deck.short_hands) == (31, 8, 7, 8, False)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_validate_accepts_a_complete_round_at_every_player_count(ruleset, players):
    # The deck math seen from validate: a round that plays every trick of the deal,
    # with as many black cards from the hands as the deal allows (6 players: all 60
    # cards are dealt, so the fillers play the 3 black cards and the Ally), and an
    # empty centre once the pile is used up (IT/JA at 3-4 players).
    names = SIX[:players]
    options = {"ally": True} if players >= 4 else {}
    lines = full_round(ruleset, names, [leader_wins(names, 1, "K9")], "A", options=options)
    deck = deck_for(load_ruleset(ruleset), players, options)
    assert len(lines) == deck.tricks
    assert sum(line.startswith(":") for line in lines) == max(0, deck.tricks - deck.pile_size)
    assert kit.errors(ruleset, names, [lines], options=options, allow_partial=False) == []


def deal_of(deck, names, lines):
    """The deal behind a complete round: hands from the plays, removed cards, pile."""
    hands = {p: [] for p in names}
    revealed = []
    for line in lines:
        rec = parse_trick(line)
        revealed += rec.revealed
        for p, c in rec.plays:
            hands[p].append(c)
    dealt = {c for h in hands.values() for c in h}
    pool = deck.coloured_cards() + ([ALLY_CARD] if deck.ally else [])
    removed = [c for c in pool if c not in dealt]
    spare = [c for c in deck.black_deck if c not in revealed and c not in dealt]
    need = deck.removed - len(removed)  # black cards of the hand pool that nobody played
    removed += spare[:need]
    pile = revealed + spare[need:]
    as_text = lambda cards: [str(c) for c in cards]  # noqa: E731
    return {p: as_text(h) for p, h in hands.items()}, as_text(removed), as_text(pile)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_validate_accepts_the_whole_deal_at_every_player_count(ruleset, players):
    # With hands, removed cards and pile written out, validate checks the deal against
    # the deck math: hand size, black cards in hands, removed count, pile size.
    names = SIX[:players]
    options = {"ally": True} if players >= 4 else {}
    lines = full_round(ruleset, names, [leader_wins(names, 1, "K9")], "A", options=options)
    deck = deck_for(load_ruleset(ruleset), players, options)
    hands, removed, pile = deal_of(deck, names, lines)
    assert len(removed) == deck.removed and len(pile) == deck.pile_size
    assert all(len(h) == deck.hand_size for h in hands.values())
    assert kit.errors(ruleset, names, [lines], options=options, allow_partial=False,
                      hands=[hands], removed=[removed], piles=[pile]) == []


def test_validate_refuses_a_pile_one_card_too_long():
    # EN 3 players: 12 black cards, 1 in the hand pool: the pile has 11. Here nobody
    # played a black card, so the removed card is the pool's black card; put it on
    # the pile instead and both counts are wrong.
    lines = full_round("english", ABC, [leader_wins(ABC, 1, "K9")], "A")
    deck = deck_for(load_ruleset("english"), 3, {})
    hands, removed, pile = deal_of(deck, ABC, lines)
    assert removed == ["-5"]  # the fillers revealed K1-K10, the -5 and 2x are left
    errors = kit.errors("english", ABC, [lines], hands=[hands], removed=[[]], piles=[pile + removed])
    assert [(type(e), e.message) for e in errors] == [
        (DeckError, "0 removed cards, expected 1"),
        (DeckError, "the pile has 12 cards, expected 11 (12 black cards - 1 dealt to hands)"),
    ]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_black_cards_from_hands_are_counted_against_the_deal(ruleset):
    # 3 players: one black card in the hand pool (all sources). A second black card
    # from a hand is refused; a black card played from a hand cannot come up in the pile.
    errors = kit.errors(ruleset, ABC, [["K5: A R5, B G4, C K7", "K6: C R1, A K8, B Y2", "K7: A R2, B G2, C Y3"]])
    assert [(type(e), e.trick, e.player, e.message) for e in errors] == [
        (DeckError, 2, "A", f"A played K8: that makes 2 black cards from hands this round, but the {ruleset} "
                            "3-player deal puts 1 in the hands"),
        (IllegalPlayError, 3, None, "K7 revealed from the pile, but it is already in the round (played by C in trick 1)"),
    ]


@pytest.mark.parametrize("includes_trick, points", [(True, 12), (False, 6)])
def test_a_2x_played_from_hand_goes_to_the_winner_and_doubles(includes_trick, points):
    # EN: B's 2x goes to A with the centre K6 (rules.md 3.4) and doubles A at once:
    # (0 + 6) x 2 = 12 with the trick included, 0 x 2 + 6 = 6 without.
    res = kit.play("english", ABC, [["K6: A R9, B 2x, C G2"]], knobs={"double.includes_trick": includes_trick})
    assert [str(c) for c in res.rounds[0].tricks[0].taken] == ["K6", "2x"]
    assert res.totals == {"A": points, "B": 0, "C": 0}
