"""Issue 10: the exact account of each player's difference under two rulesets (bidscli.analysis.attribution).

Hand account of examples/thief-6p.toml, italian (A) against english (B), from the
log's comments and a replay of each side:
  - round 1: Cy steals Fay's K8 (Thief, trick 7). Fay won trick 3, so under
    lucky_loser.condition = no_tricks (IT) she is no lucky loser; under
    no_black_cards (EN) she holds no black card: lucky loser, 7 points at six
    players. Fay +7, from lucky_loser.condition alone.
  - round 3, trick 5: Cy wins the 2x with 3 round points and 15 banked. IT
    (double.scope = round) doubles the 3; EN (game) also doubles the banked 15:
    Cy +15, from double.scope alone.
  - game end: Ada and Cy each won the -5 once. IT threshold (3 wins) gives
    nothing; EN split_most gives 30 / 2 = 15 each: Ada +15, Cy +15.
  No knob interacts with another here, so every Shapley part is one knob's own
  effect: Cy +30 = double.scope +15 + minus_five.bonus +15; Ada +15; Fay +7.
  Winner: italian Ada 46 (Cy 32), english Cy 62, Ada 61: Cy's margin over Ada
  goes -14 -> +1, the change +15 is double.scope's (the -5 bonus gives both 15).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.analysis import attribution
from bidscli.analysis.attribution import mixed_text, points_json
from bidscli.core.errors import BidsError
from bidscli.log.load import read
from bidscli.log.reader import read_log_text
from bidscli.rules.ruleset import load_ruleset
from bidscli.sim.bots import play_game
from bidscli.sim.deal import log_text, make_deal

THIEF6 = read("examples/thief-6p.toml")
THIEF4 = read("tests/data/diff-thief-4p.toml")


def rs(name):
    return load_ruleset(name)


def attribute(log, ruleset_a, ruleset_b, *, lenient=False):
    """The account ``bids diff`` gives of B against A: ``variants.diff``'s (raises its BidsError)."""
    from bidscli.analysis import plan, variants

    labels = plan.ruleset_labels([ruleset_a, ruleset_b], [ruleset_a.name, ruleset_b.name])
    return variants.diff(log, [ruleset_a, ruleset_b], labels, lenient=lenient).attributions[0]


def nonzero(parts):
    return {g: v for g, v in parts.items() if v}


def test_thief_6p_account_is_the_hand_account():
    at = attribute(THIEF6, rs("italian"), rs("english"))
    assert at.method == "shapley"
    assert at.labels == ("italian", "english")
    assert nonzero(at.parts["Cy"]) == {"double.scope": 15, "minus_five.bonus": 15}
    assert nonzero(at.parts["Ada"]) == {"minus_five.bonus": 15}
    assert nonzero(at.parts["Fay"]) == {"lucky_loser.condition": 7}
    for p in ("Bo", "Dee", "Eli"):
        assert nonzero(at.parts[p]) == {}
    m = at.winner_margin
    assert (m.winner, m.runner_up, m.before, m.after) == ("Cy", "Ada", -14, 1)
    assert nonzero(m.parts) == {"double.scope": 15}
    assert m.deciding == ("double.scope",) and m.winner_changed


def test_thief_6p_unread_knobs_get_zero_and_are_not_read():
    at = attribute(THIEF6, rs("italian"), rs("english"))
    groups = {g.name: g for g in at.groups}
    # No Surprise in this game: no replay reads surprise.from_hand.
    assert not groups["surprise.from_hand"].read
    assert all(at.parts[p]["surprise.from_hand"] == 0 for p in at.players)
    # The 6-player decks are the same cards under both: the deck group changes nothing.
    assert [k.knob for k in groups["deck"].knobs] == ["deck.minus_five_always", "deck.minus_five_by_option",
                                                     "deck.ally_always"]
    assert not groups["deck"].read
    assert groups["double.scope"].changed_trick and groups["lucky_loser.condition"].changed_trick
    k = groups["double.scope"].knobs[0]
    assert (k.value_a, k.value_b) == ("round", "game")
    assert k.source_a.startswith("IT") and k.source_b.startswith("EN")


def test_thief_6p_divergences_name_every_round_end_and_the_bonus():
    at = attribute(THIEF6, rs("italian"), rs("english"))
    kinds = [(d.kind, d.round, d.trick) for d in at.divergences]
    assert ("round_end", 1, None) in kinds and ("trick", 3, 5) in kinds and ("bonus", None, None) in kinds
    r1 = next(d for d in at.divergences if d.kind == "round_end" and d.round == 1)
    assert r1.what == ("lucky loser",)
    reasons = r1.to_json()["reasons"]  # the reasons are data, worded when shown: English here
    assert any("Fay" in x and "no_black_cards" in x for x in reasons["english"])
    assert reasons["italian"] == ["lucky loser: only Bo, Eli, as under the other ruleset(s)"]


def test_swapping_the_rulesets_negates_every_part():
    ab = attribute(THIEF4, rs("italian"), rs("english"))
    ba = attribute(THIEF4, rs("english"), rs("italian"))
    for p in ab.players:
        assert ba.parts[p] == {g: -v for g, v in ab.parts[p].items()}


def test_policy_steal_mixtures_are_counted():
    # diff-thief-4p: under english the recorded italian steal is impossible; the default policy decides.
    at = attribute(THIEF4, rs("italian"), rs("english"))
    assert at.policy_mixtures > 0
    for p in at.players:
        assert sum(at.parts[p].values()) == at.difference(p)


def test_json_parts_add_up_exactly_in_floats_and_decimals():
    at = attribute(THIEF6, rs("italian"), rs("english"))
    doc = at.to_json()
    assert doc["players"]["Cy"]["double.scope"] == 15 and doc["exact"]["Cy"]["minus_five.bonus"] == "15"
    for p, parts in doc["players"].items():
        assert sum(parts.values()) == at.difference(p)


@given(st.lists(st.fractions(min_value=-200, max_value=200, max_denominator=720), min_size=1, max_size=14))
def test_points_json_sums_exactly_and_is_antisymmetric(parts):
    total = sum(parts)
    parts.append(Fraction(round(total)) - total)  # make the whole an integer, as a score difference is
    named = {f"k{i}": v for i, v in enumerate(parts)}
    out = points_json(named, round(total))
    assert sum(out.values()) == round(total)
    assert sum(reversed(list(out.values()))) == round(total)
    assert all(abs(Fraction(out[k]) - v) < Fraction(1, 10**8) for k, v in named.items())
    assert all(out[k] == 0 for k, v in named.items() if v == 0)
    neg = points_json({k: -v for k, v in named.items()}, -round(total))
    assert neg == {k: -v for k, v in out.items()}


def test_mixed_text():
    assert mixed_text(Fraction(7, 2)) == "+3 1/2"
    assert mixed_text(Fraction(-1, 3)) == "-1/3"
    assert mixed_text(Fraction(15)) == "+15"
    assert mixed_text(Fraction(0), sign=False) == "0"


# -- properties over bot games ------------------------------------------------------------------

PAIRS = [("english", "japanese"), ("italian", "english"), ("english", "italian"), ("italian", "japanese")]
OPTIONS = ("ally", "minus_five", "thief", "surprise", "lowest", "color_bids")


def bot_log(base: str, players: int, options: dict, rounds: int, seed: int, bots: tuple):
    ruleset = rs(base)
    names = ("Ana", "Ben", "Cleo", "Dev", "Eva", "Finn")[:players]
    deal = make_deal(ruleset, names, options, rounds=rounds, seed=seed)
    _, lines = play_game(ruleset, names, deal.options, deal.rounds, bots, seed, record=True)
    played = [type("R", (), {"leader": d.leader, "hands": d.hands, "removed": d.removed, "pile": d.pile,
                             "tricks": lines[i]}) for i, d in enumerate(deal.rounds)]
    log, errors = read_log_text(log_text(base, names, deal.options, played), "bot.toml")
    assert not errors, errors
    return log


@st.composite
def games(draw):
    a, b = draw(st.sampled_from(PAIRS))
    players = draw(st.sampled_from([3, 4, 6]))  # 5 players: italian's deck is 1-10, english's 1-12
    options = {o: draw(st.booleans()) for o in OPTIONS}
    if options["ally"] and players < 4:
        options["ally"] = False
    if options["thief"] and options["color_bids"]:
        options["color_bids"] = False  # italian refuses the pair
    bots = tuple(draw(st.sampled_from(["random", "greedy", "lucky", "default"])) for _ in range(players))
    return a, b, players, options, draw(st.integers(1, 3)), draw(st.integers(0, 2**31)), bots


@settings(max_examples=15, deadline=None)
@given(games())
def test_parts_sum_to_each_difference_and_swap_negates(game):
    a, b, players, options, rounds, seed, bots = game
    base = a if random.Random(seed).random() < 0.5 else b
    log = bot_log(base, players, options, rounds, seed, bots)
    try:
        ab = attribute(log, rs(a), rs(b), lenient=True)
    except BidsError:  # a deal one ruleset cannot play at all is not this test's subject
        return
    if ab is None:
        return
    ba = attribute(log, rs(b), rs(a), lenient=True)
    doc = ab.to_json()
    for p in ab.players:
        assert sum(ab.parts[p].values()) == ab.difference(p)
        assert sum(doc["players"][p].values()) == ab.difference(p)
        assert ba.parts[p] == {g: -v for g, v in ab.parts[p].items()}
    for g in ab.groups:
        if not g.read:
            assert all(ab.parts[p][g.name] == 0 for p in ab.players)
    m = ab.winner_margin
    assert sum(m.parts.values()) == m.after - m.before
    assert sum(m.rival_parts.values()) == m.rival_after - m.rival_before
    if m.winner_changed and m.deciding:
        # the deciding rules' parts alone turn the rival's lead into the winner's (a tie when B's is one)
        got = sum(m.rival_parts[g] for g in m.deciding)
        assert m.rival_before + got > 0 or (m.rival_after == 0 and m.rival_before + got >= 0)


def test_a_knob_no_replay_reads_gets_exactly_zero():
    # B differs from A in one knob the engine never reads in this game: it must get exactly 0.
    a = rs("english")
    b = a.with_knobs({"surprise.displaced": "bottom"})  # no Surprise is played in thief-6p
    at = attribute(THIEF6, a, b)
    assert [g.name for g in at.groups] == ["surprise.displaced"]
    assert not at.groups[0].read
    assert all(at.parts[p] == {"surprise.displaced": 0} for p in at.players)
    assert at.replays == 1
    assert attribution.fraction_text(Fraction(7, 3)) == "7/3"


# -- the ordered fallback -----------------------------------------------------------------------

# The knob groups some replay of thief-6p reads (italian -> english), in registry order.
THIEF6_READ = ["lucky_loser.condition", "double.scope", "minus_five.bonus", "thief.timing", "thief.mandatory",
               "thief.pool"]


def attribute_with_unplayable(monkeypatch, unplayable):
    """thief-6p, italian -> english, where a mixture whose switched knobs ``unplayable`` names
    cannot be played."""
    from bidscli.analysis import variantcache

    real = variantcache.VariantCache.get

    def get(self, changes):
        s = real(self, changes)
        return s._replace(playable=False, error="test: not playable") if unplayable(set(changes)) else s

    monkeypatch.setattr(variantcache.VariantCache, "get", get)
    return attribute(THIEF6, rs("italian"), rs("english"))


def test_the_chain_takes_single_steps_in_registry_order_around_an_unplayable_mixture(monkeypatch):
    # {lucky_loser.condition} alone is unplayable: the first chain switches double.scope first,
    # then lucky_loser.condition, then the rest in registry order.
    at = attribute_with_unplayable(monkeypatch, lambda knobs: knobs == {"lucky_loser.condition"})
    assert at.method == "ordered" and at.unplayable_mixtures == 1
    assert at.order == (("double.scope",), ("lucky_loser.condition",), *((g,) for g in THIEF6_READ[2:]))
    assert at.to_json()["order"] == [list(s) for s in at.order]
    # Each step's part is what switching it changed (no knob interacts in this game).
    assert nonzero(at.parts["Cy"]) == {"double.scope": 15, "minus_five.bonus": 15}
    assert nonzero(at.parts["Fay"]) == {"lucky_loser.condition": 7}


def test_the_chain_joins_steps_when_no_single_step_chain_exists(monkeypatch):
    # Every single switch unplayable: the first two groups make one joint step.
    at = attribute_with_unplayable(monkeypatch, lambda knobs: len(knobs) == 1)
    assert at.method == "ordered" and at.unplayable_mixtures == len(THIEF6_READ)
    assert at.order == (("lucky_loser.condition", "double.scope"), *((g,) for g in THIEF6_READ[2:]))
    assert nonzero(at.parts["Cy"]) == {"lucky_loser.condition + double.scope": 15, "minus_five.bonus": 15}
    assert nonzero(at.parts["Fay"]) == {"lucky_loser.condition + double.scope": 7}
    for p in at.players:
        assert sum(at.parts[p].values()) == at.difference(p)


def test_unplayable_mixture_falls_back_to_the_ordered_split(monkeypatch):
    from bidscli.analysis import variantcache

    real = variantcache.VariantCache.get

    def get(self, changes):
        s = real(self, changes)
        if set(changes) == {"lucky_loser.condition"}:  # pretend this mixture cannot be played
            return s._replace(playable=False, error="test: not playable")
        return s

    monkeypatch.setattr(variantcache.VariantCache, "get", get)
    at = attribute(THIEF6, rs("italian"), rs("english"))
    assert at.method == "ordered" and at.unplayable_mixtures >= 1
    assert at.order[0] != ("lucky_loser.condition",)
    for p in at.players:
        assert sum(at.parts[p].values()) == at.difference(p)
    assert nonzero(at.parts["Fay"]) == {"lucky_loser.condition": 7}
    assert at.to_json()["order"] == [list(s) for s in at.order]


# -- checkpointed replays -------------------------------------------------------------------------


@settings(max_examples=4, deadline=None)
@given(st.sampled_from([4, 6]), st.integers(0, 2**31), st.sampled_from(["english", "italian"]))
def test_checkpointed_replays_equal_whole_replays(players, seed, played):
    # The variant cache plays a new branch on from a copy of the game at a round boundary
    # (Game.copy); every mixture must score exactly as a whole replay of its ruleset.
    from bidscli.analysis import plan, variantcache

    options = {"ally": True, "minus_five": True, "thief": True, "surprise": True, "lowest": players > 4}
    log = bot_log(played, players, options, 3, seed, ("default", "greedy", "lucky", "random", "default",
                                                       "greedy")[:players])
    a, b = rs("italian"), rs("english")
    deal = plan.build_deal(log)
    offered = plan.play_deal(deal, a, lenient=True).offered
    groups = [ks for g, ks in attribution.knob_groups(a, b, players) if g != "deck"]
    cache = variantcache.VariantCache(deal, a, offered, lenient=True)
    masks = list(range(1 << len(groups)))
    if len(masks) > 24:  # a seeded sample keeps the suite fast; both ends always
        masks = [0, masks[-1]] + random.Random(seed).sample(masks[1:-1], 22)
    for mask in masks:
        changes = {k: b.knobs[k] for i, ks in enumerate(groups) if mask >> i & 1 for k in ks}
        mixed = a.replace(knobs={**a.knobs, **changes})
        whole = variantcache.VariantCache(deal, mixed, offered, lenient=True)  # nothing to resume from
        direct = whole.get({})
        assert (whole.replays, whole.resumed) == (1, 0)
        assert cache.get(changes) == direct, changes
    assert cache.resumed > 0


# -- the Shapley value itself ---------------------------------------------------------------------


def assert_shapley(log, ra, rb) -> bool:
    """Each read group's part is its marginal effect averaged over every order of switching the
    read groups from A to B, each mixture scored by a whole replay of its own ruleset; whether the
    account was a Shapley one to check."""
    from itertools import permutations

    from bidscli.analysis import plan
    from bidscli.log.load import read

    if isinstance(log, str):
        log = read(log)
    try:
        at = attribute(log, ra, rb, lenient=True)
    except BidsError:  # a deal one ruleset cannot play at all is not this test's subject
        return False
    if at is None or at.method != "shapley":
        return False
    read_groups = [g for g in at.groups if g.read]
    k = len(read_groups)
    if k > 7:  # 8! orders and more: the suite stays fast (the games seldom read so many)
        return False
    deal = plan.build_deal(log)
    own, _ = plan.reference_play(deal, log, [ra, rb], True)
    offered = None if own is None else own.offered
    value = []
    for mask in range(1 << k):
        changes = {x.knob: rb.knobs[x.knob] for i, g in enumerate(read_groups) if mask >> i & 1 for x in g.knobs}
        o = plan.play_deal(deal, ra.replace(knobs={**ra.knobs, **changes}), lenient=True, offered=offered)
        assert o.determined, changes  # the Shapley split is made only when every mixture plays
        value.append([o.result.totals[p] for p in at.players])
    total = [[0] * len(at.players) for _ in range(k)]
    orders = 0
    for order in permutations(range(k)):  # switch the groups one by one in this order
        orders += 1
        mask = 0
        for i in order:
            before, after = value[mask], value[mask | 1 << i]
            row = total[i]
            for j in range(len(row)):
                row[j] += after[j] - before[j]
            mask |= 1 << i
    for j, p in enumerate(at.players):
        for i, g in enumerate(read_groups):
            assert at.parts[p][g.name] == Fraction(total[i][j], orders), (p, g.name)
        assert sum(at.parts[p].values()) == value[-1][j] - value[0][j]  # efficiency
    return True


@settings(max_examples=8, deadline=None)
@given(games())
def test_shapley_parts_are_the_average_marginal_effect_over_every_order(case_counter, game):
    a, b, players, options, rounds, seed, bots = game
    if assert_shapley(bot_log(a, players, options, rounds, seed, bots), rs(a), rs(b)):
        case_counter["attribution: Shapley parts against every order"] += 1


EXAMPLE_PAIRS = [
    ("examples/thief-6p.toml", "italian", "english"),
    ("examples/thief-6p.toml", "english", "japanese"),
    ("examples/friday-4p.toml", "english", "examples/house.toml"),
    ("examples/colour-5p.toml", "english", "japanese"),
    ("examples/lowest-3p.toml", "italian", "english"),
    ("tests/data/diff-double-4p.toml", "italian", "english"),
    ("tests/data/disputes-3r-4p.toml", "english", "italian"),
]


@pytest.mark.parametrize("path,a,b", EXAMPLE_PAIRS, ids=[" ".join(x) for x in EXAMPLE_PAIRS])
def test_examples_parts_sum_and_swap(path, a, b):
    # lowest-3p: undetermined under italian, so no account; disputes-3r-4p: 8 groups read, 8! orders.
    # friday-4p against the house rules: its groups interact (the order of switching them matters).
    assert assert_shapley(path, rs(a), rs(b)) == (path not in ("examples/lowest-3p.toml",
                                                               "tests/data/disputes-3r-4p.toml"))
    ab = attribute(read(path), rs(a), rs(b), lenient=True)
    ba = attribute(read(path), rs(b), rs(a), lenient=True)
    if ab is None:
        assert ba is None
        return
    for p in ab.players:
        assert sum(ab.parts[p].values()) == ab.difference(p)
        assert ba.parts[p] == {g: -v for g, v in ab.parts[p].items()}
        assert sum(ab.to_json()["players"][p].values()) == ab.difference(p)


def test_too_many_knob_groups_fall_back_to_the_ordered_split(monkeypatch):
    monkeypatch.setattr(attribution, "SHAPLEY_LIMIT", 2)
    at = attribute(THIEF6, rs("italian"), rs("english"))
    assert at.method == "ordered" and "more than 2 knob groups" in at.reason.text("en")
    assert at.mixtures == len(at.order) + 1
    # no knob interacts in this game, so the ordered split is the Shapley one
    assert nonzero(at.parts["Cy"]) == {"double.scope": 15, "minus_five.bonus": 15}
    for p in at.players:
        assert sum(at.parts[p].values()) == at.difference(p)
    assert at.to_json()["reason"] == at.reason.text("en")
