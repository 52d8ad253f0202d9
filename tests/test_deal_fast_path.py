"""Issue 12: a whole deal that is right is checked in a few set operations (``game._usual_deal``).

``Game.start_round`` then leaves ``seen`` (where each card of the round is) to be built when
first asked (``Game._round_seen``), instead of checking the deal card by card in
``Game._place_deal``. Here random deals of every bundled configuration, right and spoiled (a
card replaced by any card, moved to another place, or two cards swapped), are dealt both ways:
``_usual_deal`` must accept exactly the deals ``_place_deal`` finds nothing wrong with, and the
errors and ``seen`` must be the same.
"""

from __future__ import annotations

import random

import pytest

from bench.gen import CONFIGS
from bidscli.core.errors import BidsError
from bidscli.engine import game as game_module
from bidscli.engine.game import Game
from bidscli.rules.ruleset import deck_for, load_ruleset
from tests.test_replay_paths import ALL_CARDS


def _deal(deck, players, rng):
    """A right deal, as bench/gen.py makes one: (hands, removed, pile)."""
    black = list(deck.black_deck)
    rng.shuffle(black)
    pool = deck.coloured_cards() + black[:deck.black_in_hands] + [c for c in deck.all_cards() if c.colour == "W"]
    rng.shuffle(pool)
    size = deck.hand_size
    hands = {p: tuple(pool[i * size:(i + 1) * size]) for i, p in enumerate(players)}
    return hands, tuple(pool[len(players) * size:]), tuple(black[deck.black_in_hands:])


def _spoilt(deal, rng):
    """The deal with one to three mistakes of any kind (or none, one time in five)."""
    hands, removed, pile = deal
    groups = [list(h) for h in hands.values()] + [list(removed), list(pile)]
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        g = rng.choice([g for g in groups if g] or groups)
        what = rng.randrange(3)
        if what == 0 and g:  # any card at all: twice in the round, not in the deck, black, coloured
            g[rng.randrange(len(g))] = rng.choice(ALL_CARDS)
        elif what == 1 and g:  # a card moved: two places of the wrong size
            rng.choice(groups).append(g.pop(rng.randrange(len(g))))
        else:  # two cards swapped: only the kinds of cards change places
            h = rng.choice(groups)
            if g and h:
                i, j = rng.randrange(len(g)), rng.randrange(len(h))
                g[i], h[j] = h[j], g[i]
    players = list(hands)
    return ({p: tuple(groups[i]) for i, p in enumerate(players)}, tuple(groups[-2]), tuple(groups[-1]))


def _started(ruleset, players, options, deal, usual, deck=None):
    """(errors, seen) of starting a round with ``deal``; ``usual``: whether the set checks may be used."""
    errors: list[BidsError] = []
    game = Game(ruleset, players, options, on_error=errors.append)
    if deck is not None:
        game.deck = deck  # as a diff with --lenient-deck stretches it (plan.widened_deck)
    saved = game_module._usual_deal
    if not usual:
        game_module._usual_deal = lambda *args: False
    try:
        game.start_round(hands=deal[0], removed=deal[1], pile=deal[2])
    finally:
        game_module._usual_deal = saved
    left_for_later = game.seen is None
    seen = game._round_seen()
    return [e.to_json() for e in errors], list(seen.items()), left_for_later


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_the_set_checks_accept_exactly_the_deals_without_a_mistake(config):
    name, options = CONFIGS[config]
    ruleset = load_ruleset(name)
    rng = random.Random(config)
    taken = refused = 0
    for count in (3, 4, 5, 6):
        players = [f"P{i}" for i in range(1, count + 1)]
        try:
            ruleset.check_options(options, count)
        except BidsError:
            continue  # an option refused at this player count
        deck = deck_for(ruleset, count, options)
        for _ in range(150):
            deal = _spoilt(_deal(deck, players, rng), rng)
            general = _started(ruleset, players, options, deal, usual=False)
            short = _started(ruleset, players, options, deal, usual=True)
            assert short[:2] == general[:2], deal
            # Left for later exactly when the card-by-card checks find nothing wrong.
            assert short[2] == (general[0] == []), deal
            assert not general[2]
            taken += short[2]
            refused += not short[2]
    assert taken > 100 and refused > 100, (taken, refused)


def test_each_kind_of_mistake_is_refused():
    """The set checks can fail: each mistake the card-by-card checks report is refused by them."""
    ruleset = load_ruleset("english")
    players = ["Ana", "Ben", "Cleo", "Dev"]
    deck = deck_for(ruleset, 4, {"ally": True})
    hands, removed, pile = _deal(deck, players, random.Random(1))
    assert game_module._usual_deal(deck, hands, removed, pile)
    ana = hands["Ana"]
    coloured_removed = next(c for c in removed if c.colour != "K")
    foreign = next(c for c in ALL_CARDS if c not in deck)
    wrong = {
        "a card twice": ({**hands, "Ana": (hands["Ben"][0], *ana[1:])}, removed, pile),
        "a removed card in a hand": ({**hands, "Ana": (coloured_removed, *ana[1:])}, removed, pile),
        "a card not in the deck": ({**hands, "Ana": (foreign, *ana[1:])}, removed, pile),
        "a hand too short": ({**hands, "Ana": ana[1:]}, removed + ana[:1], pile),
        "a coloured card in the pile": (hands, removed, (coloured_removed, *pile[1:])),
        "a pool card left out": ({**hands, "Ana": (pile[0], *ana[1:])}, removed, pile[1:]),
        "a removed card too many": (hands, removed + (foreign,), pile),
        "a pile card too few": (hands, removed, pile[1:]),
    }
    for why, (h, r, p) in wrong.items():
        assert not game_module._usual_deal(deck, h, r, p), why
        errors = _started(ruleset, players, {"ally": True}, (h, r, p), usual=True)[0]
        assert errors, why


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_the_hands_black_cards_are_counted(config):
    """A deck that puts fewer black cards in the hands than a right deal holds (a deck stretched
    or shrunk by a diff): the count is then the only mistake, and the set checks see it."""
    name, options = CONFIGS[config]
    ruleset = load_ruleset(name)
    rng = random.Random(config)
    players = [f"P{i}" for i in range(1, 7)]
    deck = deck_for(ruleset, 6, options)
    for _ in range(20):
        deal = _deal(deck, players, rng)
        black = sum(c.colour == "K" for h in deal[0].values() for c in h)
        for in_hands, right in ((black, True), (black - 1, False)):
            changed = deck.replace(black_in_hands=in_hands)
            assert game_module._usual_deal(changed, *deal) is right
            errors = _started(ruleset, players, options, deal, usual=True, deck=changed)[0]
            assert errors == _started(ruleset, players, options, deal, usual=False, deck=changed)[0]
            assert [e["message"] for e in errors] == ([] if right else [
                f"the hands hold {black} black cards; the {ruleset.name} 6-player deal has {black - 1}"])
