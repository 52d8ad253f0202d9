"""The plain functions of ``bids deal``, ``bids simulate`` and ``bids study`` (cli/sim.py parses
their arguments, calls these and prints): a deal as a log, a game the bots played as a log, a
seeded study as its document. The seats and the bots are read first, where a mistake is a usage
error (a ``ValueError``), before any file is read. Each command imports only what it uses (the
modules of the others are imported inside their functions: start-up, docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..log.load import Loaded
    from ..rules.ruleset import Ruleset
    from ..sim.study import StudySpec


def seats(names: str | None, players: int | None) -> tuple[str, ...]:
    """The seats of a deal: ``--names`` in seating order, else P1..PN for ``--players``
    (``ValueError`` when the two disagree or neither is given)."""
    from ..sim.deal import parse_names

    return parse_names(names, players)


def bot_seats(bots: str | None, players: int) -> tuple[str, ...]:
    """The bot of each seat, from ``--bots`` (one name, or one a seat; ``ValueError`` otherwise)."""
    from ..sim.bots import parse_bots

    return parse_bots(bots, players)


def new_seed() -> int:
    """A fresh seed for a deal, for when none is given (printed, so the deal can be made again)."""
    from ..sim.deal import random_seed

    return random_seed()


def deal_rules(ruleset_ref: str, option_pairs: Sequence[str]) -> tuple[Ruleset, dict[str, bool]]:
    """The ruleset of a deal with ``-o`` applied, and the table options (read before the seed is said)."""
    from ..rules.ruleset import load_with_options

    return load_with_options(ruleset_ref, option_pairs)


def deal_log(ruleset: Ruleset, options: Mapping[str, bool], ruleset_ref: str, seats: Sequence[str],
             rounds: int | None, seed: int, lang: str, again: str) -> str:
    """A shuffled deal as the text of a log in the card words of ``lang``, naming ``ruleset_ref``;
    ``again``: the command that makes it again, written in its header."""
    from ..sim.deal import deal_text, make_deal

    d = make_deal(ruleset, seats, options, rounds=rounds, seed=seed)._replace(ruleset=ruleset_ref)
    return deal_text(d, again, lang)


def read_deal(deal_path: str, ruleset_ref: str | None, option_pairs: Sequence[str]) -> Loaded:
    """A deal (or a game begun) for ``simulate``, with its ruleset; raises the first problem."""
    from ..log.load import load

    return load(deal_path, ruleset_ref, option_pairs)


def simulate_log(deal: Loaded, ruleset_ref: str | None, bots: Sequence[str], seed: int, again: str,
                 lang: str | None) -> str:
    """The game the bots play from ``deal`` (its recorded tricks kept), as a log's text."""
    from ..sim.bots import simulate_log as simulated

    text, _ = simulated(deal.log, deal.ruleset, ruleset_ref, deal.options, bots, seed, again, lang=lang)
    return text


def study_spec(ruleset_refs: Sequence[str], players: int, bots: Sequence[str], option_pairs: Sequence[str],
               seed: int, games: int) -> StudySpec:
    """What a study plays: ``games`` seeded deals at ``players`` seats, each under every ruleset
    (the rulesets are read here, so a broken one is said before any game)."""
    from ..rules.ruleset import parse_option_assignments
    from ..sim.deal import default_names
    from ..sim.study import make_spec

    opts, knobs = parse_option_assignments(list(option_pairs))
    return make_spec(ruleset_refs, default_names(players), bots, opts, knobs, seed, games)


def study(spec: StudySpec, jobs: int, progress: Callable[[int], None] | None = None) -> dict:
    """Play the study on ``jobs`` worker processes and return its document (the same for any ``jobs``)."""
    from ..sim.study import report, run_study

    summary = run_study(spec, jobs) if progress is None else run_study(spec, jobs, progress)
    return report(spec, summary)
