"""Worker processes that end with their command: the one pool of every command with ``--jobs``
(``score``, ``validate``, ``season`` through ``app.parallel``, ``study`` through ``sim.study``).

The contract (docs/files.md, "Worker processes"):

- SIGINT, SIGTERM and SIGHUP to the parent alone end the command and its workers: the workers
  are terminated at once (not after the task in hand), none is left running, and the command
  raises :class:`Stopped` (a ``KeyboardInterrupt``), which the CLI turns into ``interrupted``
  and exit status 128 + the signal's number. The default action of SIGTERM and SIGHUP would
  kill the parent alone and orphan the workers.
- A signal is raised where it comes, except inside the pool's own calls (a submit, a wait):
  there it is recorded and raised as soon as the call returns, so that it never leaves the
  pool's locks half taken (its shutdown then waited forever). Waits poll every ``POLL``
  seconds for that reason.
- The workers ignore SIGINT and SIGHUP: a Ctrl-C or a closed terminal reaches the whole
  process group, and the parent ends them. SIGTERM keeps its default action in a worker.
- Leaving the pool by any exception (a stop, an error, a caller that stopped reading) ends
  the workers at once; leaving it normally waits for them to finish.
- A parent that ends without a word (SIGKILL, a crash) cannot end its workers: each worker
  looks every ``PARENT_POLL`` seconds whether its parent is still the one that started it, and
  ends itself when it is not (the pipes do not tell it: every forked worker holds their ends).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.process import BaseProcess
    from types import FrameType, TracebackType

    # A signal's handler, as signal.signal takes and gives it back (typeshed's signal._HANDLER).
    Handler = Callable[[int, FrameType | None], Any] | int | None

T = TypeVar("T")

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
POLL = 0.1  # seconds between looks for a stop request while the parent waits for its workers
PARENT_POLL = 1.0  # seconds between a worker's looks for its parent


class Stopped(KeyboardInterrupt):
    """A signal asked a command to stop: one with workers (here), or the recorder at SIGTERM or
    SIGHUP (``cli.recordio.stop_on_signals``); it ends like Ctrl-C, and the CLI exits 128 + ``signum``."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _worker_start(parent: int) -> None:
    """In each worker: leave Ctrl-C and a hang-up to the parent, die at SIGTERM (the parent's
    recording handlers are inherited by fork: back to the default), and end when the parent is
    gone. ``parent``: the parent's process id, taken before the worker started (by the time a
    worker asks, its parent may be gone already)."""
    import signal
    import threading

    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is not None:
            signal.signal(signum, signal.SIG_DFL if name == "SIGTERM" else signal.SIG_IGN)
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    """A worker's watch: once its parent has ended (the worker is adopted by another process),
    end at once, whatever task is in hand; nobody is left to read its result."""
    import os
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


class Workers:
    """``jobs`` worker processes (a ``concurrent.futures.ProcessPoolExecutor``, forked where the
    system can) that end with the command, as the module's contract says. Use it as a context
    manager; ``submit`` a task, then ``result`` (one future) or ``wait_any`` (several)."""

    _pool: ProcessPoolExecutor  # from __enter__ on

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.signum: int | None = None  # the stop request, when one came during the pool's calls
        self._inside = 0  # > 0 while the pool's own code runs: a signal is only recorded there
        self._old: dict[int, Handler] = {}
        self._before: set[BaseProcess] = set()

    # -- the pool -------------------------------------------------------------------------
    def __enter__(self) -> Workers:
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor

        self._before = set(multiprocessing.active_children())
        self._catch_signals()
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx, initializer=_worker_start,
                                         initargs=(os.getpid(),))
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            self._inside += 1
            if exc_type is not None:
                self.end_workers()  # now: what they would still do is not wanted
            self._pool.shutdown(wait=True, cancel_futures=True)
        finally:
            self._inside -= 1
            self._restore_signals()
        if exc_type is None and self.signum is not None:
            raise Stopped(self.signum)  # a signal that came while the pool shut down

    def submit(self, func: Callable[..., T], *args: Any) -> Future[T]:
        self._inside += 1
        try:
            return self._pool.submit(func, *args)
        finally:
            self._inside -= 1
            self.check()

    def result(self, future: Future[T]) -> T:
        """The future's result, waiting for it (a stop request raises :class:`Stopped`)."""
        self.wait_any((future,))
        return future.result()

    def wait_any(self, futures: Iterable[Future[T]]) -> set[Future[T]]:
        """The futures that are done, waiting until at least one is."""
        from concurrent.futures import FIRST_COMPLETED, wait

        while True:
            self._inside += 1
            try:
                done, _ = wait(futures, timeout=POLL, return_when=FIRST_COMPLETED)
            finally:
                self._inside -= 1
            self.check()
            if done:
                return done

    def check(self) -> None:
        """Raise :class:`Stopped` if a signal asked to stop while the pool's own code ran."""
        if self.signum is not None and not self._inside:
            self.end_workers()
            raise Stopped(self.signum)

    def end_workers(self) -> None:
        """Terminate the workers at once and wait for them (they hold nothing worth keeping: each
        task is done again by whoever runs the command again)."""
        import multiprocessing

        self._inside += 1  # a second signal meanwhile is only recorded: they are being ended
        try:
            mine = [p for p in multiprocessing.active_children() if p not in self._before]
            for proc in mine:
                try:
                    proc.terminate()
                except (OSError, AttributeError):
                    pass
            for proc in mine:
                try:
                    proc.join(5)
                except (OSError, AssertionError):
                    pass
            # A worker ended while it sent a result leaves half a message in the results pipe, and
            # the pool's thread would wait forever for the rest (its shutdown, and Python's exit,
            # with it). With no worker left, closing this process's own end for writing makes it
            # read the end of the pipe instead: the pool then counts as broken and shuts down.
            # The pool has no public way to do this: ProcessPoolExecutor offers shutdown (which
            # waits for that thread) and, from Python 3.14, terminate_workers and kill_workers,
            # which end the workers as above but leave the half message in the pipe all the same;
            # multiprocessing's public Queue and Pool do not reach the executor's pipe. So its
            # private result queue is read here, through getattr: a Python without it leaves the
            # pipe as it is (the old hang) rather than failing.
            writer = getattr(getattr(self._pool, "_result_queue", None), "_writer", None)
            if mine and writer is not None:
                writer.close()
        finally:
            self._inside -= 1

    # -- the parent's signals -------------------------------------------------------------
    def _catch_signals(self) -> None:
        import signal
        import threading

        if threading.current_thread() is not threading.main_thread():
            return  # only the main thread sets handlers (a caller's thread keeps the defaults)
        for name in STOP_SIGNALS:
            signum = getattr(signal, name, None)
            if signum is None or signal.getsignal(signum) is None:  # not Python's to restore
                continue
            self._old[signum] = signal.signal(signum, self._on_signal)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.signum = signum
        if not self._inside:
            self._restore_signals()  # a second signal acts as it would without workers
            self.end_workers()
            raise Stopped(signum)

    def _restore_signals(self) -> None:
        import signal

        for signum, handler in self._old.items():
            signal.signal(signum, handler)
        self._old = {}
