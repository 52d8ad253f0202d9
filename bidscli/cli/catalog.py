"""Every command of ``bids``: its name, the module of this layer that holds it, and its summary.

The summary is the first paragraph of the command's help, kept here and nowhere else, so that
the group (main.py) lists every command with its short help in ``bids --help`` without importing
a command module; a module is imported only when its command runs (click's lazy group). Each
command takes its help as ``@command(NAME)``: this summary, then the function's docstring.
"""

from __future__ import annotations

import inspect
from typing import NamedTuple

import click


class Entry(NamedTuple):
    module: str  # the module of bidscli.cli whose attribute NAME is the command
    summary: str  # the first paragraph of the command's help


COMMANDS: dict[str, Entry] = {
    "examples": Entry("examples", "The example logs (and a house ruleset) shipped with bidscli: without NAME, "
                                  "list them; with NAME, print that file, or write it with --out. They work "
                                  "from any folder."),
    "score": Entry("play", "Final and per-round scores of each LOG (a file, or a folder searched for *.toml, "
                           "as validate walks it)."),
    "replay": Entry("play", "Trick by trick: revealed cards, plays, winner and why, points, running score."),
    "validate": Entry("play", "Every problem in every LOG (a file, or a folder searched for *.toml), each with "
                              "its file, line, round and trick; then a summary line."),
    "rules": Entry("rules", "The bundled rulesets and their knobs."),
    "diff": Entry("compare", "The same deal under several rulesets, side by side."),
    "disputes": Entry("compare", "Which rule decided this game? Each disputed knob changed alone, then the "
                                 "smallest sets of knob changes that change the winner."),
    "report": Entry("compare", "One self-contained HTML page (no network, opens from a file): a game, or with "
                               "-r A -r B the same deal under several rulesets side by side."),
    "deal": Entry("sim", "A shuffled, ruleset-valid deal, written as a game log with tricks = []."),
    "simulate": Entry("sim", "Play a DEAL (from `bids deal`) with simulated players, writing the full game log."),
    "study": Entry("sim", "Play G seeded deals under each ruleset with the same bots and compare: winner "
                          "changes, scores, margin, lucky-loser and burn rates, with 95% intervals."),
    "record": Entry("record", "Record a game at the table into OUT, one trick a line: checked as typed, saved "
                              "after every trick."),
    "serve": Entry("serve", "Serve the logs of FOLDER to the table's phones: a scorekeeper's page that takes each "
                            "trick by taps, checked and saved as `bids record` does, and a watchers' page with "
                            "the standings live."),
    "season": Entry("season", "A league over many logs (files, or folders searched for *.toml): standings, "
                              "ratings, head to head, the results; with two or more -r, the champion under each and the "
                              "games whose winner changes."),
}


def command(name: str, **attrs):
    """``@click.command(name)`` (``cls=click.Group`` for a group) whose help is the summary
    above, then the function's docstring (the rest of the help, with its examples)."""

    def deco(func):
        help_text = f"{COMMANDS[name].summary}\n\n{inspect.cleandoc(func.__doc__ or '')}"
        return click.command(name, help=help_text, **attrs)(func)

    return deco
