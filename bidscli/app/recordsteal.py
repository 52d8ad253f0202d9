"""The Thief's question at the table (``bids record`` interactively, ``bids serve``): a steal the
engine offers that the typed trick line does not record is asked for, and the answer typed
(a card, ``CARD from NAME``, a pass, Enter for the only choice) becomes the line's action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import Card
from ..core.cardwords import CardWords, join_two_words
from ..core.errors import LogSyntaxError
from ..core.i18n import Listed, Message
from ..core.sanitize import shorten
from ..engine.replay import StealChoice
from ..log.records import Pass, Steal
from .recordlines import ErrorText, Line, Outcome, Remark
from .recordtyped import seated


@dataclass
class Pending:
    """A trick waiting for a thief's decision."""

    rounds: list  # the candidate rounds, the trick line in them without this decision
    target: int
    line: str
    choice: StealChoice


def question(c: StealChoice, vocab: CardWords, note: Message | Remark | None = None) -> Outcome:
    """The question for steal ``c``: who may (or must) steal what from whom, and how to answer;
    ``note``: why the last answer was refused."""
    lines: list[Line] = [] if note is None else [note]
    if c.mandatory:
        lines.append(Message("{thief} must steal ({why}):", thief=c.thief, why=c.because))
    else:
        lines.append(Message("{thief} may steal ({why}):", thief=c.thief, why=c.because))
    word = vocab.word
    for victim, cards in c.victims.items():
        lines.append(Remark(Message("from {victim}: {cards}", victim=victim, cards=" ".join(map(word, cards))),
                          indent="  ", hang="      "))
    first = word(next(iter(c.victims.values()))[0])
    frm = vocab.from_words[0]
    only = only_choice(c)
    if c.mandatory and only is not None:
        how = Message("type {card} or press Enter to take it (the only card {thief} can take)",
                         card=word(only[1]), thief=c.thief)
    elif c.mandatory:
        # TRANSLATORS: {from} is the log's word for "from" in a steal (da, de, から), as typed
        how = Message("type the card to take ({card}; '{card} {from} NAME' when two players hold it)",
                         card=first, **{"from": frm})
    else:
        # TRANSLATORS: {from} is the log's word for "from" in a steal, {pass} its word for a pass, as typed
        how = Message("type the card to take ({card}; '{card} {from} NAME' when two players hold it), or "
                         "{pass} (or Enter)", card=first, **{"from": frm, "pass": vocab.pass_answer})
    lines.append(how)
    return Outcome(lines, asking=True, error=note is not None)


def answer(c: StealChoice, text: str, vocab: CardWords, players: Sequence[str]) -> str | Outcome:
    """``text`` answers the steal ``c``: the action to add to the trick line (in the log's words), or
    the question again, saying why the answer is refused."""
    words = text.replace(",", " ").split()
    low = [w.lower() for w in words]
    if low and low[0] == c.thief.lower():
        words, low = words[1:], low[1:]
    only = only_choice(c)
    if not words and c.mandatory and only is not None:
        token = vocab.word(only[1])
        words, low = [token], [token.lower()]  # one possible steal: Enter takes it
    words = join_two_words(words)  # a two-word card name ("Più bassa") is one word here
    low = [w.lower() for w in words]
    if not words or (len(low) == 1 and (low[0] in vocab.pass_words or low[0] == "pass")):
        if c.mandatory:
            return question(c, vocab, Message("{thief} cannot pass here: the steal is mandatory "
                                             "(thief.mandatory = true)", thief=c.thief))
        action = vocab.action(Pass(c.thief))
    else:
        if low[0] in vocab.steal_words:
            words, low = words[1:], low[1:]
        victim = None
        if len(words) == 3 and low[1] in vocab.from_words:
            card_tok, victim = words[0], words[2]
        elif len(words) == 2:
            card_tok, victim = (words[0], words[1]) if seated(players, words[1]) else (words[1], words[0])
        elif len(words) == 1:
            card_tok = words[0]
        else:
            return question(c, vocab, Message("'{text}' is not an answer", text=shorten(text, 60, escaped=True)))
        try:
            card = vocab.card(card_tok)
        except LogSyntaxError as exc:
            return question(c, vocab, Remark(ErrorText(exc)))
        if victim is not None:
            who = seated(players, victim)
            if who is None or who not in c.victims:
                return question(c, vocab, Message("{name} cannot be robbed here: the victim is {victims}",
                                                 name=shorten(victim, 60, escaped=True), victims=Listed(list(c.victims), "or")))
            victim = who
        else:
            holders = [v for v, cards in c.victims.items() if card in cards]
            if not holders:
                return question(c, vocab, Message("{card}: nobody here can give it", card=vocab.word(card)))
            if len(holders) != 1:
                return question(c, vocab, Message("{card}: two players hold it: say '{from} NAME'",
                                                 card=vocab.word(card), **{"from": vocab.from_words[0]}))
            victim = holders[0]
        if card not in c.victims[victim]:
            return question(c, vocab, Message("{victim} holds no {card} to take", victim=victim,
                                             card=vocab.word(card)))
        action = vocab.action(Steal(c.thief, card, victim))
    return action


def only_choice(c: StealChoice) -> tuple[str, Card] | None:
    """(victim, card) when the steal offers exactly one choice, else None."""
    pairs = [(v, card) for v, cards in c.victims.items() for card in cards]
    return pairs[0] if len(pairs) == 1 else None


def any_steal(c: StealChoice) -> Steal:
    """A legal steal of ``c`` (the first card of its first victim)."""
    victim, cards = next(iter(c.victims.items()))
    return Steal(c.thief, cards[0], victim)
