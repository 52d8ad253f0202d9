"""The deal of a round, checked card by card where needed (rules.md 2, log.md).

``place_deal`` checks a round's hands, removed cards and pile against the deck and
says where each card of the round is (``RoundState.seen``); ``Game.start_round`` calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.cards import BLACK, Card
from ..core.errors import DeckError
from ..core.i18n import Message, PluralMessage
from ..core.worded import Joined
from .referee import Referee
from .results import TrickResult
from .state import Place, RoundState, Setup


def place_deal(setup: Setup, deck_cards: frozenset[Card], referee: Referee, hands: Mapping[str, Sequence[Card]] | None,
               removed: Sequence[Card] | None, pile: Sequence[Card] | None,
               pile_unknown: int) -> tuple[dict[Card, Place], int]:
    """Check the round's deal, card by card where needed, and return where each card is
    (``seen``: card -> a hand (``hand_of``), "removed" or "pile"), and, with ``removed`` but no ``hands``,
    how many black cards of the hand pool the removed ones are (they count with those played)."""
    deck = setup.deck
    illegal = referee.illegal
    black = 0  # black cards of the hand pool removed (removed and no hands)
    # Cards accounted for this round: a card may be in one place only.
    seen: dict[Card, Place] = {}

    def place_all(group: Sequence[Card], where: Message | str) -> None:
        # Fast path: all in the deck and new to the round (set operations in C).
        if not group:
            return
        fresh = set(group)
        if len(fresh) == len(group) and fresh <= deck_cards and fresh.isdisjoint(seen):
            seen.update(dict.fromkeys(group, where))
            return
        for c in group:
            if c not in deck_cards:
                illegal(deck.not_in_deck(c, setup.options), cls=DeckError)
            if c in seen:
                illegal(Message("{card} appears twice in the round ({first} and {second})", card=c,
                                first=place_text(seen[c], c), second=place_text(where, c)))
            seen[c] = where

    if hands is not None:
        black_in_hands = 0
        size = deck.hand_size
        black_cards = deck.black_cards
        # Fast path: every hand the right size, every card in the deck and in one hand only.
        # ``seen`` is still empty: build it at once, card by card in hand order.
        if set(map(len, hands.values())) == {size}:
            seen = {c: where for p, h in hands.items() for where in (hand_of(p),) for c in h}
            fast = len(seen) == size * len(hands) and seen.keys() <= deck_cards
        else:
            fast = False
        if fast:
            # The black cards in ``seen``, counted by what is left of ``black_cards`` without them: a set
            # minus a dict looks up the few black cards in the dict, where an intersection would
            # look up every card of the hands in the set.
            black_in_hands = len(black_cards) - len(black_cards.difference(seen))
        else:
            seen = {}
            for p, h in hands.items():
                if len(h) != size:
                    illegal(PluralMessage("hand of {player} has {n} card, expected {size}",
                                          "hand of {player} has {n} cards, expected {size}", len(h), player=p,
                                          size=size), player=p)
                place_all(h, hand_of(p))
                black_in_hands += len(black_cards.intersection(h))
        if black_in_hands > deck.black_in_hands:
            illegal(Message("the hands hold {count} black cards; the {ruleset} {players}-player deal has {in_hands}",
                            count=black_in_hands, ruleset=setup.ruleset.name, players=setup.n,
                            in_hands=deck.black_in_hands), cls=DeckError)
    if removed is not None:
        if len(removed) != deck.removed:
            illegal(PluralMessage("{n} removed card, expected {expected}", "{n} removed cards, expected {expected}",
                                  len(removed), expected=deck.removed), cls=DeckError)
        place_all(removed, "removed")
        if hands is None:
            # The removed black cards came from the hand pool: they count with those played.
            black = sum(1 for c in removed if c.colour == BLACK)
            if black > deck.black_in_hands:
                illegal(PluralMessage("{n} black card removed, but the {ruleset} {players}-player hand pool holds "
                                      "{in_hands}", "{n} black cards removed, but the {ruleset} {players}-player hand "
                                      "pool holds {in_hands}", black, ruleset=setup.ruleset.name, players=setup.n,
                                      in_hands=deck.black_in_hands), cls=DeckError)
    if pile is not None:
        if len(pile) + pile_unknown != deck.pile_size:
            illegal(PluralMessage(
                "the pile has {n} card, expected {size} ({black} black cards - {in_hands} dealt to hands)",
                "the pile has {n} cards, expected {size} ({black} black cards - {in_hands} dealt to hands)",
                len(pile), size=deck.pile_size, black=len(deck.black_deck), in_hands=deck.black_in_hands),
                cls=DeckError)
        if not deck.black_cards.issuperset(pile):
            for c in pile:
                if c.colour != BLACK:
                    illegal(Message("{card} in the pile: the point pile holds only black cards", card=c),
                            cls=DeckError)
        place_all(pile, "pile")
    # The deal must place every pool card (checked in C without a new set).
    if hands is not None and removed is not None and not seen.keys() >= deck.pool_cards:
        missing = deck.pool_cards.difference(seen)
        illegal(Message("the deal leaves out {cards}: the {ruleset} {players}-player deal places every card of its "
                        "hand pool in a hand or among the removed cards (a deal made under another ruleset or other "
                        "table options?)", cards=Joined(sorted(missing, key=str), ", "), ruleset=setup.ruleset.name,
                        players=setup.n), cls=DeckError)
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
    names = Joined(sorted(missing, key=lambda c: c.sort_key))
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
    if deck.ally:
        pool = PluralMessage("every coloured card and the Ally once, and {n} black card",
                             "every coloured card and the Ally once, and {n} black cards", deck.black_in_hands)
    else:
        pool = PluralMessage("every coloured card once, and {n} black card", "every coloured card once, and {n} black "
                             "cards", deck.black_in_hands)
    referee.illegal(PluralMessage(
        "the round ends, but {cards} was neither played nor removed: with removed and no hands, the cards played and "
        "removed are the {ruleset} {players}-player hand pool ({pool})",
        "the round ends, but {cards} were neither played nor removed: with removed and no hands, the cards played "
        "and removed are the {ruleset} {players}-player hand pool ({pool})", len(missing), cards=names,
        ruleset=setup.ruleset.name, players=setup.n, pool=pool), cls=DeckError, follows=follows)


def hand_of(player: str) -> Message:
    """A player's hand as a place of the round (``RoundState.seen``): "hand of Ana"."""
    return Message("hand of {player}", player=player)


def place_text(where: Place, card: Card) -> Message:
    """Where ``card`` already is in the round (``RoundState.seen``) as an error names it: a hand,
    "removed", "pile", or the trick it was played in, worded only when an error names it. A played
    card's player is the first in the trick's plays with that card, the one it was first seen with."""
    if isinstance(where, TrickResult):
        player = next(p for p, c in where.plays if c is card)
        return Message("played by {player} in trick {trick}", player=player, trick=where.number)
    return where if isinstance(where, Message) else _PLACES[where]


# TRANSLATORS: where a card already is in the round, in brackets after an error ("... already in
# the round (removed)"): among the cards removed at the deal, or on the point pile.
_PLACES = {"removed": Message("removed"), "pile": Message("pile")}
