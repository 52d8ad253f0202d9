"""One writer (docs/files.md, "The recorder: one writer"): ``bids record`` holds a lock on a file
beside the log for its whole session (:func:`lock_beside`), so a second recorder of the same log is
refused, saying who holds it.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import Any

from ..core.i18n import Message
from .refused import FileError, file_kind, write_error
from .safe import NOFOLLOW

_NO_LOCKS = (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EINVAL)


class LockBusy(FileError):
    """Another process holds the lock of this file; ``pid``: that process, or None when unknown."""

    def __init__(self, message: str | Message, pid: int | None, **where: Any) -> None:
        super().__init__(message, **where)
        self.pid = pid

    def __reduce__(self) -> tuple[Any, ...]:
        return (LockBusy, (self.msg, self.pid), self.__dict__)  # as any error, it may cross processes


class Lock:
    """A lock held on the file ``path`` beside a log (``flock``: the system frees it when its
    holder ends, even killed, so a lock file left behind never blocks anyone).

    ``path`` is None where the system has no locks (no ``fcntl``, or a file system without
    them): nothing is held then.
    """

    def __init__(self, path: str | None, fd: int | None) -> None:
        self.path, self.fd = path, fd

    def release(self) -> None:
        """Remove the lock file (only while it is still ours), then let the lock go."""
        if self.fd is None or self.path is None:
            return
        fd, self.fd = self.fd, None
        try:
            if _same_file(os.fstat(fd), self.path):
                os.unlink(self.path)  # before the close: nobody can have locked it meanwhile
        except OSError:
            pass
        finally:
            os.close(fd)


def lock_name(path: str) -> str:
    """The lock file of ``path``: ``.NAME.lock`` in its folder (hidden; a hash for a long name)."""
    folder, base = os.path.split(path)
    name = f".{base}.lock"
    if len(os.fsencode(name)) > 255:
        import hashlib

        name = f".bids-{hashlib.sha256(os.fsencode(base)).hexdigest()[:32]}.lock"
    return os.path.join(folder, name)


def _same_file(st: os.stat_result, path: str) -> bool:
    try:
        now = os.lstat(path)
    except FileNotFoundError:
        return False
    return (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino)


def lock_beside(path: str) -> Lock:
    """Hold the lock of ``path`` (see :class:`Lock`), or raise :class:`LockBusy` (held by
    another process) or a FileError (the lock file cannot be made: the folder is not writable).
    """
    try:
        import fcntl
    except ImportError:  # Windows: no flock; the check before each save still applies
        return Lock(None, None)
    lock = lock_name(path)
    flags = os.O_RDWR | os.O_CREAT | NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):  # a holder that removes the file as we lock it: open the new one
        try:
            fd = os.open(lock, flags, 0o666)  # 0666 minus the umask, like any new file
        except PermissionError as denied:  # a lock file another user left: locking it read-only is enough
            try:
                fd = os.open(lock, os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
            except FileNotFoundError:  # none there: the folder takes no new file (read-only)
                raise write_error(path, denied) from None
            except OSError as exc:
                raise write_error(path, exc) from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise FileError(Message("its lock file {lock} is a symlink: not using it (remove it)", lock=lock),
                                file=path) from None
            raise write_error(path, exc) from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise FileError(Message("its lock file {lock} is {kind}: not using it", lock=lock,
                                        kind=file_kind(st.st_mode)), file=path)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid = _holder(fd)
                busy = (Message("another process holds its lock {lock}", lock=lock) if pid is None else
                        Message("another process holds its lock {lock} (process {pid})", lock=lock, pid=pid))
                raise LockBusy(busy, pid, file=path) from None
            except OSError as exc:
                if exc.errno in _NO_LOCKS:
                    os.close(fd)
                    return Lock(None, None)
                raise write_error(path, exc) from None
        except BaseException:
            os.close(fd)
            raise
        if _same_file(st, lock):
            _write_pid(fd, st)
            return Lock(lock, fd)
        os.close(fd)
    raise FileError(Message("cannot lock: its lock file {lock} keeps changing", lock=lock), file=path)


def _write_pid(fd: int, st: os.stat_result) -> None:
    """Our process id in the lock file, for the message another recorder gives (only in a file
    of ours that nothing else links to: the lock file is never trusted with anything else)."""
    if st.st_nlink == 1 and st.st_uid == os.geteuid():
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass


def _holder(fd: int) -> int | None:
    """Who holds the lock: its process id, when its lock file says so and that process exists."""
    try:
        pid = int(os.pread(fd, 32, 0).decode("ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if pid <= 0:
        return None
    try:
        os.kill(pid, 0)
    except PermissionError:  # it exists: another user's
        pass
    except (OSError, OverflowError):
        return None
    return pid
