"""The drivers of ``bids record``: opening the game, then a terminal or a pipe.

:class:`bidscli.app.record.Recorder` decides; this module reads lines, shows the
outcomes and writes the file (through :func:`bidscli.files.safe.write_atomic`, after
every change). No click here: ``cli.py`` turns ``ValueError`` into a usage error
(exit 2) and ``BidsError`` into exit 1.

Interactive input uses prompt_toolkit rather than the standard ``readline``:
readline is missing on some platforms (Windows) and is libedit on macOS, where
completion needs other settings; prompt_toolkit gives the same line editing,
history and Tab completion everywhere, in pure Python, and is well kept.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TextIO

from ..app.record import WIDTH, Recorder, RoundEntry, clean, rounds_of, shown
from ..core.errors import BidsError, LogStructureError
from ..files.safe import write_atomic
from ..rules.ruleset import is_bundled, load_ruleset, parse_option_assignments

KNOB_REFUSED = ("record writes a game log, and a log holds table options only (thief=true), not knob "
                "changes like {knob}: put them in a ruleset file (see examples/house.toml) and give -r FILE")


def _ruleset_ref_for(out: str, ref: str, base: Path | None = None) -> str:
    """The ``ruleset`` to write into OUT: a bundled name as is, a path relative to OUT's folder."""
    if is_bundled(ref):
        return ref
    path = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
    return Path(os.path.relpath(path.resolve(), Path(out).resolve().parent)).as_posix()


def _validate_or_raise(path: str, log, ruleset, options) -> None:
    from ..engine.replay import replay

    collected: list[BidsError] = []
    replay(log, ruleset, options, collect=collected, allow_partial=True)
    if collected:
        raise collected[0]


def open_recorder(out: str, *, names: str | None, ruleset_ref: str | None, option_pairs: Sequence[str],
                  leader: str | None, deal_path: str | None, rounds: int | None, resume: bool, force: bool,
                  interactive: bool) -> Recorder:
    """The recorder for ``bids record OUT ...``; the file is written at once (claiming OUT).

    Raises ValueError for a wrong command line, BidsError for a file that cannot be used.
    """
    from ..log.load import read, resolve_ruleset
    from ..sim.deal import parse_names

    options, knobs = parse_option_assignments(list(option_pairs))
    if knobs:
        raise ValueError(KNOB_REFUSED.format(knob=next(iter(knobs))))
    exists = os.path.lexists(out)
    if resume:
        if names is not None or deal_path is not None:
            raise ValueError("--resume takes the players and the deal from OUT: leave out --players and --deal")
        if force:
            raise ValueError("--resume goes on with OUT and --force starts it over: give one of them")
        if not exists:
            raise LogStructureError("no such file: --resume goes on with a log `bids record` saved", file=out)
        log = read(out)
        ruleset = resolve_ruleset(log, ruleset_ref)
        opts = {**log.options, **options}
        _validate_or_raise(out, log, ruleset, opts)
        ref = _ruleset_ref_for(out, ruleset_ref) if ruleset_ref else log.ruleset
        rec = Recorder(out, ref, ruleset, log.players, opts, rounds_of(log), interactive=interactive,
                       game_rounds=rounds)
        if leader is not None:
            msg = rec.choose_leader(leader)
            if msg.error:
                raise ValueError(msg.lines[0])
        write_atomic(out, rec.text(), force=True)
        return rec
    if exists and not force:
        raise LogStructureError("exists: not starting over it (--resume goes on with it, --force replaces it)",
                                file=out)
    if deal_path is not None:
        log = read(deal_path)
        ruleset = resolve_ruleset(log, ruleset_ref)
        opts = {**log.options, **options}
        _validate_or_raise(deal_path, log, ruleset, opts)
        if names is not None and tuple(parse_names(names, None)) != log.players:
            raise ValueError(f"--players {names} but the deal seats {','.join(log.players)}")
        if ruleset_ref is not None:
            ref = _ruleset_ref_for(out, ruleset_ref)
        elif log.ruleset is not None:
            ref = _ruleset_ref_for(out, log.ruleset, Path(deal_path).parent)
        else:
            ref = None
        players, entries = log.players, rounds_of(log)
    else:
        if names is None:
            raise ValueError("give --players A,B,C (seating order), or --deal DEAL.toml, or --resume")
        if ruleset_ref is None:
            raise ValueError("give -r RULESET (italian, english, spanish, japanese or a path)")
        players = parse_names(names, None)
        ruleset = load_ruleset(ruleset_ref)
        ref, opts, entries = _ruleset_ref_for(out, ruleset_ref), options, [RoundEntry(added=False)]
    rec = Recorder(out, ref, ruleset, players, opts, entries, interactive=interactive, game_rounds=rounds)
    if leader is not None:
        msg = rec.choose_leader(leader)
        if msg.error:
            raise ValueError(msg.lines[0])
    write_atomic(out, rec.text(), force=force)
    return rec


def _saver(rec: Recorder) -> Callable[[], None]:
    def save() -> None:
        write_atomic(rec.file, rec.text(), force=True)
    return save


def run_script(rec: Recorder, lines: Iterable[str], err: TextIO) -> int:
    """Standard input is not a terminal: every outcome on ``err``, exit 1 if any line was refused."""
    save = _saver(rec)
    failed = False
    for number, line in enumerate(lines, 1):
        out = rec.feed(line)
        if out.save:  # saved before it is shown: what the table has seen is on disk
            save()
        if out.error:
            failed = True
            head = f"input line {number}: "  # the echo fits the line's 100 columns
            err.write(f"{head}{shown(line.strip(), WIDTH - len(head))}\n")
        err.writelines(text + "\n" for text in out.lines)
        err.flush()
        if out.done:
            break
    err.write(goodbye(rec))
    return 1 if failed else 0


def welcome(rec: Recorder) -> str:
    return clean(f"Recording {rec.file}: {', '.join(rec.players)} under {rec.ruleset.name}; "
                 "'help' for the forms and commands.\n")


def goodbye(rec: Recorder) -> str:
    n = rec.played()
    state = "the game is complete" if rec.game_over() else "go on with: bids record " + rec.file + " --resume"
    return clean(f"saved {rec.file} ({n} trick{'s' if n != 1 else ''}); {state}\n")


def run_terminal(rec: Recorder, out: TextIO) -> int:
    """A person at a terminal: prompt_toolkit line editing, history and Tab completion."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import InMemoryHistory

    save = _saver(rec)
    completer = WordCompleter(rec.words(), ignore_case=True, sentence=False, WORD=True)
    session: PromptSession = PromptSession(history=InMemoryHistory(), completer=completer,
                                           complete_while_typing=False)
    out.write(welcome(rec))
    code = 0
    while True:
        try:
            line = session.prompt(clean(rec.prompt()))
        except EOFError:
            break
        except KeyboardInterrupt:
            code = 130
            break
        result = rec.feed(line)
        if result.save:
            save()
        out.writelines(text + "\n" for text in result.lines)
        out.flush()
        if result.done:
            break
    out.write(goodbye(rec))
    return code
