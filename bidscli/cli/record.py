"""`bids record`: a game recorded at the table (the session itself: recordio.py, app/record.py)."""

from __future__ import annotations

import sys

import click

from ..core.i18n import N_, Message
from .catalog import command
from .language import option
from .options import (
    IntRange,
    echo,
    guarded,
    log_lang_option,
    option_option,
    ruleset_option,
)


@command("record", (
    N_("Type `K5: R5 G4 K7 Y2` (revealed cards, then the cards in playing order), or the log's own `K5: Ana R5, "
       "Ben G4, Cleo K7, Dev Y2`; `help` lists the commands (undo, score, leader, hand, save, reload, quit). "
       "With standard input not a terminal, results go to stderr and the exit code is 1 if any line was refused "
       "or a save failed (accepted tricks are kept all the same)."),
    N_("One recorder a file: OUT is locked (.OUT.lock beside it) while recorded, and never saved over once "
       "something else changed it (`save NEWFILE` or `reload` then)."),
    N_("There is no --format: OUT is a game log (TOML), and `bids score OUT --format json` reads it as JSON."),
), (
    "bids record friday.toml --players Ana,Ben,Cleo,Dev -r english -o ally=true",
    "bids record friday.toml --resume",
    "bids deal -r italian --names Ana,Ben,Cleo --seed 7 --out deal.toml",
    "bids record game.toml --deal deal.toml",
    "bids record venerdi.toml --players Ana,Ben,Cleo -r italian --log-lang it",
))
@click.argument("out", type=click.Path(dir_okay=False, readable=False))
@option("--players", "names", metavar="A,B,C", help=N_("player names in seating order (a new game)"))
@ruleset_option
@option_option
@option("--leader", metavar="NAME", help=N_("who leads the first trick (default: the ruleset's first leader)"))
@option("--deal", "deal_path", metavar="DEAL.toml", type=click.Path(dir_okay=False, readable=False),
        help=N_("the deal (from `bids deal`): plays are checked against the hands, the pile is revealed"))
@option("--rounds", type=IntRange(1, 1000), help=N_("rounds in the game (default: game.rounds)"))
@option("--resume", is_flag=True, help=N_("go on with the unfinished log OUT (players, ruleset, options from it)"))
@option("--force", is_flag=True, help=N_("start over an existing OUT"))
@log_lang_option(N_("the card words typed and written: it, es, ja or en (it: G5 is giallo, yellow; the log then "
                    "says lang = \"it\"); default: a resumed log's or a deal's own, else the output language's"))
@guarded
def record(out, names, ruleset_ref, option_pairs, leader, deal_path, rounds, resume, force, log_lang):
    """`bids record` (its help: the decorator's message ids)."""
    from . import recordio

    closed = recordio.fill_closed_fds()  # before any file is opened: none takes their numbers
    interactive = _tty(sys.stdin) and _tty(sys.stdout)
    if sys.stdin is None or 0 in closed:
        _plain(Message("error: standard input is closed: bids record reads the tricks there (type them at a "
                       "terminal, or pipe them in)").text())
        sys.exit(1)
    if not interactive and (sys.stderr is None or 2 in closed):
        _plain(Message("error: standard error is closed: with standard input not a terminal, bids record "
                       "writes every result and message there (give it a file: 2> record.log)").text())
        sys.exit(1)
    restore = recordio.stop_on_signals()
    try:
        try:
            session = recordio.open_recorder(out, names=names, ruleset_ref=ruleset_ref, option_pairs=option_pairs,
                                             leader=leader, deal_path=deal_path, rounds=rounds, resume=resume,
                                             force=force, interactive=interactive,
                                             log_lang=log_lang.lower() if log_lang else None)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        try:
            if interactive:
                code = recordio.run_terminal(session, sys.stdout)
            else:
                code = recordio.run_script(session, sys.stdin, sys.stderr)
        finally:
            session.close()  # the lock goes (also on an error: the file holds what was saved)
    finally:
        restore()
    sys.exit(code)


def _tty(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError, AttributeError):
        return False


def _plain(message: str) -> None:
    """A message on standard error, or on standard output when standard error is closed."""
    echo(message, err=sys.stderr is not None)
