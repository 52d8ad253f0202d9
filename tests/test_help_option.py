"""`-h` stays a help option whatever asked for the help option before (a bare context, as
completion and tests make, asks with click's default names)."""

from __future__ import annotations

import click
from click.testing import CliRunner

from bidscli.cli.main import main


def test_a_bare_context_does_not_take_h_away():
    click.Context(main).command.get_params(click.Context(main))  # click's default names: --help only
    result = CliRunner().invoke(main, ["--lang", "en", "-h"])
    assert result.exit_code == 0
    assert "-h, --help" in result.output
    assert "Usage:" in result.output
