"""`bids season`'s evenings (issue 31, item 2) and a game's name on a page made to be shared (issue
32, item 4): the results list (one row a counted game in season order: date, the game's name,
ruleset, winners, every player's total) in the table after the standings, on the page and in JSON
(``results`` in each entry of ``rulesets``); the CSV says where that list is. A game is named by its
``title``, else by its path relative to the folder given (``w1/game.toml``), never by an absolute
path or ``./week05.toml``; "best game" and the winner changes use that name too.

The totals are those of tests/test_season.py's hand-worked season (each log under its own ruleset;
with -r italian -r english, only g6 differs under italian: Cleo 44, Ana 28, Ben 28, Dev 27).
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from bidscli.cli.main import main

from .test_report import Tree

DATA = "tests/data/season"
ALIAS = ["--alias", "Ana Maria=Ana"]

# season order; (date, game, ruleset, winners, totals in seating order)
RESULTS = [
    ("2026-01-03", "g2.toml", "italian", ["Ben"], {"Ana": 19, "Ben": 25, "Dev": 8, "Eve": 3}),
    ("2026-01-10", "g1.toml", "english", ["Ben"], {"Ana": 17, "Ben": 26, "Cy": 19}),
    ("2026-01-17", "g3.toml", "english", ["Ben", "Dev"], {"Ana": 8, "Ben": 23, "Cy": 10, "Dev": 23}),
    ("2026-01-17", "g5.toml", "english", ["Dev"], {"Cy": 17, "Dev": 26, "Eve": 19}),
    ("2026-01-24", "g6.toml", "english", ["Dev"], {"Ana": 43, "Ben": 43, "Cleo": 44, "Dev": 48}),
    (None, "g4.toml", "english", ["Ben"], {"Ana": 29, "Ben": 32, "Cy": 5, "Dev": 0, "Eve": 11}),
]


def bids(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def results(rs: dict) -> list:
    return [(g["date"], g["game"], g["ruleset"], g["winners"], g["totals"]) for g in rs["results"]]


def test_results_in_json_each_game_under_its_own_ruleset():
    r = bids("season", DATA, *ALIAS, "--format", "json")
    (rs,) = json.loads(r.stdout)["rulesets"]
    assert results(rs) == RESULTS
    assert list(rs["results"][0]["totals"]) == ["Ana", "Ben", "Dev", "Eve"]  # seating order
    assert rs["results"][0]["file"] == f"{DATA}/g2.toml" and rs["results"][0]["title"] is None


def test_results_in_json_under_each_ruleset():
    r = bids("season", DATA, *ALIAS, "-r", "italian", "-r", "english", "--lenient-deck", "--format", "json")
    italian, english = json.loads(r.stdout)["rulesets"]
    assert results(english) == [(d, g, "english", w, t) for d, g, _, w, t in RESULTS]
    g6 = ("2026-01-24", "g6.toml", "italian", ["Cleo"], {"Ana": 28, "Ben": 28, "Cleo": 44, "Dev": 27})
    assert results(italian) == [g6 if g == "g6.toml" else (d, g, "italian", w, t) for d, g, _, w, t in RESULTS]


def test_results_in_the_table_after_the_standings():
    out = bids("season", DATA, *ALIAS).stdout
    assert out.index("Standings, each game") < out.index("Results, each game") < out.index("Head to head")
    table = out.split("Results, each game under its own ruleset: one row a game, in season order\n")[1]
    lines = table.splitlines()
    assert lines[0].split() == ["#", "date", "game", "ruleset", "winners", "totals"]
    assert lines[2].split() == ["1", "2026-01-03", "g2.toml", "italian", "Ben", "Ben", "25,", "Ana", "19,", "Dev",
                                "8,", "Eve", "3"]
    assert lines[4].split()[:8] == ["3", "2026-01-17", "g3.toml", "english", "Ben", "and", "Dev", "Ben"]
    assert lines[7].split()[:4] == ["6", "-", "g4.toml", "english"]  # no date: last, said with a dash


def test_csv_keeps_the_standings_and_says_where_the_results_are():
    r = bids("season", DATA, *ALIAS, "--format", "csv")
    assert r.stdout.splitlines()[0].startswith("ruleset,rank,player")
    assert "--format json" in r.stderr and '"results"' in r.stderr


def league(tmp_path: Path) -> Path:
    """A league folder of one game a week, two with a title; a bad log; the season's own data."""
    root = tmp_path / "league"
    for week, (game, title) in enumerate([("g2", None), ("g1", "Evening at Ana's"), ("g6", None),
                                          ("g3", "The shared win")], 1):
        (root / f"w{week}").mkdir(parents=True)
        text = (Path(DATA) / f"{game}.toml").read_text(encoding="utf-8")
        if title:
            text = f'title = "{title}"\n' + text
        (root / f"w{week}" / "game.toml").write_text(text, encoding="utf-8")
    shutil.copy(f"{DATA}/bad.toml", root / "w1" / "bad.toml")
    return root


def test_a_game_is_named_by_its_title_else_its_path_in_the_folder_given(tmp_path):
    root = league(tmp_path)
    r = bids("season", root.resolve(), *ALIAS, "--format", "json")  # an absolute path, as a shell glob gives
    doc = json.loads(r.stdout)
    (rs,) = doc["rulesets"]
    assert [g["game"] for g in rs["results"]] == ["w1/game.toml", "Evening at Ana's", "The shared win",
                                                  "w3/game.toml"]
    assert [g["title"] for g in rs["results"]] == [None, "Evening at Ana's", "The shared win", None]
    best = {s["player"]: s["best_game"]["game"] for s in rs["standings"]}
    assert best["Dev"] == "w3/game.toml" and best["Cy"] == "Evening at Ana's"
    assert doc["left_out"][0]["game"] == "w1/bad.toml"
    out = bids("season", root.resolve(), *ALIAS).stdout
    results_table = out.split("Results")[1].split("Head to head")[0]
    assert "Evening at Ana's" in results_table and "w3/game.toml" in results_table
    assert str(tmp_path) not in results_table and str(tmp_path) not in out.split("Left out")[0]


def test_a_file_named_on_its_own_is_named_without_dot_slash(tmp_path, monkeypatch):
    shutil.copy(f"{DATA}/g1.toml", tmp_path / "week05.toml")
    monkeypatch.chdir(tmp_path)
    doc = json.loads(bids("season", "./week05.toml", "--format", "json").stdout)
    assert doc["rulesets"][0]["results"][0]["game"] == "week05.toml"
    assert "week05.toml" in bids("season", "./week05.toml").stdout.split("Results")[1]
    assert "./week05.toml" not in bids("season", "./week05.toml").stdout


def test_the_page_lists_the_results_and_shows_no_local_path(tmp_path):
    root = league(tmp_path)
    page = tmp_path / "s.html"
    r = bids("season", root.resolve(), *ALIAS, "-r", "italian", "-r", "english", "--lenient-deck", "--html", page)
    assert r.exit_code == 1, r.output  # bad.toml is left out
    html = page.read_text(encoding="utf-8")
    assert str(tmp_path) not in html and "league/" not in html
    tree = Tree(html).root
    text = " ".join(tree.text().split())
    assert "w1/bad.toml:22: round 1, trick 1: 'Y99' is not a card" in text  # the reason, relative
    tables = [t for t in tree.find_all("table") if "One row a game" in (t.find("caption") or t).text()]
    assert len(tables) == 2  # one a ruleset
    rows = [[" ".join(td.text().split()) for td in tr.find_all("td")] for tr in tables[1].find("tbody").find_all("tr")]
    assert rows == [
        ["1", "2026-01-03", "w1/game.toml", "english", "Ben", "Ben 25, Ana 19, Dev 8, Eve 3"],
        ["2", "2026-01-10", "Evening at Ana's", "english", "Ben", "Ben 26, Cy 19, Ana 17"],
        ["3", "2026-01-17", "The shared win", "english", "Ben and Dev", "Ben 23, Dev 23, Cy 10, Ana 8"],
        ["4", "2026-01-24", "w3/game.toml", "english", "Dev", "Dev 48, Cleo 44, Ana 43, Ben 43"],
    ]
    assert "w3/game.toml: italian Cleo; english Dev" in text  # the winner change, by the game's name


def test_an_alias_for_a_player_of_a_left_out_game_says_the_game_was_left_out(tmp_path):
    # Zoe plays only in a game left out (unfinished): the note says so, not "no game has a player".
    root = tmp_path / "league"
    root.mkdir()
    shutil.copy(f"{DATA}/g1.toml", root / "g1.toml")
    text = (Path(DATA) / "unfinished.toml").read_text(encoding="utf-8")
    (root / "w2.toml").write_text(text.replace("Eve", "Zoe"), encoding="utf-8")
    r = bids("season", root, "--alias", "Zoe=Eve", "--alias", "Nobdy=Ana", "--format", "json")
    assert r.exit_code == 1
    notes = json.loads(r.stdout)["notes"]
    assert notes == ["--alias 'Zoe': 'Zoe' plays only in a game left out (w2.toml): see 'Left out'",
                     "--alias 'Nobdy': no game has a player 'Nobdy'"]
    assert "note: --alias 'Zoe': 'Zoe' plays only in a game left out (w2.toml): see 'Left out'" in r.stderr
    table = bids("season", root, "--alias", "Zoe=Eve", "--jobs", 2)  # the same from worker processes
    assert "'Zoe' plays only in a game left out (w2.toml)" in table.stderr
    assert "no game has a player 'Zoe'" not in table.stderr


def test_csv_names_the_best_game_as_the_table_does(tmp_path):
    root = league(tmp_path)
    r = bids("season", root.resolve(), *ALIAS, "--format", "csv")
    rows = {x["player"]: x for x in csv.DictReader(io.StringIO(r.stdout))}
    assert rows["Cy"]["best_game"] == "Evening at Ana's" and rows["Dev"]["best_game"] == "w3/game.toml"
    assert rows["Dev"]["best_game_file"] == str(root.resolve() / "w3" / "game.toml")
