"""Trick resolution as one pure function (``engine.resolution.resolve``): who wins a trick
from the plays, the prize and the knobs, plain and Color Bids, with Lowest or not.

Hand-worked cases under each bundled ruleset (rules.md 3.3-3.5, 'Color Bids'; the EN and IT
worked examples), then properties that do not restate the rule: a tie on the best bid
burns; under Lowest no higher bid wins; the winner's bid is among the plays; Color Bids
with one colour resolves as plain play.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.core.cards import (
    ALLY_CARD,
    COLOURS,
    DOUBLE_CARD,
    LOWEST_CARD,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    THIEF_CARD,
    Card,
    black_number,
    coloured,
)
from bidscli.engine.resolution import resolve
from bidscli.rules.ruleset import load_ruleset

RULESETS = ["italian", "english", "japanese"]
P3 = ("Ana", "Ben", "Cleo")
P4 = ("Ana", "Ben", "Cleo", "Dev")


def plays(text: str, players=P4) -> tuple:
    return tuple(zip(players, map(Card.parse, text.split())))


def knobs(rs: str, **changes):
    ruleset = load_ruleset(rs)
    if changes:
        ruleset = ruleset.with_knobs({k.replace("__", "."): v for k, v in changes.items()}, origin="test")
    return ruleset.knobs


# -- hand-worked cases ------------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_the_highest_bid_wins_and_leads(rs):
    # rules.md 3.3: R5, G4, K7 for the K5: Cleo's K7 is the highest bid.
    r = resolve(plays("R5 G4 K7", P3), Card.parse("K5"), knobs(rs))
    assert (r.winner, r.next_leader, r.reason, r.burn) == ("Cleo", "Cleo", "highest bid K7", None)
    assert [x.text for x in r.reasons] == ["highest bid K7 by Cleo"]


@pytest.mark.parametrize("rs", RULESETS)
def test_a_tie_on_the_best_bid_burns_and_the_last_tied_bidder_leads(rs):
    # rules.md 3.4: R10 and G10 tie above Y3: burned; Ben played the last tied card and leads.
    r = resolve(plays("R10 G10 Y3", P3), Card.parse("K5"), knobs(rs))
    assert (r.winner, r.next_leader, r.burn) == (None, "Ben", "tie")
    assert r.reason == "tie on 10 (Ana R10, Ben G10): burned"
    assert [x.text for x in r.reasons] == [
        "tie for the highest bid 10 (Ana R10, Ben G10): burned; Ben played the last tied card and leads "
        "(the burner is the turner, IT and EN)"]


@pytest.mark.parametrize("rs", RULESETS)
def test_under_lowest_the_lowest_bid_wins(rs):
    r = resolve(plays("R5 G4 K7", P3), Card.parse("K5"), knobs(rs), lowest=True)
    assert (r.winner, r.reason) == ("Ben", "lowest bid G4 (Lowest)")
    assert r.reasons[0].knob == "lowest.reveal"
    r = resolve(plays("R2 G9 Y2 B6"), None, knobs(rs), lowest=True)  # a tie on the lowest bid burns
    assert (r.winner, r.next_leader, r.reason) == (None, "Cleo", "tie on 2 (Ana R2, Cleo Y2): burned")


@pytest.mark.parametrize("rs", RULESETS)
def test_special_cards_and_the_ally_are_not_bids(rs):
    # specials.bid: Ally, Surprise and Thief are not bids: Ben's R3 is the only bid and wins.
    r = resolve(plays("Ally R3 Surprise Thief"), Card.parse("K5"), knobs(rs))
    assert (r.winner, r.next_leader) == ("Ben", "Ben")
    # No bid at all: burned, and the leader leads again.
    r = resolve(plays("Ally -5 Surprise Thief"), Card.parse("K5"), knobs(rs), leader="Ana")
    assert (r.winner, r.next_leader, r.burn, r.reason) == (None, "Ana", "no_bid", "no bid on the table: burned")
    assert r.reasons[0].knob == "specials.bid"


@pytest.mark.parametrize("rs", RULESETS)
def test_color_bids_the_most_frequent_colour_wins(rs):
    # EN "Color Bids": R5, G4, Y7, G5 for the K3: green twice (black once, the centre): G5 wins.
    r = resolve(plays("R5 G4 Y7 G5"), Card.parse("K3"), knobs(rs), colour_bids=True)
    assert (r.winner, r.reason) == ("Dev", "Color Bids: G5 best of green")
    assert r.reasons[0].knob == "color_bids.mode"
    assert r.reasons[0].text == ("Color Bids (majority_first): green 2 (G4, G5), red 1 (R5), yellow 1 (Y7), "
                                 "black 1 (K3 centre); most frequent: green (best G5): Dev wins with G5")


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize("burn_leader, leads", [("same", "Ana"), ("next", "Ben")])
def test_color_bids_the_centre_card_can_be_best_and_burn(rs, burn_leader, leads):
    # EN: the K8 in the centre; R5, G4, G7, K5: black 2 (K8, K5), green 2: the best is K8, the
    # centre: nobody wins; color_bids.center_burn_leader says who leads.
    r = resolve(plays("R5 G4 G7 K5"), Card.parse("K8"), knobs(rs, color_bids__center_burn_leader=burn_leader),
                colour_bids=True, leader="Ana", seating=P4)
    assert (r.winner, r.next_leader, r.burn) == (None, leads, "centre")
    assert r.reason == "Color Bids: the centre card K8 is best: burned"
    assert [x.knob for x in r.reasons] == ["color_bids.center_can_win", "color_bids.center_burn_leader"]


@pytest.mark.parametrize("rs", RULESETS)
def test_color_bids_under_lowest_and_a_colour_tie(rs):
    # Lowest: green twice again, and its lowest card wins: Ben's G4.
    r = resolve(plays("R5 G4 Y7 G5"), Card.parse("K3"), knobs(rs), lowest=True, colour_bids=True)
    assert (r.winner, r.reason) == ("Ben", "Color Bids: G4 best of green")
    # Red twice and green twice, both best at 9: a tie, burned; of the tied cards (R9, G9) Ben
    # played the last, and leads.
    r = resolve(plays("R9 G9 R2 G3"), None, knobs(rs), colour_bids=True)
    assert (r.winner, r.next_leader, r.burn, r.reason) == (None, "Ben", "tie", "Color Bids: tie R9 and G9: burned")


@pytest.mark.parametrize("rs", RULESETS)
def test_color_bids_number_first_mode(rs):
    # color_bids.mode = number_first: the highest number first, its colour's count breaks a tie.
    k = knobs(rs, color_bids__mode="number_first")
    r = resolve(plays("R5 G4 Y7 G5"), Card.parse("K3"), k, colour_bids=True)
    assert r.winner == "Cleo"  # Y7 is the highest number
    r = resolve(plays("R7 G7 G2 B1"), None, k, colour_bids=True)
    assert r.winner == "Ben"  # 7 twice: green appears twice


def test_without_explanations_the_verdict_stays():
    r = resolve(plays("R5 G4 K7", P3), Card.parse("K5"), knobs("english"), explain=False)
    assert (r.winner, r.reason, r.reasons) == ("Cleo", "highest bid K7", ())


# -- properties -------------------------------------------------------------------------

NUMBERED = [coloured(c, n) for c in COLOURS for n in range(1, 15)] + [black_number(n) for n in range(1, 15)]
SPECIALS = [ALLY_CARD, DOUBLE_CARD, LOWEST_CARD, MINUS_FIVE_CARD, SURPRISE_CARD, THIEF_CARD]
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eva", "Finn")


@st.composite
def tricks(draw, pool=NUMBERED + SPECIALS):
    n = draw(st.integers(3, 6))
    cards = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    prize = draw(st.none() | st.sampled_from([black_number(n) for n in range(1, 15)]))
    return tuple(zip(NAMES, cards)), prize


resolving = settings(max_examples=300)
RULES = st.sampled_from(RULESETS).map(knobs)


@resolving
@given(tricks(), RULES, st.booleans(), st.booleans())
def test_a_tie_on_the_best_bid_burns(trick, k, lowest, colour):
    table, prize = trick
    r = resolve(table, prize, k, lowest, colour, "Ana", NAMES[:len(table)])
    if not colour:
        numbers = [c.number for _, c in table if c.number is not None]
        if numbers:
            best = min(numbers) if lowest else max(numbers)
            assert (r.winner is None) == (numbers.count(best) > 1)
    if r.burn == "tie":
        assert r.winner is None and r.next_leader in dict(table)


@resolving
@given(tricks(), RULES, st.booleans())
def test_under_lowest_no_higher_bid_ever_wins(trick, k, colour):
    table, prize = trick
    r = resolve(table, prize, k, True, colour, "Ana", NAMES[:len(table)])
    if r.winner is not None:
        won = dict(table)[r.winner]
        same = [c for _, c in table if c.number is not None and (not colour or c.colour == won.colour)]
        assert all(won.number < c.number for c in same if c is not won)


@resolving
@given(tricks(), RULES, st.booleans(), st.booleans())
def test_the_winners_bid_is_among_the_plays(trick, k, lowest, colour):
    table, prize = trick
    r = resolve(table, prize, k, lowest, colour, "Ana", NAMES[:len(table)])
    assert r.burn is None or r.winner is None
    if r.winner is not None:
        assert r.next_leader == r.winner
        assert dict(table)[r.winner].number is not None  # a bid, never a special card or the Ally
    else:
        assert r.burn in ("no_bid", "tie", "centre")


@resolving
@given(st.sampled_from(COLOURS), st.data(), RULES, st.booleans())
def test_color_bids_with_one_colour_is_plain(colour, data, k, lowest):
    cards = [c for c in NUMBERED if c.colour == colour] + [ALLY_CARD]
    table, _ = data.draw(tricks(cards))
    plain = resolve(table, None, k, lowest, False, "Ana", NAMES[:len(table)])
    coloured_ = resolve(table, None, k, lowest, True, "Ana", NAMES[:len(table)])
    assert (coloured_.winner, coloured_.next_leader) == (plain.winner, plain.next_leader)
