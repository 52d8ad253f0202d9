"""Variant analysis: one deal under several rulesets, side by side (``bids diff``).

The deal is built and played by ``plan.py``; the places where the games part are found by
``divergence.py`` and each player's difference is accounted for by ``attribution.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core.errors import DeckError
from ..core.i18n import Message
from ..log.records import GameLog
from ..rules.ruleset import Ruleset
from .plan import DealPlan, build_deal, play_deal, start_game


class Diff(NamedTuple):
    deal: DealPlan
    labels: list
    outcomes: list  # RulesetPlay per ruleset, same order
    first: dict | None  # {"round", "trick", "reasons": {label: [...]}, "knobs": [...]}
    first_score: dict | None  # first round whose scores part (when no trick did)
    knobs: list
    reference: str | None
    divergences: tuple = ()  # every trick, round end and bonus where the results part (divergence.py)
    attributions: tuple = ()  # attribution.Attribution | None for each ruleset after the first, against it


class Plays(NamedTuple):
    """The deal of a log played under each ruleset: what ``diff`` explains (``plays``)."""

    deal: DealPlan
    labels: list
    rulesets: list
    outcomes: list  # RulesetPlay per ruleset, same order
    offered: frozenset | None  # the steal choices the log's own game offered
    reference: str | None  # the ruleset of the log's own game


def plays(log: GameLog, rulesets: Sequence[Ruleset], labels: Sequence[str],
          options: Mapping[str, bool] | None = None, *, lenient: bool = False, explain: bool = True) -> Plays:
    """The deal of a read log under each ruleset (``-o`` knobs already applied; ``labels`` name them,
    ``plan.ruleset_labels``; ``options``: the ``-o`` table options), as ``diff`` plays it; raises the
    BidsError ``diff`` raises when a ruleset cannot play it (a deck difference without ``lenient``).
    ``explain=False``: the games keep no explanation and no per-trick state (``bids season`` reads
    only the results)."""
    from .plan import reference_play

    deal = build_deal(log, options)
    labels = list(labels)
    rulesets = list(rulesets)
    # The first ruleset's error is the one raised whatever the others do: when that ruleset refuses
    # the table (or, without lenient, the deal) before the first round, no game is played.
    _, err = start_game(deal, rulesets[0], lenient=lenient, explain=False)
    if err is not None:
        raise _refused(err, rulesets[0], lenient)
    own, reference = reference_play(deal, log, rulesets, lenient, explain=explain, track=explain)
    offered = None if own is None else own.offered
    outcomes = []
    for rs in rulesets:
        # The log's own game is this ruleset's play too (plan.reference_play): not played twice.
        o = own if own is not None and own.ruleset == rs else play_deal(deal, rs, lenient=lenient, offered=offered,
                                                                           explain=explain, track=explain)
        if o.error is not None:
            raise _refused(o.error, rs, lenient)
        outcomes.append(o)
    return Plays(deal, labels, rulesets, outcomes, offered, reference)


def _refused(err, rs, lenient: bool):
    """A ruleset's error playing the deal, saying which ruleset (and, for a deck, the way out)."""
    if isinstance(err, DeckError) and not lenient:
        err.message = Message("the log's deal does not fit the {ruleset} deck: {problem} (--lenient-deck plays it "
                              "as recorded)", ruleset=rs.name, problem=err.msg)
    elif not err.message.startswith(f"under {rs.name}"):
        err.message = Message("under {ruleset}: {problem}", ruleset=rs.name, problem=err.msg)
    return err


def diff(log: GameLog, rulesets: Sequence[Ruleset], labels: Sequence[str], options: Mapping[str, bool] | None = None,
         *, lenient: bool = False) -> Diff:
    """The same deal under several rulesets (``bids diff``, read and loaded by ``app.api.diff``); raises
    a BidsError for a deck difference."""
    from ..rules.ruleset import knob_diff_rows
    from .attribution import ACCOUNT_ROUND_REPLAYS, attribute_outcomes
    from .divergence import divergences as find_divergences

    deal, labels, rulesets, outcomes, offered, reference = plays(log, rulesets, labels, options, lenient=lenient)
    divergences = find_divergences(deal, labels, outcomes)
    first = next((d.first_json() for d in divergences if d.kind == "trick"), None)  # one divergence finder
    first_score = None
    if first is None:
        first_score = _first_score_divergence(labels, outcomes)
    # One bound for all the accounts (docs/limits.md): each gets an equal share of what is left.
    left = ACCOUNT_ROUND_REPLAYS
    attributions: list = []
    for i in range(1, len(outcomes)):
        share = left // (len(outcomes) - i)
        at = attribute_outcomes(deal, (labels[0], labels[i]), outcomes[0], outcomes[i], offered, lenient=lenient,
                                divergences=divergences if len(outcomes) == 2 else None, round_replays=share)
        left -= 0 if at is None else at.rounds_replayed
        attributions.append(at)
    return Diff(deal, labels, outcomes, first, first_score, knob_diff_rows(rulesets, labels), reference,
                divergences, tuple(attributions))


def _first_score_divergence(labels, outcomes) -> dict | None:
    from ..engine.results import reason_text

    if not all(o.determined for o in outcomes):
        return None
    rounds = [o.result.rounds for o in outcomes]
    for i, rnd in enumerate(rounds[0]):
        scores = [rs[i].scores for rs in rounds]
        if all(s == scores[0] for s in scores[1:]):
            continue
        texts = [[x.text for x in rs[i].reasons] for rs in rounds]
        reasons = {}
        for lab, o, rs in zip(labels, outcomes, rounds):
            reasons[lab] = [reason_text(o.ruleset, x, "en") for x in rs[i].reasons
                            if not all(x.text in tx for tx in texts)]
        return {"round": rnd.number, "reasons": reasons}
    bon = [o.result.bonuses for o in outcomes]
    if any(b != bon[0] for b in bon[1:]):
        return {"round": None, "reasons": {lab: [reason_text(o.ruleset, x, "en") for x in o.result.reasons]
                                           for lab, o in zip(labels, outcomes)}}
    return None
