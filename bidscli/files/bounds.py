"""Limits that keep reading linear in the input (issue 13), checked before the TOML parser runs.

The TOML parser (tomllib) is linear in most of its input, but not in two
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
name followed by ``=`` or ``]`` counts as a key even inside a string. No real log or ruleset comes near these numbers (a 1,000-round log has
about 21,000 such signs, its longest dotted key has 2 parts). docs/limits.md lists
every limit of bidscli.

:class:`LineIndex` finds the line of a key or of a string without scanning
the file once per question, so that reporting many errors stays linear too.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from ..core.errors import LimitError

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


def check_toml(text: str, what: str = "log", lines: list[str] | None = None) -> LimitError | None:
    """The first limit ``text`` breaks (a LimitError with its TOML line), or None.

    Lines are split at "\\n" only, as TOML counts them (``lines`` is accepted for callers that
    have ``str.splitlines()`` at hand, but not used: that also splits at U+2028 and friends, which
    a quoted key may hold, and a key cut in pieces would pass the checks).
    """
    if _within_limits(text):
        return None
    lines = text.split("\n")
    longest = max(map(len, lines))
    if longest > MAX_LINE_CHARS:
        i = next(i for i, line in enumerate(lines) if len(line) > MAX_LINE_CHARS)
        return LimitError(f"a line of {len(lines[i]):,} characters: bidscli reads lines of at most "
                          f"{MAX_LINE_CHARS:,}", line=i + 1)
    keys = text.count("=") + text.count("[")  # an upper bound (strings count too), counted in C
    if keys > MAX_KEYS:
        return LimitError(f"{keys:,} keys, tables and arrays ('=' and '[' signs): bidscli reads at most "
                          f"{MAX_KEYS:,} a {what}")
    # Only a line with MAX_KEY_PARTS dots can hold a deeper key, and only a long line a long key:
    # the regular expressions run on those lines alone (a real log has none).
    if text.count(".") >= MAX_KEY_PARTS or longest > MAX_KEY_CHARS:
        for i, line in enumerate(lines, 1):
            if line.count(".") >= MAX_KEY_PARTS:
                for m in _DEEP_KEY.finditer(line):  # linear: each chain is matched once, then on
                    if not _KEY_END.match(line, m.end()):
                        continue  # not a key (a key is followed by '=', or ']' in a header): a string's text
                    parts = m.group().count(".") + 1  # at least; quoted parts may hold dots of their own
                    return LimitError(f"a dotted key of {parts:,} parts: bidscli reads at most {MAX_KEY_PARTS} "
                                      "(hands.Ana has 2)", line=i)
            if len(line) > MAX_KEY_CHARS and _LONG_KEY.match(line):
                return LimitError(f"a key of more than {MAX_KEY_CHARS} characters: bidscli reads at most "
                                  f"{MAX_KEY_CHARS}", line=i)
    return None


# A line of more than MAX_KEY_CHARS characters, matched from the start of the text: the lines
# that are not (each at most MAX_KEY_CHARS, then "\n") are passed over inside one match, where a
# search would start a match at every "\n" (issue 12: a log has hundreds of short lines).
# Possessive: a line is scanned once, never backtracked into.
_LONG_LINE = re.compile(rf"(?:[^\n]{{0,{MAX_KEY_CHARS}}}+\n)*+[^\n]{{{MAX_KEY_CHARS + 1}}}")
# A line of MAX_KEY_PARTS dots after the first (the first is measured apart).
_DOTTED_LINE = re.compile(rf"\n(?:[^\n.]*+\.){{{MAX_KEY_PARTS}}}")


def _within_limits(text: str) -> bool:
    """True when no limit of check_toml can be broken: the usual case, told without splitting
    the text into lines (issue 12: splitting and measuring every line was most of this check's cost).

    No line is longer than MAX_KEY_CHARS (so none longer than MAX_LINE_CHARS, and no key too
    long), no line has MAX_KEY_PARTS dots (so no deep key: the text's dots are counted first,
    comments may have more), and at most MAX_KEYS '=' and '[' signs (certain without counting
    when the text is shorter). False says only "maybe": check_toml then looks line by line.
    """
    first = text.find("\n")
    head = text if first == -1 else text[:first]
    return (_LONG_LINE.match(text) is None
            and (_fewer(text, ".", MAX_KEY_PARTS)
                 or (head.count(".") < MAX_KEY_PARTS and _DOTTED_LINE.search(text) is None))
            and (len(text) <= MAX_KEYS or text.count("=") + text.count("[") <= MAX_KEYS))


def _fewer(text: str, char: str, n: int) -> bool:
    """``text.count(char) < n``, told by at most ``n`` searches, which skip ahead in C (memchr),
    where a count looks at every character (a log has a few dots: [rounds.hands])."""
    at = -1
    for _ in range(n):
        at = text.find(char, at + 1)
        if at == -1:
            return True
    return False


# A TOML string on one line: basic ("...", with escapes) or literal ('...'). The patterns never
# fail (an unterminated string runs to the end of its line), so one pass over a line is linear.
_STRINGS = re.compile(r""""((?:[^"\\\n]|\\.?)*+)("?)|'([^'\n]*+)('?)""")


class LineIndex:
    """Line numbers of keys and strings, each found with one pass over the lines (built on first use)."""

    def __init__(self, lines: list[str], key_re: re.Pattern) -> None:
        self.lines = lines
        self.key_re = key_re
        self._keys: dict[str, list[int]] | None = None
        self._strings: dict[str, list[int]] | None = None

    def key_line(self, name: str, start: int = 1, end: int | None = None) -> int | None:
        """The first line in ``start..end`` (1-based) that sets ``name`` or opens table ``[name]``."""
        if self._keys is None:
            keys: dict[str, list[int]] = {}
            match = self.key_re.match
            for i, line in enumerate(self.lines, 1):
                # A key line has '=', '.' or ']' after its key: the others (a log's many card and
                # trick lines) cannot match, and are passed over without the regex (issue 12).
                if "=" not in line and "." not in line and "]" not in line:
                    continue
                m = match(line)
                if m:
                    keys.setdefault(m.group(2), []).append(i)
            self._keys = keys
        return _first_in(self._keys.get(name), start, end)

    def string_line(self, text: str, start: int, end: int) -> int | None:
        """The first line in ``start..end`` holding ``text`` as a whole one-line TOML string."""
        if self._strings is None:
            strings: dict[str, list[int]] = {}
            finditer = _STRINGS.finditer
            for i, line in enumerate(self.lines, 1):
                if '"' not in line and "'" not in line:
                    continue
                if line.count('"') == 2 and "'" not in line and "\\" not in line:
                    # One basic string and nothing else to read (a card, a trick line): what the
                    # regular expression would find, without it (issue 12: most lines of a log).
                    a = line.index('"')
                    value = line[a + 1:line.index('"', a + 1)]
                    hits = strings.setdefault(value, [])
                    if not hits or hits[-1] != i:
                        hits.append(i)
                    continue
                for m in finditer(line):
                    if m.group(2):
                        value = m.group(1)
                    elif m.group(4):
                        value = m.group(3)
                    else:
                        continue
                    hits = strings.setdefault(value, [])
                    if not hits or hits[-1] != i:
                        hits.append(i)
            self._strings = strings
        return _first_in(self._strings.get(text), start, end)


def _first_in(hits: list[int] | None, start: int, end: int | None) -> int | None:
    if not hits:
        return None
    k = bisect_left(hits, start)
    if k < len(hits) and (end is None or hits[k] <= end):
        return hits[k]
    return None
