"""One exception root for everything a user can get wrong.

Every error carries where it happened (file, TOML line, round, trick, player)
so that the CLI can print ``file:line: round r, trick t: message`` and
``validate --format json`` can give each field on its own.
"""

from __future__ import annotations

from .sanitize import one_line, path_text, shorten


class BidsError(Exception):
    """Root of every error bidscli reports to a user (never a traceback)."""

    kind = "error"

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        round: int | None = None,
        trick: int | None = None,
        player: str | None = None,
        follows: int | None = None,
    ) -> None:
        if len(message) > 1000:  # a huge value inside (a 900,000-card trick): keep the start and the end
            message = shorten(message)
        if not message.isprintable():  # a value quoted from input: one message is one line
            message = one_line(message)
        super().__init__(message)
        self.message = message
        # A follow-on error: the line of the mistake it comes from (brief: one mistake, one
        # message; what still follows from it is marked).
        self.follows = follows
        self.file = file
        self.line = line
        self.round = round
        self.trick = trick
        self.player = player

    def located(self, **where) -> BidsError:
        """Fill in location fields that are still unknown; returns self."""
        for key, value in where.items():
            if value is not None and getattr(self, key) is None:
                setattr(self, key, value)
        return self

    def where(self) -> str:
        parts = []
        if self.file is not None:
            file = path_text(self.file)
            parts.append(file if self.line is None else f"{file}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        place = []
        if self.round is not None:
            place.append(f"round {self.round}")
        if self.trick is not None:
            place.append(f"trick {self.trick}")
        if place:
            parts.append(", ".join(place))
        return ": ".join(parts)

    @property
    def follow_on(self) -> bool:
        return self.follows is not None

    def text(self) -> str:
        """The message, with the follow-on marker when it is one."""
        return self.message if self.follows is None else f"{self.message} (follows from line {self.follows})"

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.text()}" if where else self.text()

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "file": self.file,
            "line": self.line,
            "round": self.round,
            "trick": self.trick,
            "player": self.player,
            "message": self.message,
            "follow_on": self.follows is not None,
            **({"follows_line": self.follows} if self.follows is not None else {}),
        }


class LogSyntaxError(BidsError):
    """The log is not valid TOML, or a trick line / card token cannot be read."""

    kind = "syntax"


class LogStructureError(BidsError):
    """The log is TOML but its keys, types or values are not a Bids log."""

    kind = "structure"


class RulesetError(BidsError):
    """A ruleset file or override is invalid (unknown knob, bad value, cycle...)."""

    kind = "ruleset"


class DeckError(BidsError):
    """A card that is not in this ruleset's deck, or deck counts that do not add up."""

    kind = "deck"


class IllegalPlayError(BidsError):
    """The recorded play breaks a rule: wrong leader, card not in hand, bad steal..."""

    kind = "illegal"


class UnfinishedError(BidsError):
    """The game cannot be crowned: its last round is unfinished (cli.md 'Unfinished games').

    ``fact`` says where the game stops; ``advice`` what to do, which depends on the command
    (``bids score``: --allow-partial); the message is both. ``advise`` words another's."""

    kind = "unfinished"

    def __init__(self, fact: str, *, advice: str | None = "use --allow-partial to see the standings so far",
                 **where) -> None:
        self.fact = fact
        super().__init__(f"{fact}: {advice}" if advice else fact, **where)

    def advise(self, advice: str) -> UnfinishedError:
        """The same error with another command's advice; returns self."""
        self.message = f"{self.fact}: {advice}"
        self.args = (self.message,)
        return self


class UnknownCard(BidsError):
    """The engine needs a pile card the log never showed (diffs: undetermined)."""

    kind = "undetermined"



class NothingToScoreError(BidsError):
    """The log holds no trick at all (rounds = [] or only deal-only rounds)."""

    kind = "empty"


class LimitError(BidsError):
    """The input is larger than bidscli accepts (file size, rounds, names)."""

    kind = "limit"


class _Abort(Exception):
    """Stop the current round after an error the engine cannot play past.

    Not a ``BidsError``: never shown, the error it follows was reported already."""



def nearest(name: str, choices) -> str | None:
    """The closest valid name, for 'did you mean' hints."""
    import difflib

    match = difflib.get_close_matches(str(name), [str(c) for c in choices], n=1, cutoff=0.5)
    return match[0] if match else None


def did_you_mean(name: str, choices) -> str:
    near = nearest(name, choices)
    return f" (did you mean '{near}'?)" if near else ""
