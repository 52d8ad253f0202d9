"""The Thief: the steals the engine offers and records (rules.md 'Thief').

A steal is a decision: the engine offers a ``StealChoice`` and asks ``decide``
(a log's recorded actions, a bot, or ``default_steal_policy``) for a
``log.Steal`` or a pass. The immediate Thief and each deferred right are
offered in turn; ``ThiefSteals`` (mixed into ``Game``) finds the victims,
checks the answer and moves the card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .cards import Card
from .log import Pass, Steal


class StealChoice(NamedTuple):
    """A steal the engine offers a thief at the end of a trick."""

    thief: str
    victims: dict  # victim -> tuple of stealable cards
    mandatory: bool
    immediate: bool
    why: str  # who the victims are and why


class StealDone(NamedTuple):
    thief: str
    card: Card
    victim: str
    value: int
    policy: bool = False  # decided by the default policy, not recorded

    def __str__(self) -> str:
        return f"{self.thief} steals {self.card} from {self.victim}"



Decide = Callable[[StealChoice], "Steal | Pass | None"]


def _lazy_choices(game, t, first: list, holders: list, mandatory: bool):
    """The steal choices of a trick, each made when it is offered: the immediate Thief's
    (``first``), then each deferred right's holder, with victims as the earlier steals left them."""
    yield from first
    for holder in holders:
        victims, why = game._victims(t, holder, False)
        yield StealChoice(holder, victims, mandatory, False, why)


def default_steal_policy(choice: StealChoice) -> Steal | None:
    """Take the most valuable card (log.md 'Diffing': the ruleset's default policy).

    An optional right is used only for a card worth more than 0; a mandatory
    steal takes the best card there is, even a -5.
    """
    best = None
    for victim, cards in choice.victims.items():
        for c in cards:
            key = (c.value, -c.sort_key[0])
            if best is None or key > best[0]:
                best = (key, Steal(choice.thief, c, victim))
    if best is None:
        return None
    if not choice.mandatory and best[1].card.value <= 0:
        return None
    return best[1]



class _Right(NamedTuple):
    holder: str
    round: int
    first_trick: int  # first trick number (in that round) at whose end it may be used

