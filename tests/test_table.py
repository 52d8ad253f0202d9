"""bidscli.report.table.simple_table against tabulate itself: the same text, or None (then tabulate is used)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from bidscli.report.table import simple_table

# Cells that tabulate types in every way: ints, numeric-looking text, names, marks, odd spacing.
cell = st.one_of(
    st.integers(-10**6, 10**6),
    st.sampled_from(["8 (LL 8)", "12 (ally)", "1,000", "1e5", "inf", "nan", "True", "007", "-0", "1_0",
                     " x", "", "Ana", "Ben Li", "é", "-5", "0", "3.5", ".5", "x\ty"]),
    st.text(alphabet="AZaz09 -.,()+eE_", min_size=1, max_size=8),
)


@settings(max_examples=300)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(st.lists(cell, min_size=n, max_size=n), min_size=1, max_size=5),
    st.lists(st.text(alphabet="Rrank -5bonus", min_size=0, max_size=7), min_size=n, max_size=n),
    st.lists(st.sampled_from(["right", "left", None]), max_size=n),
)))
def test_simple_table_is_tabulate_or_declines(case):
    rows, headers, colalign = case
    got = simple_table(rows, headers, tuple(colalign))
    if got is not None:
        assert got == tabulate(rows, headers=headers, colalign=tuple(colalign))


def test_simple_table_renders_the_score_table_shape():
    rows = [[1, "Ana", "8 (LL 8)", 15, 48], [2, "Ben", "26", 0, -3]]
    headers = ["rank", "player", "R1", "-5 bonus", "total"]
    got = simple_table(rows, headers, ("right", "left"))
    assert got is not None
    assert got == tabulate(rows, headers=headers, colalign=("right", "left"))


# Text that wraps in every way tabulate's wrapper can: spaces, hyphens, long words, marks.
wrapped_cell = st.one_of(
    cell,
    st.text(alphabet="ab -()LL,", min_size=1, max_size=30),
    st.sampled_from(["27 (LL 7, ally)", "14 (LL 14)", "a-very-long-hyphenated-word", "--x", "x--y z",
                     "abcdefghijklmnop", "- -", "12 (ally)"]),
)


@settings(max_examples=400)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(st.lists(wrapped_cell, min_size=n, max_size=n), min_size=1, max_size=5),
    st.lists(st.text(alphabet="Rrank -5bonus", min_size=0, max_size=7), min_size=n, max_size=n),
    st.lists(st.sampled_from(["right", "left", None]), max_size=n),
    st.lists(st.one_of(st.none(), st.integers(1, 12)), max_size=n),
)))
def test_simple_table_wraps_as_tabulate_does(case):
    rows, headers, colalign, widths = case
    widths = widths + [None] * (len(headers) - len(widths))
    got = simple_table(rows, headers, tuple(colalign), widths)
    if got is not None:
        assert got == tabulate(rows, headers=headers, colalign=tuple(colalign), maxcolwidths=widths)


def test_simple_table_wraps_the_score_table():
    rows = [[1, "P4", "27 (LL 7, ally)", "8", 30, 153], [2, "P3", "7 (LL 7)", "71 (ally)", 0, 121]]
    headers = ["rank", "player", "R1", "R2", "-5 bonus", "total"]
    got = simple_table(rows, headers, ("right", "left"), [None, None, 9, 6, None, None])
    assert got == tabulate(rows, headers=headers, colalign=("right", "left"), maxcolwidths=[None, None, 9, 6, None, None])
    assert got.splitlines()[3] == "                  ally)"
