"""Output hygiene: one place that makes text from input safe to print.

Anything that came from input (trick text, player names, a ruleset's title,
file names) may hold terminal control sequences: ESC starts one, and
``ESC ] 0 ; title BEL`` sets a terminal's title even when the text went
through a pipe (click strips colour codes from piped output, not those).
So every line the CLI prints goes through :func:`terminal`, and every JSON
document through :func:`json_dumps`.

What is escaped, and how:

* C0 controls except tab and newline (a carriage return only when it does not
  end a line, so CSV's ``\\r\\n`` stays), DEL and the C1 controls
  (U+0080-U+009F, which some terminals read as ESC sequences): text shows them
  as ``\\xNN``; JSON as ``\\u00NN`` escapes (the same characters, valid JSON).
* Bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the
  invisible direction marks: ``\\u202e`` in text, a ``\\u`` escape in JSON.
* A byte of a file name that is not UTF-8 (Python hands it over as a lone
  surrogate, U+DC80-U+DCFF): shown as ``\\xNN``. In JSON the string then holds
  the four characters backslash, ``x`` and two hex digits, so the document is
  always valid UTF-8. Other lone surrogates become U+FFFD.

:func:`shorten` cuts long values out of messages (a 900,000-card trick gives
a message of at most :data:`MAX_MESSAGE` characters, not megabytes), and with
``escaped=True`` cuts and escapes text from input shown back (the recorder's typed
lines, the names in its messages, a served game's refused line).

:func:`text_fault` is the other half, for text *read*: a ruleset's name, title and
description, a log's title and notes, a value quoted from the command line. What it refuses
is what :func:`terminal` would escape (so accepted text prints as it was written) and, where
one line is expected, every line break: C0 and C1 controls (Unicode Cc), DEL, the direction
overrides, embeddings and isolates (U+202A-U+202E, U+2066-U+2069) and the invisible direction
marks (U+200E, U+200F), U+2028 and U+2029. Letters of right-to-left scripts and the joiners
that real names need (ZWNJ U+200C, ZWJ U+200D) are text, not control characters.
"""

from __future__ import annotations

import re
from typing import Any

from .i18n import ENGLISH, Grouped, Message

MAX_MESSAGE = 1000  # characters of one error message; the middle of a longer one is cut

# The patterns, compiled on first use (re's cache keeps them): most text is printable ASCII and
# never needs them, and compiling both cost about 1.5 ms of every command's start-up.
_TEXT_UNSAFE_RE = ("[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
                   "\ud800-\udfff]|\r(?!\n)")
_JSON_UNSAFE_RE = "[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


# What text read from input may not hold (text_problem): with lines allowed, every control but
# "\n" and tab, and U+2028/U+2029 (a line break is "\n"); on one line, tab and "\n" too.
_READ_UNSAFE_LINES_RE = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2028\u2029"
                         "\u2066-\u2069\ud800-\udfff]")
_READ_UNSAFE_RE = _READ_UNSAFE_LINES_RE.replace("[", "[\t\n", 1)
_LINE_BREAK_RE = "[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]"  # where str.splitlines breaks a line


def _text_unsafe() -> re.Pattern[str]:
    return re.compile(_TEXT_UNSAFE_RE)


def _json_unsafe() -> re.Pattern[str]:
    return re.compile(_JSON_UNSAFE_RE)


def _text_escape(m: re.Match[str]) -> str:
    ch = m.group()
    n = ord(ch)
    if n <= 0xFF:
        return f"\\x{n:02x}"
    if 0xDC80 <= n <= 0xDCFF:  # surrogateescape: an undecodable byte of a file name
        return f"\\x{n - 0xDC00:02x}"
    if 0xD800 <= n <= 0xDFFF:
        return "\ufffd"
    return f"\\u{n:04x}"


def _json_escape(m: re.Match[str]) -> str:
    n = ord(m.group())
    if 0xDC80 <= n <= 0xDCFF:
        return f"\\\\x{n - 0xDC00:02x}"  # the string holds a visible \xNN
    if 0xD800 <= n <= 0xDFFF:
        return "\ufffd"
    return f"\\u{n:04x}"


def terminal(text: str) -> str:
    """Text to print: control characters, direction overrides and undecodable bytes escaped."""
    if not isinstance(text, str):
        return text
    if text.isascii() and text.replace("\n", "").isprintable():
        return text  # printable ASCII and line breaks: nothing to escape, checked in C
    return _text_unsafe().sub(_text_escape, text)


def path_text(name: object) -> str:
    """A file name as printed: what :func:`terminal` escapes, and a line break, a carriage return
    or a tab as ``\\n``, ``\\r`` or ``\\t``, so that one name stays on one line and ``FILE:LINE:``
    stays greppable."""
    name = str(name)
    if name.isascii() and name.isprintable():
        return name
    return terminal(name).replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")


def one_line(text: str) -> str:
    """``text`` with its line breaks shown as ``\\n`` (``\\r``, ``\\u2028``...): what a message
    quotes from input cannot start a line of its own (a forged "Winner:" line)."""
    if text.isprintable():
        return text
    return re.sub(_LINE_BREAK_RE, _break_escape, text)


def _break_escape(m: re.Match[str]) -> str:
    n = ord(m.group())
    return "\\n" if n == 10 else "\\r" if n == 13 else f"\\x{n:02x}" if n <= 0xFF else f"\\u{n:04x}"


def json_text(text: str) -> str:
    """A serialised JSON document made safe: C1 controls and direction marks as ``\\u`` escapes,
    undecodable file-name bytes as a visible ``\\xNN`` (json.dumps already escapes C0 controls)."""
    if text.isascii() and "\x7f" not in text:
        return text  # the only ASCII character to escape is DEL (most documents are ASCII)
    return _json_unsafe().sub(_json_escape, text)


def json_utf8(data: bytes) -> bytes:
    """:func:`json_text` of a document serialised in UTF-8 (orjson's bytes), in UTF-8."""
    if data.isascii() and b"\x7f" not in data:
        return data  # what json_text leaves as it is, seen without decoding the bytes
    return json_text(data.decode("utf-8")).encode("utf-8")


def json_dumps(doc: object, **kw: Any) -> str:
    """``json.dumps`` (indent 2, UTF-8 kept readable) whose output is always printable, valid UTF-8."""
    import json  # here: every command imports this module for terminal(), few print JSON (start-up)

    kw.setdefault("indent", 2)
    return json_text(json.dumps(doc, ensure_ascii=False, **kw))


def text_fault(text: str, limit: int, name: str, *, lines: bool = False) -> Message | None:
    """Why ``text``, read from a file or a command line as ``name`` (a key: ``title``), cannot be
    kept, as a message ("'title' holds a line break (U+000A): one line is expected"), or None.

    ``limit``: its most characters. ``lines``: line breaks ("\n") are allowed (a description,
    notes); else one line is expected."""
    if len(text) > limit:
        return Message("'{name}' has {count} characters (at most {limit})", name=name, count=Grouped(len(text)),
                       limit=Grouped(limit))
    if text.isascii() and text.isprintable():
        return None  # printable ASCII: nothing to refuse, checked in C
    if not lines:
        m = re.search(_LINE_BREAK_RE, text)
        if m is not None:
            code = f"U+{ord(m.group()):04X}"
            return Message("'{name}' holds a line break ({code}): one line is expected", name=name, code=code)
    m = re.search(_READ_UNSAFE_LINES_RE if lines else _READ_UNSAFE_RE, text)
    if m is None:
        return None
    n = ord(m.group())
    code = f"U+{n:04X}"
    if n == 9:
        return Message("'{name}' holds a tab ({code}), which bidscli does not print as written", name=name, code=code)
    if n in (0x2028, 0x2029):
        return Message("'{name}' holds a line separator ({code}), which bidscli does not print as written",
                       name=name, code=code)
    if n > 0x9F and not 0xD800 <= n <= 0xDFFF:
        return Message("'{name}' holds a direction control ({code}), which bidscli does not print as written",
                       name=name, code=code)
    return Message("'{name}' holds a control character ({code}), which bidscli does not print as written",
                   name=name, code=code)


def text_problem(text: str, limit: int, *, lines: bool = False) -> str | None:
    """:func:`text_fault` in English without its subject, for a message still written as an
    English ``str``: it completes "'name' ..." ("holds a line break (U+000A): one line is
    expected")."""
    fault = text_fault(text, limit, "", lines=lines)
    return None if fault is None else fault.text(ENGLISH).removeprefix("'' ")


def quoted(text: str, limit: int = 60) -> str:
    """A value from input quoted inside a message: on one line (a line break shows as ``\\n``,
    a tab as ``\\t``, a control character escaped as :func:`terminal` does) and at most about
    ``limit`` characters (the start, then "...")."""
    text = str(text)
    if len(text) > limit:
        text = text[: max(limit - 3, 1)] + "..."
    return path_text(text).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_value(value: object, limit: int = 60) -> str:
    """A value read from TOML as a message shows it: written as TOML (``true``, ``"deferred"``,
    ``{ 4 = 5 }``, ``[3, 4]``), never as Python would (``True``, ``{'4': 5}``); on one line, at
    most about ``limit`` characters."""
    return quoted(_toml(value, limit + 1), limit)


def _toml(value: object, room: int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value).lower() if isinstance(value, float) else str(value)
    if isinstance(value, str):
        value = value[:room]
        if "'" not in value and value.isprintable():
            return f"'{value}'"  # a TOML literal string
        import json  # only for a message

        return json.dumps(value, ensure_ascii=False)  # a TOML basic string, escapes and all
    if isinstance(value, (list, tuple)):
        parts = []
        for v in value:  # only what can be shown: a long array is cut anyway
            parts.append(_toml(v, room))
            if sum(map(len, parts)) > room:
                break
        return "[" + ", ".join(parts) + "]"
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            k = str(k)
            parts.append(f"{k if _BARE_KEY.fullmatch(k) else _toml(k, room)} = {_toml(v, room)}")
            if sum(map(len, parts)) > room:
                break
        return "{ " + ", ".join(parts) + " }" if parts else "{}"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def shorten(text: str, limit: int = MAX_MESSAGE, lang: str | None = None, *, escaped: bool = False,
            length: int | None = None) -> str:
    """``text`` if it is at most ``limit`` characters, else its start and end with the cut counted
    (the count worded in ``lang``, default the output language): ``limit`` characters in all at
    most, 40 of them kept for the note, two thirds of the rest for the start.

    ``escaped``: text from input shown back on a terminal (a typed line, a name): escaped as
    :func:`terminal` escapes it, and measured once escaped (a NUL shows as 4 characters), so a
    300,000-character line is neither printed nor miscounted. ``length``: the real length of a
    text cut while it was read (``text`` then holds at least ``limit`` of its first and of its
    last characters)."""
    if length is None:
        length = len(text)
    if length <= limit:
        shown = terminal(text) if escaped else text
        if len(shown) <= limit:
            return shown
    room = max(limit - 40, 2)  # 40: the note, with room for any count
    head_room = room * 2 // 3
    head = _kept(text, head_room, escaped)
    tail = _kept(text, room - head_room, escaped, from_end=True)
    start, end = text[:head], text[len(text) - tail:]
    if escaped:
        start, end = terminal(start), terminal(end)
    note = Message("[... {count} characters cut ...]", count=Grouped(length - head - tail)).text(lang)
    return f"{start} {note} {end}"


def _kept(text: str, room: int, escaped: bool, from_end: bool = False) -> int:
    """How many characters of ``text``'s start (its end) fit in ``room`` characters once shown."""
    if not escaped:
        return min(len(text), room)
    n = used = 0
    for ch in reversed(text) if from_end else text:
        used += len(terminal(ch))
        if used > room:
            break
        n += 1
    return n


def short_value(text: str, limit: int = 60) -> str:
    """A value quoted inside a message: at most ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
