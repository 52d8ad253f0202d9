"""The records a game log is read into (spec log.md): the game (:class:`GameLog`), its rounds, its
trick lines, and the actions written after a trick's plays (:class:`Steal`, :class:`Pass`), which the
engine, the bots and the recorder also use for a steal chosen or done.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.cards import Card


class Steal(NamedTuple):
    """A steal: written in a log, chosen by a player or a bot, or done by the engine (a trick's
    ``steals``). ``policy``: chosen by the ruleset's default policy where the log says nothing
    (log.md 'Diffing'), which outputs mark."""

    thief: str
    card: Card
    victim: str
    policy: bool = False

    @property
    def value(self) -> int:
        """What the steal moves from the victim to the thief: the card's points."""
        return self.card.value

    def __str__(self) -> str:
        return f"{self.thief} steals {self.card} from {self.victim}"


class Pass(NamedTuple):
    thief: str

    def __str__(self) -> str:
        return f"{self.thief} passes"


class TrickRecord(NamedTuple):
    number: int
    line: int | None
    text: str
    revealed: tuple[Card, ...]
    plays: tuple[tuple[str, Card], ...]
    actions: tuple[Steal | Pass, ...]


class RoundRecord(NamedTuple):
    number: int
    line: int | None
    leader: str | None
    hands: dict[str, tuple[Card, ...]] | None
    removed: tuple[Card, ...] | None
    pile: tuple[Card, ...] | None
    tricks: tuple[TrickRecord, ...]
    broken: bool = False  # a trick line could not be read: the engine plays only the lines before it
    # The first trick line that could not be read: (its trick number, its line, the round's count of
    # trick lines), for the engine to play the lines before it and mark the rest as not checked.
    unread: tuple[int, int | None, int] | None = None


class GameLog(NamedTuple):
    file: str
    ruleset: str | None
    players: tuple[str, ...]
    options: dict[str, bool]
    rounds: tuple[RoundRecord, ...]
    ruleset_line: int | None = None
    date: object = None  # a datetime.date (or datetime.datetime) when the log gives ``date``
    meta: dict[str, Any] | None = None  # the free [meta] table (`bids record` keeps the game's length there)
    title: str | None = None  # the game's name for pages (``bids report``), when the log gives one
    guessed: tuple[tuple[str, int | None], ...] = ()  # (option, line) of each misspelled option the log is checked as if it set
    lang: str = "en"  # the language of its card words (``lang``; log.md): writers keep it
