"""Which rule decided this game? (``bids disputes``): each disputed knob changed alone, then the
smallest sets of knob changes that change the winner.

The replays go through the decision tree of knob reads in ``variantcache.VariantCache``. Analysis only: the text is in ``diffreport``.

The search is bounded (docs/limits.md): at most MAX_VARIANTS variants in the search for the
smallest sets, and at most SEARCH_ROUND_REPLAYS rounds of play in all its replays (the base's
included). At a bound it stops: what it found stands, what it did not search is said
(``minimal.complete`` false, ``minimal.bound_reached``; a single change not replayed has the
status "not searched").
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence

from ..core.errors import RulesetError
from ..core.i18n import Message
from ..log.records import GameLog
from ..rules.knobs import KNOBS, KnobValueError
from ..rules.ruleset import (
    BUNDLED,
    Ruleset,
    load_ruleset,
    parse_option_assignments,
    unknown_knob,
)
from .plan import build_deal, play_deal
from .variantcache import (
    BoundReached,
    Budget,
    VariantCache,
    VariantResult,
    effective,
    variant_result,
)


def bundled_values(name: str) -> list:
    """The values the bundled rulesets give a knob, with who uses each."""
    out: list = []
    for rn in BUNDLED:
        v = load_ruleset(rn).knobs[name]
        for item in out:
            if item[0] == v:
                item[1].append(rn)
                break
        else:
            out.append((v, [rn]))
    return out


def disputed_knobs(players: int) -> list[str]:
    """Knobs on which the bundled rulesets differ at this player count."""
    out = []
    for name in KNOBS:
        effs = {effective(name, v, players) for v, _ in bundled_values(name)}
        if len(effs) > 1:
            out.append(name)
    return out


def _registry_values(name: str) -> list:
    k = KNOBS[name]
    if k.kind == "choice":
        return list(k.choices)
    if k.kind == "bool":
        return [True, False]
    return [v for v, _ in bundled_values(name)]


SEARCH_ALL_LIMIT = 12
MAX_VARIANTS = 10_000  # variants of the search for the smallest sets (2^12 - 1 = 4,095 for 12 two-valued knobs)
# Rounds of play in all the replays of one search (a bound of its own, as attribution.ACCOUNT_ROUND_REPLAYS
# bounds the accounts of one diff).
SEARCH_ROUND_REPLAYS = 4_000


def disputes(log: GameLog, base: Ruleset, options: Mapping[str, bool] | None = None, knob_args: Sequence[str] = (),
             *, lenient: bool = False, progress=None) -> dict:
    """Which rule decided this game? (``bids disputes``), as a JSON-ready dict: a read log under its
    base ruleset (``-o`` knobs applied; ``options``: its table options with ``-o`` ones on top), as
    ``app.api.disputes`` checks and loads them.

    ``progress(variants, replays, rounds)``, if given, is called after each variant and each
    replayed round: the variants looked at so far (single changes included), the replays they
    took and the rounds those played."""
    from ..rules.knobs import knob_value

    started = time.perf_counter()
    deal = build_deal(log, options)
    n = len(deal.players)
    base_out = play_deal(deal, base, lenient=lenient, offered=None)
    if base_out.error is not None:
        err = base_out.error
        err.message = Message("the log cannot be scored under the base ruleset {ruleset}: {message}",
                              ruleset=base.name, message=err.msg)
        raise err
    offered = base_out.offered
    # Which knobs, at which values.
    plan: list[tuple[str, list]] = []  # knob -> alternative raw values (one per effective value)
    if knob_args:
        wanted: dict[str, list] = {}
        for arg in knob_args:
            if "=" in arg:
                table_options, kv = parse_option_assignments([arg])
                if table_options:
                    raise RulesetError(Message("--knob {arg}: {options} is a table option, not a knob: expected "
                                               "KNOB=VALUE with a knob name like thief.timing (a table option is set "
                                               "with -o {arg})", arg=arg, options=", ".join(table_options)))
                (name, value), = kv.items()
                try:
                    value = KNOBS[name].check(value)
                except KnobValueError as exc:
                    raise RulesetError(exc.message) from None
                wanted.setdefault(name, []).append(value)
            else:
                if arg not in KNOBS:
                    raise RulesetError(unknown_knob(arg))
                wanted.setdefault(arg, []).extend(_registry_values(arg))
        names = list(wanted)
        candidates = wanted
    else:
        names = disputed_knobs(n)
        candidates = {name: [v for v, _ in bundled_values(name)] for name in names}
    for name in names:
        alts, seen = [], {effective(name, base.knobs[name], n)}
        for v in candidates[name]:
            e = effective(name, v, n)
            if e not in seen:
                seen.add(e)
                alts.append(v)
        plan.append((name, alts))
    plan = [(k, a) for k, a in plan if a]
    looked = 0

    def tick() -> None:
        progress(looked, cache.replays + cache.resumed, budget.spent)

    budget = Budget(SEARCH_ROUND_REPLAYS, tick if progress is not None else None)
    cache = VariantCache(deal, base, offered, lenient, budget)
    base_sum = variant_result(base_out)

    def get(changes: dict) -> VariantResult:
        nonlocal looked
        s = cache.get(changes)  # BoundReached: not replayed
        looked += 1
        if progress is not None:
            tick()
        return s

    bound = None  # which bound stopped the search
    try:
        # Base first through the cache, so that it shares its paths.
        get({})
    except BoundReached:
        bound = "replayed rounds"
    singles = []
    for name, alts in plan:
        for v in alts:
            s = None
            if bound is None:
                try:
                    s = get({name: v})
                except BoundReached:
                    bound = "replayed rounds"
            if s is None:
                singles.append(_unsearched_doc({name: v}, n))
            else:
                singles.append(_change_doc({name: v}, s, base_sum, n))
    # Smallest winner-changing sets.
    k = len(plan)
    limited = k > SEARCH_ALL_LIMIT
    max_size = 2 if limited else k
    found: list = []
    size_found = None
    size_stopped = None  # the size being searched when a bound stopped the search
    searched = 0
    undetermined_variants = 0
    unplayable_variants = 0
    for size in range(1, max_size + 1):
        if bound is not None:
            size_stopped = size
            break
        for combo in itertools.combinations(plan, size):
            for values in itertools.product(*(alts for _, alts in combo)):
                if searched == MAX_VARIANTS:
                    bound = "variants"
                    break
                changes = {name: v for (name, _), v in zip(combo, values)}
                try:
                    s = get(changes)
                except BoundReached:
                    bound = "replayed rounds"
                    break
                searched += 1
                if not s.playable:
                    unplayable_variants += 1
                    continue
                if s.undetermined:
                    undetermined_variants += 1
                    continue
                if set(s.winners) != set(base_sum.winners):
                    found.append(_change_doc(changes, s, base_sum, n))
            if bound is not None:
                break
        if bound is not None:
            size_stopped = size
            if found:
                size_found = size
            break
        if found:
            size_found = size
            break
    elapsed = time.perf_counter() - started
    res = base_out.result
    assert res is not None  # the base game was played: its error was raised above
    return {
        "file": deal.file,
        "base": base.name,
        "players": list(deal.players),
        "rounds": len(deal.rounds),
        "options": {o: bool(v) for o, v in deal.options.items()},
        "base_result": {
            "winners": None if base_out.undetermined else res.winners,
            "totals": None if base_out.undetermined else dict(res.totals),
            "ranking": None if base_out.undetermined else [[p, v] for p, v in res.ranking],
            "undetermined": base_out.undetermined,
        },
        # cli.md 'Unfinished games' (disputes --allow-partial): the "winner" is who leads so far.
        "partial": res is not None and res.stopped_at is not None,
        "standings_after": (dict(zip(("round", "trick"), res.stopped_at))
                            if res is not None and res.stopped_at is not None else None),
        "knobs": [{"knob": name, "base": knob_value(base.knobs[name]), "alternatives": [knob_value(v) for v in alts],
                   "source": base.source_of(name)} for name, alts in plan],
        "single": singles,
        "minimal": {
            "search": "single and pair changes only" if limited else "all combinations",
            "knob_count": k,
            "size": size_found,
            "sets": found,
            "variants_searched": searched,
            "not_playable": unplayable_variants,
            "undetermined": undetermined_variants,
            # docs/limits.md: at a bound the search stops; sets smaller than size_stopped were all searched.
            "complete": bound is None,
            "bound_reached": bound,
            "size_stopped": size_stopped,
            "bounds": {"variants": MAX_VARIANTS, "replayed_rounds": SEARCH_ROUND_REPLAYS},
        },
        "replays": cache.replays,
        "resumed": cache.resumed,
        "replayed_rounds": budget.spent,
        "seconds": round(elapsed, 3),
    }


def _used_by(name, value, players: int) -> list[str]:
    """Bundled rulesets with this value at this table (the same effective value)."""
    eff = effective(name, value, players)
    return [rn for rn in BUNDLED if effective(name, load_ruleset(rn).knobs[name], players) == eff]


def _unsearched_doc(changes: dict, n: int) -> dict:
    """A change the search did not replay: the bound on replayed rounds was reached before it."""
    from ..rules.knobs import knob_value

    return {"changes": {k: knob_value(v) for k, v in changes.items()},
            "used_by": {k: _used_by(k, v, n) for k, v in changes.items()},
            "playable": None, "status": "not searched"}


def _change_doc(changes: dict, s: VariantResult, base: VariantResult, n: int) -> dict:
    from ..rules.knobs import knob_value

    doc = {
        "changes": {k: knob_value(v) for k, v in changes.items()},
        "used_by": {k: _used_by(k, v, n) for k, v in changes.items()},
        "playable": s.playable,
    }
    if not s.playable:
        doc.update(status="not playable", error=s.error)
        return doc
    if s.undetermined:
        doc.update(status="undetermined", undetermined=s.undetermined)
        return doc
    doc.update(
        status="ok",
        winners=list(s.winners),
        winner_changed=set(s.winners) != set(base.winners),
        ranking=list(s.ranking),
        ranking_changed=s.ranking != base.ranking,
        totals=dict(s.totals),
        deltas={p: s.totals[p] - base.totals[p] for p in s.totals if s.totals[p] != base.totals.get(p)},
        policy_steals=s.policy_steals,
    )
    return doc
