"""A page's card words in the output language (issue 34); a list is joined by ``core.i18n.Listed``.

``card_shown(card_doc)``: a card of a page (pages.card_doc, English in the page data) in the output
language's card words (core/cardnames.py): the letter in its corner, its label, its name and token.
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import ENGLISH, N_, Listed, Message, gettext, output_language

WHITE = N_("white")  # the Ally's colour (its letter W on a card)


def card_shown(card: dict[str, Any], lang: str | None = None) -> dict[str, str]:
    """A card of a page (``pages.card_doc``: English) as the output language writes it: ``letter``
    (its corner: the colour's letter, ``G`` for yellow in Italian), ``label`` (its number, or the
    special card's name, ``Ladro``), ``name`` (a tooltip: ``giallo 5``) and ``text`` (its token,
    ``G5``). English: the card doc's own."""
    lang = lang or output_language()
    if lang == ENGLISH:
        return {"letter": card["colour"], "label": card["label"], "name": card["name"], "text": card["text"]}
    from ..core import cardnames

    colour, label = card["colour"], str(card["label"])
    number = label.isdigit()
    if not number and label in cardnames.SPECIAL_NAMES:
        label = cardnames.SPECIAL_NAMES[label][lang][0]
    if colour in cardnames.ORDER:
        letter = cardnames.LETTERS[lang][cardnames.ORDER.index(colour)]
        word = cardnames.colour_word(colour, lang)
    else:  # W: the white Ally
        letter, word = colour, gettext(WHITE)
    # TRANSLATORS: a card's name in a tooltip: its colour and its number ("giallo 5")
    name = Message("{colour} {number}", colour=word, number=label).text(lang) if number else label
    return {"letter": letter, "label": label, "name": name, "text": f"{letter}{label}" if number else label}


def colour_letters(lang: str | None = None) -> str:
    """The colour letters of the cards and their words, as a page's legend says them: ``R red, G
    green, Y yellow, B blue, K black`` (the Italian ``R rosso, V verde, G giallo, B blu, N nero``;
    a language whose letter is the word itself says the word once)."""
    from ..core import cardnames

    lang = lang or output_language()
    pairs = [letter if letter == word else f"{letter} {word}"
             for letter, word in zip(cardnames.LETTERS[lang], cardnames.COLOUR_WORDS[lang])]
    return Listed(pairs, ",").in_language(lang)
