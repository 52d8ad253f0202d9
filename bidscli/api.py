"""Plain functions behind the commands: load, score, validate (no click here).

These are what the CLI calls and what tests and other tools can call too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from .engine import GameResult, replay
from .errors import BidsError, RulesetError
from .log import GameLog, read_log
from .rules import Ruleset, is_bundled, load_ruleset, parse_option_assignments


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
            raise exc.located(file=log.file, line=log.ruleset_line)
    else:
        raise RulesetError(
            "no ruleset: the log names none and no -r was given (expected -r italian, english, "
            "spanish, japanese or a path to a ruleset file)", file=log.file)
    if knob_overrides:
        ruleset = ruleset.with_knobs(knob_overrides)
    return ruleset


def _diff_flag(path: str, refs: list[str], option_pairs: Sequence[str]) -> list[str] | None:
    """The flags with which ``bids diff`` plays this log under both rulesets: none, or
    ``--lenient-deck`` (a card X's deck lacks); None when diff refuses it too."""
    from . import variants

    for flags in ([], ["--lenient-deck"]):
        try:
            variants.diff(path, refs, lenient=bool(flags), option_pairs=option_pairs)
        except BidsError:
            continue
        return flags
    return None


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


def score(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = ()) -> tuple[Loaded, GameResult]:
    """Score one log; raises the first error (``bids score`` stops at the first)."""
    loaded = load(path, ruleset_ref, option_pairs)
    try:
        result = replay(loaded.log, loaded.ruleset, loaded.options)
    except BidsError as exc:
        raise with_diff_hint(exc, loaded.log, ruleset_ref, option_pairs) from None
    return loaded, result


def with_diff_hint(exc: BidsError, log: GameLog, ruleset_ref: str | None, option_pairs: Sequence[str] = ()) -> BidsError:
    """Point to the right tool (issue 8): a log that plays under the ruleset it names but not under
    ``-r X`` was recorded under other rules, so the question is how the deal would have gone under
    X, which ``bids diff`` answers. The hint is added only when that is true (the log scores under
    its own ruleset with the same -o); otherwise the error stands alone."""
    import shlex

    if ruleset_ref is None or log.ruleset is None:
        return exc
    try:
        own, opts = _ruleset_and_options(log, None, option_pairs)
        if own.name == load_ruleset(ruleset_ref).name and own.path == load_ruleset(ruleset_ref).path:
            return exc
        replay(log, own, opts)
    except BidsError:
        return exc
    own_ref = log.ruleset
    if not is_bundled(own_ref) and not Path(own_ref).is_absolute():
        own_ref = str(Path(log.file).parent / own_ref)
    words = ["bids", "diff", str(log.file), "-r", own_ref, "-r", ruleset_ref]
    for pair in option_pairs:
        words += ["-o", pair]
    flag = _diff_flag(str(log.file), [own_ref, ruleset_ref], option_pairs)
    if flag is None:  # diff cannot play it either (an option set X refuses): no tool to point to
        return exc
    command = " ".join(shlex.quote(w) for w in words + flag)
    exc.message += (f"\n  the log was recorded under {log.ruleset}; to see how this deal would have gone "
                    f"under {ruleset_ref}, use:\n    {command}")
    return exc


def validate(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
             allow_partial: bool = False) -> list[BidsError]:
    """Every problem in one log (``bids validate`` collects them all)."""
    log, errors = read_log(path)
    if log is None:
        return errors
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
