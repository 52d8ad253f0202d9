"""The ``bids`` command group: every command of bids, each in its own module of this layer,
imported only when that command runs (catalog.py names them; click's lazy group).

Only this layer imports click (docs/developers.md). Every command turns a ``BidsError`` into a
located message on stderr and exit 1 (options.guarded); a wrong command line exits 2 (click);
nothing prints a traceback (set BIDS_DEBUG=1 to see one for a crash).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from ..core import i18n
from ..core.i18n import N_, Message
from ..core.sanitize import path_text, shorten
from .catalog import COMMANDS
from .language import (
    LANG_HELP,
    Help,
    WordedCommand,
    WordedGroup,
    WordedOption,
    check_language,
    chosen_language,
    speaking,
)
from .options import plain_fail, prepare_process


class BidsGroup(WordedGroup):
    """The command group. It knows every command's name and summary (catalog.py) and imports a
    command's module only when the command is looked up to run or to complete; ``bids --help``
    lists the summaries without importing any. bash completes through completion.py; a
    shell-completion environment that click cannot read is a usage error with one line (exit 2),
    not click's traceback. Every text is worded in the output language (``--lang``, language.py),
    chosen from the command line before click reads it."""

    def list_commands(self, ctx):
        return sorted({*COMMANDS, *super().list_commands(ctx)})

    def get_command(self, ctx, cmd_name):
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return super().get_command(ctx, cmd_name)
        return getattr(importlib.import_module(f"{__package__}.{entry.module}"), cmd_name)

    def make_context(self, info_name, args, parent=None, **extra):
        with _usage_errors_shown_safely():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx):
        with _usage_errors_shown_safely():
            return super().invoke(ctx)

    def format_commands(self, ctx, formatter):
        """The commands and their short help, as click lists them, from the summaries alone."""
        listed = [WordedCommand(name, help=entry.summary) for name, entry in COMMANDS.items()]
        click.Group(commands=listed).format_commands(ctx, formatter)

    def main(self, args=None, *rest, **kwargs):
        with speaking(chosen_language(sys.argv[1:] if args is None else args)):
            return self._main(args, *rest, **kwargs)

    def _main(self, *args, **kwargs):
        instruction = os.environ.get("_BIDS_COMPLETE")
        if instruction:
            from click.shell_completion import add_completion_class

            from .completion import WordBreakBashComplete, unreadable

            add_completion_class(WordBreakBashComplete)  # bash: words holding = or : (completion.py)
            problem = unreadable(instruction, os.environ)
            if problem is not None:
                plain_fail(Message("error: shell completion: {problem}", problem=problem).text())
                sys.exit(2)
        return super().main(*args, **kwargs)


# click 8.2 raises it for a group called without a command (click 8.1 prints the help and exits)
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _usage_errors_shown_safely:
    """A usage error quotes the command line (``-o``, ``-r``, ``--knob``, ``--bots``, ``rules show
    NAME``, an unknown option or command), and click prints it itself, not through ``echo``: its
    message is made safe here, as every other line is (sanitize.terminal), and kept on one line
    (a line break in an argument shows as ``\\n``) and at most 1,000 characters long. A group called
    with no command (``bids``, ``bids rules``) shows its help, which click raises as a usage error
    whose message is the help itself: that one is left whole, as ``--help`` prints it."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if isinstance(exc, _NO_ARGS_IS_HELP):
            return False
        if exc is not None and isinstance(exc, click.ClickException) and isinstance(exc.message, str):
            exc.message = path_text(shorten(_with_suggestion(exc)))
        return False


def _with_suggestion(exc: click.ClickException) -> str:
    """The message of ``exc`` with click's suggestion ("Did you mean '--jobs'?", for an unknown option
    or command), joined through our message: click joins them with a space, which Japanese does not
    write after its 。. The suggestion is then part of the message (click adds it no more)."""
    if not getattr(exc, "possibilities", None):
        return exc.message
    full = exc.format_message()
    if not full.startswith(exc.message + " "):
        return exc.message
    exc.possibilities = None  # type: ignore[attr-defined]
    # TRANSLATORS: an unknown option or command and click's suggestion ("No such option '--bogus'.
    # Did you mean '--jobs'?"); the space between them (Japanese writes none after 。).
    return Message("{message} {suggestion}", message=exc.message, suggestion=full[len(exc.message) + 1:]).text()


@click.group(cls=BidsGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
             help=Help(N_("Score, replay, validate and compare games of Bids under the Italian, English/Spanish "
                          "and Japanese rules, with every disputed rule a named knob."), (), (
                 "bids examples",
                 "bids examples friday-4p --out friday.toml",
                 "bids score friday.toml",
                 "bids replay friday.toml --explain",
             ), N_("Start with (from any folder):")))
# explicit version: no importlib.metadata at start-up
@click.version_option(__version__, prog_name="bids", cls=WordedOption, help=N_("Show the version and exit."))
@click.option("--lang", type=click.Choice(i18n.LANGUAGES, case_sensitive=False), expose_value=False,
              is_eager=True, callback=check_language, cls=WordedOption, help=LANG_HELP)
def main():
    """The command group (its help: the decorator's message ids)."""
    prepare_process()

