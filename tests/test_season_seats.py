"""`bids season`'s head to head when players change seats between games (issue 31, item 1), and the
whole season's numbers on generated seasons (the standings' order, --min-games, the results).

A pair's head to head counts every game both played, whatever their seats: games(a, b) ==
games(b, a), above(a, b) == below(b, a), and games(a, b) is the number of counted games with both
at the table. Three checks:

* a hand-worked season of four games (tests/data/season-seats/) in which the seats change every game;
* a property test over generated seasons of real logs (3 to 6 players drawn from 8, seats shuffled
  between games, absentees, games left out as invalid or unfinished, names written in another case),
  its numbers checked against `bids score` of each counted log, under each --rank-by and
  --min-games 1 to 3 (the order, the shared places, the champion, the unranked, the results);
* a property test of the season's analysis alone on many more generated games (totals from a small
  range, so that ties are frequent), checked against a count made here.

The hand-worked season (every game is english; s1-s3 are the deal of tests/data/season/g1.toml,
s4 that of g3.toml, with the players renamed; `bids score` gives these totals):
  s1 2026-02-06 seats Ana, Ben, Cy:       Ana 17 r3, Ben 26 r1, Cy 19 r2
  s2 2026-02-13 seats Cy, Ana, Ben:       Cy 17 r3, Ana 26 r1, Ben 19 r2
  s3 2026-02-20 seats Ben, Dev, Ana:      Ben 17 r3, Dev 26 r1, Ana 19 r2   (Cy absent)
  s4 2026-02-27 seats Dev, Cy, Ben, Ana:  Dev 8 r4, Cy 23 r1, Ben 10 r3, Ana 23 r1   (a shared win)

Head to head (games together, above, below), the first of each pair as listed:
  Ana-Ben 4, 3, 1 (s1 17<26, s2 26>19, s3 19>17, s4 23>10)
  Ana-Cy  3, 1, 1 (s1 17<19, s2 26>17, s4 23=23: neither)
  Ana-Dev 2, 1, 1 (s3 19<26, s4 23>8)
  Ben-Cy  3, 2, 1 (s1 26>19, s2 19>17, s4 10<23)
  Ben-Dev 2, 1, 1 (s3 17<26, s4 10>8)
  Cy-Dev  1, 1, 0 (s4 23>8)
Before the fix, a pair seated in the other order in a later game started a second count that replaced
the first: Ana-Ben showed 1 game.
"""

from __future__ import annotations

import itertools
import json
import re
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.analysis.season import Played, SeasonGame, competition_ranks, season
from bidscli.cli.main import main

SEATS = "tests/data/season-seats"

H2H = {("Ana", "Ben"): (4, 3, 1), ("Ana", "Cy"): (3, 1, 1), ("Ana", "Dev"): (2, 1, 1), ("Ben", "Cy"): (3, 2, 1),
       ("Ben", "Dev"): (2, 1, 1), ("Cy", "Dev"): (1, 1, 0)}


def bids(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def pairs(doc: dict) -> dict:
    """(player, opponent) -> (games, above, below); a name as first written may be "ana": "Ana" here."""
    return {(p.capitalize(), q.capitalize()): (m["games"], m["above"], m["below"])
            for p, row in doc["head_to_head"].items() for q, m in row.items()}


def both_ways(h2h: dict) -> dict:
    return {**h2h, **{(b, a): (n, below, above) for (a, b), (n, above, below) in h2h.items()}}


def test_hand_worked_season_with_seat_changes_json():
    r = bids("season", SEATS, "--format", "json")
    assert r.exit_code == 0, r.output
    (rs,) = json.loads(r.stdout)["rulesets"]
    assert pairs(rs) == both_ways(H2H)
    assert {s["player"]: (s["games"], s["wins"]) for s in rs["standings"]} == {
        "Ana": (4, 2), "Ben": (4, 1), "Cy": (3, 1), "Dev": (2, 1)}


def test_hand_worked_season_with_seat_changes_table():
    r = bids("season", SEATS)
    assert r.exit_code == 0, r.output
    head = r.stdout.split("Head to head")[1].split("\nplayer ")[1]  # the table under the heading
    rows = {}
    for line in head.splitlines()[2:]:
        words = line.split()
        if len(words) != 5 or not words[2].isdigit():
            break
        rows[(words[0], words[1])] = tuple(int(w) for w in words[2:])
    # each pair once, the better placed player first: the same numbers, either way round
    assert len(rows) == len(H2H) and all(both_ways(H2H)[pair] == v for pair, v in rows.items())


def test_hand_worked_season_with_seat_changes_page(tmp_path):
    page = tmp_path / "s.html"
    assert bids("season", SEATS, "--html", page, "--format", "json").exit_code == 0
    html = page.read_text(encoding="utf-8")
    grid = html.split("<h3>Head to head</h3>")[1].split("</table>")[0]
    order = re.findall(r"<th>([^<]+)</th>", grid.split("<tbody>")[0])
    cells = {}
    for row in re.findall(r"<tr><th>([^<]+)</th>(.*?)</tr>", grid.split("<tbody>")[1], re.DOTALL):
        for q, cell in zip(order, re.findall(r"<td[^>]*>(.*?)</td>", row[1])):
            m = re.match(r"(\d+)–(\d+) <span class=\"src\">of (\d+)</span>", cell)
            if m:
                cells[(row[0], q)] = (int(m[3]), int(m[1]), int(m[2]))
    assert cells == both_ways(H2H)


# -- generated seasons of real logs ------------------------------------------------------------

ROSTER = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal")
_GAMES: dict = {}


def played_log(names: tuple, seed: int) -> str:
    """A one-round english game of these players in this seating order, played by bids simulate."""
    key = (names, seed)
    if key not in _GAMES:
        with tempfile.TemporaryDirectory() as d:
            r = bids("deal", "-r", "english", "--names", ",".join(names), "--rounds", 1, "--seed", seed,
                     "--out", f"{d}/deal.toml")
            assert r.exit_code == 0, r.output
            r = bids("simulate", f"{d}/deal.toml", "--bots", "random", "--seed", seed, "--out", f"{d}/game.toml")
            assert r.exit_code == 0, r.output
            text = Path(d, "game.toml").read_text(encoding="utf-8")
        _GAMES[key] = "\n".join(line for line in text.splitlines() if not line.startswith("#")) + "\n"
    return _GAMES[key]


def broken(text: str, how: str) -> str:
    """A log left out of the season: a card that is not in the deck, or the last trick missing."""
    lines = text.splitlines()
    tricks = [i for i, line in enumerate(lines) if line.startswith('  "')]
    if how == "invalid":
        i = tricks[0]
        lines[i] = re.sub(r"([A-Za-z]+) [RGYBK]\d+", r"\1 Y99", lines[i], count=1)
    else:
        del lines[tricks[-1]]
    return "\n".join(lines) + "\n"


@st.composite
def seasons(draw):
    """Up to 7 games of 3 to 6 of the 8 players, seats shuffled each game; some games left out."""
    n = draw(st.integers(1, 7))
    games = []
    for _ in range(n):
        size = draw(st.integers(3, 6))
        names = tuple(draw(st.permutations(ROSTER))[:size])
        fate = draw(st.sampled_from(["counted"] * 4 + ["invalid", "unfinished"]))
        lower = draw(st.booleans())  # a name written in another case is the same player
        games.append((names, draw(st.integers(0, 5)), fate, lower))
    return games


KEYS = {  # each --rank-by order as the JSON gives its numbers (docs/commands.md): the best first
    "wins": lambda s: (-s["wins"], -s["win_rate"], -s["points_per_game"]),
    "points": lambda s: (-s["points_per_game"], -s["wins"], s["mean_rank"]),
    "mean-rank": lambda s: (s["mean_rank"], -s["wins"], -s["points_per_game"]),
    "rating": lambda s: (-s["rating"]["ordinal"], -s["wins"]),
}


@given(seasons(), st.sampled_from(sorted(KEYS)), st.integers(1, 3))
def test_generated_seasons_count_every_meeting(case_counter, games, rank_by, min_games):
    case_counter["property: season head to head (generated logs)"] += 1
    with tempfile.TemporaryDirectory() as d:
        counted = []
        seen = set()
        for i, (names, seed, fate, lower) in enumerate(games):
            text = played_log(names, seed)
            if lower:
                text = re.sub(rf"\b{names[0]}\b", names[0].lower(), text)
            if fate != "counted":
                text = broken(text, fate)
            path = Path(d, f"g{i}.toml")
            path.write_text(text, encoding="utf-8")
            if fate == "counted" and text not in seen:  # a second copy of a game is left out
                seen.add(text)
                doc = json.loads(bids("score", path, "--format", "json").stdout)
                counted.append({name: doc["totals"][seat] for name, seat in zip(names, doc["players"])})
        r = bids("season", d, "--format", "json", "--rank-by", rank_by, "--min-games", min_games)
        assert r.exit_code == (0 if len(counted) == len(games) else 1), r.output
        doc = json.loads(r.stdout)
        assert doc["games"] == len(counted)
        assert len(doc["left_out"]) == len(games) - len(counted)
        (rs,) = doc["rulesets"]
        h2h = pairs(rs)
        for a, b in itertools.permutations(ROSTER, 2):
            met = [t for t in counted if a in t and b in t]
            want = (len(met), sum(t[a] > t[b] for t in met), sum(t[a] < t[b] for t in met))
            assert h2h.get((a, b), (0, 0, 0)) == want, (a, b)
            if met:
                assert h2h[(a, b)] == (h2h[(b, a)][0], h2h[(b, a)][2], h2h[(b, a)][1])
        standings = {s["player"].capitalize(): s for s in rs["standings"] + rs["unranked"]}
        for p in ROSTER:
            mine = [t for t in counted if p in t]
            if not mine:
                assert p not in standings
                continue
            assert standings[p]["games"] == len(mine)
            assert standings[p]["wins"] == sum(t[p] == max(t.values()) for t in mine)
            assert (standings[p]["place"] is None) == (len(mine) < min_games)
        # the results: every counted game, in season order (by file name here), with score's totals
        assert [{p.capitalize(): t for p, t in g["totals"].items()} for g in rs["results"]] == counted
        assert [sorted(w.capitalize() for w in g["winners"]) for g in rs["results"]] == [
            sorted(p for p, t in g.items() if t == max(g.values())) for g in counted]
        # the standings' order: sorted by the order's key, equal keys share the place, the champion the first
        ranked = rs["standings"]
        keys = [KEYS[rank_by](s) for s in ranked]
        assert keys == sorted(keys)
        assert [s["place"] for s in ranked] == [1 + sum(k < key for k in keys) for key in keys]
        assert rs["champion"] == [s["player"] for s in ranked if s["place"] == 1]


# -- the analysis alone, on many generated games -----------------------------------------------


@st.composite
def game_rows(draw):
    n = draw(st.integers(0, 12))
    rows = []
    for i in range(n):
        size = draw(st.integers(3, 6))
        names = draw(st.permutations(ROSTER))[:size]
        totals = [draw(st.integers(-2, 3)) for _ in names]  # a small range: many ties
        ranks = competition_ranks(totals)
        rows.append((SeasonGame(f"g{i:02}.toml", None, tuple(Played(p, t, r, 0, 0) for p, t, r in zip(names, totals, ranks))),))
    return rows


@settings(max_examples=8 * settings().max_examples)  # cheap: no log is read
@given(game_rows())
def test_head_to_head_is_symmetric_and_counts_every_game_both_played(case_counter, rows):
    case_counter["property: season head to head (analysis)"] += 1
    (rs,) = season(rows, [None]).rulesets
    games = [{p.player: p.total for p in row[0].players} for row in rows]
    for a, b in itertools.permutations(ROSTER, 2):
        met = [g for g in games if a in g and b in g]
        m = rs.head_to_head.get(a, {}).get(b)
        if not met:
            assert m is None
            continue
        assert (m.games, m.above, m.below) == (len(met), sum(g[a] > g[b] for g in met), sum(g[a] < g[b] for g in met))
        back = rs.head_to_head[b][a]
        assert (back.games, back.above, back.below) == (m.games, m.below, m.above)
