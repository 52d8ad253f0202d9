"""The TOML reader of game logs and rulesets, and where its errors are.

One reader: tomli, below 2.4 (pyproject.toml), which reads TOML 1.0, the language of Python
3.11's tomllib (tomllib *is* tomli, vendored), and words every error as tomllib does: the
messages are part of the interface (cli.md, the goldens). Where tomli ships a compiled wheel
(mypyc), it is that build of the same source (docs/performance.md has its speed).

Errors come out as :class:`TOMLDecodeError` with the parser's message only. :func:`error_at`
is the one place that reads a position from such a message (and :func:`number_line` finds the
number Python refuses), for the log reader, the ruleset reader and the hints (tomlhints.py).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import tomli

from ..core.i18n import ENGLISH, N_, Message

_POS = re.compile(r"\(at line (\d+), column (\d+)\)")
_BIG = re.compile(r"\d{1000}")  # what makes Python refuse an integer (more than 4,300 digits) starts so


class TOMLDecodeError(ValueError):
    """Invalid TOML; ``str()`` is the parser's message, e.g. "Invalid value (at line 2, column 5)"."""


def loads(text: str) -> dict[str, Any]:
    """The data of a TOML text. Raises TOMLDecodeError for invalid TOML, ValueError for an integer
    of thousands of digits (Python's own limit), RecursionError for nesting too deep."""
    try:
        return tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise TOMLDecodeError(str(exc)) from None


class ErrorAt(NamedTuple):
    """Where a TOML error is in its text. ``line`` is the line to show (1-based, lines ending at
    "\\n" as TOML counts them): the one the message names, or the last line of the text when the
    reader stopped at its end; ``at_end`` says it did."""

    line: int | None
    column: int | None
    at_end: bool


def error_at(message: str, text: str) -> ErrorAt:
    """Where the TOMLDecodeError of ``message`` is in ``text``."""
    m = _POS.search(message)
    if m:
        return ErrorAt(int(m.group(1)), int(m.group(2)), False)
    if "end of document" in message:
        return ErrorAt(max(1, text.count("\n") + (not text.endswith("\n"))), None, True)
    return ErrorAt(None, None, False)


def number_line(text: str) -> int | None:
    """The line of the first number of thousands of digits: where ``loads`` raised ValueError."""
    m = _BIG.search(text)
    return None if m is None else text.count("\n", 0, m.start()) + 1


# The TOML reader's words, translated for a message in another language than English (where they
# stay as the reader says them: cli.md). Its fixed messages, then those that name what they found.
_FIXED = frozenset((
    N_("Invalid statement"), N_("Cannot overwrite a value"), N_("Expected '=' after a key in a key/value pair"),
    N_("Invalid initial character for a key part"), N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"), N_("Invalid hex value"), N_("Unterminated string"),
    N_("Invalid date or datetime"), N_("Invalid value"), N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"), N_("Expected newline or end of document after a statement"),
))
_NAMING = (
    (re.compile(r"Cannot declare (.+) twice"), N_("Cannot declare {key} twice")),
    (re.compile(r"Cannot mutate immutable namespace (.+)"), N_("Cannot mutate immutable namespace {key}")),
    (re.compile(r"Cannot redefine namespace (.+)"), N_("Cannot redefine namespace {key}")),
    (re.compile(r"Duplicate inline table key (.+)"), N_("Duplicate inline table key {key}")),
    (re.compile(r"Found invalid character (.+)"), N_("Found invalid character {key}")),
    (re.compile(r"Illegal character (.+)"), N_("Illegal character {key}")),
    (re.compile(r"Expected (.+)"), N_("Expected {key}")),
)
_AT = re.compile(r"(.*) \((?:at line (\d+), column (\d+)|(at end of document))\)", re.DOTALL)


class ReaderWords:
    """A TOML reader's message in a message of bidscli, worded when shown: in English as the
    reader said it ("Invalid value (at line 2, column 5)"), in another language translated where
    the catalogs know its words (they know all of tomli's), else as it is."""

    __slots__ = ("said",)

    def __init__(self, said: str) -> None:
        self.said = said

    def __reduce__(self) -> tuple[type[ReaderWords], tuple[str]]:
        return (ReaderWords, (self.said,))

    def in_language(self, lang: str) -> str:
        if lang == ENGLISH:
            return self.said
        m = _AT.fullmatch(self.said)
        head = self.said if m is None else m.group(1)
        if head in _FIXED:
            words = Message(head).text(lang)
        else:
            words = next((Message(msgid, key=found.group(1)).text(lang) for pattern, msgid in _NAMING
                          if (found := pattern.fullmatch(head)) is not None), head)
        if m is None:
            return words
        if m.group(4):
            return Message("{message} (at end of document)", message=words).text(lang)
        return Message("{message} (at line {line}, column {column})", message=words, line=int(m.group(2)),
                       column=int(m.group(3))).text(lang)

