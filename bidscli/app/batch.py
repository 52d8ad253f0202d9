"""Validating many logs at once (``bids validate DIR_OR_FILES...``).

Plain functions and generators, no click: the CLI only wires them up.

* ``iter_log_paths`` expands the arguments: a file stays as given; a folder is
  walked recursively for ``*.toml`` files (hidden folders and files, whose
  names start with ``.``, are skipped), in sorted order, so the same tree
  always gives the same order. A folder that cannot be listed, or that holds
  no log, becomes an entry with its own error instead of stopping the run.
* ``validate_paths`` validates one path at a time and yields a ``FileResult``
  per path; nothing is kept, so memory stays flat for 10,000 logs.
* ``ValidateSummary`` counts files, valid, invalid and errors as results go by.
* ``Progress`` draws a one-line progress bar on a stream (stderr); ``bids study``'s too.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, NamedTuple

from ..core.errors import BidsError, LogStructureError, RulesetError
from ..core.i18n import N_, NOTED, Grouped, Message, PluralMessage
from ..core.sanitize import path_text
from ..files.refused import Reason, file_noun
from ..log.load import ruleset_file
from ..report.render import JsonListWriter  # noqa: F401 - validate's JSON list (cli)

LOG_SUFFIX = ".toml"


class FileResult(NamedTuple):
    path: str
    errors: list  # of BidsError
    skipped: Message | None = None  # why a file found in a folder was not validated (a ruleset)
    empty_folder: bool = False  # a folder argument that holds no log: an error, but not a file
    outside: bool = False  # a link to a folder outside the tree walked: not followed, not an error

    @property
    def valid(self) -> bool:
        return not self.errors


class WalkedPath(str):
    """A path found by walking a folder (not named on the command line)."""


class PathProblem(NamedTuple):
    """A folder argument that could not be walked, or held no log; or (``error`` None) a link to
    a folder outside the tree, which a walk does not follow."""

    path: str
    error: BidsError | None
    empty_folder: bool = False


def _inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def _walk(folder: str, seen: set, root: str) -> Iterator[str | PathProblem]:
    """Every ``*.toml`` under ``folder``, sorted, depth first; errors as PathProblem.

    A link to a folder is followed only when the folder it names is inside ``root`` (the real
    path of the folder argument): a walk never leaves the tree it was given (docs/files.md)."""
    try:
        key = os.path.realpath(folder)
    except (OSError, ValueError):
        key = folder
    if key in seen:
        return  # a symlink loop, or a folder reached twice: walk it once
    seen.add(key)
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        yield PathProblem(folder, LogStructureError(Message("cannot list folder: {reason}", reason=Reason(None, exc.strerror
                                                                                                   or str(exc))),
                                                    file=folder))
        return
    subdirs = []
    for entry in entries:
        if entry.name.startswith("."):
            continue
        try:
            is_dir = entry.is_dir()  # follows symlinks; loops are cut by ``seen``
        except OSError:  # a symlink loop, say: not a folder to walk
            is_dir = False
        path = os.path.join(folder, entry.name)
        if is_dir and entry.is_symlink() and not _inside(os.path.realpath(path), root):
            yield PathProblem(path, None)
        elif is_dir:
            subdirs.append(path)
        elif entry.name.lower().endswith(LOG_SUFFIX):
            # Whatever it is (a FIFO, a device, a symlink loop or a dangling link named *.toml), it
            # is counted: the reader refuses it with its own message (files.read_bytes), never silently.
            yield WalkedPath(path)
    for sub in subdirs:
        yield from _walk(sub, seen, root)


def iter_log_paths(args: Iterable[str]) -> Iterator[str | PathProblem]:
    """Expand command-line arguments into log paths (and problems), in a fixed order."""
    for arg in args:
        arg = str(arg)
        if not arg:
            yield PathProblem("''", LogStructureError(Message("an empty path is not a {what} file",
                                                              what=file_noun("log")), file="''"))
            continue
        try:
            is_dir = os.path.isdir(arg)
        except (OSError, ValueError):
            is_dir = False
        if not is_dir:
            yield arg  # a file, or something missing: validate says what is wrong with it
            continue
        found = False
        for item in _walk(arg, set(), os.path.realpath(arg)):
            found = found or not (isinstance(item, PathProblem) and item.error is None)
            yield item
        if not found:
            yield PathProblem(arg, LogStructureError(Message(
                "no {suffix} logs in this folder (searched recursively)", suffix=LOG_SUFFIX), file=arg),
                empty_folder=True)


def count_log_paths(args: Iterable[str]) -> int:
    """How many entries ``iter_log_paths`` will give (for the progress bar)."""
    return sum(1 for _ in iter_log_paths(args))


def validate_paths(args: Iterable[str], ruleset_ref: str | None = None, option_pairs: Sequence[str] = (),
                   allow_partial: bool = False, jobs: int | None = 1) -> Iterator[FileResult]:
    """Validate every log named by ``args`` (files and folders), one at a time.

    With ``jobs`` > 1 the logs are validated in worker processes (parallel.py) and
    the results still come in argument order. ``jobs=None`` chooses as ``--jobs``'s default
    does (parallel.auto_jobs), from the first paths found: a folder is not walked twice."""
    from .parallel import map_logs, prepare_gc

    prepare_gc()
    yield from map_logs(validate_one, iter_log_paths(args), (ruleset_ref, tuple(option_pairs), allow_partial), jobs)


_api = None  # bidscli.app.api, imported on the first log (start-up), then kept


def _import_api():
    """bidscli.app.api, imported once: an import statement run for every log cost about 0.5% of it."""
    global _api
    from . import api

    _api = api
    return api


def validate_one(item: str | PathProblem, ruleset_ref: str | None, option_pairs: Sequence[str],
                 allow_partial: bool) -> FileResult:
    """The FileResult of one entry of ``iter_log_paths``."""
    api = _api or _import_api()
    if isinstance(item, PathProblem):
        if item.error is None:
            return FileResult(item.path, [], skipped=Message("a link to a folder outside the tree: not followed"),
                              outside=True)
        return FileResult(item.path, [item.error], empty_folder=item.empty_folder)
    try:
        errors = api.validate(item, ruleset_ref, option_pairs, allow_partial)
    except BidsError as exc:
        errors = [exc.located(file=item)]
    except (RecursionError, MemoryError):
        errors = [BidsError(Message("the log is too deeply nested or too large to check"), file=item)]
    for e in errors:
        e.kept()  # (BidsError.kept: no reference cycle, memory flat over any number of logs)
    if errors and isinstance(item, WalkedPath) and ruleset_file(item):
        return FileResult(item, [], skipped=Message("a ruleset file, not a game log"))
    return FileResult(item, errors)


def check_command_line(ruleset_ref: str | None, option_pairs: Sequence[str]) -> None:
    """Refuse a bad ``-r`` or ``-o`` once, instead of once per file."""
    from ..rules.ruleset import load_ruleset, parse_option_assignments

    _, knobs = parse_option_assignments(list(option_pairs))
    if ruleset_ref is not None:
        rs = load_ruleset(ruleset_ref)
        if knobs:
            rs.with_knobs(knobs)
    elif knobs:  # no -r: each log's own ruleset takes them, but a bad value is bad for all
        from ..rules.knobs import KNOBS, KnobValueError

        for name, value in knobs.items():
            try:
                KNOBS[name].check(value)
            except KnobValueError as exc:
                raise RulesetError(exc.message) from None


@dataclass
class ValidateSummary:
    files: int = 0
    valid: int = 0
    invalid: int = 0
    errors: int = 0
    skipped: int = 0
    empty_folders: int = 0  # not files: counted apart, and they make the run fail (exit 1)
    links_not_followed: int = 0  # links to folders outside the tree: said, never walked

    @property
    def failed(self) -> bool:
        return bool(self.invalid or self.empty_folders)

    def add(self, result: FileResult) -> None:
        if result.empty_folder:
            self.empty_folders += 1
            return
        if result.outside:
            self.links_not_followed += 1
            return
        if result.skipped:
            self.skipped += 1
            return
        self.files += 1
        if result.errors:
            self.invalid += 1
            self.errors += len(result.errors)
        else:
            self.valid += 1

    def line(self) -> Message:
        """The summary line, as a message worded when shown: ``1 file, 0 valid, 1 invalid, 9 errors``,
        then each note in brackets (``(1 ruleset file skipped)``), joined as the language writes a note
        after a text (i18n.NOTED: Japanese ``（…）`` with no space)."""
        notes = []
        if self.skipped:
            notes.append(PluralMessage("{n} ruleset file skipped", "{n} ruleset files skipped", self.skipped))
        if self.empty_folders:
            notes.append(PluralMessage("{n} folder with no {suffix} logs", "{n} folders with no {suffix} logs",
                                       self.empty_folders, suffix=LOG_SUFFIX))
        if self.links_not_followed:
            notes.append(PluralMessage("{n} link to a folder outside the tree not followed",
                                       "{n} links to a folder outside the tree not followed",
                                       self.links_not_followed))
        line = Message("{files}, {valid}, {invalid}, {errors}",
                       files=PluralMessage("{n} file", "{n} files", self.files),
                       valid=PluralMessage("{n} valid", "{n} valid", self.valid),
                       invalid=PluralMessage("{n} invalid", "{n} invalid", self.invalid),
                       errors=PluralMessage("{n} error", "{n} errors", self.errors))
        for note in notes:
            line = Message(NOTED, text=line, note=note)
        return line

    def to_json(self) -> dict:
        return {"files": self.files, "valid": self.valid, "invalid": self.invalid, "errors": self.errors,
                "skipped": self.skipped, "empty_folders": self.empty_folders,
                "links_not_followed": self.links_not_followed}


def error_lines(result: FileResult) -> list[str]:
    """Table-mode lines of one file: each error located, or ``path: valid``."""
    if result.skipped:
        return [Message("{path}: skipped: {reason}", path=path_text(result.path), reason=result.skipped).text()]
    if not result.errors:
        return [Message("{path}: valid", path=path_text(result.path)).text()]
    return [str(e) if e.file else f"{path_text(result.path)}: {e}" for e in result.errors]


# The progress bar's line (a message id: {bar}, {done}, {total}, {bad}): validate's, and study's.
VALIDATING = N_("validating [{bar}] {done}/{total} files, {bad} invalid")
PLAYING = N_("playing [{bar}] {done}/{total} games")


@dataclass
class Progress:
    """The one progress bar (validate's files, study's games): one line on a text stream,
    redrawn at most ~10 times a second, e.g. ``validating [####------] 12/40 files, 3 invalid``
    (``line``: VALIDATING or PLAYING, worded in the output language)."""

    total: int
    stream: IO[str]
    line: str = VALIDATING
    width: int = 30
    done: int = 0
    bad: int = 0
    _last: float = field(default=0.0, repr=False)
    _drawn: int = field(default=-1, repr=False)

    def step(self, count: int = 1, bad: int = 0) -> None:
        self.done += count
        self.bad += bad
        now = time.monotonic()
        if now - self._last >= 0.1 or self.done == self.total:
            self._last = now
            self.draw()

    def draw(self) -> None:
        frac = self.done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        self._drawn = self.done
        self.stream.write("\r" + Message(self.line, bar=bar, done=Grouped(self.done), total=Grouped(self.total),
                                         bad=Grouped(self.bad)).text())
        self.stream.flush()

    def finish(self) -> None:
        if self._drawn != self.done or self.done == 0:
            self.draw()
        self.stream.write("\n")
        self.stream.flush()


def is_single_file(args: Sequence[str]) -> bool:
    """One argument that is not a folder keeps the single-document JSON shape (cli.md)."""
    if len(args) != 1:
        return False
    try:
        return not os.path.isdir(args[0])
    except (OSError, ValueError):
        return True
