"""tabulate's "simple" table for plain cells, without importing tabulate (issue 12: start-up).

``bids score`` prints a table by default, and importing tabulate (with what it
pulls in) cost about a fifth of a one-log run. ``simple_table`` renders the
tables whose cells are plain (Python ints, or strings of printable ASCII that
tabulate would not read as numbers, or canonical integers) exactly as
``tabulate(rows, headers, colalign=...)`` does; for anything else it returns
None and the caller uses tabulate. tests/test_table.py checks it against
tabulate on generated tables, the golden outputs on every example.
"""

from __future__ import annotations

import re

_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
# What tabulate might read as a number: floats, inf/nan, thousands separators, underscores.
_NUMBERISH = re.compile(r"[-+]?[0-9,._]*(?:[eE][-+]?[0-9_]*)?")
_PRINTABLE = re.compile(r"[ -~]*")


_KINDS: dict[str, str | None] = {}  # the kind of each text cell seen (score cells repeat: "8", "12 (ally)")


def _kind(cell) -> str | None:
    """'int' or 'str' as tabulate types the cell; None when unsure (let tabulate do it)."""
    if type(cell) is int:
        return "int"
    if type(cell) is str:
        kind = _KINDS.get(cell, 0)
        if kind == 0:
            kind = _text_kind(cell)
            if len(_KINDS) > 4096:  # a bound: a long batch of odd cells does not grow memory
                _KINDS.clear()
            _KINDS[cell] = kind
        return kind
    return None


def _text_kind(cell: str) -> str | None:
    if not cell or cell != cell.strip() or not _PRINTABLE.fullmatch(cell):
        return None
    if _INT.fullmatch(cell):
        return "int"
    if cell in ("True", "False") or _NUMBERISH.fullmatch(cell):
        return None
    try:
        float(cell)
    except ValueError:
        return "str"
    return None


class _Wrap:
    """tabulate's cell wrapping (its _CustomTextWrap) for printable ASCII, built on first use.

    tabulate wraps with a TextWrapper (break_long_words and break_on_hyphens on) whose
    ``_handle_long_word`` is an older copy of CPython's: a word longer than the column is cut at
    the column's width, not after its last hyphen as Python 3.11's own TextWrapper does."""

    wrapper_class = None

    @classmethod
    def make(cls, width: int):
        if cls.wrapper_class is None:
            import textwrap

            class TabulateWrapper(textwrap.TextWrapper):
                def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
                    space_left = 1 if width < 1 else width - cur_len
                    if self.break_long_words and space_left > 0:
                        chunk = reversed_chunks[-1]
                        cur_line.append(chunk[:space_left])
                        reversed_chunks[-1] = chunk[space_left:]
                    elif not cur_line:
                        cur_line.append(reversed_chunks.pop())

            cls.wrapper_class = TabulateWrapper
        return cls.wrapper_class(width=width, break_long_words=True, break_on_hyphens=True)


def wrap_cell(cell: str, width: int) -> str:
    """A plain text cell wrapped to ``width`` columns as tabulate's ``maxcolwidths`` wraps it."""
    if len(cell) <= width:
        return cell  # what the wrapper gives back for a one-line cell that fits (no tab, no newline)
    return "\n".join(_Wrap.make(width).wrap(cell))


def simple_table(rows, headers, colalign=(), maxcolwidths=None) -> str | None:
    """The "simple" tabulate table of plain cells, or None if a cell is not plain.

    ``maxcolwidths`` wraps the text cells of a column as tabulate does (numbers are never
    wrapped); a row whose cells wrap takes several lines, padded below with blanks."""
    if not rows or not all(type(h) is str and _PRINTABLE.fullmatch(h) and h == h.strip() for h in headers):
        return None
    ncols = len(headers)
    if any(len(row) != ncols for row in rows):
        return None
    limits = list(maxcolwidths or ())
    if any(w is not None and (type(w) is not int or w < 1) for w in limits):
        return None
    limits += [None] * (ncols - len(limits))
    columns = []
    multiline = False
    for i in range(ncols):
        kinds = []
        cells = []
        for row in rows:
            kind = _kind(row[i])
            if kind is None:
                return None
            kinds.append(kind)
            cells.append(str(row[i]))
        align = colalign[i] if i < len(colalign) else ("right" if "str" not in kinds else "left")
        if align not in ("left", "right"):
            return None  # tabulate's other alignments (None: no padding, "center", "decimal")
        limit = limits[i]
        if limit is not None:  # tabulate wraps text, never what it reads as a number
            cells = [wrap_cell(c, limit) if k == "str" else c for c, k in zip(cells, kinds)]
        pad = str.ljust if align == "left" else str.rjust
        if any("\n" in c for c in cells):
            multiline = True
            parts = [c.split("\n") for c in cells]
            width = max(max(len(x) for p in parts for x in p), len(headers[i]) + 2)
            columns.append((pad(headers[i], width), "-" * width, [[pad(x, width) for x in p] for p in parts], width))
        else:
            width = max(max(map(len, cells)), len(headers[i]) + 2)
            columns.append((pad(headers[i], width), "-" * width, [[pad(c, width)] for c in cells], width))
    lines = ["  ".join(c[0] for c in columns).rstrip(), "  ".join(c[1] for c in columns).rstrip()]
    if not multiline:
        lines += ("  ".join(cell[0] for cell in row).rstrip() for row in zip(*(c[2] for c in columns)))
        return "\n".join(lines)
    for r in range(len(rows)):
        cells = [c[2][r] for c in columns]
        height = max(map(len, cells))
        for k in range(height):
            lines.append("  ".join(cell[k] if k < len(cell) else " " * col[3]
                                   for cell, col in zip(cells, columns)).rstrip())
    return "\n".join(lines)
