"""`bids rules list|show|diff`: the bundled rulesets and their knobs."""

from __future__ import annotations

import click

from ..core.i18n import N_
from .catalog import command
from .language import Help
from .options import (
    RULESET_ARG,
    echo,
    echo_text,
    format_option,
    guarded,
    option_option,
    players_option,
)


@command("rules", (), (
    "bids rules list",
    "bids rules show english --players 4",
    "bids rules diff italian english",
), group=True)
def rules():
    """`bids rules`: a group of commands (its help: the decorator's message ids)."""


@rules.command("list", help=Help(N_("Bundled rulesets with their source and one line each."), (), (
    "bids rules list",
    "bids rules list --format json",
)))
@format_option("table", "json")
@guarded
def rules_list(fmt):
    """`bids rules list`."""
    from ..report import render as report
    from ..rules.ruleset import ALIASES, BUNDLED, load_ruleset

    rs = [load_ruleset(n) for n in BUNDLED]
    if fmt == "json":
        echo(report.dumps(report.rules_list_json(rs, ALIASES)))
    else:
        echo_text(report.rules_list_text(rs, ALIASES))


@rules.command("show", help=Help(
    N_("Every knob of NAME (bundled name or path) with its value and source, and the deck math."), (), (
        "bids rules show italian --players 5",
        "bids rules show examples/house.toml -o thief=true",
        "bids rules show english -o double.scope=round --format json",
    )))
@click.argument("name", **RULESET_ARG)
@players_option(N_("print the deck math for N players (default: 3-6)"))
@option_option
@format_option("table", "json")
@guarded
def rules_show(name, players, option_pairs, fmt):
    """`bids rules show`."""
    from ..report import render as report
    from ..rules.knobs import PLAYER_COUNTS
    from ..rules.ruleset import FINE_PRINT, deck_for, load_with_options

    ruleset, opts = load_with_options(name, option_pairs)
    table_opts = ruleset.table_options(opts)
    decks = [deck_for(ruleset, n, table_opts) for n in ([players] if players else PLAYER_COUNTS)]
    if fmt == "json":
        echo(report.dumps(report.rules_show_json(ruleset, decks, bool(players), FINE_PRINT)))
    else:
        echo_text(report.rules_show_text(ruleset, decks, list(FINE_PRINT)))


@rules.command("diff", help=Help(N_("The knobs on which rulesets A and B differ, with each side's source."), (), (
    "bids rules diff italian english",
    "bids rules diff english examples/house.toml --format json",
)))
@click.argument("a", **RULESET_ARG)
@click.argument("b", **RULESET_ARG)
@format_option("table", "json")
@guarded
def rules_diff(a, b, fmt):
    """`bids rules diff`."""
    from ..report import render as report
    from ..rules.ruleset import load_ruleset

    ra, rb = load_ruleset(a), load_ruleset(b)
    rows = report.rules_diff_rows(ra, rb)
    if fmt == "json":
        echo(report.dumps({"rulesets": [ra.name, rb.name], "knobs": rows}))
    else:
        echo_text(report.rules_diff_text(ra, rb, rows, (a, b)))
