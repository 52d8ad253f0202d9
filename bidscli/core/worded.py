"""Values worded in a message's language (core/i18n.py: a message's argument with ``in_language``):
a run of cards and a colour, in the language's card words (log.md "Card words in the players'
languages"). Like the cards themselves, they are worded when shown: English in JSON, the output
language in text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .i18n import output_language


class Joined:
    """Values shown one after another with ``sep`` between them, each worded in the language of
    the message that shows them: ``Joined(cards, " ")`` is "K5 K7" (``G5 N7`` in Italian card
    words), ``Joined(parts, " + ")`` "K8 (+8) + -5 (-5)". For a run of cards or numbers, whose
    separator every language writes the same; a list in words ("Ana, Ben or Cleo") is an
    ``i18n.Listed``."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Sequence[Any], sep: str = " ") -> None:
        self.items, self.sep = items, sep

    def in_language(self, lang: str) -> str:
        # worded() inline: JSON words every card a trick's winner takes
        return self.sep.join([str(item if (wording := getattr(item, "in_language", None)) is None else wording(lang))
                              for item in self.items])

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (list(self.items), self.sep) == (list(other.items), other.sep)

    __hash__ = None  # type: ignore[assignment]  # its items are a list

    def __reduce__(self) -> tuple[type[Joined], tuple[Sequence[Any], str]]:
        return (Joined, (self.items, self.sep))

    def __repr__(self) -> str:
        return f"Joined({self.items!r}, {self.sep!r})"


class Colour:
    """A colour (R, G, Y, B, K) as a word of the language: "yellow" in English, "giallo" in
    Italian (cardnames.COLOUR_WORDS); ``letter=True``: as the language's card letter ("Y" in
    English, "G" in Italian, "AM" in Spanish)."""

    __slots__ = ("colour", "letter")

    def __init__(self, colour: str, letter: bool = False) -> None:
        self.colour, self.letter = colour, letter

    def in_language(self, lang: str) -> str:
        key = (lang, self.colour, self.letter)
        found = _colour_words.get(key)
        if found is None:
            from .cardnames import LETTERS, ORDER, colour_word

            if self.colour not in ORDER:
                return self.colour  # not a colour of the deck: as it is (and not kept)
            if self.letter:
                found = LETTERS[lang][ORDER.index(self.colour)]
            else:
                found = colour_word(self.colour, lang)
            _colour_words[key] = found
        return found

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Colour) and (self.colour, self.letter) == (other.colour, other.letter)

    def __hash__(self) -> int:
        return hash((self.colour, self.letter))

    def __reduce__(self) -> tuple[type[Colour], tuple[str, bool]]:
        return (Colour, (self.colour, self.letter))

    def __repr__(self) -> str:
        return f"Colour({self.colour!r}{', letter=True' if self.letter else ''})"


_colour_words: dict[tuple[str, str, bool], str] = {}  # (language, colour, letter) -> its word: few
