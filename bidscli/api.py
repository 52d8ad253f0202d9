"""Plain functions behind the commands: load, score, validate (no click here).

These are what the CLI calls and what tests and other tools can call too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from .engine import GameResult, replay
from .errors import BidsError, LogStructureError, RulesetError
from .log import GameLog, read_log
from .rules import Ruleset, load_ruleset, parse_option_assignments


class Loaded(NamedTuple):
    log: GameLog
    ruleset: Ruleset
    options: dict


def resolve_ruleset(log: GameLog, ruleset_ref: str | None, knob_overrides: dict | None = None) -> Ruleset:
    """``-r`` wins over the log's ``ruleset``; neither is an error, never a silent default."""
    if ruleset_ref is not None:
        ruleset = load_ruleset(ruleset_ref)
    elif log.ruleset is not None:
        try:
            ruleset = load_ruleset(log.ruleset, base_dir=Path(log.file).parent)
        except BidsError as exc:
            if exc.file is not None and exc.file != log.file:
                # A broken ruleset file is reported at the log that names it too ("g1.toml:2: ruleset
                # house.toml:3: ..."), so that validating a folder of such logs names each log.
                raise RulesetError(f"ruleset {exc}", file=log.file, line=log.ruleset_line) from None
            raise exc.located(file=log.file, line=log.ruleset_line)
    else:
        raise RulesetError(
            "no ruleset: the log names none and no -r was given (expected -r italian, english, "
            "spanish, japanese or a path to a ruleset file)", file=log.file)
    if knob_overrides:
        ruleset = ruleset.with_knobs(knob_overrides)
    return ruleset


def read(path: str | Path) -> GameLog:
    """Read a log; raises its first problem (a command that needs the whole log stops there)."""
    log, errors = read_log(path)
    if errors:
        raise errors[0]
    return log


def _ruleset_and_options(log: GameLog, ruleset_ref: str | None, option_pairs: Sequence[str]) -> tuple[Ruleset, dict]:
    """The ruleset with ``-o`` knob overrides, and the log's table options with ``-o`` ones on top."""
    options, knobs = parse_option_assignments(list(option_pairs))
    ruleset = resolve_ruleset(log, ruleset_ref, knobs)
    return ruleset, {**log.options, **options}


def load(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = ()) -> Loaded:
    """Read a log and its ruleset; raises the first problem found."""
    log = read(path)
    return Loaded(log, *_ruleset_and_options(log, ruleset_ref, option_pairs))


def nothing_to_score(log: GameLog) -> BidsError | None:
    """A log without a single trick (``rounds = []``, or only ``tricks = []``) has nothing to score
    (cli.md, "Unfinished games"): the error to report, or None. The one place that decides it."""
    if any(r.tricks for r in log.rounds):
        return None
    if not log.rounds:
        return LogStructureError("nothing to score: rounds = [] has no round (expected at least one "
                                 "[[rounds]] with tricks = [...])", file=log.file)
    return LogStructureError("nothing to score: no round has a trick (a deal, not a game: play it, or "
                             "check it with validate --allow-partial)", file=log.file, line=log.rounds[0].line)


def score(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = ()) -> tuple[Loaded, GameResult]:
    """Score one log; raises the first error (``bids score`` stops at the first)."""
    loaded = load(path, ruleset_ref, option_pairs)
    empty = nothing_to_score(loaded.log)
    if empty is not None:
        raise empty
    result = replay(loaded.log, loaded.ruleset, loaded.options)
    return loaded, result


def validate(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
             allow_partial: bool = False) -> list[BidsError]:
    """Every problem in one log (``bids validate`` collects them all)."""
    log, errors = read_log(path)
    if log is None:
        return errors
    if not log.rounds:  # rounds = []: not even a deal (a deal's rounds have tricks = [])
        errors = errors + [nothing_to_score(log)]
    try:
        ruleset, opts = _ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError as exc:
        return errors + [exc.located(file=str(path))]
    collected: list[BidsError] = []
    replay(log, ruleset, opts, collect=collected, allow_partial=allow_partial)
    # In file order, as a reader goes through the log (file-level problems first).
    merged = _dedupe(errors + collected)
    merged.sort(key=lambda e: (e.line or 0, e.round or 0, e.trick or 0))
    return merged


def _dedupe(errors: Iterable[BidsError]) -> list[BidsError]:
    seen = set()
    out = []
    for e in errors:
        key = (e.line, e.round, e.trick, e.message)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out
