"""``bids`` run in the test process at a terminal of COLUMNS columns, --help included.

click's ``CliRunner`` renders every ``--help`` 80 columns wide whatever COLUMNS says: while it
runs a command it sets ``click.formatting.FORCED_WIDTH = 80``, and click's help formatter takes
that width before the terminal's (``shutil.get_terminal_size``, which reads COLUMNS). The rest of
bids measures the terminal itself (report.render.terminal_width) and honours COLUMNS under
``CliRunner`` too. ``Terminal`` leaves the help's width to COLUMNS as well, so that a test of
``--help`` at 60 or 100 columns sees what a player at such a terminal sees: click's own rule,
``min(COLUMNS, max_content_width) - 2`` columns (max_content_width is 100: cli/main.py), at
least 50."""

from __future__ import annotations

from contextlib import contextmanager

import click.formatting
from click.testing import CliRunner, Result

from bidscli.cli.main import main


class Terminal(CliRunner):
    """A ``CliRunner`` whose --help is as wide as COLUMNS (its ``env``) says."""

    @contextmanager
    def isolation(self, *args, **kwargs):
        with super().isolation(*args, **kwargs) as streams:
            forced, click.formatting.FORCED_WIDTH = click.formatting.FORCED_WIDTH, None
            try:
                yield streams
            finally:
                click.formatting.FORCED_WIDTH = forced


def bids_at(columns: int, *args: str, **kwargs) -> Result:
    """``bids ARGS`` at a terminal ``columns`` wide (COLUMNS)."""
    kwargs.setdefault("prog_name", "bids")
    return Terminal(env={"COLUMNS": str(columns)}).invoke(main, list(args), **kwargs)
