"""Worker processes for `score` and `validate` over many logs (``--jobs N``), output in argument order.

Each task is one log; a worker returns that log's finished output, and the
parent yields the results in the order of the arguments (``imap`` keeps it), so
what is printed is byte-identical to ``--jobs 1``. Chunks of several logs per
task keep the inter-process traffic small; at most a few chunks are in flight,
so memory stays flat.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator

# The default --jobs. Measured on the shared 2-core machine (docs/performance.md): --jobs 2
# cost 10-30% more CPU than --jobs 1 (forking, passing results) and, with the cores already
# busy, gave no wall-time gain at 30, 100 or 300 logs, so one process stays the default.
# On an idle multi-core machine, --jobs 0 (every core) pays for a few hundred logs and up.
DEFAULT_JOBS = 1


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def choose_jobs(jobs: int | None, count: int) -> int:
    """``--jobs`` as given (0: every core), DEFAULT_JOBS when not given; never more than the logs."""
    if jobs is None:
        jobs = DEFAULT_JOBS
    if jobs == 0:
        jobs = cores()
    return max(1, min(jobs, count))


def _run(args):
    func, item, extra = args
    return func(item, *extra)


def _run_chunk(args):
    func, items, extra = args
    return [func(item, *extra) for item in items]


def map_ordered(func: Callable, items: Iterable, extra: tuple, jobs: int, chunk: int = 16) -> Iterator:
    """``func(item, *extra)`` for every item, in worker processes, yielded in order."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    batch: list = []

    def chunks():
        nonlocal batch
        for item in items:
            batch.append(item)
            if len(batch) == chunk:
                yield (func, batch, extra)
                batch = []
        if batch:
            yield (func, batch, extra)

    with ctx.Pool(jobs) as pool:
        for results in pool.imap(_run_chunk, chunks()):
            yield from results
