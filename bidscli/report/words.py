"""Lists and a page's card words in the output language (issue 34): what the tables and pages join.

``Listing(items)`` is a list of texts worded when shown: ``a, b, c``, or with ``last`` ``a, b and c``,
through two messages (``{list}, {item}`` and ``{list} and {item}``) that each language orders and
punctuates its own way (Japanese: ``a、b、c``); ``Clauses(items)`` joins whole clauses with ``;``.
Each item is a text or a worded value (a ``Message``); a list in page data that ``--format json``
prints is worded in English there (render.dumps), as any ``Message``.

``card_shown(card_doc)``: a card of a page (pages.card_doc, English in the page data) in the output
language's card words (core/cardnames.py): the letter in its corner, its label, its name and token.
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import ENGLISH, N_, Message, gettext, output_language, worded


class Listing:
    """Items joined as a list, worded when shown (``str``, or ``in_language(lang)``)."""

    __slots__ = ("items", "last")

    def __init__(self, items, last: bool = False) -> None:
        self.items = tuple(items)
        self.last = last  # "a, b and c" (else "a, b, c")

    def in_language(self, lang: str) -> str:
        said = [str(worded(x, lang)) for x in self.items]
        if not said:
            return ""
        text = said[0]
        for i, item in enumerate(said[1:], 1):
            if self.last and i == len(said) - 1:
                # TRANSLATORS: the last item of a list ("the Ally split and the banked 2x")
                text = Message("{list} and {item}", list=text, item=item).text(lang)
            else:
                # TRANSLATORS: one more item of a list ("Ana 12, Ben 7"); Japanese: "{list}、{item}"
                text = Message("{list}, {item}", list=text, item=item).text(lang)
        return text

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listing) and (self.items, self.last) == (other.items, other.last)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Listing({self.items!r}, last={self.last})"


class Clauses(Listing):
    """Whole clauses of one sentence joined with ``;`` (Japanese: ``；``), worded when shown."""

    def in_language(self, lang: str) -> str:
        said = [str(worded(x, lang)) for x in self.items]
        if not said:
            return ""
        text = said[0]
        for item in said[1:]:
            # TRANSLATORS: one more clause of a sentence, after a semicolon ("Round 1 scores: Ana 12; Ally pair ...")
            text = Message("{clauses}; {clause}", clauses=text, clause=item).text(lang)
        return text


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
    return Listing(pairs).in_language(lang)
