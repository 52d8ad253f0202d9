"""What the running command reads (docs/files.md, "Never over what the command reads"): every file
``read_bytes`` reads while a command runs is noted as (device, inode), and ``write_atomic`` refuses
to replace one of them, even with ``--force``.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

from ..core.i18n import Message
from .refused import FileError

FileKey = tuple[int, int]  # a file as (device, inode): the same through any link to it


class _Reads:
    """The files the running command has read, as (device, inode): it never writes over one."""

    __slots__ = ("on", "order", "seen")

    def __init__(self) -> None:
        self.on = False
        self.seen: set[FileKey] = set()
        self.order: list[FileKey] = []  # the same, in the order read (a worker hands back what it read)


READS = _Reads()


class command_reads:
    """While a command runs (the CLI's guard opens this around each), the files it reads are
    noted, so that no file it writes replaces one of them (write_atomic). Outside it nothing is
    noted: a library caller (a test, a server) holds no list that grows."""

    def __enter__(self) -> _Reads:
        READS.on, READS.seen, READS.order = True, set(), []
        return READS

    def __exit__(self, *exc: object) -> None:
        READS.on, READS.seen, READS.order = False, set(), []


def note_read(st: os.stat_result) -> None:
    if READS.on:
        key = (st.st_dev, st.st_ino)
        if key not in READS.seen:
            READS.seen.add(key)
            READS.order.append(key)


def note_given(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Files the command line names (logs, rulesets), noted before they are read: a command that
    works long before it writes (``season``, ``study``) refuses its output at once."""
    for path in paths:
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode):
            note_read(st)


def reads_since(mark: int) -> list[FileKey]:
    """What was read after the first ``mark`` files (a worker process hands it back to its command)."""
    return READS.order[mark:]


def note_reads(keys: Iterable[FileKey]) -> None:
    if READS.on:
        for key in keys:
            if key not in READS.seen:
                READS.seen.add(key)
                READS.order.append(key)


def refuse_input(name: str) -> None:
    """A FileError if ``name`` (through a symlink) is a file the running command has read."""
    if not READS.seen:
        return
    try:
        st = os.stat(name)
    except (OSError, ValueError):
        return
    if (st.st_dev, st.st_ino) in READS.seen:
        raise FileError(Message("is a file this command reads: bidscli never writes over its own input, even with "
                                "--force (write to another file)"), file=name)
