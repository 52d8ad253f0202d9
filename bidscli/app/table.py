"""The games of a folder as the table's phones keep them (``bids serve``; the contract is serve.md).

A :class:`Folder` lists the ``.toml`` logs directly in one folder and holds a :class:`TableGame`
for each one asked for. A table game is the recorder of ``bids record`` (``app/record.py``)
driven by requests instead of typed lines: the same checks and messages (``Recorder.trial``),
the same log text, the same lock and the same rule for saving (``app/recordfile.py``: only over
the file last written or read, never through a symlink). Everything here is plain data in and
plain data out: the web layer (``cli/web.py``) turns it into HTTP.

- The *version* of a game is derived from the log's content (the first 16 hex digits of its
  SHA-256): a write names the version it was made against, so a second phone, a restart or
  another program's edit of the file turns a stale write into a conflict, never a lost trick.
- The in-memory game is always the file on disk: a failed save reads the file again.
- Games are named by the folder's listing (an ``id`` made from the file's name), never by a
  path from a request: no file outside the folder is read or written.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from typing import Any

from ..core.errors import BidsError, LogStructureError
from ..core.i18n import N_, Message, PluralMessage, output_language, set_language, text
from ..core.sanitize import MAX_MESSAGE, shorten
from ..files.refused import FileError
from ..files.safe import FileChanged, Fingerprint, SignalsHeld, read_own, write_atomic
from ..log.reader import MAX_TITLE  # a served game's title is a log's title (its bound)
from .record import Recorder, RoundEntry
from .recordfile import KNOB_REFUSED, LANGS, lock_for, parse_log, resumed, today
from .recordresults import round_summary, verdict

MAX_GAMES = 1000  # logs listed from one folder, at most (the listing says when it stops there)
STALE = N_("the game changed since that version (another phone, or the file): here it is as it stands now")
MAX_LOADED = 16  # games kept loaded beyond those watched (each holds its recorder and its state)
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


class Answer(Exception):
    """An answer other than 200: an HTTP status and its JSON body."""

    def __init__(self, status: int, body: dict) -> None:
        super().__init__(status)
        self.status, self.body = status, body


def refused(status: int, *messages: Message | str, line: str | None = None) -> Answer:
    """A refusal: each message worded in the language of the request (``in_language``)."""
    return Answer(status, {"errors": [{"message": text(m), "line": line} for m in messages]})


@contextmanager
def in_language(lang: str):
    """Every text worded in ``lang`` while a request is answered (the server answers one request
    at a time on its one thread, so the output language is the request's for that time)."""
    before = set_language(lang if lang in LANGS else "en")
    try:
        yield
    finally:
        set_language(before)


def game_id(name: str) -> str:
    """A URL-safe id for a file name: its stem when that is safe, else a readable part and a
    hash of the whole name after '~' (a character no plain stem has: ids never collide)."""
    stem = name.removesuffix(".toml")
    if _SAFE_ID.match(stem):
        return stem
    raw = os.fsencode(name)
    slug = _UNSAFE.sub("-", stem).strip("-")[:40]
    return f"{slug}~{hashlib.sha256(raw).hexdigest()[:10]}"


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _shown_name(name: str) -> str:
    from ..core.sanitize import path_text

    return path_text(name)


def _message(exc: BidsError, name: str) -> str:
    """A problem with a file, located at its name in the folder (never a machine path)."""
    return str(exc.located(file=_shown_name(name)))


def _plain_name(value: Any, what: str) -> str:
    """A file name directly in the folder, from a request: refused (422) with a folder part,
    '..', a leading dot or a control character."""
    if not isinstance(value, str) or not value:
        raise refused(422, Message("{what}: expected a file name (e.g. friday.toml)", what=what))
    if "/" in value or "\\" in value or value in (".", "..") or value.startswith(".") or "\x00" in value:
        raise refused(422, Message("{what}: a file directly in the folder served, without a folder part or a "
                                   "leading dot (e.g. friday.toml)", what=what))
    if not value.isprintable() or len(os.fsencode(value)) > 255:
        raise refused(422, Message("{what}: not a usable file name (printable characters, at most 255 bytes)",
                                   what=what))
    return value


class Folder:
    """The folder served: its logs, listed and opened by id."""

    def __init__(self, root: str) -> None:
        self.root = root
        # The games loaded, by file name, the most recently asked for last: at most MAX_LOADED
        # beyond those in use (``busy``: watched), so memory stays flat over any number of games.
        self.games: OrderedDict[str, TableGame] = OrderedDict()
        self.busy: Callable[[str], bool] = lambda name: False
        self.summaries: dict[str, tuple] = {}  # name -> (stamp, summary): the listing of games let go

    # -- the listing --------------------------------------------------------------------------
    def names(self) -> list[str]:
        """The ``.toml`` regular files directly in the folder (not through a symlink, not hidden),
        in name order, at most MAX_GAMES."""
        out = []
        try:
            with os.scandir(self.root) as it:
                for entry in it:
                    if entry.name.startswith(".") or not entry.name.endswith(".toml"):
                        continue
                    try:
                        if entry.is_file(follow_symlinks=False):
                            out.append(entry.name)
                    except OSError:
                        continue
        except OSError as exc:
            raise refused(500, Message("the folder served cannot be read: {why}", why=exc.strerror or exc)) from None
        return sorted(out)[:MAX_GAMES]

    def listing(self) -> dict:
        games = [g for g in map(self.summary, self.names()) if g is not None]
        return {"games": games}

    def playable(self) -> list[str]:
        """The paths of the folder's games that load (their rulesets inside the folder): what the
        season page reads, never a file through a link or in another folder."""
        out = []
        for name in self.names():
            entry = self.summary(name)
            if entry is not None and not entry.get("error"):
                out.append(os.path.join(self.root, name))
        return out

    def rulesets(self) -> dict:
        """The rulesets a new game may name: the bundled ones and the ruleset files of the folder."""
        from ..rules.knobs import TABLE_OPTIONS
        from ..rules.ruleset import bundled_names, load_ruleset

        files = []
        for name in self.names():
            if self.summary(name) is not None:
                continue
            try:
                rs = load_ruleset(os.path.join(self.root, name))
            except BidsError:
                continue
            files.append({"file": name, "name": rs.name})
        return {"bundled": bundled_names(), "files": files, "options": list(TABLE_OPTIONS), "langs": list(LANGS)}

    def outside(self, ref: str | None, depth: int = 0) -> Message | None:
        """Why the ruleset ``ref`` (a log's ``ruleset``, a ruleset file's ``extends``) would be read
        from outside the folder, else None: only bundled rulesets and regular files directly in the
        folder are read, and a ruleset file's ``extends`` chain is followed here before anything
        loads it."""
        from ..rules.ruleset import MAX_EXTENDS, MAX_RULESET_BYTES, is_bundled

        if ref is None or is_bundled(ref):
            return None
        why = Message("ruleset {name}: bids serve reads only the bundled rulesets and the ruleset files directly "
                      "in the folder it serves", name=_shown_name(ref))
        if ("/" in ref or "\\" in ref or ref.startswith(".") or depth > MAX_EXTENDS
                or _stamp(os.path.join(self.root, ref)) is None):
            return why
        try:
            data, _ = read_own(os.path.join(self.root, ref), MAX_RULESET_BYTES, "ruleset")
            import tomllib

            extends = tomllib.loads(data.decode("utf-8")).get("extends")
        except (BidsError, UnicodeDecodeError, ValueError):
            return None  # not readable as a ruleset: loading it says why, in its own words
        return self.outside(extends, depth + 1) if isinstance(extends, str) else None

    def open(self, name: str) -> TableGame:
        game = self.games.get(name)
        if game is None:
            game = self.games[name] = TableGame(self, name)
            self._let_go()
        else:
            self.games.move_to_end(name)
            game.refresh()
        return game

    def _let_go(self) -> None:
        """Forget the games asked for longest ago, beyond MAX_LOADED, unless in use."""
        extra = len(self.games) - MAX_LOADED
        for name in list(self.games):
            if extra <= 0:
                break
            if not self.busy(name):
                game = self.games.pop(name)
                if game.stamp is not None and game.is_log and game.rec is not None:
                    self.summaries[name] = (game.stamp, game.summary())
                extra -= 1
        if len(self.summaries) > MAX_GAMES:
            self.summaries.clear()

    def summary(self, name: str) -> dict | None:
        """The listing's entry of a game (None for a file that is no log), without loading a
        game let go whose file is as it was then."""
        game = self.games.get(name)
        if game is None:
            kept = self.summaries.get(name)
            if kept is not None and kept[0] == _stamp(os.path.join(self.root, name)):
                return kept[1]
            game = self.open(name)
        else:
            game.refresh()
        return game.summary() if game.is_log else None

    def find(self, game_id_: str) -> TableGame:
        """The game of that id, as the listing names it (404 when there is none)."""
        for name in self.names():
            if game_id(name) == game_id_:
                game = self.open(name)
                if game.is_log:
                    return game
        raise refused(404, Message("no such game in this folder"))

    # -- a new game ---------------------------------------------------------------------------
    def create(self, body: Mapping) -> TableGame:
        """``POST /api/games``: a new log in the folder, claimed (never over an existing file)."""
        from ..rules.ruleset import is_bundled, load_ruleset, parse_option_assignments
        from ..sim.deal import parse_names

        if not isinstance(body, Mapping):
            raise refused(422, Message("expected a JSON object"))
        name = _plain_name(body.get("file"), "file")
        if not name.endswith(".toml"):
            raise refused(422, Message("file: a game log's name ends in .toml (e.g. friday.toml)"))
        players = body.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise refused(422, Message("players: expected a list of names in seat order (3 to 6)"))
        if any("," in p for p in players):
            raise refused(422, Message("players: a name may not hold ',' (log.md 'Players')"))
        try:
            names = parse_names(",".join(players), None)
        except ValueError as exc:
            raise refused(422, Message("players: {problem}", problem=exc.args[0])) from None
        ref = body.get("ruleset")
        if not isinstance(ref, str) or not ref:
            raise refused(422, Message("ruleset: expected a bundled ruleset (italian, english, spanish, japanese) "
                                       "or a ruleset file of this folder"))
        try:
            if is_bundled(ref):
                ruleset = load_ruleset(ref)
            else:
                ref = _plain_name(ref, "ruleset")
                if ref not in self.names():
                    raise refused(422, Message("ruleset: {name} is neither a bundled ruleset (italian, english, "
                                               "spanish, japanese) nor a ruleset file directly in this folder",
                                               name=_shown_name(ref)))
                why = self.outside(ref)
                if why is not None:
                    raise refused(422, why)
                ruleset = load_ruleset(os.path.join(self.root, ref))
        except BidsError as exc:
            raise refused(422, Message("ruleset: {problem}", problem=_message(exc, ref))) from None
        options = body.get("options") or {}
        if not isinstance(options, Mapping) or not all(isinstance(v, bool) for v in options.values()):
            raise refused(422, Message('options: expected table options, each true or false ({{"ally": true}})'))
        try:
            opts, knobs = parse_option_assignments([f"{k}={'true' if v else 'false'}" for k, v in options.items()])
        except (ValueError, BidsError) as exc:
            raise refused(422, Message("options: {problem}", problem=str(exc))) from None
        if knobs:
            raise refused(422, Message("options: {problem}", problem=KNOB_REFUSED.format(knob=next(iter(knobs)))))
        rounds = body.get("rounds")
        if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 1000):
            raise refused(422, Message("rounds: expected the number of rounds, 1 to 1000 (or null: the ruleset's)"))
        title = body.get("title")
        if title is not None:
            if not isinstance(title, str) or len(title) > MAX_TITLE or not title.isprintable():
                raise refused(422, Message("title: expected a line of text of at most {n} characters", n=MAX_TITLE))
            title = title.strip() or None
        lang = body.get("lang")
        if lang is not None and lang not in LANGS:
            raise refused(422, Message("lang: expected one of {langs}", langs=", ".join(LANGS)))
        # The log's card words: the table's language's, as `bids record` writes the output language's
        # (docs/log-format.md), unless card_lang says otherwise.
        card_lang = body.get("card_lang", lang or "en")
        if card_lang not in LANGS:
            raise refused(422, Message("card_lang: expected one of {langs}", langs=", ".join(LANGS)))
        path = os.path.join(self.root, name)
        if os.path.lexists(path):
            raise refused(409, Message("{file}: exists: a new game needs a new file (or go on with that one)",
                                       file=_shown_name(name)))
        try:
            rec = Recorder(path, ref, ruleset, names, opts, [RoundEntry(added=False)], game_rounds=rounds,
                           date=today(), title=title, lang=lang, log_lang=card_lang)
        except BidsError as exc:
            raise refused(422, exc.text()) from None
        lock = _lock(path, name)
        try:
            with SignalsHeld():
                write_atomic(path, rec.text())  # a new file only: two creators race, one wins
        except FileError as exc:
            raise refused(409 if os.path.lexists(path) else 500, _message(exc, name)) from None
        finally:
            lock.release()
        self.games.pop(name, None)
        return self.open(name)


def _lock(path: str, name: str):
    try:
        return lock_for(path)
    except BidsError as exc:
        raise refused(409, _message(exc, name)) from None


class TableGame:
    """One log of the folder: its recorder, loaded from the file as it is on disk."""

    def __init__(self, folder: Folder, name: str) -> None:
        self.folder = folder
        self.name = name
        self.id = game_id(name)
        self.path = os.path.join(folder.root, name)
        self.rec: Recorder | None = None
        self.problem: BidsError | None = None  # why the file is not a game we can go on with
        self.is_log = True  # False: a ruleset file (or another TOML file that is no log)
        self.version = ""
        self.written: Fingerprint | None = None  # the file's fingerprint as last read or written
        self.stamp: tuple | None = None  # (dev, ino, size, mtime_ns) as last seen
        self.last: tuple | None = None  # the last change saved: (kind, version before, texts, version after)
        self._states: dict[str, dict] = {}
        self._checked: tuple | None = None  # (version, line, trial) of the last check
        self._result = None  # the replayed game of the version just saved (for its state)
        self.load()

    # -- the file ---------------------------------------------------------------------------
    def load(self) -> None:
        """Read the file as it is now (a change by another program is taken as it is)."""
        from ..log.reader import MAX_FILE_BYTES

        self._states, self._checked, self._result = {}, None, None
        self.rec = None
        try:
            data, seen = read_own(self.path, MAX_FILE_BYTES)
        except BidsError as exc:
            self.problem, self.version, self.written, self.stamp = exc, "", None, None
            return
        self.written = seen
        self.stamp = (seen.dev, seen.ino, seen.size, seen.mtime_ns)
        self.version = version_of(data)
        try:
            log = parse_log(data, self.path)
        except BidsError as exc:
            self.problem = exc
            self.is_log = _names_players(data)  # a ruleset file of the folder is not a game
            return
        why = self.folder.outside(log.ruleset)
        if why is not None:
            self.problem = LogStructureError(why, file=self.path, line=log.ruleset_line)
            return
        try:
            rec = resumed(self.path, log, None, {}, None, False)
        except BidsError as exc:
            self.problem = exc
            return
        rec.at = ""  # a refused line's message goes back to the request: no input line to name
        self.rec, self.problem, self.is_log = rec, None, True

    def refresh(self) -> bool:
        """Notice a change of the file on disk (another program's edit, ``bids record``): read it
        again. True when the game's version changed."""
        now = _stamp(self.path)
        if now is not None and now == self.stamp:
            return False
        before = (self.version, self.problem is None)
        self.load()
        return (self.version, self.problem is None) != before

    def _save(self, rec: Recorder, kind: str, before: str, texts: tuple) -> None:
        """Write the recorder ``rec``'s log over the file last read or written, holding the
        recorder's lock; on any failure the game is read again from the file (what is on disk is
        the game)."""
        text = rec.text()
        try:
            lock = lock_for(self.path)
        except BidsError as exc:
            self.load()
            raise self._conflict(_message(exc, self.name)) from None
        try:
            with SignalsHeld():  # a signal acts once the file is in place: the answer says what is on disk
                self.written = w = write_atomic(self.path, text, expect=self.written)
        except FileChanged as exc:
            self.load()
            raise self._conflict(Message("not saved: {problem}: the game is now as that file holds it",
                                         problem=_message(exc, self.name))) from None
        except BidsError as exc:
            self.load()
            raise refused(500, Message("not saved: {problem}", problem=_message(exc, self.name))) from None
        finally:
            lock.release()
        self.stamp = (w.dev, w.ino, w.size, w.mtime_ns)
        self.version = version_of(text.encode())
        self._states = {}
        self.last = (kind, before, texts, self.version)

    def _conflict(self, why: Message | str) -> Answer:
        body = dict(self.state())
        body["conflict"] = text(why)
        return Answer(409, body)

    def _usable(self) -> Recorder:
        self.refresh()
        if self.rec is None:
            raise refused(422, self.error)
        return self.rec

    def _current(self, version: Any) -> bool:
        if not isinstance(version, str):
            raise refused(422, Message("version: expected the game's version (from its state)"))
        return version == self.version

    @property
    def error(self) -> str:
        """Why the file is not a game to go on with, worded now."""
        return _message(self.problem, self.name) if self.problem is not None else Message("not a game log").text()

    # -- requests -------------------------------------------------------------------------------
    def summary(self) -> dict:
        rec = self.rec
        if rec is None:
            return {"id": self.id, "file": _shown_name(self.name), "title": None, "players": [],
                    "complete": False, "error": self.error}
        return {"id": self.id, "file": _shown_name(self.name), "title": _text(rec.title), "players": list(rec.players),
                "complete": rec.game_over(), "version": self.version}

    def check(self, line: Any) -> dict:
        """``POST .../check``: what the engine says of a trick line, saving nothing."""
        rec = self._usable()
        line = _line(line)
        tr = rec.trial(line, offer=True)
        self._checked = (self.version, line, tr)  # the page sends this very line next, most often
        steal = None
        if tr.steal is not None:
            c = tr.steal
            steal = {"thief": c.thief, "mandatory": c.mandatory, "why": text(c.because),
                     "choices": [{"card": rec.vocab.word(card), "victim": v}
                                 for v, cards in c.victims.items() for card in cards]}
        t = tr.trick
        return {"ok": tr.ok and not (steal and steal["mandatory"]), "line": tr.line if tr.ok else None,
                "errors": [{"message": str(m), "line": shorten(tr.line or line, MAX_MESSAGE, escaped=True)} for m in tr.problems],
                "winner": t.winner if t else None, "why": _why(t) if t else None,
                "points": t.points if t else None, "steal": steal, "verdict": verdict(t, steals=steal is None, vocab=rec.vocab) if t else None,
                "reasons": _reasons(rec, t) if t else []}

    def add(self, line: Any, version: Any) -> dict:
        """``POST .../tricks``: the trick saved, or a conflict (409) or a refusal (422)."""
        rec = self._usable()
        line = _line(line)
        if not self._current(version):
            last = self.last
            if (last is not None and last[0] == "trick" and last[1] == version and last[3] == self.version
                    and line.strip() in last[2]):
                return self.state()  # the same line again from the version it was saved from: a retry
            raise self._conflict(Message(STALE))
        if rec.game_over():
            n = len(rec.rounds)
            raise refused(422, PluralMessage("the game is complete ({n} round): nothing more to record",
                                             "the game is complete ({n} rounds): nothing more to record", n),
                          line=shorten(line, MAX_MESSAGE, escaped=True))
        checked = self._checked
        if checked is not None and checked[:2] == (self.version, line) and checked[2].steal is None:
            tr = checked[2]  # checked against this very version: the same trial (an open steal differs)
        else:
            tr = rec.trial(line)
        if not tr.ok:
            raise Answer(422, {"errors": [{"message": str(m), "line": shorten(tr.line or line, MAX_MESSAGE, escaped=True)}
                                          for m in tr.problems]})
        rec.commit(tr, report=False)
        self._save(rec, "trick", version, (line.strip(), tr.line))
        self._result = tr.result  # the game with the trick in it: the new state needs no replay
        return self.state()

    def undo(self, version: Any) -> dict:
        """``POST .../undo``: the last trick removed, saved."""
        rec = self._usable()
        if not self._current(version):
            last = self.last
            if last is not None and last[0] == "undo" and last[1] == version and last[3] == self.version:
                return self.state()
            raise self._conflict(Message(STALE))
        out = rec.undo()
        if not out.save:
            raise refused(422, *map(str, out.said))  # the recorder's lines, worded in the request's language
        self._save(rec, "undo", version, ())
        return self.state()

    # -- the state ------------------------------------------------------------------------------
    def state(self, lang: str | None = None) -> dict:
        """The game as plain data (serve.md "The state"), its texts worded in ``lang`` (default: the
        output language, the request's), kept per language until the next change."""
        lang = lang if lang in LANGS else output_language()
        cached = self._states.get(lang)
        if cached is None:
            with in_language(lang):
                cached = self._states[lang] = self._state()
        return cached

    def _state(self) -> dict:
        rec = self.rec
        if rec is None:
            raise refused(422, self.error)
        result, self._result = self._result, None
        if result is None:
            errors, result = rec.check()
            if result is None or errors:  # the file was valid when read: say so plainly if not
                raise refused(422, *(_message(e, self.name) for e in errors))
        complete = rec.game_over()
        state: dict[str, Any] = {
            "id": self.id, "file": _shown_name(self.name), "version": self.version,
            "title": _text(rec.title), "lang": rec.lang, "players": list(rec.players),
            "ruleset": rec.ruleset.name, "options": [k for k, v in rec.options.items() if v],
            "game_rounds": rec.game_rounds, "tricks_per_round": rec.tricks,
            "card_lang": rec.log_lang, "cards": _colours(rec),
        }
        rounds_out, per_round, last, running = [], [], None, dict.fromkeys(rec.players, 0)
        for i, rr in enumerate(result.rounds):
            entries = rec.rounds[i].tricks
            tricks = [_trick(rec, t, entries[j]) for j, t in enumerate(rr.tricks)]
            per_round.append(tricks)
            if tricks:
                last = dict(tricks[-1], round=rr.number, trick=tricks[-1]["number"])
            if not rr.partial and len(rr.tricks) >= rec.tricks:  # a finished round
                for p in rec.players:
                    running[p] += rr.scores.get(p, 0)
                rounds_out.append({"number": rr.number, "scores": dict(rr.scores), "totals": dict(running),
                                   "summary": round_summary(rr)})
        if complete:
            tricks_out = per_round[-1] if per_round else []
            state.update(round=None, trick=None, leader=None, order=[], possible={}, reveal=[], dealt=False)
        else:
            r, t, game = rec.next_game()
            tricks_out = per_round[r - 1] if r <= len(per_round) else []
            dealt = r <= len(rec.rounds) and rec.rounds[r - 1].pile is not None
            state.update(round=r, trick=t, leader=game.leader, order=list(game.playing_order()),
                         possible=_possible(game, rec.vocab.word), reveal=[] if dealt else _reveal(game, rec.vocab.word),
                         dealt=dealt)
        state.update(
            totals=dict(result.totals),
            standings=[{"player": p, "total": v, "rank": result.ranks[p]} for p, v in result.ranking],
            tricks=tricks_out, rounds=rounds_out, complete=complete,
            winners=list(result.winners) if complete else None, last=last,
        )
        return state


def _stamp(path: str) -> tuple | None:
    """(device, inode, size, modification time) of a regular file, else None."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns) if stat.S_ISREG(st.st_mode) else None


def _text(value: str | None) -> str | None:
    """Text from a log shown on a page: control characters and direction overrides made visible."""
    return None if value is None else shorten(value, MAX_MESSAGE, escaped=True)


def _names_players(data: bytes) -> bool:
    """Whether a TOML file that is no valid log still looks like one (it has ``players``): a
    broken log is listed with its problem; a ruleset file or any other TOML file is not."""
    import tomllib

    try:
        return "players" in tomllib.loads(data.decode("utf-8", "replace"))
    except tomllib.TOMLDecodeError:
        return True


def _line(value: Any) -> str:
    if not isinstance(value, str):
        raise refused(422, Message("line: expected a trick line as text ('K5: Ana R5, Ben G4, Cleo K7')"))
    return value


def _trick(rec: Recorder, t, line: str) -> dict:
    return {"number": t.number, "line": line, "winner": t.winner, "why": _why(t), "points": t.points,
            "steals": [rec.vocab.action(s) for s in t.steals], "verdict": verdict(t, vocab=rec.vocab),
            "reasons": _reasons(rec, t)}


def _why(t) -> str:
    """A trick's short verdict ("highest bid K7"), worded in the request's language (serve.md: a
    text meant for people); JSON elsewhere keeps it in English (``TrickResult.reason``)."""
    return "" if t.verdict is None else text(t.verdict)


def _reasons(rec: Recorder, t) -> list[str]:
    """Every reason of a trick as ``bids replay --explain`` words it (the knob and its source)."""
    from ..engine.results import reason_text

    return [reason_text(rec.ruleset, r) for r in t.reasons]


def _possible(game, word=str) -> dict[str, list[str]]:
    """For each player, the cards they may still hold as far as the log shows (``Game.cards_of``):
    their hand when the deal is known, else every card of the deck's hands not yet seen in the round
    (``word``: each card as the log writes it)."""
    return {p: [word(c) for c in sorted(game.cards_of(p), key=lambda c: c.sort_key)] for p in game.players}


def _reveal(game, word=str) -> list[str]:
    """The cards that may be turned up from the pile for the next trick: the black cards not yet
    seen in the round."""
    seen = game.round_state.seen
    return [word(c) for c in sorted((c for c in game.deck.black_deck if c not in seen), key=lambda c: c.sort_key)]


def _colours(rec: Recorder) -> dict[str, str]:
    """Each card of the game as the log writes it, with its colour (R, G, Y, B or K; S for a special
    card): what the page colours a card by, whatever the language of the log's card words."""
    word = rec.vocab.word
    return {word(c): (c.colour if c.special is None else "S") for c in rec.deck.all_cards()}


__all__ = ["LANGS", "Answer", "Folder", "TableGame", "game_id", "version_of"]
