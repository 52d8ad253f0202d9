"""One exception root for everything a user can get wrong.

Every error carries where it happened (file, TOML line, round, trick, player)
so that the CLI can print ``file:line: round r, trick t: message`` and
``validate --format json`` can give each field on its own.

Its message is a ``Message`` (core/i18n.py: an id and its arguments, worded when shown) or, for
the messages not yet converted, a plain English ``str``. ``str(error)`` and ``error.text()`` word
it in the output language; ``error.message`` and ``to_json()`` in English.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from .i18n import ENGLISH, Message, labelled, text
from .sanitize import one_line, path_text, shorten


class BidsError(Exception):
    """Root of every error bidscli reports to a user (never a traceback)."""

    kind = "error"

    def __init__(
        self,
        message: str | Message,
        *,
        file: str | None = None,
        line: int | None = None,
        round: int | None = None,
        trick: int | None = None,
        player: str | None = None,
        follows: int | None = None,
    ) -> None:
        if isinstance(message, str):
            if len(message) > 1000:  # a huge value inside (a 900,000-card trick): keep the start and the end
                message = shorten(message, lang=ENGLISH)
            if not message.isprintable():  # a value quoted from input: one message is one line
                message = one_line(message)
        super().__init__(message)
        self.msg = message  # the message as data (a Message, or a str not yet converted)
        # A follow-on error: the line of the mistake it comes from (brief: one mistake, one
        # message; what still follows from it is marked).
        self.follows = follows
        # What to do about it, on the lines under the message (a Message, worded with it; its own
        # line breaks kept: it is the program's text, not input's), or None.
        self.hint: Message | None = None
        self.file = file
        self.line = line
        self.round = round
        self.trick = trick
        self.player = player

    def located(self, **where: str | int | None) -> Self:
        """Fill in location fields that are still unknown; returns self."""
        for key, value in where.items():
            if value is not None and getattr(self, key) is None:
                setattr(self, key, value)
        return self

    @property
    def message(self) -> str:
        """The message in English (JSON; code that reads a message); ``text()`` words it for a player."""
        return self.text(ENGLISH, marked=False)

    @message.setter
    def message(self, value: str | Message) -> None:
        self.msg = value
        self.args = (value,)

    def where(self, lang: str | None = None) -> str:
        """``file:line: round r, trick t``, as much of it as is known, worded in ``lang``."""
        file, place = self.file_part(), self.place(lang)
        return f"{file}: {place}" if file and place else file or place

    def file_part(self) -> str:
        """``file:line`` (or the file alone), as editors read it in every language; "" when unknown."""
        if self.file is None:
            return ""
        file = path_text(self.file)
        return file if self.line is None else f"{file}:{self.line}"

    def place(self, lang: str | None = None) -> str:
        """Where in the game, worded in ``lang``: ``round r, trick t`` (and ``line n`` when no file
        is known); "" when none is."""
        parts = []
        if self.file is None and self.line is not None:
            parts.append(Message("line {line}", line=self.line).text(lang))
        if self.round is not None and self.trick is not None:
            parts.append(Message("round {round}, trick {trick}", round=self.round, trick=self.trick).text(lang))
        elif self.round is not None:
            parts.append(Message("round {round}", round=self.round).text(lang))
        elif self.trick is not None:
            parts.append(Message("trick {trick}", trick=self.trick).text(lang))
        said = parts[-1] if parts else ""
        for part in reversed(parts[:-1]):
            said = labelled(part, said, lang)
        return said

    @property
    def follow_on(self) -> bool:
        return self.follows is not None

    def text(self, lang: str | None = None, *, marked: bool = True) -> str:
        """The message worded in ``lang`` (default: the output language), with the follow-on
        marker when it is one (unless not ``marked``)."""
        said = text(self.msg, lang)
        if not isinstance(self.msg, str):  # as a str message is kept (above), once worded
            if len(said) > 1000:
                said = shorten(said, lang=lang)
            if not said.isprintable():
                said = one_line(said)
        if self.follows is not None and marked:
            said = Message("{message} (follows from line {line})", message=said, line=self.follows).text(lang)
        if self.hint is not None:
            said += "\n" + self.hint.text(lang)
        return said

    def __str__(self) -> str:
        return self.in_language(None)

    def in_language(self, lang: str | None) -> str:
        """``file:line: place: message`` worded in ``lang`` (default: the output language): the
        ``file:line:`` prefix as editors read it in every language, the place joined to the message
        by the language's punctuation (``labelled``); as an argument of another message, an error is
        worded in that message's language."""
        said, place, file = self.text(lang), self.place(lang), self.file_part()
        if place:  # the place and the message: the language's punctuation (labelled)
            said = labelled(place, said, lang)
        return f"{file}: {said}" if file else said

    def kept(self) -> BidsError:
        """This error without what it holds of where it was found (its traceback, and the error it
        was raised while handling), for keeping it for its message: those frames may hold whatever
        keeps the error (a reader and its list of errors), a reference cycle that only the cycle
        collector frees; without it each log's objects die with it and memory stays flat over any
        number of logs. Returns self."""
        self.__traceback__ = None
        self.__context__ = self.__cause__ = None
        return self

    def to_json(self) -> dict[str, str | int | bool | None]:
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
    # A key the log needs (ruleset, players, rounds) that this error says is missing or unusable:
    # what follows from its absence is not reported again.
    meant: str | None = None


class RulesetError(BidsError):
    """A ruleset file or override is invalid (unknown knob, bad value, cycle...)."""

    kind = "ruleset"


class DeckError(BidsError):
    """A card that is not in this ruleset's deck, or deck counts that do not add up."""

    kind = "deck"


class IllegalPlayError(BidsError):
    """The recorded play breaks a rule: wrong leader, card not in hand, bad steal..."""

    kind = "illegal"


_PARTIAL_ADVICE = Message("use --allow-partial to see the standings so far")  # bids score's


class UnfinishedError(BidsError):
    """The game cannot be crowned: its last round is unfinished (cli.md 'Unfinished games').

    ``fact`` says where the game stops; ``advice`` what to do, which depends on the command
    (``bids score``: --allow-partial); the message is both. ``advise`` words another's."""

    kind = "unfinished"

    def __init__(self, fact: str | Message, *, advice: str | Message | None = _PARTIAL_ADVICE,
                 **where: Any) -> None:
        self.fact = fact
        super().__init__(_joined(fact, advice) if advice else fact, **where)

    def advise(self, advice: str | Message) -> UnfinishedError:
        """The same error with another command's advice; returns self."""
        self.message = _joined(self.fact, advice)
        return self


def _joined(fact: str | Message, advice: str | Message) -> str | Message:
    """``fact: advice``; a Message when either is one (worded when shown)."""
    if isinstance(fact, str) and isinstance(advice, str):
        return f"{fact}: {advice}"
    return Message("{fact}: {advice}", fact=fact, advice=advice)


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



def nearest(name: str, choices: Iterable[object]) -> str | None:
    """The closest valid name, for 'did you mean' hints."""
    import difflib

    match = difflib.get_close_matches(str(name), [str(c) for c in choices], n=1, cutoff=0.5)
    return match[0] if match else None


def suggestion(name: str, choices: Iterable[object]) -> Message | str:
    """The hint after a name that is none of ``choices``: `` (did you mean 'X'?)`` as a message
    (a message's ``{hint}``, worded with it), or "" when no choice is near."""
    return meant(nearest(name, choices))


def meant(near: str | None) -> Message | str:
    """`` (did you mean 'X'?)`` for the name ``near``, or "" for None: a message's ``{hint}``."""
    # TRANSLATORS: put after a name that is not known ("unknown option 'colr_bids' (did you mean
    # 'color_bids'?): ..."); it starts with a space.
    return Message(" (did you mean '{name}'?)", name=near) if near else ""

