"""`bids diff`, `bids disputes` and `bids report`: the same deal under several rulesets, and its pages."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..core.i18n import N_, Grouped, Message
from . import usage
from .catalog import command
from .language import option
from .options import (
    RULESET_ARG,
    checked_each,
    command_line,
    completes,
    echo,
    echo_text,
    format_option,
    guarded,
    option_option,
    output_name,
    partial_option,
    progress_option,
    ruleset_option,
    rulesets_option,
    write_or_echo,
)


@command("diff", N_("Per-trick winners, round and final scores, every trick, round end and bonus where the "
                    "rulesets part (with each engine's reasons and knobs), each player's difference charged to "
                    "the knobs that caused it (exact Shapley values; each ruleset against the first), which rules "
                    "decide the winner, and the knobs that changed the game. Steals decided by the default policy "
                    "are marked with '!'."), (
    "bids diff examples/thief-6p.toml -r italian -r english",
    "bids diff examples/thief-6p.toml -r english -r japanese --format json",
    "bids diff examples/friday-4p.toml -r english -r italian --explain --all --lenient-deck",
))
@click.argument("log_path", metavar="LOG", type=click.Path(dir_okay=False, readable=False))
@rulesets_option(N_("a ruleset to compare (bundled name or path); give two or more"))
@option_option
@option("--lenient-deck", is_flag=True,
        help=N_("score even when the deal does not fit a ruleset's deck: foreign cards are played and "
                "revealed as recorded, and rounds keep the log's length"))
@option("--explain", is_flag=True, help=N_("add every trick's reason chain under each ruleset, naming each "
                                           "knob and its source"))
@option("--all", "everything", is_flag=True,
        help=N_("give every trick where the results part with both sides' reasons (default: one line a round)"))
@partial_option(N_("compare the tricks of an unfinished game: standings so far, marked partial, no winner"))
@format_option("table", "json")
@guarded
def diff(log_path, ruleset_refs, option_pairs, lenient_deck, explain, everything, allow_partial, fmt):
    """`bids diff` (its help: the decorator's message ids)."""
    from ..app import api
    from ..report import diff as diffreport
    from ..report import render as report

    if len(ruleset_refs) < 2:
        raise click.UsageError(Message("diff needs at least two rulesets: -r A -r B").text())
    d = api.diff(log_path, ruleset_refs, option_pairs, lenient=lenient_deck, allow_partial=allow_partial)
    if fmt == "json":
        echo(report.dumps(diffreport.diff_json(d, explain)))
    else:
        echo_text(diffreport.diff_text(d, explain, everything, width=min(report.terminal_width(), diffreport.WIDTH)))


@command("disputes", (), (
    "bids disputes examples/thief-6p.toml",
    "bids disputes game.toml -r english --knob thief.timing --knob double.scope",
))
@click.argument("log_path", metavar="LOG", type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@option("--knob", "knobs", multiple=True, metavar="KNOB[=VALUE]",
        callback=checked_each(lambda arg: usage.check_knob_args([arg])),
        shell_complete=completes(usage.knob_words),
        help=N_("a knob to dispute (at all its values, or at VALUE); repeatable. "
                "Default: every knob on which the bundled rulesets differ at this player count"))
@option("--lenient-deck", is_flag=True, help=N_("score variants whose deck does not fit the deal anyway"))
@partial_option(N_("dispute who leads an unfinished game after its tricks (marked partial, no winner)"))
@format_option("table", "json")
@progress_option
@guarded
def disputes(log_path, ruleset_ref, option_pairs, knobs, lenient_deck, allow_partial, fmt, progress):
    """`bids disputes` (its help: the decorator's message ids)."""
    from ..app import api
    from ..report import disputes as disputesreport
    from ..report import render as report

    line = _SearchProgress(sys.stderr) if progress else None
    try:
        doc = api.disputes(log_path, ruleset_ref, knobs, option_pairs, lenient=lenient_deck,
                           allow_partial=allow_partial, progress=line)
    finally:
        if line is not None:
            line.finish()
    if fmt == "json":
        echo(report.dumps(doc))
    else:
        echo_text(disputesreport.disputes_text(doc, width=report.terminal_width()))


class _SearchProgress:
    """The disputes search on one stderr line, once it has taken a second (a short search shows
    nothing), redrawn at most ten times a second; the bounds are docs/limits.md's."""

    def __init__(self, stream):
        import time

        self.stream = stream
        self.clock = time.monotonic
        self.start = self.last = self.clock()
        self.drawn = False

    def __call__(self, variants: int, replays: int, rounds: int) -> None:
        from ..analysis.disputes import SEARCH_ROUND_REPLAYS

        now = self.clock()
        if now - self.start < 1.0 or now - self.last < 0.1:
            return
        self.last = now
        self.drawn = True
        # TRANSLATORS: the progress line of bids disputes on stderr, redrawn as the search goes.
        self.stream.write("\r" + Message("disputes: variants {variants}, replays {replays}, replayed rounds {rounds} of "
                                         "at most {limit}", variants=Grouped(variants), replays=Grouped(replays),
                                         rounds=Grouped(rounds), limit=Grouped(SEARCH_ROUND_REPLAYS)).text())
        self.stream.flush()

    def finish(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


# -- report (report/pages.py, report/html.py) -----------------------------------------------


@command("report", N_("--format json prints the page's data instead of writing HTML."), (
    "bids report examples/friday-4p.toml --out friday.html",
    "bids report examples/thief-6p.toml -r italian -r english --out x.html",
))
@click.argument("log_path", metavar="LOG", type=click.Path(dir_okay=False, readable=False))
@option("-r", "--ruleset", "ruleset_refs", multiple=True, metavar="RULESET",
        help=N_("bundled name (italian, english, spanish, japanese) or path to a TOML ruleset; one: a game "
                "page, two or more: a comparison of the same deal"), **RULESET_ARG)
@option_option
@option("--out", type=click.Path(dir_okay=False, readable=False), help=N_("the HTML file to write ('-' for stdout)"),
        callback=output_name("--out", "friday.html"))
@option("--force", is_flag=True, help=N_("replace --out if it exists"))
@option("--lenient-deck", is_flag=True, help=N_("comparison: score a deal that does not fit a ruleset's deck"))
@option("--allow-partial", is_flag=True, help=N_("accept an unfinished last round (standings so far, no winner)"))
@format_option("html", "json")
@guarded
def report(log_path, ruleset_refs, option_pairs, out, force, lenient_deck, allow_partial, fmt):
    """`bids report` (its help: the decorator's message ids)."""
    from ..app import api
    from ..report import html
    from ..report import render as reportmod

    if fmt == "html" and not out:
        raise click.UsageError(Message("report needs --out FILE.html (or --format json)").text())
    page = api.report_page(log_path, ruleset_refs, option_pairs, lenient=lenient_deck, allow_partial=allow_partial)
    if fmt == "json":
        echo(reportmod.dumps(page))
        return
    render = html.game if page["kind"] == "game" else html.comparison
    # the file's name without its folder: a page is meant to be shared, with no local path on it
    # (a ruleset file's too: core.paths.shared_path)
    from ..core.paths import shared_path

    name = Path(log_path).name
    text = render(page, command_line("report", name, ruleset=[shared_path(r) for r in ruleset_refs],
                                     option=list(option_pairs)))
    write_or_echo(text, out, force)
