"""The recorder's file: what ``bids record`` and ``bids serve`` share to open, lock and read a log.

One recorder a file (docs/files.md, "The recorder: one writer"): whoever writes a log that a
table is recording takes its lock first (:func:`lock_for`) and saves only over the very file
it last wrote or read (``write_atomic(expect=...)``, with the fingerprint :func:`read_log`
returns). The terminal's driver (``cli/recordio.py``) and the table server's sessions
(``app/table.py``) both open their games here, so both refuse the same files with the same
messages.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import BidsError, LogStructureError
from ..core.i18n import Message
from ..core.sanitize import shorten
from ..files.lock import Lock, LockBusy, lock_beside, lock_name
from ..files.refused import FileError
from ..files.safe import decode, read_own
from ..log.records import GameLog
from ..rules.ruleset import is_bundled
from .record import Recorder, RoundEntry

LANGS = ("en", "it", "es", "ja")  # the languages bidscli speaks (a served game keeps its own)
KNOB_REFUSED = ("record writes a game log, and a log holds table options only (thief=true), not knob "
                "changes like {knob}: put them in a ruleset file (see examples/house.toml) and give -r FILE")


def rounds_of(log: GameLog) -> list[RoundEntry]:
    """A read log's rounds as the recorder keeps them (trick lines as written)."""
    return [RoundEntry(rec.leader, rec.hands, rec.removed, rec.pile, [t.text for t in rec.tricks], added=False)
            for rec in log.rounds]


def meta_rounds(log: GameLog) -> int | None:
    """The game's length a recorded log keeps in ``[meta] rounds`` (None when it keeps none).

    A value that is not a whole number of rounds 1-1000 is refused, located at the file."""
    value = (log.meta or {}).get("rounds")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
        raise LogStructureError(Message("[meta] rounds = {value}: expected the number of rounds in the game, 1 to "
                                        "1000 (`bids record --rounds N` writes it)", value=shorten(repr(value), 40, escaped=True)),
                                file=log.file)
    return value


def ruleset_ref_for(out: str, ref: str, base: Path | None = None) -> str:
    """The ``ruleset`` to write into OUT: a bundled name as is, a path relative to OUT's folder."""
    if is_bundled(ref):
        return ref
    path = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
    return Path(os.path.relpath(path.resolve(), Path(out).resolve().parent)).as_posix()


def validate_or_raise(path: str, log, ruleset, options) -> None:
    """The first problem ``validate --allow-partial`` finds in a read log, raised."""
    from ..engine.replay import replay

    collected: list[BidsError] = []
    replay(log, ruleset, options, collect=collected, allow_partial=True)
    if collected:
        raise collected[0]


def lock_for(out: str) -> Lock:
    """OUT's recorder lock, taken now; refused (FileError) while another recorder holds it."""
    try:
        return lock_beside(out)
    except LockBusy as exc:
        lock = lock_name(out)
        busy = (Message("another `bids record` is recording it: one recorder a file (its lock is {lock}); quit "
                        "that one first, or record into another file", lock=lock) if exc.pid is None else
                Message("another `bids record` is recording it (process {pid}): one recorder a file (its lock is "
                        "{lock}); quit that one first, or record into another file", pid=exc.pid, lock=lock))
        raise FileError(busy, file=out) from None


def read_log(out: str):
    """OUT as it is now, read as a file the recorder will save over: (log, fingerprint)."""
    from ..log.reader import MAX_FILE_BYTES

    data, seen = read_own(out, MAX_FILE_BYTES)
    return parse_log(data, out), seen


def parse_log(data: bytes, out: str):
    """The log in ``data`` (read from ``out``), or its first problem raised."""
    from ..log.reader import read_log_text

    log, errors = read_log_text(decode(data, out), out)
    if errors:
        if log is None:  # a ruleset file given as OUT: the reader's own plain message
            from ..log.load import read

            read(out)
        raise errors[0]
    return log


def resumed(out: str, log, ruleset_ref: str | None, options: dict, rounds: int | None,
            interactive: bool, log_lang: str | None = None) -> Recorder:
    """The recorder going on with a read log (``--resume``): its players, ruleset, options and card
    words (its ``lang``; ``log_lang``, when given, must be the same: a log keeps one language)."""
    from ..core.cardwords import LANGUAGE_NAMES
    from ..log.load import resolve_ruleset

    if log_lang is not None and log_lang != log.lang:
        raise ValueError(
            Message("--log-lang {option}, but {file} is written in English card words (it has no lang): a log keeps "
                    "one language; leave out --log-lang to go on in it", option=log_lang, file=out)
            if log.lang == "en" else
            Message("--log-lang {option}, but {file} is written in {language} card words (it says lang = "
                    "\"{code}\"): a log keeps one language; leave out --log-lang to go on in it", option=log_lang,
                    file=out, language=Message(LANGUAGE_NAMES[log.lang]), code=log.lang))
    ruleset = resolve_ruleset(log, ruleset_ref)
    opts = {**log.options, **options}
    validate_or_raise(out, log, ruleset, opts)
    ref = ruleset_ref_for(out, ruleset_ref) if ruleset_ref else log.ruleset
    # --rounds on --resume changes the game's length; else the log's own (`[meta] rounds`).
    return Recorder(out, ref, ruleset, log.players, opts, rounds_of(log), interactive=interactive,
                    game_rounds=rounds or meta_rounds(log), date=log.date, title=log.title,
                    lang=meta_lang(log), log_lang=log.lang)


def meta_lang(log) -> str | None:
    """The table's language a served log keeps in ``[meta] lang`` (None when none, or not one
    bidscli speaks)."""
    value = (log.meta or {}).get("lang")
    return value if value in LANGS else None


def today():
    """The day a new game is recorded (log-format.md ``date``): the local calendar day."""
    import datetime

    return datetime.date.today()
