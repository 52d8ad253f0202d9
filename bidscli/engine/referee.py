"""Where play stands, for an error, and where a mistake goes (``Referee``).

The game, the pile and the rules report every mistake through the game's one ``Referee``:
raised, or handed to ``on_error`` (``bids validate``), after which play goes on where it can.
It knows the round and trick being played (results, which know nothing of the game), so an
error is located without a reference back to the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from ..core.errors import BidsError, IllegalPlayError
from ..core.i18n import Message
from .results import RoundResult, TrickResult


class Where(TypedDict):
    """Where play stands: what locates an error (``BidsError``'s keywords)."""

    file: str | None
    round: int | None
    trick: int | None
    line: int | None


class Referee:
    """Where play stands, for an error, and where a mistake goes (see the module doc).

    ``round`` and ``trick`` are the results being played (the game sets them); an error is
    located at the trick's line, else the round's."""

    __slots__ = ("on_error", "file", "round", "trick")

    def __init__(self, on_error: Callable[[BidsError], None] | None, file: str | None) -> None:
        self.on_error = on_error
        self.file = file
        self.round: RoundResult | None = None
        self.trick: TrickResult | None = None

    def where(self) -> Where:
        """Where play stands, for an error: the file, round, trick and line."""
        rnd, t = self.round, self.trick
        return {
            "file": self.file,
            "round": rnd.number if rnd else None,
            "trick": t.number if t else None,
            "line": (t.line if t and t.line else (rnd.line if rnd else None)),
        }

    def illegal(self, message: Message | str, player: str | None = None, cls: type[BidsError] = IllegalPlayError,
                follows: int | None = None, at_round: bool = False) -> None:
        """Report a mistake where play stands: raised, or handed to ``on_error``, after which play
        goes on where it can. ``follows``: the line of the mistake this one follows from (marked as
        a follow-on). ``at_round``: located at the round, not the trick (a round's own count)."""
        where = self.where()
        if at_round:
            rnd = self.round
            where["trick"], where["line"] = None, rnd.line if rnd else None
        err = cls(message, player=player, follows=follows, **where)
        if self.on_error is None:
            raise err
        self.on_error(err)

    def copy(self) -> Referee:
        twin = Referee(self.on_error, self.file)
        twin.round, twin.trick = self.round, self.trick
        return twin
