"""What the recorder says (``bids record``, ``bids serve``'s tables): its lines as data, worded
when shown, and laid out for a terminal (wrapped to its width, typed text cut and escaped).

:class:`Outcome` is what one typed line did: the lines to show, and what the driver must do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import BidsError
from ..core.i18n import Listed, Message, labelled, output_language, worded
from ..core.sanitize import shorten, terminal
from ..report.render import terminal_width
from ..report.table import display_width
from ..report.table import wrap as wrap_lines

WIDTH = 100  # the widest a line shown is; narrower when the terminal is (width())
ECHO = 200  # at most, characters of typed text shown back (a longer line is cut in the middle)


class Remark:
    """A line (or a paragraph) the recorder says, worded when it is shown: in the output language
    at a terminal, in the table's language for ``bids serve`` (``i18n.text(said)``).

    ``message``: a ``Message``, a text already worded (typed text, a table) or any worded value.
    On a screen it is wrapped to width() columns, ``indent`` before its first line and ``hang``
    before the others; with ``hang=None`` it is one line, never wrapped (validate's messages),
    cut in the middle past ``limit`` characters. (Not ``engine.results.Said``, a message whose
    English is kept once made.)"""

    __slots__ = ("message", "indent", "hang", "limit")

    def __init__(self, message: Any, indent: str = "", hang: str | None = "    ", limit: int | None = None) -> None:
        self.message, self.indent, self.hang, self.limit = message, indent, hang, limit

    def text(self, lang: str | None = None) -> str:
        said = self.indent + str(worded(self.message, lang))
        return said if self.limit is None else shorten(said, self.limit, lang, escaped=True)

    in_language = text

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Remark({self.message!r})"

    def screen(self, lang: str | None = None) -> list[str]:
        """The screen lines it takes, worded in ``lang`` (default: the output language)."""
        said = self.text(lang)
        if self.hang is None:
            return [said if self.limit is not None else clean(said)]
        return wrap(said, self.hang)


# What an outcome says, a line at a time: a message (worded, then wrapped under a 4-space
# indent), a ``Remark`` (worded, then laid out as it says) or a text already worded
# (shown as it is).
Line = Message | Remark | str


def screen_lines(lines: Iterable[Line], lang: str | None = None) -> list[str]:
    """An outcome's lines as a terminal shows them, worded in ``lang`` (default: the output language)."""
    out: list[str] = []
    for line in lines:
        if isinstance(line, str):
            out.append(line)
        elif isinstance(line, Remark):
            out += line.screen(lang)
        else:
            out += wrap(line.text(lang))
    return out


class Parts(Remark):
    """Parts said on one line, joined by ' | ', when they fit; else one part a line (``join_parts``)."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Message) -> None:
        super().__init__(None)
        self.parts = parts

    def text(self, lang: str | None = None) -> str:
        return " | ".join(p.text(lang) for p in self.parts)

    in_language = text

    def screen(self, lang: str | None = None) -> list[str]:
        return join_parts([p.text(lang) for p in self.parts])


class Place:
    """Where a refused line is said to be, then what is wrong, joined by ': ' (as an error's place
    is: ``input line 3: round 1, trick 2: ...``), each part worded in the language shown; parts
    that are empty are left out."""

    __slots__ = ("parts", "sep")

    def __init__(self, *parts: Any, sep: str = ": ") -> None:
        self.parts, self.sep = parts, sep

    def in_language(self, lang: str | None = None) -> str:
        parts = [str(worded(p, lang)) for p in self.parts if p]
        if self.sep == "; ":  # clauses of one sentence: the language's semicolon (Listed)
            return Listed(parts, ";").in_language(lang or output_language())
        said = parts[-1] if parts else ""
        for part in reversed(parts[:-1]):  # a place and what follows it: the language's colon
            said = labelled(part, said, lang)
        return said


class ErrorText:
    """An error's message (not its place) as a worded value."""

    __slots__ = ("error",)

    def __init__(self, error: BidsError) -> None:
        self.error = error

    def in_language(self, lang: str | None = None) -> str:
        return self.error.text(lang)


def clean(text: str) -> str:
    """Text shown to the user, control characters escaped (typed input is echoed in messages)."""
    return terminal(text)


def width() -> int:
    """The screen columns the recorder's lines fit: the terminal's (COLUMNS, else its size; 100
    for a pipe), at most WIDTH. Japanese text counts two columns a character (display_width)."""
    return min(WIDTH, terminal_width())


def wrap(text: str, indent: str = "    ") -> list[str]:
    """One logical line as screen lines of at most width() columns: report/table.wrap, the one
    wrapper, given the recorder's width and its text escaped first (typed text is echoed in it)."""
    return wrap_lines(clean(text), width(), hang=indent) or [""]


def join_parts(parts: Sequence[str]) -> list[str]:
    """Parts on one line joined by ' | ' when they fit, else one part a line (each wrapped)."""
    line = " | ".join(parts)
    if display_width(line) <= width() and line.isprintable():
        return [line]
    out = wrap(parts[0])
    for part in parts[1:]:
        out += wrap("    " + part, "      ")
    return out



@dataclass
class Outcome:
    """What one typed line did: the lines to show, and what the driver must do."""

    said: list[Line] = field(default_factory=list)  # worded when shown: ``lines``
    error: bool = False  # the line was refused (scripted use exits 1 at the end)
    save: bool = False  # the log changed: write it now
    done: bool = False  # quit
    asking: bool = False  # a question waits for an answer (a steal)
    # What changed the log (with save): ("trick", LINE), ("leader", NAME) or ("undo",), each
    # a line to type again (reload carries what was not saved into the file as it is now).
    change: tuple | None = None
    # A file command for the driver: ("save", NAME or "") or ("reload",).
    request: tuple | None = None

    @property
    def lines(self) -> list[str]:
        """What it says, as screen lines in the output language."""
        return screen_lines(self.said)

