"""Thief (rules.md "Thief"): timing, duty, first chance, pool, fallback, ties,
the holder, -5 and 2x steals, round points, lucky loser, how long a right
lasts, illegal steals, and Thief with Color Bids. Every knob at each value,
under each bundled ruleset (a knob override where the ruleset says otherwise).

IT "Carta Ladro": the winner of the trick where the Thief appears must steal a
black card, won earlier in that round, from the lowest bidder of that trick;
if that player has none, from the best bidder who has one; tied lowest bids:
the thief chooses; not compatible with Color Bids. EN "Thief card": the winner
has the right to steal a black card another player has already won, at the end
of any turn after winning it, at most once, only from the lowest bidder.
"""

import pytest

from bidscli.core.errors import RulesetError

from . import kit
from .trickline import rotation, round_lines

RULESETS = ["italian", "english", "japanese"]
P4 = ["Ana", "Ben", "Cleo", "Dev"]
P6 = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Fay"]
THIEF = {"thief": True}
POOL = {"italian": "round", "english": "game", "japanese": "game"}
# Knobs that make each ruleset use the EN deferred, optional right / the IT immediate duty.
DEFERRED = {"thief.timing": "deferred", "thief.mandatory": False}
IMMEDIATE = {"thief.timing": "immediate", "thief.mandatory": True}

# Trick 1: Y7 (Cleo) takes K5. Trick 2: Cleo leads, G6 (Ben) takes K3; Ben leads trick 3.
OPENING = ["K5: Ana R5, Ben G4, Cleo Y7, Dev B1", "K3: Cleo Y1, Dev B3, Ana R2, Ben G6"]
# Trick 3: G10 (Ben) takes the Thief; the weakest bid is Y2 (Cleo), who holds K5.
THIEF_TRICK = "Thief: Ben G10, Cleo Y2, Dev B8, Ana R3"


def messages(errs):
    return [e.message for e in errs]


def steals(res, rnd=1):
    return [[str(s) for s in t.steals] for t in res.rounds[rnd - 1].tricks]


# -- thief.timing ---------------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_immediate_steal_at_once_from_the_weakest_bidder(rs):
    # IT: Ben steals K5 from Cleo (Y2) at the end of the Thief trick: Ben 3 + 5, Cleo 5 - 5.
    knobs = None if rs == "italian" else IMMEDIATE
    res = kit.play(rs, P4, [OPENING + [THIEF_TRICK + "; Ben steals K5 from Cleo"]], options=THIEF, knobs=knobs)
    assert kit.winners(res) == ["Cleo", "Ben", "Ben"]
    assert steals(res) == [[], [], ["Ben steals K5 from Cleo"]]
    assert res.rounds[0].tricks[2].running == {"Ana": 0, "Ben": 8, "Cleo": 0, "Dev": 0}
    assert res.totals == {"Ana": 0, "Ben": 3 + 5, "Cleo": 5 - 5, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_immediate_steal_cannot_wait_for_a_later_trick(rs):
    # Trick 4 (Ben leads): G9 (Ben) takes K2; the weakest bid is Y3 (Cleo) again.
    knobs = {**IMMEDIATE, "thief.mandatory": False}
    if rs == "italian":
        knobs = {"thief.mandatory": False}
    errs = kit.errors(rs, P4, [OPENING + [THIEF_TRICK, "K2: Ben G9, Cleo Y3, Dev B5, Ana R4; Ben steals K5 from Cleo"]],
                      options=THIEF, knobs=knobs)
    assert messages(errs) == ["Ben steals K5 from Cleo, but Ben has no Thief to use at this trick"]
    assert (errs[0].trick, errs[0].player) == (4, "Ben")


# Deferred: trick 3 the weakest bid is Ana's R3 (she holds nothing): no steal. Trick 4 (Ben
# leads): G9 and B9 tie, burned; Dev leads next. Its weakest bid is Y3 (Cleo, holds K5): Ben
# uses his right at the end of the burned trick (fine print). Trick 5 (Dev leads): B10 takes K4.
DEFERRED_GAME = OPENING + [
    "Thief: Ben G10, Cleo Y8, Dev B6, Ana R3",
    "K2: Ben G9, Cleo Y3, Dev B9, Ana R6; Ben steals K5 from Cleo",
    "K4: Dev B10, Ana R7, Ben G1, Cleo Y2",
]


@pytest.mark.parametrize("rs", RULESETS)
def test_deferred_right_used_at_a_later_burned_trick(rs):
    knobs = DEFERRED if rs == "italian" else None
    res = kit.play(rs, P4, [DEFERRED_GAME], options=THIEF, knobs=knobs)
    assert kit.winners(res) == ["Cleo", "Ben", "Ben", None, "Dev"]
    assert kit.leaders(res) == ["Ana", "Cleo", "Ben", "Ben", "Dev"]
    assert steals(res) == [[], [], [], ["Ben steals K5 from Cleo"], []]
    # Ben 3 + 0 + 5 = 8; Cleo 5 - 5 = 0; Dev K4 = 4.
    assert res.totals == {"Ana": 0, "Ben": 8, "Cleo": 0, "Dev": 4}


@pytest.mark.parametrize("rs", RULESETS)
def test_deferred_right_is_used_at_most_once(rs):
    knobs = DEFERRED if rs == "italian" else None
    lines = DEFERRED_GAME[:-1] + ["K4: Dev B10, Ana R7, Ben G1, Cleo Y2; Ben steals K3 from Dev"]
    errs = kit.errors(rs, P4, [lines], options=THIEF, knobs=knobs)
    assert messages(errs) == ["Ben steals K3 from Dev, but Ben has no Thief to use at this trick"]
    assert errs[0].trick == 5


@pytest.mark.parametrize("rs", RULESETS)
def test_a_burned_thief_trick_gives_no_steal(rs):
    # IT explicit: G10 and B10 tie, nobody wins the Thief, nobody steals.
    for knobs in (None, DEFERRED, IMMEDIATE):
        errs = kit.errors(rs, P4, [OPENING + ["Thief: Ben G10, Cleo Y2, Dev B10, Ana R3; Ben steals K5 from Cleo"]],
                          options=THIEF, knobs=knobs)
        assert messages(errs) == ["Ben steals K5 from Cleo, but Ben has no Thief to use at this trick"]


# -- thief.mandatory ----------------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_mandatory_steal_left_out_is_an_error(rs):
    knobs = None if rs == "italian" else {"thief.mandatory": True}
    errs = kit.errors(rs, P4, [OPENING + [THIEF_TRICK]], options=THIEF, knobs=knobs)
    assert messages(errs) == [
        f"Ben must steal from Cleo (weakest bid 2 by Cleo (thief.pool = {POOL[rs]}); thief.mandatory = true)"]
    assert (errs[0].trick, errs[0].player) == (3, "Ben")
    # Writing "passes" does not make it optional.
    errs = kit.errors(rs, P4, [OPENING + [THIEF_TRICK + "; Ben passes"]], options=THIEF, knobs=knobs)
    assert len(errs) == 1 and errs[0].message.startswith("Ben must steal from Cleo")


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize("action", ["", "; Ben passes"])
def test_optional_steal_may_pass(rs, action):
    knobs = {"thief.mandatory": False} if rs == "italian" else None
    res = kit.play(rs, P4, [OPENING + [THIEF_TRICK + action]], options=THIEF, knobs=knobs)
    assert steals(res) == [[], [], []]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 5, "Dev": 0}


# -- thief.first_chance ----------------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_first_chance_same_trick(rs):
    knobs = {**DEFERRED, "thief.first_chance": "same_trick"}
    res = kit.play(rs, P4, [OPENING + [THIEF_TRICK + "; Ben steals K5 from Cleo"]], options=THIEF, knobs=knobs)
    assert steals(res)[2] == ["Ben steals K5 from Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 8, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_first_chance_next_trick(rs):
    knobs = {**DEFERRED, "thief.first_chance": "next_trick"}
    errs = kit.errors(rs, P4, [OPENING + [THIEF_TRICK + "; Ben steals K5 from Cleo"]], options=THIEF, knobs=knobs)
    assert messages(errs) == ["Ben steals K5 from Cleo, but Ben has no Thief to use at this trick"]
    # Trick 4 (Ben leads): G9 takes K2; weakest Y3 (Cleo): Ben 3 + 2 + 5 = 10.
    res = kit.play(rs, P4, [OPENING + [THIEF_TRICK, "K2: Ben G9, Cleo Y3, Dev B5, Ana R4; Ben steals K5 from Cleo"]],
                   options=THIEF, knobs=knobs)
    assert steals(res) == [[], [], [], ["Ben steals K5 from Cleo"]]
    assert res.totals == {"Ana": 0, "Ben": 10, "Cleo": 0, "Dev": 0}


# -- full first rounds: thief.pool, thief.right_lasts, the lucky loser --------------------------

# Round 1 by rotation (seat s plays colour s, number t+s+1 mod 10), Ana leads: B (Dev) takes
# tricks 1-7, Y10 (Cleo) trick 8, G10 (Ben) trick 9, R10 (Ana) trick 10. Trick 9's weakest bid
# is Y1 (Cleo); trick 10's is G1 (Ben himself).
ROUND1_PRIZES = ["K1", "K2", "K3", "K4", "K6", "K7", "K8", "K5"]  # Dev: 1+2+3+4+6+7+8 = 31, Cleo: 5


def round1(ninth, actions9=""):
    tricks = [(p, c) for p, c in zip(ROUND1_PRIZES + [ninth, "K9"], rotation(P4))]
    tricks[8] = (ninth, tricks[8][1], actions9)
    return round_lines(P4, "Ana", tricks)


# Round 2, Ben leads (game.first_leader = rotate): G10 (Ben) wins; the weakest bid is Y2 (Cleo),
# who holds only K5, won in round 1.
def round2(prize, action):
    return [f"{prize}: Ben G10, Cleo Y2, Dev B8, Ana R3; {action}"]


@pytest.mark.parametrize("rs", RULESETS)
def test_pool_game_steals_a_card_won_in_an_earlier_round(rs):
    # Round 1: Ana 9 (trick 10), Ben 10 (K10, trick 9), Cleo 5, Dev 31. Round 2: Ben takes the
    # Thief and K5 from Cleo: the 5 moves from Cleo's round-2 points to Ben's (Cleo's round 1
    # stays 5). IT: at once and mandatory; EN/JA: the right, same trick.
    knobs = {"thief.pool": "game"}
    res = kit.play(rs, P4, [round1("K10"), round2("Thief", "Ben steals K5 from Cleo")], options=THIEF, knobs=knobs)
    assert kit.winners(res, 1) == ["Dev"] * 7 + ["Cleo", "Ben", "Ana"]
    assert res.rounds[0].scores == {"Ana": 9, "Ben": 10, "Cleo": 5, "Dev": 31}
    assert steals(res, 2) == [["Ben steals K5 from Cleo"]]
    assert res.rounds[1].scores == {"Ana": 0, "Ben": 5, "Cleo": -5, "Dev": 0}
    assert res.totals == {"Ana": 9, "Ben": 15, "Cleo": 0, "Dev": 31}


@pytest.mark.parametrize("rs", RULESETS)
def test_pool_round_cannot_take_a_card_of_an_earlier_round(rs):
    errs = kit.errors(rs, P4, [round1("K10"), round2("Thief", "Ben steals K5 from Cleo")], options=THIEF,
                      knobs={"thief.pool": "round"})
    if rs == "italian":
        # Immediate: nobody holds a card won this round, so the fallback finds nobody either.
        why = "no bidder holds a black card to take (thief.fallback = strongest_with_cards)"
    else:
        why = "the weakest bidder (Cleo) holds no black card to take (thief.pool = round)"
    assert messages(errs) == [f"Ben cannot steal here: {why}"]
    assert (errs[0].round, errs[0].trick) == (2, 1)


@pytest.mark.parametrize("rs", RULESETS)
def test_right_lasts_game(rs):
    # Ben wins the Thief at trick 9 of round 1 and passes (Cleo's K5 was there to take); trick
    # 10's weakest bid is his own. Round 2: G10 takes K2 and Ben uses the right on Cleo's K5.
    # Round 1: Ana 9, Ben 0 (the Thief), Cleo 5, Dev 31; no lucky loser (Ben holds the Thief).
    # Round 2: Ben 2 + 5 = 7, Cleo -5.
    knobs = {**DEFERRED, "thief.pool": "game", "thief.right_lasts": "game"}
    res = kit.play(rs, P4, [round1("Thief", "Ben passes"), round2("K2", "Ben steals K5 from Cleo")],
                   options=THIEF, knobs=knobs)
    assert res.rounds[0].scores == {"Ana": 9, "Ben": 0, "Cleo": 5, "Dev": 31}
    assert res.rounds[1].scores == {"Ana": 0, "Ben": 7, "Cleo": -5, "Dev": 0}
    assert res.totals == {"Ana": 9, "Ben": 7, "Cleo": 0, "Dev": 31}


@pytest.mark.parametrize("rs", RULESETS)
def test_right_lasts_round(rs):
    knobs = {**DEFERRED, "thief.pool": "game", "thief.right_lasts": "round"}
    errs = kit.errors(rs, P4, [round1("Thief", "Ben passes"), round2("K2", "Ben steals K5 from Cleo")],
                      options=THIEF, knobs=knobs)
    # The message says why the round-1 right is gone (rules.md leaves its lifetime open).
    assert messages(errs) == ["Ben steals K5 from Cleo, but Ben has no Thief to use at this trick (an unused "
                              "right from an earlier round ends with its round: thief.right_lasts = round)"]
    assert (errs[0].round, errs[0].trick) == (2, 1)


@pytest.mark.parametrize("rs,cleo_round1", [
    # Ben steals K5, Cleo's only black card, at trick 9. EN/JA no_black_cards: Cleo ends the
    # round holding none: lucky loser, 8 at 4 players. IT no_tricks: Cleo won trick 8: nothing.
    ("italian", 0), ("english", 0 + 8), ("japanese", 0 + 8),
])
def test_a_steal_makes_the_victim_a_lucky_loser_under_no_black_cards(rs, cleo_round1):
    res = kit.play(rs, P4, [round1("Thief", "Ben steals K5 from Cleo")], options=THIEF)
    assert steals(res)[8] == ["Ben steals K5 from Cleo"]
    assert res.rounds[0].lucky_losers == ({} if rs == "italian" else {"Cleo": 8})
    assert res.totals == {"Ana": 9, "Ben": 5, "Cleo": cleo_round1, "Dev": 31}


@pytest.mark.parametrize("rs", ["english", "japanese"])
def test_without_the_steal_cleo_is_no_lucky_loser(rs):
    res = kit.play(rs, P4, [round1("Thief", "Ben passes")], options=THIEF)
    assert res.rounds[0].lucky_losers == {}
    assert res.totals == {"Ana": 9, "Ben": 0, "Cleo": 5, "Dev": 31}


# -- thief.fallback (immediate only) --------------------------------------------------------

# Trick 1: Y7 (Cleo) takes K5. Trick 2: B3 (Dev) takes K2. Trick 3: G6 (Ben) takes K3.
# Trick 4: G10 (Ben) takes the Thief; bids 10 (Ben), 8 (Dev, holds K2), 6 (Cleo, holds K5),
# 4 (Ana, holds nothing).
FALLBACK = [
    "K5: Ana R5, Ben G4, Cleo Y7, Dev B1",
    "K2: Cleo Y1, Dev B3, Ana R2, Ben G1",
    "K3: Dev B4, Ana R3, Ben G6, Cleo Y2",
    "Thief: Ben G10, Cleo Y6, Dev B8, Ana R4",
]


@pytest.mark.parametrize("rs", RULESETS)
def test_fallback_strongest_with_cards(rs):
    # IT: the best bidder (the thief aside) with a card: Dev. Ben 3 + 2 = 5, Dev 0, Cleo 5.
    knobs = {**IMMEDIATE, "thief.pool": "round", "thief.fallback": "strongest_with_cards"}
    res = kit.play(rs, P4, [FALLBACK[:-1] + [FALLBACK[-1] + "; Ben steals K2 from Dev"]], options=THIEF, knobs=knobs)
    assert steals(res)[3] == ["Ben steals K2 from Dev"]
    assert res.totals == {"Ana": 0, "Ben": 5, "Cleo": 5, "Dev": 0}
    errs = kit.errors(rs, P4, [FALLBACK[:-1] + [FALLBACK[-1] + "; Ben steals K5 from Cleo"]], options=THIEF,
                      knobs=knobs)
    assert messages(errs) == [
        "Ben steals from Cleo, but the victim must be Dev (the weakest bidder has no black card; fallback to Dev "
        "(thief.fallback = strongest_with_cards))"]


@pytest.mark.parametrize("rs", RULESETS)
def test_fallback_next_weakest_with_cards(rs):
    # The next weakest bid with a card: Cleo (6). Ben 3 + 5 = 8, Cleo 0, Dev 2.
    knobs = {**IMMEDIATE, "thief.pool": "round", "thief.fallback": "next_weakest_with_cards"}
    res = kit.play(rs, P4, [FALLBACK[:-1] + [FALLBACK[-1] + "; Ben steals K5 from Cleo"]], options=THIEF, knobs=knobs)
    assert steals(res)[3] == ["Ben steals K5 from Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 8, "Cleo": 0, "Dev": 2}


@pytest.mark.parametrize("rs", RULESETS)
def test_fallback_none(rs):
    # Nothing happens, even with a mandatory steal; a written steal is refused.
    knobs = {**IMMEDIATE, "thief.pool": "round", "thief.fallback": "none"}
    res = kit.play(rs, P4, [FALLBACK], options=THIEF, knobs=knobs)
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 5, "Dev": 2}
    errs = kit.errors(rs, P4, [FALLBACK[:-1] + [FALLBACK[-1] + "; Ben steals K2 from Dev"]], options=THIEF,
                      knobs=knobs)
    assert messages(errs) == [
        "Ben cannot steal here: the weakest bidder (Ana) holds no black card to take (thief.pool = round)"]


@pytest.mark.parametrize("rs", RULESETS)
def test_fallback_never_applies_to_a_deferred_right(rs):
    knobs = {**DEFERRED, "thief.fallback": "strongest_with_cards"}
    errs = kit.errors(rs, P4, [FALLBACK[:-1] + [FALLBACK[-1] + "; Ben steals K2 from Dev"]], options=THIEF,
                      knobs=knobs)
    assert messages(errs) == [
        f"Ben cannot steal here: the weakest bidder (Ana) holds no black card to take (thief.pool = {POOL[rs]})"]


# -- tied weakest bids, the holder ------------------------------------------------------------

# As FALLBACK, but trick 3 is "K3: Dev B5, ..." and the Thief trick has Y4 (Cleo, K5) and
# B4 (Dev, K2) tied for the weakest bid.
TIED = FALLBACK[:2] + ["K3: Dev B5, Ana R3, Ben G6, Cleo Y2"]


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize("action,totals", [
    ("Ben steals K5 from Cleo", {"Ana": 0, "Ben": 8, "Cleo": 0, "Dev": 2}),
    ("Ben steals K2 from Dev", {"Ana": 0, "Ben": 5, "Cleo": 5, "Dev": 0}),
])
def test_tied_weakest_bids_the_thief_chooses(rs, action, totals):
    res = kit.play(rs, P4, [TIED + [f"Thief: Ben G10, Cleo Y4, Dev B4, Ana R6; {action}"]], options=THIEF)
    assert steals(res)[3] == [action]
    assert res.totals == totals


@pytest.mark.parametrize("rs", RULESETS)
def test_tied_weakest_bid_without_a_card_drops_out(rs):
    # B4 (Dev, K2) and R4 (Ana, nothing) tie: only Dev can be the victim.
    errs = kit.errors(rs, P4, [TIED + ["Thief: Ben G10, Cleo Y8, Dev B4, Ana R4; Ben steals K5 from Cleo"]],
                      options=THIEF)
    assert messages(errs) == [
        f"Ben steals from Cleo, but the victim must be Dev (weakest bid 4 by Dev or Ana (thief.pool = {POOL[rs]}))"]
    res = kit.play(rs, P4, [TIED + ["Thief: Ben G10, Cleo Y8, Dev B4, Ana R4; Ben steals K2 from Dev"]],
                   options=THIEF)
    assert res.totals == {"Ana": 0, "Ben": 5, "Cleo": 5, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_the_holder_is_never_their_own_victim(rs):
    # Deferred: Ben holds the right (trick 3, Ana weakest with nothing). Trick 4 (Ben leads):
    # B10 (Dev) takes K2; the weakest bid is Ben's own G2: no steal at this trick.
    knobs = DEFERRED
    lines = OPENING + ["Thief: Ben G10, Cleo Y8, Dev B6, Ana R3",
                       "K2: Ben G2, Cleo Y3, Dev B10, Ana R7; Ben steals K5 from Cleo"]
    errs = kit.errors(rs, P4, [lines], options=THIEF, knobs=knobs)
    assert messages(errs) == ["Ben cannot steal here: Ben made the weakest bid: no steal at this trick"]


# -- -5 and 2x ---------------------------------------------------------------------------------

# Six players: every ruleset has -5 (IT with the minus_five option) and 2x in the deck.
SIX = {"thief": True, "minus_five": False}


@pytest.mark.parametrize("rs", RULESETS)
def test_stealing_the_minus_five_moves_minus_five(rs):
    # Trick 1: Y7 (Cleo) takes -5: Cleo -5, one -5 win. Trick 2: G14 (Ben) takes the Thief; the
    # weakest bid Y1 (Cleo) holds only the -5: Ben takes it: Cleo -5 + 5 = 0, Ben -5. The steal is
    # not a -5 win for Ben (rules.md: a stolen -5 does not count for the thief).
    opts = {"thief": True, "minus_five": rs == "italian"}
    res = kit.play(rs, P6, [[
        "-5: Ana R5, Ben G4, Cleo Y7, Dev B1, Eve R6, Fay G2",
        "Thief: Cleo Y1, Dev B3, Eve R8, Fay G9, Ana R2, Ben G14; Ben steals -5 from Cleo",
    ]], options=opts)
    assert res.rounds[0].tricks[1].steals[0].value == -5
    assert res.minus_five_wins == {"Ana": 0, "Ben": 0, "Cleo": 1, "Dev": 0, "Eve": 0, "Fay": 0}
    assert res.totals == {"Ana": 0, "Ben": -5, "Cleo": 0, "Dev": 0, "Eve": 0, "Fay": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_stealing_the_2x_moves_nothing_and_doubles_nothing(rs):
    # Trick 1: Y7 (Cleo) takes K5. Trick 2: Y14 (Cleo) takes 2x: 5 -> 10 (round and game scope
    # agree: nothing banked yet). Trick 3: G14 (Ben) takes the Thief and steals the 2x from Cleo
    # (Y1): it is worth 0, Cleo keeps 10 and Ben's 0 is not doubled. Trick 4: G13 (Ben) takes K3.
    res = kit.play(rs, P6, [[
        "K5: Ana R5, Ben G4, Cleo Y7, Dev B1, Eve R6, Fay G2",
        "2x: Cleo Y14, Dev B3, Eve R8, Fay G9, Ana R2, Ben G6",
        "Thief: Cleo Y1, Dev B4, Eve R9, Fay G10, Ana R3, Ben G14; Ben steals 2x from Cleo",
        "K3: Ben G13, Cleo Y2, Dev B5, Eve R10, Fay G11, Ana R4",
    ]], options=THIEF)
    assert res.rounds[0].tricks[2].steals[0].value == 0
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 10, "Dev": 0, "Eve": 0, "Fay": 0}


# -- illegal steals ----------------------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_illegal_steals_have_exact_messages(rs):
    def errs(action, lines=OPENING):
        return messages(kit.errors(rs, P4, [lines + [f"{THIEF_TRICK}; {action}"]], options=THIEF))

    pool = POOL[rs]
    # Wrong victim.
    assert errs("Ben steals K5 from Ana") == [
        f"Ben steals from Ana, but the victim must be Cleo (weakest bid 2 by Cleo (thief.pool = {pool}))"]
    # A card the victim does not hold.
    assert errs("Ben steals K3 from Cleo") == [
        f"Ben steals K3 from Cleo, who holds only K5 to take (thief.pool = {pool})"]
    # A steal by the wrong player (IT: Ben's mandatory steal is then missing too).
    expected = ["Cleo steals K3 from Ben, but Cleo has no Thief to use at this trick"]
    if rs == "italian":
        expected.insert(0, "Ben must steal from Cleo (weakest bid 2 by Cleo (thief.pool = round); "
                           "thief.mandatory = true)")
    assert errs("Cleo steals K3 from Ben") == expected
    # No right at all: a steal in a trick without a Thief.
    assert messages(kit.errors(rs, P4, [[OPENING[0], OPENING[1] + "; Ben steals K5 from Cleo"]], options=THIEF)) == [
        "Ben steals K5 from Cleo, but Ben has no Thief to use at this trick"]
    assert messages(kit.errors(rs, P4, [[OPENING[0], OPENING[1] + "; Ben passes"]], options=THIEF)) == [
        "Ben passes, but has no steal to pass on at this trick"]


# -- thief.with_color_bids ------------------------------------------------------------------


def test_italian_refuses_thief_with_color_bids():
    with pytest.raises(RulesetError) as exc:
        kit.play("italian", P4, [["K5: Ana R5, Ben G4, Cleo Y7, Dev G5"]], options={"thief": True, "color_bids": True})
    assert exc.value.message == (
        'Thief is not compatible with Color Bids under italian (knob thief.with_color_bids = "refuse"; '
        'IT "Carta Ladro": not compatible with the "Colore delle offerte" option)')
    errs = kit.errors("italian", P4, [["K5: Ana R5, Ben G4, Cleo Y7, Dev G5"]],
                      options={"thief": True, "color_bids": True})
    assert [type(e) for e in errs] == [RulesetError]


@pytest.mark.parametrize("rs,knobs", [
    ("english", None), ("japanese", None), ("italian", {"thief.with_color_bids": "allow"})])
def test_thief_with_color_bids_allowed(rs, knobs):
    # Trick 1: green counts 2 (G4, G5): G5 (Dev) takes K5. Trick 2 (Dev leads): red counts 2
    # (R9, R3): R9 (Ana) takes the Thief. The weakest bid is the lowest number, colour aside:
    # G1 (Dev), who holds K5: Ana steals it (IT: at once, mandatory).
    res = kit.play(rs, P4, [[
        "K5: Ana R5, Ben G4, Cleo Y7, Dev G5",
        "Thief: Dev G1, Ana R9, Ben R3, Cleo Y8; Ana steals K5 from Dev",
    ]], options={"thief": True, "color_bids": True}, knobs=knobs)
    assert kit.winners(res) == ["Dev", "Ana"]
    assert res.totals == {"Ana": 5, "Ben": 0, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_steal_from_oneself_and_two_actions_for_one_thief(rs):
    def errs(action):
        return messages(kit.errors(rs, P4, [OPENING + [f"{THIEF_TRICK}; {action}"]], options=THIEF))

    assert errs("Ben steals K3 from Ben") == [
        "Ben steals from Ben: the holder of the Thief is never their own victim"]
    assert errs("Ben steals K5 from Cleo; Ben passes") == [
        "'Ben passes' after 'Ben steals K5 from Cleo': one Thief gives one steal or pass at a trick"]
    expected = ["'Ben steals K5 from Cleo' after 'Ben passes': one Thief gives one steal or pass at a trick"]
    if rs == "italian":
        expected.insert(0, "Ben must steal from Cleo (weakest bid 2 by Cleo (thief.pool = round); "
                           "thief.mandatory = true)")
    assert errs("Ben passes; Ben steals K5 from Cleo") == expected


# -- the Thief at a trick whose hidden prize is Lowest (issue 22) ---------------------------------
# A revealed Surprise hides Lowest: the trick is still played highest-wins, and a won hidden Lowest
# starts lowest-wins mode from the next trick (rules.md "Lowest", FINE PRINT). Its weakest bid, for
# a steal at the end of that trick, is its lowest number: the mode the trick was resolved in
# (rules.md "Thief": "the weakest bid of the trick concerned"), not the mode the award switched on.

LOW_SUR_THIEF = {"lowest": True, "surprise": True, "thief": True}
# Trick 1: R10 (Ana) takes K5. Trick 2 (Ana leads): R9 (Ben) wins the hidden Lowest and Dev's Thief
# (0 + 0); the weakest bid is R3 (Ana), who holds K5. Trick 3 (Ben leads), lowest-wins: Y1 (Cleo)
# takes K7.
HIDDEN_LOWEST = ["K5: Ana R10, Ben G4, Cleo Y7, Dev B1",
                 "Surprise Lowest: Ana R3, Ben R9, Cleo R5, Dev Thief",
                 "K7: Ben G2, Cleo Y1, Dev B3, Ana R4"]


def _hidden_lowest(action="", second=HIDDEN_LOWEST[1]):
    return [HIDDEN_LOWEST[0], second + action, HIDDEN_LOWEST[2]]


@pytest.mark.parametrize("rs", RULESETS)
def test_steal_at_a_won_hidden_lowest_takes_from_the_lowest_number(rs):
    # IT: Ben must steal at once; EN/JA: Ben's right, usable at the end of this trick
    # (thief.first_chance = same_trick). Ben 0 + 5 = 5, Ana 5 - 5 = 0, Cleo 7.
    res = kit.play(rs, P4, [_hidden_lowest("; Ben steals K5 from Ana")], options=LOW_SUR_THIEF)
    assert kit.winners(res) == ["Ana", "Ben", "Cleo"]
    assert kit.leaders(res) == ["Ana", "Ana", "Ben"]
    assert [t.lowest for t in res.rounds[0].tricks] == [False, False, True]
    assert steals(res) == [[], ["Ben steals K5 from Ana"], []]
    assert res.rounds[0].tricks[1].running == {"Ana": 0, "Ben": 5, "Cleo": 0, "Dev": 0}
    assert res.totals == {"Ana": 0, "Ben": 5, "Cleo": 7, "Dev": 0}


def test_mandatory_steal_at_a_won_hidden_lowest_names_the_lowest_number():
    # IT, the steal left out: the duty names Ana (R3), not Ben's own R9.
    errs = kit.errors("italian", P4, [_hidden_lowest()], options=LOW_SUR_THIEF)
    assert messages(errs) == ["Ben must steal from Ana (weakest bid 3 by Ana (thief.pool = round); "
                              "thief.mandatory = true)"]
    assert (errs[0].round, errs[0].trick, errs[0].player, errs[0].line) == (1, 2, "Ben", 17)


# EN analogue: Dev's deferred right (trick 1) is used at the end of trick 4, whose hidden Lowest
# R9 (Ben) wins. Trick 1: B10 (Dev) takes the Thief (Ana's R2 is the weakest; she holds nothing).
# Trick 2 (Dev leads): R10 (Ana) takes K5. Trick 3 (Ana leads): G9 (Ben) takes K6. Trick 4 (Ben
# leads): the weakest bid is R3 (Ana, K5), not R9 (Ben, K6). Trick 5 (Ben leads), lowest-wins:
# Y1 (Cleo) takes K7.
DEFERRED_AT_HIDDEN_LOWEST = [
    "Thief: Ana R2, Ben G4, Cleo Y7, Dev B10",
    "K5: Dev B1, Ana R10, Ben G5, Cleo Y6",
    "K6: Ana R1, Ben G9, Cleo Y3, Dev B2",
    "Surprise Lowest: Ben R9, Cleo R5, Dev R4, Ana R3",
    "K7: Ben G2, Cleo Y1, Dev B3, Ana R6",
]


def _deferred_at_hidden_lowest(action):
    lines = list(DEFERRED_AT_HIDDEN_LOWEST)
    lines[3] += action
    return lines


@pytest.mark.parametrize("rs", RULESETS)
def test_deferred_right_at_a_won_hidden_lowest_takes_from_the_lowest_number(rs):
    knobs = DEFERRED if rs == "italian" else None
    res = kit.play(rs, P4, [_deferred_at_hidden_lowest("; Dev steals K5 from Ana")], options=LOW_SUR_THIEF,
                   knobs=knobs)
    assert kit.winners(res) == ["Dev", "Ana", "Ben", "Ben", "Cleo"]
    assert kit.leaders(res) == ["Ana", "Dev", "Ana", "Ben", "Ben"]
    assert steals(res) == [[], [], [], ["Dev steals K5 from Ana"], []]
    # Ana 5 - 5 = 0; Ben K6 + Lowest = 6; Cleo K7; Dev Thief (0) + 5.
    assert res.totals == {"Ana": 0, "Ben": 6, "Cleo": 7, "Dev": 5}


@pytest.mark.parametrize("rs", RULESETS)
def test_deferred_right_at_a_won_hidden_lowest_refuses_the_highest_number(rs):
    knobs = DEFERRED if rs == "italian" else None
    errs = kit.errors(rs, P4, [_deferred_at_hidden_lowest("; Dev steals K6 from Ben")], options=LOW_SUR_THIEF,
                      knobs=knobs)
    assert messages(errs) == [f"Dev steals from Ben, but the victim must be Ana (weakest bid 3 by Ana "
                              f"(thief.pool = {POOL[rs] if rs != 'italian' else 'round'}))"]
    assert (errs[0].round, errs[0].trick, errs[0].player, errs[0].line) == (1, 4, "Dev", 19)


# IT fallback at a won hidden Lowest (5 players): the weakest bid R3 (Ana) holds nothing, so the
# best bidder with a black card is the victim, best as the trick was resolved (highest-wins): R8
# (Cleo, K5), not R5 (Dev, K6). Trick 1: Y10 (Cleo) takes K5. Trick 2 (Cleo leads): B10 (Dev)
# takes K6. Trick 3 (Dev leads): R9 (Ben) wins the hidden Lowest and Eve's Thief.
P5 = ["Ana", "Ben", "Cleo", "Dev", "Eve"]
FALLBACK_AT_HIDDEN_LOWEST = [
    "K5: Ana R4, Ben G3, Cleo Y10, Dev B1, Eve R1",
    "K6: Cleo Y1, Dev B10, Eve G1, Ana R2, Ben G2",
    "Surprise Lowest: Dev R5, Eve Thief, Ana R3, Ben R9, Cleo R8",
]


@pytest.mark.parametrize("rs", RULESETS)
def test_fallback_at_a_won_hidden_lowest_is_the_highest_number_with_cards(rs):
    lines = FALLBACK_AT_HIDDEN_LOWEST[:2] + [FALLBACK_AT_HIDDEN_LOWEST[2] + "; Ben steals K5 from Cleo"]
    if rs == "italian":
        res = kit.play(rs, P5, [lines], options=LOW_SUR_THIEF)
        assert kit.winners(res) == ["Cleo", "Dev", "Ben"]
        assert kit.leaders(res) == ["Ana", "Cleo", "Dev"]
        assert steals(res) == [[], [], ["Ben steals K5 from Cleo"]]
        assert res.totals == {"Ana": 0, "Ben": 5, "Cleo": 0, "Dev": 6, "Eve": 0}
        errs = kit.errors(rs, P5, [FALLBACK_AT_HIDDEN_LOWEST[:2] + [FALLBACK_AT_HIDDEN_LOWEST[2] +
                                                                    "; Ben steals K6 from Dev"]],
                          options=LOW_SUR_THIEF)
        assert messages(errs) == [
            "Ben steals from Dev, but the victim must be Cleo (the weakest bidder has no black card; fallback "
            "to Cleo (thief.fallback = strongest_with_cards))"]
        assert (errs[0].trick, errs[0].player) == (3, "Ben")
    else:
        # EN/JA: a deferred right has no fallback (thief.fallback = none): Ana holds nothing.
        errs = kit.errors(rs, P5, [lines], options=LOW_SUR_THIEF)
        assert messages(errs) == ["Ben cannot steal here: the weakest bidder (Ana) holds no black card to take "
                                  "(thief.pool = game)"]
        assert (errs[0].round, errs[0].trick, errs[0].player, errs[0].line) == (1, 3, "Ben", 19)
