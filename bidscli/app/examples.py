"""``bids examples``: the example files shipped with bidscli (the top-level examples/ folder,
installed as the package ``bidscli.examples``): their names, their first comment line, their text."""

from __future__ import annotations

from ..core.errors import BidsError, nearest
from ..core.i18n import Message, WordedText
from ..core.sanitize import toml_value
from ..rules.citations import phrase

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


def summary(name: str) -> WordedText:
    """What the example is: the first sentence of its opening comment, a message of the catalogs
    (``tools/catalogs.py`` extracts it from the file, ``first_sentence``): the text as the file
    writes it, as JSON writes it, worded in the output language where it is shown."""
    return phrase(first_sentence(text(name))[1])


def first_sentence(text: str) -> tuple[int, str]:
    """The first sentence of a file's opening comment (which may run over several comment lines)
    and the line it starts on; ``(0, "")`` without one. It is written in the file's language: English,
    or the language of the players an example is for (``first-game-it``: Italian)."""
    words: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("#"):
            break
        part = line.lstrip("# ").strip()
        if not part:
            if words:
                break
            continue
        start = start or number
        words.append(part)
        if part.endswith((".", "。")):  # a sentence ends: English, or Japanese
            break
    return start, " ".join(words)
