"""The TOML reader of game logs and rulesets: rtoml for the plain logs, tomli for the rest.

Three readers, one language (TOML 1.0, what Python 3.11's tomllib reads) and
one set of messages (tomllib's):

* **tomli's compiled wheel** (else the standard tomllib, which *is* tomli,
  vendored): the reference. Every text rtoml does not take, and every text
  that is not valid TOML, is read by it, so every message and position a user
  sees is tomllib's. About 3x faster than tomllib on a six-player log.
* **rtoml** (Rust, about 3x faster than tomli again: docs/performance.md) reads
  a text only when :func:`plain` says it holds none of what rtoml reads
  differently from tomllib: rtoml 0.14 reads TOML 1.1 (inline tables over
  lines, the ``\\e`` and ``\\x`` escapes, times without seconds) and a leading
  byte-order mark, which tomllib refuses. On toml-test's 777 cases (valid and
  invalid, TOML 1.0 and 1.1) rtoml alone differs from tomllib on 22, every one
  of them caught by :func:`plain`; with the screen the two differ on none
  (docs/performance.md). When rtoml refuses a text, tomli reads it again: a
  broken log is worded by tomli, and a text rtoml alone refuses (a float
  out of range) is still read.
* rtoml is imported only from the ``RTOML_AFTER``-th text on: its import (with
  pathlib, which it imports) costs about 2.5 ms, a log gains about 0.3 ms, so a
  one-log command stays on tomli. Without rtoml (no wheel) tomli reads all.

Errors come out as :class:`TOMLDecodeError` with the parser's message only, so
callers find the line in the message the same way whichever parser ran.
"""

from __future__ import annotations

import re

try:
    import tomli as _parser  # compiled wheel (tomli >= 2.1 ships mypyc builds)
except ImportError:  # pragma: no cover - a platform without the wheel: the standard library
    import tomllib as _parser

PARSER = _parser.__name__
RTOML_AFTER = 8  # texts read by tomli before rtoml takes the plain ones (see the module docstring)

_read = 0  # texts read so far in this process
_rtoml_loads = None  # rtoml.loads once imported; False when it is not installed
# A time: a digit, a colon, a digit. The colon first: the regex engine then skips from colon to
# colon in C instead of trying a digit at every position (about 10x faster on a log).
_TIME = re.compile(r":(?<=\d:)\d")


class TOMLDecodeError(ValueError):
    """Invalid TOML; ``str()`` is the parser's message, e.g. "Invalid value (at line 2, column 5)"."""


def plain(text: str) -> bool:
    """No TOML 1.1 form and no byte-order mark: rtoml and tomllib read ``text`` alike.

    Each test is a C-speed search (a log is read in about 100 us): a backslash (every escape,
    among them TOML 1.1's ``\\e`` and ``\\x``), a brace (every inline table, among them 1.1's
    over several lines), a digit, a colon and a digit (every time, among them 1.1's without
    seconds; trick lines such as "K12: Ana R5" have a space after the colon), and U+FEFF.
    A text that fails goes to tomli, which is right for all of them, only slower.
    """
    return ("\\" not in text and "{" not in text and "\ufeff" not in text
            and _TIME.search(text) is None)


def _fast():
    """rtoml.loads, imported on first use; None when rtoml is not installed."""
    global _rtoml_loads
    if _rtoml_loads is None:
        try:
            import rtoml
        except ImportError:
            _rtoml_loads = False
        else:
            _rtoml_loads = rtoml.loads
    return _rtoml_loads or None


def _by_rtoml(text: str) -> dict | None:
    """rtoml's data for a plain text, or None: rtoml is not in use yet, not installed, or refuses it."""
    fast = _fast() if _read > RTOML_AFTER else None
    if fast is None or not plain(text):
        return None
    try:
        return fast(text)
    except Exception:  # noqa: BLE001 - any refusal: tomli reads the text and words the error
        return None


def loads(text: str) -> dict:
    global _read
    _read += 1
    data = _by_rtoml(text)
    if data is not None:
        return data
    try:
        return _parser.loads(text)
    except _parser.TOMLDecodeError as exc:
        raise TOMLDecodeError(str(exc)) from None
