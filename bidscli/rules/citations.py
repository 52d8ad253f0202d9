"""A ruleset's own texts in the players' languages (issue 34 items 1 and 4).

A bundled ruleset (``rulesets/*.toml``) writes its title, its description and each knob's source
citation in English. They are messages: ``tools/catalogs.py`` extracts them from the files
(``ruleset_messages``), the catalogs translate them, and the outputs for people word them in the
output language (``i18n.worded``); JSON and CSV keep the English, which is the ``str`` itself
(``i18n.WordedText``). A citation is framed as

    SRC "Section title" (gloss): what bidscli reads in it

(``IT "Carta Ladro": must steal``): the source's id and its section's title stay as the source
writes them (the source's language); the gloss (the title's meaning, where the title is in another
script) and the meaning are worded. ``unstated``, ``unstated (note)`` and ``house: NAME`` are
bidscli's own framing (rules.md: ``unstated`` marks a house default), worded in every ruleset; the
rest of a house file's own citation, and its title and description, are shown as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..core.i18n import (
    ENGLISH,
    N_,
    Message,
    WordedText,
    catalog,
    labelled,
    noted,
    output_language,
)

UNSTATED = "unstated"
HOUSE = "house: "
# SRC, SRC/SRC2; then a section's title in quotes, or the word "intro"; a gloss in brackets; ": ".
# Compiled when first needed (a citation worded in another language): not at start-up.
FRAME = (r"(?P<src>[A-Z]{2}(?:/[A-Z]{2})?)(?: (?P<title>\"[^\"]+\"|'[^']+'))?"
         r"(?: (?P<intro>intro))?(?: \((?P<gloss>[^()]+)\))?: (?P<meaning>.+)")


def framed(text: str) -> re.Match[str] | None:
    """A citation read as its frame (``src``, ``title``, ``intro``, ``gloss``) and ``meaning``."""
    return re.fullmatch(FRAME, text, re.DOTALL)  # re caches the compiled pattern
# TRANSLATORS: the word of a citation for the start of a source ("EN intro: 10 tricks a round").
INTRO = N_("intro")


class Citation:
    """A knob's source as a ruleset writes it, worded in a language (``in_language``); ``bundled``:
    a bundled ruleset's, whose words are in the catalogs."""

    __slots__ = ("source", "bundled")

    def __init__(self, source: str, bundled: bool) -> None:
        self.source, self.bundled = source, bundled

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __reduce__(self) -> tuple[type[Citation], tuple[str, bool]]:
        return (Citation, (self.source, self.bundled))

    def in_language(self, lang: str) -> str:
        text = self.source
        if lang == ENGLISH:
            return text
        if text.startswith(UNSTATED):
            rest = text[len(UNSTATED):]
            if rest == ": house default":
                return Message("unstated: house default").text(lang)
            if rest.startswith(" (") and rest.endswith(")"):
                return Message("unstated ({note})", note=self.unstated_note(lang)[2:-1]).text(lang)
            return Message("unstated").text(lang) + rest  # a house file's own words after it
        if text.startswith(HOUSE):
            name = text[len(HOUSE):]
            if name == "command line":
                return Message("house: command line").text(lang)
            return Message("house: {name}", name=name).text(lang)
        return _framed(text, lang) if self.bundled else text

    def unstated_note(self, lang: str) -> str:
        """What follows ``unstated`` (`` (not used by split_most)``), worded: a bundled note in
        brackets is a citation or a message; a house file's words are shown as written."""
        rest = self.source[len(UNSTATED):]
        if lang == ENGLISH or not self.bundled or not (rest.startswith(" (") and rest.endswith(")")):
            return rest
        return f" ({_framed(rest[2:-1], lang)})"


def _framed(text: str, lang: str) -> str:
    """A bundled citation (or an unstated one's note) in ``lang``: its frame as written, its
    gloss and meaning from the catalog; a note with no frame is a message as a whole."""
    words = catalog(lang)
    m = framed(text)
    if m is None:
        return words.gettext(text)
    out = m["src"] + (f" {m['title']}" if m["title"] else "") + (f" {words.gettext(INTRO)}" if m["intro"] else "")
    glossed = m["gloss"] or english_title(m)  # an English title's meaning: as a Japanese one's
    if glossed:
        gloss = words.gettext(glossed)
        if m["title"] is None or gloss != m["title"][1:-1]:  # a title glossed in its own language: once
            out = noted(out, gloss, lang)
    return labelled(out, words.gettext(m['meaning']), lang)


def english_title(m: re.Match[str]) -> str | None:
    """The title of a citation of an English source (EN, JA/EN: its section's title in English,
    which the other languages gloss, as the ruleset glosses a Japanese one), else None."""
    return m["title"][1:-1] if m["title"] and m["src"].endswith("EN") and not m["gloss"] else None


class Phrase:
    """A bundled ruleset's title or description, worded from the catalog."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __reduce__(self) -> tuple[type[Phrase], tuple[str]]:
        return (Phrase, (self.text,))

    def in_language(self, lang: str) -> str:
        return self.text if lang == ENGLISH else catalog(lang).gettext(self.text)


def cited(source: str, bundled: bool) -> WordedText:
    """A knob's source as a ruleset holds it: English as a str, worded when shown."""
    return WordedText(Citation(source, bundled))


def phrase(text: str) -> WordedText:
    return WordedText(Phrase(text))


def unstated_note(source: str, lang: str) -> str:
    """What follows ``unstated`` in a source (``rules show`` prints its own heading before it)."""
    said = getattr(source, "said", None)
    if isinstance(said, Citation):
        return said.unstated_note(lang)
    return source[len(UNSTATED):]


# -- the messages of a bundled ruleset, for the catalogs ------------------------------------


def ruleset_messages(text: str, data: dict[str, Any]) -> Iterator[tuple[int, str, list[str]]]:
    """(line, message id, comments for the translator) of each text of a bundled ruleset: its
    title, its description and each citation's gloss and meaning (tools/catalogs.py)."""
    lines = text.splitlines()

    def line_of(needle: str) -> int:
        return next((i for i, line in enumerate(lines, 1) if needle in line), 0)

    name = data.get("name", "")
    for key in ("title", "description"):
        if data.get(key):
            yield line_of(f"{key} = "), data[key], [f"The {key} of the bundled ruleset {name} (bids rules list)."]
    quotes = data.get("quotes", {})
    for knob, source in data.get("sources", {}).items():
        where = line_of(f'"{knob}" = ')
        said = [f"«{w}» ({lang})" for lang, w in quotes.get(knob, {}).items()]
        about = f"{name}, {knob}:" + (f" the source's words: {said[0]};" if said else "")
        note = source[len(UNSTATED):]
        if source.startswith(UNSTATED):
            if not (note.startswith(" (") and note.endswith(")")):
                continue
            source = note[2:-1]
        m = framed(source)
        if m is None:
            yield where, source, [f"{about} a note on a rule no source states."]
            continue
        if m["gloss"]:
            yield where, m["gloss"], [f"{about} the meaning of the title {m['title'] or ''} in the citation "
                                      f"{source!r}, shown after it in brackets."]
        title = english_title(m)
        if title is not None:
            yield where, title, [f"{about} the title of a section of the English source, in the "
                                            f"citation {source!r}: its meaning, shown after it in brackets "
                                            "(the same words when the players use the English name)."]
        if any(c.isalpha() for c in m["meaning"]):  # "1, 1, 2, 3" is the same in every language
            yield where, m["meaning"], [f"{about} what the source {m['src']} {m['title'] or ''} says "
                                        "(a sentence of rules show, after the source's name and title)."]


class Bracket:
    """``[knob = value; source]``: the knob that decided a reason, its value and its source's id,
    worded when shown (``unstated``, ``house: command line``)."""

    __slots__ = ("knob", "value", "source")

    def __init__(self, knob: str, value: object, source: str) -> None:
        self.knob, self.value, self.source = knob, value, source

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __reduce__(self) -> tuple[type[Bracket], tuple[str, object, str]]:
        return (Bracket, (self.knob, self.value, self.source))

    def in_language(self, lang: str) -> str:
        source = getattr(self.source, "in_language", None)
        return f"[{self.knob} = {self.value}; {self.source if source is None else source(lang)}]"


def bracket(knob: str, value: object, source: str) -> WordedText:
    return WordedText(Bracket(knob, value, source))
