"""The prize of a trick: the pile cards the rules take, and what they do (rules.md 3.1).

``reveal`` takes pile cards until there is a prize (Lowest set aside or kept, Surprise
hiding the next card, an empty pile); ``draw`` takes one card and checks a card the log
names against the round's deal. Both work on the round's and the trick's state; a revealed
card that is not the pile's next is judged by ``judge`` (the missing-trick-line rule,
``missing.skipped_to``).
"""

from __future__ import annotations

from typing import Literal, overload

from ..core.cards import BLACK, LOWEST_CARD, SURPRISE_CARD, Card
from ..core.errors import DeckError
from ..core.i18n import Message
from .deal import place_text
from .pile import UNSEEN, Judge, _never, _Unseen
from .referee import Referee
from .results import Reason, TrickResult
from .state import RoundState, Setup, TrickState


def reveal(setup: Setup, rs: RoundState, ts: TrickState, referee: Referee, why: Message,
           judge: Judge = _never) -> None:
    """Take pile cards until there is a prize (rules.md 3.1): the trick's ``centre`` and
    ``hidden``; Lowest revealed turns the round's Lowest mode on."""
    t = ts
    card = draw(setup, rs, t, referee, why, False, judge)
    while True:
        if card is not None and card.special is None:  # a number card: the prize (the usual case)
            t.centre, t.hidden = card, False
            return
        k = setup.k
        if card is None:
            t.centre, t.hidden = None, False
            if k["deck.short_pile"] == "error":
                referee.illegal(Message('the point pile is empty (deck.short_pile = "error")'), cls=DeckError)
            t.reasons.append(Reason(Message("the point pile is empty: no centre card (deck.short_pile = empty_centre)"),
                                    "deck.short_pile"))
            return
        if card == LOWEST_CARD:
            rs.lowest = True
            if k["lowest.reveal"] == "replace":
                t.reasons.append(Reason(Message("Lowest revealed: the lowest bid wins until the round ends; "
                                                "it moves aside and the next pile card is the prize"), "lowest.reveal"))
                card = draw(setup, rs, t, referee, SET_ASIDE, False, judge)
                continue
            t.reasons.append(Reason(Message("Lowest revealed: the lowest bid wins until the round ends; "
                                            "it stays as a 0-point prize"), "lowest.reveal"))
            t.centre, t.hidden = card, False
            return
        if card == SURPRISE_CARD:
            t.reasons.append(Reason(Message("Surprise revealed: the players bid for the next pile card unseen"), None))
            # log.md: a burned trick whose hidden prize stays on the pile may be
            # written 'Surprise: ...' (the card was never turned over).
            hidden = draw(setup, rs, t, referee, HIDES,
                          k["surprise.on_burn"] == "stays", judge)
            if hidden is UNSEEN:
                t.centre, t.hidden = None, True
                ts.unwritten = UNSEEN
                return
            pile = rs.pile
            if pile.unwritten:
                # Known from the log's pile, but nobody saw it: shown as unseen, the same as
                # without a pile (the written log reads the same either way).
                pile.unwritten = False
                ts.unwritten = hidden
                t.revealed.pop()
                t.centre, t.hidden = None, True
                return
            if hidden is None:
                # Surprise was the last pile card: no prize, as for an empty pile (deck.short_pile).
                card = None
                continue
            t.centre, t.hidden = hidden, True
            return
        t.centre, t.hidden = card, False
        return


@overload
def draw(setup: Setup, rs: RoundState, t: TrickResult, referee: Referee, why: Message,
         unwritten_ok: Literal[False] = False, judge: Judge = _never) -> Card | None: ...


@overload
def draw(setup: Setup, rs: RoundState, t: TrickResult, referee: Referee, why: Message, unwritten_ok: bool,
         judge: Judge = _never) -> Card | _Unseen | None: ...


def draw(setup: Setup, rs: RoundState, t: TrickResult, referee: Referee, why: Message, unwritten_ok: bool = False,
         judge: Judge = _never) -> Card | _Unseen | None:
    """The next pile card, added to the trick's revealed cards; a card the log names must be
    new to the round and in the deck. None: the pile is empty; ``UNSEEN``: a card nobody saw."""
    pile = rs.pile
    card = pile.draw(why, unwritten_ok, judge)
    if card is UNSEEN:
        return card
    if card is not None:
        t.revealed.append(card)
        if pile.unknown or card not in pile.seen:
            # A card named by the log: it must be new to the round and in the deck.
            seen = rs.seen
            where = seen.get(card)
            if card not in rs.deck_cards:
                referee.illegal(setup.deck.not_in_deck(card, setup.options), cls=DeckError)
            elif card.colour != BLACK:
                referee.illegal(Message("{card} revealed: the point pile holds only black cards", card=card),
                                cls=DeckError)
            elif where is not None and where != "pile":
                referee.illegal(Message("{card} revealed from the pile, but it is already in the round ({place})",
                                        card=card, place=place_text(where, card)))
            seen[card] = "pile"
            pile.seen.add(card)
    return card


# Why a pile card is drawn, as an error about it says (pile.Pile.draw).
PRIZE = Message("the prize of this trick")
SET_ASIDE = Message("Lowest was set aside")
HIDES = Message("Surprise hides the next pile card")
REPLACES = Message("Surprise played from hand replaces the centre card")
GIVES_NEXT = Message("Surprise played from hand gives the winner the next pile card")
