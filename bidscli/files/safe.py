"""Files bidscli reads and writes: one place for both file policies (docs/files.md).

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
any other program's. OS errors become plain messages. SIGINT, SIGTERM and
SIGHUP are held while a file is written and acted on once it is in place or
removed, so a signal never leaves a temporary file behind.

Never over what the command reads (``reads.command_reads``): while a command runs, every file
:func:`read_bytes` reads is noted (its device and inode), and :func:`write_atomic` refuses to
replace one of them, even with ``force`` (``--out`` naming the input log, ``--html`` a ruleset).

One writer (``lock.lock_beside``, ``write_atomic(expect=...)``): ``bids record``
holds a lock on a file beside the log for its whole session, and saves only
over the very file it last wrote (a :class:`Fingerprint`: the same inode, size,
modification time and content), never through a symlink.

A refused file is a ``refused.FileError``, its reason in words (``refused``).
"""

from __future__ import annotations

import errno
import os
import stat
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up
    from pathlib import Path

    from ..core.workers import Handler

from ..core.errors import BidsError, LimitError, LogSyntaxError
from ..core.i18n import Amount, Grouped, Message
from .reads import note_read, refuse_input
from .refused import (
    READ_REASONS,
    WRITE_REASONS,
    FileError,
    cwd_gone,
    file_kind,
    file_noun,
    read_error,
    reason,
    write_error,
)

# Opened without blocking (a FIFO never hangs the reader) and without becoming a terminal's.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20


def _refuse(mode: int, what: str, error: type[BidsError], name: str) -> BidsError:
    if stat.S_ISDIR(mode):
        # TRANSLATORS: {what} is "log" or "ruleset" (as translated): the file that was expected.
        return error(Message("is a folder, not a {what} file", what=file_noun(what)), file=name)
    return error(Message("is {kind}, not a regular file: bidscli reads only regular files", kind=file_kind(mode)),
                 file=name)


def _too_big(size: int | None, limit: int, what: str, name: str) -> LimitError:
    """The file is ``size`` bytes (None: it grew past the limit while it was read)."""
    files = file_noun(what, many=True)
    if limit >= 1_000_000:
        most = limit // 1_000_000 or 1
        # TRANSLATORS: {files} is "logs" or "rulesets" (as translated); {size} has one decimal.
        if size is None:
            return LimitError(Message("file is over {size} MB: bidscli reads {files} of at most {limit} MB",
                                      size=Amount(limit / 1_000_000), files=files, limit=most), file=name)
        return LimitError(Message("file is {size} MB: bidscli reads {files} of at most {limit} MB",
                                  size=Amount(size / 1_000_000), files=files, limit=most), file=name)
    if size is None:
        return LimitError(Message("file is over {limit} bytes: bidscli reads {files} of at most {limit} bytes",
                                  files=files, limit=limit), file=name)
    return LimitError(Message("file is {size} bytes: bidscli reads {files} of at most {limit} bytes",
                              size=size, files=files, limit=limit), file=name)


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "log", error: type[BidsError] = FileError,
               display: str | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them, or a located error.

    ``what`` names the file in messages (``log``, ``ruleset``); ``error`` is the class of the
    error for a file that cannot be read (a file over the limit is a LimitError).
    """
    fspath = os.fspath(path)
    name = display if display is not None else fspath
    if not name and not fspath:
        raise error(Message("an empty path is not a {what} file", what=file_noun(what)))
    if "\0" in fspath:
        raise error(Message("cannot read: the path holds a NUL byte"), file=name.replace("\0", "\\0"))
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
        raise read_error(error, name, exc, fspath) from None
    try:
        st = os.fstat(fd)  # the file actually opened (it may have been swapped since the stat)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode, what, error, name)
        note_read(st)
        size = st.st_size
        if size > limit:
            raise _too_big(size, limit, what, name)
        left = limit + 1
        # Ask for one byte more than fstat measured, not a whole _CHUNK: os.read allocates what
        # it is asked for, and a 1 MiB buffer is an mmap, page faults and a munmap for a 5 KB log
        # (47-55 us against 11.5 us a file here). The byte more shows a file that grew.
        chunk = os.read(fd, min(left, size + 1 if 0 < size < _CHUNK else _CHUNK))
        if 0 < len(chunk) == size < _CHUNK:
            # The whole file as fstat just measured it, in one read (the usual log):
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
        raise read_error(error, name, exc, fspath) from None
    finally:
        os.close(fd)


def decode(raw: bytes, file: str, error: type[BidsError] = LogSyntaxError) -> str:
    """UTF-8 text without a byte-order mark (not part of the TOML), or an error at the first bad line."""
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise error(Message("not UTF-8 text"), file=file, line=raw[: exc.start].count(b"\n") + 1) from None


def read_text(path: str | os.PathLike[str], limit: int, what: str = "log", error: type[BidsError] = FileError,
              decode_error: type[BidsError] = LogSyntaxError) -> str:
    """:func:`read_bytes`, decoded as UTF-8."""
    return decode(read_bytes(path, limit, what, error), os.fspath(path), decode_error)


# -- writing ---------------------------------------------------------------------------------


def _exists_error(name: str) -> FileError:
    return FileError(Message("{path} exists: not overwriting it (use --force to replace it)", path=name))


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def ignore_file_size_signal() -> None:
    """Past ``ulimit -f`` a write fails with EFBIG (a plain message) instead of killing the process."""
    import signal

    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


class Fingerprint(NamedTuple):
    """A file as it was written: enough to see any change since (an edit, a truncation, a
    replacement, a touch)."""

    dev: int
    ino: int
    size: int
    mtime_ns: int
    digest: bytes  # SHA-256 of the content


class FileChanged(FileError):
    """The file is no longer the one this program last wrote there: not saved over."""


def _digest(data: bytes) -> bytes:
    import hashlib  # here: only a writer needs it (start-up)

    return hashlib.sha256(data).digest()


def _fingerprint(st: os.stat_result, data: bytes) -> Fingerprint:
    return Fingerprint(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, _digest(data))


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def read_own(path: str, limit: int, what: str = "log") -> tuple[bytes, Fingerprint]:
    """The bytes of the regular file at ``path`` (not through a symlink) and its fingerprint.

    For a file this program will save over (``bids record --resume``, ``reload``): a symlink,
    or anything but a regular file, is refused; the fingerprint is of the very bytes read.
    """
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            raise _symlink_refused(path)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode, what, FileError, path)
        if st.st_size > limit:
            raise _too_big(st.st_size, limit, what, path)
        fd = os.open(path, _READ_FLAGS | NOFOLLOW)
    except BidsError:
        raise
    except OSError as exc:
        raise read_error(FileError, path, exc) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode, what, FileError, path)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise _too_big(None, limit, what, path)
        data = b"".join(chunks)
        after = os.fstat(fd)
        if (after.st_size, after.st_mtime_ns) != (len(data), st.st_mtime_ns):
            raise FileError(Message("changed while it was read: try again"), file=path)
        return data, _fingerprint(after, data)
    except BidsError:
        raise
    except OSError as exc:
        raise read_error(FileError, path, exc) from None
    finally:
        os.close(fd)


def _symlink_refused(name: str) -> FileError:
    try:
        target = os.readlink(name)
    except OSError:
        return FileError(Message("is a symlink: this file is saved over again and again, so only as a regular "
                                 "file, never through a link: give the file itself"), file=name)
    return FileError(Message("is a symlink (to {target}): this file is saved over again and again, so only as a "
                             "regular file, never through a link: give the file itself", target=target), file=name)


def changed(path: str, expect: Fingerprint) -> Message | None:
    """Why the file at ``path`` is not the one ``expect`` describes (what follows the file's name:
    "is gone (deleted or renamed) since it was saved"), or None when it is."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return Message("is gone (deleted or renamed) since it was saved")
    except OSError as exc:
        return Message("cannot be checked: {reason}", reason=reason(exc, WRITE_REASONS))
    if stat.S_ISLNK(st.st_mode):
        return Message("is now a symlink")
    if not stat.S_ISREG(st.st_mode):
        return Message("is now {kind}", kind=file_kind(st.st_mode))
    if (st.st_dev, st.st_ino) != (expect.dev, expect.ino):
        return Message("was replaced by another file since it was saved")
    if st.st_size < expect.size:
        return Message("was truncated since it was saved ({size} bytes of the {saved} saved)",
                       size=Grouped(st.st_size), saved=Grouped(expect.size))
    if st.st_size != expect.size:
        return Message("was changed since it was saved ({size} bytes, not the {saved} saved)",
                       size=Grouped(st.st_size), saved=Grouped(expect.size))
    try:
        fd = os.open(path, _READ_FLAGS | NOFOLLOW)
        try:
            now = os.fstat(fd)
            data = os.read(fd, expect.size + 1) if (now.st_dev, now.st_ino) == (expect.dev, expect.ino) else None
        finally:
            os.close(fd)
    except OSError as exc:
        return Message("cannot be checked: {reason}", reason=reason(exc, READ_REASONS))
    if data is None:
        return Message("was replaced by another file since it was saved")
    if _digest(data) != expect.digest:
        return Message("was edited since it was saved")
    if st.st_mtime_ns != expect.mtime_ns:
        return Message("was touched since it was saved (the same content, another modification time)")
    return None


class SignalsHeld:
    """SIGINT, SIGTERM and SIGHUP wait while a file is written: each is acted on (by whatever
    handler was there, the default one too) once the file is in place or its temporary file is
    removed. Only the main thread can set handlers; elsewhere nothing is held. Nested, the
    outer one holds what the inner one lets go (a writer that must also note what it wrote)."""

    NAMES = ("SIGINT", "SIGTERM", "SIGHUP")

    def __enter__(self) -> SignalsHeld:
        import signal

        self.caught: list[int] = []
        self.old: dict[int, Handler] = {}
        for name in self.NAMES:
            signum = getattr(signal, name, None)
            if signum is None or signal.getsignal(signum) is None:  # not Python's to restore
                continue
            try:
                self.old[signum] = signal.signal(signum, lambda n, frame: self.caught.append(n))
            except ValueError:  # not the main thread
                break
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        for signum, handler in self.old.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(self.caught):
            signal.raise_signal(signum)  # now: the handler that was there acts on it


def write_atomic(path: str | Path, text: str, *, force: bool = False, follow: bool = True,
                 expect: Fingerprint | None = None) -> Fingerprint:
    """Write ``text`` (UTF-8) to ``path`` atomically, following the write policy above.

    ``follow=False`` (with ``force``): a symlink at ``path`` is refused, not written through.
    ``expect``: replace exactly the file it describes (the one this program last wrote), never
    anything else: a changed, replaced or missing file, or a symlink, is a :class:`FileChanged`.
    Returns the fingerprint of the file written.
    """
    name = os.fspath(path)
    if not name:
        raise FileError(Message("an empty file name: expected a path to write to (e.g. --out game.toml)"))
    if "\0" in name:
        raise FileError(Message("cannot write: the path holds a NUL byte"), file=name.replace("\0", "\\0"))
    if expect is not None:
        why = changed(name, expect)
        if why is not None:
            raise FileChanged(Message("{reason}: not saving over it", reason=why), file=name)
        force, follow = True, False
    target = name
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise write_error(name, exc) from None
    if st is not None:
        if expect is None:
            refuse_input(name)
        if not force:
            raise _exists_error(name)
        if stat.S_ISLNK(st.st_mode) and not follow:
            raise _symlink_refused(name)
        if stat.S_ISLNK(st.st_mode):  # write through: replace the file the link points at
            target = os.path.realpath(name)
            try:
                st = os.stat(target)
            except FileNotFoundError:
                st = None  # a dangling link: create its target
            except OSError as exc:
                raise write_error(name, exc) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            raise FileError(Message("is a folder: expected a file path to write to"), file=name)
        raise FileError(Message("is {kind}, not a regular file: bidscli replaces only regular files, even with "
                                "--force", kind=file_kind(st.st_mode)), file=name)
    folder = os.path.dirname(target) or "."
    mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~current_umask()
    data = text.encode("utf-8")
    with SignalsHeld():
        return _write_new(name, target, folder, data, mode, st, force, expect)


def _write_new(name: str, target: str, folder: str, data: bytes, mode: int, st: os.stat_result | None, force: bool,
               expect: Fingerprint | None) -> Fingerprint:
    """write_atomic's temporary file, then its rename (signals held by the caller)."""
    try:
        import tempfile  # here, not at the top: every command imports this module, few write (start-up)

        fd, tmp = tempfile.mkstemp(prefix=".bids-", suffix=".tmp", dir=folder)
    except OSError as exc:
        if exc.errno == errno.ENOENT and os.path.isdir(folder) and not cwd_gone(folder):  # /proc, /sys
            raise FileError(Message("cannot write: its folder {folder} exists but takes no new files, so it cannot "
                                    "be written safely (a system folder such as /proc or /sys; nothing was written)",
                                    folder=folder), file=name) from None
        raise write_error(name, exc) from None
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
            written = _fingerprint(os.fstat(fd), data)
        finally:
            os.close(fd)
        if expect is not None:
            # Once more, just before the rename (no content read: the window is this short).
            # No file at the first look (st is None) but one now: another program made it.
            now = os.lstat(target)
            if st is None or (now.st_mode, now.st_dev, now.st_ino, now.st_size, now.st_mtime_ns) != (
                    st.st_mode, expect.dev, expect.ino, expect.size, expect.mtime_ns):
                raise FileChanged(Message("was changed as it was being saved: not saving over it"), file=name)
        if st is None and not force:
            _link_exclusive(tmp, target, name)
        else:
            os.replace(tmp, target)
        _sync_folder(folder)
        return written
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, FileNotFoundError) and expect is not None:
            raise FileChanged(Message("is gone (deleted or renamed) since it was saved: not saving over it"),
                              file=name) from None
        if isinstance(exc, OSError):
            raise write_error(name, exc) from None
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



