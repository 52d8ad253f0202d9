"""How a page made to be shared names a file: never by a local path.

A page (``--html``, ``bids report``) may be mailed to a league or put on a web site: it names a
game by its ``title``, else by its path relative to the folder given, and a file named on the
command line by ``shared_path``, which keeps a relative path as given (without ``./``) and cuts an
absolute one, or one that climbs out of the working folder, to its file name.
"""

from __future__ import annotations

import os


def shared_path(path: str) -> str:
    """``./week05.toml`` -> ``week05.toml``; ``w1/game.toml`` stays; ``/home/ana/league`` ->
    ``league``; ``../x/g.toml`` -> ``g.toml``. Separators are ``/``."""
    rel = os.path.normpath(str(path))
    if os.path.isabs(rel) or rel == os.pardir or rel.startswith(os.pardir + os.sep):
        rel = os.path.basename(rel.rstrip(os.sep)) or rel
    return rel.replace(os.sep, "/")


def path_in(path: str, folder: str) -> str:
    """A file found by walking ``folder``, named relative to it (``w1/game.toml``)."""
    return os.path.relpath(str(path), str(folder)).replace(os.sep, "/")
