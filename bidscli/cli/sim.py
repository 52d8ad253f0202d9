"""`bids deal`, `bids simulate` and `bids study`: deals, bots and seeded studies."""

from __future__ import annotations

import sys

import click

from ..core.i18n import N_, Message
from .catalog import command
from .language import option
from .options import (
    IntRange,
    bots_option,
    checked,
    command_line,
    echo,
    echo_text,
    format_option,
    guarded,
    job_count,
    log_lang_option,
    option_option,
    out_options,
    output_name,
    players_option,
    progress_option,
    refuse_output_early,
    ruleset_option,
    rulesets_option,
    seed_option,
    write_or_echo,
)


@command("deal", N_("The output is a game log (TOML), so there is no --format. `bids simulate` and `bids record "
                    "--deal` check a deal before playing it. `bids validate --allow-partial` checks it too, and "
                    "accepts it before any trick is in (without --allow-partial a game with no trick yet has "
                    "\"nothing to score\": exit 1). `bids score --format json` reads a played game as JSON."), (
    "bids deal -r english --players 4 --seed 7",
    "bids deal -r italian --names Ana,Ben,Cleo,Dev -o thief=true --seed 7 --out friday.toml",
    "bids deal -r italian --players 4 --seed 7 --log-lang it",
))
@ruleset_option(required=True)
@players_option(N_("number of players (default: the count of --names)"))
@option("--names", metavar="A,B,C", help=N_("player names in seating order (default P1..PN)"))
@option("--rounds", type=IntRange(1, 1000), help=N_("rounds to deal (default: the ruleset's game.rounds)"))
@option_option
@seed_option(N_("same seed, same deal on every machine (default: a fresh seed, printed on stderr)"))
@log_lang_option(N_("the card words of the deal: it, es, ja or en (it: G5 is giallo, yellow; the log then says "
                    "lang = \"it\"); default: en"))
@out_options(N_("write the deal here instead of stdout"))
@guarded
def deal(ruleset_ref, players, names, rounds, option_pairs, seed, log_lang, force, out):
    """`bids deal` (its help: the decorator's message ids)."""
    from ..app import sim

    seats = checked("--players/--names", sim.seats, names, players)
    rs, opts = sim.deal_rules(ruleset_ref, option_pairs)
    if seed is None:
        seed = sim.new_seed()
        echo(Message("seed {seed}", seed=seed).text(), err=True)
    lang = (log_lang or "en").lower()
    again = command_line("deal", ruleset=ruleset_ref, players=None if names else len(seats), names=names,
                          rounds=rounds, option=list(option_pairs), seed=seed, log_lang=None if lang == "en" else lang)
    write_or_echo(sim.deal_log(rs, opts, ruleset_ref, seats, rounds, seed, lang, again), out, force)


@command("simulate", N_("Tricks already in the deal are kept; the bots play the rest. The output is a game log "
                        "(TOML), so there is no --format: `bids score --format json` or `bids replay --format "
                        "json` reads the game as JSON."), (
    "bids deal -r english --players 4 --seed 7 --out deal.toml",
    "bids simulate deal.toml --bots default,greedy,lucky,random --out game.toml",
    "bids validate game.toml && bids score game.toml",
    "bids simulate deal.toml --log-lang es --out partida.toml",
))
@click.argument("deal_path", metavar="DEAL", type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@bots_option
@seed_option(N_("seed of the bots' choices"), default=0)
@log_lang_option(N_("the card words of the game written: it, es, ja or en (it: G5 is giallo, yellow; the log then "
                    "says lang = \"it\"); default: the deal's own"))
@out_options(N_("write the log here instead of stdout"))
@guarded
def simulate(deal_path, ruleset_ref, option_pairs, bots, seed, log_lang, force, out):
    """`bids simulate` (its help: the decorator's message ids)."""
    from ..app import sim

    loaded = sim.read_deal(deal_path, ruleset_ref, option_pairs)
    seats = checked("--bots", sim.bot_seats, bots, len(loaded.log.players))
    lang = log_lang.lower() if log_lang else None
    again = command_line("simulate", deal_path, ruleset=ruleset_ref, option=list(option_pairs), bots=",".join(seats),
                          seed=seed, log_lang=lang)
    write_or_echo(sim.simulate_log(loaded, ruleset_ref, seats, seed, again, lang), out, force)


@command("study", N_("Same seed, same numbers, for any --jobs."), (
    "bids study -r italian -r english --players 4 --games 10000 --seed 1 --jobs 2",
    "bids study -r english -r japanese -p 3 -g 2000 --bots greedy,lucky,default --format json",
    "bids study -r italian -r english -p 4 -g 500 --html study.html",
))
@rulesets_option(N_("a ruleset to study (bundled name or path); repeat to compare"))
@players_option(N_("number of players"), required=True)
@option("--games", "-g", type=IntRange(1, 10**9), default=1000, show_default=True,
        help=N_("seeded games, each played under every ruleset"))
@bots_option
@option_option
@seed_option(N_("study seed"), default=0)
@option("--jobs", "-j", type=IntRange(0, 256), default=1, show_default=True,
        help=N_("worker processes (0: one per core, as score and validate); the results do not depend on it"))
@progress_option
@format_option("table", "json")
@option("--html", "html_out", type=click.Path(dir_okay=False, readable=False), metavar="FILE.html",
        help=N_("also write the study as one self-contained HTML page with charts"),
        callback=output_name("--html", "study.html"))
@option("--force", is_flag=True, help=N_("replace the --html file if it exists"))
@guarded
def study(ruleset_refs, players, games, bots, option_pairs, seed, jobs, progress, fmt, html_out, force):
    """`bids study` (its help: the decorator's message ids)."""
    from ..app import sim
    from ..report import render as report

    seats = checked("--bots", sim.bot_seats, bots, players)
    spec = sim.study_spec(ruleset_refs, players, seats, option_pairs, seed, games)
    refuse_output_early(html_out, force)  # before the games, not after (the rulesets are read)
    jobs = job_count(jobs, games)  # 0: one per core (parallel.choose_jobs), as for score and validate
    if progress:
        from ..app.batch import PLAYING, Progress

        bar = Progress(games, sys.stderr, line=PLAYING)
        try:
            doc = sim.study(spec, jobs, bar.step)
        finally:
            bar.finish()  # the line ends also when the study is stopped
    else:
        doc = sim.study(spec, jobs)
    if html_out:
        from ..core.paths import shared_path
        from ..report import html, pages

        # the page's footer names no local path: a ruleset file by shared_path (its file name)
        again = command_line("study", ruleset=[shared_path(r) for r in ruleset_refs], players=players, games=games,
                             bots=",".join(seats), option=list(option_pairs), seed=seed)
        write_or_echo(html.study(pages.study_page(doc), again), html_out, force)
        if html_out == "-":
            return
    if fmt == "json":
        echo(report.dumps(doc))
    else:
        from ..report.study import table_text

        echo_text(table_text(doc))
