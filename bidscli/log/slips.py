"""The likely fix of a slip in a trick line, in the reader's message (log.md 'A trick line').

The reader explains a piece of a line it cannot read (a card, a play, an action); when the
piece is one of the slips tables make, the message names the fix instead of the general
form: a comma left out between two plays, a ';' where a ',' goes, a space inside a card, a
card written number first. Each function takes the words around the slip and ``parse``, the
reader's own card reader (the log's card words), and returns the message, or None when the
piece is no such slip (the reader's general message stands). ``word`` writes a card in the
log's card words (``G5`` for yellow 5 in an Italian log), so the fix is one the log reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.cards import Card
from ..core.errors import BidsError
from ..core.i18n import Message


def _card(parse: Callable[[str], Card], token: str) -> Card | None:
    try:
        return parse(token)
    except (BidsError, TypeError):
        return None


def card_slip(words: Sequence[str], i: int, parse: Callable[[str], Card],
              word: Callable[[Card], str] = str) -> tuple[Message, int] | None:
    """``words[i]`` is not a card: ``5B`` for ``B5`` (the number first), or a card cut in two
    by a space (``K 5``: ``words[i]`` is either half). Returns the message and the index of the
    card's first word (the words before it are the player's name)."""
    token = words[i]
    digits = len(token) - len(token.lstrip("0123456789"))
    if 0 < digits < len(token):
        card = _card(parse, token[digits:] + token[:digits])
        if card is not None:
            return Message("'{token}' is not a card: the colour comes first: '{card}'", token=token, card=word(card)), i
    for a, b in ((i - 1, i), (i, i + 1)):
        if 0 <= a and b < len(words):
            card = _card(parse, words[a] + words[b])
            if card is not None and (_card(parse, words[a]) is None or _card(parse, words[b]) is None):
                cut = words[a] + " " + words[b]
                return Message("'{token}' is not a card: write it without the space: '{card}'", token=cut,
                               card=word(card)), a
    return None


def cards_slip(words: Sequence[str], parse: Callable[[str], Card],
               word: Callable[[Card], str] = str) -> Message | None:
    """The first word of ``words`` (a revealed part) that is not a card, if it is a slip."""
    for i, w in enumerate(words):
        if _card(parse, w) is None:
            found = card_slip(words, i, parse, word)
            return found[0] if found is not None else None
    return None


def plays_run_together(piece: str, parse: Callable[[str], Card],
                       word: Callable[[Card], str] = str) -> Message | None:
    """``Sofia R1 Paolo K8``: two plays with the comma between them left out. Each card ends a
    play; the fix puts a comma after each one but the last."""
    plays: list[str] = []
    name: list[str] = []
    for w in piece.split():
        card = _card(parse, w) if name else None
        if card is None:
            name.append(w)
            continue
        plays.append(f"{' '.join(name)} {word(card)}")
        name = []
    if name or len(plays) < 2:
        return None
    return Message("'{piece}' is not a play: a comma missing? write '{fixed}'", piece=piece, fixed=", ".join(plays))


def play_after_semicolon(chunk: str, before: str, parse: Callable[[str], Card]) -> Message | None:
    """``Marta B5; Luca Y6``: a play written after ';', which starts an action. ``before``: the
    play in front of the ';'."""
    words = chunk.split()
    # A name and a card, or several plays (a ','): "Ben grabs K5" is an action misspelled.
    if not (len(words) == 2 or "," in chunk) or _card(parse, words[-1]) is None:
        return None
    shown = f"{before.strip()}, {chunk.strip()}" if before.strip() else chunk.strip()
    return Message("'{chunk}' is not an action: a play after ';'? plays are separated by ',' (';' starts an "
                   "action): write '{fixed}'", chunk=chunk.strip(), fixed=shown)
