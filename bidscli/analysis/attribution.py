"""Which rule moved each player's score, and by how much (``bids diff``).

Public API (no click; ``variants.diff`` calls it for ``bids diff`` and the HTML report, which
read ``Diff.attributions``)::

    Attribution (frozen):
        method        "shapley" | "ordered"
        labels        (label_a, label_b)
        players       player names, seating order
        totals        {label: {player: int}}
        parts         {player: {group: Fraction}}: every differing group, 0 included;
                      the parts of a player add up exactly to totals[b] - totals[a]
        groups        (Group, ...) in knob-registry order; Group(name, knobs, read,
                      changed_trick); knobs: (KnobDiff(knob, value_a, value_b,
                      source_a, source_b), ...). name is the knob, or "deck" for
                      every differing deck.* knob together.
        winner_margin Margin(winner, runner_up, before, after, parts {group: Fraction},
                      deciding (groups), winner_changed, rival, rival_before, rival_after,
                      rival_parts) or None (fewer than 2 players); winner and runner_up
                      under B; rival: whom the winner overtook (A's winner when the win
                      changed hands, else the runner-up); deciding comes from rival_parts
        order         for "ordered": the steps, each a tuple of groups; else ()
        divergences   (divergence.Divergence, ...) between A and B, game order
        mixtures      mixtures scored (2^k over the k groups some replay reads)
        replays       plays of the deal they took (whole, or on from a checkpoint)
        policy_mixtures, unplayable_mixtures   counts (see below)
        reason        why the split is "ordered", else None
        rounds_replayed  rounds of play the replays took (at most ACCOUNT_ROUND_REPLAYS)
        difference(p) totals[b][p] - totals[a][p]
        to_json()     the ``attribution`` object of ``diff --format json``

    attribute_outcomes(deal, labels, outcome_a, outcome_b, offered, *, lenient=False,
                       divergences=None, round_replays=None) -> Attribution | None
        the exact account of ``totals_b - totals_a`` from two plan.play_deal outcomes of
        a deal (``bids diff`` plays them once; ``Diff.attributions`` holds its accounts).
        None when either game is undetermined from this log (it needs a pile card the
        log never showed).

How the account is made. The "players" of the Shapley game are the groups of
knobs on which A and B differ at this table (effective values: a
per-player-count knob counts only at this player count); the deck knobs form
one group, "deck", because a deck half-way between two rulesets may not hold
the deal. A mixture switches a set of groups from A's values to B's; its worth
is the vector of final totals. Each group gets, for each player, its average
marginal effect over every order of switching: the exact Shapley value,
computed with integers over the 2^k mixtures and divided once by k!, so the
parts are Fractions that add up exactly. Replays go through disputes'
decision tree of knob reads (variantcache.VariantCache), so mixtures that agree
on every knob the engine read share one replay. A group no replay reads is a
null player: it is left out of the computation and gets exactly 0. So is the
deck group when both decks are the same cards and counts (the engine reads
the deck knobs only through the Deck).

Steals: a mixture plays the log's recorded steals where legal; where the
mixture forbids one (or offers a steal the log's game never did), the engine's
default steal policy decides, as ``bids diff`` does; such mixtures are counted
in ``policy_mixtures`` and said in the output.

Unplayable mixtures. When some mixture cannot be played (its deck refuses the
deal, a knob pair the engine refuses, a pile card the log never showed), the
Shapley value is not defined and the account falls back to an *ordered*
split, marked ``method = "ordered"``: the groups are switched from A to B one
at a time along the first chain (in registry order, depth first) whose every
step is playable, and each group gets its step's change. Where no such chain
exists, the smallest steps that make one are taken together and their change
is charged to the joint label "knob_a + knob_b".

Too many knobs. The exact value needs 2^k mixtures; past SHAPLEY_LIMIT (12)
groups that the engine reads, the account is the ordered split along the
registry order (k + 1 mixtures; an unplayable step joins the next), marked
"ordered" with its reason. The bundled rulesets differ in at most 10 groups.

A bound on the replays. All the replays of one account may play at most
ACCOUNT_ROUND_REPLAYS rounds (variantcache.Budget; docs/limits.md). The ordered chain
is replayed first: its mixtures are among the exact value's (a group no mixture
of the others reads changes none of their paths), so the exact value, tried
next within what is left, costs no more for it. When the exact value does not
fit, the account is the chain's ordered split, marked "ordered" with that
reason; when the chain itself does not fit, its steps are taken while they do
and the last one switches the groups left together (a joint label, said in
the reason), its ends being A's and B's own games.

JSON numbers (``points_json``): each part is given as the nearest multiple of
2^-30 (exact for halves, quarters...; thirds within 1e-9), then the rounding
is corrected on the parts with the largest remainders so that the numbers add
up *exactly* to the difference, in decimal and in binary floating point, in
any order. ``exact`` gives every part as a fraction string ("7/3").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..core.errors import BidsError
from ..core.i18n import ENGLISH, Grouped, Message
from ..rules.knobs import KNOBS, knob_value
from ..rules.ruleset import Ruleset, deck_for

if TYPE_CHECKING:  # imported where used: the search's modules are loaded only by diff and disputes
    from .variantcache import VariantResult

DECK = "deck"
SHAPLEY_LIMIT = 12  # knob groups read: 2^12 = 4096 mixtures at most, well inside a second or two
# Rounds of play that the replays of one account may take (docs/limits.md): a whole replay plays
# every round of the log, one from a checkpoint the rounds after it. The exact value of a short
# game takes some hundreds; 2^8 mixtures of a 1,000-round game would take 256,000.
ACCOUNT_ROUND_REPLAYS = 4_000
OPTIONS = "table options"


@dataclass(frozen=True)
class KnobDiff:
    knob: str
    value_a: object
    value_b: object
    source_a: str
    source_b: str


@dataclass(frozen=True)
class Group:
    name: str  # a knob name, or "deck"
    knobs: tuple  # of KnobDiff
    read: bool  # some replay read one of its knobs (the deck: and the decks differ)
    changed_trick: bool  # one of its knobs is named where a trick, round end or bonus parts


@dataclass(frozen=True)
class Margin:
    winner: str  # under B (first in its ranking)
    runner_up: str  # under B
    before: int  # totals_a[winner] - totals_a[runner_up]
    after: int  # totals_b[winner] - totals_b[runner_up]
    parts: Mapping  # group -> Fraction, adding up to after - before
    deciding: tuple  # groups whose parts decide the winner (see _deciding)
    winner_changed: bool
    rival: str  # whom the winner overtook: A's winner when the win changed hands, else runner_up
    rival_before: int  # totals_a[winner] - totals_a[rival]
    rival_after: int
    rival_parts: Mapping  # group -> Fraction, adding up to rival_after - rival_before


@dataclass(frozen=True)
class Attribution:
    method: str
    labels: tuple
    players: tuple
    totals: Mapping
    parts: Mapping
    groups: tuple
    winner_margin: Margin | None
    order: tuple
    divergences: tuple
    mixtures: int
    replays: int
    policy_mixtures: int
    unplayable_mixtures: int
    reason: Message | None = None  # why the split is "ordered" (worded when shown; English in JSON)
    rounds_replayed: int = 0  # rounds of play the replays took (at most ACCOUNT_ROUND_REPLAYS)

    def difference(self, player: str) -> int:
        a, b = self.labels
        return self.totals[b][player] - self.totals[a][player]

    def to_json(self) -> dict:
        a, b = self.labels
        doc = {
            "method": self.method,
            "base": a,
            "other": b,
            "players": {p: points_json(self.parts[p], self.difference(p)) for p in self.players},
            "exact": {p: {g: fraction_text(v) for g, v in self.parts[p].items()} for p in self.players},
            "winner_margin": None,
            "groups": {g.name: [k.knob for k in g.knobs] for g in self.groups},
            "order": [list(step) for step in self.order] if self.method == "ordered" else None,
            "mixtures": self.mixtures,
            "replays": self.replays,
            "policy_mixtures": self.policy_mixtures,
            "unplayable_mixtures": self.unplayable_mixtures,
            "reason": None if self.reason is None else self.reason.text(ENGLISH),
            "round_replays": self.rounds_replayed,
        }
        m = self.winner_margin
        if m is not None:
            doc["winner_margin"] = {
                "winner": m.winner, "runner_up": m.runner_up, "ruleset": b,
                "before": m.before, "after": m.after,
                "points": points_json(m.parts, m.after - m.before),
                "exact": {g: fraction_text(v) for g, v in m.parts.items()},
                "deciding": list(m.deciding), "winner_changed": m.winner_changed,
                "rival": m.rival, "rival_before": m.rival_before, "rival_after": m.rival_after,
                "rival_points": points_json(m.rival_parts, m.rival_after - m.rival_before),
            }
        return doc


# -- exact numbers -------------------------------------------------------------------

_UNIT = 1 << 30


def points_json(parts: Mapping[str, Fraction], total) -> dict:
    """Parts as JSON numbers that add up exactly to ``total`` (see the module docstring)."""
    scaled = {k: Fraction(v) * _UNIT for k, v in parts.items()}
    units = {k: round(v) for k, v in scaled.items()}  # round half to even: round(-x) == -round(x)
    short = int(Fraction(total) * _UNIT) - sum(units.values())
    if short:
        keys = list(units)
        rem = {k: scaled[k] - units[k] for k in keys}
        if short > 0:
            pick = sorted(keys, key=lambda k: (-rem[k], keys.index(k)))[:short]
        else:
            pick = sorted(keys, key=lambda k: (rem[k], keys.index(k)))[:-short]
        for k in pick:
            units[k] += 1 if short > 0 else -1
    out = {}
    for k, u in units.items():
        out[k] = u // _UNIT if u % _UNIT == 0 else u / _UNIT
    return out


def fraction_text(v: Fraction) -> str:
    """"7/3", "-1/2", "15"."""
    v = Fraction(v)
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def mixed_text(v: Fraction | int, sign: bool = True) -> str:
    """A part for the table: "+15", "-3 1/2", "+1/3" (a mixed number, never a rounded decimal)."""
    v = Fraction(v)
    s = "-" if v < 0 else ("+" if sign else "")
    a = abs(v)
    whole, rest = divmod(a.numerator, a.denominator)
    if rest == 0:
        return f"{s}{whole}"
    frac = f"{rest}/{a.denominator}"
    return f"{s}{whole} {frac}" if whole else f"{s}{frac}"


# -- the knob groups -------------------------------------------------------------------


def knob_groups(a: Ruleset, b: Ruleset, players: int) -> list[tuple[str, list[str]]]:
    """The differing knobs at this table, grouped (every deck.* knob in "deck"), registry order."""
    from .variantcache import effective

    groups: dict[str, list[str]] = {}
    for name in KNOBS:
        if effective(name, a.knobs[name], players) != effective(name, b.knobs[name], players):
            groups.setdefault(DECK if name.startswith("deck.") else name, []).append(name)
    return list(groups.items())


def _same_deck(a: Ruleset, b_deck_knobs: dict, players: int, options) -> bool:
    """The deck group cannot matter: both decks are the same cards and counts, and so is every
    other place the deck knobs are read (the short-pile rule, the Ally option check)."""
    from .variantcache import effective

    mixed = a.replace(knobs={**a.knobs, **b_deck_knobs})
    if effective("deck.short_pile", a.knobs["deck.short_pile"], players) != \
            effective("deck.short_pile", mixed.knobs["deck.short_pile"], players):
        return False
    try:
        a.check_options(a.table_options(options), players)
        ok_a = True
    except BidsError:
        ok_a = False
    try:
        mixed.check_options(mixed.table_options(options), players)
        ok_b = True
    except BidsError:
        ok_b = False
    if ok_a != ok_b:
        return False
    try:
        da = deck_for(a, players, a.table_options(options))
        db = deck_for(mixed, players, mixed.table_options(options))
    except BidsError:
        return False
    fields = ("colours", "numbers", "black_deck", "black_in_hands", "ally", "hand_size", "removed",
              "pile_size", "tricks", "short_hands", "short_pile")
    return all(getattr(da, f) == getattr(db, f) for f in fields) and da.all_cards() == db.all_cards()


# -- the account -------------------------------------------------------------------------


def attribute_outcomes(deal, labels: Sequence[str], out_a, out_b, offered, *, lenient: bool = False,
                       divergences: tuple | None = None, round_replays: int | None = None) -> Attribution | None:
    """The account for two played outcomes of one deal (``bids diff`` has them already).

    ``round_replays``: the bound on its replays, when it is a share of ACCOUNT_ROUND_REPLAYS (``bids
    diff -r A -r B -r C`` bounds all of its accounts together); default ACCOUNT_ROUND_REPLAYS."""
    from .divergence import divergences as find_divergences
    from .variantcache import BoundReached, Budget, VariantCache, variant_result

    if not (out_a.determined and out_b.determined):
        return None
    a, b = out_a.ruleset, out_b.ruleset
    la, lb = labels
    players = tuple(deal.players)
    n = len(players)
    if divergences is None:
        divergences = find_divergences(deal, [la, lb], [out_a, out_b])
    named = {k for d in divergences for k in d.knobs}
    groups = knob_groups(a, b, n)
    opts = {**deal.options}
    pinned: set[str] = set()
    for g, knobs in groups:
        if g == DECK and _same_deck(a, {k: b.knobs[k] for k in knobs}, n, opts):
            pinned.add(g)
    live = [(g, ks) for g, ks in groups if g not in pinned]
    limit = ACCOUNT_ROUND_REPLAYS if round_replays is None else round_replays
    budget = Budget(limit)  # one bound for every replay of this account
    caches = [VariantCache(deal, a, offered, lenient, budget)]
    if a.table_options(opts) != b.table_options(opts):
        # The rulesets' own table-option defaults differ (a house ruleset may set them): one more
        # "player", switched by replaying on a base with B's defaults.
        groups.append((OPTIONS, []))
        live.append((OPTIONS, []))
        caches.append(VariantCache(deal, a.replace(options=b.options), offered, lenient, budget))

    def mixture(mask: int, order):
        out = {}
        cache = caches[0]
        for i, (g, knobs) in enumerate(order):
            if mask >> i & 1:
                if g == OPTIONS:
                    cache = caches[1]
                for kn in knobs:
                    out[kn] = b.knobs[kn]
        return cache.get(out)

    # The chain first: A, then one more group switched at each step in registry order, to B. It is
    # the ordered split, for when the exact value is out of reach, and it costs the exact value
    # nothing: a group that no mixture of the others reads leaves their paths as they are, so every
    # mixture of the chain is one of the exact value's. Past the bound, the groups left are switched
    # together in one last step (the ends are the rulesets' own games).
    k = len(live)
    chain: dict = {}
    cut = None
    for i in range(k + 1):
        try:
            chain[(1 << i) - 1] = mixture((1 << i) - 1, live)
        except BoundReached:
            cut = i
            chain.setdefault(0, variant_result(out_a))
            chain[(1 << k) - 1] = variant_result(out_b)
            break
    # The groups some replay reads, grown until no mixture of them reads another one.
    relevant: list = [x for x in live if x[0] == OPTIONS]
    too_many = bounded = False
    summaries: list[VariantResult] | dict[int, VariantResult]  # by mask: every mixture of the relevant groups, or the chain
    try:
        while cut is None:
            if len(relevant) > SHAPLEY_LIMIT:
                too_many = True
                break
            summaries = [mixture(mask, relevant) for mask in range(1 << len(relevant))]
            read = set().union(*(_tree_knobs(c.root) for c in caches))
            more = [x for x in live if x not in relevant and any(kn in read for kn in x[1])]
            if not more:
                break
            relevant = [x for x in live if x in relevant or x in more]
    except BoundReached:
        bounded = True
    reason: Message | None = None
    masks: Sequence[int]
    if too_many or bounded or cut is not None:
        # 2^k replays would take too long: switch every group in registry order instead.
        if too_many:
            reason = Message("more than {limit} knob groups change what the engine reads, too many for the exact "
                             "Shapley value (2^k replays)", limit=SHAPLEY_LIMIT)
        else:
            whose = (Message("the bound of one account") if limit == ACCOUNT_ROUND_REPLAYS else
                     Message("this account's share of the bound of {bound} for all the accounts of one diff",
                             bound=Grouped(ACCOUNT_ROUND_REPLAYS)))
            reason = Message("the exact Shapley value needs more than {limit} replayed rounds here (mixtures of {n} "
                             "knob groups over a {rounds}-round game), {whose}", limit=Grouped(limit),
                             n=len(relevant) if cut is None else k, rounds=Grouped(len(deal.rounds)), whose=whose)
        relevant = live
        masks = sorted(chain)
        summaries = chain
    else:
        k = len(relevant)
        masks = range(1 << k)
    full = (1 << k) - 1
    values: dict = {}
    unplayable = policy = 0
    for mask in masks:
        s = summaries[mask]
        if not s.playable or s.undetermined:
            values[mask] = None
            unplayable += 1
            continue
        if s.policy_steals:
            policy += 1
        values[mask] = tuple(s.totals[p] for p in players)
    totals_a = tuple(out_a.result.totals[p] for p in players)
    totals_b = tuple(out_b.result.totals[p] for p in players)
    if values[0] != totals_a or values[full] != totals_b:  # the mixtures are the rulesets themselves
        raise BidsError("internal: a replay of the deal under the rulesets' own knobs scored differently")
    names = [g for g, _ in relevant]
    if summaries is chain:
        method = "ordered"
        steps, pending = [], []
        for i in range(k):  # an unplayable prefix, or one past the bound, joins its step to the next
            pending.append(i)
            if values.get((1 << (i + 1)) - 1) is not None:
                steps.append(tuple(pending))
                pending = []
    elif unplayable:
        method = "ordered"
        reason = Message("some mixture of the rules cannot be played, so the Shapley value is not defined")
        steps = _chain(k, [values[m] for m in range(1 << k)])
    else:
        method = "shapley"
        steps = []
    if method == "ordered":
        order = tuple(tuple(names[i] for i in step) for step in steps)
        if cut is not None and len(order[-1]) > 1:
            assert reason is not None  # given with the cut, above
            reason = Message("{reason}; it is reached along the steps too: the last step switches {groups} together",
                             reason=reason, groups=", ".join(order[-1]))
        shares = _ordered(steps, values, len(players))
        labels_of = [" + ".join(s) for s in order]
    else:
        order = ()
        shares = _shapley(k, [values[m] for m in range(1 << k)], len(players))
        labels_of = names
    parts: dict = {}
    for j, p in enumerate(players):
        row = {g: Fraction(0) for g, _ in groups}
        for lab, share in zip(labels_of, shares):
            row[lab] = share[j]
        parts[p] = row
    knobs_read = set().union(*(_tree_knobs(c.root) for c in caches))
    read = {g for g, ks in relevant if g == OPTIONS or any(kn in knobs_read for kn in ks)}
    group_objs = tuple(
        Group(g, tuple(KnobDiff(kn, knob_value(a.knobs[kn]), knob_value(b.knobs[kn]), a.source_of(kn),
                                b.source_of(kn)) for kn in ks),
              g in read, any(kn in named for kn in ks))
        for g, ks in groups)
    totals = {la: dict(out_a.result.totals), lb: dict(out_b.result.totals)}
    margin = _margin(out_a.result, out_b.result, parts, [g for g, _ in groups] + [x for x in labels_of if x not in
                                                                                  dict(groups)])
    return Attribution(method, (la, lb), players, totals, parts, group_objs, margin, order, tuple(divergences),
                       len(masks), sum(c.replays + c.resumed for c in caches), policy, unplayable, reason,
                       budget.spent)


def _tree_knobs(node) -> set:
    """Every knob read on some path of a VariantCache tree."""
    out: set = set()
    stack = [node] if node is not None else []
    while stack:
        x = stack.pop()
        if x[0] == "node":
            out.add(x[1])
            stack.extend(x[2].values())
    return out


def _shapley(k: int, values: list, width: int) -> list[list[Fraction]]:
    """Exact Shapley values: group i gets sum over S not holding i of |S|!(k-|S|-1)!/k! (v(S+i) - v(S))."""
    fact = [math.factorial(i) for i in range(k + 1)]
    weight = [fact[s] * fact[k - s - 1] for s in range(k)]
    acc = [[0] * width for _ in range(k)]
    for mask in range(1 << k):
        v = values[mask]
        s = mask.bit_count()
        for i in range(k):
            bit = 1 << i
            if mask & bit:
                continue
            w = values[mask | bit]
            if w == v:
                continue
            wt = weight[s]
            row = acc[i]
            for j in range(width):
                row[j] += wt * (w[j] - v[j])
    return [[Fraction(x, fact[k]) for x in row] for row in acc]


def _chain(k: int, values: list) -> list[tuple]:
    """The first chain of playable mixtures from A to B: single steps if possible, depth first in
    registry order, else the smallest joint steps that make one."""
    full = (1 << k) - 1
    for size in range(1, k + 1):
        dead: set = set()

        def walk(mask: int, size=size, dead=dead) -> list | None:
            if mask == full:
                return []
            if mask in dead:
                return None
            rest = [i for i in range(k) if not mask >> i & 1]
            for n in range(1, min(size, len(rest)) + 1):
                for step in combinations(rest, n):
                    nxt = mask | sum(1 << i for i in step)
                    if values[nxt] is None:
                        continue
                    tail = walk(nxt)
                    if tail is not None:
                        return [step] + tail
            dead.add(mask)
            return None

        found = walk(0)
        if found is not None:
            return found
    raise AssertionError("A and B themselves are playable")


def _ordered(steps: list, values: Mapping[int, Any], width: int) -> list[list[Fraction]]:
    out = []
    mask = 0
    for step in steps:
        nxt = mask | sum(1 << i for i in step)
        out.append([Fraction(values[nxt][j] - values[mask][j]) for j in range(width)])
        mask = nxt
    return out


def _margin(res_a, res_b, parts: dict, labels: list) -> Margin | None:
    ranking = res_b.ranking
    if len(ranking) < 2:
        return None
    w, r = ranking[0][0], ranking[1][0]
    changed = set(res_a.winners) != set(res_b.winners)
    # Who the winner had to overtake: A's winner when the win changed hands, else B's runner-up.
    rival = next((p for p, _ in res_a.ranking if p != w), r) if changed and w not in res_a.winners else r

    def margin(x: str) -> tuple[int, int, dict]:
        return (res_a.totals[w] - res_a.totals[x], res_b.totals[w] - res_b.totals[x],
                {g: parts[w].get(g, Fraction(0)) - parts[x].get(g, Fraction(0)) for g in labels})

    before, after, shares = margin(r)
    r_before, r_after, r_shares = margin(rival)
    return Margin(w, r, before, after, shares, _deciding(r_before, r_after, r_shares, changed), changed,
                  rival, r_before, r_after, r_shares)


def _deciding(before: int, after: int, shares: dict, changed: bool) -> tuple:
    """The groups that decide the winner: when the winner changes, the largest positive parts of the
    margin's change, taken until they alone would turn ``before`` into a lead (ties in registry order);
    when it stays, the groups that moved the margin at all."""
    moving = [(g, v) for g, v in shares.items() if v]
    if not changed:
        return tuple(g for g, _ in moving)
    need = -before
    out = []
    got = Fraction(0)
    for g, v in sorted((x for x in moving if x[1] > 0), key=lambda x: -x[1]):
        out.append(g)
        got += v
        if got > need or (after == 0 and got >= need):
            break
    return tuple(out)
