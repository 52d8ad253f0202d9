"""bids study: exact, mergeable, job-independent variant studies (issue 4)."""

from __future__ import annotations

import json
import math
import random

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core.errors import BidsError
from bidscli.report.render import dumps
from bidscli.report.study import table_text
from bidscli.sim import study as S
from bidscli.sim.deal import default_names


def spec(games=12, seed=1, rulesets=("italian", "english"), players=4, bots=None, options=None):
    bots = bots or ("default", "greedy", "lucky", "random")[:players]
    return S.make_spec(list(rulesets), default_names(players), tuple(bots), options or {}, {}, seed, games)


def test_mean_stats_on_a_known_sample():
    xs = [1, 2, 3, 4]
    m = S.mean_stats(len(xs), sum(xs), sum(x * x for x in xs))
    assert m["mean"] == 2.5
    assert m["sd"] == round(math.sqrt(5 / 3), 4) == 1.291
    half = 1.959963984540054 * math.sqrt(5 / 3) / 2
    assert m["ci95"] == [round(2.5 - half, 4), round(2.5 + half, 4)] == [1.2348, 3.7652]
    assert S.mean_stats(1, 7, 49) == {"mean": 7.0, "sd": None, "ci95": [None, None]}
    assert S.mean_stats(3, 15, 75)["sd"] == 0.0  # all equal


def test_wilson_on_known_values():
    lo, hi = S.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = S.wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = S.wilson(10, 10)
    assert round(lo, 4) == 0.7225 and round(hi, 12) == 1.0
    assert S.rate_stats(1, 4) == {"count": 1, "n": 4, "rate": 0.25, "ci95": [0.0456, 0.6994]}


def test_shards_merge_exactly_in_any_order():
    st = spec(games=9)
    whole = S.run_shard(S.ShardSpec(st, 0, 9))
    parts = [S.run_shard(S.ShardSpec(st, a, b)) for a, b in ((0, 2), (2, 5), (5, 9))]
    assert S.merge(*parts).counts == whole.counts
    assert S.merge(parts[2], parts[0], parts[1]).counts == whole.counts
    # Associative and commutative, with the empty summary as identity.
    left = S.merge(S.merge(parts[0], parts[1]), parts[2])
    right = S.merge(parts[0], S.merge(parts[1], parts[2]))
    assert left.counts == right.counts == parts[0].merge(parts[1]).merge(parts[2]).counts
    assert S.merge(S.Tallies({}), whole).counts == whole.counts
    assert all(isinstance(v, int) for v in whole.counts.values())
    # Shards of other sizes give the same study.
    shuffled = [S.run_shard(sh) for sh in S.shards(st, 4)]
    random.Random(3).shuffle(shuffled)
    assert S.merge(*shuffled).counts == whole.counts


def test_jobs_do_not_change_a_byte():
    st = spec(games=10)
    one = dumps(S.report(st, S.run_study(st, 1, shard_size=3)))
    two = dumps(S.report(st, S.run_study(st, 2, shard_size=3)))
    assert one == two
    doc = json.loads(one)
    assert doc["study"]["games"] == 10
    text = one.lower()
    assert "time" not in text and "jobs" not in text and "second" not in text


def test_report_counts_add_up():
    st = spec(games=8)
    doc = S.report(st, S.run_study(st))
    for r in doc["rulesets"]:
        assert r["games"] == 8
        wins = sum(s["wins"]["count"] for s in r["seats"])
        assert wins >= 8  # equal totals share first place
        assert r["burn_rate"]["n"] == 8 * 3 * r["deck"]["tricks"]
        assert r["lucky_loser_rate"]["n"] == 8 * 3
        lo, hi = r["margin"]["ci95"]
        assert lo <= r["margin"]["mean"] <= hi
        assert r["margin"]["mean"] >= 0
    (pair,) = doc["pairs"]
    assert pair["rulesets"] == ["italian", "english"]
    assert pair["same_deck"] is False
    assert pair["winner_changes"]["n"] == 8


def test_same_deck_rulesets_share_deals():
    st = spec(games=4, rulesets=("italian", "japanese"))
    doc = S.report(st, S.run_study(st))
    assert doc["pairs"][0]["same_deck"] is True


def test_progress_is_called_with_every_game():
    st = spec(games=7)
    seen = []
    S.run_study(st, 1, seen.append, shard_size=3)
    assert sum(seen) == 7


def test_bad_studies_fail_before_playing():
    with pytest.raises(BidsError, match="Color Bids"):
        spec(options={"thief": True, "color_bids": True})
    with pytest.raises(BidsError, match="twice"):
        spec(rulesets=("english", "english"))
    with pytest.raises(BidsError):
        spec(rulesets=("no-such-ruleset",))


def test_cli_study_json_and_table():
    runner = CliRunner()
    base = ["study", "-r", "italian", "-r", "english", "--players", "3", "--games", "6", "--seed", "2",
            "--bots", "default,greedy,lucky"]
    res = runner.invoke(main, base + ["--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert [r["ruleset"] for r in doc["rulesets"]] == ["italian", "english"]
    assert doc["study"]["bots"] == ["default", "greedy", "lucky"]
    res2 = runner.invoke(main, base + ["--format", "json", "--jobs", "2"])
    assert res2.stdout == res.stdout
    res = runner.invoke(main, base)
    assert res.exit_code == 0
    assert "Winner changes" in res.stdout and "burned tricks" in res.stdout
    assert runner.invoke(main, base + ["--bots", "default,nobody,lucky"]).exit_code == 2
    assert runner.invoke(main, ["study", "-r", "english", "-p", "4", "-g", "2", "-o", "nope=true"]).exit_code == 2


def test_knob_overrides_reach_the_workers():
    knobs = {"deck.numbers": {3: 10, 4: 10, 5: 10, 6: 14}, "thief.timing": "immediate"}
    st = S.make_spec(["english"], default_names(5), ("default",) * 5, {"thief": True}, knobs, 3, 6)
    one = dumps(S.report(st, S.run_study(st, 1, shard_size=2)))
    two = dumps(S.report(st, S.run_study(st, 2, shard_size=2)))
    assert one == two
    doc = json.loads(one)
    assert doc["rulesets"][0]["deck"]["numbers"] == 10  # the override, not english's 1-12 at 5 players
    assert doc["study"]["knobs"]["thief.timing"] == "immediate"
    assert "Knob overrides" in table_text(doc)
