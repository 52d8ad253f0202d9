"""A log and its ruleset, read: what every command plays (``-r`` wins over the log's ``ruleset``).

The log reader (``reader.py``) knows no ruleset; this module joins the two, so that the
analysis and the commands read a game one way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..core.errors import BidsError, LogStructureError, RulesetError
from ..core.i18n import Message
from ..core.sanitize import quoted
from ..files.bounds import check_toml
from ..files.safe import read_text
from ..files.tomlread import loads
from ..rules.knobs import SECTIONS
from ..rules.ruleset import (
    MAX_RULESET_BYTES,
    Ruleset,
    is_bundled,
    load_ruleset,
    parse_option_assignments,
)
from .reader import read_log
from .records import GameLog

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up
    from pathlib import Path


class Loaded(NamedTuple):
    log: GameLog
    ruleset: Ruleset
    options: dict[str, bool]


def resolve_ruleset(log: GameLog, ruleset_ref: str | None, knob_overrides: Mapping[str, object] | None = None) -> Ruleset:
    """``-r`` wins over the log's ``ruleset``; neither is an error, never a silent default."""
    if ruleset_ref is not None:
        ruleset = load_ruleset(ruleset_ref)
    elif log.ruleset is not None:
        try:
            if is_bundled(log.ruleset):
                ruleset = load_ruleset(log.ruleset)
            else:
                from pathlib import Path

                path = Path(log.file).parent / log.ruleset
                if _same_file(path, log.file):
                    raise RulesetError(Message("ruleset '{ruleset}' is this log itself: expected a bundled name "
                                               "(italian, english, spanish, japanese) or a ruleset file",
                                               ruleset=quoted(log.ruleset)), file=log.file, line=log.ruleset_line)
                ruleset = load_ruleset(log.ruleset, base_dir=Path(log.file).parent)
        except BidsError as exc:
            if exc.file is not None and exc.file != log.file:
                # A broken ruleset file is reported at the log that names it too ("g1.toml:2: ruleset
                # house.toml:3: ..."), so that validating a folder of such logs names each log.
                # TRANSLATORS: {error} is the ruleset file's error, with its place ("house.toml:3: ...").
                raise RulesetError(Message("ruleset {error}", error=exc.kept()), file=log.file,
                                   line=log.ruleset_line) from None
            raise exc.located(file=log.file, line=log.ruleset_line)
    else:
        raise RulesetError(Message(
            "no ruleset: the log names none and no -r was given (expected -r italian, english, spanish, japanese or "
            "a path to a ruleset file)"), file=log.file)
    if knob_overrides:
        ruleset = ruleset.with_knobs(knob_overrides)
    return ruleset


def _same_file(a: str | Path, b: str) -> bool:
    import os

    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # not there, a name too long: not the same file
        return False


def read_game_log(path: str | Path) -> tuple[GameLog | None, list[BidsError]]:
    """``read_log``, but a ruleset file given where a log belongs is one plain error (as validate
    says of a ruleset found in a folder), not a list of unknown keys."""
    log, errors = read_log(path)
    # A log the reader made has players, so it is no ruleset file: only an unusable one is asked
    # (ruleset_file would parse the file again).
    if errors and log is None and ruleset_file(str(path)):
        return None, [LogStructureError(Message(
            "a ruleset file, not a game log: give it with -r (as in `bids score GAME.toml -r FILE`)"),
            file=str(path))]
    return log, errors


def read(path: str | Path) -> GameLog:
    """Read a log; raises its first problem (a command that needs the whole log stops there)."""
    log, errors = read_game_log(path)
    if errors:
        raise errors[0]
    assert log is not None, "the reader gives no log only with an error"
    return log


def ruleset_and_options(log: GameLog, ruleset_ref: str | None, option_pairs: Sequence[str]) -> tuple[Ruleset, dict[str, bool]]:
    """The ruleset with ``-o`` knob overrides, and the log's table options with ``-o`` ones on top."""
    options, knobs = parse_option_assignments(list(option_pairs))
    ruleset = resolve_ruleset(log, ruleset_ref, knobs)
    return ruleset, {**log.options, **options}


def load(path: str | Path, ruleset_ref: str | None = None, option_pairs: Sequence[str] = ()) -> Loaded:
    """Read a log and its ruleset; raises the first problem found."""
    log = read(path)
    return Loaded(log, *ruleset_and_options(log, ruleset_ref, option_pairs))



def ruleset_file(path: str) -> bool:
    """A TOML file that is a ruleset, not a game log: no players or rounds, but extends or knob sections."""
    try:  # the input policy (a FIFO or a device is not read) and the bounds (checked before parsing)
        text = read_text(path, MAX_RULESET_BYTES, "ruleset")
        if check_toml(text, "ruleset") is not None:
            return False
        data = loads(text)  # as rules.py reads a ruleset
    except (BidsError, ValueError, RecursionError, MemoryError):
        return False
    return ("players" not in data and "rounds" not in data
            and ("extends" in data or any(isinstance(data.get(s), dict) for s in SECTIONS)))
