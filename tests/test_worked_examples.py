"""Every worked example of the three sources (rules.md section 7, and the other
examples in the seed texts), under each bundled ruleset where it applies.

Where a ruleset's deck makes an example impossible, the test says so and checks
what that ruleset does instead.
"""

from __future__ import annotations

import pytest

from bidscli.core.errors import DeckError, IllegalPlayError
from bidscli.rules.ruleset import deck_for, load_ruleset

from . import kit
from .test_rules_core import play_full

RULESETS = ("italian", "english", "japanese")
ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]
SIX = ["A", "B", "C", "D", "E", "F"]


# -- the Spanish alias -------------------------------------------------------------


def test_spanish_is_the_english_ruleset():
    # ES is the Spanish translation of the English page: the same rules (rules.md, sources).
    spanish, english = load_ruleset("spanish"), load_ruleset("english")
    assert spanish is english
    assert dict(spanish.knobs) == dict(english.knobs)
    res = kit.play("spanish", ABC, [["K5: A R5, B G4, C K7"]])
    assert res.ruleset == "english"
    assert res.totals == {"A": 0, "B": 0, "C": 12}


# -- 1. EN and JA: a black card in hand --------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS + ("spanish",))
def test_example_1_black_card_in_hand(ruleset):
    # EN "Black cards in a player's hand", JA "手札内の黒カード": bidding for K5, the
    # players play R5, G4 and K7: the K7 wins and takes 7 + 5 = 12. IT says the same
    # in words ("Carte nere nella mano"). K5 and K7 are in every 3-player deck.
    res = kit.play(ruleset, ABC, [["K5: A R5, B G4, C K7", "K1: C R1, A G2, B Y3"]])
    first, second = res.rounds[0].tricks
    assert first.winner == "C"
    assert [str(c) for c in first.taken] == ["K5", "K7"]
    assert first.points == 12
    assert first.reason == "highest bid K7"
    # The winner leads the next trick (JA "得点"): C, and B's Y3 takes K1.
    assert kit.leaders(res) == ["A", "C"]
    assert second.winner == "B" and second.points == 1
    assert res.totals == {"A": 0, "B": 1, "C": 12}


# -- 2. EN: a tie for the highest bid burns ------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_2_tie_burns_and_the_burner_is_the_turner(ruleset):
    # EN "Scoring": two players bid a 10 as the highest card: nobody wins the trick,
    # and "the burner is the turner": the later of the two leads (IT agrees for
    # Color Bids, JA "得点" says the same). A and B tie, B played later and leads.
    res = kit.play(ruleset, ABC, [["K5: A R10, B G10, C Y3", "K6: B R1, C G2, A Y1"]])
    burned, second = res.rounds[0].tricks
    assert burned.winner is None and burned.burned
    assert burned.points == 0 and burned.taken == []
    assert burned.reason == "tie on 10 (A R10, B G10): burned"
    assert burned.next_leader == "B"
    assert kit.leaders(res) == ["A", "B"]
    # K5 is discarded with the burned trick: C's G2 takes only K6.
    assert res.totals == {"A": 0, "B": 0, "C": 6}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_2_the_first_of_the_tied_bidders_may_not_lead(ruleset):
    with pytest.raises(IllegalPlayError) as exc:
        kit.play(ruleset, ABC, [["K5: A R10, B G10, C Y3", "K6: A R1, B G2, C Y1"]])
    assert exc.value.message == (
        "B leads this trick (played the last tied card in trick 1, which burned); the line starts with A")
    assert (exc.value.round, exc.value.trick, exc.value.player) == (1, 2, "A")


def test_example_2_the_later_tied_bidder_counts_in_playing_order():
    # The tie is between B and C here, C played later: C leads, not the trick's leader.
    res = kit.play("english", ABC, [["K5: A R3, B G10, C Y10", "K6: C R1, A G2, B Y1"]])
    assert kit.winners(res) == [None, "A"]
    assert kit.leaders(res) == ["A", "C"]


# -- 3. EN: the -5 bonus -------------------------------------------------------------

# Six rounds at three players, the leader rotating (game.first_leader = rotate):
# A takes the -5 in rounds 1-3, B in rounds 4-6, C never. Every other trick burns.
MINUS_FIVE_ROUNDS_3P = [
    (["-5: A R2, B G1, C Y1"], "A"),
    (["-5: B G1, C Y1, A R2"], "A"),
    (["-5: C Y1, A R2, B G1"], "A"),
    (["-5: A G1, B R2, C Y1"], "B"),
    (["-5: B R2, C Y1, A G1"], "B"),
    (["-5: C Y1, A G1, B R2"], "B"),
]


@pytest.mark.parametrize("ruleset", ["english", "spanish"])
def test_example_3_minus_five_bonus_split_among_the_most(ruleset):
    # EN "-5 Bonus": A won the -5 three times, B three times, C never: A and B share
    # the 30 points, 15 each. The -5 card is in every EN deck (deck.minus_five_always).
    res = play_full(ruleset, ABC, MINUS_FIVE_ROUNDS_3P, options={"minus_five": True})
    assert res.minus_five_wins == {"A": 3, "B": 3, "C": 0}
    assert res.bonuses == {"A": 15, "B": 15, "C": 0}
    # Lucky loser (no_black_cards, 12 x n at 3 players): B in rounds 1-3 (12, 24, 36),
    # A in rounds 4-6 (12, 24, 36), C in all six (12 + 24 + 36 + 48 + 60 + 72 = 252).
    assert [r.lucky_losers for r in res.rounds] == [
        {"B": 12, "C": 12}, {"B": 24, "C": 24}, {"B": 36, "C": 36},
        {"A": 12, "C": 48}, {"A": 24, "C": 60}, {"A": 36, "C": 72},
    ]
    # A: -5 x 3 + 72 + 15 = 72; B the same; C: 252.
    assert res.totals == {"A": 72, "B": 72, "C": 252}
    assert res.ranking == [("C", 252), ("A", 72), ("B", 72)]
    assert res.ranks == {"C": 1, "A": 2, "B": 2}


def test_example_3_under_italian_each_player_with_three_minus_fives_gets_30():
    # IT "Bonus -5": whoever takes the -5 three times in the game gets 30: A and B
    # both reached 3, so both get the full 30 (minus_five.bonus = threshold).
    # The -5 card comes with the option (deck.minus_five_by_option).
    res = play_full("italian", ABC, MINUS_FIVE_ROUNDS_3P, options={"minus_five": True})
    assert res.minus_five_wins == {"A": 3, "B": 3, "C": 0}
    assert res.bonuses == {"A": 30, "B": 30, "C": 0}
    # Lucky loser (no_tricks): the same players as under english, who won no trick.
    # A: -15 + 72 + 30 = 87; B the same; C 252.
    assert res.totals == {"A": 87, "B": 87, "C": 252}


def test_example_3_has_no_minus_five_card_at_three_players_under_japanese():
    # JA "使用するカード" lists -5 only in the 6-player row: at 3 players the example
    # cannot happen, the -5 is not in the deck.
    with pytest.raises(DeckError) as exc:
        kit.play("japanese", ABC, [["-5: A R2, B G1, C Y1"]], options={"minus_five": True})
    assert exc.value.message == (
        "-5 is not in the japanese 3-player deck "
        "(-5 is in the japanese deck only at 6 players: deck.minus_five_always)")


def test_example_3_under_japanese_at_six_players():
    # The same six rounds at six players, where JA has the -5 (and the Ally): A takes
    # the -5 in rounds 1-3, B in rounds 4-6; each round's leader wins the -5 trick or
    # passes it to A or B with a bid of 3 over 1s and 2s.
    heads = [
        (["-5: A R3, B G1, C Y1, D B1, E R2, F G2"], "A"),
        (["-5: B G1, C Y1, D B1, E R2, F G2, A R3"], "A"),
        (["-5: C Y1, D B1, E R2, F G2, A R3, B G1"], "A"),
        (["-5: D B1, E R2, F G2, A G1, B R3, C Y1"], "B"),
        (["-5: E R2, F G2, A G1, B R3, C Y1, D B1"], "B"),
        (["-5: F G2, A G1, B R3, C Y1, D B1, E R2"], "B"),
    ]
    res = play_full("japanese", SIX, heads, options={"minus_five": True})
    assert res.minus_five_wins == {"A": 3, "B": 3, "C": 0, "D": 0, "E": 0, "F": 0}
    assert res.bonuses == {"A": 15, "B": 15, "C": 0, "D": 0, "E": 0, "F": 0}
    # Lucky loser at 6 players is 7 x n: A in rounds 4-6 (7 + 14 + 21 = 42), B in
    # rounds 1-3 (42), C-F in all six (7 x (1 + ... + 6) = 147).
    # A: -15 + 42 + 15 = 42; B the same.
    assert res.totals == {"A": 42, "B": 42, "C": 147, "D": 147, "E": 147, "F": 147}


# -- 4. EN: the Thief ------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["english", "japanese"])
def test_example_4_thief_steals_from_the_weakest_bid(ruleset):
    # EN/JA "Thief card": bidding for K5, R5, G4 and Y7 are played: the Y7 player takes
    # 5, and the Thief holder may steal from the G4 player. Here A won the Thief in
    # trick 2 (and passed on stealing at once, thief.mandatory = false); in trick 3,
    # the example's trick, B's G4 is the weakest bid and A takes B's K3.
    res = kit.play(ruleset, ABC, [[
        "K3: A R1, B G9, C Y2",
        "Thief: B R2, C G3, A Y10; A passes",
        "K5: A R5, B G4, C Y7; A steals K3 from B",
    ]], options={"thief": True})
    assert kit.winners(res) == ["B", "A", "C"]
    example = res.rounds[0].tricks[2]
    assert example.points == 5
    assert [str(s) for s in example.steals] == ["A steals K3 from B"]
    # A: 0 + 3 (stolen); B: 3 - 3; C: 5.
    assert res.totals == {"A": 3, "B": 0, "C": 5}


def test_example_4_the_right_is_used_once():
    # EN "Thief card": at most once: a second steal by A is refused.
    errors = kit.errors("english", ABC, [[
        "K3: A R1, B G9, C Y2",
        "Thief: B R2, C G3, A Y10; A passes",
        "K5: A R5, B G4, C Y7; A steals K3 from B",
        "K6: C R6, A G6, B Y5; A steals K5 from C",
    ]], options={"thief": True})
    assert [e.message for e in errors] == [
        "A steals K5 from C, but A has no Thief to use at this trick"]
    assert (errors[0].trick, errors[0].player) == (4, "A")


def test_example_4_under_italian_the_steal_is_at_once_and_a_duty():
    # IT "Carta Ladro": the winner of the Thief trick must steal at once, from the
    # weakest bid of that trick (B's R2, holding K3 won this round).
    res = kit.play("italian", ABC, [[
        "K3: A R1, B G9, C Y2",
        "Thief: B R2, C G3, A Y10; A steals K3 from B",
        "K5: A R5, B G4, C Y7",
    ]], options={"thief": True})
    assert res.totals == {"A": 3, "B": 0, "C": 5}
    # Passing is not allowed (thief.mandatory = true) ...
    errors = kit.errors("italian", ABC, [[
        "K3: A R1, B G9, C Y2",
        "Thief: B R2, C G3, A Y10; A passes",
        "K5: A R5, B G4, C Y7; A steals K3 from B",
    ]], options={"thief": True})
    # ... and the EN-style later steal has no Thief behind it.
    assert [(e.trick, e.message) for e in errors] == [
        (2, "A must steal from B (weakest bid 2 by B (thief.pool = round); thief.mandatory = true)"),
        (3, "A steals K3 from B, but A has no Thief to use at this trick"),
    ]


# -- 5 and 6. EN: Color Bids -----------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_5_color_bids_most_frequent_colour_wins(ruleset):
    # EN "Color Bids": R5, G4, Y7, G5: green appears twice, G5 is the best green.
    # (The centre K3 counts once for black, which is fewer than green's two.)
    res = kit.play(ruleset, ABCD, [["K3: A R5, B G4, C Y7, D G5"]], options={"color_bids": True})
    trick = res.rounds[0].tricks[0]
    assert trick.winner == "D" and trick.points == 3
    assert trick.reason == "Color Bids: G5 best of green"
    # Without Color Bids the highest number, Y7, would win.
    plain = kit.play(ruleset, ABCD, [["K3: A R5, B G4, C Y7, D G5"]])
    assert kit.winners(plain) == ["C"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_6_color_bids_the_centre_card_can_be_best(ruleset):
    # EN "Color Bids": for K8, R5, G4, G7 and K5 are played: black (K8 and K5) and green
    # appear twice each; K8 is the best of both: nobody wins. The trick's leader leads
    # again (color_bids.center_burn_leader = same, unstated).
    res = kit.play(ruleset, ABCD, [["K8: A R5, B G4, C G7, D K5", "K2: A R1, B G2, C Y3, D B1"]],
                   options={"color_bids": True})
    burned = res.rounds[0].tricks[0]
    assert burned.winner is None and burned.points == 0
    assert burned.reason == "Color Bids: the centre card K8 is best: burned"
    assert kit.leaders(res) == ["A", "A"]
    # K8 and D's K5 are discarded; C's Y3 takes K2 (every colour once, black once).
    assert res.totals == {"A": 0, "B": 0, "C": 2, "D": 0}


# -- 7 and 8. JA, IT: the lucky loser's progression -----------------------------------

# Four players, three rounds: A, B and C each win one trick a round, D never.
LUCKY_ROUNDS_4P = [
    (["K1: A R4, B R1, C G1, D Y1", "K2: A R2, B G4, C Y2, D B2", "K3: B R3, C Y4, D B3, A G3"], "C"),
    (["K1: B R4, C R1, D G1, A Y1", "K2: B R2, C G4, D Y2, A B2", "K3: C R3, D B3, A Y4, B G3"], "A"),
    (["K1: C R4, D R1, A G1, B Y1", "K2: C R2, D Y2, A G4, B B2", "K3: A R3, B Y4, C B3, D G3"], "B"),
]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_7_lucky_loser_at_four_players_8_16_24(ruleset):
    # JA "得点": at four players the first lucky-loser round pays 8, the second 16, the
    # third 24 (lucky_loser.progression = progressive; EN and IT read the same). D
    # wins no trick and takes no black card, so D is the lucky loser under both
    # lucky_loser.condition values. (JA at 4 players: 9 pile cards for 10 tricks; the
    # last, burned, trick has an empty centre.)
    res = play_full(ruleset, ABCD, LUCKY_ROUNDS_4P)
    assert [r.lucky_losers for r in res.rounds] == [{"D": 8}, {"D": 16}, {"D": 24}]
    # Each round A, B and C take 1, 2 and 3 in some order: 6 each; D 8 + 16 + 24 = 48.
    assert [r.scores for r in res.rounds] == [
        {"A": 1, "B": 2, "C": 3, "D": 8},
        {"A": 3, "B": 1, "C": 2, "D": 16},
        {"A": 2, "B": 3, "C": 1, "D": 24},
    ]
    assert res.totals == {"A": 6, "B": 6, "C": 6, "D": 48}
    assert res.ranks == {"D": 1, "A": 2, "B": 2, "C": 2}


# Six players, three rounds: the round's leader wins trick 1 (K9) and nothing else.
LUCKY_ROUNDS_6P = [
    (["K9: A R3, B G1, C Y1, D B1, E R2, F G2"], "A"),
    (["K9: B R3, C G1, D Y1, E B1, F R2, A G2"], "B"),
    (["K9: C R3, D G1, E Y1, F B1, A R2, B G2"], "C"),
]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_8_lucky_loser_at_six_players_7_14_21(ruleset):
    # IT "Indicatori e Punteggi": at six players 7, then 7 x 2 = 14, then 7 x 3 = 21.
    # D, E and F are lucky every round. The count is per player: A is lucky in rounds
    # 2 and 3, its first and second lucky rounds: 7 and 14.
    # IT deals the Ally only with the option (10 tricks); EN/JA always deal it at 6.
    res = play_full(ruleset, SIX, LUCKY_ROUNDS_6P, options={"ally": True})
    assert [r.lucky_losers for r in res.rounds] == [
        {"B": 7, "C": 7, "D": 7, "E": 7, "F": 7},
        {"A": 7, "C": 14, "D": 14, "E": 14, "F": 14},
        {"A": 14, "B": 14, "D": 21, "E": 21, "F": 21},
    ]
    # A: 9 + 7 + 14 = 30, B: 7 + 9 + 14 = 30, C: 7 + 14 + 9 = 30; D-F: 7 + 14 + 21 = 42.
    assert res.totals == {"A": 30, "B": 30, "C": 30, "D": 42, "E": 42, "F": 42}


def test_example_8_under_italian_without_the_ally_rounds_have_nine_tricks():
    # IT at six players without the Ally: 56 coloured + 3 black = 59 cards, one short
    # of 6 x 10: deck.short = shorten deals 9 cards (59 // 6) and plays 9 tricks.
    deck = deck_for(load_ruleset("italian"), 6, {})
    assert (deck.pool_size, deck.hand_size, deck.tricks, deck.removed) == (59, 9, 9, 5)
    res = play_full("italian", SIX, LUCKY_ROUNDS_6P)
    assert [len(r.tricks) for r in res.rounds] == [9, 9, 9]
    assert [r.lucky_losers["D"] for r in res.rounds] == [7, 14, 21]
    assert res.totals == {"A": 30, "B": 30, "C": 30, "D": 42, "E": 42, "F": 42}


# -- 9. IT: the Thief steals from the weakest bid --------------------------------------


def test_example_9_thief_10_8_6_5_steals_from_the_5():
    # IT "Carta Ladro": bids 10, 8, 6, 5: the 10 must steal one of the black cards the
    # 5 player won earlier this round. D won K4 in trick 1 and bid the 5.
    res = kit.play("italian", ABCD, [[
        "K4: A R1, B G2, C Y3, D B9",
        "Thief: D R5, A G10, B Y8, C B6; A steals K4 from D",
    ]], options={"thief": True})
    assert kit.winners(res) == ["D", "A"]
    assert res.totals == {"A": 4, "B": 0, "C": 0, "D": 0}


def test_example_9_fallback_to_the_best_bidder_with_a_card():
    # IT: if the 5 player won nothing this round, the thief steals from the best
    # bidder who has won a black card: B (8) has none, C (6) holds K4.
    lines = [
        "K4: A R1, B G2, C Y9, D B3",
        "Thief: C R6, D G5, A Y10, B B8; A steals K4 from C",
    ]
    res = kit.play("italian", ABCD, [lines], options={"thief": True})
    assert res.totals == {"A": 4, "B": 0, "C": 0, "D": 0}
    wrong = kit.errors("italian", ABCD, [[lines[0], "Thief: C R6, D G5, A Y10, B B8; A steals K4 from D"]],
                       options={"thief": True})
    assert [e.message for e in wrong] == [
        "A steals from D, but the victim must be C (the weakest bidder has no black card; "
        "fallback to C (thief.fallback = strongest_with_cards))"]


@pytest.mark.parametrize("ruleset", ["english", "japanese"])
def test_example_9_under_english_there_is_no_fallback(ruleset):
    # EN "Thief card": only from the lowest bidder; D holds nothing, so no steal is
    # possible at this trick (thief.fallback = none). The plain case is the same.
    res = kit.play(ruleset, ABCD, [[
        "K4: A R1, B G2, C Y3, D B9",
        "Thief: D R5, A G10, B Y8, C B6; A steals K4 from D",
    ]], options={"thief": True})
    assert res.totals == {"A": 4, "B": 0, "C": 0, "D": 0}
    errors = kit.errors(ruleset, ABCD, [[
        "K4: A R1, B G2, C Y9, D B3",
        "Thief: C R6, D G5, A Y10, B B8; A steals K4 from C",
    ]], options={"thief": True})
    assert [e.message for e in errors] == [
        "A cannot steal here: the weakest bidder (D) holds no black card to take (thief.pool = game)"]


def test_example_9_a_tie_on_the_thief_trick_has_no_effect():
    # IT "Carta Ladro": on a tie the Thief has no effect: the trick burns, nobody steals.
    res = kit.play("italian", ABCD, [[
        "K4: A R1, B G2, C Y3, D B9",
        "Thief: D R5, A G10, B Y10, C B6",
    ]], options={"thief": True})
    assert kit.winners(res) == ["D", None]
    assert res.rounds[0].tricks[1].steals == []
    assert res.totals == {"A": 0, "B": 0, "C": 0, "D": 4}


# -- 10. IT: Color Bids, same count and same number -------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_example_10_color_bids_same_count_same_number_burns(ruleset):
    # IT "Colore delle Offerte": red and green both twice, best R7 and G7: a tie in
    # colour and number burns the trick, and the player who burned it, B (the later
    # of the two sevens), leads the next trick. EN reads the same.
    res = kit.play(ruleset, ABCD, [["K1: A R7, B G7, C R2, D G3", "K2: B R1, C G1, D Y1, A B9"]],
                   options={"color_bids": True})
    burned = res.rounds[0].tricks[0]
    assert burned.winner is None
    assert burned.reason == "Color Bids: tie R7 and G7: burned"
    assert kit.leaders(res) == ["A", "B"]
    # Trick 2: red, green, yellow, blue once, black once (K2): A's B9 is best: 2.
    assert res.totals == {"A": 2, "B": 0, "C": 0, "D": 0}


# -- the deal: one card out at 3-5 players, two at 4 with the Ally ---------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players, ally, removed", [(3, False, 1), (4, False, 1), (4, True, 2), (5, True, 1)])
def test_one_card_out_at_three_to_five_players(ruleset, players, ally, removed):
    # EN "Cards in the game", JA "使用するカード": one card is set aside at 3-5 players,
    # two at 4 players with the Ally. At 5 players this holds with the Ally, which IT
    # and EN recommend there (4 x 12 + 2 black + Ally = 51 = 5 x 10 + 1 under EN/JA;
    # IT's 5-player deck is 1-10: 43 cards, 8 a hand, 43 - 40 = 3 out).
    deck = deck_for(load_ruleset(ruleset), players, {"ally": ally})
    expected = 3 if (ruleset, players) == ("italian", 5) else removed
    assert deck.removed == expected


def test_english_at_five_players_without_the_ally_sets_no_card_aside():
    # The sources say one card out at 5 players, but 4 x 12 + 2 black = 50 = 5 x 10:
    # without the Ally the deck math of rules.md sets none aside.
    deck = deck_for(load_ruleset("english"), 5, {})
    assert (deck.pool_size, deck.removed, deck.hand_size) == (50, 0, 10)


# -- the JSON example of cli.md ----------------------------------------------------------

# The round behind cli.md's score JSON (its first trick is the cli.md trick; the rest make
# its allies, lucky loser and scores come out); the other tricks of the round are filled in.
CLI_EXAMPLE_ROUND = (
    "K5: Ana R5, Ben G4, Cleo K7, Dev Y2",
    "-5: Cleo R10, Dev G1, Ana Y1, Ben Ally",
    "K6: Cleo R1, Dev G3, Ana Y3, Ben B10",
    "2x: Ben R2, Cleo G2, Dev Y4, Ana B9",
)


def test_cli_example_round_allies_lucky_loser_and_shared_rank():
    # cli.md's score JSON: trick 1 "K5: Ana R5, Ben G4, Cleo K7, Dev Y2" (Cleo takes
    # 12); allies Ben and Cleo; Dev lucky for 8; scores 0, 6, 6, 8. One round that
    # gives exactly that: Ben plays the Ally into Cleo's -5 trick (Cleo 12 - 5 = 7),
    # Ben takes K6 (6), Ana takes the 2x with no points (0 doubled is 0).
    players = ["Ana", "Ben", "Cleo", "Dev"]
    head = CLI_EXAMPLE_ROUND
    res = play_full("english", players, [(head, "Ana")], options={"ally": True})
    rnd = res.rounds[0]
    first = rnd.tricks[0]
    assert (first.leader, first.winner, first.points, first.reason) == ("Ana", "Cleo", 12, "highest bid K7")
    assert kit.winners(res)[:4] == ["Cleo", "Cleo", "Ben", "Ana"]
    assert rnd.allies == ["Ben", "Cleo"]
    assert rnd.lucky_losers == {"Dev": 8}
    # Ally split: Ben 6 + Cleo 7 = 13, half 6 each (ally.rounding = floor).
    assert rnd.scores == {"Ana": 0, "Ben": 6, "Cleo": 6, "Dev": 8}
    assert res.bonuses == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dev": 0}
    assert res.totals == {"Ana": 0, "Ben": 6, "Cleo": 6, "Dev": 8}
    assert res.ranking == [("Dev", 8), ("Ben", 6), ("Cleo", 6), ("Ana", 0)]
    assert res.ranks == {"Dev": 1, "Ben": 2, "Cleo": 2, "Ana": 4}


@pytest.mark.parametrize("ruleset, message", [
    ("italian", "-5 is not in the italian 4-player deck (under italian the -5 card comes with option "
                "minus_five, which is off: deck.minus_five_by_option)"),
    ("japanese", "-5 is not in the japanese 4-player deck "
                 "(-5 is in the japanese deck only at 6 players: deck.minus_five_always)"),
])
def test_cli_example_needs_the_english_four_player_deck(ruleset, message):
    # IT and JA have neither -5 nor 2x at four players (IT: the -5 only with its
    # option, the 2x only at 6; JA: both only at 6), so that round is not theirs.
    with pytest.raises(DeckError) as exc:
        kit.play(ruleset, ["Ana", "Ben", "Cleo", "Dev"], [[
            *CLI_EXAMPLE_ROUND[:2]]], options={"ally": True})
    assert exc.value.message == message
    assert (exc.value.round, exc.value.trick) == (1, 2)


def test_cli_example_as_score_json():
    # The same round through the JSON report: the minimum shape of cli.md, value for value.
    from bidscli.report.render import result_json

    players = ["Ana", "Ben", "Cleo", "Dev"]
    head = CLI_EXAMPLE_ROUND
    res = play_full("english", players, [(head, "Ana")], options={"ally": True})
    doc = result_json("examples/friday.toml", load_ruleset("english"), res)
    assert (doc["file"], doc["ruleset"], doc["players"]) == ("examples/friday.toml", "english", players)
    rnd = doc["rounds"][0]
    assert rnd["number"] == 1
    first = rnd["tricks"][0]
    assert {k: first[k] for k in ("number", "leader", "revealed", "plays", "winner", "points", "reason")} == {
        "number": 1, "leader": "Ana", "revealed": ["K5"],
        "plays": [["Ana", "R5"], ["Ben", "G4"], ["Cleo", "K7"], ["Dev", "Y2"]],
        "winner": "Cleo", "points": 12, "reason": "highest bid K7",
    }
    # A burned trick: winner null, 0 points.
    assert (rnd["tricks"][4]["winner"], rnd["tricks"][4]["points"]) == (None, 0)
    assert rnd["allies"] == ["Ben", "Cleo"]
    assert rnd["lucky_losers"] == {"Dev": 8}
    assert rnd["scores"] == {"Ana": 0, "Ben": 6, "Cleo": 6, "Dev": 8}
    assert doc["bonuses"] == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dev": 0}
    assert doc["totals"] == {"Ana": 0, "Ben": 6, "Cleo": 6, "Dev": 8}
    assert doc["ranking"] == [["Dev", 8], ["Ben", 6], ["Cleo", 6], ["Ana", 0]]


# -- IT: the Ally splits the round's points, not the totals ------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ally_splits_the_current_round_points_not_the_totals(ruleset):
    # IT "Carta Alleato": at the end of the round the allies' CURRENT points (not their
    # totals) are summed, halved and given to each; EN/JA "all your points are summed
    # and divided by 2", at the end of the round.
    rounds = [
        # Round 1: A takes K9; B, C and D are lucky losers (8).
        (["K9: A R3, B G1, C Y1, D B1"], "A"),
        # Round 2 (B leads): B plays the Ally into A's K5 trick: allies B and A.
        (["K5: B Ally, C G1, D Y1, A R9"], "A"),
    ]
    res = play_full(ruleset, ABCD, rounds, options={"ally": True})
    second = res.rounds[1]
    assert second.allies == ["B", "A"]
    # A 5 + B 0 = 5 (A's 9 of round 1 is banked, not shared): 2 each (floor).
    # B, C and D are lucky for the second time: 16.
    assert second.lucky_losers == {"B": 16, "C": 16, "D": 16}
    assert second.scores == {"A": 2, "B": 18, "C": 16, "D": 16}
    assert res.totals == {"A": 11, "B": 26, "C": 24, "D": 24}
