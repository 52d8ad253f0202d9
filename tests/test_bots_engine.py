"""The bots ask the engine who would win a trick and which way Lowest goes (issue 33 item 2):
``resolution.winning_bids`` (the bids that win played next and last, ``resolve`` of each
hypothetical trick) and ``resolution.lowest_in_force``, which the engine asks at every trick.

By behaviour: what the default bot chooses, played through the engine's ``Game``, and what
``bids simulate`` writes, replayed by the engine, under each bundled ruleset with Color Bids
and Lowest. Then the properties of ``winning_bids`` (it is ``resolve`` asked of each card, and
plain play's properties hold for it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.core.cards import (
    BLACK,
    DOUBLE_CARD,
    LOWEST_CARD,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    Card,
    cards,
)
from bidscli.engine.replay import (
    Game,
    StealChoice,
    lowest_in_force,
    replay,
    resolve,
    right_ends,
    winning_bids,
)
from bidscli.log.reader import Steal, read_log_text
from bidscli.rules.ruleset import BUNDLED, load_ruleset
from bidscli.sim import bots as B
from bidscli.sim.deal import deal_text, default_names, make_deal
from tests.test_resolve import NAMES, NUMBERED, RULES, tricks

P4 = ("Ana", "Ben", "Cleo", "Dev")
COLOUR_LOWEST = {"color_bids": True, "lowest": True}


def view(ruleset: str, plays: str, hand: str, centre: str, lowest: bool = False) -> B.Turn:
    """Dev's view, last to play trick 1 of 10 (so not yet playing for the lucky loser)."""
    zero = dict.fromkeys(P4, 0)
    return B.Turn("Dev", P4, cards(hand), Card.parse(centre), False, tuple(zip(P4, cards(plays))), "Ana", 1, 10, 1,
                  None, lowest, zero, zero, {p: () for p in P4}, zero, load_ruleset(ruleset).knobs, COLOUR_LOWEST)


def engine_trick(ruleset: str, plays: str, last: Card, centre: str):
    """The trick played through the engine's Game: a round written at the table (no deal)."""
    game = Game(load_ruleset(ruleset), P4, COLOUR_LOWEST)
    game.start_round(leader="Ana")
    game.start_trick([Card.parse(centre)])
    for p, c in zip(P4, [*cards(plays), last]):
        game.play(p, c)
    return game.finish_trick()


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_the_bot_and_the_engine_agree_under_color_bids_and_a_lowest_from_hand(ruleset):
    # Color Bids, a 9-point prize (K9 in the centre), Dev last to play with G2, G9 and R1.
    # Ben plays Lowest from hand (lowest.from_hand = activate): the trick goes low. Green is the
    # most frequent colour with any of Dev's green cards (G7, G3 and Dev's: three), black has
    # two (Lowest, the centre): G2 is green's lowest and wins; G9 leaves Cleo's G3 the lowest;
    # R1 leaves green and black two each, and G3 beats the K9 centre. The cheapest winner: G2.
    choice = B.default_play(view(ruleset, "G7 Lowest G3", "G2 G9 R1", "K9"), random.Random(0))
    assert choice == Card.parse("G2")
    t = engine_trick(ruleset, "G7 Lowest G3", choice, "K9")
    assert (t.winner, t.lowest) == ("Dev", True)
    # Without the Lowest (Ben's Y8), the trick goes high: green's best is Dev's G9, which wins.
    choice = B.default_play(view(ruleset, "G7 Y8 G3", "G2 G9 R1", "K9"), random.Random(0))
    assert choice == Card.parse("G9")
    t = engine_trick(ruleset, "G7 Y8 G3", choice, "K9")
    assert (t.winner, t.lowest) == ("Dev", False)


def test_lowest_is_in_force_by_the_rounds_mode_or_a_lowest_played_into_the_trick():
    for ruleset in BUNDLED:
        k = load_ruleset(ruleset).knobs
        table = tuple(zip(P4, cards("R5 Lowest G4")))
        assert lowest_in_force(False, table, k)  # lowest.from_hand = activate in every bundled ruleset
        assert lowest_in_force(True, table[:1], k)
        assert not lowest_in_force(False, table[:1], k)
        other = load_ruleset(ruleset).with_knobs({"lowest.from_hand": "none"}, origin="test").knobs
        assert not lowest_in_force(False, table, other)


def _hands_in_play(deal_round, tricks_before) -> dict[str, set[Card]]:
    hands = {p: set(h) for p, h in deal_round.hands.items()}
    for t in tricks_before:
        for p, c in t.plays:
            hands[p].discard(c)
    return hands


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_what_simulate_writes_the_last_bot_wins_whenever_the_engine_says_it_can(ruleset):
    # The default bot, last to play a trick worth points early in a round, plays the cheapest card
    # that wins. In the log simulate writes, replayed by the engine: whenever one of its cards
    # wins that trick (the engine's resolution of the trick with that card), the bot won it.
    rs = load_ruleset(ruleset)
    k = rs.knobs
    checked = 0
    for seed in range(6):
        deal = make_deal(rs, default_names(4), COLOUR_LOWEST, seed=seed)
        deal_log, _ = read_log_text(deal_text(deal), "deal.toml")
        text, _ = B.simulate_log(deal_log, rs, ruleset, {}, ["default"] * 4, seed)
        log, errors = read_log_text(text, "game.toml")
        assert not errors
        result = replay(log, rs, {})
        assert result is not None
        for rd, rnd in zip(log.rounds, result.rounds):
            for i, (rec, t) in enumerate(zip(rd.tricks, rnd.tricks)):
                *before, (last, played) = t.plays
                black = [c for _, c in before if c.colour == BLACK]
                if (t.number > len(rnd.tricks) - 3 or t.hidden or t.centre is None or t.centre.number is None
                        or played is LOWEST_CARD or any(c.special is not None and c is not LOWEST_CARD for c in black)
                        or SURPRISE_CARD in (c for _, c in t.plays)):
                    continue  # the lucky-loser end of a round, a hidden or special prize, specials' worth
                hand = _hands_in_play(rd, rd.tricks[:i])[last]
                mode = lowest_in_force(t.lowest, before, k)
                can = [c for c in hand if resolve((*before, (last, c)), t.centre, k, mode, True, t.leader, log.players,
                                                  False).winner == last]
                if can:
                    checked += 1
                    assert t.winner == last, (seed, rnd.number, t.number, rec.text, sorted(map(str, can)))
    assert checked >= 20  # the situation is common: the test checks something


# -- winning_bids: resolve asked of each card --------------------------------------------------

resolving = settings(max_examples=300)


@resolving
@given(tricks(), RULES, st.booleans(), st.booleans(), st.data())
def test_winning_bids_are_the_cards_with_which_resolve_names_the_player(trick, k, lowest, colour, data):
    table, prize = trick
    *before, (me, _) = table
    on_table = {c for _, c in before}
    hand = data.draw(st.lists(st.sampled_from([c for c in NUMBERED + [DOUBLE_CARD, MINUS_FIVE_CARD]
                                               if c not in on_table]), max_size=8, unique=True))
    won = winning_bids(before, me, hand, prize, k, lowest, colour, "Ana", NAMES[:len(table)])
    mode = lowest_in_force(lowest, before, k)
    assert won == [c for c in hand if resolve((*before, (me, c)), prize, k, mode, colour, "Ana", NAMES[:len(table)],
                                              False).winner == me]


@resolving
@given(tricks(), RULES, st.data())
def test_plain_play_a_winning_bid_beats_every_bid_on_the_table_and_a_tie_never_wins(trick, k, data):
    table, prize = trick
    *before, (me, _) = table
    on_table = [c for _, c in before if c.number is not None]
    lowest = data.draw(st.booleans())
    hand = data.draw(st.lists(st.sampled_from([c for c in NUMBERED if c not in on_table]), max_size=8, unique=True))
    won = winning_bids(before, me, hand, prize, k, lowest, False)
    mode = lowest_in_force(lowest, before, k)
    for c in won:
        assert c.number is not None
        assert all((c.number < x.number) if mode else (c.number > x.number) for x in on_table)
    for c in hand:
        if any(c.number == x.number for x in on_table):
            assert c not in won  # a tie on the best bid burns; an equal lower bid is beaten already


@pytest.mark.parametrize("ruleset", BUNDLED)
@pytest.mark.parametrize("lasts", ["round", "game"])
def test_a_deferred_right_is_spent_before_the_engine_ends_it(ruleset, lasts):
    # A 3-point card on offer at the last trick of round 1 of 3: the default bot spends a right on
    # so little only when the right ends there unused (thief.right_lasts = round: the engine's
    # right_ends, which scoring.end_round asks); at the last trick of the game it always does.
    knobs = load_ruleset(ruleset).with_knobs({"thief.right_lasts": lasts}, origin="test").knobs
    small = StealChoice("Dev", {"Ana": cards("K3")}, False, False, "test")
    last_trick = view(ruleset, "G7 Y8 G3", "G2", "K9")._replace(trick=10, rounds=3, knobs=knobs)
    spent = B.default_steal(last_trick, small, random.Random(0))
    assert (spent is not None) == (lasts == "round") == right_ends(knobs, True, False)
    assert B.default_steal(last_trick._replace(round=3), small, random.Random(0)) == Steal("Dev", Card.parse("K3"),
                                                                                          "Ana")
    assert B.default_steal(last_trick._replace(trick=9), small, random.Random(0)) is None  # the round goes on
