"""The TOML reader of game logs: tomli's compiled wheel when installed, else the standard tomllib.

Measured on the bench logs (docs/performance.md), tomli's mypyc-compiled wheel
parses a six-player log about 3.5x faster than tomllib, and since tomllib *is*
tomli (vendored into Python 3.11), its error messages and positions are the
same text. rtoml and pytomlpp are faster still but word their errors
differently and count columns differently, and the messages are what a user
sees: see docs/performance.md for the comparison.

Errors come out as :class:`TOMLDecodeError` with the parser's message only, so
callers find the line in the message the same way whichever parser ran.
"""

from __future__ import annotations

try:
    import tomli as _parser  # compiled wheel (tomli >= 2.1 ships mypyc builds)
except ImportError:  # pragma: no cover - a platform without the wheel: the standard library
    import tomllib as _parser

PARSER = _parser.__name__


class TOMLDecodeError(ValueError):
    """Invalid TOML; ``str()`` is the parser's message, e.g. "Invalid value (at line 2, column 5)"."""


def loads(text: str) -> dict:
    try:
        return _parser.loads(text)
    except _parser.TOMLDecodeError as exc:
        raise TOMLDecodeError(str(exc)) from None
