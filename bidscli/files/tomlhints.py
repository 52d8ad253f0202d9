"""TOML mistakes in plain words (issue 8 item 4).

The TOML reader says where it stopped ("Unclosed array (at line 30, column 3)"),
which is often a line or two after the slip a person made. ``hint`` reads the
text up to that point the way a person would and names the probable slip and
its line: a comma missing between two trick lines, a string not closed on its
line, an array whose ``]`` is missing. The reader's own position is kept in the
message. Pure text work: no I/O.
"""

from __future__ import annotations

import re

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


def hint(text: str, message: str) -> tuple[int, str] | None:
    """(line, what is probably wrong) for a TOML syntax error, or None when no slip fits."""
    lines = text.splitlines()
    at = error_at(message, text)
    line = len(lines) + 1 if at.at_end else at.line  # at the end: past the last line
    if line is None or line > len(lines) + 1:
        return None
    stack: list[tuple[int, str]] = []  # open arrays: (line, the code of that line)
    last = None  # the last line with code before the error line: (number, code)
    for no in range(1, min(line, len(lines) + 1) + 1):
        if no > len(lines):
            break
        opens, closes, open_string, code = _scan(lines[no - 1])
        if open_string:
            return no, "a string is not closed on this line: missing '\"'?"
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
    if stack and last is not None:
        opened, opener = stack[-1]
        prev, code = last
        if _VALUE.match(here):
            if code.endswith(("[", ",")):
                return None
            what = "trick line" if re.match(r'\s*"[^"]*:', code) else "value"
            return prev, f"missing comma after this {what}?"
        name = opener.split("=", 1)[0].strip() if "=" in opener else "the array"
        where = "at the end of this line" if prev == opened else "after this line"
        return prev, f"missing ']' {where} to close {name} = [ (line {opened})?"
    return None
