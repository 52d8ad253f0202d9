"""``bids season``'s outputs: the table text, the JSON document (cli.md) and the CSV rows.

They read an ``analysis.season.Season`` and nothing else; the page is ``html.season``. The table
is in the output language (its headings, notes and numbers: issue 34); the JSON and the CSV are
English, whatever the language.
"""

from __future__ import annotations

import csv
import io

from ..core.i18n import ENGLISH, N_, Listed, Message, PluralMessage, gettext, worded
from ..core.sanitize import path_text
from .numbers import number
from .render import csv_row, fit_table

OWN = N_("each game under its own ruleset")


def label_text(label: str | None) -> str:
    """A ruleset's label as the table and the page say it (each game's own: in the output language)."""
    return gettext(OWN) if label is None else label


def _num(x: float, places: int = 2) -> str:
    return number(x, places)  # the output language's decimal sign (numbers.py)


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
        "left_out": [{"file": x.file, "game": x.name, "reason": worded(x.reason, ENGLISH)} for x in season.left_out],
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
                            "decided_by": list(c.decided_by), "note": worded(c.note, ENGLISH)}
                           for c in season.winner_changes],
        "notes": [worded(n, ENGLISH) for n in season.notes],
    }


# The standings' columns: header -> the cell of a Standing, as the table and the page show it. The
# headers are message ids (N_), worded where they are shown (``headings``).
STANDING_COLUMNS = {
    "#": lambda s: "-" if s.place is None else s.place,
    # TRANSLATORS: a column of bids season's standings (short: the tables fit a terminal)
    N_("player"): lambda s: s.player,
    N_("games"): lambda s: s.games,
    N_("wins"): lambda s: s.wins,
    N_("win %"): lambda s: _num(100 * s.win_rate, 1),
    N_("mean rank"): lambda s: _num(s.mean_rank),
    N_("pts/game"): lambda s: _num(s.points_per_game, 1),
    # TRANSLATORS: mu and sigma are the rating's two numbers (openskill), named as its docs name them
    N_("mu"): lambda s: _num(s.rating.mu),
    N_("sigma"): lambda s: _num(s.rating.sigma),
    # TRANSLATORS: the rating's cautious estimate, mu - 3 sigma (openskill's "ordinal")
    N_("ordinal"): lambda s: _num(s.rating.ordinal),
}
# The column that sets each order (--rank-by): it comes right after the player, so it is read first.
KEY_COLUMN = {"wins": "wins", "points": "pts/game", "mean-rank": "mean rank", "rating": "ordinal"}
MORE_HEADERS = ["player", N_("lucky-loser rounds"), N_("-5 bonuses"), N_("best game"), N_("points")]


def headings(headers) -> list[str]:
    """Column headers (message ids) in the output language."""
    return [gettext(h) for h in headers]


def standing_headers(order_name: str) -> list[str]:
    """#, player, the column that sets the order, then the others in their usual order."""
    key = KEY_COLUMN[order_name]
    return ["#", "player", key] + [h for h in STANDING_COLUMNS if h not in ("#", "player", key)]


def standing_rows(standings, headers) -> list[list]:
    return [[STANDING_COLUMNS[h](s) for h in headers] for s in standings]


def order_text(rs) -> Message:
    """The heading's account of the order: "most wins, then ...; players with fewer than 3 games apart"."""
    order = Message(rs.order.text)  # a message id of analysis.season.ORDERS
    if rs.min_games > 1:
        return PluralMessage("ranked by {order}; players with fewer than {n} game are listed apart, unranked",
                             "ranked by {order}; players with fewer than {n} games are listed apart, unranked",
                             rs.min_games, order=order)
    return Message("ranked by {order}", order=order)


def champion_text(rs) -> str:
    """The champions, a list of winners: "Ben and Dev" (Italian "Ben e Dev", Japanese "BenとDev")."""
    return str(Listed(rs.champion, "and")) or "-"


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


H2H_HEADERS = ["player", N_("opponent"), "games", N_("above"), N_("below")]
RESULT_HEADERS = ["#", N_("date"), N_("game"), N_("ruleset"), N_("winners"), N_("totals")]


def totals_text(g) -> str:
    """Every player's total, the highest first (equal totals in seating order): "Ana 48, Cy 30, Ben 14"
    (Japanese "Ana 48、Cy 30、Ben 14")."""
    return str(Listed([f"{p.player} {p.total}" for p in sorted(g.players, key=lambda p: p.rank)], ","))


def result_rows(rs) -> list[list]:
    return [[i, date_text(g.date) or "-", path_text(g.shown), g.ruleset or "-", str(Listed(g.winners, "and")),
             totals_text(g)]
            for i, g in enumerate(rs.results, 1)]


def season_text(season) -> str:
    """Every ruleset's standings, the other columns, head to head; champions; winner changes; left out."""
    out = []
    counted = PluralMessage("{n} game", "{n} games", season.games)
    for rs in season.rulesets:
        label = label_text(rs.ruleset)
        out.append(str(Message("Standings, {ruleset}: {games}, {order}", ruleset=label, games=counted,
                               order=order_text(rs))))
        if not rs.standings and not rs.unranked:
            out.append("  " + Message("no game to count").text())
            out.append("")
            continue
        headers = standing_headers(rs.order.name)
        out.append(fit_table(standing_rows(rs.standings, headers), headings(headers)) if rs.standings
                   else "  " + PluralMessage("no player has {n} game", "no player has {n} games", rs.min_games).text())
        if rs.unranked:
            out.append(PluralMessage("Not ranked (fewer than {n} game):", "Not ranked (fewer than {n} games):",
                                     rs.min_games).text())
            out.append(fit_table(standing_rows(rs.unranked, headers[1:]), headings(headers[1:])))
        out.append(Message("Champion ({ruleset}): {players}, the first of the standings", ruleset=label,
                           players=champion_text(rs)).text())
        out.append("")
        out.append(fit_table([[s.player, s.lucky_loser_rounds, s.minus_five_bonuses, path_text(s.best_game.name),
                               s.best_game.points] for s in rs.standings + rs.unranked], headings(MORE_HEADERS)))
        out.append("")
        out.append(Message("Results, {ruleset}: one row a game, in season order", ruleset=label).text())
        out.append(fit_table(result_rows(rs), headings(RESULT_HEADERS)))
        out.append("")
        out.append(Message("Head to head, {ruleset}: games both played, and how often the player finished above and "
                           "below the opponent (equal totals: neither)", ruleset=label).text())
        out.append(fit_table(_h2h_rows(rs), headings(H2H_HEADERS)))
        out.append("")
    if len(season.rulesets) > 1:
        out.append(Message("What if: champion under each ruleset (ranked by {order})",
                           order=Message(season.rulesets[0].order.text)).text())
        out.append(fit_table([[label_text(rs.ruleset), champion_text(rs)] for rs in season.rulesets],
                             headings(["ruleset", N_("champion")])))
        out.append("")
        out.append(Message("Games whose winner changes: {n} of {games}", n=len(season.winner_changes),
                           games=season.games).text())
        for c in season.winner_changes:
            who = Listed([f"{k} {Listed(v, 'and')}" for k, v in c.winners.items()], ";")
            by = Listed(c.decided_by, ",") if c.decided_by else gettext(NO_KNOB)
            game = path_text(c.name or c.file)
            if c.note:
                line = Message("{game}: {winners}; decided by {knobs} (note: {note})", game=game, winners=who,
                               knobs=by, note=c.note)
            else:
                line = Message("{game}: {winners}; decided by {knobs}", game=game, winners=who, knobs=by)
            out.append("  " + line.text())
        out.append("")
    if season.left_out:
        out.append(PluralMessage("Left out: {n} log (not counted above)", "Left out: {n} logs (not counted above)",
                                 len(season.left_out)).text())
        out.extend(f"  {x.reason}" for x in season.left_out)
    return "\n".join(out).rstrip("\n") + "\n"


NO_KNOB = N_("no single knob")  # a winner change that no knob alone decides


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
