"""`bids season` (issue 24): a hand-worked season of six games, its standings and head to head exact
under the logs' own rulesets and under -r italian -r english, and the ratings checked against openskill
called directly on the same ranks in the same order.

The season is tests/data/season/ (one round a game; g6 is examples/friday-4p.toml). The final
totals of each game are bids score's (each log's own ruleset) and bids diff's (-r italian -r english
--lenient-deck); from them on, everything below is worked by hand.

Season order (the log's ``date``, then the file name; no date: last):
  g2 2026-01-03, g1 01-10, g3 01-17, g5 01-17 (same day: by name), g6 01-24, g4 (no date).
Left out: bad.toml (a card Y99, line 22) and unfinished.toml (9 of 10 tricks): exit 1.

Totals and competition ranks (own rulesets; italian differs only in g6):
  g2 italian: Ana(Maria) 19 r2, Ben 25 r1, Dev 8 r3, Eve 3 r4
  g1 english: Ana 17 r3, Ben 26 r1, Cy 19 r2
  g3 english: Ana 8 r4, ben 23 r1, Cy 10 r3, Dev 23 r1   (a shared win; Ana lucky loser of round 1)
  g5 english: Cy 17 r3, Dev 26 r1, Eve 19 r2
  g6 english: Ana 43 r3, Ben 43 r3, Cleo 44 r2, Dev 48 r1  (-5 bonus shared by Ana and Ben; lucky
              losers: Dev round 1, Ana rounds 2 and 3)
     italian: Ana 28 r2, Ben 28 r2, Cleo 44 r1, Dev 27 r4  (Ana lucky loser twice, Dev once, no -5)
  g4 english: Ana 29 r2, Ben 32 r1, Cy 5 r4, Dev 0 r5, Eve 11 r3

Standings, own rulesets (games, wins, rank sum / games, points / games):
  Ana  5, 0, 14/5 = 2.8, 116/5 = 23.2, lucky-loser rounds 1 + 2 = 3, -5 bonuses 1, best g6 43
  Ben  5, 4,  7/5 = 1.4, 149/5 = 29.8, 0, 1, best g6 43
  Cy   4, 0, 12/4 = 3.0,  51/4 = 12.75, best g1 19
  Dev  5, 3, 11/5 = 2.2, 105/5 = 21.0, lucky-loser rounds 1, best g6 48
  Eve  3, 0,  9/3 = 3.0,  33/3 = 11.0, best g5 19
  Cleo 1, 0,  2.0, 44.0
Under italian: Ana 13/5 = 2.6, 101/5 = 20.2; Ben 4 wins, 6/5 = 1.2, 134/5 = 26.8; Dev 2 wins,
14/5 = 2.8, 84/5 = 16.8; Cleo 1 win, 1.0, 44.0; Cy and Eve as above. Champion (most wins): Ben under
each. The winner of g6 changes (italian Cleo, english Dev), by double.scope (bids diff says so too).

Head to head (games together, above, below), own rulesets:
  Ana-Ben 5,0,4 (g6 43 = 43: neither)  Ana-Cy 3,1,2  Ana-Dev 4,2,2  Ana-Eve 2,2,0  Ana-Cleo 1,0,1
  Ben-Cy 3,3,0  Ben-Dev 4,2,1 (g3: neither)  Ben-Eve 2,2,0  Ben-Cleo 1,0,1
  Cy-Dev 3,1,2  Cy-Eve 2,0,2  Dev-Eve 3,2,1  Dev-Cleo 1,1,0   (Cy and Eve never met Cleo)
Under italian, g6 changes: Ana-Dev 4,3,1; Ben-Dev 4,3,0; Dev-Cleo 1,0,1 (the rest as above).
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

DATA = "tests/data/season"
ALIAS = ["--alias", "Ana Maria=Ana"]
WHAT_IF = ["-r", "italian", "-r", "english", "--lenient-deck"]


def bids(*args):
    return CliRunner().invoke(main, list(args))


def season_json(*args):
    r = bids("season", DATA, *ALIAS, "--format", "json", *args)
    assert r.exit_code == 1, r.output  # two logs are left out
    return json.loads(r.stdout)


def table(doc: dict) -> dict:
    return {s["player"]: (s["games"], s["wins"], s["mean_rank"], s["points_per_game"]) for s in doc["standings"]}


def h2h(doc: dict) -> dict:
    return {(p, q): (m["games"], m["above"], m["below"]) for p, row in doc["head_to_head"].items()
            for q, m in row.items()}


OWN = {"Ana": (5, 0, 2.8, 23.2), "Ben": (5, 4, 1.4, 29.8), "Cy": (4, 0, 3.0, 12.75), "Dev": (5, 3, 2.2, 21.0),
       "Eve": (3, 0, 3.0, 11.0), "Cleo": (1, 0, 2.0, 44.0)}
ITALIAN = {**OWN, "Ana": (5, 0, 2.6, 20.2), "Ben": (5, 4, 1.2, 26.8), "Dev": (5, 2, 2.8, 16.8),
           "Cleo": (1, 1, 1.0, 44.0)}
H2H_OWN = {("Ana", "Ben"): (5, 0, 4), ("Ana", "Cy"): (3, 1, 2), ("Ana", "Dev"): (4, 2, 2), ("Ana", "Eve"): (2, 2, 0),
           ("Ana", "Cleo"): (1, 0, 1), ("Ben", "Cy"): (3, 3, 0), ("Ben", "Dev"): (4, 2, 1), ("Ben", "Eve"): (2, 2, 0),
           ("Ben", "Cleo"): (1, 0, 1), ("Cy", "Dev"): (3, 1, 2), ("Cy", "Eve"): (2, 0, 2), ("Dev", "Eve"): (3, 2, 1),
           ("Dev", "Cleo"): (1, 1, 0)}
H2H_ITALIAN = {**H2H_OWN, ("Ana", "Dev"): (4, 3, 1), ("Ben", "Dev"): (4, 3, 0), ("Dev", "Cleo"): (1, 0, 1)}


def both_ways(pairs: dict) -> dict:
    out = dict(pairs)
    for (a, b), (n, above, below) in pairs.items():
        out[(b, a)] = (n, below, above)
    return out


def test_own_rulesets_standings_and_head_to_head():
    doc = season_json()
    assert doc["games"] == 6
    assert [f.rsplit("/", 1)[1] for f in doc["files"]] == ["g2.toml", "g1.toml", "g3.toml", "g5.toml", "g6.toml",
                                                            "g4.toml"]
    assert [x["file"].rsplit("/", 1)[1] for x in doc["left_out"]] == ["bad.toml", "unfinished.toml"]
    assert doc["left_out"][0]["reason"].startswith(f"{DATA}/bad.toml:22: round 1, trick 1: 'Y99' is not a card")
    assert doc["left_out"][1]["reason"].startswith(f"{DATA}/unfinished.toml:30: round 1, trick 9: the game is "
                                                   "unfinished")
    (rs,) = doc["rulesets"]
    assert rs["ruleset"] is None and rs["champion"] == ["Ben"]
    assert table(rs) == OWN
    assert h2h(rs) == both_ways(H2H_OWN)
    by = {s["player"]: s for s in rs["standings"]}
    assert {p: (s["lucky_loser_rounds"], s["minus_five_bonuses"]) for p, s in by.items()} == {
        "Ana": (3, 1), "Ben": (0, 1), "Cy": (0, 0), "Dev": (1, 0), "Eve": (0, 0), "Cleo": (0, 0)}
    assert by["Dev"]["best_game"] == {"file": f"{DATA}/g6.toml", "game": "g6.toml", "points": 48}
    assert by["Cy"]["best_game"] == {"file": f"{DATA}/g1.toml", "game": "g1.toml", "points": 19}
    assert by["Ben"]["win_rate"] == 0.8
    # most wins (Ben 4, Dev 3), then win % (all 0), then points a game: Cleo 44, Ana 23.2, Cy 12.75, Eve 11
    assert [s["player"] for s in rs["standings"]] == ["Ben", "Dev", "Cleo", "Ana", "Cy", "Eve"]
    (rated,) = season_json("--rank-by", "rating")["rulesets"]
    ordinals = [s["rating"]["ordinal"] for s in rated["standings"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert doc["winner_changes"] == []


def test_what_if_italian_english():
    doc = season_json(*WHAT_IF)
    assert doc["games"] == 6 and len(doc["left_out"]) == 2
    italian, english = doc["rulesets"]
    assert (italian["ruleset"], english["ruleset"]) == ("italian", "english")
    assert table(italian) == ITALIAN and table(english) == OWN
    assert h2h(italian) == both_ways(H2H_ITALIAN) and h2h(english) == both_ways(H2H_OWN)
    assert italian["champion"] == english["champion"] == ["Ben"]
    assert doc["winner_changes"] == [{"file": f"{DATA}/g6.toml", "game": "g6.toml",
                                      "winners": {"italian": ["Cleo"], "english": ["Dev"]},
                                      "decided_by": ["double.scope"], "note": None}]
    diff = json.loads(bids("diff", f"{DATA}/g6.toml", *WHAT_IF, "--format", "json").stdout)
    assert diff["attribution"]["winner_margin"]["deciding"] == ["double.scope"]  # diff's account agrees here


def test_ratings_are_openskill_plackett_luce_on_the_same_ranks():
    from openskill.models import PlackettLuce

    m = PlackettLuce()
    games = [  # season order; each game's players in seating order, with their competition ranks
        [("Ana", 2), ("Ben", 1), ("Dev", 3), ("Eve", 4)],  # g2
        [("Ana", 3), ("Ben", 1), ("Cy", 2)],  # g1
        [("Ana", 4), ("Ben", 1), ("Cy", 3), ("Dev", 1)],  # g3
        [("Cy", 3), ("Dev", 1), ("Eve", 2)],  # g5
        [("Ana", 3), ("Ben", 3), ("Cleo", 2), ("Dev", 1)],  # g6
        [("Ana", 2), ("Ben", 1), ("Cy", 4), ("Dev", 5), ("Eve", 3)],  # g4
    ]
    r: dict = {}
    for g in games:
        teams = [[r.setdefault(p, m.rating())] for p, _ in g]
        for (p, _), (new,) in zip(g, m.rate(teams, ranks=[rank for _, rank in g])):
            r[p] = new
    (rs,) = season_json("--rank-by", "rating")["rulesets"]
    got = {s["player"]: s["rating"] for s in rs["standings"]}
    assert got == {p: {"mu": x.mu, "sigma": x.sigma, "ordinal": x.ordinal()} for p, x in r.items()}
    assert [s["player"] for s in rs["standings"]] == sorted(r, key=lambda p: -r[p].ordinal())


def test_names_match_as_in_a_log_and_alias_merges():
    r = bids("season", DATA, "--format", "json")
    (rs,) = json.loads(r.stdout)["rulesets"]
    players = {s["player"]: s["games"] for s in rs["standings"]}
    assert players["Ben"] == 5 and "ben" not in players  # g3's "ben" is Ben (case-insensitive)
    assert players["Ana"] == 4 and players["Ana Maria"] == 1  # no --alias: two players


def test_alias_that_puts_one_player_twice_in_a_game_leaves_it_out():
    r = bids("season", f"{DATA}/g1.toml", "--alias", "Cy=Ana", "--format", "json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["games"] == 0 and "Ana would play twice in this game" in doc["left_out"][0]["reason"]


@pytest.mark.parametrize("alias", ["Ana", "=Ana", "Ana=", "A,b=C"])
def test_bad_alias_is_a_usage_error(alias):
    r = bids("season", DATA, "--alias", alias)
    assert r.exit_code == 2 and "--alias" in r.stderr and "Traceback" not in r.output


def test_table_and_csv(tmp_path):
    r = bids("season", DATA, *ALIAS, *WHAT_IF)
    assert r.exit_code == 1
    out = r.stdout
    assert "Standings, italian: 6 games" in out and "Standings, english: 6 games" in out
    assert "g6.toml: italian Cleo; english Dev; decided by double.scope" in out
    assert "Left out: 2 logs" in out and "bad.toml:22:" in out
    rows = list(csv.DictReader(io.StringIO(bids("season", DATA, *ALIAS, "--format", "csv").stdout)))
    assert {x["player"]: (int(x["games"]), int(x["wins"])) for x in rows} == {p: v[:2] for p, v in OWN.items()}
    assert [x["player"] for x in rows if x["champion"] == "yes"] == ["Ben"]


def test_all_valid_exits_0_and_date_orders(tmp_path):
    for name in ("g1", "g2"):
        shutil.copy(f"{DATA}/{name}.toml", tmp_path / f"{name}.toml")
    r = bids("season", str(tmp_path), "--format", "json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [f.rsplit("/", 1)[1] for f in doc["files"]] == ["g2.toml", "g1.toml"]  # g2 is dated earlier
    assert doc["left_out"] == []


def test_date_must_be_a_toml_date(tmp_path):
    text = (Path(DATA) / "g1.toml").read_text(encoding="utf-8").replace("date = 2026-01-10", 'date = "2026-01-10"')
    (tmp_path / "g.toml").write_text(text)
    r = bids("validate", str(tmp_path / "g.toml"))
    assert r.exit_code == 1 and "'date' must be a TOML date" in r.stdout


def test_record_writes_todays_date_and_resume_keeps_it(tmp_path):
    import datetime

    path = tmp_path / "g.toml"
    r = CliRunner().invoke(main, ["record", str(path), "--players", "Ana,Ben,Cleo", "-r", "english"],
                           input="K5: R1 R2 R3\nquit\n")
    assert r.exit_code == 0, r.output
    today = datetime.date.today()
    assert f"\ndate = {today.isoformat()}\n" in path.read_text(encoding="utf-8")
    text = path.read_text(encoding="utf-8").replace(f"date = {today.isoformat()}", "date = 2020-02-29")
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["record", str(path), "--resume"], input="K6: R5 R6 R7\nquit\n")
    assert r.exit_code == 0, r.output
    assert "\ndate = 2020-02-29\n" in path.read_text(encoding="utf-8")


def test_score_takes_folders_as_validate_does(tmp_path):
    r = bids("score", DATA, "--format", "json")
    assert r.exit_code == 1  # bad.toml and unfinished.toml
    docs = json.loads(r.stdout)
    assert [d["file"].rsplit("/", 1)[1] for d in docs] == ["bad.toml", "g1.toml", "g2.toml", "g3.toml", "g4.toml",
                                                           "g5.toml", "g6.toml", "unfinished.toml"]
    assert "error" in docs[0] and docs[1]["totals"] == {"Ana": 17, "Ben": 26, "Cy": 19}
    shutil.copy(f"{DATA}/g1.toml", tmp_path / "g1.toml")
    r = bids("score", str(tmp_path), "--format", "json")
    assert r.exit_code == 0 and isinstance(json.loads(r.stdout), list)  # a folder: a list, even of one
    r = bids("score", str(tmp_path / "nothing"))
    assert r.exit_code == 1


def test_html_page_is_written_once_and_escapes_names(tmp_path):
    text = (Path(DATA) / "g1.toml").read_text(encoding="utf-8").replace('"Cy"', '"<b>Cy</b>"')
    text = "\n".join(line for line in text.replace("Cy ", "<b>Cy</b> ").splitlines()
                      if not line.startswith(("hands.", "leader")))  # a name is no bare TOML key
    (tmp_path / "g.toml").write_text(text, encoding="utf-8")
    page = tmp_path / "s.html"
    r = bids("season", str(tmp_path / "g.toml"), "--html", str(page))
    assert r.exit_code == 0, r.output
    html = page.read_text(encoding="utf-8")
    assert "&lt;b&gt;Cy&lt;/b&gt;" in html and "<b>Cy</b>" not in html
    assert "<svg" in html and "http://" not in html.replace("http://www.w3.org", "")
    r = bids("season", str(tmp_path / "g.toml"), "--html", str(page))
    assert r.exit_code == 1 and "use --force" in r.stderr
    r = bids("season", str(tmp_path / "g.toml"), "--html", str(page), "--force")
    assert r.exit_code == 0


def test_html_page_of_more_players_than_colours(tmp_path):
    page = tmp_path / "s.html"
    r = bids("season", DATA, "examples/thief-6p.toml", "--html", str(page))  # 12 players, 8 colours
    assert r.exit_code == 1 and "internal error" not in r.output  # left out: bad.toml, unfinished.toml
    html = page.read_text(encoding="utf-8")
    keys = re.findall(r'<label><input type="radio" name="hl-0" value="\d+"><svg class="key"[^>]*>(.*?)</svg>', html)
    assert len(keys) == 12  # the chart's key: a sample of each player's line, no two alike but for colour
    assert len({re.sub(r' stroke="#\w+"| fill="#\w+"', "", k) for k in keys}) == 12


def test_a_log_counts_once_however_often_it_is_named(tmp_path):
    # g1 named beside its folder is walked once (a note says so); a byte-for-byte copy under
    # another name is the same game: left out as a second copy (exit 1), never counted twice.
    r = bids("season", DATA, f"{DATA}/g1.toml", *ALIAS, "--format", "json")
    doc = json.loads(r.stdout)
    assert doc["games"] == 6 and table(doc["rulesets"][0]) == OWN
    assert doc["notes"] == [f"{DATA}/g1.toml: named twice: counted once"]
    assert f"note: {DATA}/g1.toml: named twice: counted once" in r.stderr
    for name in ("a.toml", "b.toml"):
        shutil.copy(f"{DATA}/g1.toml", tmp_path / name)
    r = bids("season", str(tmp_path), "--format", "json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["games"] == 1
    assert doc["left_out"] == [{"file": f"{tmp_path}/b.toml", "game": "b.toml",
                                "reason": f"{tmp_path}/b.toml: the same log as {tmp_path}/a.toml, byte for byte: "
                                          "a second copy of one game"}]
    assert {s["player"]: s["wins"] for s in doc["rulesets"][0]["standings"]} == {"Ben": 1, "Ana": 0, "Cy": 0}


def test_an_alias_that_matches_nobody_is_said():
    r = bids("season", DATA, *ALIAS, "--alias", "Nobdy=Ana", "--format", "json")
    assert json.loads(r.stdout)["notes"] == ["--alias 'Nobdy': no game has a player 'Nobdy'"]
    assert "note: --alias 'Nobdy': no game has a player 'Nobdy'" in r.stderr


def test_csv_says_on_stderr_what_it_left_out():
    r = bids("season", DATA, *ALIAS, "--format", "csv")
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert lines[0].startswith(f"left out: {DATA}/bad.toml:22: round 1, trick 1: 'Y99' is not a card")
    assert lines[1].startswith(f"left out: {DATA}/unfinished.toml:30: round 1, trick 9: the game is unfinished")


def test_an_unfinished_game_is_advised_as_season_has_no_allow_partial():
    reason = season_json()["left_out"][1]["reason"]
    assert reason == (f"{DATA}/unfinished.toml:30: round 1, trick 9: the game is unfinished after round 1, trick 9 "
                      "(round 1 has 9 of 10 tricks): a season counts finished games (`bids score FILE "
                      "--allow-partial` shows its standings so far)")
    assert "use --allow-partial" not in bids("season", DATA, *ALIAS).output


def test_score_of_a_folder_skips_a_ruleset_file_as_validate_does(tmp_path):
    shutil.copy(f"{DATA}/g1.toml", tmp_path / "g1.toml")
    shutil.copy("examples/house.toml", tmp_path / "house.toml")
    for fmt in ("table", "csv", "json"):
        r = bids("score", str(tmp_path), "--format", fmt)
        assert r.exit_code == 0, r.output
        assert r.stderr == f"{tmp_path}/house.toml: skipped: a ruleset file, not a game log\n"
    r = bids("score", str(tmp_path / "house.toml"))  # named, not found in a folder: told to give it with -r
    assert r.exit_code == 1 and "give it with -r" in r.stderr


def test_aliases_that_disagree_are_a_usage_error():
    # A swap or a chain would hang on the order the options come in: refused, saying why.
    from click.testing import CliRunner

    from bidscli.cli.main import main

    swap = CliRunner().invoke(main, ["season", "tests/data/season", "--alias", "Benny=Ben", "--alias", "Ben=Benny"])
    assert swap.exit_code == 2
    assert ("--alias 'Benny=Ben' and --alias 'Ben=Benny': 'Ben' is both a new name and an old one: map every "
            "old name straight to the name the season shows") in " ".join(swap.stderr.split())
    twice = CliRunner().invoke(main, ["season", "tests/data/season", "--alias", "Ana=A", "--alias", "ana=B"])
    assert twice.exit_code == 2 and "give 'ana' two names: give one" in twice.stderr
    same = CliRunner().invoke(main, ["season", "tests/data/season", "--alias", "Ana Maria=Ana",
                                     "--alias", "ana maria=Ana", "--format", "json"])
    assert same.exit_code in (0, 1) and "Usage" not in same.stderr


def test_the_season_page_names_the_deciding_rule_in_the_players_words(tmp_path):
    # g6's winner changes (italian Cleo, english Dev) by double.scope: the page says "2x doubles"
    # with the knob name beside it, as the comparison page does.
    page = tmp_path / "s.html"
    r = bids("season", DATA, "-r", "italian", "-r", "english", "--lenient-deck", "--html", str(page))
    assert r.exit_code == 1, r.output  # the invalid and unfinished logs of the season are left out
    html = page.read_text(encoding="utf-8")
    assert 'decided by <span class="rule-name">2x doubles</span> <span class="knob">double.<wbr>scope</span>' in html
