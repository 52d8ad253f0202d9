"""Files bidscli writes (and, later, reads): one place for the file policies.

Every command that writes a file (``deal``, ``record``, ``report``, ``study --html``)
goes through :func:`write_atomic`, so the overwrite, atomicity and mode rules
are the same everywhere.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import LogStructureError


def write_atomic(path: str | Path, text: str, *, force: bool = False) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder.

    Refuses to replace an existing file unless ``force``; a crash never leaves
    half a file behind.
    """
    path = Path(path)
    if path.exists() and not force:
        raise LogStructureError(f"{path} exists: not overwriting it (use --force to replace it)")
    if path.is_dir():
        raise LogStructureError(f"{path} is a folder: expected a file path to write the log to")
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise LogStructureError(f"cannot write to {folder}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists() and not force:  # appeared meanwhile
            raise LogStructureError(f"{path} exists: not overwriting it (use --force to replace it)")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
