"""Writing game logs (spec log.md): the one way to write a trick line and a whole log.

``format_trick`` writes a trick line in the canonical form that ``trickline.parse_trick`` reads
back; ``log_text`` writes a log as TOML text, every value rendered by tomli-w (quoting and
escaping are its job). ``bids deal``, ``bids simulate`` and ``bids record`` write their logs
with them. Both write the card words of a language (``lang``, log.md "Card words in the
players' languages"): English by default, the first form of each word otherwise, and a log
in another language says ``lang = "it"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import tomli_w

from ..core.cardwords import card_words

if TYPE_CHECKING:
    from datetime import date as _date

    from ..core.cards import Card


def format_trick(revealed: Iterable[Card], plays: Iterable[tuple[str, Card]], actions: Iterable[object] = (),
                 lang: str = "en") -> str:
    """The canonical text of a trick line in the card words of ``lang`` (the inverse of
    trickline.parse_trick)."""
    if lang != "en":
        return card_words(lang).trick(revealed, plays, actions)
    head = " ".join(str(c) for c in revealed)
    body = ", ".join(f"{p} {c}" for p, c in plays)
    tail = "".join(f"; {a}" for a in actions)
    return f"{head}: {body}{tail}"


def _value(v: object) -> str:
    """A TOML value rendered by tomli-w."""
    return tomli_w.dumps({"v": v}).split("=", 1)[1].strip()


def _cards(cards: Iterable[Card], word: Callable[[Card], str] = str) -> str:
    """An inline array of card tokens (``word`` writes one), whatever its length."""
    return "[" + ", ".join(_value(word(c)) for c in cards) + "]"


def _key(k: str) -> str:
    return tomli_w.dumps({k: 0}).rsplit("=", 1)[0].strip()


def log_text(
    ruleset_name: str | None,
    players: Sequence[str],
    options: Mapping[str, bool],
    rounds: Sequence[Any],  # each with leader, hands, removed, pile, tricks: any may be missing
    *,
    header: Sequence[str] = (),
    date: _date | None = None,
    meta: Mapping[str, int | str] | None = None,
    title: str | None = None,
    lang: str = "en",
) -> str:
    """A game log (log.md) as TOML text.

    ``rounds`` holds objects with ``leader``, ``hands``, ``removed``, ``pile``
    (any may be None) and, optionally, ``tricks`` (trick lines, written in ``lang``'s card
    words: ``format_trick``). Every value is rendered by tomli-w; the layout (dotted
    ``hands.<name>`` keys, one trick per line) follows the examples of log.md so that a person
    can read and edit it. The cards are written in ``lang``'s words, and a log in another
    language than English says so (``lang = "it"``). The text is ``head_text`` followed by each
    round's ``round_text`` (a writer that keeps rounds may keep their texts).
    """
    head = head_text(ruleset_name, players, options, header=header, date=date, meta=meta, title=title, lang=lang)
    return head + "".join(round_text(rnd, players, lang) for rnd in rounds)


def head_text(
    ruleset_name: str | None,
    players: Sequence[str],
    options: Mapping[str, bool],
    *,
    header: Sequence[str] = (),
    date: _date | None = None,
    meta: Mapping[str, int | str] | None = None,
    title: str | None = None,
    lang: str = "en",
) -> str:
    """What a log holds before its rounds (``log_text``), ending with a line break."""
    lines = [f"# {h}" for h in header]
    if title is not None:  # the game's name for pages (log.md `title`)
        lines.append(f"title = {_value(title)}")
    if date is not None:
        lines.append(f"date = {_value(date)}")
    if ruleset_name is not None:
        lines.append(f"ruleset = {_value(ruleset_name)}")
    if lang != "en":
        lines.append(f"lang = {_value(lang)}")
    lines.append("players = [" + ", ".join(_value(p) for p in players) + "]")
    lines.append("")
    lines.append("[options]")
    for k in sorted(options):
        lines.append(f"{_key(k)} = {_value(bool(options[k]))}")
    if meta:  # the free [meta] table: `bids record` keeps the game's length there (rounds = N)
        lines.append("")
        lines.append("[meta]")
        for k in sorted(meta):
            lines.append(f"{_key(k)} = {_value(meta[k])}")
    return "\n".join(lines) + "\n"


def round_text(rnd: Any, players: Sequence[str], lang: str = "en") -> str:
    """One ``[[rounds]]`` table of a log (``log_text``), from the blank line before it to its line
    break: ``rnd`` as ``log_text`` takes it."""
    word = str if lang == "en" else card_words(lang).word
    lines = ["", "[[rounds]]"]
    if getattr(rnd, "leader", None) is not None:
        lines.append(f"leader = {_value(rnd.leader)}")
    if getattr(rnd, "hands", None) is not None:
        for p in players:
            lines.append(f"hands.{_key(p)} = {_cards(rnd.hands[p], word)}")
    if getattr(rnd, "removed", None) is not None:
        lines.append(f"removed = {_cards(rnd.removed, word)}")
    if getattr(rnd, "pile", None) is not None:
        lines.append(f"pile = {_cards(rnd.pile, word)}")
    tricks = list(getattr(rnd, "tricks", ()) or ())
    if tricks:
        lines.append("tricks = [")
        lines.extend(f"  {_value(t)}," for t in tricks)
        lines.append("]")
    else:
        lines.append("tricks = []")
    return "\n".join(lines) + "\n"
