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
a message of at most :data:`MAX_MESSAGE` characters, not megabytes).
"""

from __future__ import annotations

import re

MAX_MESSAGE = 1000  # characters of one error message; the middle of a longer one is cut

# The patterns, compiled on first use (re's cache keeps them): most text is printable ASCII and
# never needs them, and compiling both cost about 1.5 ms of every command's start-up.
_TEXT_UNSAFE_RE = ("[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
                   "\ud800-\udfff]|\r(?!\n)")
_JSON_UNSAFE_RE = "[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


def _text_unsafe() -> re.Pattern:
    return re.compile(_TEXT_UNSAFE_RE)


def _json_unsafe() -> re.Pattern:
    return re.compile(_JSON_UNSAFE_RE)


def _text_escape(m: re.Match) -> str:
    ch = m.group()
    n = ord(ch)
    if n <= 0xFF:
        return f"\\x{n:02x}"
    if 0xDC80 <= n <= 0xDCFF:  # surrogateescape: an undecodable byte of a file name
        return f"\\x{n - 0xDC00:02x}"
    if 0xD800 <= n <= 0xDFFF:
        return "\ufffd"
    return f"\\u{n:04x}"


def _json_escape(m: re.Match) -> str:
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


def path_text(name) -> str:
    """A file name as printed: what :func:`terminal` escapes, and a line break or tab as ``\\n``
    or ``\\t``, so that one name stays on one line and ``FILE:LINE:`` stays greppable."""
    name = str(name)
    if name.isascii() and name.isprintable():
        return name
    return terminal(name).replace("\n", "\\n").replace("\t", "\\t")


def json_text(text: str) -> str:
    """A serialised JSON document made safe: C1 controls and direction marks as ``\\u`` escapes,
    undecodable file-name bytes as a visible ``\\xNN`` (json.dumps already escapes C0 controls)."""
    if text.isascii() and "\x7f" not in text:
        return text  # the only ASCII character to escape is DEL (most documents are ASCII)
    return _json_unsafe().sub(_json_escape, text)


def json_dumps(doc, **kw) -> str:
    """``json.dumps`` (indent 2, UTF-8 kept readable) whose output is always printable, valid UTF-8."""
    import json  # here: every command imports this module for terminal(), few print JSON (start-up)

    kw.setdefault("indent", 2)
    return json_text(json.dumps(doc, ensure_ascii=False, **kw))


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` if it is at most ``limit`` characters, else its start and end with the cut counted."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head - 40
    cut = len(text) - head - tail
    return f"{text[:head]} [... {cut:,} characters cut ...] {text[-tail:]}"


def short_value(text: str, limit: int = 60) -> str:
    """A value quoted inside a message: at most ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
