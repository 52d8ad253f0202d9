"""Files bidscli reads and writes: one place for both file policies (issue 13, docs/files.md).

Reading (:func:`read_bytes`, :func:`read_text`): every file the tool reads (a
log, a deal, a ruleset, an ``extends``, a log's ``ruleset``, a ``*.toml``
found in a folder) must be a regular file after symlinks are resolved. It is
checked before it is opened, opened without blocking (a FIFO never hangs the
reader), checked again on the open descriptor (nothing can be swapped in
between), its size is capped before reading, and it is read with a bound (a
file that grows meanwhile is cut at the limit and refused). Anything else is a
plain, located :class:`~bidscli.core.errors.BidsError`, so a batch goes on.

Writing (:func:`write_atomic`): every file the tool writes goes through a
temporary file in the target's folder, so a crash, a full disk or ``ulimit -f``
never leave half a file behind. Without ``force`` nothing is replaced: the
temporary file is hard-linked to the final name, which fails if the name
exists, even when two writers race. With ``force`` only a regular file is
replaced (never a device, a FIFO or a folder); a symlink is written through
(the file it points at is replaced, the link stays). A replaced file keeps its
mode (and, for root, its owner); a new file gets 0666 minus the umask, like
any other program's. OS errors become plain messages.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up (issue 12)
    from pathlib import Path

from ..core.errors import BidsError, LimitError, LogSyntaxError


class FileError(BidsError):
    """A file that cannot be read or written as bidscli's file policies require."""

    kind = "file"


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


_READ_REASONS = {  # the system's words (strerror) for the others
    errno.ELOOP: "a symlink loop (Too many levels of symbolic links)",
}


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


# Opened without blocking (a FIFO never hangs the reader) and without becoming a terminal's.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20


def _refuse(mode: int, what: str, error: type[BidsError], name: str) -> BidsError:
    kind = file_kind(mode)
    if kind == "a folder":
        return error(f"is a folder, not a {what} file", file=name)
    return error(f"is {kind}, not a regular file: bidscli reads only regular files", file=name)


def _too_big(size: int | None, limit: int, what: str, name: str) -> LimitError:
    shown = _mb(size) if size is not None else f"over {_mb(limit)}"
    return LimitError(f"file is {shown}: bidscli reads {what}s of at most {limit // 1_000_000 or 1} MB"
                      if limit >= 1_000_000 else
                      f"file is {size if size is not None else 'over'} bytes: bidscli reads {what}s of at "
                      f"most {limit} bytes", file=name)


def read_bytes(path: str | os.PathLike, limit: int, what: str = "log", error: type[BidsError] = FileError,
               display: str | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them, or a located error.

    ``what`` names the file in messages (``log``, ``ruleset``); ``error`` is the class of the
    error for a file that cannot be read (a file over the limit is a LimitError).
    """
    fspath = os.fspath(path)
    name = display if display is not None else fspath
    if not name and not fspath:
        raise error(f"an empty path is not a {what} file")
    if "\0" in fspath:
        raise error("cannot read: the path holds a NUL byte", file=name.replace("\0", "\\0"))
    try:
        st = os.stat(path)  # follows symlinks: the file they lead to must be regular
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode, what, error, name)
        if st.st_size > limit:
            raise _too_big(st.st_size, limit, what, name)
        fd = os.open(path, _READ_FLAGS)
    except BidsError:
        raise
    except OSError as exc:
        reason = _READ_REASONS.get(exc.errno, exc.strerror or str(exc))
        raise error(f"cannot read: {reason}", file=name) from None
    try:
        st = os.fstat(fd)  # the file actually opened (it may have been swapped since the stat)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode, what, error, name)
        size = st.st_size
        if size > limit:
            raise _too_big(size, limit, what, name)
        left = limit + 1
        # Ask for one byte more than fstat measured, not a whole _CHUNK: os.read allocates what
        # it is asked for, and a 1 MiB buffer is an mmap, page faults and a munmap for a 5 KB log
        # (47-55 us against 11.5 us a file here; issue 12). The byte more shows a file that grew.
        chunk = os.read(fd, min(left, size + 1 if 0 < size < _CHUNK else _CHUNK))
        if 0 < len(chunk) == size < _CHUNK:
            # The whole file as fstat just measured it, in one read (issue 12: the usual log):
            # no read to see its end. A file that reports no size (/proc) or another size than
            # it holds, or that grows meanwhile, is read on to its end, as any other.
            return chunk
        chunks = []
        while chunk:
            chunks.append(chunk)
            left -= len(chunk)
            if left <= 0:
                break
            chunk = os.read(fd, min(left, _CHUNK))
        if left <= 0:  # it grew past the limit while we read
            raise _too_big(None, limit, what, name)
        return b"".join(chunks)
    except BidsError:
        raise
    except OSError as exc:
        raise error(f"cannot read: {_READ_REASONS.get(exc.errno, exc.strerror or str(exc))}", file=name) from None
    finally:
        os.close(fd)


def decode(raw: bytes, file: str, error: type[BidsError] = LogSyntaxError) -> str:
    """UTF-8 text without a byte-order mark (not part of the TOML), or an error at the first bad line."""
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise error("not UTF-8 text", file=file, line=raw[: exc.start].count(b"\n") + 1) from None


def read_text(path: str | os.PathLike, limit: int, what: str = "log", error: type[BidsError] = FileError,
              decode_error: type[BidsError] = LogSyntaxError) -> str:
    """:func:`read_bytes`, decoded as UTF-8."""
    return decode(read_bytes(path, limit, what, error), os.fspath(path), decode_error)


# -- writing ---------------------------------------------------------------------------------

_WRITE_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EFBIG: "the file would be larger than allowed (ulimit -f)",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EROFS: "the file system is read-only",
    errno.ENOENT: "no such folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ELOOP: "a symlink loop (too many levels of symbolic links)",
}


def _write_error(name: str, exc: OSError) -> FileError:
    reason = _WRITE_REASONS.get(exc.errno, exc.strerror or str(exc))
    return FileError(f"cannot write: {reason} (nothing was written)", file=name)


def _exists_error(name: str) -> FileError:
    return FileError(f"{name} exists: not overwriting it (use --force to replace it)")


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def ignore_file_size_signal() -> None:
    """Past ``ulimit -f`` a write fails with EFBIG (a plain message) instead of killing the process."""
    import signal

    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def write_atomic(path: str | Path, text: str, *, force: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, following the write policy above."""
    name = os.fspath(path)
    if not name:
        raise FileError("an empty file name: expected a path to write to (e.g. --out game.toml)")
    if "\0" in name:
        raise FileError("cannot write: the path holds a NUL byte", file=name.replace("\0", "\\0"))
    target = name
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _write_error(name, exc) from None
    if st is not None:
        if not force:
            raise _exists_error(name)
        if stat.S_ISLNK(st.st_mode):  # write through: replace the file the link points at
            target = os.path.realpath(name)
            try:
                st = os.stat(target)
            except FileNotFoundError:
                st = None  # a dangling link: create its target
            except OSError as exc:
                raise _write_error(name, exc) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = file_kind(st.st_mode)
        if kind == "a folder":
            raise FileError("is a folder: expected a file path to write to", file=name)
        raise FileError(f"is {kind}, not a regular file: bidscli replaces only regular files, "
                        "even with --force", file=name)
    folder = os.path.dirname(target) or "."
    mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~current_umask()
    data = text.encode("utf-8")
    try:
        import tempfile  # here, not at the top: every command imports this module, few write (start-up)

        fd, tmp = tempfile.mkstemp(prefix=".bids-", suffix=".tmp", dir=folder)
    except OSError as exc:
        if exc.errno == errno.ENOENT and os.path.isdir(folder):  # /proc, /sys: no new file there
            raise FileError(f"cannot write: its folder {folder} exists but takes no new files, so it cannot be "
                            "written safely (a system folder such as /proc or /sys; nothing was written)",
                            file=name) from None
        raise _write_error(name, exc) from None
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fchmod(fd, mode)
            if st is not None and os.geteuid() == 0:
                try:
                    os.fchown(fd, st.st_uid, st.st_gid)  # root replacing a user's file: it stays theirs
                except OSError:
                    pass
            os.fsync(fd)
        finally:
            os.close(fd)
        if st is None and not force:
            _link_exclusive(tmp, target, name)
        else:
            os.replace(tmp, target)
        _sync_folder(folder)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _write_error(name, exc) from None
        raise


def _link_exclusive(tmp: str, target: str, name: str) -> None:
    """Put ``tmp`` at ``target`` only if nothing is there (atomic: two racing writers, one wins)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise _exists_error(name) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        # No hard links here (FAT, some network file systems): claim the name exclusively, then
        # move the finished file over the (empty) claim.
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise _exists_error(name) from None
        os.close(fd)
        try:
            os.replace(tmp, target)
        except OSError:
            os.unlink(target)  # our empty claim
            raise
        return
    os.unlink(tmp)


def _sync_folder(folder: str) -> None:
    """Make the new name durable too (best effort: not every system can fsync a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

