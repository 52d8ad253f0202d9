"""Player names as people write them (log.md 'Players' and 'What validate checks').

A name is what the table calls the player: any letters, digits, spaces and
punctuation, 1-32 characters, NFC-normalised (an NFD "José" is the same player
as an NFC one). Refused is only what the trick syntax cannot carry: ``,`` ``:``
``;`` (they separate plays, the revealed part and actions), leading or trailing
spaces, and invisible or control characters (a tab, a newline, a right-to-left
override: text that could make a printed name lie about itself). The joiners that
real names need (ZWNJ U+200C, ZWJ U+200D: "Mehr\u200cnaz") are allowed inside a
name, and a trick line matches the name with or without them.

In trick lines names match case-insensitively and with any run of spaces as
one; a play is ``<name> <card>``, so the card is the last word and the name is
everything before it, which is what "the longest listed name wins" asks
(``Ana Maria R5`` is Ana Maria's R5 when both Ana and Ana Maria play). Two
players whose names differ only in case (or spacing) would be the same name in
a trick line, so they are refused. Output always uses the spelling of
``players``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ..core.i18n import N_, Listed, Message

MAX_LENGTH = 32
SEPARATORS = ",:;"
RULE = N_("a name is 1-32 characters: letters, digits, spaces and punctuation except ',' ':' ';', with no "
          "space at either end")  # a message id: worded where it is shown (Message(RULE))


def nfc(name: str) -> str:
    return name if name.isascii() else unicodedata.normalize("NFC", name)


JOINERS = "\u200c\u200d"  # ZWNJ and ZWJ: invisible, but real names need them (Persian, Indic scripts)


def key(name: str) -> str:
    """What a name matches in a trick line: NFC, spaces collapsed, case folded, the joiners left
    out (a trick line typed without them is the same player; two players told apart only by
    them would look the same)."""
    name = nfc(name)
    if not name.isascii() and ("\u200c" in name or "\u200d" in name):
        name = name.replace("\u200c", "").replace("\u200d", "")
    return " ".join(name.split()).casefold()


def fault(name: str) -> Message | None:
    """Why ``name`` (already NFC) cannot be a player name, as a clause ("it is empty"), or None."""
    if not name:
        return Message("it is empty")
    if len(name) > MAX_LENGTH:
        return Message("it has {count} characters (at most {limit})", count=len(name), limit=MAX_LENGTH)
    bad = sorted(c for c in SEPARATORS if c in name)  # three searches in C, not a loop over the name
    if bad:
        return Message("it holds {marks}, which the trick syntax uses", marks=Listed([f"'{c}'" for c in bad]))
    if name != name.strip():
        return Message("it starts or ends with a space")
    if name[0] in JOINERS or name[-1] in JOINERS:
        return Message("it starts or ends with an invisible joiner")
    if not name.isprintable() and any(not c.isprintable() and c not in JOINERS for c in name):
        return Message("it holds an invisible or control character")
    return None


def shown(name: str) -> str:
    """A name for a message: cut to 40 characters, control characters escaped (a joiner too,
    unless it is inside the name, where it belongs)."""
    text = name if len(name) <= 40 else name[:37] + "..."
    last = len(text) - 1
    return "".join(c if c.isprintable() or (c in JOINERS and 0 < i < last) else f"\\u{ord(c):04x}"
                   for i, c in enumerate(text))


def look_alike(names: Iterable[str]) -> list[Message]:
    """Why two of ``names`` cannot sit at one table because they look alike across scripts
    (core/lookalike.py: Latin "Ana" and Cyrillic "Аna"), one message a pair; [] for ASCII names
    (they are all Latin), without loading the tables."""
    names = list(names)
    if all(n.isascii() for n in names):
        return []
    from ..core.lookalike import Scripts, lookalikes

    return [Message("players '{first}' ({first_scripts}) and '{second}' ({second_scripts}) look alike but are "
                    "written in different scripts: nobody at the table could tell them apart (give one of them "
                    "another name)", first=shown(a), first_scripts=Scripts(a), second=shown(b),
                    second_scripts=Scripts(b)) for a, b in lookalikes(names)]


def same_up_to_case(names: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of different names that a trick line could not tell apart."""
    first: dict[str, str] = {}
    out = []
    for n in names:
        k = key(n)
        if k in first and first[k] != n:
            out.append((first[k], n))
        first.setdefault(k, n)
    return out


class Names:
    """The players of one log, for matching names in its trick lines (built once per log).

    ``resolve`` is a set test for a name written exactly as in ``players`` (the
    usual case) and one dict look-up otherwise. The keys are made on the first name not
    written exactly (most logs have none).
    """

    __slots__ = ("players", "exact", "_by_key")

    def __init__(self, players: Iterable[str], exact: frozenset[str] | None = None) -> None:
        self.players = tuple(players)
        self.exact = frozenset(self.players) if exact is None else exact
        self._by_key: dict[str, str] | None = None

    @property
    def by_key(self) -> dict[str, str]:
        """Each player's ``key`` -> the player."""
        if self._by_key is None:
            self._by_key = {key(p): p for p in self.players}
        return self._by_key

    def resolve(self, name: str) -> str | None:
        """The player ``name`` means, in the spelling of ``players``; None if nobody."""
        if name in self.exact:
            return name
        return self.by_key.get(key(name))
