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


def _kind(cell) -> str | None:
    """'int' or 'str' as tabulate types the cell; None when unsure (let tabulate do it)."""
    if type(cell) is int:
        return "int"
    if type(cell) is not str or not cell or cell != cell.strip() or not _PRINTABLE.fullmatch(cell):
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


def simple_table(rows, headers, colalign=()) -> str | None:
    """The "simple" tabulate table of plain cells, or None if a cell is not plain."""
    if not rows or not all(type(h) is str and _PRINTABLE.fullmatch(h) and h == h.strip() for h in headers):
        return None
    ncols = len(headers)
    if any(len(row) != ncols for row in rows):
        return None
    columns = []
    for i in range(ncols):
        kinds = set()
        cells = []
        for row in rows:
            kind = _kind(row[i])
            if kind is None:
                return None
            kinds.add(kind)
            cells.append(str(row[i]))
        align = colalign[i] if i < len(colalign) else ("right" if kinds == {"int"} else "left")
        if align not in ("left", "right"):
            return None  # tabulate's other alignments (None: no padding, "center", "decimal")
        width = max(max(map(len, cells)), len(headers[i]) + 2)
        pad = str.ljust if align == "left" else str.rjust
        columns.append([pad(headers[i], width), "-" * width] + [pad(c, width) for c in cells])
    return "\n".join("  ".join(line).rstrip() for line in zip(*columns))
