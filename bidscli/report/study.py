"""``bids study`` for people: the study document as a table, one column per ruleset.

In the output language (issue 34): its headings, row names and notes, and its numbers with the
language's decimal sign (numbers.py); ``--format json`` is the document itself, English.
"""

from __future__ import annotations

import json

from ..core.i18n import N_, Message, PluralMessage, gettext, pgettext
from .numbers import number, percent
from .render import text_table

NO_OPTIONS = N_("ruleset defaults")  # a study whose -o sets no table option
# TRANSLATORS: whether the two rulesets' decks are the same (a cell of bids study's table)
SAME, DIFFER = N_("same"), N_("differ")




def interval(low: str, high: str) -> str:
    """A 95% interval of two numbers already written: ``[1.5, 2.5]``; in a language whose decimal sign
    is a comma, its own separator (``[1,5; 2,5]``)."""
    # TRANSLATORS: an interval of two numbers; where the decimal sign is a comma, separate the two
    # with a semicolon ("[{low}; {high}]") so that the numbers read apart
    return Message("[{low}, {high}]", low=low, high=high).text()


def _pct(x) -> str:
    return percent(x)


def _num(x) -> str:
    return number(x, 2)


def _mean_cell(m: dict) -> str:
    if m["mean"] is None:
        return "-"
    if m["sd"] is None:
        return _num(m["mean"])
    lo, hi = m["ci95"]
    # TRANSLATORS: a mean, its 95% interval and its standard deviation (sd), in a table cell
    return Message("{mean} {interval} sd {sd}", mean=_num(m["mean"]), interval=interval(_num(lo), _num(hi)),
                   sd=_num(m["sd"])).text()


def _rate_cell(r: dict) -> str:
    lo, hi = r["ci95"]
    return f"{_pct(r['rate'])} {interval(_pct(lo), _pct(hi))}"


def deals_text(note: str) -> str:
    """The study's note on its deals (``sim.study.DEAL_NOTE``, English in the document) in the output
    language."""
    return gettext(note)


def table_text(doc: dict) -> str:
    """The study for people: one column per ruleset, then the winner changes between them."""
    st = doc["study"]
    rs = doc["rulesets"]
    seats = ", ".join(f"{p}={b}" for p, b in zip(st["players"], st["bots"]))
    opts = ", ".join(f"{k}={'true' if v else 'false'}" for k, v in st["options"].items()) or gettext(NO_OPTIONS)
    lines = [
        Message("Study: {games}, {players} ({seats}), seed {seed}, options: {options}",
                games=PluralMessage("{n} game", "{n} games", st["games"]),
                players=PluralMessage("{n} player", "{n} players", len(st["players"])), seats=seats,
                seed=st["seed"], options=opts).text(),
        Message("Deals: {deals}.", deals=deals_text(st["deals"])).text(),
        Message("Cells: mean [95% CI] sd, or rate [95% Wilson CI].").text(),
        "",
    ]
    if st["knobs"]:
        knobs = ", ".join(f"{k}={json.dumps(v)}" for k, v in st["knobs"].items())
        lines.insert(2, Message("Knob overrides (every ruleset): {knobs}", knobs=knobs).text())
    rows = []
    for i, p in enumerate(st["players"]):
        # TRANSLATORS: a row of bids study's table: the player's (seat's) score
        rows.append([Message("{player} score", player=p).text()] + [_mean_cell(r["seats"][i]["score"]) for r in rs])
    for i, p in enumerate(st["players"]):
        # TRANSLATORS: a row of bids study's table: how often the player (seat) wins (its cells are rates)
        label = pgettext("a row of the study table: the seat's win rate", "{player} wins")
        rows.append([label.format(player=p)] + [_rate_cell(r["seats"][i]["wins"]) for r in rs])
    rows.append([gettext("margin (1st - 2nd)")] + [_mean_cell(r["margin"]) for r in rs])
    rows.append([gettext("shared first place")] + [_rate_cell(r["shared_wins"]) for r in rs])
    rows.append([gettext("rounds with a lucky loser")] + [_rate_cell(r["lucky_loser_rate"]) for r in rs])
    rows.append([gettext("burned tricks")] + [_rate_cell(r["burn_rate"]) for r in rs])
    lines.append(text_table(rows, [""] + [r["ruleset"] for r in rs], numbers=False))
    if doc["pairs"]:
        lines.append("")
        lines.append(Message("Winner changes (the same game's winner differs):").text())
        prow = []
        for pr in doc["pairs"]:
            w = pr["winner_changes"]
            same = gettext(SAME if pr["same_deck"] else DIFFER)
            prow.append([pr["rulesets"][0], pr["rulesets"][1], same, w["n"], w["count"], _rate_cell(w)])
        # TRANSLATORS: the columns of bids study's winner changes: the two rulesets (A, B), whether their
        # decks are the same, the games, the games whose winner changed, and the rate with its interval
        heads = ["A", "B", N_("decks"), N_("games"), N_("changed"), N_("rate [95% CI]")]
        lines.append(text_table(prow, [gettext(h) for h in heads], numbers=False))
    return "\n".join(lines)
