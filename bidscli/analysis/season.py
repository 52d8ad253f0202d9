"""A season: many games of one group, as standings, ratings and head to head (``bids season``).

Plain data in, plain frozen data out; no file is read here (``app/season.py`` walks and scores the
logs) and nothing is rendered (``report/season.py``).

* ``game_of(file, date, result, players)`` turns one scored game into a ``SeasonGame``: a few numbers a
  player, never the log, so a season of thousands of logs keeps only these (memory: a few hundred
  bytes a game; docs/performance.md).
* ``season(rows, labels, left_out, winner_changes)`` orders the games (``order_key``: the log's
  ``date``, then its file name) and computes, for each ruleset label, the standings, the
  head-to-head counts and each player's rating after every game.

The contract is cli.md's ``season --format json``: a shared first place is a win for each (as in
``bids study``); ranks are competition ranks (equal totals share the best: 1, 2, 2, 4); head to head
counts a game as ``above``/``below`` only when the totals differ; the rating is openskill's
Plackett-Luce at its defaults, updated once a game in season order, the game's ranks from its totals
(equal totals tied).

The standings' order is one of ``ORDERS`` (``--rank-by``), each with its tie-breaks; players equal on
all of them share the place (a competition place: 1, 1, 3). The default is ``wins`` (docs/commands.md
says why). The champion is whoever holds the first place: the table, the page and the champion read
one order. Players with fewer than ``min_games`` games are listed apart, unranked (no place).
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.i18n import N_, Grouped, Message
from ..log.names import key as name_key


@dataclass(frozen=True)
class Played:
    """One player's game under one ruleset."""

    player: str  # the season's name of the player (aliases applied)
    total: int
    rank: int  # competition rank: equal totals share the best
    lucky_loser_rounds: int
    minus_five_bonuses: int  # 1 when the -5 bonus went to this player (shared: to each), else 0


@dataclass(frozen=True)
class SeasonGame:
    """One game under one ruleset: its players in seating order."""

    file: str  # the path as walked
    date: datetime.date | None
    players: tuple  # of Played, seating order
    title: str | None = None  # the log's ``title``
    name: str | None = None  # how a page or table names the game: its title, else its path in the folder given
    ruleset: str | None = None  # the name of the ruleset the game was scored under

    @property
    def winners(self) -> tuple:
        return tuple(p.player for p in self.players if p.rank == 1)

    @property
    def shown(self) -> str:
        """The game's name (``name``), else its file."""
        return self.name or self.file


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: what openskill's ``ordinal()`` gives at its defaults."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class BestGame:
    file: str
    points: int
    name: str  # the game's name (SeasonGame.shown)


@dataclass(frozen=True)
class Standing:
    player: str
    games: int
    wins: int
    mean_rank: float
    points_per_game: float
    lucky_loser_rounds: int
    minus_five_bonuses: int
    best_game: BestGame
    rating: Rating
    place: int | None = None  # the place in the standings' order (shared when equal); None: unranked

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


@dataclass(frozen=True)
class Order:
    """An order of the standings (``--rank-by``): ``key(standing)`` sorts the best first."""

    name: str  # rating, wins, points, mean-rank
    text: str  # the order and its tie-breaks in words, for the headings: a message id (N_), English in JSON
    key: Callable[[Standing], tuple]


ORDERS = {o.name: o for o in (
    # TRANSLATORS: the standings' order, after "ranked by"
    Order("wins", N_("most wins, then the higher win %, then more points a game"),
          lambda s: (-s.wins, -s.win_rate, -s.points_per_game)),
    Order("points", N_("more points a game, then most wins, then the better mean rank"),
          lambda s: (-s.points_per_game, -s.wins, s.mean_rank)),
    Order("mean-rank", N_("the better (lower) mean rank, then most wins, then more points a game"),
          lambda s: (s.mean_rank, -s.wins, -s.points_per_game)),
    Order("rating", N_("the higher rating ordinal (mu - 3 sigma), then most wins"),
          lambda s: (-s.rating.ordinal, -s.wins)),
)}
DEFAULT_ORDER = "wins"


@dataclass(frozen=True)
class Meeting:
    """Two players' games together: how often the first finished above the other, and below."""

    games: int
    above: int
    below: int


@dataclass(frozen=True)
class RatingPoint:
    game: int  # the game's number in season order, from 1
    mu: float
    sigma: float


@dataclass(frozen=True)
class RulesetSeason:
    ruleset: str | None  # None: each game under its own ruleset
    champion: tuple  # of player names: the first place of the standings
    standings: tuple  # of Standing, in ``order`` (equal players by name), each with its place
    head_to_head: Mapping  # player -> {other: Meeting}, players in standings order, then the unranked
    history: Mapping  # player -> (RatingPoint, ...): the rating after each of the player's games
    results: tuple = ()  # of SeasonGame: every counted game in season order, its totals under this ruleset
    order: Order = ORDERS[DEFAULT_ORDER]
    min_games: int = 1
    unranked: tuple = ()  # of Standing (no place): the players with fewer than min_games games, in ``order``


@dataclass(frozen=True)
class LeftOut:
    file: str
    reason: Any  # the first error, located: "g3.toml:14: round 2, trick 3: ...", worded when shown (str() or
    # i18n.worded(reason, lang): app.season.LeftOutReason)
    name: str | None = None  # the file's path in the folder given (a page shows it, not the path as walked)
    shared: Any = None  # the reason with no local path in it, for a page (else: reason)


@dataclass(frozen=True)
class WinnerChange:
    file: str
    winners: Mapping  # ruleset label -> (winners,)
    decided_by: tuple  # the knob groups that decided it (bids diff's attribution), in its order
    note: Message | None = None  # the account's bound was reached, or it could not be made: why
    name: str | None = None  # the game's name (SeasonGame.shown)


@dataclass(frozen=True)
class Season:
    games: int
    files: tuple  # the games' files in season order
    left_out: tuple  # of LeftOut, in the order the paths were walked
    rulesets: tuple  # of RulesetSeason
    winner_changes: tuple  # of WinnerChange, in season order
    notes: tuple = ()  # of Message: what the walk noticed and did not count as an error: a file named twice, an
    # alias unused


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Equal totals share the best rank: (10, 20, 20, 5) -> [3, 1, 1, 4]."""
    return [1 + sum(1 for u in totals if u > t) for t in totals]


def game_of(file: str, date, result, players: Sequence[str], *, title: str | None = None, name: str | None = None,
            ruleset: str | None = None) -> SeasonGame:
    """One scored game (an engine ``GameResult``) with the season's names of its seats (``players``,
    in the log's seating order, aliases applied); ``title``, ``name`` and ``ruleset`` as ``SeasonGame``'s."""
    seats = result.players
    lucky = {p: 0 for p in seats}
    for rnd in result.rounds:
        for p in rnd.lucky_losers:
            lucky[p] += 1
    ranks = competition_ranks([result.totals[p] for p in seats])
    return SeasonGame(file, date, tuple(
        Played(who, result.totals[p], rank, lucky[p], 1 if result.bonuses.get(p) else 0)
        for p, who, rank in zip(seats, players, ranks)), title, name, ruleset)


def order_key(file: str, date) -> tuple:
    """Season order: games with a ``date`` by that day (a date-time counts by its day), then the
    games without one; on the same day (or with none), by file name (the path as walked)."""
    if isinstance(date, datetime.datetime):
        date = date.date()
    return (date is None, date or datetime.date.min, file)


class _Tally:
    __slots__ = ("games", "wins", "rank_sum", "points", "lucky", "minus_five", "best")

    def __init__(self) -> None:
        self.games = self.wins = self.rank_sum = self.points = self.lucky = self.minus_five = 0
        self.best: BestGame | None = None


def ruleset_season(label: str | None, games: Iterable[SeasonGame], model=None, order: Order = ORDERS[DEFAULT_ORDER],
                   min_games: int = 1) -> RulesetSeason:
    """Standings, head to head and ratings of games already in season order (see the module doc)."""
    if model is None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
    tallies: dict[str, _Tally] = {}
    ratings: dict = {}
    history: dict[str, list] = {}
    meetings: dict[tuple, list] = {}
    results = []
    for number, g in enumerate(games, 1):
        results.append(g)
        for p in g.players:
            t = tallies.get(p.player)
            if t is None:
                t = tallies[p.player] = _Tally()
                ratings[p.player] = model.rating()
                history[p.player] = []
            t.games += 1
            t.wins += p.rank == 1
            t.rank_sum += p.rank
            t.points += p.total
            t.lucky += p.lucky_loser_rounds
            t.minus_five += p.minus_five_bonuses
            if t.best is None or p.total > t.best.points:
                t.best = BestGame(g.file, p.total, g.shown)
        for i, a in enumerate(g.players):
            for b in g.players[i + 1:]:
                x, y = (b, a) if (b.player, a.player) in meetings else (a, b)  # one entry a pair, whatever the seats
                m = meetings.get((x.player, y.player))
                if m is None:
                    m = meetings[(x.player, y.player)] = [0, 0, 0]
                m[0] += 1
                m[1] += x.total > y.total
                m[2] += x.total < y.total
        teams = [[ratings[p.player]] for p in g.players]
        rated = model.rate(teams, ranks=[p.rank for p in g.players])
        for p, (r,) in zip(g.players, rated):
            ratings[p.player] = r
            history[p.player].append(RatingPoint(number, r.mu, r.sigma))
    standings = []
    for player, t in tallies.items():
        r = ratings[player]
        assert t.best is not None  # a tally is made for a player's first game
        standings.append(Standing(player, t.games, t.wins, t.rank_sum / t.games, t.points / t.games, t.lucky,
                                  t.minus_five, t.best, Rating(r.mu, r.sigma)))
    standings.sort(key=lambda s: (order.key(s), name_key(s.player), s.player))
    ranked = [s for s in standings if s.games >= min_games]
    unranked = [s for s in standings if s.games < min_games]
    keys = [order.key(s) for s in ranked]
    ranked = [dataclasses.replace(s, place=1 + sum(1 for k in keys if k < key)) for s, key in zip(ranked, keys)]
    players = [s.player for s in ranked + unranked]
    h2h: dict[str, dict[str, Meeting]] = {p: {} for p in players}
    for (a, b), (n, above, below) in meetings.items():
        h2h[a][b] = Meeting(n, above, below)
        h2h[b][a] = Meeting(n, below, above)
    place = {p: i for i, p in enumerate(players)}
    h2h = {p: dict(sorted(h2h[p].items(), key=lambda x: place[x[0]])) for p in players}
    return RulesetSeason(label, tuple(s.player for s in ranked if s.place == 1), tuple(ranked), h2h,
                         {p: tuple(history[p]) for p in players}, tuple(results), order, min_games, tuple(unranked))


def season(rows: Iterable[Sequence[SeasonGame]], labels: Sequence[str | None], left_out: Sequence[LeftOut] = (),
           winner_changes: Sequence[WinnerChange] = (), order: Order = ORDERS[DEFAULT_ORDER],
           min_games: int = 1) -> Season:
    """The season of ``rows``: each row one log's ``SeasonGame`` under each label, in ``labels`` order."""
    rows = sorted(rows, key=lambda row: order_key(row[0].file, row[0].date))
    seasons = tuple(ruleset_season(label, (row[i] for row in rows), order=order, min_games=min_games)
                    for i, label in enumerate(labels))
    place = {row[0].file: i for i, row in enumerate(rows)}
    changes = tuple(sorted(winner_changes, key=lambda c: place.get(c.file, len(place))))
    return Season(len(rows), tuple(row[0].file for row in rows), tuple(left_out), seasons, changes)


# -- what decided a winner change ------------------------------------------------------------

# Rounds of play that the search of one game's deciding knobs may take (variantcache.Budget): a
# six-player game of five rounds takes 5 a whole replay, fewer from a checkpoint.
DECIDE_ROUNDS = 200


def deciding_groups(deal, out_a, out_b, offered, *, lenient: bool = False,
                    limit: int = DECIDE_ROUNDS) -> tuple[tuple, Message | None]:
    """The smallest set of knob groups that, switched alone from A's values to B's, gives B's winners.

    The groups are ``bids diff``'s (attribution.knob_groups: the knobs on which A and B differ at
    this table, every deck.* knob in one "deck" group; the rulesets' own table-option defaults one
    more group), tried one at a time, then in pairs, and so on, in registry order; the first set
    whose game (played from A's, through disputes' tree of knob reads, so that variants agreeing on
    every knob read share a replay) has B's winners is the answer, and it is exact: that game was
    played. One group alone is the answer without a replay; so is the whole set. Returns (groups,
    note): the note says when the bound of ``limit`` replayed rounds was reached (groups is then
    empty) or when no smaller set gives B's winners."""
    from itertools import combinations

    from .attribution import OPTIONS, knob_groups
    from .variantcache import BoundReached, Budget, VariantCache

    a, b = out_a.ruleset, out_b.ruleset
    groups = knob_groups(a, b, len(deal.players))
    if a.table_options(deal.options) != b.table_options(deal.options):
        groups.append((OPTIONS, []))
    names = tuple(g for g, _ in groups)
    if len(groups) <= 1:
        return names, None
    target = frozenset(out_b.result.winners)
    budget = Budget(limit)
    caches = {False: VariantCache(deal, a, offered, lenient, budget)}
    try:
        for size in range(1, len(groups)):
            for combo in combinations(groups, size):
                changes = {kn: b.knobs[kn] for _, knobs in combo for kn in knobs}
                options = any(g == OPTIONS for g, _ in combo)
                if options not in caches:
                    caches[options] = VariantCache(deal, a.replace(options=b.options), offered, lenient, budget)
                s = caches[options].get(changes)
                if s.playable and not s.undetermined and frozenset(s.winners) == target:
                    return tuple(g for g, _ in combo), None
    except BoundReached:
        return (), Message("not decided: the search reached its bound of {limit} replayed rounds", limit=Grouped(limit))
    return names, Message("no smaller set of these knobs alone gives this winner: all of them together")
