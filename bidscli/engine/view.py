"""What one player has seen of a game (``Game.view``): the table's public record and their hand.

A player sees their own hand, every card played, the revealed pile cards (a hidden prize
masked: a Surprise's card stays unseen while the trick is played, and for good when it
stays on the pile, ``TrickResult.written``), who won what, and the standings. Nothing
else: not the other hands, nor the pile's cards still to come. A search that samples the
unseen cards (information-set search) starts from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..core.cards import Card
from ..log.records import Steal
from .results import TrickResult
from .state import StealChoice


class TrickSeen(NamedTuple):
    """One trick as every player saw it."""

    number: int
    leader: str
    revealed: tuple[Card, ...]  # the pile cards turned over, a hidden prize left out
    centre: Card | None  # the prize, None when hidden or there is none
    hidden: bool  # a Surprise hides the prize
    plays: tuple[tuple[str, Card], ...]  # (player, card), the leader first
    winner: str | None  # None: burned, or not resolved yet
    taken: tuple[Card, ...]  # what the winner took (a hidden prize won is turned over)
    steals: tuple[Steal, ...]


class View(NamedTuple):
    """What ``player`` has seen (``Game.view``)."""

    player: str
    players: tuple[str, ...]  # seating order
    hand: tuple[Card, ...] | None  # their cards, None when the game does not know the hands
    round: int
    trick: int | None  # the trick being played, None between tricks
    leader: str  # who leads the trick being played (or the next one)
    to_play: str | None  # whose turn it is (None: the trick is complete)
    table: TrickSeen | None  # the trick being played
    lowest: bool  # the lowest bid wins
    history: tuple[TrickSeen, ...]  # this round's finished tricks
    round_points: Mapping[str, int]
    totals: Mapping[str, int]
    held: Mapping[str, tuple[Card, ...]]  # the black cards each player holds (taken in view of all)
    tricks_won: Mapping[str, int]  # this round
    steal: StealChoice | None  # the steal offered now, or None


def seen_trick(t: TrickResult, live: bool = False) -> TrickSeen:
    """Trick ``t`` as the table saw it; ``live``: it is being played (its hidden prize unseen)."""
    revealed = t.written  # a prize that stayed on the pile unseen is left out
    if live and t.hidden and t.centre is not None:
        revealed = [c for c in revealed if c is not t.centre]
    centre = None if t.hidden and (live or t.stayed) else t.centre
    return TrickSeen(t.number, t.leader, tuple(revealed), centre, t.hidden, tuple(t.plays),
                     None if live else t.winner, () if live else tuple(t.taken), tuple(t.steals))
