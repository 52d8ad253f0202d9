"""Wrapping and tables stay linear in the length of a cell (issue 32 item 10): a 60,000-character
ruleset name took `rules diff` 79 s and 906 MB, in three places: the wrapper copied and measured
again what was left of a long word after each line, the table narrowed a too-wide column one
column at a time and measured it again after each step, and a header never wrapped, so a table
as wide as the name had as many lines as the name wrapped in another column.

Work is counted, not timed: the Python lines run plus the characters measured for their screen
width (``display_width``, which every wrap and table goes through), and the peak memory. Four
times the text must cost at most about four times the work (the old code: 13 to 45 times).
Names are refused long before this where they are read (issue 32 item 1); these tests hold
that the wrapping itself is linear whatever it is given.
"""

from __future__ import annotations

import sys
import tracemalloc

import pytest

from bidscli.report import table
from bidscli.report.render import fit_table, fit_text

LINEAR = 5  # four times the text: at most this many times the work (linear: about 4)


def _work(monkeypatch, func) -> tuple[int, int]:
    """The Python lines ``func`` runs plus the characters it measures, and its peak memory."""
    measured = [0]
    real = table.display_width

    def counting(text):
        measured[0] += len(text)
        return real(text)

    monkeypatch.setattr(table, "display_width", counting)
    lines = [0]

    def tracer(frame, event, arg):
        if event == "line":
            lines[0] += 1
        return tracer

    func()  # imports and caches first: only the work itself is counted
    measured[0] = 0
    tracemalloc.start()
    sys.settrace(lambda *a: tracer)
    try:
        func()
    finally:
        sys.settrace(None)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        monkeypatch.setattr(table, "display_width", real)
    return lines[0] + measured[0], peak


def _diff_table(name: str) -> str:
    """`rules diff`'s table of one knob against a ruleset named ``name``, fitted to 100 columns
    and then wrapped to them as every report is (render.fit_text)."""
    rows = [["double.scope", "round", f"house: {name}", "game", "EN 4.2: doubles everything banked"]]
    return fit_text(fit_table(rows, ["knob", name, "source", "english", "source"], width=100,
                              maxcolwidths=[None, 20, 40, 20, 40]), width=100)


CASES = {
    "a long word wrapped": lambda text: table.wrap(text, 10),
    "a long word under a hang": lambda text: table.wrap("- " + text, 30, hang="  "),
    "words wrapped": lambda text: table.wrap(" ".join(text[i:i + 7] for i in range(0, len(text), 7)), 25),
    "rules diff's table": _diff_table,
    "a name in a column that never wraps": lambda text: fit_table([[text, "1 2 3"]], ["name", "n"], width=40),
    "a long line of a report": lambda text: fit_text(f"Winner: {text} with 12 points", width=60),
}


@pytest.mark.parametrize("letter", ["x", "é", "日"], ids=["ascii", "latin", "wide"])
@pytest.mark.parametrize("case", list(CASES))
def test_work_grows_linearly_with_the_length_of_a_cell(monkeypatch, case, letter):
    func = CASES[case]
    short = _work(monkeypatch, lambda: func(letter * 1000))
    long = _work(monkeypatch, lambda: func(letter * 4000))
    assert long[0] <= LINEAR * short[0], (short, long)
    assert long[1] <= LINEAR * short[1], (short, long)


def test_no_column_is_wider_than_the_table_may_be():
    # A header or a cell wider than the terminal wraps there, whatever its kind (a number, a
    # name): the table cannot fit anyway, and its size stays linear (above).
    name = "x" * 250
    out = fit_table([[name, 7, "1" * 120]], [name, "n", "big"], width=60).split("\n")
    assert max(map(len, out)) <= 60 + 2 + 60 + 2 + 60
    assert "".join(line.split()[0] for line in out[:5]) == name  # the header's lines, in order
    assert out[5].startswith("-" * 60 + "  ")
    # A table that fits is drawn as before: one header line, nothing wrapped.
    assert fit_table([["Ana", 7]], ["name", "n"], width=60).split("\n") == ["name      n", "------  ---", "Ana       7"]
