"""The card words of the players' languages (log.md "Card words in the players' languages").

A log may say ``lang = "it"`` (or ``"es"``, ``"ja"``; ``"en"`` when it says nothing): its cards
and actions are then written in that language's words. This module is the one place that knows
them: :func:`card_words` gives a language's :class:`CardWords`, which reads a token (``card``), writes a
card (``word``) and names its colour (``colour_word``, the recorder's echo). Cards inside bidscli
are always the English ones (``str(card)``): JSON and CSV keep English tokens.

How a token is read (``fold``): case-insensitive, spaces collapsed, full-width and half-width
forms folded to their plain form (NFKC: ``Ｒ５`` is ``R5``, ``ｼｰﾌ`` is ``シーフ``), and Latin
accents optional (``Ladron``, ``Piu'``). Only the combining accents of Latin letters are dropped
(U+0300-U+036F), never the Japanese sound marks (U+3099, U+309A: ``サプライズ`` stays itself).
Only card tokens are folded; player names never are.

Colour letters are read only in the log's language, since they collide across languages (``G``
is green in English, giallo in Italian); the special cards' names of every language are read in
every log, since none collides. A token that is no card in the log's language but one in
another gets a message that names both readings (:meth:`CardWords.card`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from .cardnames import (
    ACTIONS,
    COLOUR_WORDS,
    ENGLISH_ONLY,
    EVERYWHERE,
    JA_SEPARATORS,
    LANG_NAMES,
    LANGS,
    LETTERS,
    ORDER,
    SEPARATOR_CHARS,
    SPECIAL_NAMES,
    special_spellings,
)
from .cardnames import token as token_of
from .cards import _CANONICAL, _INTERNED, MAX_NUMBER, Card
from .errors import LogSyntaxError, meant, nearest
from .i18n import ENGLISH, N_, Listed, Message, card_text

__all__ = ["LANGS", "LANG_NAMES", "SEPARATOR_CHARS", "CardWordError", "CardWords", "card_words", "fold",
           "is_two_word_card", "join_two_words"]

# The tables (the card words of each language) are in cardnames.py, which imports nothing of
# bidscli: the bottom of core (i18n.card_text) may read them too.
_JA_SEPARATORS = str.maketrans(JA_SEPARATORS)


def fold(token: str) -> str:
    """A card token as it is looked up: case folded, spaces collapsed, full-width forms folded, Latin
    accents and apostrophes dropped ("Piu'", "Ladrón" -> "piu", "ladron"), Japanese kept whole."""
    text = " ".join(token.split())
    if text.isascii():
        text = text.lower()
        return text.replace("'", "").replace("`", "") if ("'" in text or "`" in text) else text
    import unicodedata  # only for a token that is not ASCII: not at start-up

    for mark in "'`´’":  # an accent typed after the letter (Piu'): dropped before NFKC reads ´ as an accent
        text = text.replace(mark, "")
    text = unicodedata.normalize("NFKC", text)  # full-width and half-width forms: Ｒ５ -> R5, ｼｰﾌ -> シーフ
    text = unicodedata.normalize("NFD", text)
    text = "".join(c for c in text if not "\u0300" <= c <= "\u036f")  # Latin accents only, never ゛ ゜
    text = unicodedata.normalize("NFC", text).replace("\u2212", "-").replace("×", "x")
    return " ".join(text.casefold().split())


class CardWords:
    """The card words of one language: reading tokens, writing cards, naming colours."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.name = LANG_NAMES[lang]
        self.letters = dict(zip(ORDER, LETTERS[lang]))
        self.colour_words = dict(zip(ORDER, COLOUR_WORDS[lang]))
        self.steal_words, self.from_words, self.pass_words = ACTIONS[lang]
        self.pass_answer = self.pass_words[-1]  # the one word that answers a steal question: pass, passa
        if lang != "en":  # English actions are read in every log
            en = ACTIONS["en"]
            self.steal_words += en[0]
            self.from_words += en[1]
            self.pass_words += en[2]
        self.separators = _JA_SEPARATORS if lang == "ja" else None
        # The tokens as this language's writers write them (canonical ones in English): one
        # dictionary look-up a card on a log's usual path.
        if lang == "en":
            self.exact: dict[str, Card] = _CANONICAL
        else:
            self.exact = {self.word(c): c for c in _INTERNED.values()}
        self.one = {tok: (c,) for tok, c in self.exact.items()}  # a revealed part of one card, as written
        self._folded: dict[str, Card] | None = None

    # -- writing -------------------------------------------------------------------------------
    def word(self, card: Card) -> str:
        """The token a writer writes for ``card`` in this language (``G5`` for yellow 5 in Italian)."""
        if card.special is not None:
            return token_of(card.colour, card.number, card.special, self.lang)
        return f"{self.letters[card.colour]}{card.number}"

    def colour_word(self, card: Card) -> str | None:
        """The word of a number card's colour ("giallo" for yellow 5 in Italian); None for a special card."""
        return None if card.number is None else self.colour_words[card.colour]

    def echo(self, card: Card) -> str:
        """A card as the recorder shows it back: its token and colour word, ``G5 (giallo)``."""
        word = self.word(card)
        colour = self.colour_word(card)
        return word if colour is None or colour == self.letters[card.colour] else f"{word} ({colour})"

    def trick(self, revealed: Iterable[Card], plays: Iterable[tuple[str, Card]], actions: Iterable[Any] = ()) -> str:
        """A trick line in this language's words (log.md 'A trick line'), as writers write it."""
        word = self.word
        head = " ".join(map(word, revealed))
        body = ", ".join(f"{p} {word(c)}" for p, c in plays)
        return f"{head}: {body}" + "".join(f"; {self.action(a)}" for a in actions)

    def action(self, action: Any) -> str:
        """A steal or a pass (log.records.Steal, Pass: the layer above) in this language's words."""
        card = getattr(action, "card", None)
        if card is None:
            return f"{action.thief} {self.pass_words[0]}"
        return f"{action.thief} {self.steal_words[0]} {self.word(card)} {self.from_words[0]} {action.victim}"

    # -- reading -------------------------------------------------------------------------------
    @property
    def folded(self) -> dict[str, Card]:
        """Every token this language reads, folded (``fold``) -> its card. Made on first use."""
        if self._folded is None:
            table: dict[str, Card] = {}
            for colour, letter in self.letters.items():
                for n in range(1, MAX_NUMBER + 1):
                    table[fold(f"{letter}{n}")] = _CANONICAL[f"{colour}{n}"]
            table.update(_every_log())
            if self.lang == "en":
                table.update({fold(k): _CANONICAL[v] for k, v in ENGLISH_ONLY.items()})
            self._folded = table
        return self._folded

    def read(self, token: str) -> Card | None:
        """The card ``token`` is in this language, or None."""
        card = self.exact.get(token)
        return card if card is not None else self.folded.get(fold(token))

    def card(self, token: str) -> Card:
        """The card ``token`` is in this language; raises CardWordError saying what was expected and,
        for a token of another language, what it means there."""
        card = self.read(token)
        if card is not None:
            return card
        readings = {lang: c for lang in LANGS if lang != self.lang and (c := card_words(lang).read(token)) is not None}
        if readings:
            raise CardWordError(self.foreign_message(token.strip(), readings), token.strip(), readings)
        if self.lang == "en":
            Card.parse(token)  # raises the English message (aliases, the nearest special name)
        raise CardWordError(self._not_a_card(token.strip()), token.strip(), {})

    def cards(self, tokens: Iterable[str]) -> tuple[Card, ...]:
        """The cards of a sequence of tokens (the revealed part of a trick line), two-word forms
        ("Più bassa") joined into one token first."""
        return tuple(map(self.card, join_two_words(list(tokens))))

    def _not_a_card(self, word: str) -> Message:
        letters = Listed([Message("{card} ({words})", card=self.letters[c], words=self.colour_words[c]) for c in ORDER], ",")
        specials = [names[self.lang][0] for names in SPECIAL_NAMES.values()]
        hint: Message | str = ""
        if len(word) > 2 and word.isalpha():
            by_fold = special_spellings(self.lang, fold)
            near = nearest(fold(word), by_fold)
            hint = meant(by_fold[near] if near else None)
        sample = f"{self.letters['R']}5, {self.letters['K']}7"
        # TRANSLATORS: {log} is "an Italian log (lang = "it")"; the letters, the examples and the
        # special cards' names are that log's own words, as it must write them.
        return Message("'{word}' is not a card{hint}: {log} writes a colour {letters} and a number 1-{max} "
                       "(e.g. {sample}), or one of -5, 2x, {specials}", word=word, hint=hint, log=self.where(),
                       letters=letters, max=MAX_NUMBER, sample=sample, specials=", ".join(specials))

    def where(self) -> Message:
        """This language's logs, for a message: 'an Italian log (lang = "it")'."""
        if self.lang == "en":
            return Message("{log} (the log has no lang)", log=Logs(("en",)))
        return Message('{log} (lang = "{code}")', log=Logs((self.lang,)), code=self.lang)

    def foreign_message(self, token: str, readings: dict[str, Card]) -> Message:
        """The message for ``token``, no card in this language but ``readings`` in others: what it
        is there, and how this language writes that card."""
        by_card: dict[Card, list[str]] = {}
        for lang, c in readings.items():
            by_card.setdefault(c, []).append(lang)
        said: Message | None = None
        for c, langs in by_card.items():
            # TRANSLATORS: {log} is "an Italian log", "an Italian or Spanish log"; {card} a card
            # in words ("yellow 5 (giallo)").
            reading = Message("in {log} it is {card}", log=Logs(tuple(langs)), card=Described(c, tuple(langs)))
            said = reading if said is None else Message("{first}, and {second}", first=said, second=reading)
        own = Listed([Message("{card} ({words})", card=self.word(c), words=w) if (w := self._own_colour(c)) else
                      self.word(c) for c in by_card], ",")
        # TRANSLATORS: {readings} says what the token is in other languages' logs; {own} how this
        # log writes those cards, in its own words ("G10 (giallo)").
        return Message("'{token}' is not a card in {where}: {readings}; {log} writes {own}", token=token,
                       where=self.where(), readings=said, log=Logs((self.lang,)), own=own)

    def _own_colour(self, card: Card) -> str | None:
        """The colour word to show beside this language's token, when it says more than the token."""
        word = self.colour_word(card)
        return None if word is None or word == self.letters[card.colour] or self.lang == "en" else word

    def scan(self, text: str) -> tuple[list[Card], list[tuple[str, dict[str, Card]]]]:
        """The card tokens of ``text`` (a trick line, or a list's tokens joined by spaces): the cards
        this language reads, and each token it does not read with its readings in other languages
        (words that are no card anywhere, names, are left out)."""
        if self.separators is not None:
            text = text.translate(self.separators)
        own: list[Card] = []
        foreign: list[tuple[str, dict[str, Card]]] = []
        for token in join_two_words(text.replace(",", " ").replace(":", " ").replace(";", " ").split()):
            card = self.read(token)
            if card is not None:
                own.append(card)
                continue
            readings = {lang: c for lang in LANGS if lang != self.lang and (c := card_words(lang).read(token))}
            if readings:
                foreign.append((token, readings))
        return own, foreign

    def advice(self, readings: list[dict[str, Card]], seen: Iterable[Card]) -> Message | None:
        """What to do about a log in these card words whose foreign tokens read as ``readings`` (one
        dict a token: language -> card) and whose other tokens read as the cards ``seen``: the lang
        that reads every token, and a card it reads differently (G: green here, giallo there).
        None when no language reads them all (slips, not a whole log in other words)."""
        cards = sorted(set(seen), key=lambda c: c.sort_key)
        candidates = [lang for lang in LANGS if lang != self.lang and all(lang in r for r in readings)
                      and all(card_words(lang).read(self.word(c)) is not None for c in cards)]
        if not candidates:
            return None
        if candidates == ["en"]:
            text = Message('if the log is written in English card words, remove lang = "{code}"', code=self.lang)
        else:
            langs = [c for c in candidates if c != "en"]
            named = Listed([Message(LANGUAGE_NAMES[c]) for c in langs], "or")
            said = Listed([f'lang = "{c}"' for c in langs], "or")
            # TRANSLATORS: {languages} is "Italian", "Italian or Spanish"; {assignments} 'lang = "it"'
            # or 'lang = "it" or lang = "es"', as it is written at the top of a log.
            text = (Message("if the table wrote {languages} card words, add {assignments} at the top",
                            languages=named, assignments=said) if self.lang == "en" else
                    Message("if the table wrote {languages} card words, write {assignments} instead",
                            languages=named, assignments=said))
        there = card_words(candidates[0])
        for card in cards:
            token = self.word(card)
            other = there.read(token)
            if other is not None and other is not card:
                # TRANSLATORS: after the advice to change lang: {token} is read as another card then
                # ("G5 reads as yellow 5 (giallo), not green 5 as now").
                return Message("{advice} (then {token} reads as {then}, not {now} as now)", advice=text,
                               token=token, then=Described(other, (there.lang,)), now=Described(card, (self.lang,)))
        return text


    def collision(self, readings: list[dict[str, Card]], seen: Iterable[Card]) -> Message | None:
        """When slips of another language's words (``readings``, as ``advice`` takes them) are no
        whole log in that language: a card of this log, ``seen``, that the slips' language reads
        as another card (issue 34: ``G5`` in an English log beside ``V`` cards may mean giallo), so
        the message names both readings of it. None when there is none."""
        cards = sorted(set(seen), key=lambda c: c.sort_key)
        for lang in LANGS:
            if lang == self.lang or not any(lang in r for r in readings):
                continue
            there = card_words(lang)
            for card in cards:
                token = self.word(card)
                other = there.read(token)
                if other is not None and other is not card:
                    # TRANSLATORS: after a slip of another language's card words: a card this log
                    # reads one way and that language another ("G5 reads as green 5 in this log,
                    # but as yellow 5 (giallo) in an Italian log").
                    return Message("beware: {token} reads as {now} in this log, but as {then} in {log}", token=token,
                                   now=Described(card, (self.lang,)), then=Described(other, (lang,)),
                                   log=Logs((lang,)))
        return None


class CardWordError(LogSyntaxError):
    """A token that is no card in the log's language. ``readings``: the card it is in each other
    language that reads it (empty when none does), so that a reader can say it once for a log."""

    def __init__(self, message: str | Message, token: str, readings: dict[str, Card], **where: Any) -> None:
        super().__init__(message, **where)
        self.token = token
        self.readings = readings
        self.context = token  # the text around it (its trick line): a reader sets it, to say it once

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross from worker processes (validate --jobs): made again with all three arguments.
        return (CardWordError, (self.msg, self.token, self.readings), self.__dict__)


# The languages as messages name them (advice: "if the table wrote Italian card words").
LANGUAGE_NAMES = {"en": N_("English"), "it": N_("Italian"), "es": N_("Spanish"), "ja": N_("Japanese")}

# The logs of one language, or of languages that read a token alike (LANGS' order), as messages
# name them: "an Italian log", "an Italian or Spanish log".
_LOGS = {
    ("en",): N_("an English log"),
    ("it",): N_("an Italian log"),
    ("es",): N_("a Spanish log"),
    ("ja",): N_("a Japanese log"),
    ("en", "it"): N_("an English or Italian log"),
    ("en", "es"): N_("an English or Spanish log"),
    ("it", "es"): N_("an Italian or Spanish log"),
    ("en", "it", "es"): N_("an English, Italian or Spanish log"),
}


class Logs:
    """The logs of ``langs`` (in LANGS' order) as a message names them, worded when shown:
    "an Italian or Spanish log"."""

    __slots__ = ("langs",)

    def __init__(self, langs: tuple[str, ...]) -> None:
        self.langs = tuple(lang for lang in LANGS if lang in langs)

    def in_language(self, lang: str) -> str:
        msgid = _LOGS.get(self.langs)
        if msgid is not None:
            return Message(msgid).text(lang)
        return Listed([Message(_LOGS[(one,)]) for one in self.langs], "or").in_language(lang)  # no table reads so


class Described:
    """A card in words, for a message, in the language it is shown in: "yellow 5 (giallo)" in
    English (the card read in an Italian log), "giallo 5" in Italian, "amarillo 5 (giallo)" in
    Spanish; "black 1 (nero, negro)". ``langs``: the languages whose logs read it so; their colour
    words are shown when they differ from the language's own."""

    __slots__ = ("card", "langs")

    def __init__(self, card: Card, langs: tuple[str, ...]) -> None:
        self.card, self.langs = card, langs

    def in_language(self, lang: str) -> str:
        card = self.card
        if card.number is None:
            return card_text(card, lang)
        own = COLOUR_WORDS[lang][ORDER.index(card.colour)]
        said: list[str] = []
        for other in self.langs:
            w = card_words(other)
            colour = w.colour_words[card.colour]
            if other != ENGLISH and colour not in (w.letters[card.colour], own) and colour not in said:
                said.append(colour)
        # TRANSLATORS: a card's name in a tooltip or a message: its colour and its number ("giallo 5")
        named = Message("{colour} {number}", colour=own, number=card.number).text(lang)
        return Message("{card} ({words})", card=named, words=", ".join(said)).text(lang) if said else named


def legend(lang: str) -> Message | None:
    """The one line that says which card words a text in ``lang`` shows its cards in (issue 34:
    a legend says so once where cards are shown): "R rosso, V verde, G giallo, B blu, N nero;
    Bassa, Sorpresa, Ladro, Alleato". None in English, whose tokens are the notation itself."""
    if lang == ENGLISH:
        return None
    letters, words = LETTERS[lang], COLOUR_WORDS[lang]
    between = ("・", "、") if lang == "ja" else (", ", ", ")  # the colours, the names
    colours = between[0].join(letter if letter == word else f"{letter} {word}" for letter, word in zip(letters, words))
    specials = between[1].join(names[lang][0] for names in SPECIAL_NAMES.values())
    # TRANSLATORS: shown once above the first card of a report; {colours} are the language's card
    # letters with their colours ("R rosso, V verde, G giallo, B blu, N nero"), {specials} its
    # special cards' names. A log's own text, quoted in a message, keeps the log's words.
    return Message("Cards: {colours}; {specials}; -5, 2x (a log's own text is quoted as written)",
                   colours=colours, specials=specials)


def shows_cards(message: object) -> bool:
    """Whether ``message`` (a Message, or anything else) shows a card in the output language's card
    words: a card among its arguments, or among its arguments' arguments."""
    if isinstance(message, Card):
        return True
    if isinstance(message, Message):
        return any(shows_cards(value) for value in message.args.values())
    return False


def join_two_words(tokens: list[str]) -> list[str]:
    """Tokens with each two-word card name ("Più", "bassa") joined into one token."""
    if len(tokens) < 2:
        return tokens
    firsts = _two_word_firsts()
    if not any(fold(t) in firsts for t in tokens[:-1]):
        return tokens
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if i + 1 < len(tokens) and fold(f"{tokens[i]} {tokens[i + 1]}") in _every_log():
            out.append(f"{tokens[i]} {tokens[i + 1]}")
            i += 2
        else:
            out.append(tokens[i])
            i += 1
    return out


def is_two_word_card(first: str, second: str) -> bool:
    """Whether ``first second`` is one card ("Più bassa", "Más baja")."""
    return fold(first) in _two_word_firsts() and fold(f"{first} {second}") in _every_log()


@cache
def _every_log() -> dict[str, Card]:
    """The folded tokens read in every log: the special cards' names of every language, -5, 2x."""
    table = {fold(k): _CANONICAL[v] for k, v in EVERYWHERE.items()}
    for special, by_lang in SPECIAL_NAMES.items():
        for names in by_lang.values():
            for n in names:
                table[fold(n)] = _CANONICAL[special]
    return table


@cache
def _two_word_firsts() -> frozenset[str]:
    return frozenset(k.split()[0] for k in _every_log() if " " in k)


@cache
def card_words(lang: str = "en") -> CardWords:
    """The card words of ``lang`` (one of LANGS), made once."""
    if lang not in LANG_NAMES:
        raise ValueError(f"{lang!r}: card words are known in {', '.join(LANGS)}")
    return CardWords(lang)

