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
