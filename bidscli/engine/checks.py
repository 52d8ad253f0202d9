"""Checks of a whole log before it is played: one message for one mistake.

A log that plays the Thief, the Ally or another optional card without turning
its option on (most often: no ``[options]`` table at all) would otherwise give
one "not in the deck" error per card, plus a wrong trick count for every round
(options change the hand size). ``implied_options`` names the options the
cards imply in one error, and the log is then checked as if they were on, so
that what remains are the log's own mistakes. Pure: no I/O, no click.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter

from ..core.cards import (
    ALLY_CARD,
    LOWEST_CARD,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    THIEF_CARD,
    Card,
)
from ..core.errors import BidsError, DeckError
from ..core.i18n import Listed, Message
from ..log.records import GameLog
from ..rules.ruleset import Ruleset, deck_for

# The options that bring a card into the deck (rules.md section 2), in TABLE_OPTIONS order.
OPTION_CARDS = (("ally", ALLY_CARD), ("minus_five", MINUS_FIVE_CARD), ("lowest", LOWEST_CARD),
                ("surprise", SURPRISE_CARD), ("thief", THIEF_CARD))


_card_of = itemgetter(1)  # of a (player, card) play


def _first_sightings(log: GameLog, cards: frozenset[Card]) -> dict[Card, tuple[int | None, int, int | None]]:
    """card -> (line, round, trick) where the log first shows it (plays, revealed, then the deal)."""
    seen: dict[Card, tuple[int | None, int, int | None]] = {}
    # Every log with an empty [options] table comes through here, and most show none of the
    # cards: each trick and each hand is first checked in C, then looked at card by card.
    for rnd in log.rounds:
        for t in rnd.tricks:
            if not cards.isdisjoint(t.revealed) or not cards.isdisjoint(map(_card_of, t.plays)):
                for c in (*t.revealed, *map(_card_of, t.plays)):
                    if c in cards and c not in seen:
                        seen[c] = (t.line, rnd.number, t.number)
        for group in ((rnd.hands or {}).values(), (rnd.removed or (),), (rnd.pile or (),)):
            for cs in group:
                if cards.isdisjoint(cs):
                    continue
                for c in cs:
                    if c in cards and c not in seen:
                        seen[c] = (rnd.line, rnd.number, None)
        if len(seen) == len(cards):
            break
    return seen


def implied_options(log: GameLog, ruleset: Ruleset, options: Mapping[str, bool]) -> tuple[dict[str, bool], BidsError | None]:
    """The options that are off but whose cards the log shows, and the one error that says so.

    Only for a log without an ``[options]`` table and options given on the command line
    (``options`` holds both): an option turned off on purpose keeps its card errors.
    Returns ({}, None) when there are none (the usual case: a set test per trick).
    """
    if log.options or options:
        return {}, None
    n = len(log.players)
    opts = ruleset.table_options(options)
    deck = deck_for(ruleset, n, opts)
    candidates = frozenset(card for opt, card in OPTION_CARDS if not opts.get(opt) and card not in deck)
    if not candidates:
        return {}, None
    seen = _first_sightings(log, candidates)
    if not seen:
        return {}, None
    implied: dict[str, bool] = {}
    for opt, card in OPTION_CARDS:
        if card in seen:
            trial = {**opts, opt: True}
            try:
                ruleset.check_options(trial, n)
                if card in deck_for(ruleset, n, trial):
                    implied[opt] = True
            except BidsError:
                continue  # this option is refused here: the card's own error says why
    if not implied:
        return {}, None
    try:
        ruleset.check_options({**opts, **implied}, n)
    except BidsError:
        return {}, None
    first = min((seen[c] for opt, c in OPTION_CARDS if opt in implied), key=lambda w: (w[1], w[0] or 0))
    shown = Listed([Message("{option} ({card} in round {round})", option=opt, card=card, round=seen[card][1])
                    for opt, card in OPTION_CARDS if opt in implied], ",")
    err = DeckError(Message(
        "the cards imply options that are off: {options}; the log has no [options] table: add {lines} under "
        "[options] (or -o {pairs}); the log is checked as if they were on", options=shown,
        lines=", ".join(f"{o} = true" for o in implied), pairs=" -o ".join(f"{o}=true" for o in implied)),
        file=log.file, line=first[0], round=first[1], trick=first[2])
    return implied, err
