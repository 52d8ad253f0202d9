"""Every command of ``bids``, read from the click group itself, so a test over all commands covers a
new one without being edited: ``every_command()`` gives each command's words (``("rules", "show")``)
with its click command."""

from __future__ import annotations

import click

from bidscli.cli.main import main


def every_command(group: click.Group = main, words: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    """Each command under ``group`` (a group's own commands in its place, the group itself not)."""
    ctx = click.Context(group, info_name="bids")
    out = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None, name
        if isinstance(cmd, click.Group):
            out += every_command(cmd, (*words, name))
        else:
            out.append(((*words, name), cmd))
    return out
