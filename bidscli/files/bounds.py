"""Limits that keep reading linear in the input, checked before the TOML parser runs.

The TOML parser (tomli) is linear in most of its input, but not in two
places: a dotted key of ``n`` parts costs it about ``n * n`` time and memory
(20,000 parts, a 40 KB file, took 1.6 GB), and each key costs a few
microseconds, so half a million keys take many seconds. So a text is refused,
with a located message, before it is parsed when it has

* a line longer than :data:`MAX_LINE_CHARS` characters,
* a dotted key of more than :data:`MAX_KEY_PARTS` parts, or a key longer than
  :data:`MAX_KEY_CHARS` characters,
* more than :data:`MAX_KEYS` keys and tables.

The checks are quick scans of the text (regular expressions, all in C), not a
second parser, so they count generously: every ``=`` and ``[`` sign counts as
a key or a table (also inside a string, and an array's ``[`` too), and a dotted
name followed by ``=`` or ``]`` counts as a key even inside a string. No real
log or ruleset comes near these numbers (a 1,000-round log has about 21,000
such signs, its longest dotted key has 2 parts). docs/limits.md lists every
limit of bidscli.

:class:`LineIndex` finds the line of a key without scanning the file once per
question, so that reporting many errors stays linear too.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from ..core.errors import LimitError
from ..core.i18n import Grouped, Message
from .refused import file_noun

MAX_LINE_CHARS = 65_536
MAX_KEY_PARTS = 8
MAX_KEY_CHARS = 256
MAX_KEYS = 50_000

_PART = r"""(?:(?<![\w-])[\w-]+|"[^"\n]{0,256}"|'[^'\n]{0,256}')"""
# A chain of more than MAX_KEY_PARTS parts joined by dots (ASCII bare keys: \w is ASCII with re.ASCII).
_DEEP_KEY = re.compile(rf"(?:{_PART}[ \t]*\.[ \t]*){{{MAX_KEY_PARTS},}}{_PART}", re.ASCII)
_KEY_END = re.compile(r"[ \t]*[=\]]")
# A key longer than MAX_KEY_CHARS: a bare or quoted key at the start of a line, or in a [table]
# header, followed by '=' (or ']' / '.'). Bounded repetitions keep each attempt short.
_LONG_KEY = re.compile(
    rf"""[ \t]*\[*[ \t]*(?:[\w-]{{{MAX_KEY_CHARS + 1},}}|"[^"\n]{{{MAX_KEY_CHARS + 1},}}"|'[^'\n]{{{MAX_KEY_CHARS + 1},}}')"""
    r"[ \t]*[=.\]]",
    re.ASCII,
)


def check_toml(text: str, what: str = "log") -> LimitError | None:
    """The first limit ``text`` breaks (a LimitError with its TOML line), or None.

    Lines end at "\\n" only, as TOML counts them (``str.splitlines()`` also splits at U+2028 and
    friends, which a quoted key may hold, and a key cut in pieces would pass the checks). Only a
    line of more than MAX_KEY_CHARS characters can be too long or hold a key too long, and only
    a line of MAX_KEY_PARTS dots a key too deep: the checks look at those lines alone, found by
    scans of the text in C (a real log has none).
    """
    lines = _lines_to_check(text)
    for no, line in lines:
        if len(line) > MAX_LINE_CHARS:
            return LimitError(Message("a line of {count} characters: bidscli reads lines of at most {limit}",
                                      count=Grouped(len(line)), limit=Grouped(MAX_LINE_CHARS)), line=no)
    if len(text) > MAX_KEYS:  # a text of fewer characters has fewer signs
        keys = text.count("=") + text.count("[")  # an upper bound (strings count too), counted in C
        if keys > MAX_KEYS:
            # TRANSLATORS: {what} is "log" or "ruleset" (as translated).
            return LimitError(Message("{count} keys, tables and arrays ('=' and '[' signs): bidscli reads at most "
                                      "{limit} a {what}", count=Grouped(keys), limit=Grouped(MAX_KEYS),
                                      what=file_noun(what)))
    for no, line in lines:
        if line.count(".") >= MAX_KEY_PARTS:
            for m in _DEEP_KEY.finditer(line):  # linear: each chain is matched once, then on
                if not _KEY_END.match(line, m.end()):
                    continue  # not a key (a key is followed by '=', or ']' in a header): a string's text
                parts = m.group().count(".") + 1  # at least; quoted parts may hold dots of their own
                return LimitError(Message("a dotted key of {count} parts: bidscli reads at most {limit} "
                                          "(hands.Ana has 2)", count=Grouped(parts), limit=MAX_KEY_PARTS), line=no)
        if len(line) > MAX_KEY_CHARS and _LONG_KEY.match(line):
            return LimitError(Message("a key of more than {limit} characters: bidscli reads at most {limit}",
                                      limit=MAX_KEY_CHARS), line=no)
    return None


# A line of more than MAX_KEY_CHARS characters, matched from a line's start: the lines that are
# not (each at most MAX_KEY_CHARS, then "\n") are passed over inside one match, where a search
# would start a match at every "\n" (a log has hundreds of short lines). Possessive: a
# line is scanned once, never backtracked into. The long line starts MAX_KEY_CHARS + 1 before
# the match's end.
_LONG_LINE = re.compile(rf"(?:[^\n]{{0,{MAX_KEY_CHARS}}}+\n)*+[^\n]{{{MAX_KEY_CHARS + 1}}}")
# A line of MAX_KEY_PARTS dots after the first (the first has no "\n" before it: measured apart).
_DOTTED_LINE = re.compile(rf"\n(?:[^\n.]*+\.){{{MAX_KEY_PARTS}}}")


def _lines_to_check(text: str) -> list[tuple[int, str]]:
    """(number, text) of each line of more than MAX_KEY_CHARS characters or with MAX_KEY_PARTS
    dots, in order."""
    starts = []
    at = 0
    while (m := _LONG_LINE.match(text, at)) is not None:
        starts.append(m.end() - MAX_KEY_CHARS - 1)
        at = text.find("\n", m.end()) + 1
        if not at:
            break
    if not _fewer(text, ".", MAX_KEY_PARTS):  # the text has that many dots: find the lines
        first = text.find("\n")
        if text.count(".", 0, len(text) if first == -1 else first) >= MAX_KEY_PARTS:
            starts.append(0)
        starts += [m.start() + 1 for m in _DOTTED_LINE.finditer(text)]
        starts = sorted(set(starts))
    out = []
    no, last = 1, 0
    for start in starts:
        no += text.count("\n", last, start)
        last = start
        end = text.find("\n", start)
        out.append((no, text[start:] if end == -1 else text[start:end]))
    return out


def _fewer(text: str, char: str, n: int) -> bool:
    """``text.count(char) < n``, told by at most ``n`` searches, which skip ahead in C (memchr),
    where a count looks at every character (a log has a few dots: [rounds.hands])."""
    at = -1
    for _ in range(n):
        at = text.find(char, at + 1)
        if at == -1:
            return True
    return False


class LineIndex:
    """The lines of the keys of a text, found with one pass over its lines (built on first use)."""

    def __init__(self, lines: list[str], key_re: re.Pattern[str]) -> None:
        self.lines = lines
        self.key_re = key_re  # group 2: the key of a line that sets one (a quoted one with its quotes)
        self._keys: dict[str, list[int]] | None = None

    def key_line(self, name: str, start: int = 1, end: int | None = None) -> int | None:
        """The first line in ``start..end`` (1-based) that sets ``name`` or opens table ``[name]``."""
        if self._keys is None:
            keys: dict[str, list[int]] = {}
            match = self.key_re.match
            for i, line in enumerate(self.lines, 1):
                # A key line has '=', '.' or ']' after its key: the others (a log's many card and
                # trick lines) cannot match, and are passed over without the regex.
                if "=" not in line and "." not in line and "]" not in line:
                    continue
                m = match(line)
                if m:
                    key = m.group(2)
                    if key[:1] in "\"'":  # a quoted key: its text without the quotes
                        key = key[1:-1]
                    keys.setdefault(key, []).append(i)
            self._keys = keys
        hits = self._keys.get(name)
        if not hits:
            return None
        k = bisect_left(hits, start)
        if k < len(hits) and (end is None or hits[k] <= end):
            return hits[k]
        return None
