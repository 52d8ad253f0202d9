"""Simulated players and bids simulate (issue 4)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core.cards import card, cards
from bidscli.engine.replay import StealChoice, replay
from bidscli.log.reader import read_log_text
from bidscli.log.records import Steal
from bidscli.rules.ruleset import BUNDLED, load_ruleset
from bidscli.sim import bots as B
from bidscli.sim.deal import deal_text, default_names, make_deal
from tests.test_deal import option_sets

STRATEGIES = tuple(B.BOTS)


def seat_bots(players: int, shift: int) -> list[str]:
    return [STRATEGIES[(i + shift) % len(STRATEGIES)] for i in range(players)]


def simulated(ruleset, players, opts, seed, bots):
    rs = load_ruleset(ruleset)
    d = make_deal(rs, default_names(players), opts, seed=seed)
    log, errs = read_log_text(deal_text(d), "deal.toml")
    assert not errs
    text, result = B.simulate_log(log, rs, ruleset, {}, bots, seed)
    return text, result


def validate_text(text, ruleset, allow_partial=False):
    log, errs = read_log_text(text, "game.toml")
    assert log is not None, errs
    found = list(errs)
    result = replay(log, load_ruleset(ruleset), {}, collect=found, allow_partial=allow_partial)
    return found, result


@pytest.mark.parametrize("ruleset", BUNDLED)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_simulate_then_validate_every_count_and_option(ruleset, players):
    for i, opts in enumerate(option_sets(ruleset, players)):
        bots = seat_bots(players, i)
        text, result = simulated(ruleset, players, opts, seed=100 + i, bots=bots)
        errors, replayed = validate_text(text, ruleset)
        assert errors == [], (opts, bots, [str(e) for e in errors])
        # The written log scores exactly as the bots' game did.
        assert replayed.totals == result.totals
        assert all(not r.partial for r in replayed.rounds)


def test_every_bot_alone_with_every_option():
    for name in STRATEGIES:
        for ruleset in BUNDLED:
            opts = {"ally": True, "minus_five": True, "lowest": True, "surprise": True, "thief": True}
            text, _ = simulated(ruleset, 5, opts, seed=7, bots=[name] * 5)
            errors, _ = validate_text(text, ruleset)
            assert errors == [], (name, ruleset, [str(e) for e in errors])


def test_bots_play_only_cards_of_their_hand_and_see_only_their_view(monkeypatch):
    seen = []

    def spy(bot):
        def play(view, rng):
            assert isinstance(view, B.Turn)
            c = bot.play(view, rng)
            assert c in view.hand
            assert len(view.plays) < len(view.players)
            assert view.player not in [p for p, _ in view.plays]
            if view.hidden:
                assert view.centre is None
            seen.append(bot.name)
            return c

        def steal(view, choice, rng):
            s = bot.steal(view, choice, rng)
            if s is not None:
                assert s.thief == choice.thief and s.card in choice.victims[s.victim]
            return s

        return B.Bot(bot.name, play, steal, bot.doc)

    for name, bot in list(B.BOTS.items()):
        monkeypatch.setitem(B.BOTS, name, spy(bot))
    for ruleset in BUNDLED:
        for opts in ({"thief": True, "surprise": True}, {"color_bids": True, "lowest": True}):
            simulated(ruleset, 4, opts, seed=3, bots=list(STRATEGIES))
    assert set(seen) == set(STRATEGIES)


def test_view_is_frozen():
    rs = load_ruleset("english")
    view = B.Turn("A", ("A", "B", "C"), cards("R5 K7"), card("K5"), False, (), "A", 1, 10, 1, 3, False,
                  {}, {}, {}, {}, rs.knobs, {})
    with pytest.raises(AttributeError):
        view.hand = ()
    with pytest.raises(TypeError):
        view.knobs["thief.timing"] = "immediate"
    assert not dataclasses.is_dataclass(view)  # a NamedTuple: hashable fields aside, a plain value


def test_simulation_is_deterministic():
    a, _ = simulated("english", 4, {"thief": True}, seed=11, bots=["random"] * 4)
    b, _ = simulated("english", 4, {"thief": True}, seed=11, bots=["random"] * 4)
    c, _ = simulated("english", 4, {"thief": True}, seed=12, bots=["random"] * 4)
    assert a == b
    assert a != c


def _view(plays="", centre="K5", hand="R5 G9 K3", lowest=False, color_bids=False, ruleset="english", **kw):
    rs = load_ruleset(ruleset)
    names = ("A", "B", "C", "D")
    played = tuple(zip(names, cards(plays))) if plays else ()
    me = names[len(played)]
    base = dict(round_points={p: 0 for p in names}, totals={p: 0 for p in names},
                held={p: () for p in names}, tricks_won={p: 0 for p in names})
    base.update(kw)
    return B.Turn(me, names, cards(hand), card(centre) if centre else None, False, played, "A", 1, 10, 1, 3,
                  lowest, base["round_points"], base["totals"], base["held"], base["tricks_won"], rs.knobs,
                  {"color_bids": color_bids})


def wins(view, token):
    """Would the player win the trick with this card, played now with nobody after?"""
    c = card(token)
    return B.winning_now(view, [c]) == [c]


def test_winning_now_asks_the_engine_of_the_sources_examples():
    # EN example 1: centre K5; R5, G4 on the table: a K7 wins, a G4 ties the G4 and burns.
    assert wins(_view(plays="R5 G4", centre="K5", hand="K7 R3"), "K7")
    assert not wins(_view(plays="R5 G4", centre="K5", hand="K7 R4"), "R4")
    # EN example 2: a tie for the best bid burns: G10 after R10 does not win.
    assert not wins(_view(plays="R10 Y3", centre="K5", hand="G10"), "G10")
    # EN Color Bids: R5, G4, Y7 on the table; a G5 makes green twice and wins.
    assert wins(_view(plays="R5 G4 Y7", centre=None, hand="G5", color_bids=True), "G5")
    # EN Color Bids: centre K8; R5, G4, G7 on the table; with a K5 the K8 centre card is best: burned.
    assert not wins(_view(plays="R5 G4 G7", centre="K8", hand="K5", color_bids=True), "K5")
    # Lowest: the lowest bid wins, and a Lowest played from hand turns it on in its own trick
    # (lowest.from_hand = activate in every bundled ruleset).
    assert wins(_view(plays="R5 G4", centre="K5", hand="K1", lowest=True), "K1")
    assert not wins(_view(plays="R5 G4", centre="K5", hand="K7", lowest=True), "K7")
    for rs in BUNDLED:
        v = _view(plays="R5 Lowest", centre="K5", hand="G4 K7", ruleset=rs)
        assert wins(v, "G4") and not wins(v, "K7")
    # The bids that win, in the order given (weakest first): the ones past the best bid, R5.
    assert B.winning_now(_view(plays="R5 G4", centre="K5", hand="R3 Y5 G6 B9"), cards("R3 Y5 G6 B9")) == \
        list(cards("G6 B9"))


def test_greedy_goes_for_points_and_lucky_avoids_them():
    rng = random.Random(0)
    v = _view(plays="R4", centre="K9", hand="R5 G9 K3")
    assert B.greedy_play(v, rng) == card("G9")
    assert B.lucky_play(v, rng) == card("K3")
    # lucky: the strongest card that still loses.
    assert B.lucky_play(_view(plays="R8", hand="R5 G9 Y7"), rng) == card("Y7")
    # lucky sheds cards that never win first.
    assert B.lucky_play(_view(plays="R8", hand="R5 Ally G9"), rng) == card("Ally")
    # greedy dumps its weakest card for a worthless trick.
    assert B.greedy_play(_view(centre="-5", hand="R5 G9 Y7"), rng) == card("R5")


def test_default_reads_lowest_and_position():
    rng = random.Random(0)
    # Last to play, a 9-point prize: the cheapest card that wins.
    v = _view(plays="R4 G6 Y2", centre="K9", hand="R5 G7 B10")
    assert B.default_play(v, rng) == card("G7")
    # Lowest mode: the cheapest winner is the highest card still below the best bid.
    v = _view(plays="R4 G6 Y2", centre="K9", hand="R1 G3 B10", lowest=True)
    assert B.default_play(v, rng) == card("R1")
    # A -5 prize: play to lose.
    v = _view(plays="R4", centre="-5", hand="R5 G3 B10")
    assert B.default_play(v, rng) == card("G3")


def test_default_color_bids():
    rng = random.Random(0)
    # Green twice on the table: only a green card can win.
    v = _view(plays="G4 G5 Y9", centre="K9", hand="R10 G6 B10", color_bids=True)
    assert wins(v, "G6")
    assert not wins(v, "R10")
    assert B.default_play(v, rng) == card("G6")


def test_steal_decisions():
    rng = random.Random(0)
    v = _view()
    offer = {"B": cards("K3 K9"), "C": cards("-5")}
    optional = StealChoice("A", offer, False, False, "test")
    mandatory = StealChoice("A", offer, True, True, "test")
    assert B.greedy_steal(v, optional, rng) == Steal("A", card("K9"), "B")
    assert B.lucky_steal(v, optional, rng) is None
    assert B.lucky_steal(v, mandatory, rng) == Steal("A", card("K9"), "B")
    # default keeps a deferred right for a rich card, and spends it before it expires.
    small = StealChoice("A", {"B": cards("K3")}, False, False, "test")
    assert B.default_steal(v, small, rng) is None
    last = v._replace(trick=10)
    assert B.default_steal(last, small, rng) == Steal("A", card("K3"), "B")
    assert B.default_steal(v, StealChoice("A", {}, True, True, "none"), rng) is None
    for _ in range(20):
        s = B.random_steal(v, mandatory, rng)
        assert s is not None and s.card in offer[s.victim]


def test_parse_bots():
    assert B.parse_bots(None, 3) == ("default",) * 3
    assert B.parse_bots("lucky", 4) == ("lucky",) * 4
    assert B.parse_bots("random,greedy,lucky", 3) == ("random", "greedy", "lucky")
    with pytest.raises(ValueError, match="did you mean 'greedy'"):
        B.parse_bots("greedi", 3)
    with pytest.raises(ValueError, match="2 bots for 3 players"):
        B.parse_bots("random,greedy", 3)


def test_cli_simulate(tmp_path):
    runner = CliRunner()
    d = tmp_path / "deal.toml"
    g = tmp_path / "game.toml"
    assert runner.invoke(main, ["deal", "-r", "italian", "-p", "4", "--seed", "3", "-o", "thief=true",
                                "--out", str(d)]).exit_code == 0
    res = runner.invoke(main, ["simulate", str(d), "--bots", "default,greedy,lucky,random", "--out", str(g)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["validate", str(g)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["simulate", str(d), "--bots", "default,greedy,lucky,random"])
    assert res.exit_code == 0
    body = lambda t: t.split("\nruleset", 1)[1]  # noqa: E731
    assert body(res.stdout) == body(g.read_text())
    assert runner.invoke(main, ["simulate", str(d), "--bots", "default,greedy"]).exit_code == 2
    assert runner.invoke(main, ["simulate", str(d), "--out", str(g)]).exit_code == 1  # exists
    # A log without a deal cannot be simulated.
    bare = tmp_path / "bare.toml"
    bare.write_text('ruleset = "english"\nplayers = ["A", "B", "C"]\n[[rounds]]\ntricks = []\n')
    res = runner.invoke(main, ["simulate", str(bare)])
    assert res.exit_code == 1 and "hands and pile" in res.output


def test_simulate_continues_a_partly_played_deal(tmp_path):
    rs = load_ruleset("english")
    d = make_deal(rs, default_names(4), {}, seed=21)
    log, _ = read_log_text(deal_text(d), "deal.toml")
    full, result = B.simulate_log(log, rs, "english", {}, ["greedy"] * 4, 5)
    # Keep the first three tricks of round 1 and let other bots play the rest.
    lines = full.splitlines()
    start = lines.index("tricks = [")
    partial_text = "\n".join(lines[:start + 4] + ["]"]) + "\n"  # round 1, three tricks
    plog, errs = read_log_text(partial_text, "partial.toml")
    assert not errs
    text, _ = B.simulate_log(plog, rs, "english", {}, ["lucky"] * 4, 5)
    assert "\n".join(lines[start + 1:start + 4]) in text
    errors, _ = validate_text(text, "english", allow_partial=True)
    assert errors == []
