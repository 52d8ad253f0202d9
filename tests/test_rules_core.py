"""The core rules, knob by knob, under each bundled ruleset (rules.md sections 2-4).

Every expected score is worked out by hand in a comment next to it. Rules that
only apply to a complete round (lucky loser, Ally split) are played on complete
rounds: the tricks that matter are written out, and ``full_round`` fills the
rest of the round with tricks that burn (a tie for the best bid), so they move
no points, win nobody a trick and form no alliance.
"""

from __future__ import annotations

import itertools

import pytest

from bidscli.cards import ALLY_CARD, BLACK, DOUBLE, MINUS_FIVE, Card
from bidscli.errors import DeckError, IllegalPlayError, RulesetError
from bidscli.log import parse_trick
from bidscli.rules import deck_for, load_ruleset

from . import kit

RULESETS = ("italian", "english", "japanese")
ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]
SIX = ["A", "B", "C", "D", "E", "F"]


# -- complete rounds -------------------------------------------------------------


def _partition(counts: tuple, n: int, tricks: int, spare: int, failed: set):
    """Split card counts by number (index 0: the Ally, not a bid) into ``tricks``
    groups of ``n`` cards, each with at least two cards of its highest number;
    ``spare`` cards may be left out (the cards removed at the deal).

    Returns [(top, k, others)] or None. The highest card left must tie, so it is
    placed first; the rest of its trick takes lower cards, lone numbers first.
    """
    if tricks == 0:
        return [] if sum(counts) == spare else None
    if (counts, spare) in failed:
        return None
    bids = [i for i in range(1, len(counts)) if counts[i]]
    top = bids[-1] if bids else None
    if top is not None and spare and (counts[top] == 1 or counts[top] > n):
        # Leave the lone top card out of the round.
        after = list(counts)
        after[top] -= 1
        plan = _partition(tuple(after), n, tricks, spare - 1, failed)
        if plan is not None:
            return plan
    if top is None or counts[top] < 2:
        failed.add((counts, spare))
        return None
    for k in range(min(counts[top], n), 1, -1):
        if counts[top] - k == 1 and not spare:
            continue  # would leave a lone top card that can never tie
        rest = list(counts)
        rest[top] -= k
        below = [i for i in range(top) if rest[i]]
        # Lone cards first (they need a higher tie to hide under), then the Ally, then big groups.
        below.sort(key=lambda i: (rest[i] != 1, i != 0, -rest[i], i))
        tries = 0
        for others in itertools.combinations_with_replacement(below, n - k):
            if any(others.count(i) > rest[i] for i in set(others)):
                continue
            tries += 1
            if tries > 60:
                break
            after = list(rest)
            for i in others:
                after[i] -= 1
            plan = _partition(tuple(after), n, tricks - 1, spare, failed)
            if plan is not None:
                return [(top, k, others)] + plan
    failed.add((counts, spare))
    return None


def full_round(ruleset, players, head, leader, *, last=None, last_revealed="", options=None, knobs=None):
    """The trick lines of one complete round: ``head``, burned fillers, then ``last``.

    ``head``: the tricks that matter, as written in a log. ``leader``: who leads
    the first filler, worked out by hand from ``head`` (the engine refuses the
    round if it is wrong). ``last``: an optional final trick as {player: card},
    played in seat order from whoever leads after the fillers, with
    ``last_revealed`` as its revealed part ("" for an empty centre).

    A filler is a tie for the highest bid, so it burns (rules.md 3.3): nobody
    wins it, its centre card is discarded and an Ally in it forms no alliance.
    Fillers reveal the unused black number cards, lowest first (then -5, 2x),
    until the pile is used up; then their centre is empty.
    """
    rs = kit._ruleset(ruleset, knobs)
    opts = dict(rs.options)
    opts.update(options or {})
    n = len(players)
    deck = deck_for(rs, n, opts)
    recs = [parse_trick(line) for line in head]
    last_cards = {p: Card.parse(c) for p, c in (last or {}).items()}
    last_rev = [Card.parse(tok) for tok in last_revealed.split()]
    used = set(last_cards.values()) | set(last_rev)
    revealed = len(last_rev)
    black_from_hand = sum(c.colour == BLACK for c in last_cards.values())
    for r in recs:
        used.update(r.revealed)
        revealed += len(r.revealed)
        used.update(c for _, c in r.plays)
        black_from_hand += sum(c.colour == BLACK for _, c in r.plays)
    fillers = deck.tricks - len(head) - (1 if last else 0)
    hand = [c for c in deck.coloured_cards() if c not in used]
    if deck.ally and ALLY_CARD not in used:
        hand.append(ALLY_CARD)
    spare = [c for c in deck.black_deck if c.number is not None and c not in used]
    missing = n * fillers - len(hand)
    if missing > 0:
        # Black number cards from the hands (6 players: the pool is exactly 60 cards).
        assert black_from_hand + missing <= deck.black_in_hands, "not enough cards for the fillers"
        hand += spare[:missing]
        spare = spare[missing:]
    pile = spare + [c for c in deck.black_deck if c.special in (MINUS_FIVE, DOUBLE) and c not in used]
    room = deck.pile_size - revealed
    counts = [0] * 16
    groups: dict[int, list] = {}
    for c in hand:
        num = c.number or 0
        counts[num] += 1
        groups.setdefault(num, []).append(c)
    plan = _partition(tuple(counts), n, fillers, max(0, len(hand) - n * fillers), set())
    assert plan is not None, "no burned fillers fit: use other cards in the written tricks"
    lines = list(head)
    seat = players.index(leader)
    for i, (top, k, others) in enumerate(plan):
        cards = [groups[top].pop() for _ in range(k)] + [groups[num].pop() for num in others]
        order = [players[(seat + j) % n] for j in range(n)]
        if i < min(room, len(pile)):
            shown = str(pile[i])
        else:
            assert room <= i, "the pile must be used up before a centre is empty"
            shown = ""
        lines.append(f"{shown}: " + ", ".join(f"{p} {c}" for p, c in zip(order, cards)))
        seat = (seat + k - 1) % n  # the last tied card leads: the burner is the turner
    if last:
        order = [players[(seat + j) % n] for j in range(n)]
        lines.append(f"{last_revealed}: " + ", ".join(f"{p} {last_cards[p]}" for p in order))
    return lines


def play_full(ruleset, players, rounds, *, options=None, knobs=None, leaders=None, partial=()):
    """Play complete rounds given as (head, leader of the first filler[, last, last_revealed]).

    ``partial``: trick lines of a final, unfinished round.
    """
    lines = []
    for spec in rounds:
        head, leader, *rest = spec
        last, last_revealed = (rest + [None, ""])[:2]
        lines.append(full_round(ruleset, players, head, leader, last=last, last_revealed=last_revealed,
                                options=options, knobs=knobs))
    if partial:
        lines.append(list(partial))
    res = kit.play(ruleset, players, lines, options=options, knobs=knobs, leaders=leaders)
    for i in range(len(rounds)):
        assert not res.rounds[i].partial
    return res


def test_full_round_fillers_burn_and_lead_on():
    lines = full_round("english", ABC, ["K5: A R5, B G4, C K7"], "C")
    assert len(lines) == 10
    # The highest cards left are the three 10s: all tie, C played the last one and leads on.
    assert lines[1] == "K1: C Y10, A G10, B R10"
    res = kit.play("english", ABC, [lines])
    assert kit.winners(res) == ["C"] + [None] * 9
    assert not res.rounds[0].partial
