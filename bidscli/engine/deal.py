"""The deal of a round, checked card by card where needed (rules.md 2, log.md).

``place_deal`` checks a round's hands, removed cards and pile against the deck and
says where each card of the round is (``RoundState.seen``); ``Game.start_round`` calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.cards import BLACK, Card
from ..core.errors import DeckError
from .referee import Referee
from .state import RoundState, Setup


def place_deal(setup: Setup, deck_cards: frozenset, referee: Referee, hands: Mapping[str, Sequence[Card]] | None,
               removed: Sequence[Card] | None, pile: Sequence[Card] | None, pile_unknown: int) -> tuple[dict, int]:
    """Check the round's deal, card by card where needed, and return where each card is
    (``seen``: card -> "hand of Ana", "removed" or "pile"), and, with ``removed`` but no ``hands``,
    how many black cards of the hand pool the removed ones are (they count with those played)."""
    deck = setup.deck
    illegal = referee.illegal
    black = 0  # black cards of the hand pool removed (removed and no hands)
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
        if hands is None:
            # The removed black cards came from the hand pool: they count with those played.
            black = sum(1 for c in removed if c.colour == BLACK)
            if black > deck.black_in_hands:
                illegal(f"{black} black cards removed, but the {setup.ruleset.name} {setup.n}-player hand pool "
                        f"holds {deck.black_in_hands}", cls=DeckError)
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
    return seen, black


def pool_shown(setup: Setup, rs: RoundState, referee: Referee) -> None:
    """A complete round dealt with ``removed`` but without ``hands``: the cards played and
    removed are the whole hand pool (every coloured card, and the Ally when dealt, once; the
    black cards were counted as they came, in ``Game.play``). ``Game.end_round`` asks it."""
    rs.pool_open = False
    deck = setup.deck
    missing = deck.pool_cards.difference(rs.seen)
    if not missing:
        return
    names = " ".join(str(c) for c in sorted(missing, key=lambda c: c.sort_key))
    # A card played in place of a pool card (one already in the round, one not in the deck, a
    # black card too many) was reported at its trick: this follows from it (the same slip,
    # seen again at the round's end).
    follows = None
    shown = {c for c, w in rs.seen.items() if w == "removed"}
    black = sum(1 for c in shown if c.colour == BLACK)
    cards = rs.deck_cards
    for t in rs.result.tricks:
        for _, c in t.plays:
            black += c.colour == BLACK
            if c in shown or c not in cards or black > deck.black_in_hands:
                follows = t.line
                break
            shown.add(c)
        if follows is not None:
            break
    # Located at the round's last trick, where the round shows itself complete.
    referee.illegal(f"the round ends, but {names} {'was' if len(missing) == 1 else 'were'} neither played nor "
                    f"removed: with removed and no hands, the cards played and removed are the {setup.ruleset.name} "
                    f"{setup.n}-player hand pool (every coloured card{' and the Ally' if deck.ally else ''} once, and "
                    f"{deck.black_in_hands} black card{'s' if deck.black_in_hands != 1 else ''})",
                    cls=DeckError, follows=follows)
