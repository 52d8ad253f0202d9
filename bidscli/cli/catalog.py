"""Every command of ``bids``: its name, the module of this layer that holds it, and its summary.

The summary is the first paragraph of the command's help, kept here and nowhere else, so that
the group (main.py) lists every command with its short help in ``bids --help`` without importing
a command module; a module is imported only when its command runs (click's lazy group). Each
command takes its help as ``@command(NAME, details, examples)``: this summary, then its
paragraphs and examples. Every help text is a message id (``N_``), worded when shown, in the
output language (language.py).
"""

from __future__ import annotations

from typing import NamedTuple

import click

from ..core.i18n import N_
from .language import Help, WordedCommand, WordedGroup


class Entry(NamedTuple):
    module: str  # the module of bidscli.cli whose attribute NAME is the command
    summary: str  # the first paragraph of the command's help


COMMANDS: dict[str, Entry] = {
    "examples": Entry("examples", N_("The example logs (and a house ruleset) shipped with bidscli: without NAME, "
                                  "list them; with NAME, print that file, or write it with --out. They work "
                                  "from any folder.")),
    "score": Entry("play", N_("Final and per-round scores of each LOG (a file, or a folder searched for *.toml, "
                           "as validate walks it).")),
    "replay": Entry("play", N_("Trick by trick: revealed cards, plays, winner and why, points, running score.")),
    "validate": Entry("play", N_("Every problem in every LOG (a file, or a folder searched for *.toml), each with "
                              "its file, line, round and trick; then a summary line.")),
    "rules": Entry("rules", N_("The bundled rulesets and their knobs.")),
    "diff": Entry("compare", N_("The same deal under several rulesets, side by side.")),
    "disputes": Entry("compare", N_("Which rule decided this game? Each disputed knob changed alone, then the "
                                 "smallest sets of knob changes that change the winner.")),
    "report": Entry("compare", N_("One self-contained HTML page (no network, opens from a file): a game, or with "
                               "-r A -r B the same deal under several rulesets side by side.")),
    "deal": Entry("sim", N_("A shuffled, ruleset-valid deal, written as a game log with tricks = [].")),
    "simulate": Entry("sim", N_("Play a DEAL (from `bids deal`) with simulated players, writing the full game log.")),
    "study": Entry("sim", N_("Play G seeded deals under each ruleset with the same bots and compare: winner "
                          "changes, scores, margin, lucky-loser and burn rates, with 95% intervals.")),
    "record": Entry("record", N_("Record a game at the table into OUT, one trick a line: checked as typed, saved "
                              "after every trick.")),
    "serve": Entry("serve", N_("Serve the logs of FOLDER to the table's phones: a scorekeeper's page that takes "
                               "each trick by taps, checked and saved as `bids record` does, and a watchers' page "
                               "with the standings live.")),
    "season": Entry("season", N_("A league over many logs (files, or folders searched for *.toml): standings, "
                                 "ratings, head to head, the results; with two or more -r, the champion under each "
                                 "and the games whose winner changes.")),
}


def command(name: str, details: str | tuple[str, ...] = (), examples: tuple[str, ...] = (), *,
            group: bool = False, **attrs):
    """``@click.command(name)`` (a group when ``group``) whose help is the summary above, then
    ``details`` (message ids: a paragraph, or several) and ``examples`` (command lines)."""
    paragraphs = (details,) if isinstance(details, str) else tuple(details)
    cls = WordedGroup if group else WordedCommand

    def deco(func):
        return click.command(name, cls=cls, help=Help(COMMANDS[name].summary, paragraphs, examples), **attrs)(func)

    return deco
