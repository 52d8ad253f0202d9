"""Help wraps once, at the terminal's width (issue 34): a paragraph is never cut at the line ends
of its English text and then wrapped again, which made it alternate long and short lines (the
recorder's `help` did, at 80 columns, in every language). Checked in every language at 60 and 80
columns, for `bids COMMAND --help` (click wraps its prose; cli/language.py) and for the recorder's
`help`: no line of a paragraph is followed by one whose first word would have fit on it. Where a
line may break is the terminal's one rule (report.table.pieces: a word, or in Japanese a piece
between two characters that may part)."""

from __future__ import annotations

import unicodedata
from itertools import pairwise

import pytest

from bidscli.core.i18n import LANGUAGES
from bidscli.report.table import pieces
from tests.commandtree import every_command
from tests.terminal import bids_at

COMMANDS = [(), *(words for words, _ in every_command())]
WIDTHS = (60, 80)


def screen(text: str) -> int:
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def would_fit(line: str, after: str, width: int, space: str = " ") -> bool:
    """Whether the first word of ``after`` (its first piece, in Japanese) fits at the end of ``line``:
    with ``space`` between them, or nothing between two Japanese characters."""
    first = pieces(after.split()[0])[0]
    between = "" if screen(line[-1]) == 2 and screen(first[0]) == 2 else space
    return screen(line.rstrip() + between + first) <= width


def continued(above: str, line: str) -> bool:
    """Whether ``line`` goes on with the help begun on ``above`` (in a list: the help's column is
    where ``line`` starts, and on ``above`` two spaces come before it, after the name)."""
    return indent(above) == indent(line) or above[:indent(line)].endswith("  ")


def ragged_help(text: str, width: int) -> list[tuple[str, str]]:
    """The pairs of lines of a --help where the second's first word would have fit on the first:
    in the prose under the usage line (two spaces in; \\b blocks, the examples, are further in),
    and in the help of an option or a command (continued further in than its name; an option's
    help that starts on the line under a long name is left out). click sets its [default: ...]
    two spaces after the help."""
    found, part = [], "usage"
    lines = text.splitlines()
    for above, line in pairwise(lines):
        if line.strip() and indent(line) == 0:
            part = "lists"  # Options:, Commands: (in the output language)
        elif not above.strip() or not line.strip():
            part = "prose" if part == "usage" and line.strip() else part
        elif (part == "prose" and indent(above) == indent(line) == 2
              or part == "lists" and indent(line) > 2 and continued(above, line)) \
                and would_fit(above, line, width, "  " if line.lstrip().startswith("[") else " "):
            found.append((above, line))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("words", COMMANDS, ids=[" ".join(w) or "bids" for w in COMMANDS])
def test_no_help_paragraph_is_wrapped_twice(words, lang):
    for columns in WIDTHS:
        res = bids_at(columns, "--lang", lang, *words, "--help")
        assert res.exit_code == 0, res.output
        assert ragged_help(res.output, columns - 2) == [], (columns, res.output)


def test_the_ragged_check_sees_a_paragraph_cut_at_its_english_line_ends():
    cut = "Usage: bids x\n\n  One paragraph cut at the English line ends, then\n  wrapped again.\n"
    assert ragged_help(cut, 78) == [("  One paragraph cut at the English line ends, then", "  wrapped again.")]
    japanese = "使い方: bids x\n\n  1行に1トリック\n  ずつ入力します。\n"
    assert ragged_help(japanese, 78) and not ragged_help(japanese, 16)


# -- the recorder's `help`


def record_help(columns: int, lang: str, tmp_path) -> list[str]:
    res = bids_at(columns, "--lang", lang, "record", str(tmp_path / f"{lang}{columns}.toml"), "--players",
                  "Ana,Ben,Cleo,Dev", "-r", "english", input="help\nquit\n")
    lines = res.stderr.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(("1行に", "Type one", "Scrivi", "Escribe")))
    return lines[start:-1]  # (the last line: saved, go on with ...)


def ragged_record_help(lines: list[str], width: int) -> list[tuple[str, str]]:
    """A paragraph starts at the line's start and goes on four spaces in; an example row starts two
    spaces in, its meaning (on the next line when the row is too wide) six spaces in. A line at the
    start after a paragraph's line that ends no sentence goes on with that paragraph too."""
    def goes_on(above: str, line: str) -> bool:
        if indent(above) == indent(line) == 6:
            return True
        return indent(above) in (0, 4) and (indent(line) == 4 or indent(line) == 0 and above[-1] not in ".:)。：）")

    return [(above, line) for above, line in pairwise(lines) if goes_on(above, line)
            and would_fit(above, line, width)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("columns", WIDTHS)
def test_the_recorder_help_wraps_each_paragraph_once(lang, columns, tmp_path):
    lines = record_help(columns, lang, tmp_path)
    assert all(screen(line) <= columns for line in lines), "\n".join(lines)
    assert ragged_record_help(lines, columns) == [], "\n".join(lines)
    # The commands and the saves are a paragraph each, continued four spaces in.
    starts = [line for line in lines if indent(line) == 0]
    assert len(starts) == 3, "\n".join(lines)  # the heading, the commands, the saves


def test_the_recorder_help_at_80_columns_in_english(tmp_path):
    """Rows that fit stay rows; a wider one has its meaning on the next line; a paragraph fills
    its lines."""
    lines = record_help(80, "en", tmp_path)
    assert lines[:4] == ["Type one trick a line, in playing order from the leader:",
                         "  K5: R5 G4 K7 Y2",
                         "      the revealed card(s), a colon, then each player's card",
                         "  K5 R5 G4 K7 Y2, K5: R5, G4, K7, Y2  the same, without the colon or with commas"]
    k = lines.index("Commands: undo (remove the last trick), score (standings so far), leader NAME")
    assert lines[k + 1:k + 4] == ["    (who leads the next round, before its first trick), hand NAME (with --deal:",
                                  "    the cards NAME still holds), help, quit (or end of input). The file is saved",
                                  "    after every accepted trick."]


def test_the_ragged_check_sees_the_recorder_help_cut_at_its_english_line_ends():
    cut = ["Commands: undo (remove the last trick), score (standings so far), leader NAME",
           "    (who leads", "the next round, before its first trick), hand NAME (with --deal: the cards NAME"]
    assert ragged_record_help(cut, 80) == [(cut[1], cut[2])]
