"""``bids examples``: the example files shipped with bidscli (the top-level examples/ folder,
installed as the package ``bidscli.examples``): their names, their first comment line, their text."""

from __future__ import annotations

from ..core.errors import BidsError, nearest
from ..core.i18n import Message
from ..core.sanitize import toml_value

SUFFIX = ".toml"


class ExampleError(BidsError):
    """An example name that is not shipped."""


def _folder():
    from importlib.resources import files

    return files("bidscli.examples")


def names() -> list[str]:
    """The examples' names (without .toml), sorted."""
    return sorted(p.name[: -len(SUFFIX)] for p in _folder().iterdir() if p.name.endswith(SUFFIX))


def text(name: str) -> str:
    """The example ``name`` (with or without .toml), as shipped."""
    stem = name.removesuffix(SUFFIX)
    known = names()
    if stem not in known:
        near = nearest(stem, known)
        if near:
            raise ExampleError(Message("no example {name} (did you mean {near}?): expected one of {names}",
                                       name=toml_value(stem), near=toml_value(near), names=", ".join(known)))
        raise ExampleError(Message("no example {name}: expected one of {names}", name=toml_value(stem),
                                   names=", ".join(known)))
    return _folder().joinpath(stem + SUFFIX).read_text(encoding="utf-8")


def summary(name: str) -> str:
    """What the example is: the first sentence of its opening comment (which may run over
    several comment lines)."""
    words: list[str] = []
    for line in text(name).splitlines():
        if not line.startswith("#"):
            break
        part = line.lstrip("# ").strip()
        if not part:
            if words:
                break
            continue
        words.append(part)
        if part.endswith((".", "。")):  # a sentence ends: English, or Japanese
            break
    return " ".join(words)
