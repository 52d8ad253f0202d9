"""The Thief: the steals the engine offers and records (rules.md 'Thief').

A steal is a decision the caller answers: at the end of a trick the engine offers a
``StealChoice`` (``Game.steal_offer``) and takes the answer, a ``log.Steal`` or a pass
(``Game.answer_steal``), so a search can branch on it and a page can ask for it. The
immediate Thief and each deferred right are offered in turn. A ``Decider`` answers them
for callers that decide by rule: a log's recorded actions (``LogDecider``), a bot, a
re-play's notes, or the default policy (``Decider`` itself). The functions here find the
victims (``victims``), set up a trick's offers (``offers``), and check an answer and move
the card (``answer``), over the game's state types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import Any

from ..core.cards import Card
from ..core.i18n import Listed, Message
from ..log.records import Pass, Steal
from .referee import Referee
from .results import Reason, TrickResult, taken_this_round
from .state import GameState, RoundState, Setup, StealChoice, Steals, TrickState

_card_of = itemgetter(0)  # the card of a held (card, round) pair


class Decider:
    """Answers the steals the engine offers at the end of one trick (``Game.decide_steals``).

    ``decider(choice)`` returns a ``Steal``, a ``Pass`` or None (a pass); ``decide_steals`` then
    calls ``leftovers(referee, state)`` once, to check what the decider was given for the trick
    and did not use. ``Decider(answer)`` answers with a function of the choice (a bot's, a test's);
    ``Decider()`` is the ruleset's default policy (``default_steal_policy``, log.md 'Diffing').
    A log's actions (``LogDecider``) and a re-play under another ruleset answer in subclasses.
    ``passes_all``: every answer is a pass, so an optional steal need not be offered (nor its
    victims found).
    """

    __slots__ = ("answer",)
    passes_all = False
    has_leftovers = False  # ``leftovers`` checks something (a log's actions)

    def __init__(self, answer: Callable[[StealChoice], Steal | Pass | None] | None = None) -> None:
        self.answer = answer if answer is not None else default_steal_policy

    def __call__(self, choice: StealChoice) -> Steal | Pass | None:
        return self.answer(choice)

    def leftovers(self, referee: Referee, state: GameState) -> None:
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

    __slots__ = ("pending", "answered")
    has_leftovers = True

    def __init__(self, actions: Iterable[Steal | Pass]) -> None:
        self.pending = list(actions)
        self.answered: dict[str, Steal | Pass] = {}  # thief -> the action that answered their steal at this trick

    def __call__(self, choice: StealChoice) -> Steal | Pass | None:
        for i, a in enumerate(self.pending):
            if a.thief == choice.thief:
                del self.pending[i]
                self.answered[a.thief] = a
                return a
        return None

    def leftovers(self, referee: Referee, state: GameState) -> None:
        for a in self.pending:
            if a.thief in self.answered:
                referee.illegal(Message("'{action}' after '{first}': one Thief gives one steal or pass at a trick",
                                        action=str(a), first=str(self.answered[a.thief])), player=a.thief)
            elif isinstance(a, Steal):
                # rules.md does not say how long a deferred right lasts: say why an old one is gone.
                if a.thief in state.expired_rights and not any(r.holder == a.thief for r in state.rights):
                    said = Message("{thief} steals {card} from {victim}, but {thief} has no Thief to use at this "
                                   "trick (an unused right from an earlier round ends with its round: "
                                   "thief.right_lasts = round)", thief=a.thief, card=a.card, victim=a.victim)
                else:
                    said = Message("{thief} steals {card} from {victim}, but {thief} has no Thief to use at this "
                                   "trick", thief=a.thief, card=a.card, victim=a.victim)
                referee.illegal(said, player=a.thief)
            else:
                referee.illegal(Message("{thief} passes, but has no steal to pass on at this trick", thief=a.thief),
                                player=a.thief)
        self.pending = []


def log_decider(actions: Iterable[Steal | Pass]) -> Decider:
    """The decider of one trick line: its recorded actions, or ``NOTHING_RECORDED`` for none."""
    return LogDecider(actions) if actions else NOTHING_RECORDED


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



def right_ends(knobs: Mapping[str, Any], round_over: bool, game_over: bool) -> bool:
    """Whether a deferred right still unused ends now (rules.md does not say how long one lasts:
    thief.right_lasts): with its round (``round``), else with the game (``game``).
    ``round_over``: its round ends now; ``game_over``: the game ends now. The engine asks it at
    each round's end (``scoring.end_round``), a bot before it lets a right go unused, the recorder
    when it says how long a right just won lasts (``app.recordresults.right_kept``)."""
    return game_over or (round_over and knobs["thief.right_lasts"] == "round")


# -- the steals of a trick, over the game's state ------------------------------------------


def stealable(k: Mapping[str, Any], gs: GameState, rnum: int, victim: str) -> tuple[Card, ...]:
    """The cards a thief may take from ``victim`` (thief.pool: this round's, or the game's)."""
    if k["thief.pool"] == "round":
        return taken_this_round(gs.held[victim], rnum)
    return tuple(map(_card_of, gs.held[victim]))


def victims(k: Mapping[str, Any], gs: GameState, rnum: int, t: TrickResult, thief: str,
            immediate: bool) -> tuple[dict[str, tuple[Card, ...]], Message]:
    """Who ``thief`` may rob at the end of trick ``t``, with the cards each holds to take, and why:
    the weakest bidder (the highest bid under Lowest), else thief.fallback's bidders (immediate)."""
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
        return {}, _NO_BID
    tied = [p for p, c in t.plays if c.number == weakest]
    if thief in tied:
        return {}, Message("{thief} made the weakest bid: no steal at this trick", thief=thief)
    with_cards = {p: stealable(k, gs, rnum, p) for p in tied}
    with_cards = {p: cs for p, cs in with_cards.items() if cs}
    pool = k["thief.pool"]
    if with_cards:
        return with_cards, Message("weakest bid {number} by {players} (thief.pool = {pool})", number=weakest,
                                   players=Listed(tied, "or"), pool=pool)
    fallback = k["thief.fallback"]
    if not immediate or fallback == "none":
        return {}, Message("the weakest bidder ({players}) holds no black card to take (thief.pool = {pool})",
                           players=Listed(tied, ","), pool=pool)
    # Fallback: the best bidder who has won a black card (IT), or the next weakest.
    bids = [(p, c) for p, c in t.plays if c.number is not None]
    strength = sorted({n for _, c in t.plays if (n := c.number) is not None}, reverse=not lowest)
    if fallback == "next_weakest_with_cards":
        strength.reverse()
    for num in strength:
        level = {p: stealable(k, gs, rnum, p) for p, c in bids if c.number == num and p != thief}
        level = {p: cs for p, cs in level.items() if cs}
        if level:
            return level, Message("the weakest bidder has no black card; fallback to {players} (thief.fallback = "
                                  "{fallback})", players=Listed(list(level), ","), fallback=fallback)
    return {}, Message("no bidder holds a black card to take (thief.fallback = {fallback})", fallback=fallback)


_NO_BID = Message("no bid on the table")


def offers(setup: Setup, gs: GameState, rs: RoundState, ts: TrickState, next_leader: str) -> None:
    """The steals at the end of a resolved trick (``ts.pending_steals``, None when there is none): the
    immediate Thief's offer, made now, then the holders of deferred rights that may be used at
    this trick (``offer`` makes each in turn). ``next_leader``: who leads once they are answered."""
    pending = gs.pending_thief
    if pending is None and not gs.rights:
        return
    steals = ts.pending_steals = Steals(next_leader)
    k = setup.k
    t = ts
    rnum = rs.result.number
    if pending is not None:
        gs.pending_thief = None
        found, why = victims(k, gs, rnum, t, pending, True)
        steals.offer = StealChoice(pending, found, k["thief.mandatory"], True, why)
        t.reasons.append(Reason(Message("{thief} won the Thief and steals at once (thief.timing = immediate): {why}",
                                        thief=pending, why=why), "thief.timing"))
    # Deferred rights are offered one holder at a time, each with the victims and cards as
    # they are after the steals before it (a card already stolen is not offered again), and
    # a holder of two rights (thief.right_lasts = game) uses at most one a trick: a log line
    # can name one steal per thief, and no source lets two be used at once (FINE PRINT).
    holders = steals.holders
    for right in gs.rights:
        if right.round == rnum and t.number < right.first_trick:
            continue
        if right.holder not in holders:
            holders.append(right.holder)


def decline(setup: Setup, ts: TrickState) -> None:
    """Every offer is a pass with nothing to check: an optional steal is not offered at all (an
    unused deferred right would otherwise be offered, its victims found, at every trick to the
    end of the round). A mandatory one is still offered (a pass is then an error)."""
    steals = ts.pending_steals
    if steals is not None and not setup.k["thief.mandatory"]:
        steals.offer = None
        steals.holders.clear()


def offer(setup: Setup, gs: GameState, rs: RoundState, ts: TrickState) -> StealChoice | None:
    """The steal offered now at the end of the trick (the next deferred right's, made when it
    comes, with the victims as the steals before left them), or None when all are answered."""
    steals = ts.pending_steals
    if steals is None:
        return None
    if steals.offer is None and steals.holders:
        k = setup.k
        holder = steals.holders.pop(0)
        mandatory = k["thief.mandatory"]
        found, why = victims(k, gs, rs.result.number, ts, holder, False)
        steals.offer = StealChoice(holder, found, mandatory, False, why)
    return steals.offer


def answer(setup: Setup, gs: GameState, rs: RoundState, ts: TrickState, referee: Referee,
           action: Steal | Pass | None) -> None:
    """The answer to the steal offered now: a pass (None or ``Pass``), or a ``Steal``, checked
    against the offer (one error when it breaks a rule: nothing moves), then done."""
    steals = ts.pending_steals
    choice = None if steals is None else steals.offer
    if steals is None or choice is None:
        raise RuntimeError("no steal is offered now")  # (Game.answer_steal asks first)
    steals.offer = None
    if action is None or isinstance(action, Pass):
        if choice.mandatory and choice.victims:
            referee.illegal(Message("{thief} must steal from {victims} ({why}; thief.mandatory = true)",
                                    thief=choice.thief, victims=Listed(list(choice.victims), "or"),
                                    why=choice.because), player=choice.thief)
        return
    if action.victim == action.thief:
        referee.illegal(Message("{thief} steals from {thief}: the holder of the Thief is never their own victim",
                                thief=action.thief), player=action.thief)
        return
    if not choice.victims:
        referee.illegal(Message("{thief} cannot steal here: {why}", thief=action.thief, why=choice.because),
                        player=action.thief)
        return
    if action.victim not in choice.victims:
        referee.illegal(Message("{thief} steals from {victim}, but the victim must be {victims} ({why})",
                                thief=action.thief, victim=action.victim, victims=Listed(list(choice.victims), "or"),
                                why=choice.because), player=action.thief)
        return
    if action.card not in choice.victims[action.victim]:
        referee.illegal(Message("{thief} steals {card} from {victim}, who holds only {cards} to take (thief.pool = "
                                "{pool})", thief=action.thief, card=action.card, victim=action.victim,
                                cards=Listed(list(choice.victims[action.victim]), ","), pool=setup.k["thief.pool"]),
                        player=action.thief)
        return
    _apply(gs, rs, ts, choice, action, policy=getattr(action, "policy", False))


def _apply(gs: GameState, rs: RoundState, t: TrickResult, choice: StealChoice, action: Steal,
           policy: bool = False) -> None:
    victim, thief, card = action.victim, action.thief, action.card
    rnum = rs.result.number
    held = gs.held_of(victim)
    # The most recently taken match: this round's card when the victim also holds the
    # same card from an earlier round (thief.pool = round offers only this round's).
    for idx in range(len(held) - 1, -1, -1):
        if held[idx][0] == card:
            del held[idx]
            break
    # The stolen card now counts as taken this round by the thief (rules.md fine print).
    gs.held_of(thief).append((card, rnum))
    v = card.value
    rs.round_points[victim] -= v
    rs.round_points[thief] += v
    done = Steal(thief, card, victim, policy)
    if t._steals is None:
        t._steals = []
    t._steals.append(done)
    if not choice.immediate:
        rights = gs.rights
        for i, r in enumerate(rights):
            if r.holder == thief:
                del rights[i]
                break
    if policy:
        said = Message("{thief} steals {card} ({value:+d}) from {victim}: {why} (not in the log: the default policy "
                       "takes the most valuable card)", thief=thief, card=card, value=v, victim=victim,
                       why=choice.because)
    else:
        said = Message("{thief} steals {card} ({value:+d}) from {victim}: {why}", thief=thief, card=card, value=v,
                       victim=victim, why=choice.because)
    t.reasons.append(Reason(said, "thief.pool"))

