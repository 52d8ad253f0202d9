"""A trick line of a log (spec log.md): ``<revealed>: <player> <card>, ... [; <action>]...``, its
cards in the log's card words (``lang``), read into a :class:`~bidscli.log.records.TrickRecord`.
A mistyped card or play says the likely fix of the slip (``slips``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..core.cards import Card
from ..core.cardwords import CardWords, card_words, is_two_word_card
from ..core.errors import LogStructureError, LogSyntaxError
from ..core.i18n import Message
from ..core.sanitize import short_value
from . import slips
from .records import Pass, Steal, TrickRecord

ENGLISH = card_words("en")  # a log without lang (log.md "Card words in the players' languages")
_new_tuple = tuple.__new__  # builds a record without the Python-level NamedTuple.__new__


def _card(token: Any, vocab: CardWords = ENGLISH) -> Card:  # token: a TOML value
    """The card of a token in the log's card words ``vocab``: as writers write it ("R5"), or as
    ``vocab.card`` reads it ("r5", "K-5", "Ladro"), which raises LogSyntaxError for any other
    string; TypeError for a value that is not a string."""
    card = vocab.exact.get(token)  # TypeError for an unhashable value
    if card is None:
        if not isinstance(token, str):
            raise TypeError("not a card string")
        card = vocab.card(token)
    return card


def card_tuple(tokens: list[Any], vocab: CardWords = ENGLISH) -> tuple[Card, ...]:
    """The cards of a list of tokens, each read by _card (with its errors). Tokens as written
    are looked up in one C call: itemgetter makes the tuple, but gives a lone item itself, so a
    list of one or none takes the map; any other token (KeyError) sends the list to _card,
    token by token (a revealed part's two-word names joined first: "Più bassa N5")."""
    exact = vocab.exact
    try:
        return itemgetter(*tokens)(exact) if len(tokens) > 1 else tuple(map(exact.__getitem__, tokens))
    except KeyError:
        return vocab.cards(tokens) if all(isinstance(t, str) for t in tokens) else \
            tuple(_card(t, vocab) for t in tokens)


def parse_trick(text: str, number: int = 0, line: int | None = None, vocab: CardWords = ENGLISH) -> TrickRecord:
    """Parse ``<revealed>: <player> <card>, ... [; <action>]...``, its cards and actions in the
    card words ``vocab`` (a log's ``lang``; English by default). The record keeps ``text`` as written."""
    if not isinstance(text, str):
        raise LogStructureError(Message("a trick must be a string like \"K5: Ana R5, Ben G4\", not {type}",
                                        type=type(text).__name__))
    written = text
    if vocab.separators is not None:  # a ja log: 、，：； stand for , : ;
        text = text.translate(vocab.separators)
    head, colon, rest = text.partition(":")
    if not colon:
        raise LogSyntaxError(Message(
            "trick '{trick}' has no ':': expected '<revealed>: <player> <card>, ...' (leave the revealed part "
            "empty as ': Ana R5, ...' when the pile says it)", trick=short_value(text)))
    # One card is the usual prize, written as its token alone: its shared 1-tuple (tuples are
    # immutable), the answer _card_tuple gives for head.split() == [head].
    parse = vocab.card  # the log's card reader, for the slips' likely fixes
    try:
        revealed = vocab.one.get(head) or card_tuple(head.split(), vocab)
    except LogSyntaxError as exc:
        raise _slip(slips.cards_slip(head.split(), parse, vocab.word), exc) from None
    body, semi, tail = rest.partition(";")
    return _new_tuple(TrickRecord, (number, line, written, revealed, _plays(body, text, vocab),
                                    _actions(tail.split(";"), body.rpartition(",")[2], vocab) if semi else ()))


def _plays(body: str, text: str, vocab: CardWords = ENGLISH) -> tuple[tuple[str, Card], ...]:
    """The plays of ``body``, the part of trick line ``text`` before any ';': pieces between
    commas, each ``<name> <card>``. The card is the last word of a piece, the name all the words
    before it, joined by one space (names may hold spaces: log.md); a two-word card name ("Più
    bassa") is the card. The first piece that is not a play, or whose card is mistyped, raises."""
    chunks = body.split(",")
    plays: list[tuple[str, Card]] = []
    append = plays.append
    get = vocab.exact.get
    for words in map(str.split, chunks):
        n = len(words)
        if n == 2:  # a name of one word: " ".join(words[:-1]) is that word
            name = words[0]
        elif n > 2:
            if is_two_word_card(words[-2], words[-1]):  # "Ana Più bassa": the card is two words
                words = [*words[:-2], f"{words[-2]} {words[-1]}"]
            name = " ".join(words[:-1])
        else:
            raise _not_a_play_error(words, len(plays), len(chunks), text)
        card = get(words[-1])
        if card is None:  # an alias (vocab.card reads it) or a mistyped card
            card = _played_card(words, name, vocab)
        append((name, card))
    return tuple(plays)


def _not_a_play_error(words: list[str], i: int, pieces: int, text: str) -> LogSyntaxError:
    """The error for piece ``i`` of ``pieces`` of trick line ``text`` (its ``words``): fewer than
    two words, so no play. The format is strict (log.md): say what to fix."""
    if not words and i == pieces - 1 and i > 0:
        return LogSyntaxError(Message("trailing comma after the last play in '{trick}': remove it", trick=short_value(text)))
    if not words:
        return LogSyntaxError(Message("empty play in '{trick}': expected '<player> <card>' between commas",
                                      trick=short_value(text)))
    return LogSyntaxError(no_play(words[0]))


def no_play(play: str) -> Message:
    """The message for a piece of a trick line that is no play."""
    return Message("'{play}' is not a play: expected '<player> <card>' (e.g. 'Ana R5')", play=play)


def _played_card(words: list[str], who: str, vocab: CardWords = ENGLISH) -> Card:
    """The card of a play (its last word) that is not canonical; a mistyped one names who played
    it (log.md), and the likely fix of a slip (``slips``)."""
    try:
        return _card(words[-1], vocab)
    except LogSyntaxError as e:
        found = slips.card_slip(words, len(words) - 1, vocab.card, vocab.word)
        if found is None:
            raise e.located(player=who) from None
        message, first = found  # 'Ana K 5': the card begins a word early, and the name ends there
        raise LogSyntaxError(message).located(player=" ".join(words[:first]) or who) from None


def _slip(message: Message | None, exc: LogSyntaxError) -> LogSyntaxError:
    """The reader's error ``exc``, or the likely fix of the slip it comes from (``slips``)."""
    return exc if message is None else LogSyntaxError(message)


def _actions(pieces: list[str], before: str = "", vocab: CardWords = ENGLISH) -> tuple[Steal | Pass, ...]:
    """The actions of a trick line: ``pieces`` is the text after each ';' (``before``: the
    play in front of the first, for a play written after ';'). The action words are the log's
    language's or English ones (``Ana ruba N5 a Ben``, ``Ana steals K5 from Ben``)."""
    actions: list[Steal | Pass] = []
    steals, froms, passes = vocab.steal_words, vocab.from_words, vocab.pass_words
    for chunk in pieces:
        words = chunk.split()
        low = [w.lower() for w in words]
        # "<thief> steals <card> from <victim>", names of one or more words, the card one word or two.
        at = next(((i, k) for i in range(1, len(words) - 3) if low[i] in steals
                   for k in (1, 2) if i + k + 2 < len(words) and low[i + k + 1] in froms
                   and (k == 1 or is_two_word_card(words[i + 1], words[i + 2]))), None)
        if at is not None:
            i, k = at
            actions.append(Steal(" ".join(words[:i]), _card(" ".join(words[i + 1:i + 1 + k]), vocab),
                                 " ".join(words[i + k + 2:])))
        elif len(words) >= 2 and low[-1] in passes:
            actions.append(Pass(" ".join(words[:-1])))
        else:
            steal, frm, pss = steals[0], froms[0], passes[0]
            # TRANSLATORS: {steal}, {from_} and {pass_} are the log's own action words (steals, ruba...).
            raise _slip(slips.play_after_semicolon(chunk, before, vocab.card), LogSyntaxError(Message(
                "'{action}' is not an action: expected '<thief> {steal} <card> {from_} <victim>' or '<thief> {pass_}'",
                action=chunk.strip(), steal=steal, from_=frm, pass_=pss)))
    return tuple(actions)
