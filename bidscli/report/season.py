"""``bids season``'s outputs: the table text, the JSON document (cli.md) and the CSV rows.

They read an ``analysis.season.Season`` and nothing else; the page is ``html.season``.
"""

from __future__ import annotations

import csv
import io

from ..core.sanitize import path_text
from .render import csv_row, fit_table

OWN = "each game under its own ruleset"


def label_text(label: str | None) -> str:
    return OWN if label is None else label


def _num(x: float, places: int = 2) -> str:
    return f"{x:.{places}f}"


def standing_json(s) -> dict:
    return {"player": s.player, "place": s.place, "games": s.games, "wins": s.wins, "win_rate": s.win_rate,
            "mean_rank": s.mean_rank, "points_per_game": s.points_per_game,
            "lucky_loser_rounds": s.lucky_loser_rounds, "minus_five_bonuses": s.minus_five_bonuses,
            "best_game": {"file": s.best_game.file, "game": s.best_game.name, "points": s.best_game.points},
            "rating": {"mu": s.rating.mu, "sigma": s.rating.sigma, "ordinal": s.rating.ordinal}}


def date_text(date) -> str | None:
    return None if date is None else date.isoformat()


def result_json(g) -> dict:
    """One game of the results: cli.md's keys, and ``game``, the name a page or table gives it."""
    return {"file": g.file, "game": g.shown, "date": date_text(g.date), "title": g.title, "ruleset": g.ruleset,
            "winners": list(g.winners), "totals": {p.player: p.total for p in g.players}}


def season_json(season) -> dict:
    """cli.md ``season --format json``: its fixed keys, and more."""
    return {
        "games": season.games,
        "files": list(season.files),
        "left_out": [{"file": x.file, "game": x.name, "reason": x.reason} for x in season.left_out],
        "rulesets": [{
            "ruleset": rs.ruleset,
            "rank_by": rs.order.name,
            "order": rs.order.text,
            "min_games": rs.min_games,
            "champion": list(rs.champion),
            "standings": [standing_json(s) for s in rs.standings],
            "unranked": [standing_json(s) for s in rs.unranked],
            "head_to_head": {p: {q: {"games": m.games, "above": m.above, "below": m.below} for q, m in row.items()}
                             for p, row in rs.head_to_head.items()},
            "results": [result_json(g) for g in rs.results],
        } for rs in season.rulesets],
        "winner_changes": [{"file": c.file, "game": c.name, "winners": {k: list(v) for k, v in c.winners.items()},
                            "decided_by": list(c.decided_by), "note": c.note} for c in season.winner_changes],
        "notes": list(season.notes),
    }


# The standings' columns: header -> the cell of a Standing, as the table and the page show it.
STANDING_COLUMNS = {
    "#": lambda s: "-" if s.place is None else s.place,
    "player": lambda s: s.player,
    "games": lambda s: s.games,
    "wins": lambda s: s.wins,
    "win %": lambda s: _num(100 * s.win_rate, 1),
    "mean rank": lambda s: _num(s.mean_rank),
    "pts/game": lambda s: _num(s.points_per_game, 1),
    "mu": lambda s: _num(s.rating.mu),
    "sigma": lambda s: _num(s.rating.sigma),
    "ordinal": lambda s: _num(s.rating.ordinal),
}
# The column that sets each order (--rank-by): it comes right after the player, so it is read first.
KEY_COLUMN = {"wins": "wins", "points": "pts/game", "mean-rank": "mean rank", "rating": "ordinal"}
MORE_HEADERS = ["player", "lucky-loser rounds", "-5 bonuses", "best game", "points"]


def standing_headers(order_name: str) -> list[str]:
    """#, player, the column that sets the order, then the others in their usual order."""
    key = KEY_COLUMN[order_name]
    return ["#", "player", key] + [h for h in STANDING_COLUMNS if h not in ("#", "player", key)]


def standing_rows(standings, headers) -> list[list]:
    return [[STANDING_COLUMNS[h](s) for h in headers] for s in standings]


def order_text(rs) -> str:
    """The heading's account of the order: "most wins, then ...; players with fewer than 3 games apart"."""
    text = f"ranked by {rs.order.text}"
    if rs.min_games > 1:
        text += f"; players with fewer than {rs.min_games} games are listed apart, unranked"
    return text


def champion_text(rs) -> str:
    return ", ".join(rs.champion) or "-"


def _h2h_rows(rs) -> list[list]:
    """Each pair once, the better placed player first: games together, above, below."""
    rows = []
    seen = set()
    for s in rs.standings + rs.unranked:
        for q, m in rs.head_to_head[s.player].items():
            if q not in seen:
                rows.append([s.player, q, m.games, m.above, m.below])
        seen.add(s.player)
    return rows


H2H_HEADERS = ["player", "opponent", "games", "above", "below"]
RESULT_HEADERS = ["#", "date", "game", "ruleset", "winners", "totals"]


def totals_text(g) -> str:
    """Every player's total, the highest first (equal totals in seating order): "Ana 48, Cy 30, Ben 14"."""
    return ", ".join(f"{p.player} {p.total}" for p in sorted(g.players, key=lambda p: p.rank))


def result_rows(rs) -> list[list]:
    return [[i, date_text(g.date) or "-", path_text(g.shown), g.ruleset or "-", ", ".join(g.winners), totals_text(g)]
            for i, g in enumerate(rs.results, 1)]


def season_text(season) -> str:
    """Every ruleset's standings, the other columns, head to head; champions; winner changes; left out."""
    out = []
    counted = f"{season.games} game{'s' if season.games != 1 else ''}"
    for rs in season.rulesets:
        out.append(f"Standings, {label_text(rs.ruleset)}: {counted}, {order_text(rs)}")
        if not rs.standings and not rs.unranked:
            out.append("  no game to count")
            out.append("")
            continue
        headers = standing_headers(rs.order.name)
        out.append(fit_table(standing_rows(rs.standings, headers), headers) if rs.standings
                   else f"  no player has {rs.min_games} games")
        if rs.unranked:
            out.append(f"Not ranked (fewer than {rs.min_games} games):")
            out.append(fit_table(standing_rows(rs.unranked, headers[1:]), headers[1:]))
        out.append(f"Champion ({label_text(rs.ruleset)}): {champion_text(rs)}, the first of the standings")
        out.append("")
        out.append(fit_table([[s.player, s.lucky_loser_rounds, s.minus_five_bonuses, path_text(s.best_game.name),
                               s.best_game.points] for s in rs.standings + rs.unranked], MORE_HEADERS))
        out.append("")
        out.append(f"Results, {label_text(rs.ruleset)}: one row a game, in season order")
        out.append(fit_table(result_rows(rs), RESULT_HEADERS))
        out.append("")
        out.append(f"Head to head, {label_text(rs.ruleset)}: games both played, and how often the player "
                   "finished above and below the opponent (equal totals: neither)")
        out.append(fit_table(_h2h_rows(rs), H2H_HEADERS))
        out.append("")
    if len(season.rulesets) > 1:
        out.append(f"What if: champion under each ruleset (ranked by {season.rulesets[0].order.text})")
        out.append(fit_table([[label_text(rs.ruleset), champion_text(rs)] for rs in season.rulesets],
                             ["ruleset", "champion"]))
        out.append("")
        n = len(season.winner_changes)
        out.append(f"Games whose winner changes: {n} of {season.games}")
        for c in season.winner_changes:
            who = "; ".join(f"{k} {', '.join(v)}" for k, v in c.winners.items())
            by = ", ".join(c.decided_by) or "no single knob"
            line = f"  {path_text(c.name or c.file)}: {who}; decided by {by}"
            if c.note:
                line += f" (note: {c.note})"
            out.append(line)
        out.append("")
    if season.left_out:
        out.append(f"Left out: {len(season.left_out)} log{'s' if len(season.left_out) != 1 else ''} "
                   "(not counted above)")
        out.extend(f"  {x.reason}" for x in season.left_out)
    return "\n".join(out).rstrip("\n") + "\n"


CSV_HEADERS = ["ruleset", "rank", "player", "games", "wins", "win_rate", "mean_rank", "points_per_game",
               "lucky_loser_rounds", "minus_five_bonuses", "best_game", "best_points", "mu", "sigma", "ordinal",
               "champion", "best_game_file"]


def season_csv(season) -> str:
    """One row a player a ruleset (the standings, then the unranked players with an empty rank); head to
    head, the results and winner changes are in the JSON."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    csv_row(w, CSV_HEADERS)
    for rs in season.rulesets:
        for s in rs.standings + rs.unranked:
            csv_row(w, [rs.ruleset or "", "" if s.place is None else s.place, s.player, s.games, s.wins,
                        repr(s.win_rate), repr(s.mean_rank),
                        repr(s.points_per_game), s.lucky_loser_rounds, s.minus_five_bonuses, s.best_game.name,
                        s.best_game.points, repr(s.rating.mu), repr(s.rating.sigma), repr(s.rating.ordinal),
                        "yes" if s.player in rs.champion else "", s.best_game.file])
    return buf.getvalue()
