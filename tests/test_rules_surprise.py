"""Surprise (rules.md "Surprise"): revealed (hidden prize, on a burn), played from
hand (IT winner_takes_next, EN replace_center, the displaced card), and the
checking of the log's revealed cards, with and without a ``pile``.

IT "Carta Sorpresa": revealed, the players bid for the next point card unseen;
on a tie nobody gets a black card and the next bids are for the next card.
From hand, the winner receives the next point card and the current one goes to
the bottom of the pile. EN "Surprise card": revealed, the same; from hand, the
black card in the middle is replaced by the next one when it is played.
"""

import pytest

from bidscli.core.errors import IllegalPlayError

from . import kit
from .trickline import round_lines

RULESETS = ["italian", "english", "japanese"]
P3 = ["Ana", "Ben", "Cleo"]
P4 = ["Ana", "Ben", "Cleo", "Dev"]
SUR = {"surprise": True}
# Cards left on the pile at 3 players with Surprise once one card is drawn:
# IT/JA K1-10 + Surprise = 11 black - 1 in hands = 10 (9 left); EN adds -5, 2x: 12 (11 left).
LEFT_AFTER_ONE = {"italian": 9, "english": 11, "japanese": 9}
TAKE_NEXT = {"surprise.from_hand": "winner_takes_next"}
REPLACE = {"surprise.from_hand": "replace_center"}


def messages(errs):
    return [e.message for e in errs]


def strs(cards):
    return [str(c) for c in cards]


# -- Surprise revealed -------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_revealed_hides_the_next_pile_card(rs):
    # "Surprise K8": the players bid for K8 unseen; Y7 (Cleo) takes it: 8.
    res = kit.play(rs, P3, [["Surprise K8: Ana R5, Ben G4, Cleo Y7", "K3: Cleo R1, Ana G1, Ben Y2"]], options=SUR)
    t1 = res.rounds[0].tricks[0]
    assert strs(t1.revealed) == ["Surprise", "K8"] and str(t1.centre) == "K8" and t1.hidden
    assert strs(t1.taken) == ["K8"]
    assert kit.winners(res) == ["Cleo", "Ben"]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 8}


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_revealed_alone_is_refused_when_won(rs):
    # 'Surprise:' is the form of a burned trick whose prize stays (tests/test_surprise_seen.py);
    # a won hidden prize was turned over and must be written.
    errs = kit.errors(rs, P3, [["Surprise: Ana R5, Ben G4, Cleo Y7"]], options=SUR)
    assert messages(errs) == [
        "Cleo won the hidden prize, so it was turned over: write 'Surprise <card>: ...' "
        "(only a burned trick leaves it unseen on the pile, surprise.on_burn = stays)"]
    # Under surprise.on_burn = discard the hidden card always leaves the round: always written.
    errs = kit.errors(rs, P3, [["Surprise: Ana R5, Ben G4, Cleo Y7"]], options=SUR,
                      knobs={"surprise.on_burn": "discard"})
    assert messages(errs) == [
        "a pile card is missing from the revealed part (Surprise hides the next pile card): the pile still "
        f"holds {LEFT_AFTER_ONE[rs]} cards, write 'Surprise <card>'"]
    assert isinstance(errs[0], IllegalPlayError) and (errs[0].round, errs[0].trick) == (1, 1)


@pytest.mark.parametrize("rs", RULESETS)
def test_hidden_prize_is_no_centre_card_for_color_bids(rs):
    # Fine print: while the prize is hidden nothing in the centre counts. Counts: red 1, green 1,
    # black 1 (K3 played), yellow 1: every colour ties, best card R9 (Ana) takes K8 + K3 = 11.
    # Had the hidden K8 counted, black (2) would lead with K8 best: burned.
    res = kit.play(rs, P4, [["Surprise K8: Ana R9, Ben G4, Cleo K3, Dev Y2"]], options={**SUR, "color_bids": True})
    assert kit.winners(res) == ["Ana"]
    assert res.totals == {"Ana": 8 + 3, "Ben": 0, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_on_burn_stays_hidden_card_is_the_next_prize(rs):
    # surprise.on_burn = stays (IT; EN unstated, same): R5 and G5 tie, burned; Ben (the later 5)
    # leads. K8 stays on the pile and is trick 2's prize, revealed as usual: Y2 (Ana) takes 8.
    res = kit.play(rs, P3, [["Surprise K8: Ana R5, Ben G5, Cleo Y3", "K8: Ben R1, Cleo G1, Ana Y2"]], options=SUR)
    assert kit.winners(res) == [None, "Ana"]
    assert kit.leaders(res) == ["Ana", "Ben"]
    assert not res.rounds[0].tricks[1].hidden
    assert res.totals == {"Ana": 8, "Ben": 0, "Cleo": 0}
    errs = kit.errors(rs, P3, [["Surprise K8: Ana R5, Ben G5, Cleo Y3", "K2: Ben R1, Cleo G1, Ana Y2"]], options=SUR)
    assert messages(errs) == ["revealed K2, but the next pile card is K8 (the prize of this trick)"]
    assert errs[0].trick == 2


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_on_burn_discard(rs):
    # surprise.on_burn = discard: K8 is gone with the burned trick; trick 2 is for K2: Ana takes 2.
    knobs = {"surprise.on_burn": "discard"}
    res = kit.play(rs, P3, [["Surprise K8: Ana R5, Ben G5, Cleo Y3", "K2: Ben R1, Cleo G1, Ana Y2"]], options=SUR,
                   knobs=knobs)
    assert kit.winners(res) == [None, "Ana"]
    assert res.totals == {"Ana": 2, "Ben": 0, "Cleo": 0}
    # K8 cannot come up a second time (engine fix: a card revealed twice from an unknown pile).
    errs = kit.errors(rs, P3, [["Surprise K8: Ana R5, Ben G5, Cleo Y3", "K8: Ben R1, Cleo G1, Ana Y2"]],
                      options=SUR, knobs=knobs)
    assert messages(errs) == ["revealed K8, but K8 already came from the point pile this round"]


@pytest.mark.parametrize("rs,on_burn,second", [
    (rs, "stays", "K8") for rs in RULESETS] + [(rs, "discard", "K2") for rs in RULESETS])
def test_surprise_on_burn_with_a_pile(rs, on_burn, second):
    pile = "Surprise K8 K2 K1 K3 K4 K5 K6 K7 K9" + (" K10 -5" if rs == "english" else "")
    res = kit.play(rs, P3, [[": Ana R5, Ben G5, Cleo Y3", ": Ben R1, Cleo G1, Ana Y2"]], options=SUR,
                   piles=[pile], knobs={"surprise.on_burn": on_burn})
    assert strs(res.rounds[0].tricks[1].revealed) == [second]
    assert res.totals == {"Ana": int(second[1:]), "Ben": 0, "Cleo": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_empty_reveal_after_a_burned_turned_surprise_is_refused_without_a_pile(rs):
    # Issue 22. No pile: R1, G1, Y1 tie, burned; Cleo (the last tied card) leads. 'Surprise K1:'
    # says the hidden K1 was turned over, and it stays (surprise.on_burn = stays): trick 2's prize
    # is K1, written 'K1: ...' (log.md). An empty revealed part says the pile ran out, which it has
    # not: refused, as after the canonical 'Surprise:'.
    burned = "Surprise K1: Ana R1, Ben G1, Cleo Y1"
    errs = kit.errors(rs, P3, [[burned, ": Cleo R10, Ana R2, Ben R3"]], options=SUR)
    assert messages(errs) == ["nothing revealed, but the point pile still holds K1 (the prize of this trick), so "
                              "an empty centre is not possible yet"]
    assert isinstance(errs[0], IllegalPlayError)
    assert (errs[0].round, errs[0].trick, errs[0].player, errs[0].line) == (1, 2, None, 14)
    errs = kit.errors(rs, P3, [["Surprise: Ana R1, Ben G1, Cleo Y1", ": Cleo R10, Ana R2, Ben R3"]], options=SUR)
    assert messages(errs) == [
        "a pile card is missing from the revealed part (the prize of this trick): the pile still holds "
        f"{LEFT_AFTER_ONE[rs]} cards, so an empty centre is not possible yet"]
    assert (errs[0].round, errs[0].trick, errs[0].line) == (1, 2, 14)
    # Written with its prize, the same trick is Cleo's: R10 takes K1.
    res = kit.play(rs, P3, [[burned, "K1: Cleo R10, Ana R2, Ben R3"]], options=SUR)
    assert kit.winners(res) == [None, "Cleo"]
    assert kit.leaders(res) == ["Ana", "Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 1}


def test_a_card_revealed_twice_without_a_pile_is_refused():
    # The engine fix in the pile's draw also covers plain tricks.
    errs = kit.errors("english", P3, [["K5: Ana R5, Ben G4, Cleo Y7", "K5: Cleo R1, Ana G1, Ben Y2"]])
    assert messages(errs) == ["revealed K5, but K5 already came from the point pile this round"]


# -- Surprise played from hand: winner_takes_next (IT) ------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_from_hand_winner_takes_next(rs):
    # Centre K5; Ben plays Surprise; Y7 (Cleo) wins and receives the next pile card K9 (plus the
    # Surprise card, 0): 9. K5 goes under the pile. The log reveals "K5 K9".
    res = kit.play(rs, P3, [["K5 K9: Ana R5, Ben Surprise, Cleo Y7", "K3: Cleo R1, Ana G1, Ben Y2"]], options=SUR,
                   knobs=TAKE_NEXT)
    t1 = res.rounds[0].tricks[0]
    assert str(t1.centre) == "K5" and strs(t1.taken) == ["K9", "Surprise"] and t1.points == 9
    assert kit.winners(res) == ["Cleo", "Ben"]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 9}


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_from_hand_winner_takes_next_burn_moves_nothing(rs):
    # R5 and Y5 tie: burned, nothing moves but the discard; Cleo leads; K9 is trick 2's prize.
    res = kit.play(rs, P3, [["K5: Ana R5, Ben Surprise, Cleo Y5", "K9: Cleo Y9, Ana R1, Ben G1"]], options=SUR,
                   knobs=TAKE_NEXT)
    assert kit.winners(res) == [None, "Cleo"]
    assert kit.leaders(res) == ["Ana", "Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 9}
    errs = kit.errors(rs, P3, [["K5 K9: Ana R5, Ben Surprise, Cleo Y5"]], options=SUR, knobs=TAKE_NEXT)
    assert messages(errs) == ["revealed K9, but no rule takes another pile card in this trick"]


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_from_hand_winner_takes_next_revealed_checks(rs):
    why = "Surprise played from hand gives the winner the next pile card"
    errs = kit.errors(rs, P3, [["K5: Ana R5, Ben Surprise, Cleo Y7"]], options=SUR, knobs=TAKE_NEXT)
    assert messages(errs) == [
        f"a pile card is missing from the revealed part ({why}): the pile still holds "
        f"{LEFT_AFTER_ONE[rs]} cards, write 'K5 <card>'"]
    pile = "K5 K9 K3 K1 K2 K4 K6 K7 K8 K10" + (" -5 2x" if rs == "english" else "")
    errs = kit.errors(rs, P3, [["K5: Ana R5, Ben Surprise, Cleo Y7"]], options=SUR, knobs=TAKE_NEXT, piles=[pile])
    assert messages(errs) == [f"the log reveals 1 card here, but the rules take another pile card ({why}): "
                              "expected 'K9' after 'K5'"]
    errs = kit.errors(rs, P3, [["K5 K9 K3: Ana R5, Ben Surprise, Cleo Y7"]], options=SUR, knobs=TAKE_NEXT,
                      piles=[pile])
    assert messages(errs) == ["revealed K3, but no rule takes another pile card in this trick"]
    errs = kit.errors(rs, P3, [["K5 K3: Ana R5, Ben Surprise, Cleo Y7"]], options=SUR, knobs=TAKE_NEXT,
                      piles=[pile])
    assert messages(errs) == [f"revealed K3, but the next pile card is K9 ({why})"]


# The full round of the "card under the pile" tests. Trick 1 (Ana leads): ": Ana R5, Ben
# Surprise, Cleo Y7": Cleo wins K9; K5 goes under the pile (winner_takes_next, or
# replace_center with surprise.displaced = bottom). Tricks 2-10 (round_lines follows the winner):
# Cleo wins tricks 2-8 (Y3..Y10 over R, G), Ben trick 9 (G10), Ana trick 10 (R10).
# Pile (given): K5 K9 K3 K1 K2 K4 K6 K7 K8 K10 [+ -5 2x for EN]: tricks 2-9 take K3 K1 K2 K4 K6
# K7 K8 K10; trick 10 takes the next card: K5 from the bottom at IT/JA (10 cards), -5 at EN
# (K5 lies under -5 and 2x).
REST = list(zip([""] * 9, [
    {"Ana": f"R{a}", "Ben": f"G{b}", "Cleo": f"Y{c}"}
    for a, b, c in zip([1, 2, 3, 4, 6, 7, 8, 9, 10], [2, 3, 4, 5, 7, 8, 9, 10, 1], [3, 4, 5, 6, 8, 9, 10, 1, 2])
]))


def full_round():
    return [": Ana R5, Ben Surprise, Cleo Y7"] + round_lines(P3, "Cleo", REST)


def pile_for(rs):
    return "K5 K9 K3 K1 K2 K4 K6 K7 K8 K10" + (" -5 2x" if rs == "english" else "")


# Cleo: K9 + K3 + K1 + K2 + K4 + K6 + K7 + K8 = 40; Ben: K10 = 10; Ana: trick 10's prize.
UNDER_PILE = [("italian", "K5", 5), ("japanese", "K5", 5), ("english", "-5", -5)]


@pytest.mark.parametrize("rs,last,ana", UNDER_PILE)
def test_winner_takes_next_centre_goes_under_the_pile_and_comes_up_again(rs, last, ana):
    res = kit.play(rs, P3, [full_round()], options=SUR, knobs=TAKE_NEXT, piles=[pile_for(rs)])
    assert kit.winners(res) == ["Cleo"] * 8 + ["Ben", "Ana"]
    assert [strs(t.revealed) for t in res.rounds[0].tricks][:2] == [["K5", "K9"], ["K3"]]
    assert strs(res.rounds[0].tricks[9].revealed) == [last]
    assert res.totals == {"Ana": ana, "Ben": 10, "Cleo": 40}


@pytest.mark.parametrize("rs", RULESETS)
def test_card_under_the_pile_cannot_come_up_before_unseen_cards(rs):
    # Without a pile: trick 10 names K5 while the pile still holds unseen cards above it:
    # IT/JA: 10 - 2 - 8 = 0 unseen, so K5 comes up; EN: 12 - 2 - 8 = 2 unseen above it.
    prizes = ["K3", "K1", "K2", "K4", "K6", "K7", "K8", "K10", "K5"]
    lines = ["K5 K9: Ana R5, Ben Surprise, Cleo Y7"] + round_lines(
        P3, "Cleo", [(p, cards) for p, (_, cards) in zip(prizes, REST)])
    errs = kit.errors(rs, P3, [lines], options=SUR, knobs=TAKE_NEXT)
    if rs == "english":
        assert messages(errs) == ["revealed K5, but K5 went to the bottom of the pile and cannot come up "
                                  "before the 2 unseen cards above it"]
        assert errs[0].trick == 10
    else:
        assert errs == []


# -- Surprise played from hand: replace_center (EN) ------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_from_hand_replace_center(rs):
    # Ben's Surprise replaces the centre K5 at once by K9 (Cleo bids after seeing it):
    # Y7 (Cleo) takes K9 + Surprise (0) = 9. The log reveals "K5 K9".
    res = kit.play(rs, P3, [["K5 K9: Ana R5, Ben Surprise, Cleo Y7", "K3: Cleo R1, Ana G1, Ben Y2"]], options=SUR,
                   knobs=REPLACE)
    t1 = res.rounds[0].tricks[0]
    assert str(t1.centre) == "K9" and strs(t1.taken) == ["K9", "Surprise"]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 9}


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_from_hand_replace_center_happens_even_on_a_burn(rs):
    # The replacement happens when it is played, so a burned trick still reveals "K5 K9";
    # R5 and Y5 tie: burned, Cleo leads, and trick 2 is for the next card K3.
    res = kit.play(rs, P3, [["K5 K9: Ana R5, Ben Surprise, Cleo Y5", "K3: Cleo Y9, Ana R1, Ben G1"]],
                   options=SUR, knobs=REPLACE)
    assert kit.winners(res) == [None, "Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 3}
    errs = kit.errors(rs, P3, [["K5: Ana R5, Ben Surprise, Cleo Y5"]], options=SUR, knobs=REPLACE)
    assert messages(errs) == [
        "a pile card is missing from the revealed part (Surprise played from hand replaces the centre card): "
        f"the pile still holds {LEFT_AFTER_ONE[rs]} cards, write 'K5 <card>'"]


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_from_hand_replace_center_revealed_checks_with_a_pile(rs):
    why = "Surprise played from hand replaces the centre card"
    pile = pile_for(rs)
    errs = kit.errors(rs, P3, [["K5: Ana R5, Ben Surprise, Cleo Y7"]], options=SUR, knobs=REPLACE, piles=[pile])
    assert messages(errs) == [f"the log reveals 1 card here, but the rules take another pile card ({why}): "
                              "expected 'K9' after 'K5'"]
    errs = kit.errors(rs, P3, [["K5 K9 K3: Ana R5, Ben Surprise, Cleo Y7"]], options=SUR, knobs=REPLACE, piles=[pile])
    assert messages(errs) == ["revealed K3, but no rule takes another pile card in this trick"]
    # No Surprise played: "K5 K9" is one card too many, with or without a pile.
    for piles in ([pile], None):
        errs = kit.errors(rs, P3, [["K5 K9: Ana R5, Ben G5, Cleo Y7"]], options=SUR, knobs=REPLACE, piles=piles)
        assert messages(errs) == ["revealed K9, but no rule takes another pile card in this trick"]


@pytest.mark.parametrize("rs,last,ana", UNDER_PILE)
def test_replace_center_displaced_bottom(rs, last, ana):
    # surprise.displaced = bottom: K5 goes under the pile and comes up at trick 10 (IT/JA).
    res = kit.play(rs, P3, [full_round()], options=SUR, knobs={**REPLACE, "surprise.displaced": "bottom"},
                   piles=[pile_for(rs)])
    assert kit.winners(res) == ["Cleo"] * 8 + ["Ben", "Ana"]
    assert strs(res.rounds[0].tricks[9].revealed) == [last]
    assert res.totals == {"Ana": ana, "Ben": 10, "Cleo": 40}


@pytest.mark.parametrize("rs,last,expected", [
    # surprise.displaced = discard (unstated default): K5 is gone. IT/JA: the 10-card pile is
    # used up after trick 9, trick 10 has an empty centre (deck.short_pile = empty_centre):
    # Ana wins it for nothing. IT no_tricks: no lucky loser; JA no_black_cards: Ana holds no
    # black card: lucky loser 12 (3 players). EN: trick 10 takes -5.
    ("italian", [], {"Ana": 0, "Ben": 10, "Cleo": 40}),
    ("japanese", [], {"Ana": 12, "Ben": 10, "Cleo": 40}),
    ("english", ["-5"], {"Ana": -5, "Ben": 10, "Cleo": 40}),
])
def test_replace_center_displaced_discard(rs, last, expected):
    res = kit.play(rs, P3, [full_round()], options=SUR, knobs={**REPLACE, "surprise.displaced": "discard"},
                   piles=[pile_for(rs)])
    assert kit.winners(res) == ["Cleo"] * 8 + ["Ben", "Ana"]
    assert strs(res.rounds[0].tricks[9].revealed) == last
    assert res.totals == expected


# -- Lowest met through a Surprise (fine print) ------------------------------------------------

LOW_SUR = {"surprise": True, "lowest": True}


@pytest.mark.parametrize("rs", RULESETS)
def test_hidden_lowest_is_a_zero_point_prize_and_starts_lowest_mode_next_trick(rs):
    # "Surprise Lowest": Y7 (Cleo) wins the hidden Lowest, 0 points, still by the highest bid;
    # from trick 2 the lowest bid wins: Y1 (Cleo) takes K3.
    res = kit.play(rs, P3, [["Surprise Lowest: Ana R5, Ben G4, Cleo Y7", "K3: Cleo Y1, Ana R2, Ben G3"]],
                   options=LOW_SUR)
    assert [t.lowest for t in res.rounds[0].tricks] == [False, True]
    assert strs(res.rounds[0].tricks[0].taken) == ["Lowest"]
    assert kit.winners(res) == ["Cleo", "Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 3}


@pytest.mark.parametrize("rs", RULESETS)
def test_hidden_lowest_of_a_burned_trick_is_revealed_next_trick(rs):
    # R5 and G5 tie: the hidden Lowest stays on top (surprise.on_burn = stays); trick 2 reveals it
    # as usual: it moves aside for K3 (lowest.reveal = replace) and G1 (Ben) takes K3.
    res = kit.play(rs, P3, [["Surprise Lowest: Ana R5, Ben G5, Cleo Y3", "Lowest K3: Ben G1, Cleo Y2, Ana R3"]],
                   options=LOW_SUR)
    assert kit.winners(res) == [None, "Ben"]
    assert [t.lowest for t in res.rounds[0].tricks] == [False, True]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_received_through_winner_takes_next_is_only_a_prize(rs):
    # The next pile card is Lowest: Y7 (Cleo) receives it (0) with the Surprise; K5 goes under.
    # Fine print: only a hidden Lowest that is won starts the mode: trick 2 is still highest-wins,
    # G3 (Ben) takes K3.
    res = kit.play(rs, P3, [["K5 Lowest: Ana R5, Ben Surprise, Cleo Y7", "K3: Cleo Y1, Ana R2, Ben G3"]],
                   options=LOW_SUR, knobs=TAKE_NEXT)
    assert strs(res.rounds[0].tricks[0].taken) == ["Lowest", "Surprise"]
    assert [t.lowest for t in res.rounds[0].tricks] == [False, False]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_brought_in_by_replace_center_counts_for_this_trick(rs):
    # Ben's Surprise replaces K5 by the next card, Lowest, which is revealed: lowest-wins mode
    # starts at once and Lowest moves aside for K9. Cleo bids after it; R5 (Ana) is the lowest
    # and takes K9 + Surprise = 9. Trick 2 (Ana leads): Y1 (Cleo) takes K3.
    res = kit.play(rs, P3, [["K5 Lowest K9: Ana R5, Ben Surprise, Cleo Y7", "K3: Ana R2, Ben G3, Cleo Y1"]],
                   options=LOW_SUR, knobs=REPLACE)
    assert strs(res.rounds[0].tricks[0].revealed) == ["K5", "Lowest", "K9"]
    assert kit.winners(res) == ["Ana", "Cleo"]
    assert res.totals == {"Ana": 9, "Ben": 0, "Cleo": 3}
