"""Round end and game end (rules.md section 4): the scores a game is decided by.

``Scoring`` is mixed into ``game.Game``: ``end_round`` applies the Ally split,
the lucky loser and the 2x bank to the round's points and ends deferred Thief
rights that last a round; ``result`` adds the -5 bonus and ranks the players.
Apart from the trick play: it runs once a round, after its last trick, and once a game.
"""

from __future__ import annotations

from .results import GameResult, Reason, RoundResult, filled


class Scoring:
    """The round's and the game's scores (part of ``game.Game``; ``self`` is the game)."""

    __slots__ = ()  # the game's slots are in game.Game

    # -- round and game end ----------------------------------------------------------------
    def end_round(self, partial: bool | None = None) -> RoundResult:
        rnd = self.round
        k = self.k
        if partial is None:
            partial = len(rnd.tricks) < self.deck.tricks
        rnd.partial = partial
        if self.pool_open and not partial:
            self.pool_shown()
        rp = dict(self.round_points)
        lucky: dict[str, int] = {}
        if not partial:
            if k["lucky_loser.shared_with_ally"]:
                lucky = self._lucky()
                for p, v in lucky.items():
                    rp[p] += v
            if self.allies:
                a, b = self.allies
                s = rp[a] + rp[b]
                half = s // 2 if k["ally.rounding"] == "floor" else -(-s // 2)
                if self.explain:
                    rnd.reasons.append(Reason(filled, "ally.rounding", (
                        "Ally split: {} {} + {} {} = {}, each gets {} (ally.rounding = {})",
                        a, rp[a], b, rp[b], s, half, k["ally.rounding"])))
                rp[a] = rp[b] = half
                rnd.allies = [a, b]
            if not k["lucky_loser.shared_with_ally"]:
                lucky = self._lucky()
        else:
            rnd.reasons.append(Reason("partial round: no Ally split and no lucky loser; points won so far are banked",
                                      None))
        # Shared lucky-loser points are already in rp (added before the Ally split).
        extra = {} if k["lucky_loser.shared_with_ally"] else lucky
        scores, totals, bonus = rnd.scores, self.totals, self.double_bonus
        for p in self.players:
            score = rp[p] + extra.get(p, 0) + bonus[p]
            scores[p] = score
            totals[p] += score
        rnd.round_points = self.round_points
        rnd.double_bonus = dict(bonus)
        rnd.lucky_losers = lucky
        if self.rights and k["thief.right_lasts"] == "round":
            self.expired_rights.update(r.holder for r in self.rights if r.round == rnd.number)
            self.rights = [r for r in self.rights if r.round != rnd.number]
        self.trick = None
        return rnd

    def _lucky(self) -> dict[str, int]:
        k = self.k
        rnd = self.round
        cond = k["lucky_loser.condition"]
        base = k["lucky_loser.points"][self.n]
        out = {}
        no_tricks = cond == "no_tricks"
        won, held, number = self.tricks_won, self.held, rnd.number
        for p in self.players:
            if no_tricks:
                ok = won[p] == 0
                why = "won no trick"
            else:
                # No black card taken this round: the newest pair is older (results.taken_this_round:
                # the pairs are in round order), read without building this round's cards.
                pairs = held[p]
                ok = not pairs or pairs[-1][1] != number
                why = "holds no black card taken this round"
            if ok:
                self.lucky_count[p] += 1
                n = self.lucky_count[p]
                pts = base * n if k["lucky_loser.progression"] == "progressive" else base
                out[p] = pts
                # Written only if a report reads it (a lucky loser or more in most rounds).
                if self.explain:
                    rnd.reasons.append(Reason(_lucky_text, "lucky_loser.condition",
                                              (p, why, cond, n, pts, k["lucky_loser.progression"])))
        return out

    def result(self) -> GameResult:
        k = self.k
        bonuses = dict.fromkeys(self.players, 0)
        reasons: list[Reason] = []
        if self.options.get("minus_five"):
            wins = self.minus_five_wins
            pts = k["minus_five.points"]
            if k["minus_five.bonus"] == "threshold":
                need = k["minus_five.threshold"]
                for p in self.players:
                    if wins[p] >= need:
                        bonuses[p] = pts
                        reasons.append(Reason(f"-5 bonus: {p} won the -5 {wins[p]} times (>= {need}): {pts}",
                                              "minus_five.bonus"))
            else:
                most = max(wins.values())
                if most > 0:
                    top = [p for p in self.players if wins[p] == most]
                    share = pts // len(top) if k["minus_five.rounding"] == "floor" else -(-pts // len(top))
                    for p in top:
                        bonuses[p] = share
                    reasons.append(Reason(f"-5 bonus: {', '.join(top)} won the most -5s ({most}): {share} each "
                                          f"(minus_five.bonus = split_most)", "minus_five.bonus"))
                else:
                    reasons.append(Reason("-5 bonus: nobody won the -5", "minus_five.bonus"))
        totals = {p: self.totals[p] + bonuses[p] for p in self.players}
        # Best total first; a stable sort keeps seating order among equal totals (reverse=True keeps it too).
        ranking = sorted(self.players, key=totals.__getitem__, reverse=True)
        ranks = {}
        for i, p in enumerate(ranking):
            ranks[p] = ranks[ranking[i - 1]] if i and totals[p] == totals[ranking[i - 1]] else i + 1
        return GameResult(
            ruleset=self.ruleset.name, players=self.players, options=dict(self.options), rounds=self.rounds,
            bonuses=bonuses, totals=totals, ranking=[(p, totals[p]) for p in ranking], ranks=ranks,
            minus_five_wins=dict(self.minus_five_wins), reasons=reasons, deck=self.deck,
        )


def _lucky_text(player: str, why: str, cond: str, n: int, pts: int, progression: str) -> str:
    return (f"lucky loser: {player} {why} (lucky_loser.condition = {cond}): lucky round {n}, "
            f"{pts} points (lucky_loser.progression = {progression})")
