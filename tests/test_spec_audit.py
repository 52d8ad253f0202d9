"""An audit of the rules engine against rules.md sections 1-6 and the cli.md score shape.

Two kinds of tests:

- ``referee``: an independent re-computation of everything the engine scores
  from what a result shows trick by trick (plays, winners, what was taken,
  steals), run on every bundled example and on many games played by the bots
  under each ruleset, player count and option set. It checks the round-end
  order (Ally split on round points, then lucky loser, then bank; the -5 bonus
  at game end), cli.md's ``rounds[].scores`` (round points after the Ally split
  + lucky-loser points + what a game-scope 2x added to the banked total) and
  ``totals = sum of round scores + bonuses``, always.
- hand-worked cases the other rules tests leave out or play under one ruleset
  only, each with its arithmetic in a comment, under italian, english and
  japanese (a knob override where a ruleset says otherwise).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bidscli.app import api
from bidscli.core.cards import BLACK, DOUBLE_CARD, LOWEST_CARD, MINUS_FIVE_CARD
from bidscli.core.errors import BidsError, DeckError
from bidscli.report.render import result_json
from bidscli.rules.ruleset import load_ruleset
from bidscli.sim.bots import BOTS, play_game
from bidscli.sim.deal import default_names, make_deal

from . import kit
from .test_rules_core import full_round, play_full

RULESETS = ("italian", "english", "japanese")
ROOT = Path(__file__).resolve().parent.parent
ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]
SIX = ["A", "B", "C", "D", "E", "F"]
OPTIONS = ("ally", "minus_five", "color_bids", "lowest", "surprise", "thief")


# -- the referee -------------------------------------------------------------------------


def _half(s: int, rounding: str) -> int:
    return s // 2 if rounding == "floor" else -(-s // 2)


def referee(result, knobs, players_n=None):
    """Re-score ``result`` from its tricks and compare with every number the engine gives.

    Returns nothing; fails with a message naming the round and trick.
    """
    k = knobs
    players = list(result.players)
    n = len(players)
    banked = {p: 0 for p in players}
    lucky_count = {p: 0 for p in players}
    minus_five = {p: 0 for p in players}
    for rnd in result.rounds:
        where = f"round {rnd.number}"
        rp = {p: 0 for p in players}
        dbl = {p: 0 for p in players}
        won = {p: 0 for p in players}
        holding = {p: [] for p in players}  # black cards taken this round and not stolen away
        allies = None
        lowest = hidden_lowest = False
        for t in rnd.tricks:
            at = f"{where}, trick {t.number}"
            # Lowest-wins mode lasts the round once it starts; it never starts before a Lowest shows.
            if lowest:
                assert t.lowest, f"{at}: lowest-wins mode ended inside the round"
            elif t.lowest:
                assert hidden_lowest or LOWEST_CARD in t.revealed or any(c == LOWEST_CARD for _, c in t.plays), \
                    f"{at}: lowest-wins mode without a Lowest"
            else:
                # A hidden Lowest that was won starts the mode from the next trick (fine print).
                assert not hidden_lowest, f"{at}: a hidden Lowest was won but lowest-wins mode did not start"
            lowest = t.lowest
            hidden_lowest = t.hidden and t.centre == LOWEST_CARD and t.winner is not None
            bids = [(i, p, c) for i, (p, c) in enumerate(t.plays) if c.number is not None]
            # 3.3 Winner (plain bids): the best number, unique, wins; a tie or no bid burns.
            if not result.options.get("color_bids"):
                if not bids:
                    assert t.winner is None and t.next_leader == t.leader, at
                else:
                    best = (min if t.lowest else max)(c.number for _, _, c in bids)
                    tied = [p for _, p, c in bids if c.number == best]
                    if len(tied) == 1:
                        assert t.winner == tied[0], at
                    else:
                        # 3.5 the burner is the turner: the last tied card in this trick's order.
                        assert t.winner is None and t.next_leader == tied[-1], at
            else:
                assert t.winner is None or t.winner in {p for _, p, _ in bids}, f"{at}: a non-bid won"
                if not bids:
                    assert t.winner is None and t.next_leader == t.leader, at
            if t.winner is not None:
                assert t.next_leader == t.winner, at
                w = t.winner
                black_played = [c for _, c in t.plays if c.colour == BLACK]
                prize = list(t.taken[: len(t.taken) - len(black_played)])
                # 3.4 Award: the prize (at most one card) and every black card played.
                assert list(t.taken[len(prize):]) == black_played and len(prize) <= 1, at
                assert t.points == sum(c.value for c in t.taken), at
                won[w] += 1
                holding[w].extend(t.taken)
                if MINUS_FIVE_CARD in t.taken:
                    minus_five[w] += 1
                # 2x: doubled at that moment (double.scope, double.includes_trick).
                if DOUBLE_CARD in t.taken:
                    if not k["double.includes_trick"]:
                        rp[w] *= 2
                        rp[w] += t.points
                    else:
                        rp[w] += t.points
                        rp[w] *= 2
                    if k["double.scope"] == "game":
                        dbl[w] += banked[w]
                else:
                    rp[w] += t.points
                ally = [p for p, c in t.plays if c.special == "Ally"]
                if ally:
                    allies = {ally[0], w}
            else:
                assert t.points == 0 and t.taken == [], at
            for s in t.steals:
                assert s.value == s.card.value and s.thief != s.victim, at
                rp[s.victim] -= s.value
                rp[s.thief] += s.value
                if s.card in holding[s.victim]:
                    holding[s.victim].remove(s.card)
                holding[s.thief].append(s.card)
            assert t.running == rp, f"{at}: running {t.running} != {rp}"
        assert rnd.round_points == rp, f"{where}: round points"
        assert rnd.double_bonus == dbl, f"{where}: 2x bonus {rnd.double_bonus} != {dbl}"
        # Round end: Ally split on round points, then lucky loser, then bank.
        split = dict(rp)
        lucky = {}
        if not rnd.partial:
            if allies and len(allies) == 2:
                a, b = sorted(allies)
                split[a] = split[b] = _half(rp[a] + rp[b], k["ally.rounding"])
                assert sorted(rnd.allies) == [a, b], where
            else:
                assert rnd.allies == [], where
            base = k["lucky_loser.points"][n]
            for p in players:
                if k["lucky_loser.condition"] == "no_tricks":
                    ok = won[p] == 0
                else:
                    ok = not holding[p]
                if ok:
                    lucky_count[p] += 1
                    lucky[p] = base * (lucky_count[p] if k["lucky_loser.progression"] == "progressive" else 1)
        else:
            assert rnd.allies == [], where
        assert rnd.lucky_losers == lucky, f"{where}: lucky {rnd.lucky_losers} != {lucky}"
        assert not k["lucky_loser.shared_with_ally"], "the referee knows the unshared order only"
        scores = {p: split[p] + lucky.get(p, 0) + dbl[p] for p in players}
        assert rnd.scores == scores, f"{where}: scores {rnd.scores} != {scores}"
        for p in players:
            banked[p] += scores[p]
    # Game end: the -5 bonus.
    assert result.minus_five_wins == minus_five
    bonuses = {p: 0 for p in players}
    if result.options.get("minus_five"):
        pts = k["minus_five.points"]
        if k["minus_five.bonus"] == "threshold":
            bonuses = {p: pts if minus_five[p] >= k["minus_five.threshold"] else 0 for p in players}
        elif max(minus_five.values()) > 0:
            top = [p for p in players if minus_five[p] == max(minus_five.values())]
            share = pts // len(top) if k["minus_five.rounding"] == "floor" else -(-pts // len(top))
            bonuses.update({p: share for p in top})
    assert result.bonuses == bonuses
    # cli.md: totals = sum of round scores + bonuses, always.
    totals = {p: sum(r.scores[p] for r in result.rounds) + bonuses[p] for p in players}
    assert result.totals == totals == {p: banked[p] + bonuses[p] for p in players}
    ranking = sorted(players, key=lambda p: (-totals[p], players.index(p)))
    assert [p for p, _ in result.ranking] == ranking
    for p in players:
        assert result.ranks[p] == 1 + sum(1 for q in players if totals[q] > totals[p])


def json_invariant(doc: dict) -> None:
    """cli.md on a ``score --format json`` document."""
    for p in doc["players"]:
        assert doc["totals"][p] == sum(r["scores"][p] for r in doc["rounds"]) + doc["bonuses"][p], p


# -- the referee on every example and golden file ------------------------------------------

EXAMPLES = [
    ("friday-4p", "english"), ("friday-4p", "examples/house.toml"), ("lowest-3p", "japanese"),
    ("colour-5p", "english"), ("colour-5p", "examples/house.toml"),
] + [("thief-6p", rs) for rs in RULESETS + ("examples/house.toml",)]


@pytest.mark.parametrize("example, ruleset", EXAMPLES)
def test_referee_on_every_example(example, ruleset):
    loaded, result = api.score(ROOT / "examples" / f"{example}.toml", ruleset)
    referee(result, loaded.ruleset.knobs)
    json_invariant(result_json(example, loaded.ruleset, result))


def test_totals_invariant_in_every_golden_file():
    files = sorted((ROOT / "tests" / "golden").glob("*.json"))
    assert files
    for f in files:
        json_invariant(json.loads(f.read_text()))


# -- the referee on games played by the bots ---------------------------------------------------


def _option_sets(rs, n):
    sets = [{}] + [{o: True} for o in OPTIONS] + [dict.fromkeys(OPTIONS, True),
                                                  {o: True for o in OPTIONS if o != "thief"}]
    out = []
    for s in sets:
        opts = {**rs.options, **s}
        try:
            rs.check_options(opts, n)
        except BidsError:
            continue
        out.append(s)
    return out


# Knob sets that change the scoring order or arithmetic, on top of each ruleset's own.
KNOB_SETS = [
    {},
    {"double.scope": "game", "double.includes_trick": False, "ally.rounding": "ceil",
     "lucky_loser.progression": "flat", "minus_five.rounding": "ceil"},
    {"double.scope": "round", "thief.timing": "deferred", "thief.mandatory": False, "thief.pool": "game",
     "thief.right_lasts": "game", "lowest.reveal": "prize", "surprise.on_burn": "discard",
     "lucky_loser.condition": "no_black_cards", "minus_five.bonus": "threshold", "minus_five.threshold": 1},
    {"thief.timing": "immediate", "thief.mandatory": True, "thief.pool": "round",
     "thief.fallback": "next_weakest_with_cards", "surprise.from_hand": "winner_takes_next",
     "surprise.displaced": "bottom", "lucky_loser.condition": "no_tricks", "lowest.from_hand": "none"},
]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("knob_set", range(len(KNOB_SETS)))
def test_referee_on_bot_games(ruleset, players, knob_set):
    rs = load_ruleset(ruleset).with_knobs(KNOB_SETS[knob_set], origin="audit") if KNOB_SETS[knob_set] \
        else load_ruleset(ruleset)
    names = default_names(players)
    bots = list(BOTS)
    played = 0
    for i, opts in enumerate(_option_sets(rs, players)):
        for rep in range(2):
            seed = 1000 * knob_set + 100 * players + 10 * i + rep
            deal = make_deal(rs, names, opts, rounds=3, seed=seed)
            seats = [bots[(i + rep + s) % len(bots)] for s in range(players)]
            result, _ = play_game(rs, names, deal.options, deal.rounds, seats, seed)
            referee(result, rs.knobs)
            json_invariant(result_json("bots", rs, result))
            played += 1
    assert played >= 8


# -- hand-worked cases -----------------------------------------------------------------------

P3 = ["Ana", "Ben", "Cleo"]
# EN/ES have -5 and 2x in every deck, so their pile never runs short; without them (as JA and
# IT below 6 players) the same deck math holds: K1-K10 (+ option cards) - 1 in hands.
SHORT_DECK = {"english": {"deck.minus_five_always": [], "deck.double_always": []}}


def _ten_tricks(last=None):
    """Ana leads a 3-player round of plain bids (trickline.rotation, highest wins): Cleo takes
    tricks 1-8, Ben trick 9 (G10); trick 10 (Ben leads) is ``last`` or Ben G1, Cleo Y2, Ana R10."""
    from .trickline import rotation, round_lines

    lines = round_lines(P3, "Ana", [("", cards) for cards in rotation(P3)])
    if last is not None:
        lines[9] = last
    return lines


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_revealed_with_one_pile_card_left_hides_the_last_card(rs):
    # 3 players with Surprise: K1-K10 + Surprise = 11 black, 1 in hands: 10 pile cards.
    # Pile K1-K8, Surprise, K9: trick 9 reveals Surprise and hides K9 (the last pile card); Ben's
    # G10 takes it unseen: 9. Trick 10 has an empty centre: Ana's R10 wins nothing.
    # Cleo: K1 + ... + K8 = 36. Lucky loser (3 players: 12): IT no_tricks: Ana won trick 10,
    # nobody; EN/JA no_black_cards: Ana holds no black card: 12.
    res = kit.play(rs, P3, [_ten_tricks()], options={"surprise": True}, knobs=SHORT_DECK.get(rs),
                   piles=["K1 K2 K3 K4 K5 K6 K7 K8 Surprise K9"])
    t9, t10 = res.rounds[0].tricks[8:]
    assert [str(c) for c in t9.revealed] == ["Surprise", "K9"] and t9.hidden and str(t9.centre) == "K9"
    assert (t9.winner, t9.points) == ("Ben", 9)
    assert (t10.revealed, t10.centre, t10.winner, t10.points) == ([], None, "Ana", 0)
    ana = 0 if rs == "italian" else 12
    assert res.rounds[0].lucky_losers == ({} if rs == "italian" else {"Ana": 12})
    assert res.totals == {"Ana": ana, "Ben": 9, "Cleo": 36}


@pytest.mark.parametrize("rs", RULESETS)
def test_surprise_as_the_last_pile_card_leaves_an_empty_centre(rs):
    # Pile K1-K9, Surprise: trick 10 reveals Surprise with nothing left to hide: no prize, the
    # trick is played as an empty centre (deck.short_pile = empty_centre); Ana's R10 wins nothing.
    # Same scores as above: Cleo 36, Ben 9 (K9 at trick 9), Ana 0 or lucky 12.
    pile = ["K1 K2 K3 K4 K5 K6 K7 K8 K9 Surprise"]
    res = kit.play(rs, P3, [_ten_tricks()], options={"surprise": True}, knobs=SHORT_DECK.get(rs), piles=pile)
    t10 = res.rounds[0].tricks[9]
    assert ([str(c) for c in t10.revealed], t10.centre, t10.hidden) == (["Surprise"], None, False)
    assert "deck.short_pile" in t10.knobs
    assert res.totals == {"Ana": 0 if rs == "italian" else 12, "Ben": 9, "Cleo": 36}
    # Without a pile in the log, "Surprise" alone is accepted once nothing else can be left.
    lines = _ten_tricks()
    lines = [f"K{i + 1}" + line for i, line in enumerate(lines[:9])] + ["Surprise" + lines[9]]
    res = kit.play(rs, P3, [lines], options={"surprise": True}, knobs=SHORT_DECK.get(rs))
    assert res.totals == {"Ana": 0 if rs == "italian" else 12, "Ben": 9, "Cleo": 36}
    # deck.short_pile = error refuses it, as it refuses any trick left without a prize.
    with pytest.raises(DeckError) as exc:
        kit.play(rs, P3, [_ten_tricks()], options={"surprise": True}, piles=pile,
                 knobs={**SHORT_DECK.get(rs, {}), "deck.short_pile": "error"})
    assert exc.value.message == "the point pile is empty (deck.short_pile = \"error\")"
    assert exc.value.trick == 10


@pytest.mark.parametrize("rs", RULESETS)
def test_lowest_as_the_last_pile_card_leaves_an_empty_centre_in_lowest_mode(rs):
    # 3 players with Lowest: 10 pile cards, K1-K9 then Lowest. Trick 10 reveals Lowest; it moves
    # aside (lowest.reveal = replace) and no card is left: empty centre, and the lowest bid wins
    # from this trick: Ben's G1 (not Ana's R10) wins nothing and leads on.
    # Cleo 36 (tricks 1-8), Ben 9 (trick 9); Ana won no trick and holds nothing: lucky 12 under
    # both conditions.
    pile = ["K1 K2 K3 K4 K5 K6 K7 K8 K9 Lowest"]
    res = kit.play(rs, P3, [_ten_tricks()], options={"lowest": True}, knobs=SHORT_DECK.get(rs), piles=pile)
    t10 = res.rounds[0].tricks[9]
    assert ([str(c) for c in t10.revealed], t10.centre, t10.lowest) == (["Lowest"], None, True)
    assert (t10.winner, t10.points, t10.taken) == ("Ben", 0, [])
    assert res.rounds[0].lucky_losers == {"Ana": 12}
    assert res.totals == {"Ana": 12, "Ben": 9, "Cleo": 36}
    # lowest.reveal = prize: Lowest stays as the 0-point prize; Ben takes it.
    res = kit.play(rs, P3, [_ten_tricks()], options={"lowest": True}, piles=pile,
                   knobs={**SHORT_DECK.get(rs, {}), "lowest.reveal": "prize"})
    t10 = res.rounds[0].tricks[9]
    assert (str(t10.centre), t10.winner, [str(c) for c in t10.taken]) == ("Lowest", "Ben", ["Lowest"])
    assert res.totals == {"Ana": 12, "Ben": 9, "Cleo": 36}
    # Without a pile in the log, "Lowest" alone is accepted once nothing else can be left.
    lines = _ten_tricks()
    lines = [f"K{i + 1}" + line for i, line in enumerate(lines[:9])] + ["Lowest" + lines[9]]
    res = kit.play(rs, P3, [lines], options={"lowest": True}, knobs=SHORT_DECK.get(rs))
    assert res.totals == {"Ana": 12, "Ben": 9, "Cleo": 36}


# Six players (every ruleset has the 2x there), with the Ally (IT deals 10 cards then).
# Round 1 (A leads): B's R3 takes K9; A, C, D, E, F win nothing: lucky losers, 7 each.
# Round 2 (B leads): A's R3 takes K3; A's R5 takes the 2x and B's K4 (4 points); F played the
# Ally into that trick: A and F are allies.
BANKED_LUCKY_ROUNDS = [
    (["K9: A G1, B R3, C Y1, D B1, E R2, F G2"], "B"),
    (["K3: B G1, C Y1, D B1, E R2, F G2, A R3", "2x: A R5, B K4, C G4, D Y4, E B4, F Ally"], "A"),
]


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize("scope", ["round", "game"])
def test_game_scope_2x_doubles_a_banked_total_made_of_lucky_loser_points(rs, scope):
    res = play_full(rs, SIX, BANKED_LUCKY_ROUNDS, options={"ally": True}, knobs={"double.scope": scope})
    r1, r2 = res.rounds
    assert r1.lucky_losers == {p: 7 for p in "ACDEF"}
    assert r1.scores == {"A": 7, "B": 9, "C": 7, "D": 7, "E": 7, "F": 7}
    # Round 2: A 3, then (3 + 4) x 2 = 14 (double.includes_trick). Game scope: A's banked
    # total is round 1's lucky 7, doubled: the 2x adds 7 more. Round scope: nothing more.
    assert r2.round_points == {"A": 14, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0}
    bonus = 7 if scope == "game" else 0
    assert r2.double_bonus["A"] == bonus
    # Ally split on round points only: A 14 + F 0 = 14, 7 each; the 2x's banked part stays A's.
    # Lucky losers after the split, not shared: B first time 7; C, D, E, F second time 14.
    assert sorted(r2.allies) == ["A", "F"]
    assert r2.lucky_losers == {"B": 7, "C": 14, "D": 14, "E": 14, "F": 14}
    assert r2.scores == {"A": 7 + bonus, "B": 7, "C": 14, "D": 14, "E": 14, "F": 7 + 14}
    # totals = round 1 + round 2 (no -5 bonus without the option).
    assert res.totals == {"A": 14 + bonus, "B": 16, "C": 21, "D": 21, "E": 21, "F": 28}
    referee(res, kit._ruleset(rs, {"double.scope": scope}).knobs)


@pytest.mark.parametrize("rs", RULESETS)
def test_each_rulesets_own_2x_scope_on_a_banked_lucky_total(rs):
    # IT double.scope = round: A 14 in all; EN/JA game: 14 + 7 = 21.
    res = play_full(rs, SIX, BANKED_LUCKY_ROUNDS, options={"ally": True})
    assert res.totals["A"] == (14 if rs == "italian" else 21)


@pytest.mark.parametrize("rs", RULESETS)
def test_a_three_way_tie_among_four_the_last_tied_in_trick_order_leads(rs):
    # Trick 1 (A leads): R6, G6 and B6 tie, D's Y2 is lower: burned, C (the last 6) leads.
    # Trick 2 (C leads, so A plays third): C, D, A tie on 9, B's 1 is lower: burned; in this
    # trick's order C, D, A, B the last 9 is A's, though A sits first. Trick 3: A's R8 wins K7.
    res = kit.play(rs, ABCD, [["K5: A R6, B G6, C B6, D Y2", "K6: C R9, D G9, A B9, B Y1",
                               "K7: A R8, B G1, C Y3, D B2"]])
    assert kit.winners(res) == [None, None, "A"]
    assert kit.leaders(res) == ["A", "C", "A"]
    assert res.totals == {"A": 7, "B": 0, "C": 0, "D": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_color_bids_a_colour_of_specials_only_counts_but_is_passed_over(rs):
    # Six players, Color Bids, Surprise: the prize K8 is hidden, so nothing in the centre counts.
    # Black is the most frequent colour (the -5 and the 2x: 2) but has no number: passed over
    # (FINE_PRINT). Red, green, yellow and blue count 1 each: the best card R9 (C) wins and takes
    # K8 + -5 + 2x = 3 points, doubled (double.includes_trick): 6. One -5 won by C.
    opts = {"color_bids": True, "surprise": True, "ally": True, "minus_five": True}
    line = "Surprise K8: A -5, B 2x, C R9, D G4, E Y7, F B2"
    res = kit.play(rs, SIX, [[line]], options=opts)
    t = res.rounds[0].tricks[0]
    assert (t.winner, t.points) == ("C", 3)
    assert res.minus_five_wins["C"] == 1
    # IT round scope: 3 x 2 = 6; EN/JA game scope: the banked total is 0, so also 6.
    # -5 bonus at game end: IT threshold (3 wins): nobody; EN/JA split_most: C alone, 30.
    bonus = 0 if rs == "italian" else 30
    assert res.totals == {"A": 0, "B": 0, "C": 6 + bonus, "D": 0, "E": 0, "F": 0}
    # With the K8 in the open it counts too: black 3 (K8, -5, 2x), its best card the centre K8:
    # burned (color_bids.center_can_win), A leads again (center_burn_leader = same).
    res = kit.play(rs, SIX, [["K8: A -5, B 2x, C R9, D G4, E Y7, F B2"]], options=opts)
    t = res.rounds[0].tricks[0]
    assert (t.winner, t.next_leader, res.minus_five_wins["C"]) == (None, "A", 0)


@pytest.mark.parametrize("rs", RULESETS)
def test_first_leader_rotates_in_rounds_whose_leader_the_log_leaves_out(rs):
    # Rounds 1 and 3 name their leader (C, then B); rounds 2 and 4 do not: game.first_leader =
    # rotate gives seat 2 (B) for round 2 and seat 4 -> 1 (A) for round 4, whoever led before.
    rounds = [([], "C"), ([], "B"), ([], "B")]
    order = ["A", "B", "C"]
    res = play_full(rs, ABC, rounds, leaders=["C", None, "B"],
                    partial=["K5: " + ", ".join(f"{p} {c}" for p, c in zip(order, ["R5", "G4", "K7"]))])
    assert [r.leader for r in res.rounds] == ["C", "B", "B", "A"]
    # All burned in rounds 1-3: lucky 12, 24, 36 each = 72; round 4 (partial): C's K7 takes 12.
    assert res.totals == {"A": 72, "B": 72, "C": 84}
    # Round 2 led by C (round 1's leader) instead of B is refused.
    lines = [full_round(rs, ABC, [], "C"), ["K5: C R5, A G4, B K7"]]
    errs = kit.errors(rs, ABC, lines, leaders=["C"])
    assert [(e.round, e.trick, e.message) for e in errs] == [
        (2, 1, 'B leads this trick (seat 2 of players leads round 2: game.first_leader = rotate); the line starts '
               'with C: if C led this round, write leader = "C" in its [[rounds]]')]


# -- rules.md section 5: the bundled rulesets ---------------------------------------------------

# knob: (italian, english, japanese), as the table of section 5 gives them.
SECTION_5 = {
    "deck.numbers": ({3: 10, 4: 10, 5: 10, 6: 14}, {3: 10, 4: 10, 5: 12, 6: 14}, {3: 10, 4: 10, 5: 12, 6: 14}),
    "deck.minus_five_always": ((), (3, 4, 5, 6), (6,)),
    "deck.minus_five_by_option": (True, False, False),
    "deck.double_always": ((6,), (3, 4, 5, 6), (6,)),
    "lucky_loser.condition": ("no_tricks", "no_black_cards", "no_black_cards"),
    "lucky_loser.progression": ("progressive",) * 3,
    "double.scope": ("round", "game", "game"),
    "minus_five.bonus": ("threshold", "split_most", "split_most"),
    "minus_five.points": (30, 30, 30),
    "surprise.from_hand": ("winner_takes_next", "replace_center", "replace_center"),
    "thief.timing": ("immediate", "deferred", "deferred"),
    "thief.mandatory": (True, False, False),
    "thief.pool": ("round", "game", "game"),
    "thief.fallback": ("strongest_with_cards", "none", "none"),
    "thief.with_color_bids": ("refuse", "allow", "allow"),
    # Section 2 (the Ally) and the -5 threshold of IT (3 -> 30).
    "deck.ally_always": ((), (6,), (6,)),
    "minus_five.threshold": (3, 3, 3),
}
# The defaults rules.md gives for the knobs it marks unstated (sections 2-4).
UNSTATED = {
    "deck.short_pile": "empty_centre", "game.first_leader": "rotate", "game.rounds": 3, "specials.bid": "none",
    "lucky_loser.shared_with_ally": False, "double.includes_trick": True, "minus_five.rounding": "floor",
    "ally.rounding": "floor", "ally.on_burn": "none", "lowest.from_hand": "activate",
    "surprise.displaced": "discard", "color_bids.center_burn_leader": "same",
}


def _norm(v):
    return dict(v) if isinstance(v, dict) else (tuple(v) if isinstance(v, (list, tuple)) else v)


def test_section_5_table_and_every_other_knob_the_same_in_all_three():
    rulesets = [load_ruleset(n) for n in RULESETS]
    for name, values in SECTION_5.items():
        assert tuple(_norm(rs[name]) for rs in rulesets) == values, name
    # "Every other knob has the same default in all three."
    others = {name: {_norm(rs[name]) if not isinstance(rs[name], dict) else tuple(sorted(rs[name].items()))
                     for rs in rulesets} for name in rulesets[0].knobs if name not in SECTION_5}
    assert {name: vals for name, vals in others.items() if len(vals) > 1} == {}
    # Section 4: IT lowest.reveal = replace, EN unstated set to replace; surprise.on_burn stays.
    for rs in rulesets:
        assert (rs["lowest.reveal"], rs["surprise.on_burn"], rs["color_bids.mode"]) == \
            ("replace", "stays", "majority_first")
        assert rs["color_bids.center_can_win"] is True and rs["thief.first_chance"] == "same_trick"
        assert dict(rs["lucky_loser.points"]) == {3: 12, 4: 8, 5: 8, 6: 7}
        assert dict(rs["deck.black_in_hands"]) == {3: 1, 4: 1, 5: 2, 6: 3}


@pytest.mark.parametrize("rs", RULESETS)
def test_unstated_knobs_are_marked_unstated_with_the_spec_default(rs):
    ruleset = load_ruleset(rs)
    for name, value in UNSTATED.items():
        assert ruleset.is_unstated(name), name
        assert _norm(ruleset[name]) == value, name
    # Unstated for EN (and the EN options of JA) only: lowest.reveal, surprise.on_burn.
    assert ruleset.is_unstated("lowest.reveal") == (rs != "italian")
    assert ruleset.is_unstated("surprise.on_burn") == (rs != "italian")
    # Unstated for IT only: color_bids.center_can_win (EN: "the black card in the middle can win").
    assert ruleset.is_unstated("color_bids.center_can_win") == (rs == "italian")
    # What the sources settle is never marked unstated.
    for name in SECTION_5:
        if name not in ("minus_five.threshold",):
            assert not ruleset.is_unstated(name), name


# -- fine print: "holding" for the lucky loser, and the -5 wins, under each ruleset --------------

THIEF_ANY = {"thief.timing": "deferred", "thief.mandatory": False, "thief.pool": "game", "thief.right_lasts": "game"}


@pytest.mark.parametrize("rs", RULESETS)
@pytest.mark.parametrize("condition", ["no_tricks", "no_black_cards"])
@pytest.mark.parametrize("burned", [False, True])
def test_a_card_taken_by_stealing_counts_as_holding_for_the_lucky_loser(rs, condition, burned):
    # Round 1 (test_rules_thief.round1): Dev takes 31 (tricks 1-7), Cleo K5 (trick 8), Ben the
    # Thief (trick 9, passes), Ana K9 (trick 10). Ben's right lasts the game.
    # Round 2 (Ben leads): Dev's B8 takes K2; the weakest bid is Cleo's Y1 and Ben, who wins
    # nothing this round, uses the right on Cleo's K5 (won in round 1): Ben +5, Cleo -5.
    # The rest of round 2 burns. Ben holds K5, taken this round by stealing:
    # no_black_cards: not lucky; no_tricks: Ben won no trick, lucky 8 (his first).
    # Ana and Cleo win nothing and hold nothing in round 2: lucky 8 under both (their first:
    # in round 1 Ana held K9 and won trick 10, Cleo held K5 and won trick 8).
    from .test_rules_thief import P4, round1

    # burned: Ana plays R8 instead: B8 and R8 tie, the trick burns (K2 discarded), Ana leads on;
    # the right is used at the end of that burned trick all the same (fine print), and Dev, who
    # now wins nothing, is a lucky loser too (8, his first).
    knobs = {**THIEF_ANY, "lucky_loser.condition": condition}
    head = [f"K2: Ben G3, Cleo Y1, Dev B8, Ana R{8 if burned else 2}; Ben steals K5 from Cleo"]
    r2 = full_round(rs, P4, head, "Ana" if burned else "Dev", options={"thief": True}, knobs=knobs)
    res = kit.play(rs, P4, [round1("Thief", "Ben passes"), r2], options={"thief": True}, knobs=knobs)
    assert res.rounds[0].scores == {"Ana": 9, "Ben": 0, "Cleo": 5, "Dev": 31}
    assert res.rounds[1].tricks[0].winner == (None if burned else "Dev")
    assert [str(s) for s in res.rounds[1].tricks[0].steals] == ["Ben steals K5 from Cleo"]
    lucky = {"Ana": 8, "Cleo": 8} if condition == "no_black_cards" else {"Ana": 8, "Ben": 8, "Cleo": 8}
    if burned:
        lucky["Dev"] = 8
    dev = 8 if burned else 2
    assert res.rounds[1].lucky_losers == lucky
    assert res.rounds[1].scores == {"Ana": 8, "Ben": 5 + lucky.get("Ben", 0), "Cleo": -5 + 8, "Dev": dev}
    assert res.totals == {"Ana": 17, "Ben": 5 + lucky.get("Ben", 0), "Cleo": 8, "Dev": 31 + dev}
    referee(res, kit._ruleset(rs, knobs).knobs)


@pytest.mark.parametrize("rs", RULESETS)
def test_a_stolen_minus_five_stays_a_win_of_its_first_taker(rs):
    # B takes the -5 (trick 1). Trick 2 (B leads): A's Y10 takes the Thief; the weakest bid is B's
    # R2 and A steals the -5 (IT: at once and a duty; EN/JA: the right, same trick). The -5 win
    # stays B's. Bonus: IT threshold set to 1 here -> B 30; EN/JA split_most: B alone, 30.
    # A: Thief 0 - 5 = -5; B: -5 + 5 = 0, + 30.
    # The -5 at 3 players: EN always, IT by its option, JA only at 6 (a knob override here).
    knobs = {"minus_five.threshold": 1}
    if rs == "japanese":
        knobs["deck.minus_five_always"] = [3, 4, 5, 6]
    res = kit.play(rs, ABC, [["-5: A R1, B G9, C Y2", "Thief: B R2, C G3, A Y10; A steals -5 from B"]],
                   options={"thief": True, "minus_five": True}, knobs=knobs)
    assert kit.winners(res) == ["B", "A"]
    assert res.minus_five_wins == {"A": 0, "B": 1, "C": 0}
    assert res.bonuses == {"A": 0, "B": 30, "C": 0}
    assert res.totals == {"A": -5, "B": 30, "C": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_an_alliance_ends_with_its_round(rs):
    # Round 1 (A leads): B's Ally goes to A's K5 trick: allies; A 5 + B 0 = 5, 2 each (floor);
    # B, C, D won nothing and hold nothing: lucky 8. Scores A 2, B 2 + 8, C 8, D 8.
    # Round 2 (B leads): every trick burns, trick 1 with D's Ally in it: no alliance; all four are
    # lucky: A 8 (first), B, C, D 16 (second). Totals A 10, B 26, C 24, D 24.
    from .test_rules_scoring import ALLY_HEAD

    res = play_full(rs, ABCD, [(ALLY_HEAD, "A"), (["K5: B R9, C G9, D Ally, A Y1"], "C")], options={"ally": True})
    r1, r2 = res.rounds
    assert sorted(r1.allies) == ["A", "B"] and r2.allies == []
    assert any(c.special == "Ally" for t in r2.tricks for _, c in t.plays)
    assert r1.scores == {"A": 2, "B": 10, "C": 8, "D": 8}
    assert r2.scores == {"A": 8, "B": 16, "C": 16, "D": 16}
    assert res.totals == {"A": 10, "B": 26, "C": 24, "D": 24}
