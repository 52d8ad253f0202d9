"""`bids season`: a league over many logs (app/season.py)."""

from __future__ import annotations

import sys

import click

from ..analysis.season import DEFAULT_ORDER, ORDERS  # plain data, no import of its own
from ..core.i18n import N_, Message
from .catalog import command
from .language import option
from .options import (
    RULESET_ARG,
    IntRange,
    checked_each,
    command_line,
    echo,
    echo_text,
    fail,
    format_option,
    guarded,
    jobs_option,
    output_name,
    refuse_output_early,
    write_or_echo,
)


def _check_alias(text: str) -> None:
    from ..app.season import parse_alias

    parse_alias(text)


@command("season", N_("A log that cannot be scored, or is unfinished, is left out and listed with its first "
                      "error; the exit code is then 1, and the standings of the others are still printed."), (
    "bids season logs/",
    'bids season logs/ --alias "Ana Maria=Ana" --format json',
    "bids season logs/ --rank-by points --min-games 3",
    "bids season logs/ -r italian -r english --lenient-deck --html season.html",
))
@click.argument("paths", nargs=-1, required=True, type=click.Path(readable=False), metavar="LOG_OR_DIR...")
@option("-r", "--ruleset", "ruleset_refs", multiple=True, metavar="RULESET",
        help=N_("bundled name (italian, english, spanish, japanese) or path to a TOML ruleset; each game "
                "replayed under it as bids diff replays the deal; two or more: the what-ifs (default: each "
                "game under its own ruleset)"), **RULESET_ARG)
@option("--alias", "aliases", multiple=True, metavar="OLD=NEW", callback=checked_each(_check_alias),
        help=N_('the player OLD is the player NEW ("Ana Maria=Ana"); repeatable'))
@option("--rank-by", type=click.Choice(list(ORDERS)), default=DEFAULT_ORDER, show_default=True,
        help=N_("the standings' order, and so the champion: most wins, points a game, mean rank or rating "
                "(each with its tie-breaks, said in the heading)"))
@option("--min-games", type=IntRange(1, 10**6), default=1, show_default=True, metavar="N",
        help=N_("players with fewer games are listed apart, unranked"))
@format_option()
@option("--html", "html_out", type=click.Path(dir_okay=False, readable=False), metavar="PAGE.html",
        help=N_("also write the season as one self-contained HTML page"), callback=output_name("--html", "season.html"))
@option("--force", is_flag=True, help=N_("replace the --html file if it exists"))
@option("--lenient-deck", is_flag=True, help=N_("with -r: score a deal that does not fit a ruleset's deck "
                                                "(as bids diff --lenient-deck)"))
@jobs_option
@guarded
def season(paths, ruleset_refs, aliases, rank_by, min_games, fmt, html_out, force, lenient_deck, jobs):
    """`bids season` (its help: the decorator's message ids)."""
    from ..app import season as app
    from ..report import season as report

    for ref in ruleset_refs:  # a broken -r file: once, before any log
        from ..rules.ruleset import load_ruleset

        load_ruleset(ref)
    refuse_output_early(html_out, force, paths)  # before the games, not after
    try:
        alias = app.alias_map(aliases)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    result = app.run(paths, ruleset_refs, alias, jobs=jobs, lenient=lenient_deck, rank_by=rank_by, min_games=min_games)
    if html_out:
        from ..core.paths import shared_path
        from ..report import html

        # the page's footer names no local path: each path by shared_path (a folder by its name)
        again = command_line("season", *map(shared_path, paths), ruleset=[shared_path(r) for r in ruleset_refs],
                             alias=list(aliases), rank_by=None if rank_by == DEFAULT_ORDER else rank_by,
                             min_games=None if min_games == 1 else min_games)
        if lenient_deck:
            again += " --lenient-deck"
        write_or_echo(html.season(result, again), html_out, force)
    for note in result.notes:
        fail(Message("note: {note}", note=note))
    if fmt == "csv":  # the CSV has the standings only: what was left out is said on stderr, and where the rest is
        for x in result.left_out:
            fail(Message("left out: {reason}", reason=x.reason))
        fail(Message('note: the CSV holds the standings; each game\'s results are in --format json ("results" under '
                     "each ruleset) and in the table"))
    if html_out != "-":
        if fmt == "json":
            from ..report.render import dumps

            echo(dumps(report.season_json(result)))
        elif fmt == "csv":
            echo(report.season_csv(result), nl=False)
        else:
            echo_text(report.season_text(result))
    if result.left_out:
        sys.exit(1)
