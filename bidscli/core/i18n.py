"""The output language (issue 34) and messages as data (issue 33 item 6).

Every text a player reads is an English *message id*, marked where it is written so that Babel
finds it (docs/developers.md "A new message"), and worded when it is shown, in the output
language, from the gettext catalogs in ``bidscli/locale/`` (a ``.po`` per language, compiled to
the ``.mo`` read here). JSON and CSV are worded in English always: a machine interface does not
change with the locale.

- ``Message(msgid, **args)`` and ``PluralMessage(singular, plural, n, **args)``: a message as
  data, worded by ``str(message)`` (the output language) or ``message.text("en")``. Its
  arguments are filled in with ``str.format``; an argument that is itself worded (a ``Message``,
  a card: anything with ``in_language(lang)``) is worded in the same language.
- ``N_(msgid)``: marks a message id that is worded later (``gettext(msgid)`` when shown).
- ``gettext(msgid)``, ``ngettext(singular, plural, n)``: a text worded now.

The output language is chosen once a process, before anything is worded (the command line does it
from ``--lang``, ``BIDS_LANG``, the locale); a catalog is read the first time a text of its
language is shown, and only then (start-up: docs/performance.md). This module imports nothing of
bidscli but the card words' tables (``cardnames``, which import nothing): every layer may word its
messages.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gettext import NullTranslations

LANGUAGES = ("it", "es", "ja", "en")  # as --lang lists them
ENGLISH = "en"  # the language of the message ids, of JSON and of CSV
DOMAIN = "bidscli"  # the catalogs' name: locale/<lang>/LC_MESSAGES/bidscli.mo
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's own order
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")

_language: str | None = None  # None: not chosen yet (then the environment's, when first asked)
_catalogs: dict[str, NullTranslations] = {}


# -- choosing the language ---------------------------------------------------------------------


def language_code(text: str | None) -> str | None:
    """``it``, ``es``, ``ja`` or ``en`` for a language name or a locale (``it_IT.UTF-8``,
    ``ja_JP@x``, ``ES``), else None (another language, or none)."""
    if not text:
        return None
    code = text.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None, *, strict: bool = False) -> str:
    """The language without ``--lang``: ``BIDS_LANG``, else the locale in gettext's own order
    (the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set; LANGUAGE may list several,
    ``fr:it``: the first of ours wins; ``C`` or ``POSIX`` means English), else English.

    A ``BIDS_LANG`` that names another language raises ValueError when ``strict`` (the command
    line: a usage error); otherwise it is passed over."""
    env = os.environ if environ is None else environ
    asked = env.get("BIDS_LANG", "").strip()
    if asked:
        code = language_code(asked)
        if code is not None:
            return code
        if strict:
            raise ValueError(asked)
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            for item in value.split(":"):
                if item.split(".", 1)[0] in ("C", "POSIX"):
                    return ENGLISH
                code = language_code(item)
                if code is not None:
                    return code
            return ENGLISH
    return ENGLISH


def output_language() -> str:
    """The language texts are worded in now."""
    global _language
    if _language is None:
        _language = from_environment()
    return _language


def set_language(code: str | None) -> str | None:
    """Word every text in ``code`` from now on (None: the environment's, when next asked);
    returns the language chosen before (None if none was), to put back."""
    global _language
    if code is not None and code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: expected one of {', '.join(LANGUAGES)}")
    previous, _language = _language, code
    return previous


# -- the catalogs ------------------------------------------------------------------------------


def catalog(lang: str) -> NullTranslations:
    """The gettext translations of ``lang``, read once, the first time they are needed.

    English is the message ids themselves (no file). The file is read through
    ``gettext.translation``, whose cache click's own words share (cli/language.py): one read a
    process."""
    found = _catalogs.get(lang)
    if found is None:
        import gettext

        if lang == ENGLISH:
            found = gettext.NullTranslations()
        else:
            found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _catalogs[lang] = found
    return found


def gettext(msgid: str) -> str:
    """``msgid`` in the output language, now."""
    return catalog(output_language()).gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in the output language, now."""
    return catalog(output_language()).ngettext(singular, plural, n)


def template_of(msgid: str, lang: str) -> str:
    """The ``str.format`` template of ``msgid`` in ``lang``: the id itself in English (the ids are
    the English words), else its catalog's translation (the id when it has none)."""
    return msgid if lang == ENGLISH else catalog(lang).gettext(msgid)


def plural_template_of(singular: str, plural: str, n: int, lang: str) -> str:
    """The template of a plural message for the count ``n`` in ``lang`` (``ngettext``)."""
    if lang == ENGLISH:  # catalog(ENGLISH) is a NullTranslations: English's own two forms
        return singular if n == 1 else plural
    return catalog(lang).ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the output language, now, told apart by ``context`` from the same words meaning
    another thing elsewhere ("{player} wins": a rate in bids study, a verdict in bids diff; "none"
    of the totals that change, which Italian and Spanish agree with their noun)."""
    return catalog(output_language()).pgettext(context, msgid)


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogs; worded later, with ``gettext(msgid)``, when shown."""
    return msgid


def card_text(card: object, lang: str) -> str:
    """A card as a text of ``lang`` says it, in that language's card words (log.md "Card words in
    the players' languages": ``G5`` is giallo 5 in Italian, ``Ladro`` the Thief): the one function
    every card argument of a message goes through (``Card.in_language``). English: the card's
    token (``R5``, ``Thief``), as JSON and CSV write it.

    The words come from ``cardnames``, which imports nothing of bidscli (this module is the bottom
    of core: errors and cards import it), read from ``card.colour``, ``number`` and ``special``."""
    if lang == ENGLISH:
        return str(card)
    key = (lang, card)
    found = _card_words.get(key)
    if found is None:
        from .cardnames import token

        colour, number, special = (getattr(card, "colour", None), getattr(card, "number", None),
                                   getattr(card, "special", None))
        if colour is None or (number is None and special is None):
            found = str(card)  # not a card of the deck: as it is
        else:
            found = token(colour, number, special, lang)
        _card_words[key] = found
    return found


_card_words: dict[tuple[str, object], str] = {}  # (language, card) -> its words: cards are interned, few


# How each language groups the thousands of a count (Unicode CLDR 45, numbers: the group symbol of
# the latn system, and minimumGroupingDigits: how many digits must stand before the first group for
# grouping to start). Spanish groups from five digits: 1234, 12.345. Babel (a development tool
# here, not read at run time) has the symbol but not minimumGroupingDigits: its format_decimal
# writes 1.234 in Spanish too. docs/translating.md "Numbers".
GROUPING = {"en": (",", 1), "ja": (",", 1), "it": (".", 1), "es": (".", 2)}
DECIMAL = {"en": ".", "ja": ".", "it": ",", "es": ","}  # the decimal sign (CLDR)


def grouped(n: int, lang: str) -> str:
    """The count ``n`` with its thousands grouped as ``lang`` writes them (GROUPING): ``1,234``
    (English, Japanese), ``1.234`` (Italian), ``1234`` and ``12.345`` (Spanish)."""
    sign, least = GROUPING.get(lang, GROUPING[ENGLISH])
    if abs(n) < 10 ** (3 + least - 1):  # too few digits to group: as it is
        return str(n)
    text = f"{n:,}"
    return text if sign == "," else text.replace(",", sign)


class Grouped(int):
    """A count shown with its thousands grouped as the language writes them (``grouped``): ``1,234``
    in English and Japanese, ``1.234`` in Italian, ``1234`` but ``12.345`` in Spanish. A message's
    argument (``count=Grouped(n)``)."""

    __slots__ = ()

    def in_language(self, lang: str) -> str:
        return grouped(int(self), lang)


class Amount(float):
    """A number with ``digits`` decimals, written with the language's decimal sign: ``6.0`` in
    English and Japanese, ``6,0`` in Italian and Spanish. A message's argument."""

    __slots__ = ("digits",)
    digits: int

    def __new__(cls, value: float, digits: int = 1) -> Amount:
        amount = super().__new__(cls, value)
        amount.digits = digits
        return amount

    def __reduce__(self) -> tuple[type[Amount], tuple[float, int]]:
        return (Amount, (float(self), self.digits))

    def in_language(self, lang: str) -> str:
        text = f"{float(self):.{self.digits}f}"
        sign = DECIMAL.get(lang, ".")
        return text if sign == "." else text.replace(".", sign)


# -- messages as data --------------------------------------------------------------------------


class Message:
    """A text as data: its English message id and its arguments, worded when shown.

    ``str(m)`` words it in the output language, ``m.text("en")`` in English (JSON, CSV). The
    id is a ``str.format`` template (``{name}`` placeholders; ``{{`` for a brace); its arguments
    are numbers, texts from input (names, paths: shown as they are) and worded values (a
    ``Message``, a card), which are worded in the same language. A plural message
    (``PluralMessage``) chooses its form by its argument ``n``."""

    __slots__ = ("msgid", "plural", "args")

    def __init__(self, msgid: str, /, **args: Any) -> None:
        self.msgid = msgid
        self.plural: str | None = None
        self.args = args

    def text(self, lang: str | None = None) -> str:
        """Worded in ``lang`` (default: the output language)."""
        lang = lang or output_language()
        args = self.args
        if self.plural is None:
            template = self.msgid if lang == ENGLISH else template_of(self.msgid, lang)
        else:
            template = plural_template_of(self.msgid, self.plural, args["n"], lang)
        if not args:
            return template.format()
        shown = {}
        for key, value in args.items():  # worded() inline: JSON words every reason of every trick
            wording = getattr(value, "in_language", None)
            shown[key] = value if wording is None else wording(lang)
        return template.format_map(shown)

    in_language = text  # the protocol of worded arguments: value.in_language(lang)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        shown = "" if self.plural is None else f", plural={self.plural!r}"
        return f"Message({self.msgid!r}{shown}, args={self.args!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.msgid == other.msgid and self.plural == other.plural
                and self.args == other.args)

    __hash__ = None  # type: ignore[assignment]  # its arguments are a dict

    def __reduce__(self) -> tuple[Callable[..., Message], tuple[str, str | None, dict[str, Any]]]:
        # pickled to and from worker processes
        return (_rebuild, (self.msgid, self.plural, self.args))


def PluralMessage(singular: str, plural: str, n: int, /, **args: Any) -> Message:
    """A message whose form follows the count ``n`` (``ngettext``); ``{n}`` is in its arguments."""
    message = Message(singular, n=n, **args)
    message.plural = plural
    return message


def _rebuild(msgid: str, plural: str | None, args: dict[str, Any]) -> Message:
    message = Message(msgid, **args)
    message.plural = plural
    return message


def worded(value: Any, lang: str | None = None) -> Any:
    """``value`` as it is shown in ``lang``: a worded value (a ``Message``, a card) worded, any
    other value as it is."""
    wording = getattr(value, "in_language", None)
    return value if wording is None else wording(lang or output_language())


def text(message: Message | str, lang: str | None = None) -> str:
    """A message worded in ``lang`` (default: the output language); a plain ``str`` as it is
    (the messages not yet converted, during the transition)."""
    return message if isinstance(message, str) else message.text(lang)


class WordedText(str):
    """A text bidscli words (a bundled ruleset's title, a source citation): the English ``str``
    itself, as JSON, CSV and comparisons read it, and worded in a language when shown
    (``worded(text)``, ``in_language``; also as a message's argument). ``str(text)`` and
    f-strings give the English: wording is asked for, never implied.

    ``said`` is what words it: a ``Message``, or any value with ``in_language(lang)``."""

    said: Any

    def __new__(cls, said: Any) -> WordedText:
        text = super().__new__(cls, said.in_language(ENGLISH))
        text.said = said
        return text

    def in_language(self, lang: str) -> str:
        return str.__str__(self) if lang == ENGLISH else self.said.in_language(lang)

    def __reduce__(self) -> tuple[type[WordedText], tuple[Any]]:
        return (WordedText, (self.said,))


def said(value: Any) -> Any:
    """What a ``WordedText`` holds (worded when shown, as a page prints a ``Message``; English in
    JSON), for data that is printed rather than read; any other value as it is."""
    return value.said if isinstance(value, WordedText) else value


# The joiners of a text and what code puts beside it, each a message so that each language
# punctuates it (Japanese: {label}：{text}, {text}（{note}）; issue 34).
# TRANSLATORS: a text after its label or its place ("round 2, trick 3: Ana did not play", "Sources:
# IT"); the punctuation between them.
LABELLED = N_("{label}: {text}")
# TRANSLATORS: a note in brackets after a text ("english (EN)", "13 (Ally)", a title's meaning after it);
# the brackets and the space before them.
NOTED = N_("{text} ({note})")


def labelled(label: Any, said: Any, lang: str | None = None) -> str:
    """``label: text`` worded in ``lang`` (default: the output language): the one colon code puts
    between a label (or a place) and its text."""
    lang = lang or output_language()
    return template_of(LABELLED, lang).format(label=worded(label, lang), text=worded(said, lang))


def noted(said: Any, note: Any, lang: str | None = None) -> str:
    """``text (note)`` worded in ``lang`` (default: the output language): the one pair of brackets
    code puts after a text."""
    lang = lang or output_language()
    return template_of(NOTED, lang).format(text=worded(said, lang), note=worded(note, lang))


# Listed's joining messages: "A, B", then "A, B or C" or "A, B and C"; clauses "A; B".
_COMMA = N_("{items}, {item}")
_OR = N_("{items} or {item}")
_AND = N_("{items} and {item}")
# TRANSLATORS: one more clause of a sentence, after a semicolon ("Round 1 scores: Ana 12; Ally pair ...")
_CLAUSE = N_("{clauses}; {clause}")


def _joined(template: str, items: str, item: str) -> str:
    """``template`` ("{items} and {item}") filled in. A joining word written without spaces (Japanese
    と) gets a space on a side where it meets Latin letters or digits, as Japanese text sets a name
    or a card apart ("Ana と Ben", "黒5 と 赤6"; "キリル文字とラテン文字" stays as it is)."""
    if template.startswith("{items}") and template.endswith("{item}"):
        sep = template[len("{items}"):-len("{item}")]
        if sep and sep[0].isalpha() and sep[-1].isalpha():
            if items and _latin(items[-1]):
                sep = " " + sep
            if item and _latin(item[0]):
                sep += " "
            return items + sep + item
    return template.format(items=items, item=item)


def _latin(char: str) -> bool:
    return char.isascii() and char.isalnum()


class Listed:
    """Items as one phrase, worded when shown (``str``, or ``in_language(lang)``): ``Listed(["A", "B",
    "C"], "or")`` is "A, B or C" in English, "A, B o C" in Italian; ``"and"`` joins the last with
    "and", ``","`` all with commas (Japanese: ``A、B、C``), ``";"`` whole clauses of one sentence with
    semicolons (Japanese: ``；``). Each language orders and punctuates them through its messages.
    An item may be a worded value; a list in data that ``--format json`` prints is worded in English
    there, as any ``Message``. The one way bidscli joins a list, in the text and in the pages."""

    __slots__ = ("items", "last")

    def __init__(self, items: Iterable[Any], last: str = "and") -> None:
        self.items, self.last = list(items), last

    def __reduce__(self) -> tuple[type[Listed], tuple[list[Any], str]]:
        return (Listed, (self.items, self.last))

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listed) and (self.items, self.last) == (other.items, other.last)

    __hash__ = None  # type: ignore[assignment]  # (equal by value, so not hashable)

    def __repr__(self) -> str:
        return f"Listed({self.items!r}, {self.last!r})"

    def in_language(self, lang: str) -> str:
        # worded() inline, and the joining messages' templates looked up once a list (not a Message
        # an item): JSON words every reason of every trick, and a Color Bids reason lists every
        # colour's cards.
        words = [item if (wording := getattr(item, "in_language", None)) is None else wording(lang)
                 for item in self.items]
        if not words:
            return ""
        head = str(words[0])
        if len(words) == 1:
            return head
        if self.last == ";":
            clause = template_of(_CLAUSE, lang)
            for word in words[1:]:
                head = clause.format(clauses=head, clause=word)
            return head
        comma = template_of(_COMMA, lang)
        for word in words[1:-1]:
            head = comma.format(items=head, item=word)
        last = self.last
        if last == "or":
            join = template_of(_OR, lang)
        elif last == ",":
            join = comma
        else:
            join = template_of(_AND, lang)
        return _joined(join, head, str(words[-1]))

