"""`bids season --rank-by rating|wins|points|mean-rank` and `--min-games N` (issue 31, item 3): the
standings' order and its tie-breaks said in the heading, the champion the first of that order in the
table, the JSON and on the page; players with fewer games than N listed apart, unranked.

Hand-worked on tests/data/season-seats/ (tests/test_season_seats.py gives the games):
  Ana 4 games, 2 wins (50%), ranks 3,1,2,1 -> 1.75, points 17+26+19+23 = 85 -> 21.25 a game
  Ben 4 games, 1 win (25%),  ranks 1,2,3,3 -> 2.25, points 26+19+17+10 = 72 -> 18.0
  Cy  3 games, 1 win (33%),  ranks 2,3,1   -> 2.0,  points 19+17+23 = 59    -> 19.67
  Dev 2 games, 1 win (50%),  ranks 1,4     -> 2.5,  points 26+8 = 34        -> 17.0
  wins:      Ana (2), then the 1-win players by win %: Dev 50, Cy 33, Ben 25
  points:    Ana 21.25, Cy 19.67, Ben 18.0, Dev 17.0
  mean-rank: Ana 1.75, Cy 2.0, Ben 2.25, Dev 2.5
  rating:    the ordinal (mu - 3 sigma), checked against the JSON's own numbers
  --min-games 3: Dev (2 games) apart; wins: Ana, Cy, Ben
And on tests/data/season/ (tests/test_season.py; own rulesets): --rank-by points puts Cleo (1 game, 44
points) first; with --min-games 2 she is apart and Ben (29.8) is first. Under italian with -r, the
rating puts Cleo (1 win, ordinal 3.18) above Dev (2 wins, -0.83); most wins puts Dev above her.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

from .test_report import Tree

SEATS = "tests/data/season-seats"
DATA = "tests/data/season"
ALIAS = ["--alias", "Ana Maria=Ana"]


def bids(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def doc(*args) -> dict:
    r = bids("season", *args, "--format", "json")
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout)


def standings_of(text: str) -> tuple[list, list]:
    """The first standings table of the text report: its headers, and its rows as words."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#"))
    rows = []
    for line in lines[at + 2:]:
        if not line.strip() or not line.split()[0].isdigit():
            break
        rows.append(line.split())
    return lines[at].replace("win %", "win%").replace("mean rank", "mean-rank").split(), rows


@pytest.mark.parametrize("rank_by, order, words", [
    ("wins", ["Ana", "Dev", "Cy", "Ben"], "most wins, then the higher win %, then more points a game"),
    ("points", ["Ana", "Cy", "Ben", "Dev"], "more points a game, then most wins, then the better mean rank"),
    ("mean-rank", ["Ana", "Cy", "Ben", "Dev"], "the better (lower) mean rank, then most wins, then more points a game"),
])
def test_each_order_hand_worked(rank_by, order, words):
    (rs,) = doc(SEATS, "--rank-by", rank_by)["rulesets"]
    assert [s["player"] for s in rs["standings"]] == order
    assert [s["place"] for s in rs["standings"]] == [1, 2, 3, 4]
    assert rs["champion"] == [order[0]] and rs["rank_by"] == rank_by and rs["order"] == words
    out = bids("season", SEATS, "--rank-by", rank_by).stdout
    assert f"ranked by {words}" in " ".join(out.split())
    heads, rows = standings_of(out)
    assert [r[1] for r in rows] == order
    key = {"wins": "wins", "points": "pts/game", "mean-rank": "mean-rank"}[rank_by]
    assert heads[:3] == ["#", "player", key]  # the column that sets the order comes first
    assert f"Champion (each game under its own ruleset): {order[0]}, the first of the standings" in out


def test_wins_is_the_default_and_rating_sorts_by_the_ordinal():
    assert doc(SEATS)["rulesets"][0]["rank_by"] == "wins"
    (rs,) = doc(SEATS, "--rank-by", "rating")["rulesets"]
    ordinals = [s["rating"]["ordinal"] for s in rs["standings"]]
    assert ordinals == sorted(ordinals, reverse=True) and rs["champion"] == [rs["standings"][0]["player"]]
    out = " ".join(bids("season", SEATS, "--rank-by", "rating").stdout.split())
    assert "ranked by the higher rating ordinal (mu - 3 sigma), then most wins" in out


def test_min_games_lists_players_apart_unranked():
    (rs,) = doc(SEATS, "--min-games", 3)["rulesets"]
    assert [s["player"] for s in rs["standings"]] == ["Ana", "Cy", "Ben"]
    assert [(s["player"], s["place"], s["games"]) for s in rs["unranked"]] == [("Dev", None, 2)]
    assert rs["min_games"] == 3
    out = bids("season", SEATS, "--min-games", 3).stdout
    assert "players with fewer than 3 games are listed apart, unranked" in " ".join(out.split())
    apart = out.split("Not ranked (fewer than 3 games):\n")[1].splitlines()
    assert apart[2].split()[0] == "Dev" and "Dev" not in [r[1] for r in standings_of(out)[1]]
    rows = bids("season", SEATS, "--min-games", 3, "--format", "csv").stdout.splitlines()
    assert rows[-1].startswith(",,Dev,")  # the csv keeps them, with no rank


def test_the_champion_follows_the_order_and_min_games():
    (rs,) = doc(DATA, *ALIAS, "--rank-by", "points")["rulesets"]
    assert rs["champion"] == ["Cleo"] and rs["standings"][0]["points_per_game"] == 44.0
    (rs,) = doc(DATA, *ALIAS, "--rank-by", "points", "--min-games", 2)["rulesets"]
    assert rs["champion"] == ["Ben"] and [s["player"] for s in rs["unranked"]] == ["Cleo"]


def test_a_player_with_fewer_wins_is_not_above_one_with_more_by_default():
    args = [DATA, *ALIAS, "-r", "italian", "-r", "english", "--lenient-deck"]
    italian = doc(*args, "--rank-by", "rating")["rulesets"][0]
    order = [s["player"] for s in italian["standings"]]
    assert order.index("Cleo") < order.index("Dev")  # the rating: 1 win above 2
    italian = doc(*args)["rulesets"][0]
    order = [s["player"] for s in italian["standings"]]
    assert order.index("Dev") < order.index("Cleo")
    wins = [s["wins"] for s in italian["standings"]]
    assert wins == sorted(wins, reverse=True) and italian["champion"] == ["Ben"]


def test_equal_players_share_the_place_and_the_title():
    # g3 alone: ben and Dev share the win with 23 each: equal on every key of the order
    (rs,) = doc(f"{DATA}/g3.toml")["rulesets"]
    assert [(s["player"], s["place"]) for s in rs["standings"]] == [("ben", 1), ("Dev", 1), ("Cy", 3), ("Ana", 4)]
    assert rs["champion"] == ["ben", "Dev"]
    assert "Champion (each game under its own ruleset): ben and Dev, the first of the standings" in bids(
        "season", f"{DATA}/g3.toml").stdout


@pytest.mark.parametrize("rank_by", ["wins", "points", "mean-rank", "rating"])
def test_the_page_agrees_with_the_table(tmp_path, rank_by):
    page = tmp_path / "s.html"
    r = bids("season", DATA, *ALIAS, "--rank-by", rank_by, "--min-games", 2, "--html", page, "--format", "json")
    (rs,) = json.loads(r.stdout)["rulesets"]
    tree = Tree(page.read_text(encoding="utf-8")).root
    text = " ".join(tree.text().split())
    assert f"Champion: {', '.join(rs['champion'])} (ranked by {rs['order']})" in text
    assert f"Ranked by {rs['order']}; players with fewer than 2 games are listed apart, unranked." in text
    standings, unranked = tree.find_all("table", "standings")
    heads = [th.text() for th in standings.find("thead").find_all("th")]
    key = {"wins": "wins", "points": "pts/game", "mean-rank": "mean rank", "rating": "ordinal"}[rank_by]
    assert heads[:3] == ["#", "player", key]
    rows = [[td.text() for td in tr.find_all("td")] for tr in standings.find("tbody").find_all("tr")]
    assert [r[1] for r in rows] == [s["player"] for s in rs["standings"]]
    assert [r[1] for r in rows if r[0] == "1"] == rs["champion"]
    assert [tr.find_all("td")[0].text() for tr in unranked.find("tbody").find_all("tr")] == ["Cleo"]


def test_rank_by_is_checked():
    r = bids("season", SEATS, "--rank-by", "ordinal")
    assert r.exit_code == 2 and "'ordinal' is not one of" in r.stderr
    r = bids("season", SEATS, "--min-games", 0)
    assert r.exit_code == 2
