"""Cards of Bids as small frozen values with a compact notation.

Notation (log.md "Cards"): ``R5`` ``G10`` ``Y1`` ``B14`` coloured, ``K7`` black
number, ``-5``, ``2x``, ``Lowest``, ``Surprise``, ``Thief`` special black cards
and ``Ally``, the white card. Parsing is case-insensitive and accepts the
aliases of log.md; ``str(card)`` is always the canonical form.

Cards are interned: ``Card.parse("r5") is Card.parse("R5")``. Parsing a log
is then a dictionary look-up per token, which keeps scoring cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .errors import LogSyntaxError, meant, nearest
from .i18n import ENGLISH, Message, card_text

COLOURS = ("R", "G", "Y", "B")
COLOUR_NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "blue", "K": "black"}
BLACK = "K"
WHITE = "W"

# Kinds of special cards.
MINUS_FIVE = "-5"
DOUBLE = "2x"
LOWEST = "Lowest"
SURPRISE = "Surprise"
THIEF = "Thief"
ALLY = "Ally"

MAX_NUMBER = 14  # the largest number of any deck (6 players)

CardKey = tuple[str, int | None, str | None]  # (colour, number, special)
_INTERNED: dict[CardKey, Card] = {}  # the one Card of each key


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Card:
    """One card. ``colour`` is R/G/Y/B, K (black) or W (white Ally).

    ``number`` is set for coloured and black number cards (the only bids);
    ``special`` names a special card (-5, 2x, Lowest, Surprise, Thief, Ally);
    ``value`` is what the card scores (black cards only).

    Cards are interned: this module makes each card once, and ``Card.parse`` and
    the names below give that one. Equality and hashing are then by identity
    (``eq=False``), done in C, which keeps replays cheap; a pickled or copied card
    comes back as the same card.
    """

    colour: str
    number: int | None
    special: str | None
    value: int
    _key: CardKey
    _text: str  # the canonical token, made once: reports print cards by the hundred thousand

    def __reduce__(self) -> tuple[Callable[[CardKey], Card], tuple[CardKey]]:
        # Pickling (process pools) must give back the interned card.
        return (_interned, (self._key,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    # -- what the card is -------------------------------------------------
    @property
    def sort_key(self) -> tuple[int, int, str]:
        order = "RGYBKW"
        return (order.index(self.colour), self.number or 0, self.special or "")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def in_language(self, lang: str) -> str:
        """The card as a text in ``lang`` says it: a card argument of a message is worded here,
        through the one function ``i18n.card_text`` (English: the token, here without the call:
        JSON words every card of every reason in English)."""
        return self._text if lang == ENGLISH else card_text(self, lang)

    # -- notation -----------------------------------------------------------
    @staticmethod
    def parse(token: str) -> Card:
        """Parse a card token; raises LogSyntaxError naming what was expected."""
        card = _BY_TOKEN.get(token.strip().lower())
        if card is None:
            word = token.strip()
            hint: Message | str = ""
            if len(word) > 2 and word.isalpha():  # a special card's name misspelled: Alley, Theif, Ladra
                from .cardnames import special_spellings

                names = special_spellings("en", str.lower)
                near = nearest(word.lower(), names)
                hint = meant(names[near] if near else None)
            raise LogSyntaxError(Message(
                "'{word}' is not a card{hint}: expected a colour R/G/Y/B or K (black) and a number 1-{max} "
                "(e.g. R5, K7), or one of -5, 2x, Lowest, Surprise, Thief, Ally", word=word, hint=hint,
                max=MAX_NUMBER))
        return card


_BY_TOKEN: dict[str, Card] = {}
_CANONICAL: dict[str, Card] = {}


def _register(card: Card, *aliases: str) -> None:
    _CANONICAL[str(card)] = card
    for token in (str(card), *aliases):
        _BY_TOKEN[token.lower()] = card


def _make(colour: str, number: int | None = None, special: str | None = None) -> Card:
    key = (colour, number, special)
    value = 0
    if colour == BLACK:
        value = number if number is not None else (-5 if special == MINUS_FIVE else 0)
    card = Card(colour, number, special, value, key, special if special is not None else f"{colour}{number}")
    _INTERNED[key] = card
    return card


def _interned(key: CardKey) -> Card:
    return _INTERNED[key]


for _colour in (*COLOURS, BLACK):
    for _n in range(1, MAX_NUMBER + 1):
        _register(_make(_colour, _n))
_register(_make(BLACK, special=MINUS_FIVE), "K-5")
_register(_make(BLACK, special=DOUBLE), "K2x", "x2")
_register(_make(BLACK, special=LOWEST), "Low")
_register(_make(BLACK, special=SURPRISE), "?")
_register(_make(BLACK, special=THIEF))
_register(_make(WHITE, special=ALLY), "W")


def card(token: str) -> Card:
    """Shorthand for Card.parse, handy in tests and bots."""
    return Card.parse(token)


def cards(tokens: str) -> tuple[Card, ...]:
    """Parse a space separated list of cards: ``cards("R5 K7 2x")``."""
    return tuple(Card.parse(t) for t in tokens.split())


MINUS_FIVE_CARD = card("-5")
DOUBLE_CARD = card("2x")
LOWEST_CARD = card("Lowest")
SURPRISE_CARD = card("Surprise")
THIEF_CARD = card("Thief")
ALLY_CARD = card("Ally")


def black_number(n: int) -> Card:
    return _CANONICAL[f"K{n}"]


def coloured(colour: str, n: int) -> Card:
    return _CANONICAL[f"{colour}{n}"]
