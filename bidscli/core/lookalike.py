"""Names that look alike across scripts (Unicode UTS #39, "Confusable Detection").

Two names look alike when they have the same *skeleton*: each character replaced by the
prototype it is confusable with (Cyrillic "а" and Latin "a" are both "a"; "m" and "rn" are
both "rn"), after NFD, with the invisible default-ignorable characters left out (UTS #39,
section 4). A table refuses two players whose names look alike **and are written in different
scripts** (Latin "Ana" and Cyrillic "Аna"): nobody at the table can tell them apart, and one
may stand for the other. Names of one script that merely resemble each other ("Mami" and
"Marni") are left to the table, as they are to any reader.

A name's scripts are those of its letters (the Script property; Common and Inherited, which
digits, punctuation and combining marks have, belong to every script). Two names are written
in different scripts when both have letters and their sets of scripts differ.

The data is Unicode's own (confusables.txt and Scripts.txt, lookalike_data.py, made by
tools/gen_lookalike.py). It is read on first use, which only a non-ASCII name causes: names in
ASCII are all Latin, so no two of them can differ in script (start-up, docs/developers.md).
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from types import ModuleType

from .i18n import N_, Listed, Message


def _data() -> ModuleType:
    # About 170 KB of literals: loaded only for a name that is not ASCII.
    from . import lookalike_data

    return lookalike_data


def _ignorable(c: str) -> bool:
    """Default_Ignorable_Code_Point, as far as a name can hold one (a joiner, a variation
    selector, a soft hyphen): format characters and variation selectors."""
    n = ord(c)
    return unicodedata.category(c) == "Cf" or 0xFE00 <= n <= 0xFE0F or 0xE0100 <= n <= 0xE01EF or n == 0x034F \
        or 0x115F <= n <= 0x1160 or n in (0x3164, 0xFFA0, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F)


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, default-ignorables left out, each character's
    prototype, NFD again."""
    prototype = _data().PROTOTYPES
    text = unicodedata.normalize("NFD", text)
    out = "".join(prototype.get(c, c) for c in text if not _ignorable(c))
    return unicodedata.normalize("NFD", out)


def scripts(text: str) -> frozenset[str]:
    """The scripts of the letters of ``text`` (none for digits, punctuation, marks)."""
    data = _data()
    starts, codes, names = data.SCRIPT_STARTS, data.SCRIPT_CODES, data.SCRIPT_NAMES
    found = set()
    for c in text:
        code = codes[bisect_right(starts, ord(c)) - 1]
        if code >= 0:
            found.add(names[code])
    return frozenset(found)


def lookalikes(names: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of the different ``names`` that look alike across scripts (the same skeleton, as
    written: "В" looks like "B", but its small letter "в" like no "b"; and letters of different
    scripts), in the order given. Each name's skeleton and scripts are found once, and only names
    of one skeleton are compared: a season of thousands of players costs one pass over them."""
    names = list(dict.fromkeys(names))
    if all(n.isascii() for n in names):
        return []  # all Latin (or of no script): no two differ in script
    groups: dict[str, list[tuple[int, str, frozenset[str]]]] = {}
    for i, name in enumerate(names):
        found = scripts(name)
        if found:  # a name without letters looks like no one script's name
            groups.setdefault(skeleton(name), []).append((i, name, found))
    pairs = []
    for group in groups.values():
        for k, (i, a, sa) in enumerate(group):
            pairs += [(i, j, a, b) for j, b, sb in group[k + 1:] if sa != sb]
    return [(a, b) for _, _, a, b in sorted(pairs)]


def script_list(text: str) -> str:
    """The scripts of ``text`` for an English message: "Cyrillic and Latin"."""
    return Scripts(text).in_language("en")


# The scripts names are most often written in, as messages name them (Unicode's names, translated);
# another script is shown by its Unicode name.
_SCRIPT_NAMES = {name: msgid for name, msgid in (
    ("Latin", N_("Latin")), ("Cyrillic", N_("Cyrillic")), ("Greek", N_("Greek")), ("Armenian", N_("Armenian")),
    ("Georgian", N_("Georgian")), ("Hebrew", N_("Hebrew")), ("Arabic", N_("Arabic")), ("Han", N_("Han")),
    ("Hiragana", N_("Hiragana")), ("Katakana", N_("Katakana")), ("Hangul", N_("Hangul")),
    ("Devanagari", N_("Devanagari")), ("Thai", N_("Thai")), ("Cherokee", N_("Cherokee")),
)}


class Scripts:
    """The scripts of a text's letters, worded when shown: "Cyrillic and Latin", "cirillico e latino"."""

    __slots__ = ("names",)

    def __init__(self, text: str) -> None:
        self.names = sorted(s.replace("_", " ") for s in scripts(text))

    def in_language(self, lang: str) -> str:
        return Listed([Message(_SCRIPT_NAMES[n]) if n in _SCRIPT_NAMES else n for n in self.names]).in_language(lang)
