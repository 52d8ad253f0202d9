"""The core rules, knob by knob, under each bundled ruleset (rules.md sections 2-3; the scoring, section 4, is in test_rules_scoring.py).

Every expected score is worked out by hand in a comment next to it. Rules that
only apply to a complete round (lucky loser, Ally split) are played on complete
rounds: the tricks that matter are written out, and ``full_round`` fills the
rest of the round with tricks that burn (a tie for the best bid), so they move
no points, win nobody a trick and form no alliance.
"""

from __future__ import annotations

import itertools

import pytest

from bidscli.core.cards import ALLY_CARD, BLACK, DOUBLE, MINUS_FIVE, Card
from bidscli.core.errors import DeckError, RulesetError
from bidscli.log.trickline import parse_trick
from bidscli.rules.ruleset import deck_for, load_ruleset

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


def leader_wins(players, round_no, centre):
    """Trick 1 of round ``round_no`` (leader by rotation): the leader's R3 beats 1s and 2s."""
    n = len(players)
    order = [players[(round_no - 1 + j) % n] for j in range(n)]
    cards = ["R3", "G1", "Y1", "B1", "R2", "G2"][:n]
    return f"{centre}: " + ", ".join(f"{p} {c}" for p, c in zip(order, cards))


def test_leader_wins_writes_the_rotating_leader_first():
    assert leader_wins(ABCD, 2, "-5") == "-5: B R3, C G1, D Y1, A B1"


# Four players, three rounds: A, B and C each win one trick a round, D never.
LUCKY_ROUNDS_4P = [
    (["K1: A R4, B R1, C G1, D Y1", "K2: A R2, B G4, C Y2, D B2", "K3: B R3, C Y4, D B3, A G3"], "C"),
    (["K1: B R4, C R1, D G1, A Y1", "K2: B R2, C G4, D Y2, A B2", "K3: C R3, D B3, A Y4, B G3"], "A"),
    (["K1: C R4, D R1, A G1, B Y1", "K2: C R2, D Y2, A G4, B B2", "K3: A R3, B Y4, C B3, D G3"], "B"),
]


# -- deck.* ------------------------------------------------------------------------

# (players, options): colours, numbers, black deck, black cards in hands, Ally, hand
# pool, hand size, removed, pile, tricks, short hands, short pile. Worked out from
# rules.md 2: pool = colours x numbers + black in hands (+ Ally); removed = pool -
# players x hand; pile = black deck - black in hands.
K = [f"K{n}" for n in range(1, 15)]
DECK_MATH = {
    "english": {
        # EN "Cards in the game": -5 and 2x at every count, the Ally always at 6.
        # 3 x 10 + 1 = 31, 31 - 30 = 1 out; 10 K + -5 + 2x = 12 black, 12 - 1 = 11 pile.
        3: ("RGY", 10, K[:10] + ["-5", "2x"], 1, False, 31, 10, 1, 11, 10, False, False),
        4: ("RGYB", 10, K[:10] + ["-5", "2x"], 1, False, 41, 10, 1, 11, 10, False, False),
        # 4 x 12 + 2 = 50: none out; 12 K + 2 = 14 black, 14 - 2 = 12 pile.
        5: ("RGYB", 12, K[:12] + ["-5", "2x"], 2, False, 50, 10, 0, 12, 10, False, False),
        # 4 x 14 + 3 + Ally = 60; 14 K + 2 = 16 black, 16 - 3 = 13 pile.
        6: ("RGYB", 14, K + ["-5", "2x"], 3, True, 60, 10, 0, 13, 10, False, False),
    },
    "japanese": {
        # JA "使用するカード": -5 and 2x only in the 6-player row, and 1-12 at 5.
        # No -5 or 2x below 6 players: 10 K - 1 = 9 pile cards for 10 tricks.
        3: ("RGY", 10, K[:10], 1, False, 31, 10, 1, 9, 10, False, True),
        4: ("RGYB", 10, K[:10], 1, False, 41, 10, 1, 9, 10, False, True),
        5: ("RGYB", 12, K[:12], 2, False, 50, 10, 0, 10, 10, False, False),
        6: ("RGYB", 14, K + ["-5", "2x"], 3, True, 60, 10, 0, 13, 10, False, False),
    },
    "italian": {
        # IT "Distribuzione carte": 1-10 up to 5 players, 2x only at 6, -5 and Ally by
        # option. Without the -5 option IT is short of pile cards at 3-4 players too.
        3: ("RGY", 10, K[:10], 1, False, 31, 10, 1, 9, 10, False, True),
        4: ("RGYB", 10, K[:10], 1, False, 41, 10, 1, 9, 10, False, True),
        # 4 x 10 + 2 = 42 < 50: 42 // 5 = 8 a hand, 42 - 40 = 2 out; 10 - 2 = 8 pile.
        5: ("RGYB", 10, K[:10], 2, False, 42, 8, 2, 8, 8, True, False),
        # 4 x 14 + 3 = 59 < 60 (no Ally without its option): 9 a hand, 59 - 54 = 5 out;
        # 14 K + 2x = 15 black, 15 - 3 = 12 pile.
        6: ("RGYB", 14, K + ["2x"], 3, False, 59, 9, 5, 12, 9, True, False),
    },
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deck_math(ruleset, players):
    deck = deck_for(load_ruleset(ruleset), players, {})
    got = (
        "".join(deck.colours), deck.numbers, [str(c) for c in deck.black_deck], deck.black_in_hands, deck.ally,
        deck.pool_size, deck.hand_size, deck.removed, deck.pile_size, deck.tricks, deck.short_hands,
        deck.short_pile,
    )
    assert got == DECK_MATH[ruleset][players]


@pytest.mark.parametrize("ruleset, players, options, expected", [
    # IT: the -5 comes with its option: 11 black, 10 pile cards, no longer short.
    ("italian", 3, {"minus_five": True}, (K[:10] + ["-5"], 31, 1, 10, False)),
    # IT 5 players with the Ally: 43 cards, still 8 a hand, 3 out.
    ("italian", 5, {"ally": True}, (K[:10], 43, 3, 8, False)),
    # IT 6 players with the Ally: 60 cards, 10 a hand again, none out.
    ("italian", 6, {"ally": True, "minus_five": True}, (K + ["-5", "2x"], 60, 0, 13, False)),
    # EN/JA: the -5 option adds no card (deck.minus_five_by_option = false).
    ("english", 4, {"minus_five": True, "ally": True}, (K[:10] + ["-5", "2x"], 42, 2, 11, False)),
    ("japanese", 4, {"minus_five": True}, (K[:10], 41, 1, 9, True)),
    # Option cards join the black deck: JA 3 players with Lowest and Thief: 12 - 1 = 11 pile.
    ("japanese", 3, {"thief": True, "lowest": True}, (K[:10] + ["Lowest", "Thief"], 31, 1, 11, False)),
])
def test_deck_math_with_options(ruleset, players, options, expected):
    deck = deck_for(load_ruleset(ruleset), players, options)
    got = ([str(c) for c in deck.black_deck], deck.pool_size, deck.removed, deck.pile_size, deck.short_pile)
    assert got == expected


@pytest.mark.parametrize("players, pool", [(5, 42), (6, 59)])
def test_deck_short_error_refuses_a_short_hand_pool(players, pool):
    rs = load_ruleset("italian").with_knobs({"deck.short": "error"})
    with pytest.raises(DeckError) as exc:
        deck_for(rs, players, {})
    assert exc.value.message == (
        f"the italian {players}-player hand pool has {pool} cards, fewer than {players} x 10 "
        "(knob deck.short = \"error\")")
    # A pool that is not short is dealt as usual: 6 players with the Ally make 60.
    assert deck_for(rs, 6, {"ally": True}).hand_size == 10


@pytest.mark.parametrize("ruleset", ["english", "japanese"])
def test_deck_short_error_never_applies_to_english_and_japanese(ruleset):
    rs = load_ruleset(ruleset).with_knobs({"deck.short": "error"})
    assert [deck_for(rs, n, {}).hand_size for n in (3, 4, 5, 6)] == [10, 10, 10, 10]


def test_italian_five_players_play_rounds_of_eight_tricks():
    # deck.short = shorten: 8 cards a hand, 8 tricks make a complete round, so the
    # round-end rules apply: A takes K9, B-E win nothing: 8 each (5 players).
    players = ["A", "B", "C", "D", "E"]
    res = play_full("italian", players, [([leader_wins(players, 1, "K9")], "A")])
    assert len(res.rounds[0].tricks) == 8
    assert res.rounds[0].lucky_losers == {"B": 8, "C": 8, "D": 8, "E": 8}
    assert res.totals == {"A": 9, "B": 8, "C": 8, "D": 8, "E": 8}
    # A ninth trick is one too many.
    lines = full_round("italian", players, [leader_wins(players, 1, "K9")], "A")
    errors = kit.errors("italian", players, [lines + ["K10: A R10, B G10, C Y9, D B9, E R9"]])
    assert [e.message for e in errors] == ["round 1 has 9 tricks; the italian 5-player deal plays 8 a round"]


def test_italian_five_player_hands_hold_eight_cards():
    # IT 5 players: 8 cards a hand (deck.short = shorten); A was dealt 10.
    hands = {"A": "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B": "G1 G2 G3 G4 G5 G6 G7 G8",
             "C": "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", "D": "B1 B2 B3 B4 B5 B6 B7 B8", "E": "G9 G10 Y9 Y10 B9 B10 K1 K2"}
    errors = kit.errors("italian", ["A", "B", "C", "D", "E"], [["K5: A R1, B G1, C Y1, D B1, E G9"]],
                        hands=[hands])
    assert [(e.player, e.message) for e in errors] == [("A", "hand of A has 10 cards, expected 8")]


@pytest.mark.parametrize("ruleset, players, line, message", [
    ("italian", 5, "K5: A Y12, B R1, C G1, D Y1, E B1", "Y12 is not in the italian 5-player deck (numbers 1-10)"),
    ("italian", 5, "K11: A R2, B R1, C G1, D Y1, E B1", "K11 is not in the italian 5-player deck (numbers 1-10)"),
    ("japanese", 4, "K11: A B1, B R1, C G2, D Y5", "K11 is not in the japanese 4-player deck (numbers 1-10)"),
    ("english", 3, "K5: A B1, B R1, C G2",
     "B1 is not in the english 3-player deck (colours R, G, Y at 3 players: deck.colours)"),
    # A log without [options]: the card names the option it needs (issue 8: one error for the options).
    ("english", 4, "K5: A Ally, B R1, C G2, D Y5",
     "the cards imply options that are off: ally (Ally in round 1); the log has no [options] table: add "
     "ally = true under [options] (or -o ally=true); the log is checked as if they were on"),
])
def test_a_card_not_in_the_deck_names_the_deck(ruleset, players, line, message):
    names = ["A", "B", "C", "D", "E", "F"][:players]
    with pytest.raises(DeckError) as exc:
        kit.play(ruleset, names, [[line]])
    assert exc.value.message == message
    assert (exc.value.round, exc.value.trick) == (1, 1)


def test_english_five_players_have_twelves():
    res = kit.play("english", ["A", "B", "C", "D", "E"], [["K12: A Y12, B R1, C G1, D Y1, E B1"]])
    assert res.totals == {"A": 12, "B": 0, "C": 0, "D": 0, "E": 0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_ally_at_three_players(ruleset):
    with pytest.raises(RulesetError) as exc:
        kit.play(ruleset, ABC, [["K5: A R5, B G4, C Y2"]], options={"ally": True})
    assert exc.value.message == (
        f"the Ally option is not available at 3 players under {ruleset} (deck.ally_allowed: 4, 5, 6 players)")


# -- deck.short_pile ------------------------------------------------------------------

# JA and IT at 3 players: 9 pile cards for 10 tricks. A takes K9; the fillers reveal
# the 8 other pile cards; trick 10 has no centre card.
SHORT_PILE_HEAD = ["K9: A R10, B R1, C G1"]


@pytest.mark.parametrize("ruleset", ["italian", "japanese"])
def test_short_pile_empty_centre_winner_takes_only_played_black_cards(ruleset):
    # The last trick: A's K7 (from hand) beats G2 and Y2 and takes only itself: 7.
    res = play_full(ruleset, ABC, [(SHORT_PILE_HEAD, "A", {"A": "K7", "B": "G2", "C": "Y2"}, "")])
    last = res.rounds[0].tricks[9]
    assert last.revealed == [] and last.centre is None
    assert (last.winner, last.points, [str(c) for c in last.taken]) == ("A", 7, ["K7"])
    assert "deck.short_pile" in last.knobs
    # A: 9 + 7 = 16; B and C won nothing: 12 each.
    assert res.totals == {"A": 16, "B": 12, "C": 12}


def test_short_pile_error_refuses_the_trick_with_no_pile_card():
    with pytest.raises(DeckError) as exc:
        play_full("japanese", ABC, [(SHORT_PILE_HEAD, "A", {"A": "K7", "B": "G2", "C": "Y2"}, "")],
                  knobs={"deck.short_pile": "error"})
    assert exc.value.message == "the point pile is empty (deck.short_pile = \"error\")"
    assert (exc.value.round, exc.value.trick) == (1, 10)


def test_an_empty_centre_is_refused_while_pile_cards_are_left():
    errors = kit.errors("japanese", ABC, [["K5: A R5, B G4, C Y2", ": A R1, B G1, C Y1"]])
    assert [(e.trick, e.message) for e in errors] == [
        (2, "a pile card is missing from the revealed part (the prize of this trick): the pile still holds "
            "8 cards, so an empty centre is not possible yet")]


def test_english_three_players_have_a_pile_card_for_every_trick():
    # 11 pile cards for 10 tricks: the fillers reveal one every trick.
    lines = full_round("english", ABC, SHORT_PILE_HEAD, "A")
    assert all(not line.startswith(":") for line in lines)
    assert kit.play("english", ABC, [lines]).totals == {"A": 9, "B": 12, "C": 12}


# -- game.first_leader -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("first_leader, leaders", [
    # rotate (unstated, all three): seat r-1 leads round r, round 4 wraps to A.
    ("rotate", ["A", "B", "C", "A"]),
    ("first_seat", ["A", "A", "A", "A"]),
])
def test_game_first_leader(ruleset, first_leader, leaders):
    # Three rounds of burned tricks only, then one trick of a fourth, unfinished round.
    rounds = [([], leaders[r]) for r in range(3)]
    last = leaders[3]
    order = ABC[ABC.index(last):] + ABC[:ABC.index(last)]
    res = play_full(ruleset, ABC, rounds, knobs={"game.first_leader": first_leader},
                    partial=["K5: " + ", ".join(f"{p} {c}" for p, c in zip(order, ["R5", "G4", "K7"]))])
    assert [r.leader for r in res.rounds] == leaders
    assert [kit.leaders(res, r)[0] for r in (1, 2, 3, 4)] == leaders
    # Nobody wins a trick in rounds 1-3: all three are lucky losers, 12 + 24 + 36 = 72.
    # Round 4 is unfinished: the K7 takes 7 + 5 = 12, and no lucky loser.
    assert res.rounds[3].partial and res.rounds[3].lucky_losers == {}
    k7 = order[2]
    assert res.totals == {p: 72 + (12 if p == k7 else 0) for p in ABC}


def test_game_first_leader_is_overridden_by_the_log():
    res = kit.play("english", ABC, [["K5: C R5, A G4, B K7"]], leaders=["C"])
    assert kit.leaders(res) == ["C"]
    assert res.rounds[0].reasons[0].text == "C leads trick 1: named by the log"


@pytest.mark.parametrize("first_leader, why", [
    ("rotate", 'B leads this trick (seat 2 of players leads round 2: game.first_leader = rotate); the line starts '
               'with A: if A led this round, write leader = "A" in its [[rounds]]'),
    ("first_seat", None),
])
def test_game_first_leader_wrong_leader_of_round_two(first_leader, why):
    # Round 2 led by A: right under first_seat, wrong under rotate.
    lines = full_round("english", ABC, [], "A")
    errors = kit.errors("english", ABC, [lines, ["K5: A R5, B G4, C K7"]],
                        knobs={"game.first_leader": first_leader})
    if why is None:
        assert errors == []
    else:
        assert [(e.round, e.trick, e.player, e.message) for e in errors] == [
            (2, 1, "A", why)]


# -- trick resolution -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_highest_bid_wins_whatever_its_colour(ruleset):
    # A tie below the best bid does not matter: A's 9 beats the two 3s.
    res = kit.play(ruleset, ABC, [["K5: A R9, B G3, C Y3", "K6: A R1, B K8, C Y2"]])
    assert kit.winners(res) == ["A", "B"]
    # B's black K8 is a bid like any other and takes itself too: 6 + 8.
    assert res.totals == {"A": 5, "B": 14, "C": 0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_three_way_tie_burns_and_the_last_of_them_leads(ruleset):
    res = kit.play(ruleset, ABC, [["K5: A R6, B G6, C Y6", "K6: C R1, A G2, B Y1"]])
    assert kit.winners(res) == [None, "A"]
    assert kit.leaders(res) == ["A", "C"]
    assert res.rounds[0].tricks[0].reason == "tie on 6 (A R6, B G6, C Y6): burned"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_black_card_tying_a_coloured_card_burns_and_is_discarded(ruleset):
    # K7 and R7 tie: burned; the centre K5 and B's K7 are discarded, B (the later) leads.
    res = kit.play(ruleset, ABC, [["K5: A R7, B K7, C Y1", "K6: B R1, C G2, A G1"]])
    first = res.rounds[0].tricks[0]
    assert (first.winner, first.points, first.taken, first.next_leader) == (None, 0, [], "B")
    assert res.totals == {"A": 0, "B": 0, "C": 6}


# Three special cards in the hands: rules.md fine print "no bid on the table".
NO_BID_KNOBS = {
    "deck.black_in_hands": {3: 3, 4: 1, 5: 2, 6: 3},
    "deck.minus_five_always": [3, 4, 5, 6],
    "deck.double_always": [3, 4, 5, 6],
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_bid_burns_and_its_leader_leads_again(ruleset):
    # specials.bid = none: -5, 2x and Thief are not bids; with no bid the trick burns
    # and A, who led it, leads again. Nobody takes the -5 (no -5 win).
    res = kit.play(ruleset, ABC, [["K5: A -5, B 2x, C Thief", "K6: A R1, B G2, C Y3"]],
                   options={"thief": True}, knobs=NO_BID_KNOBS)
    first = res.rounds[0].tricks[0]
    assert (first.winner, first.points, first.reason) == (None, 0, "no bid on the table: burned")
    assert "specials.bid" in first.knobs
    assert kit.leaders(res) == ["A", "A"]
    assert res.totals == {"A": 0, "B": 0, "C": 6}
    assert res.minus_five_wins == {"A": 0, "B": 0, "C": 0}


# -- the award ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["english", "spanish"])
def test_the_winner_takes_the_centre_and_every_black_card_played(ruleset):
    # B's -5 goes to A with the centre: 6 - 5 = 1, and it counts as a -5 won by A,
    # the only one: A gets the whole -5 bonus, 1 + 30 = 31.
    res = kit.play(ruleset, ABC, [["K6: A R9, B -5, C G2"]], options={"minus_five": True})
    trick = res.rounds[0].tricks[0]
    assert [str(c) for c in trick.taken] == ["K6", "-5"]
    assert trick.points == 1
    assert res.minus_five_wins == {"A": 1, "B": 0, "C": 0}
    assert res.bonuses == {"A": 30, "B": 0, "C": 0}
    assert res.totals == {"A": 31, "B": 0, "C": 0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_five_players_the_winner_takes_both_black_cards_from_hands(ruleset):
    # 5 players: two black cards in the hands; D's K8 wins, E's K2 goes with it:
    # 5 + 8 + 2 = 15.
    players = ["A", "B", "C", "D", "E"]
    res = kit.play(ruleset, players, [["K5: A R1, B G2, C Y3, D K8, E K2"]])
    assert res.rounds[0].tricks[0].points == 15
    assert res.totals == {"A": 0, "B": 0, "C": 0, "D": 15, "E": 0}
