"""bids deal: seeded, reproducible, ruleset-valid deals written as logs (issue 4)."""

from __future__ import annotations

import itertools
import os
import tomllib

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core.errors import BidsError
from bidscli.engine.replay import replay
from bidscli.files import safe as files
from bidscli.log.reader import read_log_text
from bidscli.rules.ruleset import BUNDLED, load_ruleset
from bidscli.sim import deal as dealmod

NAMES = {n: dealmod.default_names(n) for n in (3, 4, 5, 6)}


def option_sets(ruleset, players):
    """Each option alone, all of them together (where the ruleset allows it), and none."""
    rs = load_ruleset(ruleset)
    names = ["ally", "minus_five", "color_bids", "lowest", "surprise", "thief"]
    sets = [{}] + [{o: True} for o in names] + [{o: True for o in names}, {o: True for o in names if o != "thief"}]
    out = []
    for s in sets:
        opts = dict(rs.options)
        opts.update(s)
        try:
            rs.check_options(opts, players)
        except BidsError:
            continue
        out.append(s)
    return out


def errors_of(text, ruleset=None, allow_partial=True):
    log, errs = read_log_text(text, "deal.toml")
    assert log is not None, errs
    found = list(errs)
    rs = load_ruleset(ruleset or log.ruleset)
    replay(log, rs, {}, collect=found, allow_partial=allow_partial)
    return found


def test_same_seed_same_deal_exact_cards():
    d = dealmod.make_deal(load_ruleset("english"), NAMES[4], {}, seed=1)
    r1 = d.rounds[0]
    assert [str(c) for c in r1.hands["P1"]] == "R3 G1 G4 G5 G10 Y5 B1 B9 B10 K9".split()
    assert [str(c) for c in r1.hands["P4"]] == "R1 R10 G7 Y2 Y3 Y6 Y7 B2 B7 B8".split()
    assert [str(c) for c in r1.removed] == ["R5"]
    assert [str(c) for c in r1.pile] == "K1 K8 K5 -5 K7 K3 K6 2x K4 K10 K2".split()
    assert [r.leader for r in d.rounds] == ["P1", "P2", "P3"]
    again = dealmod.make_deal(load_ruleset("english"), NAMES[4], {}, seed=1)
    assert again == d
    other = dealmod.make_deal(load_ruleset("english"), NAMES[4], {}, seed=2)
    assert other.rounds[0] != d.rounds[0]
    assert d.rounds[0] != d.rounds[1]  # every round is a fresh deal


def test_seeds_are_not_python_hash():
    # Per-round seeds come from SHA-256, stable across processes and versions.
    assert dealmod.round_seed(1, 1) == dealmod.derive_seed("bids-deal", 1, 1)
    assert 0 <= dealmod.round_seed(12345, 3) < 2**63


def test_same_deck_same_deal_across_rulesets():
    # Italian and Japanese use the same 4-player deck: the same seed deals the same cards.
    it = dealmod.make_deal(load_ruleset("italian"), NAMES[4], {}, seed=9)
    ja = dealmod.make_deal(load_ruleset("japanese"), NAMES[4], {}, seed=9)
    assert it.rounds == ja.rounds
    # English adds -5 and 2x: the hands agree but for those cards, the pile keeps its order.
    en = dealmod.make_deal(load_ruleset("english"), NAMES[4], {}, seed=9)
    extra = {dealmod.MINUS_FIVE_CARD, dealmod.DOUBLE_CARD}

    def black_order(r):  # the one black card dealt to a hand (4 players), then the pile
        return [c for h in r.hands.values() for c in h if c.colour == "K"] + list(r.pile)

    for a, b in zip(it.rounds, en.rounds):
        assert [c for c in black_order(b) if c not in extra] == black_order(a)
        if black_order(b)[0] not in extra:  # the same black card went to the hands: the same hands
            assert a.hands == b.hands


def test_deal_math():
    rs = load_ruleset("italian")
    d = dealmod.make_deal(rs, NAMES[5], {"ally": True}, seed=3)
    r = d.rounds[0]
    # IT 5 players: 40 coloured + 2 black + Ally = 43 cards, 8 a hand, 3 removed.
    assert all(len(h) == 8 for h in r.hands.values())
    assert len(r.removed) == 3
    pool = [c for h in r.hands.values() for c in h] + list(r.removed)
    assert len(set(pool)) == 43
    assert sum(c.colour == "K" for c in pool) == 2
    assert dealmod.ALLY_CARD in pool
    assert len(r.pile) == 10 - 2 and all(c.colour == "K" for c in r.pile)


@pytest.mark.parametrize("ruleset", BUNDLED)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deals_are_valid_for_every_count_and_option(ruleset, players):
    rs = load_ruleset(ruleset)
    for seed, opts in enumerate(option_sets(ruleset, players)):
        d = dealmod.make_deal(rs, NAMES[players], opts, seed=seed)
        text = dealmod.deal_text(d)
        assert errors_of(text) == [], (opts, [str(e) for e in errors_of(text)])
        # Without --allow-partial a deal is not a finished game.
        assert errors_of(text, allow_partial=False)


def test_deal_only_rounds_follow_the_played_part():
    from tests import kit

    # Round 1 played in full, round 2 unfinished, round 3 deal-only: accepted with allow_partial.
    d = dealmod.make_deal(load_ruleset("english"), NAMES[4], {}, seed=5)
    text = dealmod.deal_text(d)
    log, _ = read_log_text(text, "deal.toml")
    from bidscli.sim.bots import play_game

    result, lines = play_game(load_ruleset("english"), log.players, log.options, log.rounds, ["default"] * 4, 0,
                              record=True)
    rounds = [lines[0], lines[1][:4], []]
    hands = [{p: [str(c) for c in r.hands[p]] for p in r.hands} for r in d.rounds]
    piles = [[str(c) for c in r.pile] for r in d.rounds]
    assert kit.errors("english", NAMES[4], rounds, hands=hands, piles=piles) == []
    # A round with no tricks before a played round is an error.
    rounds = [lines[0], [], lines[2]]
    errs = kit.errors("english", NAMES[4], rounds, hands=hands, piles=piles)
    assert any("round 2 has 0 tricks" in e.message for e in errs)


def test_log_text_is_toml_with_dotted_hands():
    d = dealmod.make_deal(load_ruleset("english"), ("Ana", "B.en", "Cleo", "Dev"), {"thief": True}, seed=4)
    text = dealmod.deal_text(d, "bids deal ...")
    data = tomllib.loads(text)
    assert data["players"] == ["Ana", "B.en", "Cleo", "Dev"]
    assert set(data["rounds"][0]["hands"]) == {"Ana", "B.en", "Cleo", "Dev"}
    assert data["rounds"][0]["tricks"] == []
    assert data["options"]["thief"] is True
    assert 'hands.Ana = ["' in text
    assert text.startswith("# A deal of Bids")


def test_write_atomic(tmp_path):
    target = tmp_path / "deal.toml"
    files.write_atomic(target, "a = 1\n")
    assert target.read_text() == "a = 1\n"
    with pytest.raises(BidsError, match="--force"):
        files.write_atomic(target, "a = 2\n")
    assert target.read_text() == "a = 1\n"
    files.write_atomic(target, "a = 2\n", force=True)
    assert target.read_text() == "a = 2\n"
    assert os.listdir(tmp_path) == ["deal.toml"]  # no temporary file left behind


def test_cli_deal(tmp_path):
    runner = CliRunner()
    out = tmp_path / "d.toml"
    args = ["deal", "-r", "english", "--players", "4", "--seed", "7", "--out", str(out)]
    res = runner.invoke(main, args)
    assert res.exit_code == 0, res.output
    first = out.read_text()
    res = runner.invoke(main, args)
    assert res.exit_code == 1 and "--force" in res.output
    res = runner.invoke(main, args + ["--force"])
    assert res.exit_code == 0 and out.read_text() == first
    res = runner.invoke(main, ["deal", "-r", "english", "--players", "4", "--seed", "7"])
    assert res.exit_code == 0
    body = lambda t: t.split("\nruleset", 1)[1]  # noqa: E731  (the header names the command)
    assert body(res.stdout) == body(first)
    # cli.md: a log with no trick at all is valid for validate --allow-partial (its deal is
    # checked, and clean), and has nothing to score (score exits 1, also with --allow-partial).
    res = runner.invoke(main, ["validate", str(out), "--allow-partial"])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines() == [f"{out}: valid", "1 file, 1 valid, 0 invalid, 0 errors"]
    for args in (["validate"], ["score"], ["score", "--allow-partial"]):
        res = runner.invoke(main, [*args, str(out)])
        assert res.exit_code == 1, (args, res.output)
        assert "nothing to score: no trick has been played yet (every round has tricks = [])" in res.output


def test_cli_deal_names_and_errors():
    runner = CliRunner()
    res = runner.invoke(main, ["deal", "-r", "italian", "--names", "Ana,Ben,Cleo", "--seed", "1", "--rounds", "2"])
    assert res.exit_code == 0
    data = tomllib.loads(res.stdout)
    assert data["players"] == ["Ana", "Ben", "Cleo"] and len(data["rounds"]) == 2
    assert runner.invoke(main, ["deal", "-r", "italian", "--names", "Ana,Ana,Ben"]).exit_code == 2
    assert runner.invoke(main, ["deal", "-r", "italian", "--players", "4", "--names", "A,B,C"]).exit_code == 2
    assert runner.invoke(main, ["deal", "-r", "italian"]).exit_code == 2
    res = runner.invoke(main, ["deal", "-r", "italian", "-p", "4", "-o", "thief=true", "-o", "color_bids=true"])
    assert res.exit_code == 1 and "Color Bids" in res.output
    res = runner.invoke(main, ["deal", "-r", "english", "-p", "3"])
    assert res.exit_code == 0 and "seed" in res.stderr


def test_every_option_combination_deals_validly():
    # All 64 option sets, every ruleset and player count the ruleset allows them at: validate accepts the deal.
    names = ["ally", "minus_five", "color_bids", "lowest", "surprise", "thief"]
    checked = 0
    for ruleset in BUNDLED:
        rs = load_ruleset(ruleset)
        for players in (3, 4, 5, 6):
            for bits in itertools.product([False, True], repeat=len(names)):
                opts = dict(zip(names, bits))
                try:
                    rs.check_options({**rs.options, **opts}, players)
                except BidsError:
                    continue
                d = dealmod.make_deal(rs, NAMES[players], opts, rounds=1, seed=sum(bits) * 7 + players)
                r = d.rounds[0]
                cards = [c for h in r.hands.values() for c in h] + list(r.removed) + list(r.pile)
                assert len(cards) == len(set(cards))
                assert errors_of(dealmod.deal_text(d)) == [], (ruleset, players, opts)
                checked += 1
    assert checked > 400
