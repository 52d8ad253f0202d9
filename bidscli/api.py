"""Plain functions behind the commands: load, score, validate (no click here).

These are what the CLI calls and what tests and other tools can call too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up (issue 12)
    from pathlib import Path
from typing import NamedTuple

from .engine import GameResult, replay
from .errors import (
    BidsError,
    DeckError,
    LogStructureError,
    NothingToScoreError,
    RulesetError,
    UnfinishedError,
)
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
            if is_bundled(log.ruleset):
                ruleset = load_ruleset(log.ruleset)
            else:
                from pathlib import Path

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


def read_game_log(path: str | Path, lines: bool = True) -> tuple[GameLog | None, list[BidsError]]:
    """``read_log``, but a ruleset file given where a log belongs is one plain error (as validate
    says of a ruleset found in a folder), not a list of unknown keys. ``lines=False``: read_log's."""
    log, errors = read_log(path, lines)
    # A log the reader made has players, so it is no ruleset file: only an unusable one is asked
    # (issue 12: ruleset_file parses the file again). Without lines (validate's first pass, for a
    # valid log only), the pass with lines that follows asks.
    if errors and log is None and lines:
        from .batch import ruleset_file

        if ruleset_file(str(path)):
            return None, [LogStructureError(
                "a ruleset file, not a game log: give it with -r (as in `bids score GAME.toml -r FILE`)",
                file=str(path))]
    return log, errors


def read(path: str | Path) -> GameLog:
    """Read a log; raises its first problem (a command that needs the whole log stops there)."""
    log, errors = read_game_log(path)
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
        ruleset, opts = _ruleset_and_options(log, ruleset_ref, option_pairs)
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
    from pathlib import Path

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
    """Every problem in one log (``bids validate`` collects them all).

    A valid log shows no line, so the log is first read and played without finding the line of
    each round and trick (issue 12: a tenth of reading a log), up to its first problem. Lines
    only locate errors, never decide one, so a log with a problem is read and played again with
    its lines, and every message is located as in one pass with them (an error raised is raised
    by that pass too).
    """
    try:
        valid = _valid_without_lines(path, ruleset_ref, option_pairs, allow_partial)
    except Exception:  # noqa: BLE001 - raised again by the pass with lines, located
        valid = False
    if valid:
        return []
    log, errors = read_game_log(path)
    if log is None:
        return errors
    try:
        ruleset, opts = _ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError as exc:
        if _typo_of_ruleset(errors):
            return errors
        return errors + [exc.located(file=str(path))]
    return _check(log, errors, ruleset, opts, allow_partial, explain=False)[1]  # only the errors are read


class _Found(Exception):
    """Raised by _FirstError at the first error of a replay."""


class _FirstError:
    """A collector for engine.replay that stops it at its first error: validate's pass without
    lines asks only whether there is one (an invalid log costs part of a replay there, not a
    whole one). ``found`` says so even if something on the way caught the exception."""

    found = False

    def append(self, error: BidsError) -> None:
        self.found = True
        raise _Found

    def __len__(self) -> int:  # an empty list to the replay (``if collect:``), as it is until its first error
        return 0


def _valid_without_lines(path: str | Path, ruleset_ref: str | None, option_pairs: Sequence[str],
                         allow_partial: bool) -> bool:
    """True when validate finds no problem in the log: the checks of its pass with lines (the
    reader's, the ruleset's, nothing to score, the replay's), with no line found."""
    log, errors = read_game_log(path, lines=False)
    if log is None or errors:
        return False
    try:
        ruleset, opts = _ruleset_and_options(log, ruleset_ref, option_pairs)
    except BidsError:
        return False
    if nothing_to_score(log) is not None:
        return False
    first = _FirstError()
    try:
        replay(log, ruleset, opts, collect=first, allow_partial=allow_partial, explain=False)
    except _Found:
        return False
    return not first.found


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
           allow_partial: bool, explain: bool = True) -> tuple[GameResult | None, list[BidsError]]:
    collected: list[BidsError] = []
    empty = None if read_errors else nothing_to_score(log)
    if empty is not None:
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
