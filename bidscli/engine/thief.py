"""The Thief: the steals the engine offers and records (rules.md 'Thief').

A steal is a decision: the engine offers a ``StealChoice`` and asks a ``Decider``
(a log's recorded actions, ``LogDecider``; a bot; a re-play's notes; or the default
policy, ``Decider`` itself) for a ``log.Steal`` or a pass. The immediate Thief and
each deferred right are offered in turn; ``ThiefSteals`` (mixed into ``Game``)
finds the victims, checks the answer and moves the card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import NamedTuple

from ..core.cards import Card
from ..log.reader import Pass, Steal
from .results import Reason, TrickResult, filled, taken_this_round

_card_of = itemgetter(0)  # the card of a held (card, round) pair


class StealChoice(NamedTuple):
    """A steal the engine offers a thief at the end of a trick."""

    thief: str
    victims: dict  # victim -> tuple of stealable cards
    mandatory: bool
    immediate: bool
    why: str  # who the victims are and why


class Decider:
    """Answers the steals the engine offers at the end of one trick (``Game.finish_trick``).

    ``decider(choice)`` returns a ``Steal``, a ``Pass`` or None (a pass); ``finish_trick`` then
    calls ``leftovers()`` once, to check what the decider was given for the trick and did not
    use. ``Decider(answer)`` answers with a function of the choice (a bot's, a test's);
    ``Decider()`` is the ruleset's default policy (``default_steal_policy``, log.md 'Diffing').
    A log's actions (``LogDecider``) and a re-play under another ruleset answer in subclasses.
    ``passes_all``: every answer is a pass, so an optional steal need not be offered (nor its
    victims found).
    """

    __slots__ = ("answer",)
    passes_all = False

    def __init__(self, answer: Callable[[StealChoice], Steal | Pass | None] | None = None) -> None:
        self.answer = answer if answer is not None else default_steal_policy

    def __call__(self, choice: StealChoice) -> Steal | Pass | None:
        return self.answer(choice)

    def leftovers(self) -> None:
        return


class _NothingRecorded(Decider):
    __slots__ = ()
    passes_all = True

    def __init__(self) -> None:
        return

    def __call__(self, choice: StealChoice) -> None:
        return None


#: The decider of a trick line that records no action: every offered steal is a pass.
NOTHING_RECORDED = _NothingRecorded()


class LogDecider(Decider):
    """A trick's recorded actions (``Steal``/``Pass``) answer its steal choices; what is left
    over (a second action of one thief, a steal or pass where nothing was offered) is an error."""

    __slots__ = ("game", "pending", "answered")

    def __init__(self, game, actions: Iterable) -> None:
        self.game = game
        self.pending = list(actions)
        self.answered: dict = {}  # thief -> the action that answered their steal at this trick

    def __call__(self, choice: StealChoice) -> Steal | Pass | None:
        for i, a in enumerate(self.pending):
            if a.thief == choice.thief:
                del self.pending[i]
                self.answered[a.thief] = a
                return a
        return None

    def leftovers(self) -> None:
        game = self.game
        for a in self.pending:
            if a.thief in self.answered:
                game.illegal(f"'{a}' after '{self.answered[a.thief]}': one Thief gives one steal or pass at a "
                             "trick", player=a.thief)
            elif isinstance(a, Steal):
                # rules.md does not say how long a deferred right lasts: say why an old one is gone.
                why = (" (an unused right from an earlier round ends with its round: thief.right_lasts = round)"
                       if a.thief in game.expired_rights and not any(r.holder == a.thief for r in game.rights)
                       else "")
                game.illegal(f"{a.thief} steals {a.card} from {a.victim}, but {a.thief} has no Thief to use "
                             f"at this trick{why}", player=a.thief)
            else:
                game.illegal(f"{a.thief} passes, but has no steal to pass on at this trick", player=a.thief)
        self.pending = []


def log_decider(game, actions: Iterable) -> Decider:
    """The decider of one trick line: its recorded actions, or ``NOTHING_RECORDED`` for none."""
    return LogDecider(game, actions) if actions else NOTHING_RECORDED


def _lazy_choices(game, t, first: list, holders: list, mandatory: bool):
    """The steal choices of a trick, each made when it is offered: the immediate Thief's
    (``first``), then each deferred right's holder, with victims as the earlier steals left them."""
    yield from first
    for holder in holders:
        victims, why = game._victims(t, holder, False)
        yield StealChoice(holder, victims, mandatory, False, why)


def default_steal_policy(choice: StealChoice) -> Steal | None:
    """Take the most valuable card (log.md 'Diffing': the ruleset's default policy).

    An optional right is used only for a card worth more than 0; a mandatory
    steal takes the best card there is, even a -5.
    """
    best = None
    for victim, cards in choice.victims.items():
        for c in cards:
            key = (c.value, -c.sort_key[0])
            if best is None or key > best[0]:
                best = (key, Steal(choice.thief, c, victim))
    if best is None:
        return None
    if not choice.mandatory and best[1].card.value <= 0:
        return None
    return best[1]



#: The ruleset's default policy (``default_steal_policy``) answers every steal.
DEFAULT_POLICY = Decider()


class _Right(NamedTuple):
    holder: str
    round: int
    first_trick: int  # first trick number (in that round) at whose end it may be used


class ThiefSteals:
    """The steals at the end of a trick (part of ``game.Game``; ``self`` is the game)."""

    __slots__ = ()  # the game's slots are in game.Game

    # -- Thief ------------------------------------------------------------------------
    def _stealable(self, victim: str) -> tuple[Card, ...]:
        if self.k["thief.pool"] == "round":
            return taken_this_round(self.held[victim], self.round.number)
        return tuple(map(_card_of, self.held[victim]))

    def _victims(self, t: TrickResult, thief: str, immediate: bool) -> tuple[dict, str]:
        # The weakest bid (the highest one under Lowest), in one pass over the plays. Lowest as
        # the trick was resolved (``t.lowest``): a won hidden Lowest turns the mode on only from
        # the next trick (rules.md "Lowest", FINE PRINT), so its own weakest bid is its lowest number.
        lowest = t.lowest
        weakest = None
        for _, c in t.plays:
            num = c.number
            if num is not None and (weakest is None or (num > weakest if lowest else num < weakest)):
                weakest = num
        if weakest is None:
            return {}, "no bid on the table"
        tied = [p for p, c in t.plays if c.number == weakest]
        if thief in tied:
            return {}, f"{thief} made the weakest bid: no steal at this trick"
        with_cards = {p: self._stealable(p) for p in tied}
        with_cards = {p: cs for p, cs in with_cards.items() if cs}
        pool = f"thief.pool = {self.k['thief.pool']}"
        if with_cards:
            names = " or ".join(tied)
            return with_cards, f"weakest bid {weakest} by {names} ({pool})"
        fallback = self.k["thief.fallback"]
        if not immediate or fallback == "none":
            return {}, f"the weakest bidder ({', '.join(tied)}) holds no black card to take ({pool})"
        # Fallback: the best bidder who has won a black card (IT), or the next weakest.
        bids = self._bids(t)
        strength = sorted({c.number for _, _, c in bids}, reverse=not lowest)
        if fallback == "next_weakest_with_cards":
            strength.reverse()
        for num in strength:
            level = {p: self._stealable(p) for _, p, c in bids if c.number == num and p != thief}
            level = {p: cs for p, cs in level.items() if cs}
            if level:
                return level, (f"the weakest bidder has no black card; fallback to {', '.join(level)} "
                               f"(thief.fallback = {fallback})")
        return {}, f"no bidder holds a black card to take (thief.fallback = {fallback})"

    def _steals(self, t: TrickResult, decide: Decider) -> None:
        k = self.k
        choices: list[StealChoice] = []
        pending = self._pending_thief
        if pending is None and not self.rights:
            return
        if pending is not None:
            self._pending_thief = None
            victims, why = self._victims(t, pending, True)
            choices.append(StealChoice(pending, victims, k["thief.mandatory"], True, why))
            t.reasons.append(Reason(filled, "thief.timing", (
                "{} won the Thief and steals at once (thief.timing = immediate): {}", pending, why)))
        if decide.passes_all and not k["thief.mandatory"]:
            # Every choice is a pass with nothing to check (an unused deferred right would
            # otherwise be offered, its victims found, at every trick to the end of the round).
            return
        rnum = self.round.number
        # Deferred rights are offered one holder at a time, each with the victims and cards as
        # they are after the steals before it (a card already stolen is not offered again), and
        # a holder of two rights (thief.right_lasts = game) uses at most one a trick: a log line
        # can name one steal per thief, and no source lets two be used at once (FINE PRINT).
        holders = []
        for right in self.rights:
            if right.round == rnum and t.number < right.first_trick:
                continue
            if right.holder not in holders:
                holders.append(right.holder)
        if not choices and not holders:
            return
        for choice in _lazy_choices(self, t, choices, holders, k["thief.mandatory"]):
            action = decide(choice)
            if action is None or isinstance(action, Pass):
                if choice.mandatory and choice.victims:
                    names = " or ".join(choice.victims)
                    self.illegal(f"{choice.thief} must steal from {names} ({choice.why}; thief.mandatory = true)",
                                  player=choice.thief)
                continue
            if action.victim == action.thief:
                self.illegal(f"{action.thief} steals from {action.thief}: the holder of the Thief is never "
                              "their own victim", player=action.thief)
                continue
            if not choice.victims:
                self.illegal(f"{action.thief} cannot steal here: {choice.why}", player=action.thief)
                continue
            if action.victim not in choice.victims:
                self.illegal(f"{action.thief} steals from {action.victim}, but the victim must be "
                              f"{' or '.join(choice.victims)} ({choice.why})", player=action.thief)
                continue
            if action.card not in choice.victims[action.victim]:
                cards = ", ".join(map(str, choice.victims[action.victim]))
                self.illegal(f"{action.thief} steals {action.card} from {action.victim}, who holds only "
                              f"{cards} to take ({'thief.pool = ' + k['thief.pool']})", player=action.thief)
                continue
            self._apply_steal(t, choice, action, policy=getattr(action, "policy", False))

    def _apply_steal(self, t: TrickResult, choice: StealChoice, action: Steal, policy: bool = False) -> None:
        victim, thief, card = action.victim, action.thief, action.card
        held = self.held[victim]
        # The most recently taken match: this round's card when the victim also holds the
        # same card from an earlier round (thief.pool = round offers only this round's).
        for idx in range(len(held) - 1, -1, -1):
            if held[idx][0] == card:
                del held[idx]
                break
        # The stolen card now counts as taken this round by the thief (rules.md fine print).
        self.held[thief].append((card, self.round.number))
        v = card.value
        self.round_points[victim] -= v
        self.round_points[thief] += v
        done = Steal(thief, card, victim, policy)
        if t._steals is None:
            t._steals = []
        t._steals.append(done)
        if not choice.immediate:
            for i, r in enumerate(self.rights):
                if r.holder == thief:
                    del self.rights[i]
                    break
        t.reasons.append(Reason(filled, "thief.pool", (
            "{} steals {} ({:+d}) from {}: {}" +
            (" (not in the log: the default policy takes the most valuable card)" if policy else ""),
            thief, card, v, victim, choice.why)))
