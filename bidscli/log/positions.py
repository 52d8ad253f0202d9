"""Where things are in a log's text: the lines of its rounds, tricks, keys and ruleset (split from
log.py, which reads what they say).

TOML parsers do not report positions, so lines are found by scanning the text:
``[[rounds]]`` headers give the rounds, and each trick string is searched for
in order after its round header. A valid log with plain "\n" breaks is read from
the text alone; its lines, and an index of them, are made only when needed.
"""

from __future__ import annotations

import re
from functools import cached_property

from ..files.bounds import LineIndex

_ROUNDS_RE = re.compile(r"\s*\[\[\s*rounds\s*\]\]")
# ASCII characters other than "\n" at which str.splitlines breaks a line ("\r" alone or in "\r\n").
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e"
_KEY_RE = re.compile(r"^\s*(\[{0,2})\s*\"?([\w.\-]+?)\"?\s*(?:=|\.|\])")
# The first line that sets 'ruleset' (as _KEY_RE reads a key line; [ \t] keeps the match on one line).
_RULESET_KEY_RE = re.compile(r"^[ \t]*\[{0,2}[ \t]*\"?ruleset\"?[ \t]*(?:=|\.|\])", re.MULTILINE)


class LogPositions:
    """The line finding of :class:`bidscli.log.reader.LogReader` (which sets ``text`` and
    ``_header_offsets``)."""

    text: str
    _header_offsets: list[int] | None

    # The text's lines, and an index of them, are made on first use: a valid log with plain "\n"
    # breaks is read from the text alone (issue 12: splitting it was a tenth of reading a log).
    @cached_property
    def _lines(self) -> list[str]:
        return self.text.splitlines()

    @cached_property
    def _index(self) -> LineIndex:
        return LineIndex(self._lines, _KEY_RE)  # lines of keys and strings, found in one pass

    def _newline_breaks(self) -> bool:
        """Every line break of the text is a "\n" or "\r\n" (str.splitlines breaks at more)."""
        text = self.text
        if text and text.isascii() and not any(c in text for c in _OTHER_BREAKS):  # no "\r": no splitlines
            return True
        return len(self._lines) == text.count("\n") + (not text.endswith("\n"))

    # Positions -------------------------------------------------------------
    def _round_lines(self) -> list[int]:
        pat = _ROUNDS_RE
        text = self.text
        if not self._newline_breaks():
            # Line breaks other than "\n" and "\r\n": test line by line.
            return [i for i, l in enumerate(self._lines, 1) if "[[" in l and pat.match(l)]
        # Every line ends at a "\n": jump from one "[[" to the next, counting "\n" on the way.
        out = []
        offsets = self._header_offsets = []  # where each header's "[[" is: the trick search starts there
        lineno, last = 1, 0
        i = text.find("[[")
        while i != -1:
            lineno += text.count("\n", last, i)
            last = text.find("\n", i)
            # The header's line, up to its "\r\n" or "\n" (as splitlines gives it).
            line = text[text.rfind("\n", 0, i) + 1:last if last != -1 else len(text)].removesuffix("\r")
            if pat.match(line):
                out.append(lineno)
                offsets.append(i)
            if last == -1:
                break
            i = text.find("[[", last)
        return out

    def _key_line(self, key: str, start: int = 1, end: int | None = None) -> int | None:
        """The first line at or after ``start`` that sets ``key`` (or opens table ``[key]``).

        Looked up in an index of every key's lines, built on the first call: many errors
        (50,000 unknown keys) cost one pass over the file, not one pass each.
        """
        return self._index.key_line(key.strip("[]"), max(start, 1), end)

    def _ruleset_line(self) -> int | None:
        """The line of ``ruleset = ...``: one search of the text (the key index is built only for errors)."""
        if self._header_offsets is not None:  # every break is a "\n" (_round_lines found out)
            m = _RULESET_KEY_RE.search(self.text)
            if m is not None:
                return self.text.count("\n", 0, m.start()) + 1
        return self._key_line("ruleset")

    def _option_line(self, key: str) -> int | None:
        """The line of an option: searched from the ``[options]`` header (found only on error)."""
        return self._key_line(key, self._key_line("[options]") or 1)

    def _trick_lines(self, i: int, start: int | None, s: int, end: int | None, tl: int | None,
                     tricks: list) -> list[int | None]:
        """The line of each trick of round ``i`` (0-based; its header at ``start``, its last line
        ``end``, None for the last round); ``tl`` for one whose line is not found."""
        out = []
        # With "\n" breaks and this round's header found, each trick's line is found by
        # searching the text for the quoted trick from the previous trick on (C calls, each
        # over the stretch between two tricks); else line by line, then in the index.
        offs = self._header_offsets
        if offs is not None and start is not None and i < len(offs):
            whole = self.text
            at, at_line = offs[i], start
            upto = offs[i + 1] if i + 1 < len(offs) else len(whole)
            usual = self._listed_lines(tricks, at, upto, at_line) if tricks else None
            if usual is not None:
                return usual
        else:
            whole = None
        pos = tl or s
        if whole is None:
            lines = self._lines
            stop = end if end is not None else len(lines)
        for text in tricks:
            line = None
            if whole is not None and text.__class__ is str and text:
                k = whole.find(f'"{text}"', at, upto)
                if k > 0 and whole[k - 1] != "\\":  # not an escaped quote inside another string
                    line = at_line + whole.count("\n", at, k)
                    at, at_line = k + len(text) + 2, line
                else:  # not written as a plain one-line basic string: the index finds it
                    line = self._index.string_line(text, at_line, end)
            elif isinstance(text, str) and text:
                # Its line: the first of lines pos..end (1-based) holding the text, searched
                # from the previous trick's line on. Usually the next line: tested first.
                if pos - 1 < stop and text in lines[pos - 1]:
                    line = pos
                elif pos < stop and text in lines[pos]:
                    line = pos + 1
                else:  # further on: looked up in an index (no scan to the end per trick)
                    line = self._index.string_line(text, pos + 2, stop)
            if line is not None:
                pos = line
            else:
                line = tl
            out.append(line)
        return out

    def _listed_lines(self, tricks: list, at: int, upto: int, at_line: int) -> list[int] | None:
        """The lines of ``tricks`` when written the usual way, found with one comparison; else None.

        The usual way: each trick a basic string, one after another with the same separator
        (',\n    ', or ', ' on one line) holding no backslash. Trick 1 is where the search of
        _trick_lines finds it; each next trick starts right after the separator, and as no '"'
        comes before it, that is where the search would find it too. So the lines are trick 1's,
        then one more for each "\n" of the separator (issue 12: one search a trick cost more).
        """
        whole = self.text
        first = tricks[0]
        if first.__class__ is not str or "" in tricks:
            return None  # an empty trick has no line to find
        k = whole.find(f'"{first}"', at, upto)
        if k <= 0 or whole[k - 1] == "\\":
            return None
        after = k + len(first) + 2
        quote = whole.find('"', after, upto)  # where trick 2 should start
        if quote == -1:
            return None
        sep = whole[after:quote]
        try:
            listed = '"' + f'"{sep}"'.join(tricks) + '"'
        except TypeError:  # a trick that is not a string: the search says where the others are
            return None
        if "\\" in sep or not whole.startswith(listed, k, upto):
            return None
        line, step = at_line + whole.count("\n", at, k), sep.count("\n")
        return list(range(line, line + step * len(tricks), step)) if step else [line] * len(tricks)
