"""Plain functions behind the commands: load, score, validate (no click here).

These are what the CLI calls and what tests and other tools can call too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # pathlib is imported where a path is built, the analysis where it runs: not at start-up
    from pathlib import Path

    from ..analysis.variants import Diff

from ..analysis.hints import with_diff_hint
from ..core.errors import (
    BidsError,
    DeckError,
    NothingToScoreError,
    RulesetError,
    UnfinishedError,
)
from ..core.i18n import Message
from ..engine.replay import GameResult, replay
from ..log.load import Loaded, read_game_log, ruleset_and_options
from ..log.records import GameLog
from ..rules.ruleset import Ruleset, load_ruleset, parse_option_assignments


class Replayed(NamedTuple):
    """One log read once and played (``play``)."""

    loaded: Loaded
    result: GameResult | None
    errors: list[BidsError]  # every problem, in file order
    read_errors: list[BidsError]  # those the reader found (a log with one is no deal for diff to play)


def read(path: str | Path) -> tuple[GameLog, list[BidsError]]:
    """A log read once, with the problems the reader found; raises the first when it made no log."""
    log, errors = read_game_log(path)
    if log is None:
        raise errors[0]
    return log, errors


def play(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
         allow_partial: bool = False) -> Replayed:
    """Score one log and list every problem, as ``validate`` orders them (file order).

    ``score`` and ``replay`` stop at the first of these, so they stop at the same
    root cause that ``validate`` lists first. A log that cannot be read or has no
    ruleset raises its first problem.
    """
    return play_read(*read(path), ruleset_ref, option_pairs, allow_partial)


def play_read(log: GameLog, read_errors: list[BidsError], ruleset_ref: str | None = None,
              option_pairs: Sequence[str] = (), allow_partial: bool = False) -> Replayed:
    """``play`` of a log already read (``read``: the log and its reader's problems)."""
    try:
        ruleset, opts = ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError:
        if _typo_of_ruleset(read_errors):  # 'rulset = ...': the typo is the root cause
            raise read_errors[0] from None
        raise
    result, errors = _check(log, read_errors, ruleset, opts, allow_partial)
    return Replayed(Loaded(log, ruleset, opts), result, errors, read_errors)


def score(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
          allow_partial: bool = False) -> tuple[Loaded, GameResult]:
    """Score one log; raises the first error (``bids score`` stops at the first).

    An unfinished game is an error unless ``allow_partial`` (cli.md 'Unfinished games').
    """
    return score_read(*read(path), ruleset_ref, option_pairs, allow_partial)


def score_read(log: GameLog, read_errors: list[BidsError], ruleset_ref: str | None = None,
               option_pairs: Sequence[str] = (), allow_partial: bool = False) -> tuple[Loaded, GameResult]:
    """``score`` of a log already read (``read``)."""
    replayed = play_read(log, read_errors, ruleset_ref, option_pairs, allow_partial)
    if replayed.errors:
        raise first_error(replayed, ruleset_ref, option_pairs)
    assert replayed.result is not None  # a game that could not be played has an error
    return replayed.loaded, replayed.result


def first_error(replayed: Replayed, ruleset_ref: str | None, option_pairs: Sequence[str] = ()) -> BidsError:
    """The error a command that stops at the first shows: with the diff hint when the rules
    refused the log (an unfinished game or an empty log is no matter of rules, and a log the
    reader found a problem in is no deal for diff to play)."""
    exc = replayed.errors[0]
    if isinstance(exc, (UnfinishedError, NothingToScoreError)) or replayed.read_errors:
        return exc
    return with_diff_hint(exc, replayed.loaded.log, replayed.loaded.ruleset, ruleset_ref, option_pairs)


def _refuse_unfinished(log: GameLog, read_errors: list[BidsError], ruleset_ref: str | None,
                       option_pairs: Sequence[str], lenient_deck: bool) -> list[BidsError] | None:
    """cli.md 'Unfinished games': every command that reports a result refuses an unfinished game
    unless --allow-partial, with the message ``score`` gives. Raises that UnfinishedError when it
    is the root cause (the first problem, as ``score`` stops at; after deck problems only, when
    ``--lenient-deck`` forgives those). Any other problem is left to the command, which reports
    it its own way. Returns what the replay under that ruleset collected, in the engine's order
    (None when the ruleset could not be had: the command says so its own way)."""
    try:
        ruleset, opts = ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError:
        return None
    _, collected, errors = _replay_checked(log, read_errors, ruleset, opts, allow_partial=False)
    for exc in errors:
        if isinstance(exc, UnfinishedError):
            raise exc
        if not (lenient_deck and isinstance(exc, DeckError)):
            break
    return collected


def loaded_rulesets(ruleset_refs: Sequence[str], option_pairs: Sequence[str] = ()
                    ) -> tuple[list[Ruleset], list[str], dict[str, bool]]:
    """The rulesets of ``-r`` with the ``-o`` knobs applied, their labels (``plan.ruleset_labels``)
    and the ``-o`` table options."""
    from ..analysis.plan import ruleset_labels

    options, knob_overrides = parse_option_assignments(list(option_pairs))
    rulesets = [load_ruleset(r) for r in ruleset_refs]
    if knob_overrides:
        rulesets = [r.with_knobs(knob_overrides) for r in rulesets]
    return rulesets, ruleset_labels(rulesets, ruleset_refs), options


def diff(path: str | Path, ruleset_refs: Sequence[str], option_pairs: Sequence[str] = (), *,
         lenient: bool = False, allow_partial: bool = False) -> Diff:
    """``bids diff``: the same deal under several rulesets. The log is read once; unless
    ``allow_partial``, an unfinished game is refused (cli.md) on that same log, under the first
    ruleset. That check replays the log only when the first ruleset's play of the deal does not
    say the game is complete (a partial round, a ruleset or deal refused, ``lenient``)."""
    from ..analysis import variants

    if len(ruleset_refs) < 2:
        raise RulesetError(Message("diff needs at least two rulesets: -r A -r B"))
    log, read_errors = read(path)
    if read_errors:
        if not allow_partial:
            _refuse_unfinished(log, read_errors, ruleset_refs[0], option_pairs, lenient)
        raise read_errors[0]
    try:
        rulesets, labels, options = loaded_rulesets(ruleset_refs, option_pairs)
        d = variants.diff(log, rulesets, labels, options, lenient=lenient)
    except BidsError:
        if not allow_partial:  # unfinished is the root cause when it comes first
            _refuse_unfinished(log, [], ruleset_refs[0], option_pairs, lenient)
        raise
    first = d.outcomes[0]
    if not allow_partial and (lenient or not first.determined or first.result.stopped_at is not None):
        _refuse_unfinished(log, [], ruleset_refs[0], option_pairs, lenient)
    return d


def disputes(path: str | Path, ruleset_ref: str | None = None, knob_args: Sequence[str] = (),
             option_pairs: Sequence[str] = (), *, lenient: bool = False, allow_partial: bool = False,
             progress: Callable[[int, int, int], None] | None = None) -> dict:
    """``bids disputes``: which rule decided this game, as a JSON-ready dict. The log is read once
    and replayed once under its base ruleset for both checks: an unfinished game refused unless
    ``allow_partial`` (cli.md), and, without ``lenient``, a log not valid under its base ruleset
    stops at its first problem, as ``bids score`` would (with the diff hint)."""
    from ..analysis.disputes import disputes as search

    log, read_errors = read(path)
    if read_errors:
        if not allow_partial:
            _refuse_unfinished(log, read_errors, ruleset_ref, option_pairs, lenient)
        raise read_errors[0]
    base, options = ruleset_and_options(log, ruleset_ref, option_pairs)
    if not lenient:
        if allow_partial:
            _, problems, _ = _replay_checked(log, [], base, options, allow_partial=True)
        else:
            problems = _refuse_unfinished(log, [], ruleset_ref, option_pairs, lenient) or []
            # The same replay without --allow-partial: the unfinished game's note is the one more.
            problems = [e for e in problems if not isinstance(e, UnfinishedError)]
        if problems:
            raise with_diff_hint(problems[0], log, base, ruleset_ref, option_pairs)
    elif not allow_partial:
        _refuse_unfinished(log, [], ruleset_ref, option_pairs, lenient)
    return search(log, base, options, knob_args, lenient=lenient, progress=progress)


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
    why = (Message("nothing to score: no trick has been played yet (rounds = [])") if not log.rounds else
           Message("nothing to score: no trick has been played yet (every round has tricks = [])"))
    return NothingToScoreError(why, file=log.file,
                           line=log.rounds[0].line if log.rounds else None)


def _check(log: GameLog, read_errors: list[BidsError], ruleset: Ruleset, opts: dict,
           allow_partial: bool, explain: bool = True,
           empty_ok: bool = False) -> tuple[GameResult | None, list[BidsError]]:
    """``empty_ok``: a log with no trick at all is no error (validate --allow-partial)."""
    result, _, merged = _replay_checked(log, read_errors, ruleset, opts, allow_partial, explain, empty_ok)
    return result, merged


def _replay_checked(log: GameLog, read_errors: list[BidsError], ruleset: Ruleset, opts: dict,
                    allow_partial: bool, explain: bool = True,
                    empty_ok: bool = False) -> tuple[GameResult | None, list[BidsError], list[BidsError]]:
    """The log replayed with every problem collected: (result, what the replay said in its order,
    every problem in file order)."""
    collected: list[BidsError] = []
    said: list[BidsError] = []
    empty = None if read_errors else nothing_to_score(log)
    if empty is not None:
        if not empty_ok:
            collected.append(empty)
        allow_partial = True  # the deal is still checked; "unfinished" would say the same again
    result = replay(log, ruleset, opts, collect=said, allow_partial=allow_partial, explain=explain)
    collected += said
    if not read_errors and not collected:
        return result, said, []
    # In file order, as a reader goes through the log (file-level problems first).
    merged = _dedupe(read_errors + collected)
    merged.sort(key=lambda e: (e.line or 0, e.round or 0, e.trick or 0))
    return result, said, merged


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
    d = diff(path, refs, option_pairs, lenient=lenient, allow_partial=allow_partial)
    return pages.comparison_page(d, pages.comparison_attribution(d))
