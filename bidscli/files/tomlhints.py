"""TOML mistakes in plain words.

The TOML reader says where it stopped ("Unclosed array (at line 30, column 3)"),
which is often a line or two after the slip a person made. ``hint`` reads the
text up to that point the way a person would and names the probable slip and
its line: a comma missing between two trick lines, a string not closed on its
line, an array whose ``]`` is missing; and on the line itself, a value written
as a person would: text without quotes (``ruleset = italian``, ``players =
[Marta, Luca]``), ``True`` for ``true``, a date that is not year-month-day. The
reader's own position is kept in the message. Pure text work: no I/O.
"""

from __future__ import annotations

import re

from ..core.i18n import Message
from .tomlread import error_at

_VALUE = re.compile(r"(\"|'|[-+0-9]|true\b|false\b|\{)")  # a line that starts with a value, not a key


def _scan(line: str) -> tuple[list[int], list[int], bool, str]:
    """Brackets outside strings and comments in one line: the columns of '[' and ']', whether
    a string is left open at the end of the line, and the code part (comment removed)."""
    opens: list[int] = []
    closes: list[int] = []
    quote = None
    i = 0
    code_end = len(line)
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#":
            code_end = i
            break
        elif c == "[":
            opens.append(i)
        elif c == "]":
            closes.append(i)
        i += 1
    return opens, closes, quote is not None, line[:code_end].rstrip()


def hint(text: str, message: str) -> tuple[int, Message] | None:
    """(line, what is probably wrong) for a TOML syntax error, or None when no slip fits."""
    lines = text.splitlines()
    at = error_at(message, text)
    line = len(lines) + 1 if at.at_end else at.line  # at the end: past the last line
    if line is None or line > len(lines) + 1:
        return None
    curly = _curly_quotes(lines[:line])
    if curly is not None:
        return curly, Message("curly quotes where TOML needs straight ones: write \" (a phone or a word "
                              "processor may have changed them)")
    if message.startswith(("Cannot declare", "Cannot overwrite")):
        single = next((no for no, raw in enumerate(lines, 1) if _SINGLE_ROUND.match(raw)), None)
        if single is not None:
            return single, Message("each round starts with [[rounds]] (two brackets): [rounds] is one table, "
                                   "written once")
    stack: list[tuple[int, str]] = []  # open arrays: (line, the code of that line)
    last = None  # the last line with code before the error line: (number, code)
    for no in range(1, min(line, len(lines) + 1) + 1):
        if no > len(lines):
            break
        opens, closes, open_string, code = _scan(lines[no - 1])
        if open_string:
            return no, Message("a string is not closed on this line: missing '\"'?")
        if no == line:
            break
        # A table header ([x] or [[x]]) at the start of a line is no array.
        header = code.lstrip().startswith("[") and not stack
        if not header:
            for _ in opens:
                stack.append((no, code))
            for _ in closes:
                if stack:
                    stack.pop()
        if code.strip():
            last = (no, code)
    here = lines[line - 1].lstrip() if line <= len(lines) else ""
    if line <= len(lines):
        plain = _plain_value(lines[line - 1], at.column, message)
        if plain is not None:
            return line, plain
    if stack and last is not None:
        opened, opener = stack[-1]
        prev, code = last
        if _VALUE.match(here):
            if code.endswith(("[", ",")):
                return None
            if re.match(r'\s*"[^"]*:', code):
                return prev, Message("missing comma after this trick line?")
            return prev, Message("missing comma after this value?")
        if "=" not in opener:
            return prev, (Message("missing ']' at the end of this line to close the array (line {opened})?",
                                  opened=opened) if prev == opened else
                          Message("missing ']' after this line to close the array (line {opened})?", opened=opened))
        name = opener.split("=", 1)[0].strip()
        if prev == opened:
            return prev, Message("missing ']' at the end of this line to close {name} = [ (line {opened})?",
                                 name=name, opened=opened)
        return prev, Message("missing ']' after this line to close {name} = [ (line {opened})?", name=name,
                             opened=opened)
    return None



_SINGLE_ROUND = re.compile(r"\s*\[\s*rounds\s*\]\s*(#.*)?$")  # [rounds] where [[rounds]] is meant
_CURLY = "\u201c\u201d\u2018\u2019\u201e"  # “ ” ‘ ’ „


def _curly_quotes(lines: list[str]) -> int | None:
    """The first line with a curly quote outside a string and a comment (a quote a phone made)."""
    for no, raw in enumerate(lines, 1):
        if any(q in raw for q in _CURLY):
            code = _scan(raw)[3]
            outside, quote, i = [], None, 0
            while i < len(code):
                c = code[i]
                if quote:
                    if c == "\\" and quote == '"':
                        i += 1  # an escaped character: part of the string
                    elif c == quote:
                        quote = None
                elif c in "\"'":
                    quote = c
                else:
                    outside.append(c)
                i += 1
            if any(q in outside for q in _CURLY):
                return no
    return None


_KEY = re.compile(r"\s*([A-Za-z0-9_.\"' -]+?)\s*=\s*")  # "key = " at the start of a line (dotted or quoted too)
_WORD = re.compile(r"[A-Za-z][^,\[\]\"'#]*")  # a bare word: text that needed quotes
_BOOL = {"true": "true", "false": "false", "yes": "true", "no": "false", "on": "true", "off": "false"}


def _plain_value(raw: str, column: int | None, message: str) -> Message | None:
    """The slip in the value of a ``key = value`` line where the reader stopped, in plain words:
    a date not written year-month-day, ``True`` for ``true``, text or names without quotes (TOML
    1.0: strings are quoted, booleans lower case, a date YYYY-MM-DD). None if none fits."""
    code = _scan(raw)[3]
    m = _KEY.match(code)
    if m is None or column is None:
        return None
    key, start = m.group(1).strip(), m.end()
    if key == "date":  # whatever the reader stopped at on a date line, the date is the slip
        if message.startswith("Invalid date"):  # 2026-02-30
            return Message("'date' is no day of the calendar: expected year-month-day (date = 2026-12-01)")
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}", code[m.end():].strip()):  # TOML 1.0: seconds too
            written = code[m.end():].strip()
            day, time = written[:10], written[11:]
            return Message("a time in 'date' needs its seconds (TOML 1.0): expected date = {day} or date = {day} "
                           "{time}:00", day=day, time=time.zfill(5))
        return Message("'date' must be a date written year-month-day, unquoted (date = 2026-12-01)")
    at = column - 1 - start  # where the reader stopped, inside the value
    if at < 0:
        return None
    value = code[start:]
    if value.startswith("[") and value.endswith("]") and message.startswith(("Invalid value", "Unclosed array")):
        # players = [Marta, Luca] on one line. Every list of a log holds strings (names,
        # cards): each unquoted item gets quotes ("2x" unquoted ends the reader's array early).
        items = [i.strip() for i in value[1:-1].split(",")]
        if all(items) and any(i[0] not in "\"'" for i in items):
            fixed = ", ".join(i if i[0] in "\"'" else f'"{i}"' for i in items)
            if key == "players":
                return Message("names need quotes: expected {key} = [{fixed}]", key=key, fixed=fixed)
            return Message("text in a list needs quotes: expected {key} = [{fixed}]", key=key, fixed=fixed)
    word = _WORD.match(value)
    if at > 0 or word is None or not message.startswith("Invalid value"):
        return None
    bare = word.group().strip()
    if bare.lower() in _BOOL:  # ally = True, ally = yes
        fix = _BOOL[bare.lower()]
        if bare.lower() == fix:
            return Message("TOML writes true and false in lower case: expected {key} = {fix}", key=key, fix=fix)
        return Message("{key} is true or false in TOML, not {bare}: expected {key} = {fix}", key=key, bare=bare,
                       fix=fix)
    return Message("text needs quotes: expected {key} = \"{bare}\"", key=key, bare=bare)  # ruleset = italian
