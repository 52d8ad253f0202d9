"""What a replay produces: each trick's, round's and game's result, and the reasons.

The engine (``game.Game``) fills these in as play goes; reports, diffs and
tools only read them. They are kept apart from the rules that fill them in
because every report imports them and none needs the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from ..core.cards import Card
from ..core.i18n import ENGLISH, Message, output_language
from ..rules.citations import bracket
from ..rules.knobs import knob_value
from ..rules.ruleset import Deck, source_id

if TYPE_CHECKING:
    from ..log.records import Steal
    from ..rules.ruleset import Ruleset


class Reason:
    """One step of a trick's explanation, naming the knob that decided it.

    Its words are a message (``core.i18n.Message``: an English id and its arguments), worded when
    shown: ``text`` in English (JSON, and comparisons), ``in_language(lang)`` for a player
    (``reason_text``). The message may be given as a function of ``args`` that makes it: long
    explanations are then only built when a report asks for them, which keeps plain scoring cheap.
    """

    __slots__ = ("_message", "knob", "_args", "_english")

    def __init__(self, message: Message | Callable[..., Message], knob: str | None = None,
                 args: tuple[Any, ...] | None = None) -> None:
        self._message = message
        self.knob = knob
        self._args = args  # with a function as message: its arguments (no closure to build)
        self._english: str | None = None

    @property
    def message(self) -> Message:
        """The explanation as data (made now when it was given as a function)."""
        message = self._message
        if not isinstance(message, Message):
            message = self._message = message(*self._args) if self._args is not None else message()
            self._args = None
        return message

    @property
    def text(self) -> str:
        """The explanation in English (JSON; the same words in any output language)."""
        english = self._english
        if english is None:
            english = self._english = self.message.text(ENGLISH)
        return english

    def in_language(self, lang: str | None = None) -> str:
        """The explanation worded in ``lang`` (default: the output language)."""
        if (lang or output_language()) == ENGLISH:
            return self.text
        return self.message.text(lang)

    def __iter__(self) -> Iterator[str | None]:
        return iter((self.text, self.knob))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.text, self.knob) == (other.text, other.knob)

    def __hash__(self) -> int:
        return hash((self.text, self.knob))

    def __repr__(self) -> str:
        return f"Reason({self.text!r}, {self.knob!r})"


class Said(Message):
    """A message made once and shown often (a trick's verdict for each card, "highest bid K7"):
    its English text, which JSON reads at every trick, is kept once made."""

    __slots__ = ("_english",)

    def __init__(self, msgid: str, /, **args: Any) -> None:
        super().__init__(msgid, **args)
        self._english: str | None = None

    def text(self, lang: str | None = None) -> str:
        if lang == ENGLISH or (lang is None and output_language() == ENGLISH):
            english = self._english
            if english is None:
                english = self._english = Message.text(self, ENGLISH)
            return english
        return Message.text(self, lang)

    in_language = text


def taken_this_round(held: list[tuple[Card, int]], number: int) -> tuple[Card, ...]:
    """The cards of a player's held ``(card, round)`` pairs that were taken in round ``number``,
    oldest first. Pairs are only ever appended with the round being played (a trick won, a
    card stolen) or removed, so they are in round order and this round's are the tail: the
    cost is this round's cards, never the game's (a scan of the whole list every round made a
    1,000-round game quadratic)."""
    i = len(held)
    while i and held[i - 1][1] == number:
        i -= 1
    return tuple(c for c, _ in held[i:]) if i < len(held) else ()


_NO_POINTS: Mapping[str, int] = MappingProxyType({})  # read-only, shared: no standings kept


class TrickResult:
    """What reports read of one trick. The engine makes each as the ``state.TrickState`` it plays
    (whose ``__init__`` sets every field below), and never changes it once the trick is over."""

    __slots__ = (
        "number", "leader", "revealed", "centre", "hidden", "plays", "winner", "points",
        "verdict", "reasons", "taken", "_steals", "next_leader", "lowest", "burned", "line", "running",
        "stayed", "doubled",
    )
    # What reports read (set by state.TrickState.__init__, which says what each is).
    number: int
    leader: str
    line: int | None
    revealed: list[Card]
    centre: Card | None
    hidden: bool
    plays: list[tuple[str, Card]]
    winner: str | None
    points: int
    verdict: Message | None
    reasons: list[Reason]
    taken: list[Card]
    _steals: list[Steal] | None
    next_leader: str | None
    lowest: bool
    burned: bool
    stayed: bool
    running: Mapping[str, int]
    doubled: tuple[int, int, int | None] | None

    def copy(self) -> Self:
        """A copy whose lists play on alone (a trick copied in the middle of its play)."""
        cls = type(self)
        twin = cls.__new__(cls)
        for kind in cls.__mro__[:-1]:
            for name in kind.__dict__["__slots__"]:
                v = getattr(self, name)
                setattr(twin, name, v.copy() if type(v) in (list, dict) else v)
        return twin

    @property
    def reason(self) -> str:
        """The short verdict in English ("highest bid K7", "tie on 5 (Ana R5, Ben G5): burned"): what
        JSON says; ``verdict`` is it as data, worded for a player when shown."""
        verdict = self.verdict
        return "" if verdict is None else verdict.text(ENGLISH)

    @property
    def burned_by(self) -> Message | None:
        """Why a burned trick burned, as its verdict says it without "burned" ("tie on 5 (Ana R5,
        Ben G5)"), for a line that says "burned" already; None for a trick that was won."""
        verdict = self.verdict
        return verdict.args.get("why") if self.burned and verdict is not None else None

    @property
    def written(self) -> list[Card]:
        """The revealed cards as a log writes them (log.md): a hidden prize that stayed on
        the pile was never turned over, so the canonical line is ``Surprise: ...``."""
        if not self.stayed:
            return self.revealed
        out = list(self.revealed)
        for i in range(len(out) - 1, -1, -1):
            if out[i] == self.centre:
                del out[i]
                break
        return out

    @property
    def steals(self) -> list[Steal]:
        """The steals done at the end of this trick, in order."""
        s = self._steals
        return s if s is not None else []

    @steals.setter
    def steals(self, value: list[Steal]) -> None:
        self._steals = value

    @property
    def knobs(self) -> list[str]:
        seen: list[str] = []
        for r in self.reasons:
            if r.knob and r.knob not in seen:
                seen.append(r.knob)
        return seen


class RoundResult:
    __slots__ = ("number", "leader", "tricks", "allies", "lucky_losers", "scores", "partial",
                 "round_points", "double_bonus", "line", "reasons")

    def __init__(self, number: int, leader: str, line: int | None = None) -> None:
        self.number = number
        self.leader = leader
        self.line = line
        self.tricks: list[TrickResult] = []
        self.allies: list[str] = []
        self.lucky_losers: dict[str, int] = {}
        self.scores: dict[str, int] = {}
        self.round_points: dict[str, int] = {}
        self.double_bonus: dict[str, int] = {}
        self.partial = False
        self.reasons: list[Reason] = []

    def copy(self, tricks: Mapping[int, TrickResult] | None = None) -> RoundResult:
        """A copy whose lists play on alone; ``tricks``: id of a live trick -> its copy (the
        finished ones are never changed again: shared)."""
        twin = RoundResult.__new__(RoundResult)
        for name in RoundResult.__slots__:
            v = getattr(self, name)
            setattr(twin, name, v.copy() if type(v) in (list, dict) else v)
        if tricks:
            twin.tricks = [tricks.get(id(t), t) for t in self.tricks]
        return twin


class GameResult(NamedTuple):
    ruleset: str
    players: tuple[str, ...]
    options: dict[str, bool]
    rounds: list[RoundResult]
    bonuses: dict[str, int]  # the -5 bonus
    totals: dict[str, int]
    ranking: list[tuple[str, int]]  # [(player, total)], best first, seating order among equals
    ranks: dict[str, int]  # player -> rank (equal totals share a rank)
    minus_five_wins: dict[str, int]
    reasons: list[Reason]
    deck: Deck

    @property
    def winners(self) -> list[str]:
        return [p for p, r in self.ranks.items() if r == 1]

    @property
    def stopped_at(self) -> tuple[int, int] | None:
        """(round, trick) of the last trick played when the game is unfinished (a partial
        round), else None: cli.md 'Unfinished games' shows standings there, never a winner."""
        if not any(r.partial for r in self.rounds):
            return None
        played = [r for r in self.rounds if r.tricks]
        return (played[-1].number, len(played[-1].tricks)) if played else (0, 0)


def reason_text(ruleset: Ruleset, r: Reason, lang: str | None = None) -> str:
    """A reason as people read it, worded in ``lang`` (default: the output language), with the
    knob that decided it, its value and its source."""
    text = r.in_language(lang)
    if not r.knob:
        return text
    value = knob_value(ruleset.knobs[r.knob])
    # The bracket names the knob and its value: the text does not say them again (a translation
    # keeps "(knob = value" as it is, in its language's brackets: Japanese （）, so the same words
    # go in every language).
    for opening, closing in (("(", ")"), ("（", "）")):
        stated = f"{opening}{r.knob} = {value}"
        if stated + closing in text:
            text = text.replace(" " + stated + closing, "").replace(stated + closing, "")
            break
        if stated + "; " in text or stated + ", " in text:
            text = text.replace(stated + "; ", opening).replace(stated + ", ", opening)
            break
    return f"{text} {bracket(r.knob, value, source_id(ruleset, r.knob)).in_language(lang or output_language())}"
