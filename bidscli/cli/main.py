"""The ``bids`` command line: thin click commands over plain functions.

Only this module imports click. Every command turns a ``BidsError`` into a
located message on stderr and exit 1; a wrong command line exits 2 (click);
nothing prints a traceback (set BIDS_DEBUG=1 to see one for a crash).
"""

from __future__ import annotations

import functools
import os
import sys

import click

from .. import __version__
from ..core.sanitize import path_text, terminal
from . import usage

FORMATS = ("table", "json", "csv")
MAX_SEED = 2**63 - 1  # seeds are 63-bit, like deal.derive_seed's (deal is not imported here: it loads tomli_w)
RULESET_HELP = "bundled name (italian, english, spanish, japanese) or path to a TOML ruleset"


def _echo(message=None, **kw) -> None:
    """click.echo, with text from input made safe to print (sanitize.py: control characters,
    direction overrides, undecodable file-name bytes), also through a pipe."""
    click.echo(terminal(message) if isinstance(message, str) else message, **kw)


def _fail(message: str) -> None:
    _echo(message, err=True)


def _plain_fail(message: str) -> None:
    """A message where it can still be read: stderr, else nothing (both closed)."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(terminal(message) + "\n")
            sys.stderr.flush()
    except OSError:
        pass


class BidsGroup(click.Group):
    """The command group: a shell-completion environment that click cannot read is a usage
    error with one line (exit 2), not click's traceback."""

    def main(self, *args, **kwargs):
        if os.environ.get("_BIDS_COMPLETE"):
            cword = os.environ.get("COMP_CWORD")
            if cword is not None and not cword.strip().lstrip("-").isdigit():
                _plain_fail(f"error: shell completion: COMP_CWORD={cword!r} is not a word number "
                            "(expected the shell's own completion script: eval \"$(_BIDS_COMPLETE=bash_source bids)\")")
                sys.exit(2)
        return super().main(*args, **kwargs)


def guarded(func):
    """Run a command body; BidsError -> exit 1 with its message, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from ..core.errors import BidsError

        try:
            return func(*args, **kwargs)
        except BidsError as exc:
            _fail(f"error: {exc}")
            sys.exit(1)
        except (SystemExit, click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP during a study (study.Stopped)
            _fail("interrupted")
            sys.exit(128 + getattr(exc, "signum", 2))
        except BrokenPipeError:
            sys.exit(1)
        except OSError as exc:  # output that cannot be written: a full disk, a closed stream
            _plain_fail(f"error: cannot write the output: {exc.strerror or exc}")
            sys.exit(1)
        except Exception as exc:  # a bug of ours: say so plainly, without a traceback
            if os.environ.get("BIDS_DEBUG"):
                raise
            _fail(f"internal error: {type(exc).__name__}: {exc} (set BIDS_DEBUG=1 for details)")
            sys.exit(1)

    return wrapper


_FREEZE_AT_EXIT: list = []  # registered once a process (the tests run main many times)


def prepare_process() -> None:
    """What every command does first. Past `ulimit -f` a write says so plainly (EFBIG) instead
    of killing us. At exit, after the handlers registered since, every object moves to the
    collector's permanent generation: the interpreter's teardown then skips them in its final
    collections instead of walking all the modules, classes and functions start-up made (issue
    12: start-up). Output is flushed and handlers run as before; only cyclic garbage left at
    exit is not collected."""
    from ..files.safe import ignore_file_size_signal

    ignore_file_size_signal()
    for stream in (sys.stdout, sys.stderr):
        # A stream in an encoding that lacks a character (PYTHONIOENCODING=latin-1, cp1252)
        # shows it as a \u escape instead of failing: in JSON that is the same character.
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    if sys.stdout is None:
        _plain_fail("error: standard output is closed: nothing could be shown (run bids with an open stdout)")
        sys.exit(1)
    if not _FREEZE_AT_EXIT:
        import atexit
        import gc

        atexit.register(gc.freeze)  # atexit is last-in, first-out
        _FREEZE_AT_EXIT.append(gc.freeze)


# -- shared options (pip-tools style) ---------------------------------------------


def checked_each(check):
    """A click callback running a plain check (bidscli/usage.py) on a value or on each of several:
    its ValueError is a usage error (exit 2, stderr), raised while the command line is parsed,
    so before any file is read and the same way for every command."""

    def callback(ctx, param, value):
        if value is None or ctx.resilient_parsing:  # resilient: shell completion is parsing
            return value
        try:
            for v in value if isinstance(value, tuple) else (value,):
                check(v)
        except ValueError as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
        return value

    return callback


def completes(words):
    """A click shell_complete callback over a plain word list function (bidscli/usage.py)."""
    return lambda ctx, param, incomplete: words(incomplete)


def complete_ruleset(ctx, param, incomplete):
    """Bundled names, and file names too: the "file" item comes first because click's bash
    script resets its list at a "file" item (then the shell completes paths if no name fits)."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file"), *map(CompletionItem, usage.ruleset_names(incomplete))]


RULESET_ARG = {"callback": checked_each(usage.check_ruleset_ref), "shell_complete": complete_ruleset}


def ruleset_option(func=None, *, required=False):
    """``-r RULESET``: over a log's own ruleset, or (``required``, ``deal``) the only one."""
    deco = click.option("-r", "--ruleset", "ruleset", metavar="RULESET", required=required,
                        help=RULESET_HELP if required else f"{RULESET_HELP}; overrides the log's ruleset",
                        **RULESET_ARG)
    return deco if func is None else deco(func)


def rulesets_option(help):
    """``-r A -r B...`` for the commands that compare rulesets (diff, study)."""
    return click.option("-r", "--ruleset", "rulesets", multiple=True, required=True, metavar="RULESET", help=help,
                        **RULESET_ARG)


def players_option(help, required=False):
    return click.option("--players", "-p", type=click.IntRange(3, 6), required=required, help=help)


def seed_option(help, default=None):
    return click.option("--seed", type=click.IntRange(0, MAX_SEED), default=default,
                        show_default=default is not None, help=help)


def bots_option(func):
    return click.option("--bots", metavar="A,B,C", shell_complete=completes(usage.bot_words),
                        help="a strategy per seat, or one for all: random, greedy, lucky, default "
                             "(default: default)")(func)


def out_options(what):
    """``--out FILE`` and ``--force`` of the commands that write a game log."""
    def deco(func):
        func = click.option("--force", is_flag=True, help="replace --out if it exists")(func)
        return click.option("--out", type=click.Path(dir_okay=False, readable=False),
                            help=f"write the {what} here instead of stdout")(func)
    return deco


def progress_option(func):
    """``--progress/--no-progress``; neither given: a bar only when stderr is a terminal."""
    return click.option("--progress/--no-progress", default=None,
                        callback=lambda ctx, param, value: sys.stderr.isatty() if value is None else value,
                        help="progress bar on stderr (default: only when stderr is a terminal)")(func)


def option_option(func):
    return click.option(
        "-o", "--option", "options", multiple=True, metavar="KEY=VALUE",
        help="table option (thief=true) or knob override (thief.timing=deferred); repeatable",
        callback=checked_each(lambda pair: usage.check_option_pairs([pair])),
        shell_complete=completes(usage.option_words),
    )(func)


def format_option(*choices):
    def deco(func):
        return click.option("--format", "fmt", type=click.Choice(choices or FORMATS), default=(choices or FORMATS)[0],
                            show_default=True, help="output format")(func)
    return deco


def echo_text(text: str) -> None:
    """A text report on stdout, wrapped to the terminal (report.fit_text; --format json has it whole)."""
    from ..report.render import fit_text

    _echo(fit_text(terminal(text)))  # made safe first: an escaped character takes room too (terminal() is idempotent)


def jobs_option(func):
    """``--jobs N`` of score and validate (stream.py, parallel.py): output does not depend on it."""
    return click.option("--jobs", "-j", type=click.IntRange(0, 256), default=None, metavar="N",
                        help="worker processes (0: one per core; default: one process below 100 logs, "
                             "else a worker per 50 logs up to one per core); the output does not depend on it")(func)


def _jobs(jobs: int | None, count: int) -> int:
    from ..app.parallel import choose_jobs, jobs_note

    note = jobs_note(jobs)
    if note:
        _echo(note, err=True)
    return choose_jobs(jobs, count)


def _checked(hint: str, parse, *args):
    """Run a plain parser (deal.parse_names, bots.parse_bots); its ValueError is a usage error (exit 2)."""
    try:
        return parse(*args)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None


@click.group(cls=BidsGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="bids")  # explicit: no importlib.metadata at start-up
def main():
    """Score, replay, validate and compare games of Bids under the Italian,
    English/Spanish and Japanese rules, with every disputed rule a named knob.

    \b
    Start with:
      bids rules list
      bids score examples/friday-4p.toml
      bids replay examples/friday-4p.toml --explain
    """
    prepare_process()


# -- score ----------------------------------------------------------------------------


def partial_option(what):
    return click.option("--allow-partial", is_flag=True, help=what)


@main.command()
# readable=False on every path: a file that cannot be read is invalid input, said by files.py's
# input policy (exit 1, the run goes on), not a usage error (click's check, exit 2, docs/commands.md).
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@partial_option("score an unfinished game: standings after its last trick, no winner")
@format_option()
@jobs_option
@guarded
def score(logs, ruleset, options, allow_partial, fmt, jobs):
    """Final and per-round scores of each LOG.

    Stops at the first error of a log (use `bids validate` to see them all);
    exits 1 if any log could not be scored. An unfinished game (a short last
    round) is refused unless --allow-partial: then it shows the standings so
    far, never a winner.

    \b
    Examples:
      bids score examples/friday-4p.toml
      bids score examples/friday-4p.toml examples/thief-6p.toml -r english --format json
      bids score examples/thief-6p.toml -r english -o thief.timing=immediate
    """
    from ..app import stream

    failed = stream.score(logs, ruleset, options, fmt, functools.partial(_echo, nl=False), _fail,
                          jobs=_jobs(jobs, len(logs)), allow_partial=allow_partial)
    if failed:
        sys.exit(1)


# -- replay -----------------------------------------------------------------------------


@main.command()
@click.argument("log", type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@click.option("--explain", is_flag=True, help="give the reason chain of every trick, naming each knob and its source "
              "(--format json always has it, under each trick's \"explain\")")
@partial_option("replay an unfinished game without the error at its end")
@format_option("table", "json")
@guarded
def replay(log, ruleset, options, explain, allow_partial, fmt):
    """Trick by trick: revealed cards, plays, winner and why, points, running score.

    An unfinished game is shown trick by trick, then refused (exit 1) unless --allow-partial.

    \b
    Examples:
      bids replay examples/friday-4p.toml
      bids replay examples/thief-6p.toml -r italian --explain
    """
    from ..app import api
    from ..report import render as report

    loaded, result, errors = api.play(log, ruleset, options, allow_partial)
    if errors and not api.only_unfinished(errors):
        raise api.first_error(errors, loaded.log, ruleset, options)
    if fmt == "json":
        _echo(report.dumps_plain(report.result_json(log, loaded.ruleset, result)))
    else:
        echo_text(report.replay_text(log, loaded.ruleset, result, explain))
    if errors:  # cli.md: replay shows the tricks and then the error
        raise errors[0]


# -- validate ------------------------------------------------------------------------------


@main.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(readable=False), metavar="LOG_OR_DIR...")
@ruleset_option
@option_option
@partial_option("accept an unfinished last round")
@format_option("table", "json")
@click.option("--summary", "json_summary", is_flag=True,
              help='with --format json: print {"files": [...], "summary": {...}} instead of the bare list')
@progress_option
@jobs_option
@guarded
def validate(logs, ruleset, options, allow_partial, fmt, json_summary, progress, jobs):
    """Every problem in every LOG (a file, or a folder searched for *.toml), each with its
    file, line, round and trick; then a summary line.

    Keeps going past broken or unreadable files. Exits 0 when every log is valid, 1 otherwise.

    \b
    Examples:
      bids validate examples/broken.toml
      bids validate game.toml --allow-partial --format json
      bids validate logs/ --format json --summary
    """
    from ..app import batch
    from ..report import render as report

    single = batch.is_single_file(logs) and not json_summary
    batch.check_command_line(ruleset, options)  # a broken -r file: once, on stderr, for 1 log or many
    # A walk, no reading: for the progress bar, and for --jobs N (never more workers than logs).
    # Without either, validate_paths chooses the default job count from the first paths it finds.
    count = batch.count_log_paths(logs) if progress or jobs not in (None, 1) else None
    if jobs == 1:
        workers: int | None = 1
    else:
        workers = None if count is None else _jobs(jobs, count)
    bar = batch.Progress(count, sys.stderr) if progress else None
    summary = batch.Summary()
    writer = None
    if fmt == "json" and not single:
        writer = report.JsonListWriter(lambda text: _echo(text, nl=False), wrap=json_summary)
    for result in batch.validate_paths(logs, ruleset, options, allow_partial, jobs=workers):
        summary.add(result)
        if bar is not None:
            bar.step(bad=not result.valid)
        if fmt == "json":
            if result.skipped:
                _echo(f"{path_text(result.path)}: skipped: {result.skipped}", err=True)
                continue
            doc = report.validate_json(result.path, result.errors)
            if writer is None:
                _echo(report.dumps_plain(doc))
            else:
                writer.item(doc)
        else:
            for line in batch.error_lines(result):
                _echo(line)
    if bar is not None:
        bar.finish()
    if writer is not None:
        writer.close(summary.to_json())
    if fmt == "json":
        _echo(summary.line(), err=True)
    else:
        _echo(summary.line())
    if summary.failed:
        sys.exit(1)


# -- rules ----------------------------------------------------------------------------------


@main.group()
def rules():
    """The bundled rulesets and their knobs.

    \b
    Examples:
      bids rules list
      bids rules show english --players 4
      bids rules diff italian english
    """


@rules.command("list")
@format_option("table", "json")
@guarded
def rules_list(fmt):
    """Bundled rulesets with their source and one line each.

    \b
    Examples:
      bids rules list
      bids rules list --format json
    """
    from ..report import render as report
    from ..rules.ruleset import ALIASES, BUNDLED, load_ruleset

    rs = [load_ruleset(n) for n in BUNDLED]
    if fmt == "json":
        _echo(report.dumps(report.rules_list_json(rs, ALIASES)))
    else:
        echo_text(report.rules_list_text(rs, ALIASES))


@rules.command("show")
@click.argument("name", **RULESET_ARG)
@players_option("print the deck math for N players (default: 3-6)")
@option_option
@format_option("table", "json")
@guarded
def rules_show(name, players, options, fmt):
    """Every knob of NAME (bundled name or path) with its value and source, and the deck math.

    \b
    Examples:
      bids rules show italian --players 5
      bids rules show examples/house.toml -o thief=true
      bids rules show english -o double.scope=round --format json
    """
    from ..report import render as report
    from ..rules.knobs import PLAYER_COUNTS
    from ..rules.ruleset import FINE_PRINT, deck_for, load_with_options

    ruleset, opts = load_with_options(name, options)
    table_opts = ruleset.table_options(opts)
    decks = [deck_for(ruleset, n, table_opts) for n in ([players] if players else PLAYER_COUNTS)]
    if fmt == "json":
        _echo(report.dumps(report.rules_show_json(ruleset, decks, bool(players), FINE_PRINT)))
    else:
        echo_text(report.rules_show_text(ruleset, decks, list(FINE_PRINT)))


@rules.command("diff")
@click.argument("a", **RULESET_ARG)
@click.argument("b", **RULESET_ARG)
@format_option("table", "json")
@guarded
def rules_diff(a, b, fmt):
    """The knobs on which rulesets A and B differ, with each side's source.

    \b
    Examples:
      bids rules diff italian english
      bids rules diff english examples/house.toml --format json
    """
    from ..report import render as report
    from ..rules.ruleset import load_ruleset

    ra, rb = load_ruleset(a), load_ruleset(b)
    rows = report.rules_diff_rows(ra, rb)
    if fmt == "json":
        _echo(report.dumps({"rulesets": [ra.name, rb.name], "knobs": rows}))
    else:
        echo_text(report.rules_diff_text(ra, rb, rows))


# -- diff and disputes (variants, attribution, disputes, diffreport) ----------------------------


@main.command()
@click.argument("log", type=click.Path(dir_okay=False, readable=False))
@rulesets_option("a ruleset to compare (bundled name or path); give two or more")
@option_option
@click.option("--lenient-deck", is_flag=True,
              help="score even when the deal does not fit a ruleset's deck: foreign cards are played and "
                   "revealed as recorded, and rounds keep the log's length")
@click.option("--explain", is_flag=True, help="add every trick's reason chain under each ruleset, naming each "
                                                "knob and its source")
@click.option("--all", "everything", is_flag=True,
              help="give every trick where the results part with both sides' reasons (default: one line a round)")
@partial_option("compare the tricks of an unfinished game: standings so far, marked partial, no winner")
@format_option("table", "json")
@guarded
def diff(log, rulesets, options, lenient_deck, explain, everything, allow_partial, fmt):
    """The same deal under several rulesets, side by side.

    Per-trick winners, round and final scores, every trick, round end and
    bonus where the rulesets part (with each engine's reasons and knobs),
    each player's difference charged to the knobs that caused it (exact
    Shapley values; each ruleset against the first), which rules decide the
    winner, and the knobs that changed the game. Steals decided by the
    default policy are marked with '!'.

    \b
    Examples:
      bids diff examples/thief-6p.toml -r italian -r english
      bids diff examples/thief-6p.toml -r english -r japanese --format json
      bids diff examples/friday-4p.toml -r english -r italian --explain --all --lenient-deck
    """
    from ..analysis import variants
    from ..app import api
    from ..report import diff as diffreport
    from ..report import render as report

    if len(rulesets) < 2:
        raise click.UsageError("diff needs at least two rulesets: -r A -r B")
    if not allow_partial:
        api.refuse_unfinished(log, rulesets[0], options, lenient_deck)
    d = variants.diff(log, rulesets, lenient=lenient_deck, option_pairs=options)
    if fmt == "json":
        _echo(report.dumps(diffreport.diff_json(d, explain)))
    else:
        echo_text(diffreport.diff_text(d, explain, everything))


@main.command()
@click.argument("log", type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@click.option("--knob", "knobs", multiple=True, metavar="KNOB[=VALUE]",
              callback=checked_each(lambda arg: usage.check_knob_args([arg])),
              shell_complete=completes(usage.knob_words),
              help="a knob to dispute (at all its values, or at VALUE); repeatable. "
                   "Default: every knob on which the bundled rulesets differ at this player count")
@click.option("--lenient-deck", is_flag=True, help="score variants whose deck does not fit the deal anyway")
@partial_option("dispute who leads an unfinished game after its tricks (marked partial, no winner)")
@format_option("table", "json")
@progress_option
@guarded
def disputes(log, ruleset, options, knobs, lenient_deck, allow_partial, fmt, progress):
    """Which rule decided this game? Each disputed knob changed alone, then the
    smallest sets of knob changes that change the winner.

    \b
    Examples:
      bids disputes examples/thief-6p.toml
      bids disputes game.toml -r english --knob thief.timing --knob double.scope
    """
    from ..analysis.disputes import disputes as find_disputes
    from ..app import api
    from ..report import diff as diffreport
    from ..report import render as report

    if not allow_partial:
        api.refuse_unfinished(log, ruleset, options, lenient_deck)
    line = _SearchProgress(sys.stderr) if progress else None
    try:
        doc = find_disputes(log, ruleset, knobs, options, lenient=lenient_deck, progress=line)
    finally:
        if line is not None:
            line.finish()
    if fmt == "json":
        _echo(report.dumps(doc))
    else:
        echo_text(diffreport.disputes_text(doc))


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
        from ..analysis.disputes import ROUND_REPLAYS

        now = self.clock()
        if now - self.start < 1.0 or now - self.last < 0.1:
            return
        self.last = now
        self.drawn = True
        self.stream.write(f"\rdisputes: variants {variants:,}, replays {replays:,}, "
                          f"replayed rounds {rounds:,} of at most {ROUND_REPLAYS:,}")
        self.stream.flush()

    def finish(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


# -- report (bidscli/pages.py, html.py) ----------------------------------------------------------


@main.command()
@click.argument("log", type=click.Path(dir_okay=False, readable=False))
@click.option("-r", "--ruleset", "rulesets", multiple=True, metavar="RULESET",
              help=f"{RULESET_HELP}; one: a game page, two or more: a comparison of the same deal", **RULESET_ARG)
@option_option
@click.option("--out", type=click.Path(dir_okay=False, readable=False), help="the HTML file to write ('-' for stdout)")
@click.option("--force", is_flag=True, help="replace --out if it exists")
@click.option("--lenient-deck", is_flag=True, help="comparison: score a deal that does not fit a ruleset's deck")
@click.option("--allow-partial", is_flag=True, help="accept an unfinished last round (standings so far, no winner)")
@format_option("html", "json")
@guarded
def report(log, rulesets, options, out, force, lenient_deck, allow_partial, fmt):
    """One self-contained HTML page (no network, opens from a file): a game, or with
    -r A -r B the same deal under several rulesets side by side.

    --format json prints the page's data instead of writing HTML.

    \b
    Examples:
      bids report examples/friday-4p.toml --out friday.html
      bids report examples/thief-6p.toml -r italian -r english --out x.html
    """
    from ..app import api
    from ..report import html
    from ..report import render as reportmod

    if fmt == "html" and not out:
        raise click.UsageError("report needs --out FILE.html (or --format json)")
    if not allow_partial and len(rulesets) > 1:  # a game page refuses it itself (api.score)
        api.refuse_unfinished(log, rulesets[0], options, lenient_deck)
    page = api.report_page(log, rulesets, options, lenient=lenient_deck, allow_partial=allow_partial)
    if fmt == "json":
        _echo(reportmod.dumps(page))
        return
    render = html.game if page["kind"] == "game" else html.comparison
    text = render(page, _command_line("report", log, ruleset=list(rulesets), option=list(options)))
    _write_or_echo(text, out, force)


# -- deal, simulate, study (bidscli/deal.py, bots.py, study.py) ---------------------------------


def _command_line(*words, **options) -> str:
    """The command that makes the same output again (the seed included), for a log's header."""
    import shlex

    out = ["bids", *words]
    for flag, value in options.items():
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if v is not None:
                out += [f"--{flag.replace('_', '-')}", str(v)]
    return " ".join(shlex.quote(w) for w in out)


def _write_or_echo(text: str, out: str | None, force: bool) -> None:
    if out is None or out == "-":
        _echo(text, nl=False)
        return
    from ..files.safe import write_atomic

    write_atomic(out, text, force=force)
    _echo(f"wrote {path_text(out)}", err=True)


@main.command()
@ruleset_option(required=True)
@players_option("number of players (default: the count of --names)")
@click.option("--names", metavar="A,B,C", help="player names in seating order (default P1..PN)")
@click.option("--rounds", type=click.IntRange(1, 1000), help="rounds to deal (default: the ruleset's game.rounds)")
@option_option
@seed_option("same seed, same deal on every machine (default: a fresh seed, printed on stderr)")
@out_options("deal")
@guarded
def deal(ruleset, players, names, rounds, options, seed, force, out):
    """A shuffled, ruleset-valid deal, written as a game log with tricks = [].

    The output is a game log (TOML), so there is no --format. `bids simulate`
    and `bids record --deal` check a deal before playing it. `bids validate`
    lists a deal's problems too, but a deal has no trick yet, so it always
    says "nothing to score" and exits 1; --allow-partial applies once a trick
    is in. `bids score --format json` reads a played game as JSON.

    \b
    Examples:
      bids deal -r english --players 4 --seed 7
      bids deal -r italian --names Ana,Ben,Cleo,Dev -o thief=true --seed 7 --out friday.toml
    """
    from ..rules.ruleset import load_with_options
    from ..sim import deal as dealmod

    seats = _checked("--players/--names", dealmod.parse_names, names, players)
    rs, opts = load_with_options(ruleset, options)
    if seed is None:
        seed = dealmod.random_seed()
        _echo(f"seed {seed}", err=True)
    d = dealmod.make_deal(rs, seats, opts, rounds=rounds, seed=seed)
    d = d._replace(ruleset=ruleset)
    again = _command_line("deal", ruleset=ruleset, players=None if names else len(seats), names=names,
                          rounds=rounds, option=list(options), seed=seed)
    _write_or_echo(dealmod.deal_text(d, again), out, force)


@main.command()
@click.argument("deal_log", metavar="DEAL", type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@bots_option
@seed_option("seed of the bots' choices", default=0)
@out_options("log")
@guarded
def simulate(deal_log, ruleset, options, bots, seed, force, out):
    """Play a DEAL (from `bids deal`) with simulated players, writing the full game log.

    Tricks already in the deal are kept; the bots play the rest. The output is
    a game log (TOML), so there is no --format: `bids score --format json` or
    `bids replay --format json` reads the game as JSON.

    \b
    Examples:
      bids deal -r english --players 4 --seed 7 --out deal.toml
      bids simulate deal.toml --bots default,greedy,lucky,random --out game.toml
      bids validate game.toml && bids score game.toml
    """
    from ..log.load import load
    from ..sim import bots as botsmod

    loaded = load(deal_log, ruleset, options)
    seats = _checked("--bots", botsmod.parse_bots, bots, len(loaded.log.players))
    again = _command_line("simulate", deal_log, ruleset=ruleset, option=list(options), bots=",".join(seats),
                          seed=seed)
    text, _ = botsmod.simulate_log(loaded.log, loaded.ruleset, ruleset, loaded.options, seats, seed, again)
    _write_or_echo(text, out, force)


@main.command()
@rulesets_option("a ruleset to study (bundled name or path); repeat to compare")
@players_option("number of players", required=True)
@click.option("--games", "-g", type=click.IntRange(1, 10**9), default=1000, show_default=True,
              help="seeded games, each played under every ruleset")
@bots_option
@option_option
@seed_option("study seed", default=0)
@click.option("--jobs", "-j", type=click.IntRange(0, 256), default=1, show_default=True,
              help="worker processes (0: one per core, as score and validate); the results do not depend on it")
@progress_option
@format_option("table", "json")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, readable=False), metavar="FILE.html",
              help="also write the study as one self-contained HTML page with charts")
@click.option("--force", is_flag=True, help="replace the --html file if it exists")
@guarded
def study(rulesets, players, games, bots, options, seed, jobs, progress, fmt, html_out, force):
    """Play G seeded deals under each ruleset with the same bots and compare:
    winner changes, scores, margin, lucky-loser and burn rates, with 95% intervals.

    Same seed, same numbers, for any --jobs.

    \b
    Examples:
      bids study -r italian -r english --players 4 --games 10000 --seed 1 --jobs 2
      bids study -r english -r japanese -p 3 -g 2000 --bots greedy,lucky,default --format json
      bids study -r italian -r english -p 4 -g 500 --html study.html
    """
    from ..report import render as report
    from ..rules.ruleset import parse_option_assignments
    from ..sim import bots as botsmod
    from ..sim import deal as dealmod
    from ..sim import study as studymod

    seats = _checked("--bots", botsmod.parse_bots, bots, players)
    if html_out and html_out != "-" and not force and os.path.lexists(html_out):  # before the games, not after
        from ..files.safe import FileError

        raise FileError(f"{html_out} exists: not overwriting it (use --force to replace it)")
    opts, knobs = parse_option_assignments(list(options))
    spec = studymod.make_spec(rulesets, dealmod.default_names(players), seats, opts, knobs, seed, games)
    jobs = _jobs(jobs, games)  # 0: one per core (parallel.choose_jobs), as for score and validate
    if progress:
        from ..app.batch import Progress

        bar = Progress(games, sys.stderr, label="playing", unit="games", bad_word=None)
        try:
            summary = studymod.run_study(spec, jobs, bar.step)
        finally:
            bar.finish()  # the line ends also when the study is stopped
    else:
        summary = studymod.run_study(spec, jobs)
    doc = studymod.report(spec, summary)
    if html_out:
        from ..report import html, pages

        again = _command_line("study", ruleset=list(rulesets), players=players, games=games, bots=",".join(seats),
                              option=list(options), seed=seed)
        _write_or_echo(html.study(pages.study_page(doc), again), html_out, force)
        if html_out == "-":
            return
    if fmt == "json":
        _echo(report.dumps(doc))
    else:
        from ..report.study import table_text

        echo_text(table_text(doc))


# -- record (bidscli/record.py, recordio.py) ---------------------------------------------------


@main.command()
@click.argument("out", type=click.Path(dir_okay=False, readable=False))
@click.option("--players", "names", metavar="A,B,C", help="player names in seating order (a new game)")
@ruleset_option
@option_option
@click.option("--leader", metavar="NAME", help="who leads the first trick (default: the ruleset's first leader)")
@click.option("--deal", "deal_log", metavar="DEAL.toml", type=click.Path(dir_okay=False, readable=False),
              help="the deal (from `bids deal`): plays are checked against the hands, the pile is revealed")
@click.option("--rounds", type=click.IntRange(1, 1000), help="rounds in the game (default: game.rounds)")
@click.option("--resume", is_flag=True, help="go on with the unfinished log OUT (players, ruleset, options from it)")
@click.option("--force", is_flag=True, help="start over an existing OUT")
@guarded
def record(out, names, ruleset, options, leader, deal_log, rounds, resume, force):
    """Record a game at the table into OUT, one trick a line: checked as typed, saved after every trick.

    Type `K5: R5 G4 K7 Y2` (revealed cards, then the cards in playing order), or the log's own
    `K5: Ana R5, Ben G4, Cleo K7, Dev Y2`; `help` lists the commands (undo, score, leader,
    hand, save, reload, quit). With standard input not a terminal, results go to stderr and the
    exit code is 1 if any line was refused or a save failed (accepted tricks are kept all the same).

    One recorder a file: OUT is locked (.OUT.lock beside it) while recorded, and never saved
    over once something else changed it (`save NEWFILE` or `reload` then).

    There is no --format: OUT is a game log (TOML), and `bids score OUT --format json`
    reads it as JSON.

    \b
    Examples:
      bids record friday.toml --players Ana,Ben,Cleo,Dev -r english -o ally=true
      bids record friday.toml --resume
      bids deal -r italian --names Ana,Ben,Cleo --seed 7 --out deal.toml
      bids record game.toml --deal deal.toml
    """
    from . import recordio

    closed = recordio.fill_closed_fds()  # before any file is opened: none takes their numbers
    interactive = _tty(sys.stdin) and _tty(sys.stdout)
    if sys.stdin is None or 0 in closed:
        _plain("error: standard input is closed: bids record reads the tricks there (type them at a "
               "terminal, or pipe them in)")
        sys.exit(1)
    if not interactive and (sys.stderr is None or 2 in closed):
        _plain("error: standard error is closed: with standard input not a terminal, bids record writes "
               "every result and message there (give it a file: 2> record.log)")
        sys.exit(1)
    restore = recordio.stop_on_signals()
    try:
        try:
            session = recordio.open_recorder(out, names=names, ruleset_ref=ruleset, option_pairs=options,
                                             leader=leader, deal_path=deal_log, rounds=rounds, resume=resume,
                                             force=force, interactive=interactive)
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
    _echo(message, err=sys.stderr is not None)

