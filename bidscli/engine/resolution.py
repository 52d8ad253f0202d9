"""Trick resolution: who wins a trick, what the winner takes, or why it burns.

``resolve`` is the one rule of who wins: a pure function of the plays, the prize and the
knobs, plain (rules.md 3.3-3.5) or Color Bids ('Color Bids', fine print 6), under Lowest or
not, with its explanation built beside it. The engine calls it at the end of every trick,
and the bots to ask "would this card win now?". ``award`` then gives the winner the prize
and the black cards (2x, -5, Ally, Thief rights), or ``burn`` says what a burned trick does
(Surprise, Ally), each over the game's state types. The explanation texts are here too:
most are only written when a report reads them (``Reason`` with a function).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core.cards import _CANONICAL as _ALL_CARDS
from ..core.cards import (
    ALLY_CARD,
    BLACK,
    COLOUR_NAMES,
    DOUBLE_CARD,
    LOWEST_CARD,
    MAX_NUMBER,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    THIEF_CARD,
    Card,
)
from .pile import UNSEEN, Judge, _never
from .prize import draw
from .referee import Referee
from .results import Reason, TrickResult, filled
from .state import GameState, Right, RoundState, Setup, TrickState


class Resolution(NamedTuple):
    """Who wins a trick (``resolve``)."""

    winner: object  # the winning play's player; None: the trick burns
    next_leader: object  # the winner, or after a burn who leads: the leader, the last tied bidder, ...
    reason: str  # the short verdict: "highest bid K7", "tie on 5 (Ana R5, Ben G5): burned"
    reasons: tuple  # its explanation: each step a Reason naming the knob that decided it
    burn: str | None  # why it burned: None (won), "no_bid", "tie" or "centre" (Color Bids)


_new = tuple.__new__  # a Resolution from a tuple, without NamedTuple's Python __new__


def resolve(plays: Sequence[tuple], prize: Card | None, knobs: Mapping, lowest: bool = False,
            colour_bids: bool = False, leader=None, seating: Sequence = (), explain: bool = True) -> Resolution:
    """Who wins a trick of ``plays`` ((player, card) pairs in playing order) for ``prize`` (the
    centre card as the bidders see it: None when hidden or there is none), and why.

    Special cards and the Ally are not bids (specials.bid); the best bid wins, the highest, or
    the lowest under ``lowest``; a tie on the best bid burns the trick, and the last tied bidder
    leads (the burner is the turner, IT and EN); no bid at all burns it and ``leader`` (default:
    the first player) leads again. With ``colour_bids``, the colours count first ('Color Bids':
    ``color_bids.mode``, ``color_bids.center_can_win``; ``seating`` says who sits after the
    leader, for ``color_bids.center_burn_leader``). ``explain=False``: the commonest
    explanations (a single winner, a plain tie) are not kept. A player may be any value (the
    bots ask with indexes)."""
    return _new(Resolution, _resolve(plays, prize, knobs, lowest, colour_bids, leader, seating, explain))


def activates_lowest(card: Card, knobs: Mapping) -> bool:
    """Whether ``card`` played from hand turns Lowest on from its trick (lowest.from_hand = activate:
    the trick it is played in is resolved under Lowest, and the rest of the round)."""
    return card is LOWEST_CARD and knobs["lowest.from_hand"] == "activate"


def _resolve(plays, prize, knobs, lowest, colour_bids, leader, seating, explain) -> tuple:
    """``resolve`` as a plain tuple (the engine unpacks it at every trick)."""
    if colour_bids:
        return _colour(plays, prize, knobs, lowest, plays[0][0] if leader is None and plays else leader, seating,
                       explain)
    # Plain play. One pass over the plays: the best number and every bid that has it. Nothing
    # is allocated on the way; the tied bids are listed only for a tie. A loop for each
    # direction, from a start no card number reaches (no test of which way per bid).
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
    if win is None:
        if leader is None and plays:
            leader = plays[0][0]
        return ((None, leader, "no bid on the table: burned", (Reason(
            f"no bid on the table (special cards and Ally are not bids): burned; {leader} leads again",
            "specials.bid"),), "no_bid"))
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
    cards_txt = ", ".join([f"{p} {_TOKEN[c]}" for p, c in tied])
    # A tie burns one trick in seven: its explanation is written only if a report reads it.
    return ((None, burner, f"tie on {best} ({cards_txt}): burned",
                             (Reason(_tie_text, None, ("lowest" if lowest else "highest", best, cards_txt, burner)),)
                             if explain else (), "tie"))


def _colour(plays, centre, k: Mapping, lowest: bool, leader, seating, explain: bool) -> tuple:
    """Color Bids (rules.md 'Color Bids', fine print 6)."""
    word = "lowest" if lowest else "highest"
    # One pass over the table: each colour's count, and its best numbered card.
    counts: dict[str, int] = {}
    # colour -> its best numbered card as an (owner, card) pair: the play itself (nothing
    # new to keep for the explanation), or (None, centre) for the centre card.
    by_colour: dict[str, tuple] = {}
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
            if b is None or (num < b[1].number if lowest else num > b[1].number):
                by_colour[col] = pair
    if centre is not None:
        counts[BLACK] = get(BLACK, 0) + 1  # "the count of black is always +1" (EN)
        if k["color_bids.center_can_win"] and centre.number is not None:
            centre_bids = True
            b = best_of(BLACK)
            num = centre.number
            if b is None or (num < b[1].number if lowest else num > b[1].number):
                by_colour[BLACK] = (None, centre)
    if not has_bid:
        return ((None, leader, "no bid on the table: burned", (Reason(
            f"no bid on the table: burned; {leader} leads again", "specials.bid"),), "no_bid"))
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
        best_num = None
        tied = []
        for e in cands:
            num = e[1].number
            if best_num is None or (num < best_num if lowest else num > best_num):
                best_num, tied = num, [e]
            elif num == best_num:
                tied.append(e)
    else:
        cands = None
        # Every numbered card in table order, the centre last (when it can win).
        numbered = [pair for pair in plays if pair[1].number is not None]
        if centre_bids:
            numbered.append((None, centre))
        best_num = (min if lowest else max)([e[1].number for e in numbered])
        same = _with_number(numbered, best_num)
        top = max(map(counts.__getitem__, [e[1].colour for e in same]))
        tied = _of_count(same, counts, top)
    knob = "color_bids.mode"
    # The explanation is built only if a report asks for it (Reason with args: the table, then the tail).
    if len(tied) == 1:
        p, c = tied[0]
        if p is not None:
            return ((p, p, _COLOUR_BEST[c], (Reason(_colour_text, knob, (
                mode, word, plays, centre, counts, cands, best_num, ": {} wins with {}", p, c)),) if explain else (),
                None))
        # The centre card is the best card.
        if k["color_bids.center_burn_leader"] == "same":
            nxt = leader
            how = f"{leader} led it and leads again"
        else:
            nxt = seating[(list(seating).index(leader) + 1) % len(seating)]
            how = f"the seat after its leader, {nxt}, leads"
        return ((None, nxt, _CENTRE_BEST[c], (
            Reason(_colour_text, "color_bids.center_can_win", (
                mode, word, plays, centre, counts, cands, best_num,
                f"; the centre card {c} is the best card: nobody wins (color_bids.center_can_win)")),
            Reason(f"burned by the centre card: {how}", "color_bids.center_burn_leader")), "centre"))
    players_tied = [e for e in tied if e[0] is not None]
    # The tied player who played last (each pair is one of this trick's plays).
    burner = max(players_tied, key=list(plays).index)[0] if players_tied else leader
    txt = ", ".join(f"{e[1]}{' (centre)' if e[0] is None else ''}" for e in tied)
    return ((None, burner, f"Color Bids: tie {txt}: burned", (Reason(_colour_text, knob, (
        mode, word, plays, centre, counts, cands, best_num,
        f"; tie between {txt}: burned; {burner} played the last tied card and leads (the burner is the turner)")),),
        "tie"))


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
        nxt = draw(setup, rs, t, referee, "Surprise played from hand gives the winner the next pile card",
                   judge=judge)
        if centre is not None:
            rs.pile.put_bottom(centre)
        t.reasons.append(Reason(
            f"{who} played Surprise: {winner} receives the next pile card ({nxt or 'none left'}) instead of "
            f"{centre or 'the centre'}, which goes to the bottom of the pile", "surprise.from_hand"))
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
                         Reason(f"{winner} takes nothing (no centre card, no black card played)", None))
    rs.tricks_won[winner] += 1
    rnum = rs.result.number
    held = gs.held[winner] if gs.owned is None else gs.held_of(winner)
    for c in taken:
        held.append((c, rnum))
    if MINUS_FIVE_CARD in taken:
        gs.minus_five_wins[winner] += 1
        if explain:
            t.reasons.append(Reason(filled, None, ("{} won the -5 ({} so far)", winner, gs.minus_five_wins[winner])))
    if centre is not None and t.hidden and centre == LOWEST_CARD and not rs.lowest:
        rs.lowest = True
        t.reasons.append(Reason("the hidden prize is Lowest: the lowest bid wins from the next trick", None))
    ally = from_hand.get(ALLY_CARD) if from_hand is not None else None
    if ally is not None:
        rs.allies = (ally, winner)
        if explain:
            t.reasons.append(Reason(filled, None, ("{} played Ally: allied with {} for the rest of the round",
                                                   ally, winner)))
    if THIEF_CARD in taken:
        if k["thief.timing"] == "immediate":
            gs.pending_thief = winner
        else:
            first = t.number if k["thief.first_chance"] == "same_trick" else t.number + 1
            gs.rights.append(Right(winner, rnum, first))
            t.reasons.append(Reason(
                f"{winner} won the Thief: a right to steal once, from the end of trick {first} on "
                f"(thief.timing = deferred, thief.first_chance = {k['thief.first_chance']})", "thief.timing"))


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
    text = f"{winner} won 2x: round points {old} -> {old * 2}"
    if scope == "game":
        text += f" and banked total {banked} -> {banked * 2}"
    # before_trick: the 2x doubles first, so this trick's points come after it.
    when = "after" if before_trick else "before"
    t.reasons.append(Reason(f"{text} (double.scope = {scope}; this trick's points added {when} doubling, "
                            f"double.includes_trick = {str(not before_trick).lower()})", "double.scope"))


def hidden_was_turned(rs: RoundState, ts: TrickState, referee: Referee, winner: str) -> None:
    """The line left out the hidden prize ('Surprise: ...'), but the trick was won."""
    card = ts.unwritten
    ts.unwritten = None
    shown = "<card>" if card is UNSEEN else str(card)
    referee.illegal(f"{winner} won the hidden prize, so it was turned over: write 'Surprise {shown}: ...' "
                    "(only a burned trick leaves it unseen on the pile, surprise.on_burn = stays)", player=winner)
    if card is UNSEEN:
        rs.pile.unknown -= 1  # taken, though the log does not say which card it was


def burn(setup: Setup, rs: RoundState, ts: TrickState) -> None:
    """What a burned trick does: an Ally played into it allies nobody; a hidden prize stays on the
    pile or is discarded (surprise.on_burn)."""
    t = ts
    t.burned = True
    from_hand = ts.from_hand or {}
    if ALLY_CARD in from_hand:
        t.reasons.append(Reason(f"{from_hand[ALLY_CARD]} played Ally into a burned trick: no alliance",
                                "ally.on_burn"))
    pile = rs.pile
    if t.hidden and t.centre is None and ts.unwritten is not None:
        # Written 'Surprise:' (log.md): the hidden prize stays on the pile, never turned over.
        if ts.unwritten is not UNSEEN:
            pile.put_top(ts.unwritten)  # the pile's card (a round with a pile)
        t.stayed = True
        t.reasons.append(Reason("burned: the hidden prize stays on the pile unseen ('Surprise:') and is the "
                                "next trick's prize", "surprise.on_burn"))
    elif t.hidden and t.centre is not None:
        if setup.k["surprise.on_burn"] == "stays":
            pile.put_top(t.centre)
            t.stayed = True
            t.reasons.append(Reason("burned: the hidden prize stays on the pile as the next trick's prize",
                                    "surprise.on_burn"))
        else:
            t.reasons.append(Reason("burned: the hidden prize is discarded", "surprise.on_burn"))
    if SURPRISE_CARD in from_hand:
        t.reasons.append(Reason("burned: the Surprise from hand moves nothing", "surprise.from_hand"))

def _with_number(plays, number: int) -> list:
    """The (player, card) pairs whose card has ``number``, in order."""
    return [pair for pair in plays if pair[1].number == number]


def _of_count(pairs, counts: dict, top: int) -> list:
    """The (player, card) pairs whose card's colour appears ``top`` times (``counts``)."""
    return [e for e in pairs if counts[e[1].colour] == top]


def _highest_by(player: str, card: Card) -> str:
    """A reason text filled in only when read (see Reason): its arguments are the winning play."""
    return f"highest bid {card} by {player}"


def _tie_text(word: str, best: int, cards_txt: str, burner: str) -> str:
    return (f"tie for the {word} bid {best} ({cards_txt}): burned; {burner} played the last "
            "tied card and leads (the burner is the turner, IT and EN)")


def _lowest_by(player: str, card: Card) -> str:
    return f"lowest bid {card} by {player}: Lowest is in play"


# A trick's short verdict for each numbered card (cards are few and interned): a look-up, not a format.
_NUMBERED = tuple(c for c in _ALL_CARDS.values() if c.number is not None)
_HIGHEST_BID = {c: f"highest bid {c}" for c in _NUMBERED}
_LOWEST_BID = {c: f"lowest bid {c} (Lowest)" for c in _NUMBERED}
_COLOUR_BEST = {c: f"Color Bids: {c} best of {COLOUR_NAMES[c.colour]}" for c in _NUMBERED}
_CENTRE_BEST = {c: f"Color Bids: the centre card {c} is best: burned" for c in _NUMBERED}
_ABOVE_ALL = MAX_NUMBER + 1  # above every card number: _plain's start under Lowest


_TOKEN = {c: str(c) for c in _ALL_CARDS.values()}  # a look-up: formatting a Card calls its Python __str__
_TAKE_PART = {c: f"{c} ({c.value:+d})" for c in _ALL_CARDS.values()}  # "K8 (+8)": a look-up, not a format


def _take_text(winner: str, taken: list, points: int) -> str:
    """What the winner of a trick takes, e.g. "Ana takes K8 (+8) + -5 (-5) = 3 points"."""
    return (f"{winner} takes {' + '.join(map(_TAKE_PART.__getitem__, taken))} = {points} "
            f"point{'' if abs(points) == 1 else 's'}")


def _colour_text(mode: str, word: str, plays, centre, counts: dict, cands, best_num, tail: str, *args) -> str:
    """A Color Bids explanation, e.g. "Color Bids (majority_first): black 2 (K8 centre,
    K5), green 2 (G4, G7), red 1 (R5); most frequent: black (best K8 centre), green
    (best G7); the centre card K8 is the best card: nobody wins".

    With ``args``, ``tail`` is a template they fill in."""
    if args:
        tail = tail.format(*args)
    members: dict[str, list[str]] = {}
    if centre is not None:
        members[BLACK] = [f"{centre} centre"]
    for _, c in plays:
        if c is not ALLY_CARD:
            members.setdefault(c.colour, []).append(str(c))
    count_txt = ", ".join(f"{_cname(col)} {n} ({', '.join(members.get(col, ()))})"
                          for col, n in sorted(counts.items(), key=lambda x: -x[1]))
    if cands is not None:
        lead = f"{count_txt}; most frequent: " + ", ".join(
            f"{_cname(e[1].colour)} (best {e[1]}{' centre' if e[0] is None else ''})" for e in cands)
    else:
        lead = f"{count_txt}; {word} number {best_num}"
    return f"Color Bids ({mode}): {lead}{tail}"


def _cname(colour: str) -> str:
    return COLOUR_NAMES.get(colour, colour)
