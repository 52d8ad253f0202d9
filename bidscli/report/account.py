"""The account of a comparison in words (``bids diff``; the report layer, the account itself is
``analysis/attribution``): the rules named as the players call them, each rule's part of a margin,
and who wins and which rules decide it, as data worded in the output language (English in the JSON).
"""

from __future__ import annotations

from ..analysis.attribution import Attribution, mixed_text
from ..core.i18n import Listed, Message, PluralMessage, noted, output_language, worded
from ..rules import knobs
from ..rules.knobs import KNOBS, split_label
from .render import cell_text


def winner_sentence(at: Attribution, log_path: str) -> Message:
    """One sentence naming the rules that decide the winner (Shapley parts of the winner's margin),
    as data: worded in the output language in the text, in English in the JSON."""
    a, b = at.labels
    m = at.winner_margin
    assert m is not None, "a game of 3 players or more has a runner-up, so a margin"
    where = Message("`bids disputes {log} -r {ruleset}` gives the smallest sets of rule changes that change the winner",
                    log=log_path, ruleset=a)
    shared = _shared_win(at)
    if shared:
        return Message("Who wins: {shared}; {where}.", shared=shared, where=where)
    if m.winner_changed:
        moved = sorted(((g, v) for g, v in m.rival_parts.items() if v), key=lambda x: (-x[1], x[0]))
        parts = Shares(moved, named=False)
        if m.rival != m.runner_up:
            wins = Message("{winner} wins under {ruleset} instead of {rival}", winner=m.winner, ruleset=b, rival=m.rival)
        else:
            wins = Message("{winner} wins under {ruleset}", winner=m.winner, ruleset=b)
        args = {"wins": wins, "winner": m.winner, "rival": m.rival, "before": m.rival_before, "a": a,
                    "after": m.rival_after, "parts": parts, "where": where}
        if not m.deciding:
            return Message("Who wins: no single rule decides that {wins}: {winner}'s margin over {rival} goes from "
                           "{before:+d} under {a} to {after:+d} ({parts}); {where}.", **args)
        deciding = _Rules(m.deciding)
        return PluralMessage("Who wins: {rules} decides that {wins}: {winner}'s margin over {rival} goes from "
                             "{before:+d} under {a} to {after:+d} ({parts}); {where}.",
                             "Who wins: {rules} decide that {wins}: {winner}'s margin over {rival} goes from "
                             "{before:+d} under {a} to {after:+d} ({parts}); {where}.", len(m.deciding), rules=deciding, **args)
    moved = sorted(((g, v) for g, v in m.parts.items() if v), key=lambda x: (-x[1], x[0]))
    parts = Shares(moved)
    if not moved:
        return Message("Who wins: {winner} under both, {after:+d} over {runner_up} under both; {where}.",
                       winner=m.winner, after=m.after, runner_up=m.runner_up, where=where)
    return Message("Who wins: {winner} under both; the margin over {runner_up} goes from {before:+d} to "
                   "{after:+d} ({parts}); {where}.", winner=m.winner, runner_up=m.runner_up, before=m.before,
                   after=m.after, parts=parts, where=where)


class _Rules:
    """Rules named in a sentence, each in the players' words of the language shown, as a list."""

    __slots__ = ("names",)

    def __init__(self, names) -> None:
        self.names = list(names)

    def in_language(self, lang: str) -> str:
        return Listed([rule(n, lang) for n in self.names], "and").in_language(lang)


def _shared_win(at: Attribution) -> Message | None:
    """A win shared under B said as the page says it ("Marta and Luca share the win with 23
    under both"); None when B has one winner."""
    a, b = at.labels

    def top(label):
        totals = at.totals[label]
        best = max(totals.values())
        return [p for p in at.players if totals[p] == best], best

    (wa, ta), (wb, tb) = top(a), top(b)
    if len(wb) < 2:
        return None
    if wa == wb:
        if ta == tb:
            return Message("{players} share the win with {total} under both", players=Listed(wb), total=tb)
        return Message("{players} share the win under both ({ta} under {a}, {tb} under {b})", players=Listed(wb),
                       ta=ta, a=a, tb=tb, b=b)
    under_a = (Message("{player} wins", player=wa[0]) if len(wa) == 1 else
               Message("{players} share it", players=Listed(wa)))
    return Message("{players} share the win with {total} under {b} ({under_a} under {a}, with {ta})",
                   players=Listed(wb), total=tb, b=b, under_a=under_a, a=a, ta=ta)


def rule_title(name: str, lang: str | None = None) -> str:
    """What the players call a rule, a group of rules or a joint step of them (``rules.knobs.rule_title``),
    worded in ``lang`` (default: the output language): the title of the knob's label."""
    return knobs.rule_title(name, lambda msgid: Message(msgid).text(lang))


def rule(name: str, lang: str | None = None) -> str:
    """A rule named in the players' words, its knob name beside it: "2x doubles (double.scope)"."""
    title = rule_title(name, lang)
    return name if title == name else noted(title, name, lang)


class Shares:
    """Each rule's part of a margin ("2x doubles +15, -5 bonus +15"), worded in the language shown;
    ``named``: each rule's knob name beside its title."""

    __slots__ = ("moved", "named")

    def __init__(self, moved, named: bool = True) -> None:
        self.moved, self.named = list(moved), named

    def in_language(self, lang: str | None = None) -> str:
        name = rule if self.named else rule_title
        return Listed([f"{name(g, lang)} {mixed_text(v)}" for g, v in self.moved], ",").in_language(
            lang if lang is not None else output_language())


def _words(knob: str, value, lang: str | None = None) -> str | None:
    """A knob's value in the players' words (Knob.words), in ``lang`` (default: the output language)."""
    k = KNOBS[knob]
    english = k.words(value)
    if english is None:
        return None
    if k.kind == "players":
        if not value:
            return Message("at no player count").text(lang)
        return Message("with {players} players", players=", ".join(map(str, value))).text(lang)
    said = split_label(Message(k.label).text(lang))[1]
    mine = said.split(" / ") if said is not None else []
    alternatives = k.alternatives
    return mine[alternatives.index(english)] if len(mine) == len(alternatives) else english


class RuleName:
    """A rule named in the players' words as data, worded when shown (a page prints it in the output
    language, ``--format json`` in English): its title (``rule_title``: "2x doubles"), or ``full``,
    its whole label with the alternatives ("2x doubles: this round / the whole game"); ``named``:
    its knob name after the title in brackets ("2x doubles (double.scope)")."""

    __slots__ = ("name", "full", "named")

    def __init__(self, name: str, full: bool = False, named: bool = False) -> None:
        self.name, self.full, self.named = name, full, named

    def in_language(self, lang: str) -> str:
        knob = KNOBS.get(self.name)
        if self.full and knob is not None:
            return Message(knob.label).text(lang)
        title = rule_title(self.name, lang)
        return noted(title, self.name, lang) if self.named else title

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleName) and (self.name, self.full, self.named) == (other.name, other.full,
                                                                                       other.named)

    __hash__ = None  # type: ignore[assignment]  # (equal by value, so not hashable)


class ValueWords:
    """A knob's value in the players' words as data ("the whole game" for double.scope = game),
    worded when shown (``value_words``)."""

    __slots__ = ("knob", "value")

    def __init__(self, knob: str, value) -> None:
        self.knob, self.value = knob, value

    def in_language(self, lang: str) -> str:
        words = _words(self.knob, self.value, lang)
        return cell_text(self.value) if words is None else words

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ValueWords) and (self.knob, self.value) == (other.knob, other.value)

    __hash__ = None  # type: ignore[assignment]


def value_words(knob: str, value) -> ValueWords | str:
    """A knob's value as a page shows it: in the label's words, worded when shown (``ValueWords``),
    else the value itself as text (numbers, tables: the value says it best)."""
    k = KNOBS.get(knob)
    if k is None or k.words(value) is None:
        return cell_text(value)
    return ValueWords(knob, value)


def value_in_words(knob: str, value, source: str) -> str:
    """A knob's value in the label's words, the value and its source beside them."""
    words = _words(knob, value)
    text = cell_text(value)
    source = worded(source)  # a bundled ruleset's citation in the output language (rules/citations.py)
    return noted(text, source) if words is None else noted(words, f"{text}; {source}")
