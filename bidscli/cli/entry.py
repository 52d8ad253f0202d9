"""The ``bids`` console entry point: the commonest command line without click's start-up cost.

``bids score GAME.toml`` is what players type most, and issue 12 asks for it in
well under 0.1 s. Importing click (with the standard modules it pulls in:
inspect, typing, datetime, uuid, gettext) and building the command line is
about 30-50 ms of the 110-130 ms such a run took (docs/performance.md). So
:func:`main` runs that one form itself: ``score`` followed only by files that
exist as regular files, no option at all, standard streams that click would
write to unchanged (not ASCII). It calls the same plain function as
cli.py's ``score`` (stream.score), writes the way click.echo does (sanitised,
flushed after each write), and handles errors with the same code
(:func:`run_guarded`, which cli.guarded uses too). Every other command line,
including any option, ``--help``, a folder, a missing file and shell
completion, goes to click (cli.main) untouched.

tests/test_entry.py runs both ways on every log of the examples and the tests,
and on broken, unfinished and unreadable ones (as a user who may not read
the file), and compares the exit code,
stdout and stderr byte for byte. No click here (only cli.py imports it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

_FREEZE_REGISTERED = False


def freeze_at_exit() -> None:
    """At exit, after every other exit handler, move every object to the collector's permanent
    generation: the interpreter's teardown then skips them in its final collections instead of
    walking all the modules, classes and functions start-up made. That was about 10 ms of the
    15 ms teardown of a one-log `bids score` (issue 12: start-up; docs/performance.md). Output is
    flushed and handlers run as before; only cyclic garbage left at exit is not collected."""
    global _FREEZE_REGISTERED
    if not _FREEZE_REGISTERED:
        import atexit
        import gc

        atexit.register(gc.freeze)  # registered first, so it runs last (atexit is last-in, first-out)
        _FREEZE_REGISTERED = True


def prepare_process() -> None:
    """What every command does first (cli.main's group callback, and the fast path here)."""
    from ..files.safe import ignore_file_size_signal

    ignore_file_size_signal()  # past `ulimit -f` a write says so plainly (EFBIG) instead of killing us
    freeze_at_exit()


def run_guarded(body: Callable[[], object], fail: Callable[[str], object], passthrough: tuple = ()) -> object:
    """Run a command body; BidsError -> exit 1 with its message, never a traceback.

    ``passthrough``: exception types raised on unchanged (click's own exits, for cli.guarded)."""
    from ..core.errors import BidsError

    try:
        return body()
    except BidsError as exc:
        fail(f"error: {exc}")
        sys.exit(1)
    except (SystemExit, *passthrough):
        raise
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP during a study (study.Stopped)
        fail("interrupted")
        sys.exit(128 + getattr(exc, "signum", 2))
    except BrokenPipeError:
        sys.exit(1)
    except Exception as exc:  # a bug of ours: say so plainly, without a traceback
        if os.environ.get("BIDS_DEBUG"):
            raise
        fail(f"internal error: {type(exc).__name__}: {exc} (set BIDS_DEBUG=1 for details)")
        sys.exit(1)


def _plain_stream(stream) -> bool:
    """click.echo writes to this text stream as it is (it re-wraps a stream without an encoding or
    with an ASCII one: those go to click)."""
    import codecs

    encoding = getattr(stream, "encoding", None)
    if not encoding or getattr(stream, "errors", None) is None or not hasattr(stream, "buffer"):
        return False
    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return False


def fast_score_files(argv: Sequence[str]) -> list[str] | None:
    """The log files of ``score FILE...`` when the fast path takes this command line, else None."""
    if len(argv) < 2 or argv[0] != "score" or os.name == "nt":  # Windows: click expands ~ and globs
        return None
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return None  # shell completion (click names the variable after the script: _BIDS_COMPLETE)
    files = list(argv[1:])
    for name in files:
        if not name or name.startswith("-"):
            return None  # an option (or `--`, `-h`): click reads it
        try:
            if not os.path.isfile(name):
                return None  # a folder, a missing file, a FIFO...: click and the reader say what is wrong
        except (OSError, ValueError):
            return None
    if not (_plain_stream(sys.stdout) and _plain_stream(sys.stderr)):
        return None
    return files


def _echo(stream, text: str) -> None:
    """click.echo(text, nl=False) for sanitised text: written as it is, and flushed."""
    if text:
        stream.write(text)
    stream.flush()


def run_fast_score(files: list[str]) -> int:
    """``bids score FILE...`` with no option: what cli.score does, without click."""
    from ..core.sanitize import terminal

    prepare_process()

    def write(text: str) -> None:
        _echo(sys.stdout, terminal(text))

    def fail(message: str) -> None:
        _echo(sys.stderr, terminal(message) + "\n")

    def body() -> int:
        from ..app import stream
        from ..app.parallel import choose_jobs

        failed = stream.score(files, None, (), "table", write, fail, jobs=choose_jobs(None, len(files)))
        return 1 if failed else 0

    return run_guarded(body, fail)


def main(args: Sequence[str] | None = None, prog_name: str | None = None) -> None:
    """The ``bids`` command: the fast path for ``score FILE...``, click (cli.main) for the rest."""
    argv = sys.argv[1:] if args is None else list(args)
    if os.environ.get("BIDS_NO_FAST_PATH") != "1":  # for the tests that compare both ways
        files = fast_score_files(argv)
        if files is not None:
            sys.exit(run_fast_score(files))
    from .main import main as click_main

    click_main(args=args, prog_name=prog_name)
