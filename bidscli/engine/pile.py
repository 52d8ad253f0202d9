"""The point pile of one round (rules.md 3.1), as the log reveals it.

``Pile`` checks every card the rules take from the pile against the log's
revealed cards, and knows which cards nobody has seen yet; it reports its mistakes
through the game's referee. A revealed card that is not the pile's next is a mismatch
the pile reports to whoever draws (``judge``): the game decides whether it means a
missing trick line (``missing.skipped_to``). It is apart from ``Game`` because a pile known
only in part (no ``pile`` in the log) is a case analysis of its own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from enum import Enum
from typing import Final, Protocol

from ..core.cards import LOWEST_CARD, SURPRISE_CARD, Card
from ..core.errors import UnknownCard, _Abort
from ..core.i18n import Message, PluralMessage
from ..core.worded import Joined
from .referee import Referee


class Judge(Protocol):
    """Whoever draws from the pile (the game): asked about a mismatch."""

    def missing_line(self, top: Card, written: Card, why: Message) -> bool:
        """(the pile's next card, the card the log reveals further down, why a card is drawn) ->
        True when a trick line is missing before this one (the pile then skips to the written
        card), False for a plain mismatch, which the pile reports."""
        ...


class _Never:
    """A judge that reads every mismatch as plain."""

    __slots__ = ()

    def missing_line(self, top: Card, written: Card, why: Message) -> bool:
        return False


_never = _Never()


class Pile:
    """The point pile of one round, known or revealed by the log as play goes.

    ``front`` holds known cards from the top (a given pile, or a card that
    stayed on top after a burned Surprise); ``unknown`` counts cards never seen
    (a log without ``pile``: the log's revealed cards name them as they come);
    ``bottom`` holds cards put back under the pile (IT Surprise from hand).
    """

    __slots__ = ("front", "unknown", "bottom", "feed", "fed", "feed_given", "seen", "referee", "given",
                 "unwritten", "mismatch_line", "returned")

    def __init__(self, referee: Referee, pile: Sequence[Card] | None, size: int, unknown_after: int = 0) -> None:
        self.referee = referee
        self.front: deque[Card] = deque(pile) if pile is not None else deque()
        self.given = pile is not None
        self.unknown = unknown_after if pile is not None else size
        self.bottom: deque[Card] = deque()
        self.feed: Sequence[Card] | None = None  # the log's revealed cards for this trick (Game.start_trick)
        self.fed = 0
        self.feed_given = False
        self.seen: set[Card] = set(pile) if pile is not None else set()  # cards known to come from the pile
        self.unwritten = False  # the last draw took a card the log's revealed part left out
        self.mismatch_line: int | None = None  # line of the round's first revealed card the pile disagrees with
        self.returned: list[Card] = []  # cards put back on top (a hidden prize that stayed): ``put_top``

    def __len__(self) -> int:
        return len(self.front) + self.unknown + len(self.bottom)

    def copy(self, referee: Referee) -> Pile:
        """A copy that plays on alone, reporting to ``referee``."""
        twin = Pile.__new__(Pile)
        twin.referee = referee
        twin.front, twin.bottom = self.front.copy(), self.bottom.copy()
        twin.unknown, twin.given, twin.unwritten = self.unknown, self.given, self.unwritten
        twin.feed, twin.fed, twin.feed_given = self.feed, self.fed, self.feed_given
        twin.seen, twin.returned = self.seen.copy(), self.returned.copy()
        twin.mismatch_line = self.mismatch_line
        return twin

    def start_trick(self, revealed: Sequence[Card] | None) -> None:
        """The log's revealed cards for this trick (None: the engine reveals, nothing to check)."""
        self.feed = revealed
        self.fed = 0
        self.feed_given = bool(revealed)

    def draw(self, why: Message, unwritten_ok: bool = False, judge: Judge = _never) -> Card | _Unseen | None:
        """The next pile card, checked against the log's revealed cards.

        ``judge``: asked whether a revealed card further down means a missing trick line.
        ``unwritten_ok``: the card may be missing from the log's revealed part (the
        hidden prize of a revealed Surprise, log.md): a known card is then returned
        unchecked and flagged in ``unwritten``; an unknown one is :data:`UNSEEN`.
        """
        feed = self.feed
        if unwritten_ok and feed and self.fed >= len(feed):
            if self.front or (not self.unknown and self.bottom):
                self.unwritten = True
                return self.front.popleft() if self.front else self.bottom.popleft()
            if self.unknown:
                return UNSEEN
        if self.front or (not self.unknown and self.bottom):
            card = self.front.popleft() if self.front else self.bottom.popleft()
            if feed is not None and self.fed < len(feed):
                if feed[self.fed] != card:
                    card = self._mismatch(card, feed[self.fed], why, judge)
                self.fed += 1
            elif feed is not None and self.feed_given:  # (given: the log revealed cards here)
                self.referee.illegal(PluralMessage(
                    "the log reveals {n} card here, but the rules take another pile card ({why}): expected "
                    "'{card}' after '{cards}'", "the log reveals {n} cards here, but the rules take another pile "
                    "card ({why}): expected '{card}' after '{cards}'", len(feed), why=why, card=card,
                    cards=Joined(feed)))
            elif feed is not None and not self.given:
                # No pile in the log: an empty revealed part says the pile ran out (log.md). A prize
                # that stayed on top after a burned 'Surprise K8:' is no exception: the next trick
                # reveals it (log.md: accepted "when the next trick's prize is that same K8").
                self.referee.illegal(Message(
                    "nothing revealed, but the point pile still holds {card} ({why}), so an empty centre is not "
                    "possible yet", card=card, why=why))
            return card
        if self.unknown:
            if feed is None:
                raise UnknownCard(Message("the rules need a pile card the log never showed ({why})", why=why))
            if self.fed >= len(feed):
                if feed:  # cards written so far: name the form the log needs
                    said = PluralMessage(
                        "a pile card is missing from the revealed part ({why}): the pile still holds {n} card, "
                        "write '{cards} <card>'", "a pile card is missing from the revealed part ({why}): the pile "
                        "still holds {n} cards, write '{cards} <card>'", len(self), why=why, cards=Joined(feed))
                else:
                    said = PluralMessage(
                        "a pile card is missing from the revealed part ({why}): the pile still holds {n} card, so "
                        "an empty centre is not possible yet", "a pile card is missing from the revealed part "
                        "({why}): the pile still holds {n} cards, so an empty centre is not possible yet",
                        len(self), why=why)
                self.referee.illegal(said)
                raise _Abort()
            card = feed[self.fed]
            self.fed += 1
            if card in self.seen and card not in self.bottom:
                # A pile card comes up once a round (log.md: no card twice in a round);
                # only a card put back on top or under the pile may come up again.
                self.referee.illegal(Message("revealed {card}, but {card} already came from the point pile this round",
                                             card=card))
            if card in self.bottom:
                self.referee.illegal(PluralMessage(
                    "revealed {card}, but {card} went to the bottom of the pile and cannot come up before the {n} "
                    "unseen card above it", "revealed {card}, but {card} went to the bottom of the pile and cannot "
                    "come up before the {n} unseen cards above it", self.unknown, card=card))
            self.unknown -= 1
            return card
        if feed is not None and self.fed < len(feed):
            self.referee.illegal(Message("revealed {card}, but the point pile is empty ({why})", card=feed[self.fed],
                                         why=why))
            self.fed += 1
        return None

    def _mismatch(self, card: Card, written: Card, why: Message, judge: Judge) -> Card:
        """The log reveals ``written`` where the pile has ``card``: ``judge`` decides whether a
        trick line is missing (the cards above ``written`` went to it: play goes on from
        ``written``), else one error, the pile's own."""
        if written in self.front and judge.missing_line(card, written, why):
            while self.front[0] != written:
                self.front.popleft()
            return self.front.popleft()
        # After a first disagreement in a round, the log and the pile are out of step: what
        # follows is marked as following from it.
        referee = self.referee
        referee.illegal(Message("revealed {written}, but the next pile card is {card} ({why})", written=written,
                                card=card, why=why), follows=self.mismatch_line)
        if self.mismatch_line is None:
            self.mismatch_line = referee.where()["line"]
        return card

    def shows_one_trick_on(self, card: Card, written: Card) -> bool:
        """The pile's part of a line's evidence of a missing trick line before it
        (``missing.skipped_to``): the first card the line reveals (its prize, not a later draw
        of its trick) is the pile card one ordinary trick further on (``card`` went to the
        skipped trick: no Lowest or Surprise, which take more cards, and no card put back on
        top, where the likelier slip is to have skipped the card that stayed), and the round's
        earlier lines agreed with the given pile."""
        return (self.given and self.fed == 0 and self.mismatch_line is None
                and card is not LOWEST_CARD and card is not SURPRISE_CARD and card not in self.returned
                and bool(self.front) and self.front[0] == written)

    def put_bottom(self, card: Card) -> None:
        self.bottom.append(card)

    def put_top(self, card: Card) -> None:
        self.returned.append(card)
        self.front.appendleft(card)

    def end_trick(self) -> None:
        feed = self.feed
        if feed is not None and self.fed < len(feed):
            self.referee.illegal(Message("revealed {cards}, but no rule takes another pile card in this trick",
                                         cards=Joined(feed[self.fed:])))
        self.feed = None


class _Unseen(Enum):
    """A pile card nobody saw: the hidden prize of a burned Surprise written 'Surprise:'."""

    UNSEEN = "UNSEEN"

    def __repr__(self) -> str:
        return "UNSEEN"


UNSEEN: Final = _Unseen.UNSEEN  # (one value: ``x is UNSEEN`` tells a type checker what x is after)
