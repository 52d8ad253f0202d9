"""Every place where the same deal parts under several rulesets (``bids diff``).

``divergences(deal, labels, outcomes) -> tuple[Divergence, ...]`` lists, in
game order, every trick whose result differs (what it revealed, who won, what
was taken, the points, the steals, or what the trick added to the round points,
banked 2x points or Thief rights), every round end where the Ally split, the
lucky losers or the banked 2x bonus differ, and the game-end bonus when it
differs. Each item carries every ruleset's reasons (the knob, value and source
of each step, as ``replay --explain`` words them) and the knobs named in the
reasons that differ. Analysis only: the text and JSON live in ``report/diff.py``. The reasons
are data, worded when shown (``Explained`` and ``Message``: the output language in the text,
English in the JSON).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.i18n import ENGLISH, Message, worded
from ..engine.results import Reason, reason_text
from ..rules.citations import bracket
from ..rules.ruleset import Ruleset, source_id


class Explained:
    """A reason as ``replay --explain`` words it (the knob, its value and source), worded when
    shown: ``in_language(lang)``; ``str()`` in the output language."""

    __slots__ = ("ruleset", "reason")

    def __init__(self, ruleset: Ruleset, reason: Reason) -> None:
        self.ruleset, self.reason = ruleset, reason

    def in_language(self, lang: str | None = None) -> str:
        return reason_text(self.ruleset, self.reason, lang)

    def __str__(self) -> str:
        return self.in_language()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Explained) and self.in_language(ENGLISH) == other.in_language(ENGLISH)

    __hash__ = None  # type: ignore[assignment]


def english(reasons: dict) -> dict:
    """label -> reasons, each worded in English (JSON)."""
    return {k: [worded(x, ENGLISH) for x in v] for k, v in reasons.items()}


class Divergence(NamedTuple):
    kind: str  # "trick" | "round_end" | "bonus"
    round: int | None  # None for the game-end bonus
    trick: int | None  # trick number for kind "trick"
    what: tuple  # what differs, e.g. ("winner", "points") or ("lucky loser",)
    reasons: dict  # label -> list of reasons (Explained or Message: each knob with its value and source)
    knobs: tuple  # knobs named in the reasons that differ, first seen first

    def to_json(self) -> dict:
        return {"kind": self.kind, "round": self.round, "trick": self.trick, "what": list(self.what),
                "reasons": english(self.reasons), "knobs": list(self.knobs)}

    def first_json(self) -> dict:
        """A trick divergence as ``bids diff``'s first divergence (its JSON "first_divergence")."""
        return {"round": self.round, "trick": self.trick, "what": list(self.what),
                "reasons": english(self.reasons), "knobs": list(self.knobs)}


def _delta(o, key) -> tuple | None:
    """What one trick changed: round points, banked 2x points and Thief rights gained or used."""
    now = o.after.get(key)
    if now is None:
        return None
    before = o.after.get((key[0], key[1] - 1))
    if before is None:
        before = (tuple((p, 0) for p, _ in now[0]), tuple((p, 0) for p, _ in now[1]), ())
    rp = tuple(v - w for (_, v), (_, w) in zip(now[0], before[0]))
    db = tuple(v - w for (_, v), (_, w) in zip(now[1], before[1]))
    return rp, db, tuple(sorted(set(now[2]) ^ set(before[2])))


def trick_key(t, state=None) -> tuple:
    return (tuple(t.revealed), t.winner, tuple(t.taken), t.points,
            tuple((s.thief, s.card, s.victim) for s in t.steals), state)


def tricks_of(o) -> dict:
    """(round, trick) -> TrickResult, determined tricks only."""
    out: dict = {}
    if o.result is None:
        return out
    u = o.undetermined
    for rnd in o.result.rounds:
        for t in rnd.tricks:
            if u and (rnd.number, t.number) >= (u["round"], u["trick"]):
                continue
            out[(rnd.number, t.number)] = t
    return out


def _what_differs(ts, deltas) -> tuple:
    if any(t is None for t in ts):
        return ("undetermined",)
    out = []
    for name, get in (("revealed", lambda t: tuple(t.revealed)), ("winner", lambda t: t.winner),
                      ("cards taken", lambda t: tuple(t.taken)), ("points", lambda t: t.points),
                      ("steals", lambda t: tuple(map(str, t.steals)))):
        vals = [get(t) for t in ts]
        if any(v != vals[0] for v in vals[1:]):
            out.append(name)
    for i, name in enumerate(("round points", "banked points (2x)", "Thief rights")):
        vals = [None if d is None else d[i] for d in deltas]
        if any(v != vals[0] for v in vals[1:]):
            out.append(name)
    return tuple(out)


def _explained(labels, outcomes, chains) -> tuple[dict, tuple]:
    """Each ruleset's reasons, keeping the steps not shared by all (all of them when every step is)."""
    texts = [None if c is None else [x.text for x in c] for c in chains]
    reasons: dict = {}
    knobs: list = []
    for lab, o, chain in zip(labels, outcomes, chains):
        if chain is None:
            reasons[lab] = [Message("undetermined from this log: {message}", message=o.undetermined["message"])]
            continue
        shown = [x for x in chain if not all(tx is not None and x.text in tx for tx in texts)]
        reasons[lab] = [Explained(o.ruleset, x) for x in (shown or chain)]
        for x in shown:
            if x.knob and x.knob not in knobs:
                knobs.append(x.knob)
    return reasons, tuple(knobs)


def trick_divergences(deal, labels, outcomes) -> list[Divergence]:
    tricks = [tricks_of(o) for o in outcomes]
    out = []
    for r in deal.rounds:
        for tp in r.tricks:
            key = (r.number, tp.number)
            ts = [tt.get(key) for tt in tricks]
            deltas = [_delta(o, key) for o in outcomes]
            sigs = [None if t is None else trick_key(t, d) for t, d in zip(ts, deltas)]
            if all(s == sigs[0] for s in sigs[1:]):
                continue
            reasons, knobs = _explained(labels, outcomes, [None if t is None else t.reasons for t in ts])
            out.append(Divergence("trick", r.number, tp.number, _what_differs(ts, deltas), reasons, knobs))
    return out


def _round_facts(rnd) -> dict:
    allies = tuple(rnd.allies)
    split = tuple(x.text for x in rnd.reasons if x.text.startswith("Ally split"))
    banked = tuple((p, v) for p, v in rnd.double_bonus.items() if v)
    return {"Ally split": (allies, split), "lucky loser": tuple(sorted(rnd.lucky_losers.items())),
            "banked 2x": banked}


def _banked_text(rnd) -> Message:
    banked = [(p, v) for p, v in rnd.double_bonus.items() if v]
    if not banked:
        return Message("banked 2x: no game-scope 2x bonus banked this round")
    banks = [Message("{player} banks {points:+d} doubled from earlier rounds", player=p, points=v) for p, v in banked]
    return Message("banked 2x: {banks} (double.scope = game)", banks=_Joined(banks))


class _Joined:
    """Worded values joined by ', ', each worded in the language shown."""

    __slots__ = ("parts",)

    def __init__(self, parts: list) -> None:
        self.parts = parts

    def in_language(self, lang: str | None = None) -> str:
        return ", ".join(str(worded(p, lang)) for p in self.parts)


def _none_text(kind: str, rnd, shared: bool) -> Message:
    if kind == "Ally split":
        return Message("Ally split: no alliance this round")
    if kind == "lucky loser":
        if shared:
            return Message("lucky loser: only {players}, as under the other ruleset(s)",
                           players=", ".join(rnd.lucky_losers))
        return Message("lucky loser: nobody this round")
    return Message("banked 2x: none this round")


def round_end_divergences(labels, outcomes) -> list[Divergence]:
    """Round ends (Ally split, lucky loser, banked 2x) whose results differ; determined rounds only."""
    known = []
    for o in outcomes:
        if o.result is None:
            return []
        last = o.undetermined["round"] if o.undetermined else None
        known.append({r.number: r for r in o.result.rounds if last is None or r.number < last})
    out = []
    for number in sorted(set(known[0]).intersection(*known[1:])):
        rnds = [k[number] for k in known]
        facts = [_round_facts(r) for r in rnds]
        what = tuple(name for name in ("Ally split", "lucky loser", "banked 2x")
                     if any(f[name] != facts[0][name] for f in facts[1:]))
        if not what:
            continue
        reasons: dict = {lab: [] for lab in labels}
        knobs: list = []
        for kind in what:
            per = []
            for o, rnd in zip(outcomes, rnds):
                lines: list[Explained | Message] = []
                for x in rnd.reasons:
                    if x.text.startswith(kind):
                        lines.append(Explained(o.ruleset, x))
                        if x.knob and x.knob not in knobs:
                            knobs.append(x.knob)
                if kind == "banked 2x":
                    lines.append(_banked_text(rnd))
                    if "double.scope" not in knobs:
                        knobs.append("double.scope")
                per.append(lines)
            same = set()
            if kind == "lucky loser":  # a player lucky everywhere for the same points is no difference
                same = {p for p, v in rnds[0].lucky_losers.items()
                        if all(r.lucky_losers.get(p) == v for r in rnds[1:])}
            for lab, lines, rnd in zip(labels, per, rnds):
                own: list[Explained | Message] = [x for x in lines if not any(worded(x, ENGLISH).startswith(f"lucky loser: {p} ") for p in same)]
                if not own:
                    own = [_none_text(kind, rnd, bool(same))]
                reasons[lab].extend(own)
        out.append(Divergence("round_end", number, None, what, reasons, tuple(knobs)))
    return out


def _no_bonus(ruleset) -> Message:
    k = ruleset.knobs
    # the bracket names the knob (minus_five.bonus) and its value
    where = bracket("minus_five.bonus", k["minus_five.bonus"], source_id(ruleset, "minus_five.bonus"))
    if k["minus_five.bonus"] == "threshold":
        return Message("-5 bonus: nobody won the -5 {n} times {knob}", n=k["minus_five.threshold"], knob=where)
    return Message("-5 bonus: nobody won the -5 {knob}", knob=where)


def bonus_divergence(labels, outcomes) -> list[Divergence]:
    if not all(o.determined for o in outcomes):
        return []
    bon = [o.result.bonuses for o in outcomes]
    if all(b == bon[0] for b in bon[1:]):
        return []
    reasons: dict = {}
    knobs: list = []
    for lab, o in zip(labels, outcomes):
        reasons[lab] = [Explained(o.ruleset, x) for x in o.result.reasons] or [_no_bonus(o.ruleset)]
        for x in o.result.reasons:
            if x.knob and x.knob not in knobs:
                knobs.append(x.knob)
    return [Divergence("bonus", None, None, ("-5 bonus",), reasons, tuple(knobs))]


def divergences(deal, labels: Sequence[str], outcomes: Sequence) -> tuple[Divergence, ...]:
    """Every trick, round end and bonus where the rulesets' results differ, in game order."""
    items = trick_divergences(deal, labels, outcomes) + round_end_divergences(labels, outcomes)
    # Round ends come after the round's tricks; the bonus last.
    items.sort(key=lambda d: (d.round, d.trick if d.trick is not None else 10**6))
    return tuple(items + bonus_divergence(labels, outcomes))
