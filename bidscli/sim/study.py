"""Variant studies: the same seeded deals played by the same bots under several rulesets.

How a study runs
    Game ``g`` of a study with seed ``S`` has the seed ``derive_seed("bids-study", S, g)``.
    Under each ruleset the game is dealt from that seed (``deal.make_deal``) and
    played by the same bots, whose random streams come from the same seed too.
    Deals are made *per ruleset* because the decks differ (English adds -5 and
    2x at every player count, 5 players use 1-12 against Italian 1-10), so one
    deal cannot be valid under both; the deal keys every card by the seed only,
    so identical decks get identical deals and near-identical decks get deals
    that differ only around the extra cards (common random numbers). The
    report says for each pair whether the decks were the same.

Exact and parallel
    The games are cut into shards of ``SHARD`` consecutive game numbers. A
    shard (:class:`ShardSpec`, plain data) is played by :func:`run_shard`, a
    top-level function that returns a :class:`Tallies`: integer sums, sums of
    squares and counts only. Summaries merge by adding integers, which is exact,
    associative and order-independent, so any ``--jobs`` gives the same numbers
    and byte-identical JSON. No game is kept: memory stays flat as the number
    of games grows. ``run_shard`` needs nothing but its argument, so it can run
    in worker processes (``--jobs``, ``core.workers``) or any other task runner.

Statistics (95%, normal approximation)
    A mean with its sample standard deviation ``sd`` and the interval
    ``mean +- 1.96 sd / sqrt(n)``; a proportion with the Wilson score interval.
    Games are independent; rounds of one game and tricks of one round are not,
    so the intervals of the per-round and per-trick rates are a little narrow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from ..core.errors import RulesetError
from ..core.i18n import N_, Message
from ..core.workers import Workers
from ..rules.ruleset import Ruleset, deck_for, load_ruleset
from .bots import play_game
from .deal import check_fits_log, derive_seed, make_deal

SHARD = 50  # games a shard: fixed, so shards are addressed by seed and game number, never by --jobs
Z95 = 1.959963984540054  # the 97.5% normal quantile

# The document's note on its deals: English in the JSON, a message id worded where a person reads it
# (report/study.py, the page).
DEAL_NOTE = N_("each game is dealt per ruleset from the same seed; identical decks get identical deals, "
               "decks that differ get deals that differ only around the extra cards")


class StudySpec(NamedTuple):
    """Everything a study needs, as plain picklable data."""

    rulesets: tuple  # refs: bundled names or absolute paths
    labels: tuple  # how the report names each ruleset (the refs as given)
    players: tuple  # seat names
    bots: tuple  # a strategy per seat
    options: tuple  # ((option, bool), ...), sorted
    knobs: tuple  # ((knob, value), ...) overrides, sorted
    seed: int
    games: int
    loaded: tuple = ()  # the rulesets themselves (knob overrides applied), loaded once by make_spec


class ShardSpec(NamedTuple):
    study: StudySpec
    start: int  # first game number (from 0)
    stop: int  # one past the last


class Tallies(NamedTuple):
    """Integer tallies, keyed by tuples; merging adds them (exact, associative, commutative)."""

    counts: dict

    def merge(self, other: Tallies) -> Tallies:
        return merge(self, other)


def merge(*summaries: Tallies) -> Tallies:
    out: dict = {}
    for s in summaries:
        for k, v in s.counts.items():
            out[k] = out.get(k, 0) + v
    return Tallies(out)


# -- playing -----------------------------------------------------------------------------

_RULESETS: dict = {}
_LOADED: dict = {}  # a study's loaded rulesets, one copy per content (see _rulesets)


def _ruleset(ref: str, knobs: tuple) -> Ruleset:
    key = (ref, repr(knobs))  # knob values may be tables (dicts): not hashable
    rs = _RULESETS.get(key)
    if rs is None:
        rs = load_ruleset(ref)
        if knobs:
            rs = rs.with_knobs(dict(knobs))
        _RULESETS[key] = rs
    return rs


def _rulesets(study: StudySpec) -> list[Ruleset]:
    """The study's rulesets: those loaded up front (nothing is read from disk mid-run), or by ref."""
    if study.loaded:
        # Each shard brings its own unpickled copies: keep the first equal one per process, so
        # deck_for's cache (keyed by the ruleset object) is hit and does not grow shard by shard.
        out = []
        for rs in study.loaded:
            key = (rs.name, rs.path, rs.chain, repr(sorted(rs.knobs.items())), repr(sorted(rs.options.items())))
            out.append(_LOADED.setdefault(key, rs))
        return out
    return [_ruleset(ref, study.knobs) for ref in study.rulesets]


def game_seed(seed: int, game: int) -> int:
    return derive_seed("bids-study", seed, game)


def run_shard(spec: ShardSpec) -> Tallies:
    """Play games ``start..stop-1`` of a study under every ruleset; tallies only."""
    st = spec.study
    rulesets = _rulesets(st)
    options = dict(st.options)
    c: dict = {}

    def add(key, v=1):
        c[key] = c.get(key, 0) + v

    for g in range(spec.start, spec.stop):
        gs = game_seed(st.seed, g)
        winners = []
        orders: dict = {}  # the round orders of this seed, drawn once for every ruleset
        for label, rs in zip(st.labels, rulesets):
            deal = make_deal(rs, st.players, options, seed=gs, orders=orders)
            result, _ = play_game(rs, st.players, deal.options, deal.rounds, st.bots, gs, explain=False)
            add((label, "games"))
            for i, p in enumerate(st.players):
                s = result.totals[p]
                add((label, "score", i), s)
                add((label, "score2", i), s * s)
                add((label, "hist", i, s))  # the score histogram (study --html)
                if result.ranks[p] == 1:
                    add((label, "wins", i))
            best = result.ranking[0][1]
            margin = best - result.ranking[1][1]
            add((label, "margin"), margin)
            add((label, "margin2"), margin * margin)
            top = frozenset(result.winners)
            if len(top) > 1:
                add((label, "shared_wins"))
            lucky_rounds = lucky_awards = tricks = burned = 0
            for rnd in result.rounds:
                if rnd.lucky_losers:
                    lucky_rounds += 1
                    lucky_awards += len(rnd.lucky_losers)
                tricks += len(rnd.tricks)
                burned += sum(1 for t in rnd.tricks if t.burned)
            add((label, "rounds"), len(result.rounds))
            add((label, "lucky_rounds"), lucky_rounds)
            add((label, "lucky_awards"), lucky_awards)
            add((label, "tricks"), tricks)
            add((label, "burned"), burned)
            winners.append(top)
        for a in range(len(st.labels)):
            for b in range(a + 1, len(st.labels)):
                add(("pair", a, b, "games"))
                if winners[a] != winners[b]:
                    add(("pair", a, b, "changed"))
    return Tallies(c)


def shards(study: StudySpec, size: int = SHARD):
    for start in range(0, study.games, size):
        yield ShardSpec(study, start, min(start + size, study.games))


def run_study(study: StudySpec, jobs: int = 1, progress: Callable[[int], None] | None = None,
              shard_size: int = SHARD) -> Tallies:
    """Play every shard (in ``jobs`` processes) and merge the tallies as they come."""
    total = Tallies({})
    todo = shards(study, shard_size)
    if jobs <= 1:
        for sh in todo:
            total = merge(total, run_shard(sh))
            if progress:
                progress(sh.stop - sh.start)
        return total
    with Workers(jobs) as pool:  # a signal or a failed shard ends the workers: no half result is kept
        return _run_pool(pool, todo, total, jobs, progress)


def _run_pool(pool: Workers, todo, total: Tallies, jobs: int, progress) -> Tallies:
    running: dict = {}
    window = jobs * 3  # a few shards in flight per worker: memory stays flat for any number of games

    def collect_some() -> None:
        """Merge the shards that are done, waiting for at least one."""
        nonlocal total
        for f in pool.wait_any(running):
            sh = running.pop(f)
            total = merge(total, f.result())
            if progress:
                progress(sh.stop - sh.start)

    for sh in todo:
        running[pool.submit(run_shard, sh)] = sh
        if len(running) >= window:
            collect_some()
    while running:
        collect_some()
    return total


# -- statistics ---------------------------------------------------------------------------


def mean_stats(n: int, total: int, squares: int) -> dict:
    """Mean, sample sd and a 95% normal interval from exact sums (n >= 1).

    The sums are exact integers and stay so: the mean and variance are exact fractions, shown
    as floats rounded to 4 places while a float holds them, and as whole numbers beyond that
    (a house ruleset may give points past a float's range; nothing overflows)."""
    if n <= 0:
        return {"mean": None, "sd": None, "ci95": [None, None]}
    mean = Fraction(total, n)
    if n == 1:
        return {"mean": _shown(mean), "sd": None, "ci95": [None, None]}
    var = Fraction(n * squares - total * total, n * (n - 1))
    sd = _sqrt(max(var, Fraction(0)))
    half = sd * Fraction(Z95) / _sqrt(Fraction(n))
    return {"mean": _shown(mean), "sd": _shown(sd), "ci95": [_shown(mean - half), _shown(mean + half)]}


FLOAT_SHOWN = Fraction(10) ** 300  # past this a statistic is shown as a whole number


def _shown(x: Fraction) -> float | int:
    return _r(float(x)) if abs(x) < FLOAT_SHOWN else round(x)


def _sqrt(x: Fraction) -> Fraction:
    """The square root of an exact non-negative fraction: a float's where one holds it, else an
    integer square root (exact to the unit, which is all a whole number shown can say)."""
    if x < FLOAT_SHOWN:
        return Fraction(math.sqrt(x))
    return Fraction(math.isqrt(round(x)))


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_stats(successes: int, n: int) -> dict:
    lo, hi = wilson(successes, n)
    return {"count": successes, "n": n, "rate": _r(successes / n) if n else None, "ci95": [_r(lo), _r(hi)]}


def _r(x: float) -> float:
    return round(x, 4)


# -- the report ------------------------------------------------------------------------


def make_spec(ruleset_refs: Sequence[str], players: Sequence[str], bots: Sequence[str],
              options: Mapping[str, bool], knobs: Mapping[str, object], seed: int, games: int) -> StudySpec:
    """Check everything up front (a bad ruleset or option fails here, not in a worker)."""
    if len(ruleset_refs) < 1:
        raise RulesetError(Message("a study needs at least one ruleset (-r)"))
    twice = [ref for i, ref in enumerate(ruleset_refs) if ref in ruleset_refs[:i]]
    if twice:
        raise RulesetError(Message("the same ruleset is named twice: '{ruleset}' (expected each -r RULESET once)",
                                  ruleset=twice[0]))
    refs = []
    loaded = []
    for ref in ruleset_refs:
        rs = load_ruleset(ref)  # raises a located error for a bad name or file
        refs.append(ref if rs.path and rs.path.startswith("<bundled>") else str(Path(ref).resolve()))
        if knobs:
            rs = rs.with_knobs(dict(knobs))
        opts = rs.table_options(options)
        rs.check_options(opts, len(players))
        check_fits_log(rs, len(players), deck_for(rs, len(players), opts), rs.knobs["game.rounds"])
        loaded.append(rs)  # kept: a ruleset file deleted or changed mid-run does not matter
    return StudySpec(tuple(refs), tuple(ruleset_refs), tuple(players), tuple(bots),
                     tuple(sorted(options.items())), tuple(sorted(knobs.items())), seed, games, tuple(loaded))


def report(study: StudySpec, summary: Tallies) -> dict:
    """The study as one JSON-ready document (no timings, no job counts: reproducible to the byte)."""
    c = summary.counts
    get = lambda *k: c.get(k, 0)  # noqa: E731
    rulesets = _rulesets(study)
    opts_of = [rs.table_options(dict(study.options)) for rs in rulesets]
    docs = []
    for label, rs, opts in zip(study.labels, rulesets, opts_of):
        g = get(label, "games")
        deck = deck_for(rs, len(study.players), opts)
        seats = []
        for i, (p, bot) in enumerate(zip(study.players, study.bots)):
            seats.append({
                "seat": i + 1, "player": p, "bot": bot,
                "score": mean_stats(g, get(label, "score", i), get(label, "score2", i)),
                "wins": rate_stats(get(label, "wins", i), g),
                "histogram": sorted([k[3], v] for k, v in c.items() if k[:3] == (label, "hist", i)),
            })
        docs.append({
            "ruleset": label,
            "name": rs.name,
            "games": g,
            "deck": {"numbers": deck.numbers, "colours": len(deck.colours),
                     "black_deck": [str(x) for x in deck.black_deck], "ally": deck.ally,
                     "hand_size": deck.hand_size, "tricks": deck.tricks},
            "seats": seats,
            "margin": mean_stats(g, get(label, "margin"), get(label, "margin2")),
            "shared_wins": rate_stats(get(label, "shared_wins"), g),
            "lucky_loser_rate": rate_stats(get(label, "lucky_rounds"), get(label, "rounds")),
            "lucky_loser_awards": get(label, "lucky_awards"),
            "burn_rate": rate_stats(get(label, "burned"), get(label, "tricks")),
        })
    pairs = []
    for a in range(len(study.labels)):
        for b in range(a + 1, len(study.labels)):
            da = deck_for(rulesets[a], len(study.players), opts_of[a])
            db = deck_for(rulesets[b], len(study.players), opts_of[b])
            pairs.append({
                "rulesets": [study.labels[a], study.labels[b]],
                "same_deck": da.all_cards() == db.all_cards() and da.black_in_hands == db.black_in_hands
                and da.hand_size == db.hand_size,
                "winner_changes": rate_stats(get("pair", a, b, "changed"), get("pair", a, b, "games")),
            })
    return {
        "study": {
            "rulesets": list(study.labels),
            "players": list(study.players),
            "bots": list(study.bots),
            "options": dict(study.options),
            "knobs": {k: v for k, v in study.knobs},
            "games": study.games,
            "seed": study.seed,
            "confidence": 0.95,
            "deals": DEAL_NOTE,
        },
        "rulesets": docs,
        "pairs": pairs,
    }
