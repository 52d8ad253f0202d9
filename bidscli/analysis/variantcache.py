"""Many variants of one ruleset over one deal, replayed cheaply (``bids disputes``, the attribution).

A decision tree of knob reads: the ruleset handed to the engine records which
knobs the engine reads, in order, and two variants that agree on every knob
read so far take the same path, so a replay is only run for a new path (keys
are *effective* values: a per-player-count knob counts only at this table's
player count). A new branch plays on from a copy of the game at a round boundary
before its knob was first read (``plan.Checkpoint``; the last one, in the first rounds of a
game; ``kept``). Most boundaries a replay passes are never resumed from (the next one, with no
new knob read in between, replaces it), so a boundary near the state the replay started from is
kept as a ``_Later``: the copy is made only when a branch resumes there, by playing the same
variant on from that state to the boundary (plays are deterministic: the same game).

The cost of a search is the rounds its replays play (a whole replay plays every
round, one from a checkpoint the rounds after it). A ``Budget`` bounds it: the
replay that would start a round past the bound stops there, keeps nothing, and
``BoundReached`` is raised, so a search ends after a known amount of play
whatever the log and the knobs (docs/limits.md). Replays keep no explanation (``explain=False``):
a VariantResult reads only the scores.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..core.i18n import Message
from ..engine.replay import GameResult
from ..rules.knobs import KNOBS
from ..rules.ruleset import Ruleset
from .plan import Checkpoint, DealPlan, RulesetPlay, play_deal

# A boundary fewer rounds than this past the last copy made in a replay is kept as a _Later (its
# copy made only if some branch resumes there, by playing at most these rounds again); one as far
# or further is copied as the replay passes it. Copies of a long game cost what it holds.
LATER_ROUNDS = 8


def effective(name: str, value, players: int):
    """What a knob value means at this table: per-player-count knobs only at its count."""
    kind = KNOBS[name].kind
    if kind == "per_players":
        return value[players]
    if kind == "players":
        return players in value
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    if isinstance(value, list):
        return tuple(value)
    return value


class BoundReached(Exception):
    """A replay would play more rounds than its ``Budget`` has left (the replay is dropped)."""


class Budget:
    """Rounds of play that replays may still take; one budget may serve several caches."""

    __slots__ = ("limit", "spent", "tick")

    def __init__(self, limit: int | None, tick=None):
        self.limit = limit  # None: no bound
        self.spent = 0
        self.tick = tick  # called after each spend (a progress line)

    def spend(self, rounds: int) -> None:
        if self.limit is not None and self.spent + rounds > self.limit:
            raise BoundReached(self.limit)  # the bound reached: data, said by the report
        self.spent += rounds
        if self.tick is not None:
            self.tick()


class _Reads(Mapping):
    """The knobs of a variant, recording which the engine reads, in first-read order."""

    # Not "values": that is a method of every Mapping (knobs.values()), which a slot would hide.
    __slots__ = ("knobs", "order", "players")

    def __init__(self, knobs: dict, players: int):
        self.knobs = knobs
        self.order: dict = {}
        self.players = players

    def __getitem__(self, name):
        v = self.knobs[name]
        if name not in self.order:
            self.order[name] = effective(name, v, self.players)
        return v

    def __iter__(self):
        return iter(self.knobs)

    def __len__(self):
        return len(self.knobs)


def kept(index: int) -> bool:
    """Whether a replay keeps a checkpoint at the boundaries of round ``index`` (0-based): every one
    of the first 8 rounds, then 4 an octave (8, 10, 12, 14, 16, 20, ..., 512, 640, 768, 896).

    A copy of the game costs what the game holds, which grows with its rounds, so a copy at every
    boundary made a long replay quadratic; most knobs are first read in the first rounds. A variant
    that parts from its path later plays on from the kept boundary before it, at most a quarter of
    the rounds before its knob's first read further back. The checkpoint before the result is
    always kept (a knob first read there costs no round)."""
    return index < 8 or not index & ((1 << (index.bit_length() - 3)) - 1)


class VariantResult(NamedTuple):
    """What disputes keeps of an outcome."""

    playable: bool
    error: Message | str | None  # why not playable: the error's message as data (worded when shown)
    undetermined: dict | None
    winners: tuple
    totals: dict
    ranking: tuple
    policy_steals: int


def variant_result(o: RulesetPlay) -> VariantResult:
    if o.result is None:
        return VariantResult(False, o.error.msg if o.error else Message("not playable"), None, (), {}, (), 0)
    return _played_result(o.result, o.undetermined, sum(1 for n in o.notes if n.steal))


def _played_result(res: GameResult, undetermined: dict | None, policy_steals: int) -> VariantResult:
    if undetermined:
        return VariantResult(True, None, dict(undetermined), (), {}, (), policy_steals)
    return VariantResult(True, None, None, tuple(res.winners), dict(res.totals), tuple(p for p, _ in res.ranking),
                   policy_steals)


class _Stop(Exception):
    """Raised by a replay's ``on_point`` at the boundary it was asked to reach (``_Later``)."""

    def __init__(self, point: Checkpoint):
        super().__init__()
        self.point = point


class _Later:
    """A round boundary of a replay whose copy of the game is not made yet: ``checkpoint()`` makes
    it, once, by playing the replay's variant (``values``) on from ``source`` (a Checkpoint before
    ``pos``, or None: from the start) to ``pos``. That play is not a replay of the search: it
    spends no ``Budget`` and counts in neither ``replays`` nor ``resumed``, as the copy it stands
    for did not."""

    __slots__ = ("pos", "before", "source", "values", "made")

    def __init__(self, pos: tuple, before: dict, source: Checkpoint | None, values: dict):
        self.pos = pos
        self.before = before  # the knobs read before this point, with their effective values
        self.source = source
        self.values = values
        self.made: Checkpoint | None = None

    def checkpoint(self, cache: VariantCache) -> Checkpoint:
        if self.made is None:
            pos, before = self.pos, self.before

            def on_point(at, game, notes, asked, undetermined, base_deck):
                if at == pos:
                    raise _Stop(Checkpoint(pos, game.copy(), list(notes), set(asked), undetermined, base_deck,
                                           before))

            rs = cache.base.replace(knobs=_Reads(self.values, cache.players))
            try:
                play_deal(cache.deal, rs, lenient=cache.lenient, offered=cache.offered, track=False,
                          on_point=on_point, resume=self.source, memo=cache.memo, explain=False)
            except _Stop as stop:
                self.made = stop.point
            else:  # cannot happen: the replay that saw this boundary played the same game
                raise AssertionError(f"a replay did not reach the boundary {pos} it passed before")
            self.source, self.values = None, {}  # what made it, let go
        return self.made


class VariantCache:
    """Outcomes of knob variants of one base ruleset over one deal, by a tree of knob reads.

    A node is ``["node", knob, {effective value: child}, checkpoint]``, a leaf
    ``["leaf", VariantResult]``. A node's checkpoint is the game as it stood at the
    last kept round boundary (``kept``) before its knob was first read (before a
    round starts, before it ends, or before the result: see ``Checkpoint``); every path
    through the node shares that state, so a variant that takes a new branch
    there plays on from a copy of it instead of replaying the whole deal. It may be a
    ``_Later``, whose copy is made when a branch first resumes there.
    """

    def __init__(self, deal: DealPlan, base: Ruleset, offered, lenient: bool = False, budget: Budget | None = None):
        self.deal = deal
        self.base = base
        self.players = len(deal.players)
        self.offered = offered
        self.lenient = lenient
        self.root: list | None = None  # the tree: a node or a leaf (below)
        self.replays = 0  # whole replays
        self.resumed = 0  # replays from a checkpoint
        self.memo: dict = {}  # for play_deal
        self.budget = budget if budget is not None else Budget(None)

    def get(self, changes: Mapping[str, object]) -> VariantResult:
        n = self.players
        node = self.root
        base = self.base.knobs
        depth = 0
        while node is not None:
            if node[0] == "leaf":
                return node[1]
            name = node[1]
            v = effective(name, changes[name] if name in changes else base[name], n)
            nxt = node[2].get(v)
            if nxt is None and node[3] is not None:
                return self._run(changes, node[3], depth)
            node = nxt
            depth += 1
        return self._run(changes, None, -1)

    def _values(self, changes) -> dict:
        values = dict(self.base.knobs)
        values.update(changes)
        return values

    def _run(self, changes, ckpt: Checkpoint | _Later | None, depth: int) -> VariantResult:
        """A replay, whole or on from ``ckpt``, the checkpoint of the node at ``depth`` whose branch
        is new. Nodes down to that depth exist already, so boundaries passed before its knob is read
        need no copy of the game: ``ckpt`` itself stands in for them."""
        if isinstance(ckpt, _Later):
            ckpt = ckpt.checkpoint(self)
        values = self._values(changes)
        reads = _Reads(values, self.players)
        points: list = []  # the latest checkpoint for each count of knobs read so far
        if ckpt is None:
            self.replays += 1
        else:
            self.resumed += 1
            reads.order.update(ckpt.before)
            points.append((len(ckpt.before), ckpt))
        rs = self.base.replace(knobs=reads)

        rounds = len(self.deal.rounds)
        spend = self.budget.spend
        copied = [ckpt]  # the last copy of the game this replay has (None: the start)

        def on_point(pos, game, notes, asked, undetermined, base_deck):
            if pos[1] == 0 and pos[0] < rounds:
                spend(1)  # a round starts: BoundReached stops the replay here, and nothing is kept
            count = len(reads.order)
            if count <= depth:
                return
            last = pos[0] == rounds  # before the result: the game is not played on
            if not last and not kept(pos[0]):
                return
            anchor = copied[0]
            if last:
                point = Checkpoint(pos, game, list(notes), set(asked), undetermined, base_deck, dict(reads.order))
            elif pos[0] - (0 if anchor is None else anchor.pos[0]) < LATER_ROUNDS:
                point = _Later(pos, dict(reads.order), anchor, values)
            else:
                point = copied[0] = Checkpoint(pos, game.copy(), list(notes), set(asked), undetermined, base_deck,
                                               dict(reads.order))
            if points and points[-1][0] == count:
                points[-1] = (count, point)
            else:
                points.append((count, point))

        summary = variant_result(play_deal(self.deal, rs, lenient=self.lenient, offered=self.offered, track=False,
                                     on_point=on_point, resume=ckpt, memo=self.memo, explain=False))
        self._insert(list(reads.order.items()), summary, points)
        return summary

    def _insert(self, path, summary, points) -> None:
        def checkpoint(i):
            """The latest checkpoint taken before the i-th knob of the path was first read."""
            best = None
            for count, point in points:
                if count <= i:
                    best = point
                else:
                    break
            return best

        if self.root is None:
            self.root = ["leaf", summary] if not path else ["node", path[0][0], {}, checkpoint(0)]
        node = self.root
        for i, (name, v) in enumerate(path):
            if node[0] != "node" or node[1] != name:  # cannot happen: replays are deterministic
                return
            if node[3] is None:
                node[3] = checkpoint(i)
            children = node[2]
            nxt = children.get(v)
            if nxt is None:
                if i + 1 == len(path):
                    nxt = ["leaf", summary]
                else:
                    nxt = ["node", path[i + 1][0], {}, checkpoint(i + 1)]
                children[v] = nxt
            node = nxt
