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
from ..core.sanitize import path_text, shorten
from .catalog import COMMANDS
from .options import plain_fail, prepare_process


class BidsGroup(click.Group):
    """The command group. It knows every command's name and summary (catalog.py) and imports a
    command's module only when the command is looked up to run or to complete; ``bids --help``
    lists the summaries without importing any. bash completes through completion.py; a
    shell-completion environment that click cannot read is a usage error with one line (exit 2),
    not click's traceback."""

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
        listed = [click.Command(name, help=entry.summary) for name, entry in COMMANDS.items()]
        click.Group(commands=listed).format_commands(ctx, formatter)

    def main(self, *args, **kwargs):
        if os.environ.get("_BIDS_COMPLETE"):
            from click.shell_completion import add_completion_class

            from .completion import WordBreakBashComplete

            add_completion_class(WordBreakBashComplete)  # bash: words holding = or : (completion.py)
            cword = os.environ.get("COMP_CWORD")
            if cword is not None and not cword.strip().lstrip("-").isdigit():
                plain_fail(f"error: shell completion: COMP_CWORD={cword!r} is not a word number "
                            "(expected the shell's own completion script: eval \"$(_BIDS_COMPLETE=bash_source bids)\")")
                sys.exit(2)
        return super().main(*args, **kwargs)


class _usage_errors_shown_safely:
    """A usage error quotes the command line (``-o``, ``-r``, ``--knob``, ``--bots``, ``rules show
    NAME``, an unknown option or command), and click prints it itself, not through ``echo``: its
    message is made safe here, as every other line is (sanitize.terminal), and kept on one line
    (a line break in an argument shows as ``\\n``) and at most 1,000 characters long."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is not None and isinstance(exc, click.ClickException) and isinstance(exc.message, str):
            exc.message = path_text(shorten(exc.message))
        return False


@click.group(cls=BidsGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="bids")  # explicit: no importlib.metadata at start-up
def main():
    """Score, replay, validate and compare games of Bids under the Italian,
    English/Spanish and Japanese rules, with every disputed rule a named knob.

    \b
    Start with (from any folder):
      bids examples
      bids examples friday-4p --out friday.toml
      bids score friday.toml
      bids replay friday.toml --explain
    """
    prepare_process()

