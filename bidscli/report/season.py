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
    return {"player": s.player, "games": s.games, "wins": s.wins, "win_rate": s.win_rate,
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
            "champion": list(rs.champion),
            "standings": [standing_json(s) for s in rs.standings],
            "head_to_head": {p: {q: {"games": m.games, "above": m.above, "below": m.below} for q, m in row.items()}
                             for p, row in rs.head_to_head.items()},
            "results": [result_json(g) for g in rs.results],
        } for rs in season.rulesets],
        "winner_changes": [{"file": c.file, "game": c.name, "winners": {k: list(v) for k, v in c.winners.items()},
                            "decided_by": list(c.decided_by), "note": c.note} for c in season.winner_changes],
        "notes": list(season.notes),
    }


STANDING_HEADERS = ["#", "player", "games", "wins", "win %", "mean rank", "pts/game", "mu", "sigma", "ordinal"]
MORE_HEADERS = ["player", "lucky-loser rounds", "-5 bonuses", "best game", "points"]


def _standings_rows(rs) -> list[list]:
    return [[i, s.player, s.games, s.wins, _num(100 * s.win_rate, 1), _num(s.mean_rank), _num(s.points_per_game, 1),
             _num(s.rating.mu), _num(s.rating.sigma), _num(s.rating.ordinal)]
            for i, s in enumerate(rs.standings, 1)]


def _h2h_rows(rs) -> list[list]:
    """Each pair once, the better placed player first: games together, above, below."""
    rows = []
    seen = set()
    for s in rs.standings:
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
        out.append(f"Standings, {label_text(rs.ruleset)}: {counted}, sorted by rating (ordinal = mu - 3 sigma)")
        if not rs.standings:
            out.append("  no game to count")
            out.append("")
            continue
        out.append(fit_table(_standings_rows(rs), STANDING_HEADERS))
        out.append("")
        out.append(fit_table([[s.player, s.lucky_loser_rounds, s.minus_five_bonuses, path_text(s.best_game.name),
                               s.best_game.points] for s in rs.standings], MORE_HEADERS))
        out.append("")
        out.append(f"Results, {label_text(rs.ruleset)}: one row a game, in season order")
        out.append(fit_table(result_rows(rs), RESULT_HEADERS))
        out.append("")
        out.append(f"Head to head, {label_text(rs.ruleset)}: games both played, and how often the player "
                   "finished above and below the opponent (equal totals: neither)")
        out.append(fit_table(_h2h_rows(rs), H2H_HEADERS))
        out.append(f"Champion ({label_text(rs.ruleset)}; most wins, then ordinal): {', '.join(rs.champion)}")
        out.append("")
    if len(season.rulesets) > 1:
        out.append("What if: champion under each ruleset")
        out.append(fit_table([[label_text(rs.ruleset), ", ".join(rs.champion) or "-"] for rs in season.rulesets],
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
               "champion"]


def season_csv(season) -> str:
    """One row a player a ruleset (the standings); head to head and winner changes are in the JSON."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    csv_row(w, CSV_HEADERS)
    for rs in season.rulesets:
        for i, s in enumerate(rs.standings, 1):
            csv_row(w, [rs.ruleset or "", i, s.player, s.games, s.wins, repr(s.win_rate), repr(s.mean_rank),
                        repr(s.points_per_game), s.lucky_loser_rounds, s.minus_five_bonuses, s.best_game.file,
                        s.best_game.points, repr(s.rating.mu), repr(s.rating.sigma), repr(s.rating.ordinal),
                        "yes" if s.player in rs.champion else ""])
    return buf.getvalue()
