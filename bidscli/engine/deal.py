"""The deal of a round, checked card by card where needed (rules.md 2, log.md).

``place_deal`` checks a round's hands, removed cards and pile against the deck and
says where each card of the round is (``RoundState.seen``); ``Game.start_round`` calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.cards import BLACK, Card
from ..core.errors import DeckError
from .referee import Referee
from .state import Setup


def place_deal(setup: Setup, deck_cards: frozenset, referee: Referee, hands: Mapping[str, Sequence[Card]] | None,
               removed: Sequence[Card] | None, pile: Sequence[Card] | None, pile_unknown: int) -> dict:
    """Check the round's deal, card by card where needed, and return where each card is
    (``seen``: card -> "hand of Ana", "removed" or "pile")."""
    deck = setup.deck
    illegal = referee.illegal
    # Cards accounted for this round: a card may be in one place only.
    seen: dict[Card, str] = {}

    def place_all(group: Sequence[Card], where: str) -> None:
        # Fast path: all in the deck and new to the round (set operations in C).
        if not group:
            return
        fresh = set(group)
        if len(fresh) == len(group) and fresh <= deck_cards and fresh.isdisjoint(seen):
            seen.update(dict.fromkeys(group, where))
            return
        for c in group:
            if c not in deck_cards:
                illegal(deck.why_not(c, setup.options), cls=DeckError)
            if c in seen:
                illegal(f"{c} appears twice in the round ({seen[c]} and {where})")
            seen[c] = where

    if hands is not None:
        black_in_hands = 0
        size = deck.hand_size
        black = deck.black_cards
        # Fast path: every hand the right size, every card in the deck and in one hand only.
        # ``seen`` is still empty: build it at once, card by card in hand order.
        if set(map(len, hands.values())) == {size}:
            seen = {c: where for p, h in hands.items() for where in ("hand of " + p,) for c in h}
            fast = len(seen) == size * len(hands) and seen.keys() <= deck_cards
        else:
            fast = False
        if fast:
            # The black cards in ``seen``, counted by what is left of ``black`` without them: a set
            # minus a dict looks up the few black cards in the dict, where an intersection would
            # look up every card of the hands in the set.
            black_in_hands = len(black) - len(black.difference(seen))
        else:
            seen = {}
            for p, h in hands.items():
                if len(h) != size:
                    illegal(f"hand of {p} has {len(h)} cards, expected {size}", player=p)
                place_all(h, "hand of " + p)
                black_in_hands += len(black.intersection(h))
        if black_in_hands > deck.black_in_hands:
            illegal(
                f"the hands hold {black_in_hands} black cards; the {setup.ruleset.name} "
                f"{setup.n}-player deal has {deck.black_in_hands}", cls=DeckError)
    if removed is not None:
        if len(removed) != deck.removed:
            illegal(f"{len(removed)} removed cards, expected {deck.removed}", cls=DeckError)
        place_all(removed, "removed")
    if pile is not None:
        if len(pile) + pile_unknown != deck.pile_size:
            illegal(
                f"the pile has {len(pile)} cards, expected {deck.pile_size} "
                f"({len(deck.black_deck)} black cards - {deck.black_in_hands} dealt to hands)", cls=DeckError)
        if not deck.black_cards.issuperset(pile):
            for c in pile:
                if c.colour != BLACK:
                    illegal(f"{c} in the pile: the point pile holds only black cards", cls=DeckError)
        place_all(pile, "pile")
    # The deal must place every pool card (checked in C without a new set).
    if hands is not None and removed is not None and not seen.keys() >= deck.pool_cards:
        missing = deck.pool_cards.difference(seen)
        illegal(f"the deal leaves out {', '.join(sorted(map(str, missing)))}: the {setup.ruleset.name} "
                      f"{setup.n}-player deal places every card of its hand pool in a hand or among the removed "
                      "cards (a deal made under another ruleset or other table options?)", cls=DeckError)
    return seen
