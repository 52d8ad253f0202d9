"""`bids score` over many logs, one log at a time: flat memory, only what is printed.

Each log is read, scored and turned into exactly what the chosen format prints
(a table, CSV rows or a JSON document), written, and dropped before the next
log is read. Nothing here imports click; ``write`` and ``warn`` are given.

* table: the tables, separated by a blank line (what ``"\\n\\n".join`` gave).
* csv: the header names ``round1..roundN`` for the largest round count of all
  the logs, which is known only at the end, and a log with fewer rounds pads
  its rows with empty cells before ``bonus``. So the rows are kept, as CSV
  text with a pad marker, in a spooled temporary file (in memory up to 1 MiB,
  then on disk), and written after the header at the end: memory stays flat
  whatever the number of logs.
* json: one document for one log, else a list written item by item (render.JsonListWriter),
  byte-identical to ``json.dumps(docs, indent=2, ensure_ascii=False)``.

``--jobs N`` (``jobs > 1``) scores logs in worker processes: each worker turns a
log into its finished output text, and the parent writes them in argument order,
so the output is the same bytes as with ``--jobs 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..core.errors import BidsError
from ..core.i18n import Message
from ..core.sanitize import path_text
from .parallel import prepare_gc

PAD = "\x00"  # where a log's CSV rows take their padding cells (no path holds a NUL byte)
# CSV rows wait for the header (its round count) in memory up to this size, then in a temporary
# file. Small: an io.StringIO holding wide text takes up to 4 bytes a character, so a 1 MiB
# spool grew the peak by about 3 MiB once 3,000 logs' rows rolled over (memory flat).
SPOOL_BYTES = 64 << 10


class Item(NamedTuple):
    """What one log gives: its output text for the format, or its error."""

    text: str = ""
    rounds: int = 0
    error: str | None = None  # the message for stderr; text then holds the JSON error document, if any
    skipped: str | None = None  # a ruleset file found in a folder: not a log, said on stderr (as validate skips it)
    listed: bytes = b""  # JSON as an item of the printed list (render.list_item_json), instead of text


def score_item(path: str, ruleset_ref: str | None, option_pairs: Sequence[str], fmt: str,
               allow_partial: bool = False, listed: bool = False) -> Item:
    """Score one log and render it for ``fmt`` (table, csv, json); errors become an Item too.

    ``listed``: JSON in its shape as an item of the printed list (``render.list_item_json``)."""
    from ..report import render as report
    from . import api

    try:
        loaded, result = api.score(path, ruleset_ref, option_pairs, allow_partial)
    except BidsError as exc:
        from ..log.load import ruleset_file
        from .batch import WalkedPath

        exc.kept()  # (BidsError.kept: no reference cycle)

        if isinstance(path, WalkedPath) and ruleset_file(path):
            return Item(skipped=Message("{path}: skipped: {reason}", path=path_text(path),
                                        reason=Message("a ruleset file, not a game log")).text())
        error = Message("error: {message}", message=exc).text()
        if fmt != "json":
            return Item(error=error)
        doc = {"file": path, "error": exc.to_json()}
        if listed:
            return Item(error=error, listed=report.list_item_json(doc))
        return Item(report.dumps_plain(doc), error=error)
    rs = loaded.ruleset
    if fmt == "json":
        doc = report.result_json(path, rs, result)
        return Item(listed=report.list_item_json(doc)) if listed else Item(report.dumps_plain(doc))
    if fmt == "csv":
        return Item(report.score_csv_rows(path, rs, result, PAD), len(result.rounds))
    return Item(report.score_table(path, rs, result))


def _items(paths, ruleset_ref, option_pairs, fmt, jobs, allow_partial=False, listed=False) -> Iterator[Item]:
    from .parallel import MAX_CHUNK, map_logs

    # A log's JSON is about 90 KB: chunks of at most 16, so that what is in flight stays small.
    return map_logs(score_item, paths, (ruleset_ref, tuple(option_pairs), fmt, allow_partial, listed),
                    jobs if len(paths) > 1 else 1, max_chunk=16 if fmt == "json" else MAX_CHUNK)


def score(paths: Sequence[str], ruleset_ref: str | None, option_pairs: Sequence[str], fmt: str,
          write: Callable[[str | bytes], object], warn: Callable[[str], object], jobs: int = 1,
          allow_partial: bool = False, single: bool | None = None) -> bool:
    """Write the scores of ``paths`` in ``fmt``; warn about each log that fails. True if any failed.

    ``single``: JSON is one document, not a list (default: one path; a folder of one log is a list)."""
    if len(paths) > 1:  # one log: nothing to gain from a full collection (a few ms of start-up)
        prepare_gc()
    if fmt == "csv":
        return _score_csv(_items(paths, ruleset_ref, option_pairs, fmt, jobs, allow_partial), write, warn)
    failed = False
    listed = None
    if single is None:
        single = len(paths) == 1
    if fmt == "json" and not single:
        from ..report.render import JsonListWriter

        listed = JsonListWriter(write)
    count = 0
    for item in _items(paths, ruleset_ref, option_pairs, fmt, jobs, allow_partial, listed is not None):
        if item.skipped is not None:
            warn(item.skipped)
            continue
        if item.error is not None:
            failed = True
            warn(item.error)
            if fmt != "json":
                continue
        if listed is not None:
            listed.shaped(item.listed)  # made in its printed shape where it was scored
        else:
            write("\n\n" + item.text if count else item.text)  # tables: a blank line between logs
        count += 1
    if listed is not None:
        listed.close()
    elif fmt == "json" or count:  # nothing at all on stdout when no log could be scored
        write("\n")
    return failed


def _score_csv(items: Iterator[Item], write, warn) -> bool:
    import tempfile

    from ..report.render import CSV_PARTIAL, csv_partial_cells, score_csv_header

    failed = False
    most = 0
    partial = False  # an unfinished game was scored: the 'partial' column is there
    with tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES, mode="w+", encoding="utf-8",
                                       errors="surrogateescape", newline="") as spool:
        for item in items:
            if item.skipped is not None:
                warn(item.skipped)
                continue
            if item.error is not None:
                failed = True
                warn(item.error)
                continue
            most = max(most, item.rounds)
            partial = partial or CSV_PARTIAL in item.text
            spool.write(f"{item.rounds} {len(item.text)}\n{item.text}")
        write(score_csv_header(most, partial))
        spool.seek(0)
        while line := spool.readline():
            rounds, size = map(int, line.split())
            text = spool.read(size)
            write(csv_partial_cells(text.replace(PAD, "," * (most - rounds)), partial))
    return failed
