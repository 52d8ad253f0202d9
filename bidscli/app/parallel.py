"""Worker processes for `score`, `validate` and `season` over many logs (``--jobs N``), output in argument order.

Each task is one log; a worker returns that log's finished output, and the
parent yields the results in the order of the arguments (``imap`` keeps it), so
what is printed is byte-identical to ``--jobs 1``. Chunks of several logs per
task keep the inter-process traffic small; at most ``IN_FLIGHT`` chunks a worker are
out at once, so memory stays flat however slowly the output is read.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator

from ..core.i18n import Message, PluralMessage

# The default --jobs is automatic, from whole-process measurements on the project's 2-core
# machine (docs/performance.md, bench/bench_cli.py): forking the workers costs about 50 ms, so
# --jobs 2 was slower than one process up to about 32 six-player logs, even at about 50, and
# faster from 64 (0.84x the time) and 128 (0.79x); smaller logs need more of them to pay.
# So one process below AUTO_MIN_LOGS logs, and above it one worker per PER_WORKER logs, at most
# one per usable core. On a 2-core machine whose cores are busy it gains little and costs a
# little CPU (10-30% for forking and passing results); --jobs 1 turns it off.
AUTO_MIN_LOGS = 100
PER_WORKER = 50
# Chunks handed to each worker and not yet taken by the caller: two keep a worker busy (one in
# hand, one waiting) while the caller writes; more would only hold more finished output.
IN_FLIGHT = 2
# Items in a chunk: at first, and at most (see _chunks).
CHUNK = 16
MAX_CHUNK = 64


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def auto_jobs(count: int) -> int:
    """The default --jobs for ``count`` logs: 1 below AUTO_MIN_LOGS, else a worker per PER_WORKER logs, at most one per core."""
    if count < AUTO_MIN_LOGS:
        return 1
    return max(1, min(cores(), count // PER_WORKER))


def choose_jobs(jobs: int | None, count: int) -> int:
    """``--jobs`` as given (0: every core), :func:`auto_jobs` when not given; never more than the
    logs, nor than the cores (more workers than cores only cost memory: see :func:`jobs_note`)."""
    if jobs is None:
        return auto_jobs(count)
    if jobs == 0:
        jobs = cores()
    return max(1, min(jobs, count, cores()))


def jobs_note(jobs: int | None) -> Message | None:
    """What to tell a user whose ``--jobs`` asks for more workers than the machine has cores."""
    n = cores()
    if jobs is not None and jobs > n:
        return PluralMessage("note: --jobs {jobs}: this machine has {n} core, so {n} worker at most",
                             "note: --jobs {jobs}: this machine has {n} cores, so {n} workers at most", n, jobs=jobs)
    return None


def head_for_auto() -> int:
    """How many items to look at before choosing the default --jobs for a stream of unknown length."""
    return max(AUTO_MIN_LOGS, cores() * PER_WORKER)


def map_logs(func: Callable, items: Iterable, extra: tuple, jobs: int | None, *,
             max_chunk: int = MAX_CHUNK) -> Iterator:
    """``func(item, *extra)`` for every log of ``items``, in order: the one map over many logs of
    ``score``, ``validate`` and ``season``. ``jobs`` 1: in this process; more: in that many worker
    processes (:func:`map_ordered`); None: as many as ``--jobs``'s default gives
    (:func:`auto_jobs`), chosen from the first items (a folder is not walked twice)."""
    if jobs is None:
        from itertools import chain, islice

        head = list(islice(items, head_for_auto()))  # paths only: nothing is read yet
        jobs = auto_jobs(len(head))
        items = chain(head, items)
    if jobs > 1:
        yield from map_ordered(func, items, extra, jobs, max_chunk=max_chunk)
        return
    for item in items:  # a replayed game holds no reference cycle: each log's objects die as it is done
        yield func(item, *extra)


def _run_chunk(args):
    """A chunk's results, and the files read for them (the command never writes over one:
    files.reads.command_reads; a worker's reads are its command's)."""
    from ..files.reads import READS, reads_since

    func, items, extra = args
    mark = len(READS.order)
    return [func(item, *extra) for item in items], reads_since(mark)


def map_ordered(func: Callable, items: Iterable, extra: tuple, jobs: int, chunk: int = CHUNK,
                max_chunk: int = MAX_CHUNK) -> Iterator:
    """``func(item, *extra)`` for every item, in worker processes, yielded in order.

    Items go out in chunks of ``chunk``, growing to ``max_chunk`` as the run goes on (see
    ``_chunks``). A caller whose results are large (JSON: about 90 KB a log) keeps
    ``max_chunk`` small: what is in flight is what is held.

    At most ``IN_FLIGHT`` chunks a worker are handed out and not yet taken by the caller: a
    new chunk goes out only when the caller takes the results of the oldest one. That keeps
    memory flat when the output is slower than the workers (``bids score --format json ... |
    less``): ``Pool.imap`` fed every chunk and held every finished result, about 270 MiB for
    3,000 logs' JSON while a pager waited.

    The workers end with the command (``core.workers``): a signal, an error, or a caller that
    stops reading ends them at once."""
    from collections import deque

    from ..core.workers import Workers
    from ..files.reads import note_reads

    tasks = _chunks(func, items, extra, chunk, max_chunk)
    with Workers(jobs) as pool:
        pending: deque = deque()
        for task in tasks:
            pending.append(pool.submit(_run_chunk, task))
            if len(pending) == IN_FLIGHT * jobs:
                break
        while pending:
            results, reads = pool.result(pending.popleft())
            note_reads(reads)
            more = next(tasks, None)  # keep the workers busy while the caller writes these
            if more is not None:
                pending.append(pool.submit(_run_chunk, more))
            yield from results


def _chunks(func: Callable, items: Iterable, extra: tuple, chunk: int, max_chunk: int) -> Iterator[tuple]:
    """The tasks: ``(func, a list of items, extra)``, items read only as they are needed.

    A chunk holds ``chunk`` items, or a sixteenth of the items sent so far if that is more, up
    to ``max_chunk``. Each chunk costs the parent about a millisecond of CPU (pickling, and the
    pool's threads waking), which its two cores share with the workers: 625 chunks of 16 were
    0.9-1.1 s of a 10,000-log validate's parent, 157 of 64 0.4 s. Growing only with
    the work done keeps small batches in small chunks, where a big last chunk would leave one
    worker idle while the other finishes it: the wait at the end is at most about a sixteenth
    of what came before."""
    batch: list = []
    size = chunk
    sent = 0
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield (func, batch, extra)
            sent += size
            size = min(max_chunk, max(chunk, sent // 16))
            batch = []
    if batch:
        yield (func, batch, extra)


def prepare_gc() -> None:
    """Move what start-up built (modules, rulesets) out of the collector's way.

    Each log's objects die by reference counting as soon as its output is written;
    the collector then only walks the young objects of the log in hand instead of
    every result kept so far (full passes were a third of a CSV run)."""
    import gc

    gc.collect()
    gc.freeze()
