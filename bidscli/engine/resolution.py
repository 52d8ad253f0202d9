"""Trick resolution: who wins a trick, what the winner takes, or why it burns.

``resolve`` is the one rule of who wins: a pure function of the plays, the prize and the
knobs, plain (rules.md 3.3-3.5) or Color Bids ('Color Bids', fine print 6), under Lowest or
not, with its explanation built beside it; ``lowest_in_force`` is the one rule of which way
a trick is resolved (Lowest or not). The engine calls both at the end of every trick, and
the bots to ask "would this card win now?" of a hypothetical trick. ``award`` then gives the winner the prize
and the black cards (2x, -5, Ally, Thief rights), or ``burn`` says what a burned trick does
(Surprise, Ally), each over the game's state types. The explanation texts are here too:
most are only written when a report reads them (``Reason`` with a function).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from ..core.cards import _CANONICAL as _ALL_CARDS
from ..core.cards import (
    ALLY_CARD,
    BLACK,
    DOUBLE_CARD,
    LOWEST_CARD,
    MAX_NUMBER,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    THIEF_CARD,
    Card,
)
from ..core.i18n import ENGLISH, Listed, Message, PluralMessage
from ..core.worded import Colour, Joined
from .pile import UNSEEN, Judge, _never
from .prize import GIVES_NEXT, draw
from .referee import Referee
from .results import Reason, Said, TrickResult
from .state import GameState, Right, RoundState, Setup, TrickState

P = TypeVar("P")  # a player: a name, or whatever a caller asks with (the bots: a card's index)

# (winner, next leader, verdict, reasons, burn): what ``Resolution`` holds, as ``_resolve`` gives it.
_Resolved = tuple["P | None", "P", Message, "tuple[Reason, ...]", "str | None"]


class Resolution(NamedTuple, Generic[P]):
    """Who wins a trick (``resolve``)."""

    winner: P | None  # the winning play's player; None: the trick burns
    next_leader: P  # the winner, or after a burn who leads: the leader, the last tied bidder, ...
    verdict: Message  # the short verdict: "highest bid K7", "tie on 5 (Ana R5, Ben G5): burned"
    reasons: tuple[Reason, ...]  # its explanation: each step a Reason naming the knob that decided it
    burn: str | None  # why it burned: None (won), "no_bid", "tie" or "centre" (Color Bids)

    @property
    def reason(self) -> str:
        """The verdict in English."""
        return self.verdict.text(ENGLISH)


_new = tuple.__new__  # a Resolution from a tuple, without NamedTuple's Python __new__


def resolve(plays: Sequence[tuple[P, Card]], prize: Card | None, knobs: Mapping[str, Any], lowest: bool = False,
            colour_bids: bool = False, leader: P | None = None, seating: Sequence[P] = (),
            explain: bool = True) -> Resolution[P]:
    """Who wins a trick of ``plays`` ((player, card) pairs in playing order) for ``prize`` (the
    centre card as the bidders see it: None when hidden or there is none), and why.

    Special cards and the Ally are not bids (specials.bid); the best bid wins, the highest, or
    the lowest under ``lowest``; a tie on the best bid burns the trick, and the last tied bidder
    leads (the burner is the turner, IT and EN); no bid at all burns it and ``leader`` (default:
    the first player) leads again. With ``colour_bids``, the colours count first ('Color Bids':
    ``color_bids.mode``, ``color_bids.center_can_win``; ``seating`` says who sits after the
    leader, for ``color_bids.center_burn_leader``). ``explain=False``: the commonest
    explanations (a single winner, a plain tie) are not kept. A player may be any value (the
    bots ask with indexes). ``plays`` holds one play at least."""
    first = leader if leader is not None else plays[0][0]
    resolved: Resolution[P] = _new(Resolution, _resolve(plays, prize, knobs, lowest, colour_bids, first, seating,
                                                        explain))
    return resolved


def activates_lowest(card: Card, knobs: Mapping[str, Any]) -> bool:
    """Whether ``card`` played from hand turns Lowest on from its trick (lowest.from_hand = activate:
    the trick it is played in is resolved under Lowest, and the rest of the round)."""
    return card is LOWEST_CARD and knobs["lowest.from_hand"] == "activate"


def lowest_in_force(lowest: bool, plays: Iterable[tuple[object, Card]], knobs: Mapping[str, Any]) -> bool:
    """Whether a trick of ``plays`` is resolved under Lowest: the round's mode when the trick
    began (``lowest``: Lowest revealed, ``lowest.reveal``, or turned on by an earlier trick),
    or a Lowest played into it from hand that turns it on from this very trick
    (``activates_lowest``, lowest.from_hand). A hidden Lowest won in this trick counts only
    from the next one (rules.md "Lowest", FINE PRINT). The engine asks it at the end of every
    trick (``Game.finish_trick``), a bot on the plays so far, or on a hypothetical trick
    ("if I play this card, which way does the trick go?")."""
    if lowest:
        return True
    for pair in plays:
        if pair[1] is LOWEST_CARD:
            return activates_lowest(pair[1], knobs)
    return False


def _resolve(plays: Sequence[tuple[P, Card]], prize: Card | None, knobs: Mapping[str, Any], lowest: bool,
             colour_bids: bool, leader: P, seating: Sequence[P], explain: bool) -> _Resolved[P]:
    """``resolve`` as a plain tuple (the engine unpacks it at every trick)."""
    if colour_bids:
        return _colour(plays, prize, knobs, lowest, leader, seating, explain)
    best, win, ties = _standing(plays, lowest)
    if win is None:
        return ((None, leader, _NO_BID, (Reason(Message(
            "no bid on the table (special cards and Ally are not bids): burned; {player} leads again",
            player=leader), "specials.bid"),), "no_bid"))
    if ties == 1:
        # The winning (player, card) pair is the explanation's arguments: nothing new to keep.
        bp, bc = win
        if lowest:
            return ((bp, bp, _LOWEST_BID[bc], (Reason(_lowest_by, "lowest.reveal", win),)
                                     if explain else (), None))
        return ((bp, bp, _HIGHEST_BID[bc], (Reason(_highest_by, None, win),) if explain else (),
                                 None))
    # The final best number never changes once reached: its bids are all the tied ones, in order.
    tied = _with_number(plays, best)
    burner = tied[-1][0]
    cards = Listed([_played(p, c) for p, c in tied], ",")
    # A tie burns one trick in seven: its explanation is written only if a report reads it.
    return ((None, burner, Message("{why}: burned", why=Message("tie on {number} ({plays})", number=best, plays=cards)),
             (Reason(_tie_text, None, (lowest, best, cards, burner)),) if explain else (), "tie"))


def _standing(plays: Sequence[tuple[P, Card]], lowest: bool) -> tuple[int, tuple[P, Card] | None, int]:
    """Plain play's trick as it stands: the best number bid (the highest, the lowest under
    ``lowest``), the first play that bid it (None: no bid) and how many bids have it. Special
    cards and the Ally are not bids (specials.bid). With no bid the best is ``_start(lowest)``,
    which every bid passes."""
    # One pass over the plays, nothing allocated on the way. A loop for each direction (no
    # test of which way per bid); a bid past the best becomes the best alone (the step
    # ``winning_bids`` takes for each bid it is asked about), an equal one ties with it.
    win = None
    ties = 0
    if lowest:
        best = _ABOVE_ALL
        for pair in plays:
            num = pair[1].number
            if num is None:
                continue  # special cards and Ally are not bids (specials.bid)
            if num < best:
                best, win, ties = num, pair, 1
            elif num == best:
                ties += 1
    else:
        best = 0
        for pair in plays:
            num = pair[1].number
            if num is None:
                continue
            if num > best:
                best, win, ties = num, pair, 1
            elif num == best:
                ties += 1
    return best, win, ties


def winning_bids(plays: Sequence[tuple[P, Card]], player: P, bids: Sequence[Card], prize: Card | None,
                 knobs: Mapping[str, Any], lowest: bool = False, colour_bids: bool = False,
                 leader: P | None = None, seating: Sequence[P] = ()) -> list[Card]:
    """The cards of ``bids`` with which ``player``, playing next and last, wins the trick of
    ``plays``: those for which ``resolve`` of the trick with ``(player, card)`` added names
    ``player`` (a bot's "which of my cards would win now?"). ``lowest``: the round's mode as the
    trick began; the trick goes the way ``lowest_in_force`` says of the plays. A card that is not
    a bid never wins. Plain play asks the trick's standing once (``_standing``) and takes its
    step for each card: a bid past the best is the best alone and wins, an equal one ties and
    burns; Color Bids resolves the trick once for each card."""
    if not lowest:
        lowest = lowest_in_force(lowest, plays, knobs)
    if colour_bids:
        return [c for c in bids if c.number is not None
                and resolve((*plays, (player, c)), prize, knobs, lowest, True, leader, seating, False).winner == player]
    best = _standing(plays, lowest)[0]
    if lowest:
        return [c for c in bids if (num := c.number) is not None and num < best]
    return [c for c in bids if (num := c.number) is not None and num > best]


def _colour(plays: Sequence[tuple[P, Card]], centre: Card | None, k: Mapping[str, Any], lowest: bool, leader: P,
            seating: Sequence[P], explain: bool) -> _Resolved[P]:
    """Color Bids (rules.md 'Color Bids', fine print 6)."""
    # One pass over the table: each colour's count, and its best numbered card.
    counts: dict[str, int] = {}
    # colour -> its best numbered card as an (owner, card) pair: the play itself (nothing
    # new to keep for the explanation), or (None, centre) for the centre card.
    by_colour: dict[str, tuple[P | None, Card]] = {}
    has_bid = False
    centre_bids = False  # the centre card takes part as a numbered card
    get = counts.get
    best_of = by_colour.get
    for pair in plays:
        c = pair[1]
        if c is ALLY_CARD:
            continue  # the Ally counts for no colour (fine print)
        col = c.colour
        counts[col] = get(col, 0) + 1
        num = c.number
        if num is not None:
            has_bid = True
            b = best_of(col)
            # (a colour's best card is a numbered one: ``bn`` is never None)
            if b is None or (bn := b[1].number) is None or (num < bn if lowest else num > bn):
                by_colour[col] = pair
    if centre is not None:
        counts[BLACK] = get(BLACK, 0) + 1  # "the count of black is always +1" (EN)
        if k["color_bids.center_can_win"] and centre.number is not None:
            centre_bids = True
            b = best_of(BLACK)
            num = centre.number
            if b is None or (bn := b[1].number) is None or (num < bn if lowest else num > bn):
                by_colour[BLACK] = (None, centre)
    if not has_bid:
        return ((None, leader, _NO_BID, (Reason(Message(
            "no bid on the table: burned; {player} leads again", player=leader), "specials.bid"),), "no_bid"))
    mode = k["color_bids.mode"]
    if mode == "majority_first":
        # Colours by count; colours with no numbered card that can win are passed over.
        top = 0
        cands = []
        for col, e in by_colour.items():
            n = counts[col]
            if n > top:
                top, cands = n, [e]
            elif n == top:
                cands.append(e)
        best_num: int | None = None
        tied = []
        for e in cands:
            num = e[1].number
            if num is None:
                continue  # (never: a colour's best card is a numbered one)
            if best_num is None or (num < best_num if lowest else num > best_num):
                best_num, tied = num, [e]
            elif num == best_num:
                tied.append(e)
    else:
        cands = None
        # Every numbered card in table order, the centre last (when it can win).
        numbered: list[tuple[P | None, Card]] = [pair for pair in plays if pair[1].number is not None]
        if centre_bids and centre is not None:
            numbered.append((None, centre))
        best = (min if lowest else max)([x for e in numbered if (x := e[1].number) is not None])
        best_num = best
        same = _with_number(numbered, best)
        top = max(map(counts.__getitem__, [e[1].colour for e in same]))
        tied = _of_count(same, counts, top)
    knob = "color_bids.mode"
    # The explanation is built only if a report asks for it (Reason with args: the table, then the tail).
    if len(tied) == 1:
        p, c = tied[0]
        if p is not None:
            return ((p, p, _COLOUR_BEST[c], (Reason(_colour_won, knob, (
                mode, lowest, plays, centre, counts, cands, best_num, p, c)),) if explain else (),
                None))
        # The centre card is the best card.
        if k["color_bids.center_burn_leader"] == "same":
            nxt = leader
            how = Message("burned by the centre card: {player} led it and leads again", player=leader)
        else:
            nxt = seating[(list(seating).index(leader) + 1) % len(seating)]
            how = Message("burned by the centre card: the seat after its leader, {player}, leads", player=nxt)
        return ((None, nxt, _CENTRE_BEST[c], (
            Reason(_colour_centre, "color_bids.center_can_win", (
                mode, lowest, plays, centre, counts, cands, best_num, c)),
            Reason(how, "color_bids.center_burn_leader")), "centre"))
    players_tied = [(p, c) for p, c in tied if p is not None]
    # The tied player who played last (each pair is one of this trick's plays).
    burner = max(players_tied, key=list(plays).index)[0] if players_tied else leader
    cards = Listed([e[1] if e[0] is not None else Message("{card} (centre)", card=e[1]) for e in tied], "and")
    return ((None, burner, Message("{why}: burned", why=Message("Color Bids: tie {cards}", cards=cards)), (
        Reason(_colour_tie, knob, (mode, lowest, plays, centre, counts, cands, best_num, cards, burner)),), "tie"))


def award(setup: Setup, gs: GameState, rs: RoundState, ts: TrickState, referee: Referee, winner: str,
          judge: Judge = _never) -> None:
    """What the winner of a trick takes: the prize (or, after a Surprise from hand, the next pile
    card) and the black cards played; then 2x, -5, a hidden Lowest, the Ally and the Thief."""
    k = setup.k
    t = ts
    centre = t.centre
    from_hand = ts.from_hand
    if from_hand is not None and SURPRISE_CARD in from_hand:
        taken: list[Card] = []
        # IT "Carta Sorpresa": the winner gets the next pile card; the centre goes under the pile.
        who = from_hand[SURPRISE_CARD]
        nxt = draw(setup, rs, t, referee, GIVES_NEXT, judge=judge)
        if centre is not None:
            rs.pile.put_bottom(centre)
        t.reasons.append(Reason(Message(
            "{player} played Surprise: {winner} receives the next pile card ({card}) instead of {centre}, which "
            "goes to the bottom of the pile", player=who, winner=winner,
            card=Message("none left") if nxt is None else nxt,
            centre=Message("the centre") if centre is None else centre), "surprise.from_hand"))
        if nxt is not None:
            taken.append(nxt)
    elif centre is not None:
        taken = [centre]
    else:
        taken = []
    points = taken[0].value if taken else 0
    for p, c in t.plays:
        if c.colour == BLACK:
            taken.append(c)
            points += c.value
    rp = rs.round_points
    doubled = DOUBLE_CARD in taken
    if doubled and not k["double.includes_trick"]:
        _double(setup, gs, rs, t, winner, before_trick=True)
    rp[winner] += points
    if doubled and k["double.includes_trick"]:
        _double(setup, gs, rs, t, winner, before_trick=False)
    t.taken = taken
    t.points = points
    explain = setup.explain
    if explain:  # (validate reads no explanation: Game)
        t.reasons.append(Reason(_take_text, None, (winner, taken, points)) if taken else
                         Reason(Message("{player} takes nothing (no centre card, no black card played)",
                                        player=winner), None))
    rs.tricks_won[winner] += 1
    rnum = rs.result.number
    held = gs.held[winner] if gs.owned is None else gs.held_of(winner)
    for c in taken:
        held.append((c, rnum))
    if MINUS_FIVE_CARD in taken:
        gs.minus_five_wins[winner] += 1
        if explain:
            t.reasons.append(Reason(Message("{player} won the -5 ({n} so far)", player=winner,
                                            n=gs.minus_five_wins[winner]), None))
    if centre is not None and t.hidden and centre == LOWEST_CARD and not rs.lowest:
        rs.lowest = True
        t.reasons.append(Reason(_HIDDEN_LOWEST, None))
    ally = from_hand.get(ALLY_CARD) if from_hand is not None else None
    if ally is not None:
        rs.allies = (ally, winner)
        if explain:
            t.reasons.append(Reason(Message("{player} played Ally: allied with {winner} for the rest of the round",
                                            player=ally, winner=winner), None))
    if THIEF_CARD in taken:
        if k["thief.timing"] == "immediate":
            gs.pending_thief = winner
        else:
            first = t.number if k["thief.first_chance"] == "same_trick" else t.number + 1
            gs.rights.append(Right(winner, rnum, first))
            t.reasons.append(Reason(Message(
                "{player} won the Thief: a right to steal once, from the end of trick {trick} on "
                "(thief.timing = deferred, thief.first_chance = {first_chance})", player=winner, trick=first,
                first_chance=k["thief.first_chance"]), "thief.timing"))


def _double(setup: Setup, gs: GameState, rs: RoundState, t: TrickResult, winner: str, before_trick: bool) -> None:
    scope = setup.k["double.scope"]
    rp = rs.round_points
    old = rp[winner]
    rp[winner] = old * 2
    banked = gs.totals[winner]
    if scope == "game":
        rs.double_bonus[winner] += banked
    t.doubled = (old, old * 2, banked if scope == "game" else None)
    if not setup.explain:
        return
    # before_trick: the 2x doubles first, so this trick's points come after it.
    if scope == "game":
        if before_trick:
            said = Message("{player} won 2x: round points {old} -> {new} and banked total {banked} -> {doubled} "
                           "(double.scope = {scope}; this trick's points added after doubling, "
                           "double.includes_trick = false)", player=winner, old=old, new=old * 2, banked=banked,
                           doubled=banked * 2, scope=scope)
        else:
            said = Message("{player} won 2x: round points {old} -> {new} and banked total {banked} -> {doubled} "
                           "(double.scope = {scope}; this trick's points added before doubling, "
                           "double.includes_trick = true)", player=winner, old=old, new=old * 2, banked=banked,
                           doubled=banked * 2, scope=scope)
    elif before_trick:
        said = Message("{player} won 2x: round points {old} -> {new} (double.scope = {scope}; this trick's points "
                       "added after doubling, double.includes_trick = false)", player=winner, old=old, new=old * 2,
                       scope=scope)
    else:
        said = Message("{player} won 2x: round points {old} -> {new} (double.scope = {scope}; this trick's points "
                       "added before doubling, double.includes_trick = true)", player=winner, old=old, new=old * 2,
                       scope=scope)
    t.reasons.append(Reason(said, "double.scope"))


def hidden_was_turned(rs: RoundState, ts: TrickState, referee: Referee, winner: str) -> None:
    """The line left out the hidden prize ('Surprise: ...'), but the trick was won."""
    card = ts.unwritten
    ts.unwritten = None
    if card is UNSEEN:
        said = Message("{player} won the hidden prize, so it was turned over: write '{surprise} <card>: ...' (only "
                       "a burned trick leaves it unseen on the pile, surprise.on_burn = stays)", player=winner,
                       surprise=SURPRISE_CARD)
    else:
        said = Message("{player} won the hidden prize, so it was turned over: write '{surprise} {card}: ...' (only "
                       "a burned trick leaves it unseen on the pile, surprise.on_burn = stays)", player=winner,
                       surprise=SURPRISE_CARD, card=card)
    referee.illegal(said, player=winner)
    if card is UNSEEN:
        rs.pile.unknown -= 1  # taken, though the log does not say which card it was


def burn(setup: Setup, rs: RoundState, ts: TrickState) -> None:
    """What a burned trick does: an Ally played into it allies nobody; a hidden prize stays on the
    pile or is discarded (surprise.on_burn)."""
    t = ts
    t.burned = True
    from_hand = ts.from_hand or {}
    if ALLY_CARD in from_hand:
        t.reasons.append(Reason(Message("{player} played Ally into a burned trick: no alliance",
                                        player=from_hand[ALLY_CARD]), "ally.on_burn"))
    pile = rs.pile
    if t.hidden and t.centre is None and ts.unwritten is not None:
        # Written 'Surprise:' (log.md): the hidden prize stays on the pile, never turned over.
        if ts.unwritten is not UNSEEN:
            pile.put_top(ts.unwritten)  # the pile's card (a round with a pile)
        t.stayed = True
        t.reasons.append(Reason(Message("burned: the hidden prize stays on the pile unseen ('{surprise}:') and is "
                                        "the next trick's prize", surprise=SURPRISE_CARD), "surprise.on_burn"))
    elif t.hidden and t.centre is not None:
        if setup.k["surprise.on_burn"] == "stays":
            pile.put_top(t.centre)
            t.stayed = True
            t.reasons.append(Reason(Message("burned: the hidden prize stays on the pile as the next trick's prize"),
                                    "surprise.on_burn"))
        else:
            t.reasons.append(Reason(Message("burned: the hidden prize is discarded"), "surprise.on_burn"))
    if SURPRISE_CARD in from_hand:
        t.reasons.append(Reason(Message("burned: the Surprise from hand moves nothing"), "surprise.from_hand"))


def _with_number(plays: Sequence[tuple[P, Card]], number: int) -> list[tuple[P, Card]]:
    """The (player, card) pairs whose card has ``number``, in order."""
    return [pair for pair in plays if pair[1].number == number]


def _of_count(pairs: Sequence[tuple[P, Card]], counts: dict[str, int], top: int) -> list[tuple[P, Card]]:
    """The (player, card) pairs whose card's colour appears ``top`` times (``counts``)."""
    return [e for e in pairs if counts[e[1].colour] == top]


def _played(player: object, card: Card) -> Message:
    """A play as a list shows it: "Ana R5"."""
    return Message("{player} {card}", player=player, card=card)


def _highest_by(player: str, card: Card) -> Message:
    """A reason made only when read (see Reason): its arguments are the winning play."""
    return Message("highest bid {card} by {player}", card=card, player=player)


def _tie_text(lowest: bool, best: int, plays: Listed, burner: str) -> Message:
    if lowest:
        return Message("tie for the lowest bid {number} ({plays}): burned; {player} played the last tied card and "
                       "leads (the burner is the turner, IT and EN)", number=best, plays=plays, player=burner)
    return Message("tie for the highest bid {number} ({plays}): burned; {player} played the last tied card and "
                   "leads (the burner is the turner, IT and EN)", number=best, plays=plays, player=burner)


def _lowest_by(player: str, card: Card) -> Message:
    return Message("lowest bid {card} by {player}: Lowest is in play", card=card, player=player)


# A trick's short verdict for each numbered card (cards are few and interned): a look-up, not a format.
_NUMBERED = tuple(c for c in _ALL_CARDS.values() if c.number is not None)
_HIGHEST_BID = {c: Said("highest bid {card}", card=c) for c in _NUMBERED}
_LOWEST_BID = {c: Said("lowest bid {card} (Lowest)", card=c) for c in _NUMBERED}
_COLOUR_BEST = {c: Said("Color Bids: {card} best of {colour}", card=c, colour=Colour(c.colour)) for c in _NUMBERED}
_CENTRE_BEST = {c: Said("{why}: burned", why=Said("Color Bids: the centre card {card} is best", card=c))
                for c in _NUMBERED}
_NO_BID = Said("{why}: burned", why=Said("no bid on the table"))
_HIDDEN_LOWEST = Message("the hidden prize is Lowest: the lowest bid wins from the next trick")
_ABOVE_ALL = MAX_NUMBER + 1  # above every card number: _standing's start under Lowest


# Parts of explanations that depend on one card only, made the first time each card needs one and
# kept (cards are interned, few): a Said keeps its English text, which JSON reads at every trick.
_TAKEN: dict[Card, Said] = {}
_AS_CENTRE: dict[Card, Said] = {}
_BEST_OF: dict[tuple[Card, bool], Said] = {}


def _taken(card: Card) -> Said:
    """A card taken, with its points: "K8 (+8)"."""
    said = _TAKEN.get(card)
    if said is None:
        said = _TAKEN[card] = Said("{card} ({value:+d})", card=card, value=card.value)
    return said


def _take_text(winner: str, taken: Sequence[Card], points: int) -> Message:
    """What the winner of a trick takes, e.g. "Ana takes K8 (+8) + -5 (-5) = 3 points"."""
    return PluralMessage("{player} takes {cards} = {points} point", "{player} takes {cards} = {points} points",
                         abs(points), player=winner, cards=Joined([_taken(c) for c in taken], " + "), points=points)


def _as_centre(card: Card) -> Said:
    """The centre card among its colour's cards: "K8 centre"."""
    said = _AS_CENTRE.get(card)
    if said is None:
        said = _AS_CENTRE[card] = Said("{card} centre", card=card)
    return said


def _colour_head(mode: str, lowest: bool, plays: Sequence[tuple[object, Card]], centre: Card | None,
                 counts: Mapping[str, int], cands: Sequence[tuple[object, Card]] | None, best_num: int | None) -> Message:
    """A Color Bids explanation's account of the table, e.g. "Color Bids (majority_first): black 2
    (K8 centre, K5), green 2 (G4, G7), red 1 (R5); most frequent: black (best K8 centre), green
    (best G7)"; its outcome follows it (``_colour_won``, ``_colour_centre``, ``_colour_tie``)."""
    members: dict[str, list[Card | Message]] = {}
    if centre is not None:
        members[BLACK] = [_as_centre(centre)]
    for _, c in plays:
        if c is not ALLY_CARD:
            members.setdefault(c.colour, []).append(c)
    count_txt = Listed([Message("{colour} {n} ({cards})", colour=Colour(col), n=n,
                                cards=Listed(members.get(col, []), ","))
                        for col, n in sorted(counts.items(), key=lambda x: -x[1])], ",")
    if cands is not None:
        best = Listed([_best_of(e[1], e[0] is None) for e in cands], ",")
        return Message("Color Bids ({mode}): {counts}; most frequent: {colours}", mode=mode, counts=count_txt,
                       colours=best)
    if lowest:
        return Message("Color Bids ({mode}): {counts}; lowest number {number}", mode=mode, counts=count_txt,
                       number=best_num)
    return Message("Color Bids ({mode}): {counts}; highest number {number}", mode=mode, counts=count_txt,
                   number=best_num)


def _best_of(card: Card, centre: bool) -> Said:
    """A colour and its best card: "green (best G7)", "black (best K8 centre)"."""
    said = _BEST_OF.get((card, centre))
    if said is None:
        said = _BEST_OF[card, centre] = (
            Said("{colour} (best {card})", colour=Colour(card.colour), card=card) if not centre
            else Said("{colour} (best {card} centre)", colour=Colour(card.colour), card=card))
    return said


def _colour_won(mode: str, lowest: bool, plays: Sequence[tuple[object, Card]], centre: Card | None,
                counts: Mapping[str, int], cands: Sequence[tuple[object, Card]] | None, best_num: int | None,
                player: object, card: Card) -> Message:
    return Message("{table}: {player} wins with {card}", player=player, card=card,
                   table=_colour_head(mode, lowest, plays, centre, counts, cands, best_num))


def _colour_centre(mode: str, lowest: bool, plays: Sequence[tuple[object, Card]], centre: Card | None,
                   counts: Mapping[str, int], cands: Sequence[tuple[object, Card]] | None, best_num: int | None,
                   card: Card) -> Message:
    return Message("{table}; the centre card {card} is the best card: nobody wins (color_bids.center_can_win)",
                   card=card, table=_colour_head(mode, lowest, plays, centre, counts, cands, best_num))


def _colour_tie(mode: str, lowest: bool, plays: Sequence[tuple[object, Card]], centre: Card | None,
                counts: Mapping[str, int], cands: Sequence[tuple[object, Card]] | None, best_num: int | None,
                cards: Listed, burner: object) -> Message:
    return Message("{table}; tie between {cards}: burned; {player} played the last tied card and leads (the burner "
                   "is the turner)", cards=cards, player=burner,
                   table=_colour_head(mode, lowest, plays, centre, counts, cands, best_num))
