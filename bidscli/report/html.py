"""HTML pages (``bids report``, ``bids study --html``): Jinja2 templates with autoescaping.

The page data comes from ``pages.py``, the chart geometry from ``svg.py``; this
module only puts them into the templates under ``bidscli/report/templates`` (shipped
as package data). Autoescaping is on for every template: player names, file
names and ruleset titles are user input, and each reaches the page escaped.
The page is one file: the stylesheet and the small script are inlined, charts
are inline SVG, and nothing refers to a URL.

Every text of a page is in the output language (issue 34): a template says its texts as
message ids, ``{{ _("Final table") }}``, ``{{ _("{player} leads", player=r.leader) }}``,
``{{ ngettext("{n} game", "{n} games", n) }}`` (extracted by ``make catalogs``, worded here);
a label held as data (``N_`` in Python) is worded with the ``tr`` filter, and a ``Message`` in
the page data is worded when it is printed. The translation is escaped as any text is, and so
is each argument, unless it is markup the template made (a macro's output).
"""

from __future__ import annotations

import functools

from ..core.i18n import (
    Listed,
    Message,
    gettext,
    ngettext,
    output_language,
    pgettext,
    worded,
)
from . import numbers, svg, words


@functools.cache
def environment():
    import jinja2  # imported here: only the HTML commands pay for it

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bidscli.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["knob_breaks"] = knob_breaks
    env.filters["num"] = numbers.number  # numbers and dates as the output language writes them
    env.filters["pct"] = numbers.percent
    env.filters["date"] = numbers.date
    env.filters["tr"] = gettext  # a label held as data (N_), worded where it is shown
    env.filters["card_shown"] = words.card_shown  # a card in the output language's card words
    env.globals["_"] = page_text
    env.globals["ngettext"] = page_plural
    env.globals["pgettext"] = page_context
    env.globals["listing"] = lambda items, last=False: page_joined(items, "and" if last else ",")
    env.globals["clauses"] = lambda items: page_joined(items, ";")
    env.globals["colour_letters"] = words.colour_letters
    env.globals["interval"] = study_interval
    env.globals["colours"] = [svg.colour(i) for i in range(8)]
    env.globals["version"] = _version()
    return env


def page_text(msgid: str, /, **args):
    """``msgid`` in the output language, its ``{name}`` fields filled in: markup, the translation
    escaped, each argument escaped unless it is markup already (a macro's output); a worded value
    (a ``Message``, a card) worded in the same language."""
    return _filled(gettext(msgid), args)


def page_plural(singular: str, plural: str, n: int, /, **args):
    """``page_text`` of the form of ``singular``/``plural`` for ``n`` (``{n}`` among its arguments)."""
    return _filled(ngettext(singular, plural, n), {"n": n, **args})


def page_context(context: str, msgid: str, /, **args):
    """``page_text`` of a message id that says another thing elsewhere ("wins": the winning card's
    label, and a column of win counts): told apart by its ``context`` (gettext's ``pgettext``)."""
    return _filled(pgettext(context, msgid), args)


def page_joined(items, last: str):
    """Texts of a page joined as ``i18n.Listed(items, last)`` in the output language, as markup: an
    item already markup (a worded page text) as it is, any other escaped once."""
    from markupsafe import Markup, escape

    return Markup(str(Listed([escape(worded(x)) for x in items], last)))


def study_interval(low: str, high: str) -> str:
    from .study import interval

    return interval(low, high)


def _filled(template: str, args: dict):
    from markupsafe import Markup

    # The translation escaped for text and for a double-quoted attribute (the templates quote every
    # attribute so): its apostrophes stay as they are written. The arguments: markupsafe's escape.
    safe = template.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;")
    return Markup(safe).format(**{k: worded(v) for k, v in args.items()})


def knob_breaks(name: str):
    """A knob name, escaped, that a narrow column may break only after a "." or a "_" (between
    its words, never inside one: the stylesheet keeps .knob from breaking anywhere else)."""
    import re

    from markupsafe import Markup, escape

    return Markup("<wbr>").join(escape(part) for part in re.split(r"(?<=[._])", str(name)))


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bidscli")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "dev"


def _render(template: str, command: str, **context) -> str:
    """A page in the output language: ``<html lang>``, and its numbers and dates (filters above)."""
    return environment().get_template(template).render(command=command, lang=output_language(), **context)


def game(page: dict, command: str = "bids report") -> str:
    prog = page["progression"]
    chart = svg.responsive(svg.line_chart, [(p, prog["series"][p]) for p in page["players"]], prog["breaks"],
                           Message("Score progression: running game total of each player after every trick").text(),
                           narrow={"height": 230})
    return _render("game.html", command, page=page, charts={"progress": chart})


def comparison(page: dict, command: str = "bids report") -> str:
    from .account import rule

    charts = {}
    att = page.get("attribution")
    if att:
        for lab, block in att["rulesets"].items():
            name = {k: rule(k) for k in block["rules"]}  # each rule in the page's language, its knob beside it
            keys = [name[k] for k in block["keys"]]
            rows = [(p, [(name[k], float(v)) for k, v in block["players"][p].items()]) for p in page["players"]]
            charts[lab] = svg.responsive(svg.diverging_bars, rows, keys,
                                         Message("Each player's difference {a} to {b}, split among the rules that "
                                                 "caused it", a=block["against"], b=lab).text())
    return _render("comparison.html", command, page=page, charts=charts)


def study(page: dict, command: str = "bids study") -> str:
    players = page["study"]["players"]
    charts = []
    for r, strat in zip(page["rulesets"], page["strategies"]):
        seats = svg.responsive(
            svg.interval_bars,
            [(f"{s['player']} ({s['bot']})", s["wins"]["rate"], *s["wins"]["ci95"]) for s in r["seats"]],
            Message("{ruleset}: win rate per seat with 95% intervals", ruleset=r["ruleset"]).text(),
            ref=1 / len(players))
        # One strategy at every seat: nothing to compare, the page says so instead of a chart.
        bots = None if strat["one_strategy"] else svg.responsive(
            svg.interval_bars,
            [(f"{b['bot']} ×{b['seats']}", b["wins"]["rate"], *b["wins"]["ci95"]) for b in strat["strategies"]],
            Message("{ruleset}: win rate per strategy with 95% intervals", ruleset=r["ruleset"]).text(),
            ref=1 / len(players))
        charts.append({"seats": seats, "bots": bots})
    series = []
    for r in page["rulesets"]:
        pooled: dict = {}
        for s in r["seats"]:
            for score, count in s.get("histogram", []):
                pooled[score] = pooled.get(score, 0) + count
        series.append((r["ruleset"], pooled))
    hist = svg.responsive(svg.histograms, series, Message("Final scores of every player in every game, one panel a "
                                                          "ruleset on the same score axis and the same count "
                                                          "scale").text(), narrow={"panel": 64})
    rates = svg.responsive(
        svg.interval_bars,
        # TRANSLATORS: a bar of the study's chart: the rounds with a lucky loser under a ruleset
        [(Message("{ruleset}: lucky loser", ruleset=r["ruleset"]).text(), r["lucky_loser_rate"]["rate"],
          *r["lucky_loser_rate"]["ci95"]) for r in page["rulesets"]] +
        # TRANSLATORS: a bar of the study's chart: the burned tricks under a ruleset
        [(Message("{ruleset}: burned", ruleset=r["ruleset"]).text(), r["burn_rate"]["rate"], *r["burn_rate"]["ci95"])
         for r in page["rulesets"]],
        Message("Rounds with a lucky loser and burned tricks, with 95% intervals").text())
    return _render("study.html", command, page=page, charts=charts, rates=rates, hist=hist)


def standings_table(rs) -> dict:
    """A ruleset's standings as the page shows them: the table's columns (report.season), the column
    that sets the order right after the player (``key``: it stays on a phone's screen), and the
    other columns of the table (lucky-loser rounds, -5 bonuses, best game) before the rating's."""
    from .season import KEY_COLUMN, STANDING_COLUMNS, standing_headers

    more = {"lucky-loser rounds": lambda s: s.lucky_loser_rounds, "-5 bonuses": lambda s: s.minus_five_bonuses,
            "best game": lambda s: f"{s.best_game.name} ({s.best_game.points})"}
    headers = standing_headers(rs.order.name)
    at = headers.index("mu")
    headers = headers[:at] + list(more) + headers[at:]
    cells = {**STANDING_COLUMNS, **more}

    def rows(standings, heads):
        return [{"player": s.player, "winner": s.player in rs.champion, "cells": [cells[h](s) for h in heads]}
                for s in standings]

    return {"headers": headers, "key": KEY_COLUMN[rs.order.name], "rows": rows(rs.standings, headers),
            "unranked": rows(rs.unranked, headers[1:])}


def season(season, command: str = "bids season") -> str:
    """``bids season --html``: standings, each player's rating over the season with its band, a
    head-to-head grid and the what-ifs, one section a ruleset (the data: report.season.season_json)."""
    from .season import label_text, result_json, season_json

    doc = season_json(season)
    # One colour a player on every chart: the first ruleset's standings order.
    players = [s.player for s in season.rulesets[0].standings + season.rulesets[0].unranked] if season.rulesets else []
    charts = []
    for rs in season.rulesets:
        series = [(p, [(x.game, x.mu, x.sigma) for x in rs.history[p]]) for p in players]
        # taller with more players, so that every line's end label has its row
        charts.append(svg.responsive(svg.band_chart, series, max(season.games, 1),
                                     Message("{ruleset}: each player's rating mu after each game, the band mu ± "
                                             "sigma", ruleset=label_text(rs.ruleset)).text(),
                                     width=880, height=max(300, 120 + 22 * len(players)),
                                     narrow={"height": max(260, 100 + 18 * len(players))}))
    labels = [label_text(rs.ruleset) for rs in season.rulesets]
    from .pages import rule_doc

    # The rules that decided a changed winner, in the players' words first (as the comparison page).
    rules = {k: rule_doc(k) for c in season.winner_changes for k in c.decided_by}
    standings = [standings_table(rs) for rs in season.rulesets]
    left_out = [x.shared or x.reason for x in season.left_out]  # no local path on a page made to be shared
    # Each game's totals the highest first, as the table gives them (report.season.totals_text).
    results = [[{**result_json(g), "ranked": [(p.player, p.total) for p in sorted(g.players, key=lambda p: p.rank)]}
                for g in rs.results] for rs in season.rulesets]
    change_notes = [c.note for c in season.winner_changes]  # the doc's are English (JSON)
    return _render("season.html", command, doc=doc, charts=charts, labels=labels, players=players, rules=rules,
                   left_out=left_out, results=results, standings=standings, change_notes=change_notes,
                   styles=[svg.style(i) for i in range(len(players))])
