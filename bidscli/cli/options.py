"""Shared pieces of the command line (pip-tools style): the output helpers, the one error guard,
the process set-up and the option decorators every command module uses.

Only the command layer imports click. A ``BidsError`` becomes a located message on stderr and
exit 1; a wrong command line exits 2 (click); nothing prints a traceback (BIDS_DEBUG=1 shows one
for a crash)."""

from __future__ import annotations

import functools
import os
import sys

import click

from ..core.i18n import N_, Message, gettext
from ..core.sanitize import json_text, json_utf8, path_text, terminal
from . import usage
from .language import option

FORMATS = ("table", "json", "csv")
MAX_SEED = 2**63 - 1  # seeds are 63-bit, like deal.derive_seed's (deal is not imported here: it loads tomli_w)
RULESET_HELP = N_("bundled name (italian, english, spanish, japanese) or path to a TOML ruleset")
# TRANSLATORS: the kind of value of a whole-number option, in click's "'x' is not a valid {number_type}"
# and, in capitals, as its placeholder in --help ("--players INTEGER RANGE")
INTEGER_RANGE = N_("integer range")


class IntRange(click.IntRange):
    """click's IntRange, its kind named in the output language: click names it "integer range" in
    English in every language ("'tre' non è un integer range valido")."""

    @property
    def name(self) -> str:  # type: ignore[override]  # (click's is a plain attribute)
        return gettext(INTEGER_RANGE)


def echo(message=None, **kw) -> None:
    """click.echo, with text from input made safe to print (sanitize.py: control characters,
    direction overrides, undecodable file-name bytes), also through a pipe. A ``Message`` is
    worded in the output language first."""
    if isinstance(message, Message):
        message = message.text()
    click.echo(terminal(message) if isinstance(message, str) else message, **kw)


def echo_json(out: str | bytes) -> None:
    """A JSON document (or a part of a JSON list) on stdout, no line break added, through the JSON
    sanitiser (sanitize.json_text; json_utf8 for bytes, written as they are) rather than
    :func:`terminal`: JSON escapes every control character itself, and json_text what else
    terminal() would, checked in C on printable ASCII; then neither terminal() (a copy of every
    byte) nor click's colour stripping (no ESC is left to strip) reads its megabytes again."""
    click.echo(json_utf8(out) if isinstance(out, bytes) else json_text(out), nl=False, color=True)


def fail(message) -> None:
    echo(message, err=True)


def plain_fail(message: str) -> None:
    """A message where it can still be read: stderr, else nothing (both closed)."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(terminal(message) + "\n")
            sys.stderr.flush()
    except OSError:
        pass


def guarded(func):
    """Run a command body; BidsError -> exit 1 with its message, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from ..core.errors import BidsError
        from ..files.reads import command_reads

        try:
            with command_reads():  # what the command reads, it never writes over (files.md)
                return func(*args, **kwargs)
        except BidsError as exc:
            fail(Message("error: {message}", message=str(exc)).text())
            sys.exit(1)
        except (SystemExit, click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt as exc:  # Ctrl-C, or a signal to a command with workers (core.workers.Stopped)
            fail(Message("interrupted").text())
            sys.exit(128 + getattr(exc, "signum", 2))
        except BrokenPipeError:
            sys.exit(1)
        except OSError as exc:  # output that cannot be written: a full disk, a closed stream
            plain_fail(Message("error: cannot write the output: {reason}", reason=exc.strerror or exc).text())
            sys.exit(1)
        except Exception as exc:  # a bug of ours: say so plainly, without a traceback
            if os.environ.get("BIDS_DEBUG"):
                raise
            fail(Message("internal error: {kind}: {detail} (set BIDS_DEBUG=1 for details)",
                         kind=type(exc).__name__, detail=exc).text())
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
        plain_fail(Message("error: standard output is closed: nothing could be shown (run bids with an open stdout)").text())
        sys.exit(1)
    if not _FREEZE_AT_EXIT:
        import atexit
        import gc

        atexit.register(gc.freeze)  # atexit is last-in, first-out
        _FREEZE_AT_EXIT.append(gc.freeze)


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
    deco = option("-r", "--ruleset", "ruleset_ref", metavar="RULESET", required=required,
                  help=RULESET_HELP if required else N_("bundled name (italian, english, spanish, japanese) or "
                                                        "path to a TOML ruleset; overrides the log's ruleset"),
                  **RULESET_ARG)
    return deco if func is None else deco(func)


def rulesets_option(help):
    """``-r A -r B...`` for the commands that compare rulesets (diff, study)."""
    return option("-r", "--ruleset", "ruleset_refs", multiple=True, required=True, metavar="RULESET", help=help,
                  **RULESET_ARG)


def players_option(help, required=False):
    return option("--players", "-p", type=IntRange(3, 6), required=required, help=help)


def seed_option(help, default=None):
    return option("--seed", type=IntRange(0, MAX_SEED), default=default,
                  show_default=default is not None, help=help)


def bots_option(func):
    return option("--bots", metavar="A,B,C", shell_complete=completes(usage.bot_words),
                  help=N_("a strategy per seat, or one for all: random, greedy, lucky, default "
                          "(default: default)"))(func)


def output_name(flag: str, example: str):
    """The callback of an output path (``--out``, ``--html``): an empty name is the same usage error
    for every command (exit 2), before anything is read or played."""
    def check(ctx, param, value):
        if value == "":
            raise click.BadParameter(Message("an empty file name: expected a path to write to (e.g. {example})",
                                             example=flag + " " + example).text())
        return value
    return check


def out_options(help):
    """``--out FILE`` (``help``: what it writes) and ``--force`` of the commands that write a game log."""
    def deco(func):
        func = option("--force", is_flag=True, help=N_("replace --out if it exists"))(func)
        return option("--out", type=click.Path(dir_okay=False, readable=False), help=help,
                      callback=output_name("--out", "game.toml"))(func)
    return deco


def refuse_output_early(out: str | None, force: bool, given=()) -> None:
    """Before a long run (``season``, ``study``), not after it: an output that exists (without
    ``--force``), or that is a file the command reads (the files read so far, and ``given``, the
    logs the command line names), is refused now. write_atomic checks both again when it writes."""
    if not out or out == "-":
        return
    from ..files.reads import note_given, refuse_input
    from ..files.refused import FileError

    note_given(given)
    refuse_input(out)
    if not force and os.path.lexists(out):
        raise FileError(Message("{file} exists: not overwriting it (use --force to replace it)", file=out))


def progress_option(func):
    """``--progress/--no-progress``; neither given: a bar only when stderr is a terminal."""
    return option("--progress/--no-progress", default=None,
                  callback=lambda ctx, param, value: sys.stderr.isatty() if value is None else value,
                  help=N_("progress bar on stderr (default: only when stderr is a terminal)"))(func)


def option_option(func):
    return option(
        "-o", "--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
        help=N_("table option (thief=true) or knob override (thief.timing=deferred); repeatable"),
        callback=checked_each(lambda pair: usage.check_option_pairs([pair])),
        shell_complete=completes(usage.option_words),
    )(func)


def log_lang_option(help):
    """``--log-lang LANG`` of the commands that write a game log: the card words it is written in
    (log.md "Card words in the players' languages"); ``help`` (marked with N_) says what, and what
    the command writes without it."""
    from ..core.cardwords import LANGS

    return option("--log-lang", "log_lang", type=click.Choice(LANGS, case_sensitive=False), default=None,
                  metavar="LANG", help=help)


def format_option(*choices):
    def deco(func):
        return option("--format", "fmt", type=click.Choice(choices or FORMATS), default=(choices or FORMATS)[0],
                      show_default=True, help=N_("output format"))(func)
    return deco


def echo_text(text: str) -> None:
    """A text report on stdout, wrapped to the terminal (report.fit_text; --format json has it whole)."""
    from ..report.render import fit_text

    echo(fit_text(terminal(text)))  # made safe first: an escaped character takes room too (terminal() is idempotent)


def jobs_option(func):
    """``--jobs N`` of score and validate (stream.py, parallel.py): output does not depend on it."""
    return option("--jobs", "-j", type=IntRange(0, 256), default=None, metavar="N",
                  help=N_("worker processes (0: one per core; default: one process below 100 logs, "
                          "else a worker per 50 logs up to one per core); the output does not depend on it"))(func)


def job_count(jobs: int | None, count: int) -> int:
    from ..app.parallel import choose_jobs, jobs_note

    note = jobs_note(jobs)
    if note:
        echo(note, err=True)
    return choose_jobs(jobs, count)


def checked(hint: str, parse, *args):
    """Run a plain parser (deal.parse_names, bots.parse_bots); its ValueError is a usage error (exit 2)."""
    try:
        return parse(*args)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None


def partial_option(help):
    return option("--allow-partial", is_flag=True, help=help)


def command_line(*words, **options) -> str:
    """The command that makes the same output again (the seed included), for a log's header."""
    import shlex

    out = ["bids", *words]
    for flag, value in options.items():
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if v is not None:
                out += [f"--{flag.replace('_', '-')}", str(v)]
    return " ".join(shlex.quote(w) for w in out)


def write_or_echo(text: str, out: str | None, force: bool) -> None:
    if out is None or out == "-":
        echo(text, nl=False)
        return
    from ..files.safe import write_atomic

    write_atomic(out, text, force=force)
    echo(Message("wrote {path}", path=path_text(out)).text(), err=True)
