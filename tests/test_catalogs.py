"""The message catalogs (bidscli/locale/, docs/translating.md): complete, reviewed, with the English
placeholders, compiled from their .po, and holding every message the code marks and shows.

Babel (the test extras) reads the files here; bidscli itself reads only the compiled .mo files
with the standard library's gettext.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import click
import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "bidscli" / "locale"
LANGS = ("it", "es", "ja")

sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402 - tools/catalogs.py: the one definition of what the template holds


def _po(lang):
    with (LOCALE / lang / "LC_MESSAGES" / "bidscli.po").open("rb") as f:
        return read_po(f, locale=lang)


def _pot():
    with (LOCALE / "bidscli.pot").open("rb") as f:
        return read_po(f)


def _ids(cat) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}


def placeholders(text: str) -> set[tuple]:
    """The ``{name}`` fields (with their ``!r`` conversion) and ``%(name)s`` of a text."""
    found = {(field, conv) for _, field, _, conv in string.Formatter().parse(text) if field is not None}
    return found | {(name, "%") for name in re.findall(r"%\((\w+)\)", text)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_and_reviewed(lang):
    cat = _po(lang)
    assert len(_ids(cat)) > 150
    untranslated = [m.id for m in cat if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == [], f"{lang}: messages without a translation (make catalogs, then translate)"
    assert fuzzy == [], f"{lang}: fuzzy entries: review them and remove the fuzzy flag"
    assert not cat.obsolete, f"{lang}: obsolete entries (#~): make catalogs drops them"


@pytest.mark.parametrize("lang", LANGS)
def test_no_previous_message_ids_are_kept(lang):
    """Babel's "previous msgid" comments (`#| msgid`, left by an old fuzzy match; read back, they
    come in as translator comments, `# | msgid`) are not written: a reviewed entry needs none, and
    `make catalogs` does not bring them back."""
    text = (LOCALE / lang / "LC_MESSAGES" / "bidscli.po").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if line.startswith(("#|", "# |"))]
    assert kept == [], f"{lang}: {len(kept)} previous-msgid comments: run make catalogs"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_english_placeholders(lang):
    wrong = []
    for m in _po(lang):
        if not m.id:
            continue
        if isinstance(m.id, str):
            if placeholders(m.string) != placeholders(m.id):
                wrong.append((m.id, m.string))
            continue
        singular, plural = (placeholders(x) for x in m.id)
        for form in m.string:  # each form: the singular's fields or the plural's (one form: either)
            if placeholders(form) not in (singular, plural) or (singular == plural and placeholders(form) != plural):
                wrong.append((m.id, form))
    assert wrong == []


def test_the_placeholder_check_can_fail():
    assert placeholders("{n} file") != placeholders("{count} file")
    assert placeholders("{value!r} is") != placeholders("{value} è")
    assert placeholders("%(prog)s, version %(version)s") == {("prog", "%"), ("version", "%")}


@pytest.mark.parametrize("lang", LANGS)
def test_each_compiled_catalog_is_its_po(lang):
    """The committed .mo holds exactly the .po's reviewed translations (content, not dates: git keeps
    no timestamps); `make catalogs` compiles them."""
    def content(cat):  # keyed by context and id: "none" of a table cell is not the "none" of a sentence
        return {(m.context, tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id):
                tuple(m.string) if isinstance(m.string, (list, tuple)) else m.string for m in cat if m.id}

    po = content(m for m in _po(lang) if not m.fuzzy)
    with (LOCALE / lang / "LC_MESSAGES" / "bidscli.mo").open("rb") as f:
        mo = content(read_mo(f))
    assert mo == po, f"{lang}: bidscli.mo is not compiled from bidscli.po: run make catalogs"


def test_the_template_holds_every_marked_message_and_each_catalog_the_template():
    """A message marked in the code but missing from the catalogs (or one the code dropped) fails
    here until `make catalogs` extracts and updates them."""
    extracted = _ids(catalogs.template())
    assert _ids(_pot()) == extracted, "bidscli.pot is not what the sources mark: run make catalogs"
    for lang in LANGS:
        assert _ids(_po(lang)) == extracted, f"{lang}: bidscli.po lacks the template's messages: make catalogs"


def test_the_template_has_clicks_own_words():
    ids = _ids(_pot())
    for word in ("Usage:", "Options", "Show this message and exit.", "Error: {message}",
                 "Try '{command} {option}' for help.", "No such command {name!r}."):
        assert word in ids


def _commands(group=main, prefix=()):
    ctx = click.Context(group)
    for name in sorted(group.list_commands(ctx)):
        cmd = group.get_command(ctx, name)
        yield prefix + (name,), cmd
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, prefix + (name,))


def test_every_help_text_shown_is_a_message_of_the_catalogs():
    """Each option's help and each paragraph of each command's help (its examples aside) is a
    message id of the template, so it is worded in every language."""
    ids = _ids(_pot())
    shown = []
    for words, cmd in [((), main), *_commands()]:
        ctx = click.Context(cmd)
        for param in cmd.get_params(ctx):
            if getattr(param, "help", None):
                shown.append((words, param.help))
        paragraphs = (cmd.help or "").split("\n\n")
        shown += [(words, p) for p in paragraphs if p and not p.startswith("\b")]
    missing = [(w, text) for w, text in shown if text.replace("{", "{{").replace("}", "}}") not in ids
               and text not in ids]
    assert len(shown) > 80
    assert missing == []
