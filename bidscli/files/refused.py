"""Why a file is refused, in words: the one root of file errors (:class:`FileError`), what a file
that is not a regular one is ("a FIFO (named pipe)"), and the system's reasons for a read or a write
that failed, bidscli's own words for some and the system's (translated where the catalogs know them)
for the others (docs/files.md).
"""

from __future__ import annotations

import errno
import os
import stat

from ..core.errors import BidsError
from ..core.i18n import ENGLISH, N_, Message


class FileError(BidsError):
    """A file that cannot be read or written as bidscli's file policies require."""

    kind = "file"


_KINDS = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a FIFO (named pipe)")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)


def file_kind(mode: int) -> Message:
    """What a file that is not a regular file is, as a message says it: "a FIFO (named pipe)"."""
    for test, name in _KINDS:
        if test(mode):
            return Message(name)
    return Message("not a regular file")


# The files bidscli reads, as its messages name them (``what``): one file, and many.
_WHAT = {"log": (N_("log"), N_("logs")), "ruleset": (N_("ruleset"), N_("rulesets"))}


def file_noun(what: str, many: bool = False) -> Message:
    """A file bidscli reads (``what``: "log", "ruleset") as a message names it: "log", "logs"."""
    return Message(_WHAT.get(what, _WHAT["log"])[many])


class Reason:
    """Why the system refused to read or write a file, worded when shown: bidscli's own words for
    some reasons (``own``, a message id), else the system's (``system``: strerror), which stay as
    the system says them in English and are translated where the catalogs know them."""

    __slots__ = ("own", "system")

    def __init__(self, own: str | None, system: str) -> None:
        self.own, self.system = own, system

    def __reduce__(self) -> tuple[type[Reason], tuple[str | None, str]]:
        return (Reason, (self.own, self.system))  # errors cross to and from worker processes

    def in_language(self, lang: str) -> str:
        if self.own is not None:
            return Message(self.own).text(lang)
        if lang == ENGLISH or self.system not in _SYSTEM_WORDS:
            return self.system
        return Message(self.system).text(lang)


# The system's words (glibc's strerror) for the usual reasons a file is refused: translated.
_SYSTEM_WORDS = frozenset((
    N_("No such file or directory"), N_("Permission denied"), N_("Not a directory"), N_("Is a directory"),
    N_("File name too long"), N_("Operation not permitted"), N_("Input/output error"),
    N_("Read-only file system"), N_("No space left on device"), N_("Disk quota exceeded"),
    N_("Too many open files"), N_("Device or resource busy"), N_("Text file busy"), N_("Stale file handle"),
))

READ_REASONS: dict[int | None, str] = {  # the system's words (strerror) for the others
    errno.ELOOP: N_("a symlink loop (Too many levels of symbolic links)"),
}


def reason(exc: OSError, own: dict[int | None, str]) -> Reason:
    """Why the system refused: bidscli's own words for the reasons in ``own`` (by errno), else the system's."""
    return Reason(own.get(exc.errno), exc.strerror or str(exc))


def read_error(error: type[BidsError], name: str, exc: OSError, path: str | None = None) -> BidsError:
    """The error for a file ``name`` (at ``path``, default ``name``) the system would not read."""
    if exc.errno == errno.ENOENT and cwd_gone(name if path is None else path):
        return error(Message("cannot read: the current folder no longer exists (deleted or moved away): cd to a "
                             "folder that exists"), file=name)
    return error(Message("cannot read: {reason}", reason=reason(exc, READ_REASONS)), file=name)




def cwd_gone(name: str) -> bool:
    """``name`` is a relative path and the working folder it is relative to was deleted (the
    system then says "no such file" of everything in it, even of the folder ``.`` itself)."""
    if os.path.isabs(name):
        return False
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return False


WRITE_REASONS: dict[int | None, str] = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is exceeded"),
    errno.EFBIG: N_("the file would be larger than allowed (ulimit -f)"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENOENT: N_("no such folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ELOOP: N_("a symlink loop (too many levels of symbolic links)"),
}


def write_error(name: str, exc: OSError) -> FileError:
    """The error for a file ``name`` the system would not write (nothing was written)."""
    if exc.errno == errno.ENOENT and cwd_gone(name):
        return FileError(Message("cannot write: the current folder no longer exists (deleted or moved away; nothing "
                                 "was written): cd to a folder that exists"), file=name)
    return FileError(Message("cannot write: {reason} (nothing was written)", reason=reason(exc, WRITE_REASONS)),
                     file=name)
