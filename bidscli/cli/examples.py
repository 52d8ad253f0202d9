"""`bids examples`: the example logs shipped with bidscli, listed or written out."""

from __future__ import annotations

import click

from ..core.i18n import N_, Message
from .catalog import command
from .options import echo, echo_text, format_option, guarded, out_options, write_or_echo


def _complete(ctx, param, incomplete):
    from ..app.examples import names

    return [n for n in names() if n.startswith(incomplete)]


@command("examples", (), (
    "bids examples",
    "bids examples first-game --out first-game.toml && bids score first-game.toml",
    "bids examples thief-6p",
))
@click.argument("name", required=False, shell_complete=_complete)
@out_options(N_("write the example here instead of stdout"))
@format_option("table", "json")
@guarded
def examples(name, force, out, fmt):
    """`bids examples` (its help: the decorator's message ids)."""
    from ..app import examples as shipped
    from ..report import render as report

    if name is None:
        if out is not None:
            raise click.UsageError(Message("--out needs an example NAME (bids examples lists them)").text())
        rows = [(n, shipped.summary(n)) for n in shipped.names()]
        if fmt == "json":
            echo(report.dumps([{"name": n, "summary": what} for n, what in rows]))
        else:
            echo_text(report.examples_text(rows))
        return
    try:
        text = shipped.text(name)
    except shipped.ExampleError as exc:  # a wrong NAME is a wrong command line (exit 2)
        raise click.BadParameter(exc.text(), param_hint="NAME") from None
    write_or_echo(text, out, force)
