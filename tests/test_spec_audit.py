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

from bidscli import api
from bidscli.bots import BOTS, play_game
from bidscli.cards import BLACK, DOUBLE_CARD, LOWEST_CARD, MINUS_FIVE_CARD, SURPRISE_CARD
from bidscli.deal import default_names, make_deal
from bidscli.errors import BidsError, DeckError
from bidscli.report import result_json
from bidscli.rules import load_ruleset

from . import kit
from .test_rules_core import full_round, leader_wins, play_full

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
