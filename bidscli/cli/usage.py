"""Command-line values checked before any file is read (no click here; cli.py wires them up).

The rule (cli.md "Exit codes", docs/commands.md): what is wrong with the
*command line* is a usage error, exit 2 on stderr, for every command and any
number of logs. That covers a ``-r`` that names nothing (neither a bundled
ruleset nor an existing file), a malformed or unknown ``-o KEY=VALUE``, a value
of the wrong kind, and an unknown ``--knob``. A ruleset *file* that exists but
is broken is invalid input, exit 1, like a broken log: its problem is located
in that file, not on the command line.

Each checker raises ValueError with the message (a ``Message``, worded in the output language
when shown; core/i18n.py); options.py turns it into a click usage error. Completion helpers live here too, for the same reason: plain
functions over the registries (rulesets, knobs, options, bots).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from ..core.errors import BidsError
from ..core.i18n import Message


def check_ruleset_ref(ref: str) -> str:
    """A bundled name, or a path to a file that exists; otherwise ValueError (a usage error)."""
    from ..rules.ruleset import is_bundled, unknown_ruleset

    if is_bundled(ref):
        return ref
    try:
        exists, folder = os.path.exists(ref), os.path.isdir(ref)
    except (OSError, ValueError):  # a name too long, a NUL byte: simply not there
        exists = folder = False
    if not ref or not exists:
        raise ValueError(unknown_ruleset(ref))
    if folder:
        raise ValueError(Message("'{path}' is a folder: expected a bundled ruleset name or a TOML ruleset file",
                                 path=ref[:60]))
    return ref


def check_option_pairs(pairs: Sequence[str]) -> tuple[str, ...]:
    """``-o KEY=VALUE``: the form, the name (table option or knob) and the kind of the value."""
    from ..rules.knobs import KNOBS
    from ..rules.ruleset import parse_option_assignments

    try:
        _, knobs = parse_option_assignments(list(pairs))
        for name, value in knobs.items():
            KNOBS[name].check(value)
    except BidsError as exc:
        raise ValueError(exc.text()) from None
    return tuple(pairs)


def check_knob_args(args: Sequence[str]) -> tuple[str, ...]:
    """``disputes --knob KNOB[=VALUE]``: a knob name of the registry, and a value of its kind."""
    from ..rules.knobs import KNOBS
    from ..rules.ruleset import unknown_knob

    for arg in args:
        name = arg.split("=", 1)[0].strip()
        if name not in KNOBS:
            if "=" in arg and "." not in name:
                raise ValueError(Message("{name} is a table option, not a knob: expected KNOB=VALUE with a knob "
                                         "name like thief.timing (use -o {arg} for a table option)",
                                         name=name, arg=arg))
            raise ValueError(unknown_knob(name))
        if "=" in arg:
            check_option_pairs([arg])
    return tuple(args)


# -- shell completion (click's shell_complete callbacks call these) ------------------------


def ruleset_names(incomplete: str) -> list[str]:
    """Bundled ruleset names that start with what was typed (paths are left to the shell)."""
    from ..rules.ruleset import bundled_names

    return [n for n in bundled_names() if n.startswith(incomplete.lower())]


def option_words(incomplete: str) -> list[str]:
    """``-o``: ``KEY=`` for table options and knobs; after ``KEY=``, that key's values."""
    from ..rules.knobs import KNOBS, TABLE_OPTIONS

    if "=" in incomplete:
        key, _, typed = incomplete.partition("=")
        if key in TABLE_OPTIONS:
            values: Iterable[str] = ("true", "false")
        elif key in KNOBS and KNOBS[key].kind in ("choice", "bool"):
            values = KNOBS[key].choices if KNOBS[key].kind == "choice" else ("true", "false")
        else:
            values = ()
        return [f"{key}={v}" for v in values if v.startswith(typed)]
    return [f"{k}=" for k in (*TABLE_OPTIONS, *KNOBS) if k.startswith(incomplete)]


def knob_words(incomplete: str) -> list[str]:
    """``disputes --knob``: knob names (a value may follow after ``=``)."""
    from ..rules.knobs import KNOBS

    if "=" in incomplete:
        return [w for w in option_words(incomplete) if "." in w.split("=", 1)[0]]
    return [k for k in KNOBS if k.startswith(incomplete)]


def bot_words(incomplete: str) -> list[str]:
    """``--bots A,B,C``: a bot name for the seat being typed, after the ones already given."""
    from ..sim.bots import BOTS

    done, _, typed = incomplete.rpartition(",")
    prefix = f"{done}," if done else ""
    return [prefix + b for b in BOTS if b.startswith(typed)]
