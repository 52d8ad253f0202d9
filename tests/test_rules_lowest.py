"""Lowest (rules.md "Lowest"): revealed, from hand, until the round ends, ties,
and the weakest bid for Thief. Every case under each bundled ruleset.

IT "Carta piu bassa": when it appears it moves aside and stays active until the
end of the round; from then on the lowest card takes the trick. EN "Lowest
card": the lowest card wins from the moment it appears.
"""

import pytest

from bidscli.core.errors import IllegalPlayError

from . import kit
from .trickline import rotation, round_lines

RULESETS = ["italian", "english", "japanese"]
P3 = ["Ana", "Ben", "Cleo"]
P4 = ["Ana", "Ben", "Cleo", "Dev"]
LOW = {"lowest": True}


def messages(errs):
    return [e.message for e in errs]


# -- Lowest revealed: lowest.reveal ------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_revealed_replace_next_pile_card_is_the_prize(rs):
    # lowest.reveal = replace (IT; EN same game): Lowest moves aside, K5 is the prize.
    # Trick 1: lowest bid G4 (Ben) takes K5 = 5. Trick 2: Ben leads, lowest R1 (Ben) takes K3.
    res = kit.play(rs, P3, [["Lowest K5: Ana R5, Ben G4, Cleo Y7", "K3: Ben R1, Cleo G2, Ana Y3"]], options=LOW)
    assert kit.winners(res) == ["Ben", "Ben"]
    assert kit.leaders(res) == ["Ana", "Ben"]
    t1 = res.rounds[0].tricks[0]
    assert [str(c) for c in t1.revealed] == ["Lowest", "K5"]
    assert str(t1.centre) == "K5" and [str(c) for c in t1.taken] == ["K5"]
    assert t1.lowest and res.rounds[0].tricks[1].lowest
    assert res.totals == {"Ana": 0, "Ben": 5 + 3, "Cleo": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_revealed_prize_stays_as_a_zero_point_prize(rs):
    # lowest.reveal = prize: the log writes "Lowest" alone; G4 (Ben) takes Lowest (0 points).
    res = kit.play(rs, P3, [["Lowest: Ana R5, Ben G4, Cleo Y7", "K3: Ben R1, Cleo G2, Ana Y3"]], options=LOW,
                   knobs={"lowest.reveal": "prize"})
    assert kit.winners(res) == ["Ben", "Ben"]
    t1 = res.rounds[0].tricks[0]
    assert str(t1.centre) == "Lowest" and [str(c) for c in t1.taken] == ["Lowest"] and t1.points == 0
    assert res.totals == {"Ana": 0, "Ben": 0 + 3, "Cleo": 0}


@pytest.mark.parametrize("rs,pile_left", [("italian", 9), ("english", 11), ("japanese", 9)])
def test_lowest_replace_log_without_the_replacing_card_is_refused(rs, pile_left):
    # Pile at 3 players with Lowest: IT/JA K1-10 + Lowest - 1 in hands = 10; EN adds -5, 2x = 12.
    # Lowest drawn: 9 (IT, JA) or 11 (EN) cards still on the pile.
    errs = kit.errors(rs, P3, [["Lowest: Ana R5, Ben G4, Cleo Y7"]], options=LOW)
    assert messages(errs) == [
        f"a pile card is missing from the revealed part (Lowest was set aside): the pile still holds "
        f"{pile_left} cards, write 'Lowest <card>'"]
    assert all(isinstance(e, IllegalPlayError) for e in errs)
    assert (errs[0].round, errs[0].trick) == (1, 1)


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_prize_log_with_a_replacing_card_is_refused(rs):
    errs = kit.errors(rs, P3, [["Lowest K5: Ana R5, Ben G4, Cleo Y7"]], options=LOW,
                      knobs={"lowest.reveal": "prize"})
    assert messages(errs) == ["revealed K5, but no rule takes another pile card in this trick"]


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_with_a_pile_checks_the_revealed_cards(rs):
    # With a pile, "Lowest" alone is short by the K5 under it; "Lowest K9" names the wrong card.
    pile = {"italian": "Lowest K5 K1 K2 K3 K4 K6 K7 K8 K9",
            "japanese": "Lowest K5 K1 K2 K3 K4 K6 K7 K8 K9",
            "english": "Lowest K5 K1 K2 K3 K4 K6 K7 K8 K9 K10 -5"}[rs]
    errs = kit.errors(rs, P3, [["Lowest: Ana R5, Ben G4, Cleo Y7"]], options=LOW, piles=[pile])
    assert messages(errs) == [
        "the log reveals 1 card here, but the rules take another pile card (Lowest was set aside): "
        "expected 'K5' after 'Lowest'"]
    errs = kit.errors(rs, P3, [["Lowest K9: Ana R5, Ben G4, Cleo Y7"]], options=LOW, piles=[pile])
    assert messages(errs) == ["revealed K9, but the next pile card is K5 (Lowest was set aside)"]
    # The empty revealed part takes both from the pile.
    res = kit.play(rs, P3, [[": Ana R5, Ben G4, Cleo Y7"]], options=LOW, piles=[pile])
    assert [str(c) for c in res.rounds[0].tricks[0].revealed] == ["Lowest", "K5"]
    assert res.totals == {"Ana": 0, "Ben": 5, "Cleo": 0}


# -- until the round ends, and reset next round ------------------------------------------


@pytest.mark.parametrize("rs,last_prize,expected", [
    # Round 1, lowest bid wins every trick (rotation: seat s plays number t+s+1 mod 10):
    #   Ana (R1..R8) takes tricks 1-8: K5 + K1 + K2 + K3 + K4 + K6 + K7 + K8 = 36;
    #   trick 9 (R9, G10, Y1): Cleo takes K9; trick 10 (R10, G1, Y2): Ben takes the last prize.
    # IT/JA pile: Lowest + 9 of K1-10 = 10 cards, so trick 10 has an empty centre; EN has K10.
    # Lucky loser: IT no_tricks: everybody won a trick. EN: Ben holds K10. JA: Ben took
    # no black card (empty centre): 12 at 3 players.
    # Round 2 (Ben leads, seat 2): highest bid again: Ana Y7 takes K5.
    ("italian", "", {"Ana": 36 + 5, "Ben": 0, "Cleo": 9}),
    ("english", "K10", {"Ana": 36 + 5, "Ben": 10, "Cleo": 9}),
    ("japanese", "", {"Ana": 36 + 5, "Ben": 12, "Cleo": 9}),
])
def test_lowest_mode_lasts_the_round_and_resets_next_round(rs, last_prize, expected):
    prizes = ["Lowest K5", "K1", "K2", "K3", "K4", "K6", "K7", "K8", "K9", last_prize]
    round1 = round_lines(P3, "Ana", list(zip(prizes, rotation(P3))), lowest=True)
    res = kit.play(rs, P3, [round1, ["K5: Ben R5, Cleo G4, Ana Y7"]], options=LOW)
    assert kit.winners(res, 1) == ["Ana"] * 8 + ["Cleo", "Ben"]
    assert all(t.lowest for t in res.rounds[0].tricks)
    assert kit.winners(res, 2) == ["Ana"]
    assert not res.rounds[1].tricks[0].lowest
    assert res.totals == expected


# -- Lowest played from hand: lowest.from_hand ----------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_from_hand_activate_starts_lowest_mode_this_trick(rs):
    # activate (unstated default): trick 1 is resolved lowest-first: G4 (Ben) takes K5 and the
    # Lowest card (0) = 5. Trick 2 stays lowest: Y2 (Cleo) takes K3.
    res = kit.play(rs, P3, [["K5: Ana Lowest, Ben G4, Cleo Y7", "K3: Ben G8, Cleo Y2, Ana R6"]], options=LOW)
    assert kit.winners(res) == ["Ben", "Cleo"]
    assert [str(c) for c in res.rounds[0].tricks[0].taken] == ["K5", "Lowest"]
    assert res.totals == {"Ana": 0, "Ben": 5, "Cleo": 3}


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_from_hand_none_does_nothing(rs):
    # none: highest still wins: Y7 (Cleo) takes K5 + Lowest = 5; then G8 (Ben) takes K3.
    res = kit.play(rs, P3, [["K5: Ana Lowest, Ben G4, Cleo Y7", "K3: Cleo Y2, Ana R6, Ben G8"]], options=LOW,
                   knobs={"lowest.from_hand": "none"})
    assert kit.winners(res) == ["Cleo", "Ben"]
    assert not any(t.lowest for t in res.rounds[0].tricks)
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 5}


# -- ties in lowest mode --------------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_ties_in_lowest_mode_burn_and_the_burner_leads(rs):
    # Trick 1: R2 and G2 tie for the lowest: burned, Ben played the last tied card and leads.
    # Trick 2: Y1 and R1 tie: burned, Ana (the later of the two) leads.
    # Trick 3: R7 and Y7 tie for the highest, which does not matter: G3 (Ben) is lowest, takes K4.
    res = kit.play(rs, P3, [[
        "Lowest K5: Ana R2, Ben G2, Cleo Y8",
        "K3: Ben G9, Cleo Y1, Ana R1",
        "K4: Ana R7, Ben G3, Cleo Y7",
    ]], options=LOW)
    assert kit.winners(res) == [None, None, "Ben"]
    assert kit.leaders(res) == ["Ana", "Ben", "Ana"]
    assert res.rounds[0].tricks[0].reason == "tie on 2 (Ana R2, Ben G2): burned"
    assert res.totals == {"Ana": 0, "Ben": 4, "Cleo": 0}


# -- the weakest bid for Thief is the highest number in lowest mode --------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_thief_victim_in_lowest_mode_is_the_highest_bid(rs):
    # Trick 1: lowest R5 (Ana) takes K5. Trick 2: lowest G1 (Ben) takes the Thief; the weakest
    # bid is now the highest number, R10 (Ana), who holds K5: Ben steals it.
    # IT: at once and mandatory; EN/JA: the right may be used at the end of this trick.
    opts = {"lowest": True, "thief": True}
    res = kit.play(rs, P4, [[
        "Lowest K5: Ana R5, Ben G6, Cleo Y7, Dev B8",
        "Thief: Ana R10, Ben G1, Cleo Y3, Dev B4; Ben steals K5 from Ana",
    ]], options=opts)
    assert kit.winners(res) == ["Ana", "Ben"]
    assert [str(s) for s in res.rounds[0].tricks[1].steals] == ["Ben steals K5 from Ana"]
    assert res.totals == {"Ana": 5 - 5, "Ben": 0 + 5, "Cleo": 0, "Dev": 0}
    # Dev (B4, neither weakest nor holding a card) is not a victim.
    errs = kit.errors(rs, P4, [[
        "Lowest K5: Ana R5, Ben G6, Cleo Y7, Dev B8",
        "Thief: Ana R10, Ben G1, Cleo Y3, Dev B4; Ben steals K5 from Dev",
    ]], options=opts)
    pool = "round" if rs == "italian" else "game"
    wrong = f"Ben steals from Dev, but the victim must be Ana (weakest bid 10 by Ana (thief.pool = {pool}))"
    assert messages(errs) == [wrong]
    assert errs[0].player == "Ben" and (errs[0].round, errs[0].trick) == (1, 2)


# -- a wrong leader under Lowest says why the lowest bidder leads ----------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_a_wrong_leader_under_lowest_names_the_lowest_bid(rs):
    # Trick 1: Lowest turns up, K5 is the prize; Dev's Y2 is the lowest bid and takes K5 + K7
    # (Cleo's black K7 is a bid too, the highest). The line for trick 2 starts with Cleo, who
    # would lead had the highest bid won.
    errs = kit.errors(rs, P4, [["Lowest K5: Ana R5, Ben G4, Cleo K7, Dev Y2", "K3: Cleo R9, Dev G9, Ana Y1, Ben B2"]],
                      options=LOW)
    assert [(e.round, e.trick, e.player) for e in errs] == [(1, 2, "Cleo")]
    assert [e.message for e in errs] == [
        "Dev leads this trick (won trick 1: lowest bid Y2 while Lowest is in "
        "play); the line starts with Cleo"]
    res = kit.play(rs, P4, [["Lowest K5: Ana R5, Ben G4, Cleo K7, Dev Y2", "K3: Dev G9, Ana Y1, Ben B2, Cleo R9"]],
                   options=LOW)
    assert kit.winners(res) == ["Dev", "Ana"] and res.totals == {"Ana": 3, "Ben": 0, "Cleo": 0, "Dev": 12}


@pytest.mark.parametrize("rs", RULESETS)
def test_a_wrong_leader_under_lowest_with_color_bids(rs):
    # Color Bids under Lowest: green is most frequent (G6, G3) and its lowest card, Ben's G3,
    # wins (centre K5 counts black once). Ana writes the next line as if she led.
    opts = {"lowest": True, "color_bids": True}
    errs = kit.errors(rs, P3, [["Lowest K5: Ana G6, Ben G3, Cleo Y1", "K3: Ana R9, Ben Y9, Cleo R1"]], options=opts)
    assert [e.message for e in errs] == [
        "Ben leads this trick (won trick 1: G3, the lowest of green (Color Bids), while Lowest is in play); "
        "the line starts with Ana"]
