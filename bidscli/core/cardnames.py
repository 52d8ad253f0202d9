"""The card words of the players' languages, as plain tables (log.md "Card words in the players'
languages"): the one place they are written. This module imports nothing of bidscli, so that any
module of core may read them (the card reader, cardwords.py, reads and writes logs with them;
the wording of cards in messages, i18n.card_text, may word them).

Colours are the English letters R, G, Y, B and K (black), in that order (``ORDER``); a special
card is its English name (``Lowest``...); ``-5`` and ``2x`` are the same in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

LANGS = ("en", "it", "es", "ja")
LANG_NAMES = {"en": "English", "it": "Italian", "es": "Spanish", "ja": "Japanese"}
ORDER = ("R", "G", "Y", "B", "K")  # the order of LETTERS and COLOUR_WORDS

# The colour letters each language writes, and the word each letter stands for (what the
# recorder echoes: G5 (giallo)).
LETTERS = {
    "en": ("R", "G", "Y", "B", "K"),
    "it": ("R", "V", "G", "B", "N"),
    "es": ("R", "V", "AM", "AZ", "N"),
    "ja": ("赤", "緑", "黄", "青", "黒"),
}
COLOUR_WORDS = {
    "en": ("red", "green", "yellow", "blue", "black"),
    "it": ("rosso", "verde", "giallo", "blu", "nero"),
    "es": ("rojo", "verde", "amarillo", "azul", "negro"),
    "ja": ("赤", "緑", "黄", "青", "黒"),
}

# The special cards' names in each language, the first the one writers write. Two-word forms
# ("Più bassa") are read as one card. All of them are read in every log (none collides).
SPECIAL_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "Lowest": {"en": ("Lowest", "Low"), "it": ("Bassa", "Più bassa"), "es": ("Baja", "Más baja"),
               "ja": ("Lowest", "ロウエスト")},
    "Surprise": {"en": ("Surprise", "?"), "it": ("Sorpresa",), "es": ("Sorpresa",), "ja": ("Surprise", "サプライズ")},
    "Thief": {"en": ("Thief",), "it": ("Ladro",), "es": ("Ladrón",), "ja": ("Thief", "シーフ")},
    "Ally": {"en": ("Ally",), "it": ("Alleato",), "es": ("Aliado",), "ja": ("アリー", "味方", "Ally")},
}


def special_spellings(lang: str, key: Callable[[str], str]) -> dict[str, str]:
    """The special cards' one-word names a log of ``lang`` reads, by ``key`` (its folding): its
    own names, then every language's written name (all are read in every log), for the nearest
    name to a misspelled one ("Theif" in a Spanish log: Thief). A name of ``lang`` comes first
    where two fold alike."""
    out: dict[str, str] = {}
    for names in SPECIAL_NAMES.values():
        for name in names[lang]:
            if name.isalpha():
                out.setdefault(key(name), name)
    for names in SPECIAL_NAMES.values():
        for other in names:
            if names[other][0].isalpha():
                out.setdefault(key(names[other][0]), names[other][0])
    return out


# Tokens read only in English logs: the K-prefixed black specials and the Ally's letter W.
ENGLISH_ONLY = {"K-5": "-5", "K2x": "2x", "W": "Ally"}
EVERYWHERE = {"-5": "-5", "2x": "2x", "x2": "2x"}  # the same in every language

# The action words of a trick line (steal: "<thief> <steals> <card> <from> <victim>"; pass:
# "<thief> <passes>"), the first the one writers write. English ones are read in every log.
ACTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "en": (("steals",), ("from",), ("passes", "pass")),
    "it": (("ruba",), ("a",), ("passa",)),
    "es": (("roba",), ("a",), ("pasa",)),
    "ja": (("steals",), ("from",), ("passes", "pass")),
}

# In a ja log these stand for "," ":" ";" in trick lines (Japanese punctuation, full-width forms).
JA_SEPARATORS = {"、": ",", "，": ",", "：": ":", "；": ";"}
SEPARATOR_CHARS = {"ja": "、，：；"}  # what a name may not hold in a log of that language


def token(colour: str, number: int | None, special: str | None, lang: str) -> str:
    """A card's token in ``lang``'s card words, from its parts (``Card.colour``, ``number``,
    ``special``): ``G5`` for yellow 5 in Italian, ``Ladro`` for the Thief, ``-5`` everywhere."""
    if special is not None:
        names = SPECIAL_NAMES.get(special)
        return names[lang][0] if names else special
    return f"{LETTERS[lang][ORDER.index(colour)]}{number}"


def colour_word(colour: str, lang: str) -> str:
    """The word of a colour (R G Y B K) in ``lang``: ``giallo`` for Y in Italian."""
    return COLOUR_WORDS[lang][ORDER.index(colour)]
