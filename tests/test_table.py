"""The table drawer and the text wrapper (bidscli/report/table.py): the layout every text report prints."""

from __future__ import annotations

import unicodedata
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bidscli.report.table import fit, wrap

SCORE_HEADERS = ["rank", "player", "R1", "R2", "-5 bonus", "total"]
SCORE_ROWS = [[1, "P4", "27 (LL 7, ally)", "8", 30, 153], [2, "P3", "7 (LL 7)", "71 (ally)", 0, 121]]


def screen(line: str) -> int:
    """Screen columns, measured without bidscli: East Asian wide and fullwidth take 2."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in line)


def test_the_score_table_layout():
    got = fit([[1, "Ana", "8 (LL 8)", 15, 48], [2, "Ben", "26", 0, -3]], ["rank", "player", "R1", "-5 bonus", "total"],
              1000, ("right", "left"))
    assert got == (
        "  rank  player    R1          -5 bonus    total\n"
        "------  --------  --------  ----------  -------\n"
        "     1  Ana       8 (LL 8)          15       48\n"
        "     2  Ben       26                 0       -3")


def test_a_wrapped_score_table_pads_its_short_cells_below():
    got = fit(SCORE_ROWS, SCORE_HEADERS, 1000, ("right", "left"), [None, None, 9, 6, None, None])
    assert got.splitlines() == [
        "  rank  player    R1         R2        -5 bonus    total",
        "------  --------  ---------  ------  ----------  -------",
        "     1  P4        27 (LL 7,  8               30      153",
        "                  ally)",
        "     2  P3        7 (LL 7)   71               0      121",
        "                             (ally)",
    ]


def test_columns_of_numbers_align_right_and_text_left():
    got = fit([["a", 5, "7", "x"], ["bb", 12, "x y", ""]], ["t", "n", "m", "e"], 1000).splitlines()
    assert got == ["t      n  m    e", "---  ---  ---  ---", "a      5  7    x", "bb    12  x y"]
    # numbers=False: every column is text, numbers included
    assert fit([[5], [12]], ["n"], 1000, numbers=False).splitlines() == ["n", "---", "5", "12"]
    # colalign overrides either way; an empty column is text
    assert fit([[5, ""], [12, ""]], ["n", "e"], 1000, ("left",)).splitlines() == ["n    e", "---  ---", "5", "12"]


def test_numeric_looking_names_are_shown_as_written():
    """A name is text, even when every name of the column reads as a number (tabulate, which
    drew the tables before, printed 007 as 7 and 1e5 as 100000 in such a column)."""
    got = fit([[1, "007"], [2, "1e5"], [3, "inf"], [4, "1_000"]], ["rank", "player"], 1000, ("right", "left"))
    assert [line.split()[1] for line in got.splitlines()[2:]] == ["007", "1e5", "inf", "1_000"]
    # ... and only integers as Python writes them make a column of numbers
    assert fit([["007"], ["12"]], ["n"], 1000).splitlines()[2:] == ["007", "12"]
    assert fit([["-7"], ["12"]], ["n"], 1000).splitlines()[2:] == [" -7", " 12"]


def test_wide_characters_take_two_columns():
    rows = [["使用するカード", "x"], ["ab", "y"], ["José", "z"]]
    lines = fit(rows, ["source", "v"], 1000).splitlines()
    assert lines[2] == "使用するカード  x" and lines[3] == "ab              y" and lines[4] == "José            z"
    wrapped = fit([["使用するカード は 手札内の黒カード"]], ["source"], 1000, maxcolwidths=[9]).splitlines()
    assert wrapped[2:] == ["使用する", "カード は", "手札内の", "黒カード"]
    assert max(map(screen, wrapped[2:])) <= 9


def test_wrap():
    assert wrap("abc defghijklmnop", 10) == ["abc defghi", "jklmnop"]  # a long word: cut where the line is full
    assert wrap("a-very-long-hyphenated-word", 10, hyphens=True) == ["a-very-", "long-hyphe", "nated-word"]
    assert wrap("one two three four", 9, indent="- ", hang="  ") == ["- one two", "  three", "  four"]
    assert wrap("  indented text", 11) == ["  indented", "text"]  # spaces that start the text are kept
    assert wrap("使用" * 6, 5) == ["使用", "使用", "使用", "使用", "使用", "使用"]
    assert wrap("使用", 1) == ["使", "用"]  # a character wider than the line: alone on it
    assert wrap("   ", 2) == []


cells = st.one_of(
    st.integers(-10**6, 10**6),
    st.sampled_from(["8 (LL 8)", "12 (ally)", "27 (LL 7, ally)", "Ana", "Ben Li", "é", "-5", "0", "007",
                     "a-very-long-hyphenated-word", "使用するカード は", "", "x--y z"]),
    st.text(alphabet="ab -()LL,", min_size=1, max_size=30),
)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(st.lists(cells, min_size=n, max_size=n), min_size=1, max_size=5),
    # (no header word of dashes alone: a header wrapped at its spaces would show a line of them)
    st.lists(st.text(alphabet="Rrank -5bonus", min_size=0, max_size=7).filter(
        lambda h: not any(set(w) <= {"-"} for w in h.split())), min_size=n, max_size=n),
    st.lists(st.one_of(st.none(), st.integers(1, 12)), min_size=n, max_size=n),
    st.integers(20, 120),
)))
# An empty last column (header and cells) once drew its gap after the dashes.
@example(([[-100000, "8 (LL 8)", ""]], ["", "", ""], [None, None, None], 20))
def test_tables_line_up_and_keep_every_word(case):
    rows, headers, limits, width = case
    for got, room in ((fit(rows, headers, width), width), (fit(rows, headers, 1000, maxcolwidths=limits), 1000)):
        lines = got.splitlines()
        # The headers (wrapped at their spaces when the table is too wide for them), then the dashes.
        at = next(i for i, line in enumerate(lines) if line and set(line) <= {"-", " "})
        dashes = lines[at]
        assert dashes == dashes.rstrip() and all(line == line.rstrip() for line in lines)
        # A column that left the table (too wide even so) is under each row, 'header: text'
        # (no cell here holds a ':'); its text is wrapped to the terminal, not to the table.
        moved = len(dashes.split()) < len(headers)
        under = len(lines)
        if not moved:
            assert all(screen(line) <= screen(dashes) for line in lines)
        else:
            named = all(h.strip() for h in headers)  # else the lines under a row have no label to find
            under = next((i for i, line in enumerate(lines) if ":" in line), len(lines)) if named else at + 1
            assert all(screen(line) <= max(room, screen(dashes)) or len(line.split(": ")[-1].split()) == 1
                       for line in lines)
        # Every column starts where its dashes do: the gaps between columns stay blank (in the
        # lines up to the first one under a row).
        gaps = [i for i, ch in enumerate(dashes) if ch == " "]
        for line in lines[:under]:
            text = "".join(ch + " " * (screen(ch) - 1) for ch in line)  # one position a screen column
            assert all(text[i] == " " for i in gaps if i < len(text)), (got, line)
        words = sorted(w for r in rows for cell in r for w in str(cell).split())
        shown = sorted(w for line in lines[at + 1:] for w in line.split(": ", 1)[-1].split())
        if words != shown:  # only a word with a hyphen, of wide characters or wider than the table may be cut
            assert "".join(sorted("".join(words))) == "".join(sorted("".join(shown)))
        kept = Counter(w for r in rows for cell in r for w in str(cell).split()
                       if "-" not in w and w.isascii() and len(w) <= room)
        assert not kept - Counter(shown), (got, kept - Counter(shown))  # never cut inside a word


# -- fit's last resorts, when wrapping the text columns is not enough -----------------------------


def test_headers_give_up_their_room_when_the_table_is_still_too_wide():
    # Numbers never wrap: at 30 columns only the headers can give room, each wrapped at its spaces.
    got = fit([["Ana", 7, 1, 48], ["Ben", 0, 0, 14]], ["player", "lucky loser rounds", "-5 bonuses", "total"], 30)
    assert got.splitlines() == [
        "player   lucky       -5  total",
        "         loser  bonuses",
        "        rounds",
        "------  ------  -------  -----",
        "Ana          7        1     48",
        "Ben          0        0     14"]
    # With room, the headers keep theirs (the layout bidscli has always printed).
    assert fit([["Ana", 7, 1, 48]], ["player", "lucky loser rounds", "-5 bonuses", "total"], 80).splitlines()[0] == (
        "player      lucky loser rounds    -5 bonuses    total")


WHY_ROWS = [["1.1", "K5", "Cleo wins with the highest bid K7", 12], ["1.2", "-5", "burned: a tie on 10, Ben leads", 0]]


def test_the_widest_text_column_goes_under_each_row_as_the_last_resort():
    got = fit(WHY_ROWS, ["trick", "prize", "why", "points"], 24)
    assert got.splitlines() == [
        "trick  prize  points",
        "-----  -----  ------",
        "1.1    K5         12",
        "  why: Cleo wins with",
        "    the highest bid K7",
        "1.2    -5          0",
        "  why: burned: a tie on",
        "    10, Ben leads"]
    assert all(screen(line) <= 24 for line in got.splitlines())
    # A caller with its own layout for a table too wide keeps every column (and sees it is too wide).
    kept = fit(WHY_ROWS, ["trick", "prize", "why", "points"], 24, move=False).splitlines()
    assert kept[0].split() == ["trick", "prize", "why", "points"] and max(map(screen, kept)) > 24


def test_a_japanese_column_under_its_row_fits_in_screen_columns():
    got = fit([["Ana", "使用するカード は 手札内の黒カード です", "x y z w"]], ["名前", "ソース", "note"], 20).splitlines()
    assert got[:3] == ["名前    note", "------  -------", "Ana     x y z w"]
    assert got[3].startswith("  ソース: ")
    assert all(screen(line) <= 20 for line in got), got
    # Every character is still there (a run of Japanese may be parted anywhere).
    assert "".join("".join(line.split()) for line in got[3:]) == "ソース:使用するカードは手札内の黒カードです"


def test_an_empty_column_keeps_a_dash_when_the_headers_give_up_their_room():
    # (found by the property test above: a column of no header and no text had no dash, and the
    # line of dashes ended in spaces)
    assert fit([[0, "8 (LL 8)", "007", ""]], ["", "", "", ""], 20).splitlines() == [
        "", "-  --------  ---  -", "0  8 (LL 8)  007"]
