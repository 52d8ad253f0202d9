"""Every table of the README and docs/ reads as written in a Markdown viewer (issue 23, item 1).

The files are rendered with markdown-it-py (CommonMark with GFM tables, as GitHub and most
viewers read them). A viewer drops the cells past the header's count and shifts the rest, so
a bare `|` inside a cell (even inside backticks) moves every later cell one column right.
"""

from pathlib import Path

import markdown_it
import pytest
from markdown_it.rules_block.table import escapedSplit  # the parser's own cell split

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _tables(path):
    """Each table as (first source line, header cells, [(source line, rendered cells)])."""
    md = markdown_it.MarkdownIt("commonmark").enable("table")
    lines = path.read_text(encoding="utf-8").splitlines()
    tables, table, row = [], None, None
    for tok in md.parse("\n".join(lines)):
        if tok.type == "table_open":
            table = (tok.map[0] + 1, [], [])
            tables.append(table)
        elif tok.type == "tr_open":
            row = (tok.map[0], [])
        elif tok.type == "inline" and row is not None:
            row[1].append(tok.content)
        elif tok.type == "tr_close":
            source = lines[row[0]].strip()
            cells = escapedSplit(source)
            if cells and cells[0] == "":
                cells.pop(0)
            if cells and cells[-1] == "":
                cells.pop()
            if not table[1]:
                table[1].extend(row[1])
            else:
                table[2].append((row[0] + 1, len(cells), row[1]))
            row = None
    return tables


def _rendered_row(path, first_cell):
    for _, header, rows in _tables(path):
        for _, _, cells in rows:
            if cells and cells[0] == first_cell:
                return dict(zip(header, cells))
    raise AssertionError(f"no row {first_cell} in {path.name}")


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_every_table_row_has_its_headers_number_of_cells(path):
    for start, header, rows in _tables(path):
        for line, count, _ in rows:
            assert count == len(header), (
                f"{path.name}:{line}: {count} cells under a header of {len(header)} (table at line {start})"
            )


def test_the_docs_have_tables_to_check():
    assert sum(len(_tables(p)) for p in DOCS) >= 10


def test_knob_reference_shows_each_rulesets_value_in_its_own_column():
    # The row the issue saw shifted: a viewer showed italian = `next_weakest_with_cards`.
    from bidscli.report.render import cell_text
    from bidscli.rules.knobs import KNOBS, knob_value
    from bidscli.rules.ruleset import load_ruleset

    knobs_md = ROOT / "docs" / "knobs.md"
    for name in KNOBS:
        row = _rendered_row(knobs_md, f"`{name}`")
        for ruleset in ("italian", "english", "japanese"):
            value = cell_text(knob_value(load_ruleset(ruleset).knobs[name]))
            assert row[ruleset] == f"`{value}`", (name, ruleset, row)
        assert row["meaning"] == KNOBS[name].doc
    assert _rendered_row(knobs_md, "`thief.fallback`")["allowed values"].count("`") >= 4
