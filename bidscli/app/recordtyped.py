"""What a player types at ``bids record``: the commands and their help, what Tab completes, and a
trick line made the log's trick line: the table's short forms (cards only,
in playing order; no colon; with ``--deal``, no revealed card) completed with the players' names,
names as seated, cards in the log's own words; and what a trick line is, said in the recorder's
short form when a line cannot be read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.cards import THIEF_CARD, Card
from ..core.cardwords import CardWords, join_two_words
from ..core.errors import BidsError, LogSyntaxError
from ..core.i18n import Message, PluralMessage
from ..core.sanitize import shorten
from ..engine.replay import StealChoice
from ..log.records import Steal
from ..log.trickline import parse_trick
from ..log.writer import format_trick
from ..report.table import display_width
from .recordlines import Line, Place, width, wrap

COMMANDS = ("undo", "score", "leader", "hand", "save", "reload", "help", "quit")
# The commands are typed in English in every language (they are what a player types, as the
# options are); the cards of the examples are the log's own card words.
# TRANSLATORS: the recorder's `help`. Each line is shown as one line, wrapped to the terminal once
# (a paragraph continues under a 4-space hang): keep each paragraph on one line. A row of examples
# starts with two spaces, then the example, two or more spaces, and what it means; a row too wide
# for the terminal shows its meaning on the next line, six spaces in.
HELP = Message("""\
Type one trick a line, in playing order from the leader:
  {prize}: {four}                     the revealed card(s), a colon, then each player's card
  {prize} {four}, {prize}: {four_commas}  the same, without the colon or with commas
  {prize}: {named}  the log's own form, with the names
  {thief}: {thief_play}; {steal_example}   actions after ';' (or answer when asked)
  {four}                          with --deal: the recorder reveals the pile card itself
Commands: undo (remove the last trick), score (standings so far), leader NAME (who leads the next round, \
before its first trick), hand NAME (with --deal: the cards NAME still holds), help, quit (or end of input). \
The file is saved after every accepted trick.
When a save fails: save (try again), save NEWFILE (save into a new file and go on there), reload (read the \
file as it is now, then type again what it lacks: when another program changed it).""")
# An example row of HELP: two spaces, the example, two or more spaces, its meaning.
_ROW = re.compile(r"(  \S.*?\S) {2,}(\S.*)")


def help_message(vocab: CardWords) -> Message:
    """The ``help`` text, with this log's card words in its examples."""
    word = vocab.word
    four = [word(Card.parse(c)) for c in ("R5", "G4", "K7", "Y2")]
    names = ("Ana", "Ben", "Cleo", "Dev")
    thief = word(THIEF_CARD)
    steal = vocab.action(Steal("Ben", Card.parse("K5"), "Cleo"))
    return Message(HELP.msgid, prize=word(Card.parse("K5")), four=" ".join(four), four_commas=", ".join(four),
                   named=", ".join(f"{n} {c}" for n, c in zip(names, four)), thief=thief,
                   thief_play=" ".join(word(Card.parse(c)) for c in ("R10", "G2", "Y3", "K1")),
                   steal_example=steal)


def help_lines(vocab: CardWords) -> list[Line]:
    """The ``help`` text as the screen shows it: each of its lines as written where it fits width();
    a wider paragraph wrapped once, under a 4-space hang; a wider example row with its meaning on the
    next line, six spaces in (as the Japanese help writes every row), each wrapped where it must."""
    out: list[Line] = []
    for line in help_message(vocab).text().splitlines():
        row = _ROW.fullmatch(line)
        if display_width(line) <= width():
            out.append(line)
        elif row:
            out += wrap(row[1], "      ") + wrap("      " + row[2], "      ")
        else:
            out += wrap(line, " " * (len(line) - len(line.lstrip()) + 4))
    return out


def completions(vocab: CardWords, players: Sequence[str], deck: Any, rnd: Any, choice: StealChoice | None) -> list[str]:
    """What Tab completes: commands, player names and the names of the deck's cards still in play
    (not yet revealed, played or set aside in ``rnd``, the round being typed, a ``RoundEntry``);
    while a steal waits for its answer (``choice``), the cards that can be taken."""
    word = vocab.word
    actions = list(dict.fromkeys([*vocab.steal_words, *vocab.from_words, *vocab.pass_words, "pass"]))
    # (the action words of the log's language, then the English ones, read in every log)
    if choice is not None:
        cards = sorted({card for cs in choice.victims.values() for card in cs}, key=lambda x: x.sort_key)
        return [*map(word, cards), *actions, *choice.victims, *COMMANDS]
    gone: set = set()  # the cards this round has shown: no longer in play
    if rnd is not None:
        gone.update(rnd.removed or ())
        for line in rnd.tricks:
            try:
                rec = parse_trick(line, vocab=vocab)
            except BidsError:
                continue
            gone.update(rec.revealed)
            gone.update(c for _, c in rec.plays)
    cards = sorted((c for c in deck.all_cards() if c not in gone), key=lambda c: c.sort_key)
    return [*COMMANDS, *actions, *players, *map(word, cards)]


def seated(players: Sequence[str], name: str) -> str | None:
    """The player ``name`` names: as seated, else the one player it names case-insensitively."""
    for p in players:
        if p == name:
            return p
    folded = [p for p in players if p.casefold() == name.casefold()]
    return folded[0] if len(folded) == 1 else None


def complete(text: str, order: Sequence[str], pile_known: bool, players: Sequence[str],
             vocab: CardWords) -> tuple[str, Any]:
    """The trick line to write for a typed one: names filled in, card names canonical.

    Returns (line, None), or ("", why) for a short form that cannot be completed. A line
    the log reader cannot read is returned as typed: the check gives the reader's message.
    """
    if vocab.separators is not None:  # Japanese punctuation: 、，：； for , : ;
        text = text.translate(vocab.separators)
    main, semi, actions = text.partition(";")
    head, colon, body = main.partition(":")
    names = {p.casefold() for p in players}
    if not colon:
        # A table's shorthand: the revealed card(s), then one card each, no colon
        # (`K7 R10 R9 R8 R7`). Cards only: a line with names needs the log's colon.
        words = join_two_words(main.replace(",", " ").split())
        cards = bool(words) and all(card_or_none(w, vocab) is not None for w in words)
        extra = len(words) - len(order)
        if cards and extra >= 1:
            head, body = " ".join(words[:extra]), " ".join(words[extra:])
        elif pile_known and not any(w.casefold() in names for w in words):
            head, body = "", main
        elif cards:
            return "", Place(PluralMessage("{n} card and no revealed card", "{n} cards and no revealed card",
                                            len(words)), form(vocab, order, pile_known))
        else:
            return "", Place(Message("'{text}' is not a trick", text=shorten(main.strip(), 60, escaped=True)),
                              form(vocab, order, pile_known))
    tokens = join_two_words(body.replace(",", " ").split())
    if tokens and not any(t.casefold() in names for t in tokens):
        # The short form: cards only, in playing order from the leader.
        if len(tokens) != len(order):
            return "", PluralMessage("{n} card for {players} players: expected one each, in playing order from "
                                     "{leader}", "{n} cards for {players} players: expected one each, in "
                                     "playing order from {leader}", len(tokens), players=len(order),
                                     leader=order[0])
        body = ", ".join(f"{p} {card_text(t, vocab)}" for p, t in zip(order, tokens))
    line = f"{head.strip()}: {body.strip()}" + (f"; {actions.strip()}" if semi else "")
    try:
        rec = parse_trick(line, vocab=vocab)
    except BidsError as exc:
        if "expected '<" not in exc.message:
            return line, None  # the reader's own message says what is wrong
        # The reader's advice is the log's form: say the recorder's instead.
        return "", Place(exc.message.partition(": expected")[0], form(vocab, order, pile_known))
    # Names as seated (log.md: names match case-insensitively), cards canonical.
    plays = [(seated(players, p) or p, c) for p, c in rec.plays]
    named = [a._replace(thief=seated(players, a.thief) or a.thief, victim=seated(players, a.victim) or a.victim)
             if isinstance(a, Steal) else a._replace(thief=seated(players, a.thief) or a.thief)
             for a in rec.actions]
    return format_trick(rec.revealed, plays, named, vocab.lang), None


def form(vocab: CardWords, order: Sequence[str], pile_known: bool = False) -> Message:
    """What a trick line is, in the recorder's own short form (no names), in the log's card words."""
    word = vocab.word
    sample = " ".join(word(Card.parse(c)) for c in ["R5", "G4", "K7", "Y2", "B9", "R8"][: len(order)])
    prize = word(Card.parse("K5"))
    if pile_known:
        return Message("expected the revealed card(s), then one card for each player in playing order from "
                       "{leader}: '{prize}: {sample}' or '{prize} {sample}'; with the deal: '{sample}'",
                       leader=order[0], prize=prize, sample=sample)
    return Message("expected the revealed card(s), then one card for each player in playing order from "
                   "{leader}: '{prize}: {sample}' or '{prize} {sample}'", leader=order[0], prize=prize,
                   sample=sample)


def is_command(text: str) -> bool:
    word = text.partition(" ")[0].lower()
    return word in ("quit", "exit", "q", "help", "?", "undo", "score", "hand")


def card_or_none(token: str, vocab: CardWords) -> Card | None:
    try:
        return vocab.card(token)
    except LogSyntaxError:
        return None


def card_text(token: str, vocab: CardWords) -> str:
    """A typed card in the log's words as writers write them ("g5" -> "G5", "piu' bassa" -> "Bassa")."""
    try:
        return vocab.word(vocab.card(token))
    except LogSyntaxError:
        return token  # left as typed: the reader's message names it


def actions_of(line: str, vocab: CardWords) -> tuple:
    try:
        return parse_trick(line, vocab=vocab).actions
    except BidsError:
        return ()


def same_cards(line: str, before: str, vocab: CardWords) -> bool:
    """Two trick lines with the same revealed cards and the same cards played (a line entered twice)."""
    try:
        a, b = parse_trick(line, vocab=vocab), parse_trick(before, vocab=vocab)
    except BidsError:
        return False
    return (a.revealed == b.revealed and bool(a.plays)
            and sorted(map(str, (c for _, c in a.plays))) == sorted(map(str, (c for _, c in b.plays))))
