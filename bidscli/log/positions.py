"""Where things are in a log's text: the lines of its rounds, tricks, keys and ruleset (the
reader, reader.py, reads what they say).

TOML parsers do not report positions, so lines are found by searching the text: ``[[rounds]]``
headers give the rounds, and each trick is searched for, as a one-line string, in its round's
stretch of the text (from its header to the next), after the trick before it. A line is what
``str.splitlines`` makes it: all the searches run on :attr:`LogPositions._nl`, the text with
each of its line breaks written as a "\n", so that counting "\n" counts lines.
"""

from __future__ import annotations

import re
from functools import cached_property

from ..files.bounds import LineIndex

_ROUNDS_RE = re.compile(r"\s*\[\[\s*rounds\s*\]\]")
# The characters other than "\n" and "\r" at which str.splitlines breaks a line.
_OTHER_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LONE_CR = re.compile(r"\r(?!\n)")  # "\r" breaks a line alone; "\r\n" is one break, with its "\n"
# A line that sets a key or opens a table: group 2 is the key. [^\S\n] is a space that does not
# end the line (for the search of the whole text; the key index matches one line at a time).
# A quoted key ("x y" = 2, 'x y' = 2) is group 3 or 4 (written without escapes: one with
# escapes is not looked for), a bare one group 5.
_KEY = r"^[^\S\n]*(\[{0,2})[^\S\n]*(%s)[^\S\n]*(?:=|\.|\])"
_KEY_RE = re.compile(_KEY % r"\"([^\"\\\n]*)\"|'([^'\n]*)'|([\w.\-]+?)")
_RULESET_KEY_RE = re.compile(_KEY % "\"?ruleset\"?", re.MULTILINE)  # the first line of _KEY_RE's "ruleset"


class LogPositions:
    """The line finding of :class:`bidscli.log.reader.LogReader` (which sets ``text``)."""

    text: str

    @cached_property
    def _nl(self) -> str:
        """The text with each line break that str.splitlines knows ending in one "\n", every
        character at its place: a "\r" or U+2028 alone becomes a "\n" ("\r\n" ends in one). A
        log's breaks are "\n" or "\r\n": then this is the text itself."""
        text = self.text
        lone_cr = "\r" in text and text.count("\r") != text.count("\r\n")
        if not lone_cr and not any(c in text for c in _OTHER_BREAKS):
            return text
        for c in _OTHER_BREAKS:
            text = text.replace(c, "\n")
        return _LONE_CR.sub("\n", text) if lone_cr else text

    @cached_property
    def _index(self) -> LineIndex:
        return LineIndex(self._nl.split("\n"), _KEY_RE)  # every key's lines, found in one pass

    # Positions -------------------------------------------------------------
    def _round_lines(self) -> tuple[list[int], list[int]]:
        """The line of each ``[[rounds]]`` header, and where its "[[" is in the text: jumping from
        one "[[" to the next, counting "\n" on the way."""
        text = self._nl
        pat = _ROUNDS_RE
        lines, offsets = [], []
        lineno, last = 1, 0
        i = text.find("[[")
        while i != -1:
            lineno += text.count("\n", last, i)
            last = text.find("\n", i)
            if pat.match(text, text.rfind("\n", 0, i) + 1, last if last != -1 else len(text)):
                lines.append(lineno)
                offsets.append(i)
            if last == -1:
                break
            i = text.find("[[", last)
        return lines, offsets

    def _key_line(self, key: str, start: int = 1, end: int | None = None) -> int | None:
        """The first line at or after ``start`` that sets ``key`` (or opens table ``[key]``).

        Looked up in an index of every key's lines, built on the first call: many errors
        (50,000 unknown keys) cost one pass over the file, not one pass each.
        """
        return self._index.key_line(key.strip("[]"), max(start, 1), end)

    def _ruleset_line(self) -> int | None:
        """The line of ``ruleset = ...``: one search of the text (the key index is built only for errors)."""
        m = _RULESET_KEY_RE.search(self._nl)
        return None if m is None else self._nl.count("\n", 0, m.start()) + 1

    def _option_line(self, key: str) -> int | None:
        """The line of an option: searched from the ``[options]`` header (found only on error)."""
        return self._key_line(key, self._key_line("[options]") or 1)

    def _trick_lines(self, tricks: list[object], at: int | None, upto: int, line: int | None) -> list[int | None]:
        """The line of each of ``tricks``, a round's, found in the text from ``at`` (where its
        header is, on line ``line``) to ``upto`` (where the next one is); ``line`` for a trick not
        found there (not a one-line string as written: escapes, a trick written another way) and
        for every trick of a round with no header (``at`` None: there is no stretch to search)."""
        if at is None or line is None:  # a header is found with its line: never one without the other
            return [line] * len(tricks)
        text = self._nl
        find, count = text.find, text.count
        out: list[int | None] = []
        at_line = line
        for trick in tricks:
            found = None
            if trick.__class__ is str and trick:
                k = find(trick, at, upto)
                n = len(trick)
                # A whole string: a quote before it and the same quote after it, and for '"' not an
                # escaped quote inside another string. Else on to the next place that holds it.
                while k != -1:
                    quote = text[k - 1]
                    if ((quote == '"' and text[k - 2] != "\\") or quote == "'") and text.startswith(quote, k + n):
                        break
                    k = find(trick, k + 1, upto)
                if k != -1:
                    found = at_line = at_line + count("\n", at, k)
                    at = k + n + 1
            out.append(line if found is None else found)
        return out
