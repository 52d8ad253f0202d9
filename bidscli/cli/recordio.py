"""The drivers of ``bids record``: opening the game, then a terminal or a pipe.

:class:`bidscli.app.record.Recorder` decides; this module reads lines, shows the
outcomes and writes the file (through :func:`bidscli.files.safe.write_atomic`, after
every change). No click here: ``cli.py`` turns ``ValueError`` into a usage error
(exit 2) and ``BidsError`` into exit 1.

One writer, and no trick lost (docs/record.md, "Never losing a game"): a
:class:`Session` holds a lock beside the log for as long as it records
(:func:`bidscli.files.lock_beside`), and saves only over the very file it last
wrote (``write_atomic(expect=...)``: never through a symlink, never over an
edit). A save that fails or is refused leaves the game in memory, says what
is not saved and how to go on (``save``, ``save NEWFILE``, ``reload``); what
was never saved is listed at the end. Lines are read in bounded memory, cut at
:data:`bidscli.record.MAX_TYPED` characters while they are read.

Interactive input uses prompt_toolkit rather than the standard ``readline``:
readline is missing on some platforms (Windows) and is libedit on macOS, where
completion needs other settings; prompt_toolkit gives the same line editing,
history and Tab completion everywhere, in pure Python, and is well kept.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..app.record import MAX_TYPED, Recorder, RoundEntry
from ..app.recordfile import KNOB_REFUSED, meta_rounds, rounds_of
from ..app.recordfile import lock_for as _lock
from ..app.recordfile import read_log as _read_log
from ..app.recordfile import resumed as _resumed
from ..app.recordfile import ruleset_ref_for as _ruleset_ref_for
from ..app.recordfile import today as _today
from ..app.recordfile import validate_or_raise as _validate_or_raise
from ..app.recordlines import (
    ECHO,
    WIDTH,
    Line,
    Outcome,
    Remark,
    clean,
    screen_lines,
    width,
)
from ..core.errors import BidsError, LogStructureError
from ..core.i18n import Grouped, Listed, Message, PluralMessage, output_language
from ..core.sanitize import quoted, shorten, terminal, text_problem
from ..core.workers import Stopped
from ..files.lock import Lock, lock_name
from ..files.refused import FileError, cwd_gone
from ..files.safe import (
    FileChanged,
    Fingerprint,
    SignalsHeld,
    changed,
    write_atomic,
)
from ..report.table import display_width
from ..report.table import wrap as wrap_lines
from ..rules.ruleset import is_bundled, load_ruleset, parse_option_assignments


def _count(n: int) -> Message:
    return PluralMessage("{n} trick", "{n} tricks", n)


def _describe(change: tuple) -> str:
    return change[1] if change[0] == "trick" else " ".join(change)  # as typed (a line, or a command)


def _line(message: Message) -> Remark:
    """A message on one line, never wrapped."""
    return Remark(message, hang=None)


NO_SUCH_FILE = Message("no such file: --resume goes on with a log `bids record` saved")


def file_name_problem(name: str) -> Message | None:
    """Why the recorder refuses ``name`` for the log it records, or None. Its messages name the
    file on every save, so a name is one line of text it prints as written: no control
    character and no line break (a name "g\\nWinner: ..." printed a forged line)."""
    why = text_problem(name, 4096)
    if why is None:
        return None
    return Message("the file name '{name}' {why}: record names its file in every message (give another name)",
                   name=quoted(name), why=why)


class Session:
    """One recording session: the recorder, the lock on its file, what it last wrote there, and
    the changes typed since (a journal: empty unless a save failed or was refused)."""

    def __init__(self, rec: Recorder, lock: Lock, written: Fingerprint, rounds: int | None = None,
                 notes: Sequence[Line] = (), untouched: bool = False) -> None:
        self.rec = rec
        self.lock = lock
        self.written = written  # the file as this session last wrote it (or read it, for --resume)
        self.saved = rec.played()  # tricks in that file
        self.saved_text = rec.text()  # and its text
        self.journal: list[tuple] = []  # changes not in the file, oldest first (each one a typed line)
        self.rounds = rounds  # --rounds, for reload
        self.notes = list(notes)
        self.failed = False  # a save failed or was refused: the exit code says so
        self.quit_warned = False
        self.intact = True  # at the end: the file holds the last save, and nothing typed is missing
        self.untouched = untouched  # --resume: nothing written into the file yet, it is as it was read

    @property
    def file(self) -> str:
        return self.rec.file

    def close(self) -> None:
        self.lock.release()

    # -- one line --------------------------------------------------------------------------------
    def handle(self, line: str, length: int | None = None) -> Outcome:
        out = self.rec.feed(line, length)
        if out.change is not None:
            if out.change == ("undo",) and self.journal and self.journal[-1][0] == "trick":
                self.journal.pop()  # the trick never reached the file: nothing left to carry
            else:
                self.journal.append(out.change)
        if out.save:
            if self.rec.text() != self.saved_text:
                self._save(out)
            else:  # back to what the file holds (an undo of a trick never saved): nothing to carry
                self.journal.clear()
        if out.request is not None:
            self._request(out, out.request)
        if out.done and self.journal and not self.quit_warned:
            self.quit_warned = True
            out.done, out.error = False, True
            if len(self.journal) == 1:
                out.said.append(Message("{pending} not saved in {file}: `save NEWFILE` keeps it in a new file; "
                                         "quit again to leave without saving (what is not saved is listed then)",
                                         pending=self._pending(), file=self.file))
            else:
                out.said.append(Message("{pending} not saved in {file}: `save NEWFILE` keeps them in a new file; "
                                         "quit again to leave without saving (what is not saved is listed then)",
                                         pending=self._pending(), file=self.file))
        return out

    def _pending(self) -> Message:
        """What is not saved, as the subject of a sentence ("the trick typed is")."""
        n = len(self.journal)
        if n == 1:
            kind = self.journal[0][0]
            if kind == "trick":
                return Message("the trick typed is")
            if kind == "undo":
                return Message("the undo is")
            return Message("the leader chosen is")
        return Message("{n} changes typed since the last save are", n=n)

    def _save(self, out: Outcome) -> bool:
        """Save now, over the file as last written; on failure, say so in ``out``."""
        try:
            with SignalsHeld():  # a signal acts once the session knows what is on disk
                text = self.rec.text()
                self.written = write_atomic(self.file, text, expect=self.written)
                self.saved, self.saved_text = self.rec.played(), text
                self.journal.clear()
                self.untouched = False
        except BidsError as exc:
            self.failed = out.error = True
            out.said.append(Message("not saved: {error}", error=str(exc)))
            if isinstance(exc, FileChanged):
                out.said.append(Remark(Message("{pending} kept here: `save NEWFILE` saves the game into a new file and "
                                              "goes on there; `reload` reads {file} as it is now and types again "
                                              "what it lacks", pending=self._pending(), file=self.file),
                                      indent="  ", hang="  "))
            else:
                out.said.append(Remark(Message("{pending} kept here; {file} holds the {count} saved before: `save` "
                                              "tries again (so does the next trick), `save NEWFILE` saves into a "
                                              "new file and goes on there; after quitting, bids record {file} "
                                              "--resume goes on from its {count}", pending=self._pending(),
                                              file=self.file, count=_count(self.saved)),
                                      indent="  ", hang="  "))
            return False
        return True

    def _request(self, out: Outcome, request: tuple) -> None:
        if request[0] == "reload":
            self._reload(out)
            return
        name = request[1]
        why = file_name_problem(name) if name else None
        if why is not None:
            out.error = self.failed = True
            out.said.append(Message("not saved: {error}", error=why))
            return
        if not name or os.path.abspath(name) == os.path.abspath(self.file) and os.path.lexists(name):
            if self._save(out):
                out.said.append(_line(Message("saved {file} ({count})", file=self.file, count=_count(self.saved))))
            return
        self._save_as(name, out)

    def _save_as(self, name: str, out: Outcome) -> None:
        """``save NEWFILE``: the game into a new file, which this session records into from now on."""
        old, rec = self.file, self.rec
        if os.path.lexists(name):
            out.error = self.failed = True
            out.said.append(Message("not saved: {file}: exists: save NEWFILE writes only a new file (give "
                                     "another name)", file=name))
            return
        same_lock = lock_name(os.path.abspath(name)) == lock_name(os.path.abspath(old))
        ref = rec.ruleset_ref
        try:
            lock = self.lock if same_lock else _lock(name)
        except BidsError as exc:
            out.error = self.failed = True
            out.said.append(Message("not saved: {error}", error=str(exc)))
            return
        try:
            with SignalsHeld():
                if ref is not None and not is_bundled(ref):  # written relative to the log's folder
                    rec.ruleset_ref = _ruleset_ref_for(name, ref, Path(old).parent)
                text = rec.text()
                written = write_atomic(name, text)  # a new file only, never over anything
                if not same_lock:
                    self.lock.release()
                self.lock, self.written, rec.file = lock, written, name
                self.saved, self.saved_text = rec.played(), text
                self.journal.clear()
                self.untouched = False
        except BidsError as exc:
            rec.ruleset_ref = ref
            if not same_lock:
                lock.release()
            out.error = self.failed = True
            said, force = str(exc), " (use --force to replace it)"  # files.safe's words (English so far)
            if said.endswith(force):  # a new file only: another name, never --force
                out.said.append(Message("not saved: {error}: give another name", error=said[: -len(force)]))
            else:
                out.said.append(Message("not saved: {error}", error=said))
            return
        if same_lock:  # the very name again (it was gone)
            out.said.append(_line(Message("saved {file} ({count})", file=name, count=_count(self.saved))))
        else:
            out.said.append(Message("saved {file} ({count}); recording into {file} from now on ({old} is left as "
                                     "it was)", file=name, count=_count(self.saved), old=old))

    def _reload(self, out: Outcome) -> None:
        """``reload``: the file as it is on disk now, then the changes it lacks typed again."""
        old = self.rec
        try:
            log, seen = _read_log(self.file)
            rec = _resumed(self.file, log, None, {}, self.rounds, old.interactive)
        except BidsError as exc:
            out.error = self.failed = True
            out.said.append(Message("cannot reload: {error}", error=str(exc)))
            return
        rec.typed, rec.at = old.typed, old.at
        carried, self.journal = self.journal, []
        self.rec, self.written, self.saved, self.saved_text = rec, seen, rec.played(), rec.text()
        out.said.append(_line(Message("reloaded {file} ({count})", file=self.file, count=_count(self.saved))))
        for change in carried:
            again = rec.retype(change)
            out.said.append(Message("typed again: {change}", change=_describe(change)))
            out.said += ["  " + x for x in screen_lines(again.said)]
            if again.error:
                out.error = True
                out.said.append(Remark(Message("(not recorded: type it again as it should be)"), indent="  "))
            elif again.change is not None:
                self.journal.append(again.change)
        if self.journal and self._save(out):
            out.said.append(_line(Message("saved {file} ({count})", file=self.file, count=_count(self.saved))))

    # -- the end ---------------------------------------------------------------------------------
    def goodbye(self) -> str:
        """What is on disk, and what is not: the last words of a session."""
        rec, name = self.rec, self.file
        why = changed(name, self.written)
        self.intact = why is None and not self.journal
        head: list[Line]
        if why is not None:
            head = [Message("{file} {why}: it holds what was put there, not the {count} last saved", file=name,
                            why=why, count=_count(self.saved))]
        elif self.journal:
            head = [Message("{file} holds {count}, as last saved", file=name, count=_count(self.saved))]
        else:
            return clean(_saved(name, self.saved, rec.game_over(), self.untouched).text() + "\n")
        lines = screen_lines(head)
        if self.journal:
            n = len(self.journal)
            lines += screen_lines([PluralMessage("NOT saved: the change typed after that (type it again after "
                                                 "`bids record {file} --resume`):",
                                                 "NOT saved: the {n} changes typed after that (type them again "
                                                 "after `bids record {file} --resume`):", n, file=name)])
            lines += [clean("  " + _describe(c)) for c in self.journal]
        return "".join(x + "\n" for x in lines)


def _saved(name: str, n: int, complete: bool, untouched: bool = False) -> Message:
    """The last line of a session where everything was saved."""
    count = _count(n)
    if untouched:
        if complete:
            return Message("left as it was {file} ({count}); the game is complete", file=name, count=count)
        return Message("left as it was {file} ({count}); go on with: bids record {file} --resume", file=name,
                       count=count)
    if complete:
        return Message("saved {file} ({count}); the game is complete", file=name, count=count)
    return Message("saved {file} ({count}); go on with: bids record {file} --resume", file=name, count=count)


def open_recorder(out: str, *, names: str | None, ruleset_ref: str | None, option_pairs: Sequence[str],
                  leader: str | None, deal_path: str | None, rounds: int | None, resume: bool, force: bool,
                  interactive: bool, log_lang: str | None = None) -> Session:
    """The session for ``bids record OUT ...``: OUT locked, and written at once (claiming it);
    with ``--resume``, written only when the command line changes the game (-r, -o, --rounds,
    --leader), else left as it is until a change is typed.

    ``log_lang``: the card words typed and written (``--log-lang``); by default a resumed log's
    own, a deal's own, else the output language's (issue 34 item 3).

    Raises ValueError for a wrong command line, BidsError for a file that cannot be used. The
    lock is released again when opening fails; the caller closes the session it gets.
    """
    from ..sim.deal import parse_names

    options, knobs = parse_option_assignments(list(option_pairs))
    if knobs:
        raise ValueError(KNOB_REFUSED.format(knob=next(iter(knobs))))
    if resume:
        if names is not None or deal_path is not None:
            raise ValueError(Message("--resume takes the players and the deal from OUT: leave out --players and "
                                     "--deal"))
        if force:
            raise ValueError(Message("--resume goes on with OUT and --force starts it over: give one of them"))
    elif deal_path is None:
        if names is None:
            raise ValueError(Message("give --players A,B,C (seating order), or --deal DEAL.toml, or --resume"))
        if ruleset_ref is None:
            raise ValueError(Message("give -r RULESET (italian, english, spanish, japanese or a path)"))
    if not out:
        raise FileError(Message("an empty file name: expected a path to record into (e.g. friday.toml)"))
    why = file_name_problem(out)
    if why is not None:
        raise ValueError(why)
    if resume and not os.path.lexists(out):
        if cwd_gone(out):
            raise FileError(Message("cannot read: the current folder no longer exists (deleted or moved away): cd to "
                                    "a folder that exists"), file=out)
        raise LogStructureError(NO_SUCH_FILE, file=out)
    lock = _lock(out)  # before anything is read or written: a second recorder stops here
    try:
        return _open(out, lock, names=names, ruleset_ref=ruleset_ref, options=options, leader=leader,
                     deal_path=deal_path, rounds=rounds, resume=resume, force=force, interactive=interactive,
                     parse_names=parse_names, log_lang=log_lang)
    except BaseException:
        lock.release()
        raise


def _open(out: str, lock: Lock, *, names, ruleset_ref, options, leader, deal_path, rounds, resume, force,
          interactive, parse_names, log_lang) -> Session:
    from ..log.load import read, resolve_ruleset

    notes: list[Line] = [] if lock.path is not None else [_line(Message(
        "note: {file} cannot be locked here (the system or its file system has no locks): nothing keeps a second "
        "recorder out, but no save goes over a file changed meanwhile", file=out))]
    exists = os.path.lexists(out)
    if resume:
        if not exists:
            raise LogStructureError(NO_SUCH_FILE, file=out)
        log, seen = _read_log(out)
        rec = _resumed(out, log, ruleset_ref, options, rounds, interactive, log_lang)
        if leader is not None:
            msg = rec.choose_leader(leader)
            if msg.error:
                raise ValueError(str(msg.said[0]))
        untouched = ruleset_ref is None and not options and rounds is None and leader is None
        if untouched:
            written = seen  # nothing changed since it was read: the file stays as it is, comments and all
        else:  # the command line changed the game: its log in the canonical form, over what was read
            written = write_atomic(out, rec.text(), expect=seen)
        if rec.played():  # where the game stands, before the next trick is typed
            notes += [_line(Message("Final standings:") if rec.game_over() else Message("Standings so far:")),
                      *rec.standings().said]
        if (rounds is None and meta_rounds(log) is None and not rec.game_over() and log.rounds
                and len(log.rounds[-1].tricks) >= rec.tricks):
            # A log written by hand keeps no game length; `bids score` scores it as it is, so say
            # what the recorder takes, and how to stop or say otherwise.
            n = len(log.rounds)
            notes.append(_line(Message("note: {file} does not say how many rounds the game has: recording up to "
                                       "{rounds} (game.rounds of {ruleset}); if the game ended after round {n}, "
                                       "quit here, or give --rounds N", file=out, rounds=rec.game_rounds,
                                       ruleset=rec.ruleset.name, n=n)))
        return Session(rec, lock, written, rounds, [*notes, *rec.legend()], untouched=untouched)
    if exists and not force:
        raise LogStructureError(Message("exists: not starting over it (--resume goes on with it, --force replaces "
                                        "it)"), file=out)
    if deal_path is not None:
        log = read(deal_path)
        ruleset = resolve_ruleset(log, ruleset_ref)
        opts = {**log.options, **options}
        _validate_or_raise(deal_path, log, ruleset, opts)
        if names is not None and tuple(parse_names(names, None)) != log.players:
            raise ValueError(Message("--players {names} but the deal seats {seats}", names=names,
                                     seats=",".join(log.players)))
        if ruleset_ref is not None:
            ref = _ruleset_ref_for(out, ruleset_ref)
        elif log.ruleset is not None:
            ref = _ruleset_ref_for(out, log.ruleset, Path(deal_path).parent)
        else:
            ref = None
        players, entries = log.players, rounds_of(log)
        log_lang = log_lang or log.lang
    else:
        players = parse_names(names, None)
        ruleset = load_ruleset(ruleset_ref)
        ref, opts, entries = _ruleset_ref_for(out, ruleset_ref), options, [RoundEntry(added=False)]
    rec = Recorder(out, ref, ruleset, players, opts, entries, interactive=interactive, game_rounds=rounds,
                   date=_today(), log_lang=log_lang or output_language())
    if leader is not None:
        msg = rec.choose_leader(leader)
        if msg.error:
            raise ValueError(str(msg.said[0]))
    # --force starts over a regular file only: never through a symlink (the session's saves
    # could not follow it either).
    written = write_atomic(out, rec.text(), force=force, follow=False)
    return Session(rec, lock, written, rounds, [*notes, *rec.legend()])


# -- standard streams and signals ------------------------------------------------------------------


def stop_on_signals() -> Callable[[], None]:
    """SIGTERM and SIGHUP (a closed terminal) end the session as Ctrl-C does: what is saved is
    said, the lock is released. A save under way finishes first (files.write_atomic holds them).
    Returns what puts the handlers that were there back."""
    import signal

    def stop(signum, frame):
        raise Stopped(signum)

    old = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not None:
            old[signum] = signal.signal(signum, stop)

    def restore() -> None:
        for signum, handler in old.items():
            signal.signal(signum, handler)
    return restore


def fill_closed_fds() -> set[int]:
    """Standard descriptors (0, 1, 2) that were closed, now open on the null device: so that no
    file the session opens (its lock, a temporary file) takes one of their numbers."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
            try:
                new = os.open(os.devnull, os.O_RDWR)
            except OSError:
                continue
            if new != fd:
                os.dup2(new, fd)
                os.close(new)
    return closed


class OutputGone(Exception):
    """The stream the results go to cannot be written (closed, a full device, a hung-up terminal)."""

    def __init__(self, name: Message, exc: BaseException) -> None:
        super().__init__(name)
        self.name = name
        self.reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


class _Out:
    """A text stream whose failures are one plain exception, not an internal error. Everything
    the recorder shows goes through it, made safe to print (sanitize.terminal: the standings and
    the end-of-game table quote the ruleset's name and the players' names)."""

    def __init__(self, stream: TextIO, name: Message) -> None:
        self.stream, self.name = stream, name

    def write(self, text: str) -> None:
        text = terminal(text)
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError, AttributeError) as exc:
            raise OutputGone(self.name, exc) from None


def read_lines(stream, limit: int = MAX_TYPED, keep: int = ECHO) -> Iterator[tuple[str, int | None]]:
    """The lines of ``stream``, each read in bounded memory: (line, None), or for a line of more
    than ``limit`` characters (line ending left out) (its first and last ``keep`` characters, its
    length), the rest never held. Bytes that are not text come as lone surrogates (shown \\xff)."""
    import codecs

    read: Callable[[int], Any]  # bytes from the stream's buffer, else str
    nl: Any
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        read, nl = buffer.readline, b"\n"
        decode = codecs.getincrementaldecoder(getattr(stream, "encoding", None) or "utf-8")(
            errors="surrogateescape").decode
    else:
        read, nl, decode = stream.readline, "\n", None
    chunk = 1 << 16
    while True:
        head, tail, n, started, ended = "", "", 0, False, False
        while not ended:
            part = read(chunk)
            ended = not part or part.endswith(nl)
            if not part and not started:
                return
            started = True
            if part.endswith(nl):
                part = part[:-1]
            text = decode(part, final=ended) if decode is not None else part
            n += len(text)
            if len(head) <= limit:
                head += text[: limit + 1 - len(head)]
            tail = (tail + text)[-keep:]
        if n <= limit:
            yield head, None
        else:
            yield head[:keep] + tail, n


def run_script(session: Session, lines: TextIO, err: TextIO) -> int:
    """Standard input is not a terminal: every outcome on ``err``, exit 1 if any line was refused
    or any change is not saved."""
    out = _Out(err, Message("standard error"))
    failed = False
    number = 0
    try:
        for note in screen_lines(session.notes):
            out.write(note + "\n")
        for number, (line, length) in enumerate(read_lines(lines), 1):
            result = session.handle(line, length)  # saved before it is shown: what was seen is on disk
            if result.error:
                failed = True
                head = Message("input line {n}", n=number).text() + ": "  # the echo fits the terminal's line
                echo = shorten(line if length else line.strip(), WIDTH - display_width(head), escaped=True, length=length)
                out.write("".join(x + "\n" for x in wrap_lines(head + echo, width(), hang="    ")))
            out.write("".join(x + "\n" for x in screen_lines(result.said)))
            if result.done:
                break
        out.write(session.goodbye())
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: say what is saved, then stop
        try:
            out.write(Message("interrupted").text() + "\n" + session.goodbye())
        except OutputGone:
            pass
        return 128 + getattr(exc, "signum", 2)
    except OutputGone as exc:
        _last_word(Message("error: {stream} cannot be written ({reason}): stopped at input line {n}; {state}",
                           stream=exc.name, reason=exc.reason, n=number,
                           state=session.goodbye().rstrip("\n")).text())
        return 1
    return 1 if failed or session.failed or not session.intact else 0


def _last_word(text: str) -> None:
    """A message when the results' own stream is gone: on standard output, if it is there."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.write(clean(text) + "\n")
            stream.flush()
            return
        except (OSError, ValueError, AttributeError):
            continue


def welcome(rec: Recorder) -> str:
    return clean(Message("Recording {file}: {players} under {ruleset}; 'help' for the forms and commands.",
                         file=rec.file, players=Listed(rec.players, ","), ruleset=rec.ruleset.name).text() + "\n")


def goodbye(rec: Recorder) -> str:
    """The last line of a session where everything was saved (the docs' transcript)."""
    return clean(_saved(rec.file, rec.played(), rec.game_over()).text() + "\n")


class _Cap:
    """The line being edited at the terminal holds at most MAX_TYPED + 1 characters: what is
    typed or pasted past that is dropped as it comes, and counted (the line is refused with its
    real length). The prompt says so while the line is cut (a bottom toolbar would not show on
    a terminal that does not report its cursor position)."""

    def __init__(self) -> None:
        self.over = 0

    def __call__(self, buffer) -> None:
        from prompt_toolkit.document import Document

        text = buffer.text
        if len(text) > MAX_TYPED + 1:
            self.over += len(text) - (MAX_TYPED + 1)
            buffer.document = Document(text[: MAX_TYPED + 1], min(buffer.cursor_position, MAX_TYPED + 1))
        elif len(text) <= MAX_TYPED:
            self.over = 0  # edited back within the limit: the line is what it shows

    def message(self, prompt: str):
        """The prompt to show: ``prompt``, with a note in front while the line is cut."""
        def text() -> str:
            if not self.over:
                return prompt
            return Message("[cut at {most} characters, {over} more dropped: Enter refuses it] {prompt}",
                           most=Grouped(MAX_TYPED), over=Grouped(self.over), prompt=prompt).text()
        return text


def _key_bindings():
    """Keys the recorder handles itself: a mouse report is typed text here (mouse support is off),
    so one that is malformed (ESC[31m, ESC[<0;1M typed or pasted) is dropped, not a traceback."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    kb = KeyBindings()

    @kb.add(Keys.Vt100MouseEvent, eager=True)
    def _ignore(event) -> None:
        pass

    return kb


def typed_lines(text: str, over: int = 0) -> list[tuple[str, int | None]]:
    """What one Enter at the prompt gave, as the lines the table meant: (line, real length).

    Lines pasted together (a terminal's bracketed paste puts them in the one line being
    edited) are each a line, as they are through a pipe: two trick lines are two tricks, never
    one of seven cards. A blank line in a paste is passed over, as a blank line typed is. A line
    cut at the limit while it was typed (``over`` characters dropped) is one line, refused."""
    if over:
        return [(text, len(text) + over)]
    parts = text.splitlines()
    if len(parts) <= 1:
        return [(text, None)]
    return [(part, None) for part in parts if part.strip()]


def run_terminal(session: Session, out: TextIO) -> int:
    """A person at a terminal: prompt_toolkit line editing, history and Tab completion."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import InMemoryHistory

    screen = _Out(out, Message("the terminal"))
    completer = WordCompleter(lambda: session.rec.words(), ignore_case=True, sentence=False, WORD=True)
    # The history starts with the log's own trick lines: it survives --resume (Up recalls them).
    history = InMemoryHistory()
    for rnd in session.rec.rounds:
        for trick in rnd.tricks:
            history.append_string(trick)
    prompt: PromptSession = PromptSession(history=history, completer=completer,
                                          complete_while_typing=False, key_bindings=_key_bindings())
    cap = _Cap()
    prompt.default_buffer.on_text_changed += cap
    code = 0
    try:
        screen.write(welcome(session.rec) + "".join(clean(x) + "\n" for x in screen_lines(session.notes)))
        while True:
            cap.over = 0
            try:
                line = prompt.prompt(cap.message(clean(session.rec.prompt())))
            except EOFError:
                break
            except Stopped:  # SIGTERM, SIGHUP: below
                raise
            except KeyboardInterrupt:  # Ctrl-C at the prompt (a key there, not a signal)
                code = 130
                break
            done = False
            for part in typed_lines(line, cap.over):
                result = session.handle(*part)
                screen.write("".join(x + "\n" for x in screen_lines(result.said)))
                if result.done:
                    done = True
                    break
            if done:
                break
        screen.write(session.goodbye())
    except KeyboardInterrupt as exc:  # SIGTERM, SIGHUP (the terminal closed), Ctrl-C from outside
        try:
            screen.write("\n" + Message("interrupted").text() + "\n" + session.goodbye())
        except OutputGone:
            pass
        return 128 + getattr(exc, "signum", 2)
    except OutputGone:
        return 1
    return code or (0 if session.intact else 1)
