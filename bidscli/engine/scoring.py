"""Round end and game end (rules.md section 4): the scores a game is decided by.

``end_round`` applies the Ally split, the lucky loser and the 2x bank to the
round's points and ends deferred Thief rights that last a round; ``result`` adds
the -5 bonus and ranks the players. ``lucky_loser`` is the one rule of who
qualifies as a lucky loser (the engine and the bots ask it). Apart from the trick
play: it runs once a round, after its last trick, and once a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..core.cards import Card
from ..core.i18n import Listed, Message, PluralMessage
from .results import GameResult, Reason, RoundResult
from .state import GameState, RoundState, Setup
from .thief import right_ends


def lucky_losers(condition: str, tricks_won: Mapping[str, int], held: Mapping[str, Sequence[tuple[Card, int]]],
                 number: int, players: Iterable[str] | None = None) -> list[str]:
    """The players (of ``players``, default all of ``held``, in its order) who qualify as lucky
    losers in round ``number`` so far (lucky_loser.condition): no trick won (``tricks_won``), or
    no black card taken this round (``held``: each player's (card, round) pairs, in round order,
    as ``GameState.held`` keeps them)."""
    if players is None:
        players = held.keys()
    if condition == "no_tricks":
        return [p for p in players if tricks_won[p] == 0]
    # No black card taken this round: the newest pair is older (results.taken_this_round:
    # the pairs are in round order), read without building this round's cards.
    return [p for p in players if not held[p] or held[p][-1][1] != number]


def end_round(setup: Setup, gs: GameState, rs: RoundState, partial: bool | None = None) -> RoundResult:
    """The round's scores: the Ally split, the lucky losers and the banked 2x, added to the totals
    (``partial``: an unfinished round, default one shorter than the deal)."""
    rnd = rs.result
    k = setup.k
    if partial is None:
        partial = len(rnd.tricks) < setup.deck.tricks
    rnd.partial = partial
    rp = dict(rs.round_points)
    lucky: dict[str, int] = {}
    explain = setup.explain
    if not partial:
        if k["lucky_loser.shared_with_ally"]:
            lucky = _lucky(setup, gs, rs)
            for p, v in lucky.items():
                rp[p] += v
        if rs.allies:
            a, b = rs.allies
            s = rp[a] + rp[b]
            half = s // 2 if k["ally.rounding"] == "floor" else -(-s // 2)
            if explain:
                rnd.reasons.append(Reason(Message(
                    "Ally split: {first} {first_points} + {second} {second_points} = {sum}, each gets {half} "
                    "(ally.rounding = {rounding})", first=a, first_points=rp[a], second=b, second_points=rp[b], sum=s,
                    half=half, rounding=k["ally.rounding"]), "ally.rounding"))
            rp[a] = rp[b] = half
            rnd.allies = [a, b]
        if not k["lucky_loser.shared_with_ally"]:
            lucky = _lucky(setup, gs, rs)
    else:
        rnd.reasons.append(Reason(_PARTIAL, None))
    # Shared lucky-loser points are already in rp (added before the Ally split).
    extra = {} if k["lucky_loser.shared_with_ally"] else lucky
    scores, totals, bonus = rnd.scores, gs.totals, rs.double_bonus
    for p in setup.players:
        score = rp[p] + extra.get(p, 0) + bonus[p]
        scores[p] = score
        totals[p] += score
    rnd.round_points = rs.round_points
    rnd.double_bonus = dict(bonus)
    rnd.lucky_losers = lucky
    if gs.rights and right_ends(k, True, False):  # (rights that last the game outlive its rounds)
        gs.expired_rights.update(r.holder for r in gs.rights if r.round == rnd.number)
        gs.rights = [r for r in gs.rights if r.round != rnd.number]
    return rnd


def _lucky(setup: Setup, gs: GameState, rs: RoundState) -> dict[str, int]:
    k = setup.k
    rnd = rs.result
    cond = k["lucky_loser.condition"]
    base = k["lucky_loser.points"][setup.n]
    out = {}
    why = cond == "no_tricks"
    count = gs.lucky_count
    for p in lucky_losers(cond, rs.tricks_won, gs.held, rnd.number):
        count[p] += 1
        n = count[p]
        pts = base * n if k["lucky_loser.progression"] == "progressive" else base
        out[p] = pts
        # Written only if a report reads it (a lucky loser or more in most rounds).
        if setup.explain:
            rnd.reasons.append(Reason(_lucky_text, "lucky_loser.condition",
                                      (p, why, cond, n, pts, k["lucky_loser.progression"])))
    return out


def result(setup: Setup, gs: GameState) -> GameResult:
    """The game's result: the -5 bonus added to the totals, and the ranking."""
    k = setup.k
    players = setup.players
    bonuses = dict.fromkeys(players, 0)
    reasons: list[Reason] = []
    if setup.options.get("minus_five"):
        wins = gs.minus_five_wins
        pts = k["minus_five.points"]
        if k["minus_five.bonus"] == "threshold":
            need = k["minus_five.threshold"]
            for p in players:
                if wins[p] >= need:
                    bonuses[p] = pts
                    reasons.append(Reason(PluralMessage(
                        "-5 bonus: {player} won the -5 {n} time (>= {need}): {points}",
                        "-5 bonus: {player} won the -5 {n} times (>= {need}): {points}", wins[p], player=p, need=need,
                        points=pts), "minus_five.bonus"))
        else:
            most = max(wins.values())
            if most > 0:
                top = [p for p in players if wins[p] == most]
                share = pts // len(top) if k["minus_five.rounding"] == "floor" else -(-pts // len(top))
                for p in top:
                    bonuses[p] = share
                reasons.append(Reason(Message("-5 bonus: {players} won the most -5s ({most}): {share} each "
                                              "(minus_five.bonus = split_most)", players=Listed(top, "and"), most=most,
                                              share=share), "minus_five.bonus"))
            else:
                reasons.append(Reason(Message("-5 bonus: nobody won the -5"), "minus_five.bonus"))
    totals = {p: gs.totals[p] + bonuses[p] for p in players}
    # Best total first; a stable sort keeps seating order among equal totals (reverse=True keeps it too).
    ranking = sorted(players, key=totals.__getitem__, reverse=True)
    ranks: dict[str, int] = {}
    for i, p in enumerate(ranking):
        ranks[p] = ranks[ranking[i - 1]] if i and totals[p] == totals[ranking[i - 1]] else i + 1
    return GameResult(
        ruleset=setup.ruleset.name, players=players, options=dict(setup.options), rounds=gs.rounds,
        bonuses=bonuses, totals=totals, ranking=[(p, totals[p]) for p in ranking], ranks=ranks,
        minus_five_wins=dict(gs.minus_five_wins), reasons=reasons, deck=setup.deck,
    )


def _lucky_text(player: str, no_trick: bool, cond: str, n: int, pts: int, progression: str) -> Message:
    if no_trick:
        return PluralMessage("lucky loser: {player} won no trick (lucky_loser.condition = {condition}): lucky round "
                             "{lucky}, {n} point (lucky_loser.progression = {progression})",
                             "lucky loser: {player} won no trick (lucky_loser.condition = {condition}): lucky round "
                             "{lucky}, {n} points (lucky_loser.progression = {progression})", pts, player=player,
                             condition=cond, lucky=n, progression=progression)
    return PluralMessage("lucky loser: {player} holds no black card taken this round (lucky_loser.condition = "
                         "{condition}): lucky round {lucky}, {n} point (lucky_loser.progression = {progression})",
                         "lucky loser: {player} holds no black card taken this round (lucky_loser.condition = "
                         "{condition}): lucky round {lucky}, {n} points (lucky_loser.progression = {progression})",
                         pts, player=player, condition=cond, lucky=n, progression=progression)


_PARTIAL = Message("partial round: no Ally split and no lucky loser; points won so far are banked")
