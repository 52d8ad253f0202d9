"""The point pile of one round (rules.md 3.1), as the log reveals it.

``_Pile`` checks every card the rules take from the pile against the log's
revealed cards, and knows which cards nobody has seen yet; it reports through
its game (``Game.illegal``, ``Game.skipped_to``). It is apart from ``Game`` because a pile known
only in part (no ``pile`` in the log) is a case analysis of its own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import LOWEST_CARD, SURPRISE_CARD, Card
from ..core.errors import UnknownCard, _Abort

if TYPE_CHECKING:
    from .game import Game


class _Pile:
    """The point pile of one round, known or revealed by the log as play goes.

    ``front`` holds known cards from the top (a given pile, or a card that
    stayed on top after a burned Surprise); ``unknown`` counts cards never seen
    (a log without ``pile``: the log's revealed cards name them as they come);
    ``bottom`` holds cards put back under the pile (IT Surprise from hand).
    """

    __slots__ = ("front", "unknown", "bottom", "feed", "fed", "feed_given", "seen", "game", "given", "unwritten",
                 "mismatch_line", "returned")

    def __init__(self, game: Game, pile: Sequence[Card] | None, size: int, unknown_after: int = 0):
        self.game = game
        self.front = deque(pile) if pile is not None else deque()
        self.given = pile is not None
        self.unknown = unknown_after if pile is not None else size
        self.bottom: deque = deque()
        self.feed: Sequence[Card] | None = None  # the log's revealed cards for this trick (Game.start_trick)
        self.fed = 0
        self.feed_given = False
        self.seen: set = set()
        self.unwritten = False  # the last draw took a card the log's revealed part left out
        self.mismatch_line = None  # line of the round's first revealed card the pile disagrees with
        self.returned: list = []  # cards put back on top (a hidden prize that stayed): ``put_top``

    def __len__(self) -> int:
        return len(self.front) + self.unknown + len(self.bottom)

    def draw(self, why: str, unwritten_ok: bool = False) -> Card | None:
        """The next pile card, checked against the log's revealed cards.

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
                    card = self._mismatch(card, feed[self.fed], why)
                self.fed += 1
            elif self.feed_given:
                self.game.illegal(
                    f"the log reveals {len(feed)} card(s) here, but the rules take another pile card ({why}): "
                    f"expected '{card}' after '{' '.join(map(str, feed))}'")
            elif feed is not None and not self.given:
                # No pile in the log: an empty revealed part says the pile ran out (log.md). A prize
                # that stayed on top after a burned 'Surprise K8:' is no exception: the next trick
                # reveals it (log.md: accepted "when the next trick's prize is that same K8").
                self.game.illegal(
                    f"nothing revealed, but the point pile still holds {card} ({why}), so an empty centre "
                    "is not possible yet")
            return card
        if self.unknown:
            if feed is None:
                raise UnknownCard(f"the rules need a pile card the log never showed ({why})")
            if self.fed >= len(feed):
                got = " ".join(map(str, feed))  # cards written so far: name the form the log needs
                self.game.illegal(
                    f"a pile card is missing from the revealed part ({why}): the pile still holds "
                    f"{len(self)} card(s), " + (f"write '{got} <card>'" if feed else
                                                "so an empty centre is not possible yet"))
                raise _Abort()
            card = feed[self.fed]
            self.fed += 1
            if card in self.seen and card not in self.bottom:
                # A pile card comes up once a round (log.md: no card twice in a round);
                # only a card put back on top or under the pile may come up again.
                self.game.illegal(f"revealed {card}, but {card} already came from the point pile this round")
            if card in self.bottom:
                self.game.illegal(f"revealed {card}, but {card} went to the bottom of the pile and cannot "
                                   f"come up before the {self.unknown} unseen card(s) above it")
            self.unknown -= 1
            return card
        if feed is not None and self.fed < len(feed):
            self.game.illegal(f"revealed {feed[self.fed]}, but the point pile is empty ({why})")
            self.fed += 1
        return None

    def _mismatch(self, card: Card, written: Card, why: str) -> Card:
        """The log reveals ``written`` where the pile has ``card``: one error. In a round short
        of tricks, a ``written`` card further down the pile says a trick line is missing: the
        cards above it went to that trick, and play goes on from ``written``."""
        game = self.game
        if game.skipped_to(card, written, shown=self._one_trick_on(card, written)):
            while self.front[0] != written:
                self.front.popleft()
            return self.front.popleft()
        # After a first disagreement in a round, the log and the pile are out of step: what
        # follows is marked as following from it.
        game.illegal(f"revealed {written}, but the next pile card is {card} ({why})", follows=self.mismatch_line)
        if self.mismatch_line is None:
            self.mismatch_line = game.where()["line"]
        return card

    def _one_trick_on(self, card: Card, written: Card) -> bool:
        """In the last round played, which may be unfinished, a short count is no evidence of a
        missing trick line: the line must show it itself. It does when the
        first card it reveals (its prize, not a later draw of its trick) is the pile card one
        ordinary trick further on (``card`` went to the skipped trick: no Lowest or Surprise,
        which take more cards, and no card put back on top, where the likelier slip is to have
        skipped the card that stayed), the round's earlier lines agreed with the given pile, and
        this is not the round's first line. Any player may lead after a skipped trick (its
        winner), so the line's leader can neither confirm nor refute it."""
        game = self.game
        return (self.given and self.fed == 0 and self.mismatch_line is None
                and 0 < game.logged_tricks < game.deck.tricks and game.trick is not None and game.trick.number > 1
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
            extra = " ".join(map(str, feed[self.fed:]))
            self.game.illegal(f"revealed {extra}, but no rule takes another pile card in this trick")
        self.feed = None


class _Unseen:
    """A pile card nobody saw: the hidden prize of a burned Surprise written 'Surprise:'."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSEEN"


UNSEEN = _Unseen()
