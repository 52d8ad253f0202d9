"""Plain functions behind the commands: load, score, validate (no click here).

These are what the CLI calls and what tests and other tools can call too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up
    from pathlib import Path

from ..analysis.hints import with_diff_hint
from ..core.errors import (
    BidsError,
    DeckError,
    NothingToScoreError,
    UnfinishedError,
)
from ..engine.replay import GameResult, replay
from ..log.load import Loaded, read_game_log, ruleset_and_options
from ..log.reader import GameLog
from ..rules.ruleset import Ruleset


def play(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
         allow_partial: bool = False) -> tuple[Loaded, GameResult | None, list[BidsError]]:
    """Score one log and list every problem, as ``validate`` orders them (file order).

    ``score`` and ``replay`` stop at the first of these, so they stop at the same
    root cause that ``validate`` lists first. A log that cannot be read or has no
    ruleset raises its first problem.
    """
    log, errors = read_game_log(path)
    if log is None:
        raise errors[0]
    try:
        ruleset, opts = ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError:
        if _typo_of_ruleset(errors):  # 'rulset = ...': the typo is the root cause
            raise errors[0] from None
        raise
    result, errors = _check(log, errors, ruleset, opts, allow_partial)
    return Loaded(log, ruleset, opts), result, errors


def score(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
          allow_partial: bool = False) -> tuple[Loaded, GameResult]:
    """Score one log; raises the first error (``bids score`` stops at the first).

    An unfinished game is an error unless ``allow_partial`` (cli.md 'Unfinished games').
    """
    loaded, result, errors = play(path, ruleset_ref, option_pairs, allow_partial)
    if errors:
        raise first_error(errors, loaded.log, ruleset_ref, option_pairs)
    assert result is not None  # a game that could not be played has an error
    return loaded, result


def first_error(errors: list[BidsError], log: GameLog, ruleset_ref: str | None,
                option_pairs: Sequence[str] = ()) -> BidsError:
    """The error a command that stops at the first shows: with the diff hint when the rules
    refused the log (an unfinished game or an empty log is no matter of rules)."""
    exc = errors[0]
    if isinstance(exc, (UnfinishedError, NothingToScoreError)):
        return exc
    return with_diff_hint(exc, log, ruleset_ref, option_pairs)


def refuse_unfinished(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
                      lenient_deck: bool = False) -> None:
    """cli.md 'Unfinished games': every command that reports a result refuses an unfinished game
    unless --allow-partial, with the message ``score`` gives. Raises that UnfinishedError when it
    is the root cause (the first problem, as ``score`` stops at; after deck problems only, when
    ``--lenient-deck`` forgives those). Any other problem is left to the command, which reports
    it its own way."""
    try:
        _, _, errors = play(path, ruleset_ref, option_pairs, allow_partial=False)
    except BidsError:
        return
    for exc in errors:
        if isinstance(exc, UnfinishedError):
            raise exc
        if not (lenient_deck and isinstance(exc, DeckError)):
            return


def validate(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
             allow_partial: bool = False) -> list[BidsError]:
    """Every problem in one log (``bids validate`` collects them all), in file order: the log is
    read once, with its lines, and played once (without the explanations nobody reads here)."""
    log, errors = read_game_log(path)
    if log is None:
        return errors
    try:
        ruleset, opts = ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError as exc:
        if _typo_of_ruleset(errors):
            return errors
        return errors + [exc.located(file=str(path))]
    # cli.md "Unfinished games": a log with no trick yet (a fresh deal, a record not begun) is
    # valid for validate --allow-partial (its deal is checked); it has nothing to score.
    return _check(log, errors, ruleset, opts, allow_partial, explain=False, empty_ok=allow_partial)[1]


def _typo_of_ruleset(errors: list[BidsError]) -> bool:
    """The log names its ruleset under a misspelled key (the reader said so)."""
    return any(getattr(e, "meant", None) == "ruleset" for e in errors)


def only_unfinished(errors: Iterable[BidsError]) -> bool:
    """Every error says the game is unfinished (replay still shows the tricks played)."""
    return all(isinstance(e, UnfinishedError) for e in errors)


def nothing_to_score(log: GameLog) -> NothingToScoreError | None:
    """cli.md: a log with no trick at all has nothing to score (also with --allow-partial)."""
    if any(r.tricks or r.broken for r in log.rounds):
        return None
    where = "rounds = []" if not log.rounds else "every round has tricks = []"
    return NothingToScoreError(f"nothing to score: no trick has been played yet ({where})", file=log.file,
                           line=log.rounds[0].line if log.rounds else None)


def _check(log: GameLog, read_errors: list[BidsError], ruleset: Ruleset, opts: dict,
           allow_partial: bool, explain: bool = True,
           empty_ok: bool = False) -> tuple[GameResult | None, list[BidsError]]:
    """``empty_ok``: a log with no trick at all is no error (validate --allow-partial)."""
    collected: list[BidsError] = []
    empty = None if read_errors else nothing_to_score(log)
    if empty is not None:
        if not empty_ok:
            collected.append(empty)
        allow_partial = True  # the deal is still checked; "unfinished" would say the same again
    result = replay(log, ruleset, opts, collect=collected, allow_partial=allow_partial, explain=explain)
    if not read_errors and not collected:
        return result, []
    # In file order, as a reader goes through the log (file-level problems first).
    merged = _dedupe(read_errors + collected)
    merged.sort(key=lambda e: (e.line or 0, e.round or 0, e.trick or 0))
    return result, merged


def _dedupe(errors: Iterable[BidsError]) -> list[BidsError]:
    seen = set()
    out = []
    for e in errors:
        key = (e.line, e.round, e.trick, e.message)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


def report_page(path: str, refs, option_pairs=(), lenient: bool = False, allow_partial: bool = False) -> dict:
    """``bids report``: a game page for no ``-r`` or one, a comparison for two or more."""
    from ..report import pages

    refs = list(refs)
    if len(refs) <= 1:
        loaded, result = score(path, refs[0] if refs else None, option_pairs, allow_partial=allow_partial)
        return pages.game_page(str(path), loaded.ruleset, result, loaded.log.title)
    from ..analysis import variants

    d = variants.diff(path, refs, lenient=lenient, option_pairs=option_pairs)
    return pages.comparison_page(d, pages.comparison_attribution(d))
