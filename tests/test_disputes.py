"""`bids disputes`: which rule decided this game? Single-knob effects and the
smallest sets of knob changes that change the winner, on games worked by hand."""

from __future__ import annotations

import json
from collections.abc import Mapping

from click.testing import CliRunner

from bidscli.analysis import disputes, plan, variantcache
from bidscli.app import api
from bidscli.cli.main import main
from bidscli.core.i18n import text
from bidscli.log.reader import read_log
from bidscli.rules.ruleset import load_ruleset

THIEF = "tests/data/diff-thief-4p.toml"
PAIR = "tests/data/disputes-pair-4p.toml"
BIG = "tests/data/disputes-3r-4p.toml"


def bids(*args):
    return CliRunner().invoke(main, list(args))


def whole_replay(deal, ruleset, offered):
    """The summary of one whole replay: a new cache has no game to resume from."""
    cache = variantcache.VariantCache(deal, ruleset, offered)
    summary = cache.get({})
    assert (cache.replays, cache.resumed) == (1, 0)
    return summary


class ReadKnobs(Mapping):
    """A ruleset's knobs that note each knob the engine reads."""

    def __init__(self, knobs):
        self.knobs = dict(knobs)
        self.read: set = set()

    def __getitem__(self, name):
        value = self.knobs[name]
        self.read.add(name)
        return value

    def __iter__(self):
        return iter(self.knobs)

    def __len__(self):
        return len(self.knobs)


def single(doc, knob, value):
    for s in doc["single"]:
        if s["changes"] == {knob: value}:
            return s
    raise KeyError((knob, value))


def test_disputed_knobs_at_four_players():
    # The bundled rulesets differ on 14 knobs; at 4 players deck.numbers (10 everywhere)
    # and deck.ally_always (6 players only) mean the same, leaving 12.
    assert disputes.disputed_knobs(4) == [
        "deck.minus_five_always", "deck.minus_five_by_option", "deck.double_always",
        "lucky_loser.condition", "double.scope", "minus_five.bonus", "surprise.from_hand",
        "thief.timing", "thief.mandatory", "thief.pool", "thief.fallback", "thief.with_color_bids",
    ]
    assert "deck.numbers" in disputes.disputed_knobs(5)


# Base italian on diff-thief-4p.toml (hand computation in tests/test_diff.py):
#   base: Ana 3, Ben 16, Cleo 26, Dev 2 -> Cleo.
#   thief.timing = deferred alone: as english at T3/T5 (the right cannot be used at T3,
#     the policy steals K9 from Cleo at T5; thief.mandatory stays true): Ana 8, Ben 20,
#     Cleo 17 -> Ben.
#   thief.fallback = none alone: immediate steal at T3 has no victim (Cleo holds nothing):
#     Ana keeps K5 -> Ana 8, Ben 11, Cleo 26 -> still Cleo.
#   Everything else leaves the game as it is (no 2x, -5, Surprise, Color Bids here;
#     everyone won a trick and holds a black card, so no lucky loser either way).


def test_single_knob_effects_on_the_thief_game():
    doc = api.disputes(THIEF)
    assert doc["base"] == "italian"
    assert doc["base_result"]["winners"] == ["Cleo"]
    timing = single(doc, "thief.timing", "deferred")
    assert timing["winners"] == ["Ben"] and timing["winner_changed"]
    assert timing["totals"] == {"Ana": 8, "Ben": 20, "Cleo": 17, "Dev": 2}
    assert timing["deltas"] == {"Ana": 5, "Ben": 4, "Cleo": -9}
    assert timing["ranking"] == ["Ben", "Cleo", "Ana", "Dev"] and timing["ranking_changed"]
    fallback = single(doc, "thief.fallback", "none")
    assert fallback["winners"] == ["Cleo"] and not fallback["winner_changed"]
    assert fallback["totals"] == {"Ana": 8, "Ben": 11, "Cleo": 26, "Dev": 2}
    for s in doc["single"]:
        if s["changes"] not in ({"thief.timing": "deferred"}, {"thief.fallback": "none"}):
            assert s["status"] == "ok" and s["deltas"] == {}, s
    m = doc["minimal"]
    assert m["search"] == "all combinations" and m["knob_count"] == 12
    assert m["size"] == 1
    assert [s["changes"] for s in m["sets"]] == [{"thief.timing": "deferred"}]


# disputes-pair-4p.toml, base italian (unfinished round, no lucky loser):
#   T1 K9 Cleo; T2 K2 Dev; T3 Thief won by Ben, weakest Dev (Y1) holds K2: Ben steals K2;
#   T4 K3 Dev (B10), weakest Cleo (B1) holds K9.
#   base: Ana 0, Ben 2, Cleo 9, Dev 3 -> Cleo.
#   thief.timing = deferred alone: the right is usable at T3 (first_chance same_trick) and
#     the recorded steal is legal there: same game.
#   thief.first_chance = next_trick alone: only read for a deferred right: same game.
#   Both: the right starts at T4, the T3 steal is dropped; at T4 the steal is mandatory
#     (thief.mandatory stays true) and never offered by the log's game, so the default
#     policy takes Cleo's K9: Ana 0, Ben 9, Cleo 0, Dev 5 -> Ben.
#   thief.mandatory, thief.pool, thief.fallback: no effect alone or with any other.
PAIR_KNOBS = ["--knob", "thief.timing", "--knob", "thief.first_chance", "--knob", "thief.mandatory",
              "--knob", "thief.pool", "--knob", "thief.fallback"]


def test_minimal_winner_changing_set_is_a_pair():
    res = bids("disputes", PAIR, "--allow-partial", *PAIR_KNOBS, "--format", "json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["base_result"]["winners"] == ["Cleo"]
    assert all(not s["winner_changed"] and s["deltas"] == {} for s in doc["single"])
    # --knob K: every registry value of K (fallback has three, two of them alternatives)
    assert [s["changes"] for s in doc["single"] if "thief.fallback" in s["changes"]] == [
        {"thief.fallback": "next_weakest_with_cards"}, {"thief.fallback": "none"}]
    m = doc["minimal"]
    assert m["size"] == 2
    assert [s["changes"] for s in m["sets"]] == [{"thief.timing": "deferred", "thief.first_chance": "next_trick"}]
    assert m["sets"][0]["totals"] == {"Ana": 0, "Ben": 9, "Cleo": 0, "Dev": 5}
    assert m["sets"][0]["winners"] == ["Ben"]
    # sizes 1 and 2 searched: 6 singles + 4 * ... pairs of alternatives
    assert m["variants_searched"] == 6 + (1 * 1 + 1 * 1 + 1 * 1 + 1 * 2) + (1 * 1 + 1 * 1 + 1 * 2) + (1 * 1 + 1 * 2) + 1 * 2


def test_knob_with_value_and_table_output():
    res = bids("disputes", PAIR, "--allow-partial", "--knob", "thief.timing=deferred", "--knob", "thief.first_chance=next_trick")
    assert res.exit_code == 0, res.output
    assert "Smallest sets of knob changes that change the winner: 2 changes" in res.stdout
    assert "thief.timing = deferred, thief.first_chance = next_trick -> winner Ben" in res.stdout


def test_no_winner_change_is_said_plainly():
    res = bids("disputes", PAIR, "--allow-partial", "--knob", "thief.mandatory", "--knob", "thief.pool")
    assert res.exit_code == 0
    assert "No set of knob changes changes the winner (searched all combinations of 2 knobs" in res.stdout


def test_deck_knob_variant_not_playable(monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # unwrapped lines (wrapping: test_width.py)
    # The 3-round english game reveals -5 (always in the english deck); with the italian
    # deck.minus_five_by_option = true and the -5 option off, -5 is not in the deck.
    doc = api.disputes(BIG, knob_args=["deck.minus_five_always=[]"])
    s = doc["single"][0]
    assert s["status"] == "not playable" and not s["playable"]
    assert "-5 is not in the english 4-player deck" in text(s["error"], "en")
    res = bids("disputes", BIG, "--knob", "deck.minus_five_always=[]")
    assert res.exit_code == 0 and "NOT PLAYABLE" in res.stdout


def test_unknown_knob_is_an_error():
    res = bids("disputes", PAIR, "--allow-partial", "--knob", "thief.timin")
    assert res.exit_code == 2
    assert "unknown knob 'thief.timin'" in res.stderr


def test_a_table_option_given_as_knob_says_what_is_expected():
    # --knob thief=true used to end in an internal error (a table option is not a knob).
    res = bids("disputes", PAIR, "--allow-partial", "--knob", "thief=true")
    assert res.exit_code == 2
    assert "thief is a table option, not a knob: expected KNOB=VALUE" in res.stderr
    assert "internal error" not in res.stderr


def test_full_search_on_three_rounds_is_cached():
    doc = api.disputes(BIG)
    m = doc["minimal"]
    assert m["knob_count"] == 12 and m["search"] == "all combinations"
    # Nothing changes the winner here, so every combination is searched: 2^12 - 1.
    assert m["size"] is None and m["variants_searched"] == 4095
    # ... but only the distinct paths through the knobs the engine reads are replayed.
    assert doc["replays"] < 400


def test_cache_matches_direct_replays():
    log, _ = read_log(PAIR)
    deal = plan.build_deal(log)
    base = load_ruleset("italian")
    cache = variantcache.VariantCache(deal, base, plan.play_deal(deal, base).offered)
    for changes in ({}, {"thief.timing": "deferred"}, {"thief.timing": "deferred", "thief.first_chance": "next_trick"},
                    {"thief.first_chance": "next_trick"}):
        assert cache.get(changes) == whole_replay(deal, base.with_knobs(changes), cache.offered)
    assert cache.replays + cache.resumed == 3  # the last one shares the base's path (first_chance is never read)


def test_result_phase_knobs_resume_from_the_finished_game():
    # minus_five.bonus is first read by Game.result(): a variant that differs only there
    # is answered from the finished game of the base run, and must equal a full replay.
    log, _ = read_log(BIG)
    deal = plan.build_deal(log)
    base = load_ruleset("english")
    cache = variantcache.VariantCache(deal, base, plan.play_deal(deal, base).offered)
    cache.get({})
    for changes in ({"minus_five.bonus": "threshold"}, {"minus_five.bonus": "threshold", "minus_five.points": 40}):
        assert cache.get(changes) == whole_replay(deal, base.with_knobs(changes), cache.offered)
    assert (cache.replays, cache.resumed) == (1, 2)


def test_more_than_twelve_knobs_limits_the_search_to_pairs(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # unwrapped lines (wrapping: test_width.py)
    # At 5 players deck.numbers is disputed too (italian 1-10, english 1-12): 13 knobs.
    from tests.test_diff import _five_player_english_log

    path = _five_player_english_log(tmp_path)
    doc = api.disputes(path)
    m = doc["minimal"]
    assert m["knob_count"] == 13 and m["search"] == "single and pair changes only"
    numbers = single(doc, "deck.numbers", {"3": 10, "4": 10, "5": 10, "6": 14})
    assert numbers["status"] == "not playable"
    assert "R12 is not in the english 5-player deck (numbers 1-10)" in text(numbers["error"], "en")
    res = bids("disputes", path)
    assert "single and pair changes only (13 knobs is more than 12)" in " ".join(res.stdout.split())


def test_deck_knobs_are_read_through_the_variant_ruleset():
    # The decision tree is exact only if every knob that shapes a replay is read through the
    # ruleset handed to the engine: the deck math included (deck_for must not answer a new
    # variant from a cache without reading its knobs).
    log, _ = read_log(BIG)
    deal = plan.build_deal(log)
    base = load_ruleset("english")
    for _ in range(2):
        reads = ReadKnobs(base.knobs)
        plan.play_deal(deal, base.replace(knobs=reads), track=False)
        assert {"deck.numbers", "deck.minus_five_always", "deck.double_always", "lucky_loser.condition",
                "thief.timing"} <= reads.read
    cache = variantcache.VariantCache(deal, base, plan.play_deal(deal, base).offered)
    cache.get({})
    direct = whole_replay(deal, base.with_knobs({"deck.double_always": [6]}), cache.offered)
    assert cache.get({"deck.double_always": [6]}) == direct and not direct.playable


def test_disputes_refuses_a_log_invalid_under_its_base(tmp_path):
    # Ben steals from Cleo, but under english nobody has won a Thief: the log is
    # invalid, so disputes must not quietly re-decide the steal by policy.
    log = tmp_path / "bad.toml"
    log.write_text(
        'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n[[rounds]]\n'
        'tricks = ["K5: Ana R5, Ben G4, Cleo K7; Ben steals K5 from Cleo"]\n'
    )
    result = CliRunner().invoke(main, ["disputes", str(log)])
    assert result.exit_code == 1
    assert "Ben has no Thief to use at this trick" in result.output
    assert "Traceback" not in result.output


def test_an_unplayable_variant_is_named_by_its_change():
    # friday-4p's deal has a -5 and a 2x: english with deck.minus_five_always = [] (no -5 at four
    # players) cannot play it. The note says which change made the deck, not only "english".
    res = CliRunner().invoke(main, ["disputes", "examples/friday-4p.toml"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    notes = [line for line in res.stdout.splitlines() if line.startswith("[")]
    assert notes[0].startswith("[1] with deck.minus_five_always = []: -5 is not in the english 4-player deck")
    assert notes[1].startswith("[2] with deck.double_always = [6]: 2x is not in the english 4-player deck")
