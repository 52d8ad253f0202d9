"""Trick resolution: who wins a trick, what the winner takes, or why it burns.

``TrickResolution`` is mixed into ``game.Game``: ``finish_trick`` resolves a
plain trick (rules.md 3.3-3.5) or a Color Bids one ('Color Bids', fine print
6), then awards the prize and black cards (2x, -5, Ally, Thief rights) or
burns the trick (Surprise, Ally). The explanation texts are here too: most are
only written when a report reads them (``Reason`` with a function). Kept apart
from the deal and the plays because this is where the rulesets differ most.
"""

from __future__ import annotations

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
from ..core.errors import _Abort
from .pile import UNSEEN
from .results import Reason, TrickResult, filled
from .thief import DEFAULT_POLICY, Decider, _Right


class TrickResolution:
    """The end of a trick (part of ``game.Game``; ``self`` is the game)."""

    __slots__ = ()  # the game's slots are in game.Game

    # -- resolution -----------------------------------------------------------------
    def finish_trick(self, decide: Decider = DEFAULT_POLICY) -> TrickResult:
        """Resolve the trick, give the winner what they take (or burn it), then the steals:
        ``decide`` answers those the engine offers (``thief.Decider``), then checks its
        leftovers."""
        t = self.trick
        if len(t.plays) < self.n:
            missing = [p for p in self._order if p not in {q for q, _ in t.plays}]
            self.illegal(f"{', '.join(missing)} did not play: each player plays one card a trick", player=missing[0])
            raise _Abort()
        if self._lowest_from_hand and not self.lowest:
            self.lowest = True
            who = next(p for p, c in t.plays if c == LOWEST_CARD)
            t.reasons.append(Reason(f"{who} played Lowest: the lowest bid wins from this trick until the round ends",
                                    "lowest.from_hand"))
        t.lowest = self.lowest
        if self._colour_bids:
            winner, next_leader = self._resolve_colour(t)
        else:
            winner, next_leader = self._resolve_plain(t)
        t.winner = winner
        if winner is not None:
            if self._unwritten is not None:
                self._hidden_was_turned(t, winner)
            self._award(t, winner)
            next_leader = winner
            n = t.number
            # Made at every trick, read only by an error: the usual texts are made once.
            if t.lowest:  # why the lowest bidder leads: a wrong leader after Lowest is the likely slip
                self.leader_why = _won_lowest(t, winner)
            else:
                self.leader_why = _WON_TRICK[n] if n < len(_WON_TRICK) else f"won trick {n}"
        else:
            t.burned = True
            self._burn(t)
        self.pile.end_trick()
        if self._pending_thief is not None or self.rights:
            self._steals(t, decide)
        decide.leftovers()
        t.next_leader = next_leader
        self.leader = next_leader
        if self.explain:  # the running standings are an explanation too (validate reads none)
            t.running = dict(self.round_points)
        return t

    def _bids(self, t: TrickResult):
        return [(i, p, c) for i, (p, c) in enumerate(t.plays) if c.number is not None]

    def _resolve_plain(self, t: TrickResult):
        # One pass over the plays: the best number and every bid that has it. Nothing is
        # allocated on the way; the tied bids are listed only for a tie. A loop for each
        # direction, from a start no card number reaches (no test of which way per bid).
        lowest = self.lowest
        win = None
        ties = 0
        if lowest:
            best = _ABOVE_ALL
            for pair in t.plays:
                num = pair[1].number
                if num is None:
                    continue  # special cards and Ally are not bids (specials.bid)
                if num < best:
                    best, win, ties = num, pair, 1
                elif num == best:
                    ties += 1
        else:
            best = 0
            for pair in t.plays:
                num = pair[1].number
                if num is None:
                    continue
                if num > best:
                    best, win, ties = num, pair, 1
                elif num == best:
                    ties += 1
        if win is None:
            t.reason = "no bid on the table: burned"
            t.reasons.append(Reason(f"no bid on the table (special cards and Ally are not bids): burned; "
                                    f"{t.leader} leads again", "specials.bid"))
            self.leader_why = f"led trick {t.number}, which burned with no bid"
            return None, t.leader
        if ties == 1:
            # The winning (player, card) pair is the explanation's arguments: nothing new to keep.
            bp, bc = win
            if lowest:
                t.reason = _LOWEST_BID[bc]
                if self.explain:
                    t.reasons.append(Reason(_lowest_by, "lowest.reveal", win))
            else:
                t.reason = _HIGHEST_BID[bc]
                if self.explain:
                    t.reasons.append(Reason(_highest_by, None, win))
            return bp, bp
        # The final best number never changes once reached: its bids are all the tied ones, in order.
        tied = [pair for pair in t.plays if pair[1].number == best]
        burner = tied[-1][0]
        cards_txt = ", ".join([f"{p} {_TOKEN[c]}" for p, c in tied])
        t.reason = f"tie on {best} ({cards_txt}): burned"
        # A tie burns one trick in seven: its explanation is written only if a report reads it.
        if self.explain:
            t.reasons.append(Reason(_tie_text, None, ("lowest" if lowest else "highest", best, cards_txt, burner)))
        self.leader_why = f"played the last tied card in trick {t.number}, which burned"
        return None, burner

    def _resolve_colour(self, t: TrickResult):
        """Color Bids (rules.md 'Color Bids', fine print 6)."""
        k = self.k
        lowest = self.lowest
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
        for pair in t.plays:
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
        centre = t.centre if not t.hidden else None
        if centre is not None:
            counts[BLACK] = get(BLACK, 0) + 1  # "the count of black is always +1" (EN)
            if k["color_bids.center_can_win"] and centre.number is not None:
                centre_bids = True
                b = best_of(BLACK)
                num = centre.number
                if b is None or (num < b[1].number if lowest else num > b[1].number):
                    by_colour[BLACK] = (None, centre)
        if not has_bid:
            t.reason = "no bid on the table: burned"
            t.reasons.append(Reason(f"no bid on the table: burned; {t.leader} leads again", "specials.bid"))
            self.leader_why = f"led trick {t.number}, which burned with no bid"
            return None, t.leader
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
            numbered = [pair for pair in t.plays if pair[1].number is not None]
            if centre_bids:
                numbered.append((None, centre))
            best_num = (min if lowest else max)(e[1].number for e in numbered)
            same = [e for e in numbered if e[1].number == best_num]
            top = max(counts[e[1].colour] for e in same)
            tied = [e for e in same if counts[e[1].colour] == top]
        knob = "color_bids.mode"
        # The explanation is built only if a report asks for it (Reason with args: the table, then the tail).
        if len(tied) == 1:
            p, c = tied[0]
            if p is not None:
                t.reason = _COLOUR_BEST[c]
                if self.explain:
                    t.reasons.append(Reason(_colour_text, knob, (mode, word, t.plays, centre, counts, cands,
                                                                 best_num, ": {} wins with {}", p, c)))
                return p, p
            # The centre card is the best card.
            t.reason = _CENTRE_BEST[c]
            if k["color_bids.center_burn_leader"] == "same":
                nxt = t.leader
                how = f"{t.leader} led it and leads again"
            else:
                nxt = self.players[(self.seat[t.leader] + 1) % self.n]
                how = f"the seat after its leader, {nxt}, leads"
            t.reasons.append(Reason(_colour_text, "color_bids.center_can_win", (
                mode, word, t.plays, centre, counts, cands, best_num,
                f"; the centre card {c} is the best card: nobody wins (color_bids.center_can_win)")))
            t.reasons.append(Reason(f"burned by the centre card: {how}", "color_bids.center_burn_leader"))
            self.leader_why = f"trick {t.number} was burned by the centre card (color_bids.center_burn_leader)"
            return None, nxt
        players_tied = [e for e in tied if e[0] is not None]
        # The tied player who played last (each pair is one of this trick's plays).
        burner = max(players_tied, key=t.plays.index)[0] if players_tied else t.leader
        txt = ", ".join(f"{e[1]}{' (centre)' if e[0] is None else ''}" for e in tied)
        t.reason = f"Color Bids: tie {txt}: burned"
        t.reasons.append(Reason(_colour_text, knob, (
            mode, word, t.plays, centre, counts, cands, best_num,
            f"; tie between {txt}: burned; {burner} played the last tied card and leads (the burner is the turner)")))
        self.leader_why = f"played the last tied card in trick {t.number}, which burned"
        return None, burner

    def _award(self, t: TrickResult, winner: str) -> None:
        k = self.k
        centre = t.centre
        if self._surprise_from_hand:
            taken: list[Card] = []
            # IT "Carta Sorpresa": the winner gets the next pile card; the centre goes under the pile.
            who = next(p for p, c in t.plays if c == SURPRISE_CARD)
            nxt = self._draw("Surprise played from hand gives the winner the next pile card")
            if centre is not None:
                self.pile.put_bottom(centre)
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
        rp = self.round_points
        doubled = DOUBLE_CARD in taken
        if doubled and not k["double.includes_trick"]:
            self._double(t, winner, before_trick=True)
        rp[winner] += points
        if doubled and k["double.includes_trick"]:
            self._double(t, winner, before_trick=False)
        t.taken = taken
        t.points = points
        if self.explain:  # (validate reads no explanation: Game.__init__)
            t.reasons.append(Reason(_take_text, None, (winner, taken, points)) if taken else
                             Reason(f"{winner} takes nothing (no centre card, no black card played)", None))
        self.tricks_won[winner] += 1
        rnum = self.round.number
        held = self.held[winner]
        for c in taken:
            held.append((c, rnum))
        if MINUS_FIVE_CARD in taken:
            self.minus_five_wins[winner] += 1
            if self.explain:
                t.reasons.append(Reason(filled, None, ("{} won the -5 ({} so far)", winner,
                                                       self.minus_five_wins[winner])))
        if centre is not None and t.hidden and centre == LOWEST_CARD and not self.lowest:
            self.lowest = True
            t.reasons.append(Reason("the hidden prize is Lowest: the lowest bid wins from the next trick", None))
        if self._ally_player is not None:
            self.allies = (self._ally_player, winner)
            if self.explain:
                t.reasons.append(Reason(filled, None, ("{} played Ally: allied with {} for the rest of the round",
                                                       self._ally_player, winner)))
        if THIEF_CARD in taken:
            if k["thief.timing"] == "immediate":
                self._pending_thief = winner
            else:
                first = t.number if k["thief.first_chance"] == "same_trick" else t.number + 1
                self.rights.append(_Right(winner, rnum, first))
                t.reasons.append(Reason(
                    f"{winner} won the Thief: a right to steal once, from the end of trick {first} on "
                    f"(thief.timing = deferred, thief.first_chance = {k['thief.first_chance']})", "thief.timing"))

    def _double(self, t: TrickResult, winner: str, before_trick: bool) -> None:
        k = self.k
        rp = self.round_points
        old = rp[winner]
        rp[winner] = old * 2
        scope = k["double.scope"]
        banked = self.totals[winner]
        if scope == "game":
            self.double_bonus[winner] += banked
        t.doubled = (old, old * 2, banked if scope == "game" else None)
        if not self.explain:
            return
        text = f"{winner} won 2x: round points {old} -> {old * 2}"
        if scope == "game":
            text += f" and banked total {banked} -> {banked * 2}"
        # before_trick: the 2x doubles first, so this trick's points come after it.
        when = "after" if before_trick else "before"
        t.reasons.append(Reason(f"{text} (double.scope = {scope}; this trick's points added {when} doubling, "
                                f"double.includes_trick = {str(not before_trick).lower()})", "double.scope"))

    def _hidden_was_turned(self, t: TrickResult, winner: str) -> None:
        """The line left out the hidden prize ('Surprise: ...'), but the trick was won."""
        card = self._unwritten
        self._unwritten = None
        shown = "<card>" if card is UNSEEN else str(card)
        self.illegal(f"{winner} won the hidden prize, so it was turned over: write 'Surprise {shown}: ...' "
                      "(only a burned trick leaves it unseen on the pile, surprise.on_burn = stays)",
                      player=winner)
        if card is UNSEEN:
            self.pile.unknown -= 1  # taken, though the log does not say which card it was

    def _burn(self, t: TrickResult) -> None:
        if self._ally_player is not None:
            t.reasons.append(Reason(f"{self._ally_player} played Ally into a burned trick: no alliance",
                                    "ally.on_burn"))
        if t.hidden and t.centre is None and self._unwritten is not None:
            # Written 'Surprise:' (log.md): the hidden prize stays on the pile, never turned over.
            if self._unwritten is not UNSEEN:
                self.pile.put_top(self._unwritten)  # the pile's card (a round with a pile)
            t.stayed = True
            t.reasons.append(Reason("burned: the hidden prize stays on the pile unseen ('Surprise:') and is the "
                                    "next trick's prize", "surprise.on_burn"))
        elif t.hidden and t.centre is not None:
            if self.k["surprise.on_burn"] == "stays":
                self.pile.put_top(t.centre)
                t.stayed = True
                t.reasons.append(Reason("burned: the hidden prize stays on the pile as the next trick's prize",
                                        "surprise.on_burn"))
            else:
                t.reasons.append(Reason("burned: the hidden prize is discarded", "surprise.on_burn"))
        if self._surprise_from_hand:
            t.reasons.append(Reason("burned: the Surprise from hand moves nothing", "surprise.from_hand"))


def _highest_by(player: str, card: Card) -> str:
    """A reason text filled in only when read (see Reason): its arguments are the winning play."""
    return f"highest bid {card} by {player}"


def _tie_text(word: str, best: int, cards_txt: str, burner: str) -> str:
    return (f"tie for the {word} bid {best} ({cards_txt}): burned; {burner} played the last "
            "tied card and leads (the burner is the turner, IT and EN)")


def _won_lowest(t: TrickResult, winner: str) -> str:
    """Why the winner of a trick resolved under Lowest leads the next: "won trick 3: lowest
    bid B1 while Lowest is in play" (Color Bids: the lowest card of the colour that won)."""
    card = next(c for p, c in t.plays if p == winner)
    if t.reason.startswith("Color Bids"):
        return f"won trick {t.number}: {card}, the lowest of {COLOUR_NAMES[card.colour]} (Color Bids), while Lowest is in play"
    return f"won trick {t.number}: lowest bid {card} while Lowest is in play"


def _lowest_by(player: str, card: Card) -> str:
    return f"lowest bid {card} by {player}: Lowest is in play"


# A trick's short verdict for each numbered card (cards are few and interned): a look-up, not a format.
_NUMBERED = tuple(c for c in _ALL_CARDS.values() if c.number is not None)
_HIGHEST_BID = {c: f"highest bid {c}" for c in _NUMBERED}
_LOWEST_BID = {c: f"lowest bid {c} (Lowest)" for c in _NUMBERED}
_COLOUR_BEST = {c: f"Color Bids: {c} best of {COLOUR_NAMES[c.colour]}" for c in _NUMBERED}
_CENTRE_BEST = {c: f"Color Bids: the centre card {c} is best: burned" for c in _NUMBERED}
_ABOVE_ALL = MAX_NUMBER + 1  # above every card number: _resolve_plain's start under Lowest
# Game.leader_why after a won trick, set at every trick and read only by an error message.
_WON_TRICK = tuple(f"won trick {n}" for n in range(64))


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
