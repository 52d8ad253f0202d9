"""Help text never breaks inside a word at a hyphen (an option's name: `--allow-partial`, a knob's):
click's wrapper breaks after any hyphen, so at 60 columns `bids deal --help` said `--allow-` on one
line and `partial` on the next. The help formatter (cli/language.py) holds such hyphens while it
wraps, for every command and every language."""

from __future__ import annotations

import re

import pytest

from bidscli.core.i18n import LANGUAGES
from tests.commandtree import every_command
from tests.terminal import bids_at

COMMANDS = every_command()
BROKEN = re.compile(r"\w-$")  # a line that ends inside a word, at a hyphen


def help_at(columns: int, lang: str, *words: str) -> str:
    res = bids_at(columns, "--lang", lang, *words, "--help")  # as wide as COLUMNS says (tests/terminal.py)
    assert res.exit_code == 0, res.output
    return res.output


def test_deal_help_at_60_columns_keeps_allow_partial_whole():
    text = help_at(60, "en", "deal")
    assert "`bids validate\n  --allow-partial` checks it too" in text  # broken before the option, not in it
    assert not any(line.endswith("--allow-") for line in text.splitlines())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("words", [w for w, _ in COMMANDS], ids=[" ".join(w) for w, _ in COMMANDS])
def test_no_help_line_breaks_at_a_hyphen(words, lang):
    for columns in (60, 80):
        text = help_at(columns, lang, *words)
        assert "\u2011" not in text  # the held hyphens are put back
        broken = [line for line in text.splitlines() if BROKEN.search(line)]
        assert broken == [], (columns, broken)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_list_does_not_break_at_a_hyphen(lang):
    text = help_at(60, lang)
    assert [line for line in text.splitlines() if BROKEN.search(line)] == []


def test_every_option_name_stands_whole_in_the_help():
    """Each option of each command is named whole in its help's list, at 60 columns."""
    for words, cmd in COMMANDS:
        text = help_at(60, "en", *words)
        for param in cmd.params:
            for name in getattr(param, "opts", []):
                if name.startswith("--") and not getattr(param, "hidden", False):
                    assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text), (words, name)
