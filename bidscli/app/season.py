"""``bids season``: the logs named (files and folders, walked as ``validate`` walks them) scored one
at a time into ``analysis.season.SeasonGame`` rows, then the season computed from those rows.

Each log is read, scored (under its own ruleset, or with ``refs`` replayed under each as ``bids
diff`` replays the same deal) and dropped: what is kept is a few numbers a player (memory flat in
the logs; the rows grow by a few hundred bytes a game). A log that cannot be scored is *left out*
with its first error, located; so is an unfinished one (cli.md 'Unfinished games'). With two or
more ``refs``, a game whose winners differ gets ``decided_by``: the groups of knobs that decide the
winner in ``bids diff``'s own account (attribution.py), made only for such games and only for the
knobs on which the two rulesets differ.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ..analysis.season import (
    DEFAULT_ORDER,
    ORDERS,
    LeftOut,
    Season,
    SeasonGame,
    WinnerChange,
    game_of,
    season,
)
from ..core.errors import BidsError, UnfinishedError
from ..core.i18n import Message, PluralMessage, output_language
from ..core.paths import path_in, shared_path
from ..core.sanitize import path_text, toml_value
from ..log.load import ruleset_file
from ..log.names import key as name_key
from ..log.reader import MAX_FILE_BYTES
from ..log.records import GameLog
from .batch import PathProblem, WalkedPath, iter_log_paths


class LeftOutReason:
    """Why a log is left out: its first error, located (``file:line: round r, trick t: ...``), as
    data, worded when shown (the table in the output language, JSON in English), in this process
    or a worker's (plain fields: it pickles). ``file``: the log's path, said first when the error
    names no file. ``shared(pairs)``: the same, each ``old`` text of the worded reason replaced by
    ``new`` (a page names no local path)."""

    __slots__ = ("msg", "where", "file", "pairs")

    def __init__(self, error: BidsError, file: str | None = None, pairs: tuple = ()) -> None:
        self.msg = error.msg
        self.where: dict[str, Any] = {"file": error.file, "line": error.line, "round": error.round,
                                      "trick": error.trick, "follows": error.follows}
        self.file = None if error.file else file
        self.pairs = pairs

    def error(self) -> BidsError:
        return BidsError(self.msg, **self.where)

    def in_language(self, lang: str) -> str:
        said = self.error().in_language(lang)
        if self.file is not None:
            said = f"{self.file}: {said}"
        for old, new in self.pairs:
            said = said.replace(old, new)
        return said

    def shared(self, pairs) -> LeftOutReason:
        return LeftOutReason(self.error(), self.file, tuple(pairs))

    def __str__(self) -> str:
        return self.in_language(output_language())

    def __repr__(self) -> str:
        return f"LeftOutReason({self.msg!r}, {self.where!r}, {self.file!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LeftOutReason) and ((self.msg, self.where, self.file, self.pairs)
                                              == (other.msg, other.where, other.file, other.pairs))

    __hash__ = None  # type: ignore[assignment]  # its message's arguments are a dict


class Scored(NamedTuple):
    """What one log gives: its games (one a ruleset label), or why it is left out; or nothing (a
    ruleset file found in a folder, a link out of the tree: skipped, as ``validate`` skips them)."""

    file: str
    games: tuple = ()
    seats: tuple = ()  # the log's player names, seating order
    left_out: LeftOutReason | None = None
    change: WinnerChange | None = None


def parse_alias(text: str) -> tuple[str, str]:
    """``OLD=NEW`` -> (OLD, NEW); ValueError (a usage error) otherwise.

    A name may hold ``=`` (a name is any text but ``,`` ``:`` ``;``): it is written ``\\=`` there
    (and a backslash before ``=`` or another backslash as ``\\\\``), so that one ``=`` alone
    separates the two names: ``--alias "A\\=B=Ana"`` makes the player "A=B" Ana. A second ``=``
    alone is refused, never guessed."""
    from ..core.sanitize import quoted
    from ..log.names import RULE, fault, nfc

    names: list[list[str]] = [[]]
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and text[i + 1:i + 2] in ("=", "\\"):
            names[-1].append(text[i + 1])
            i += 2
            continue
        if c == "=":
            names.append([])
        else:
            names[-1].append(c)
        i += 1
    if len(names) != 2:
        raise ValueError(Message("'{text}': expected OLD=NEW (--alias \"Ana Maria=Ana\")", text=quoted(text))
                         if len(names) < 2 else
                         # TRANSLATORS: '\\=' is typed as it is (a backslash and an equals sign)
                         PluralMessage("'{text}': expected OLD=NEW (--alias \"Ana Maria=Ana\"): it has {n} '=' (a '=' "
                                       "that is part of a name is written '\\=')",
                                       "'{text}': expected OLD=NEW (--alias \"Ana Maria=Ana\"): it has {n} '=' (a '=' "
                                       "that is part of a name is written '\\=')", len(names) - 1, text=quoted(text)))
    old, new = (nfc("".join(n).strip()) for n in names)
    for name in (old, new):
        why = fault(name)
        if why is not None:
            # TRANSLATORS: {problem} is why, a clause of its own ("it is empty"), as in "player name
            # '{name}' is not valid: {problem}; {rule}"
            raise ValueError(Message("'{text}': the name '{name}' is not valid: {problem}; {rule}", text=quoted(text),
                                     name=quoted(name), problem=why, rule=Message(RULE)))
    return old, new


def _located(exc: BidsError, path: str) -> LeftOutReason:
    return LeftOutReason(exc, path)


def score_one(item, refs: Sequence[str], lenient: bool = False, loaded: tuple | None = None) -> Scored:
    """The games of one entry of ``iter_log_paths`` (in a worker process too: plain data back).
    ``loaded``: the rulesets of ``refs`` and their labels (``api.loaded_rulesets``), loaded once for
    the whole season (a worker gets them pickled); None: loaded here."""
    if isinstance(item, PathProblem):
        if item.error is None:
            return Scored(item.path)
        return Scored(item.path, left_out=_located(item.error, item.path))
    from . import api

    log = None
    try:
        log, read_errors = api.read(item)
        return (_own(item, log, read_errors) if not refs
                else _replayed(item, log, read_errors, refs, lenient, loaded))
    except BidsError as exc:
        exc.kept()  # (BidsError.kept: no reference cycle)
        if log is None and isinstance(item, WalkedPath) and ruleset_file(item):
            return Scored(item)
        # The players a log left out names, when it was read (else none): a player who plays only in
        # left-out games is said to be so, not to be in no game at all.
        seats = tuple(log.players) if log is not None and log.players else ()
        return Scored(item, seats=seats, left_out=_located(exc, item))
    except (RecursionError, MemoryError):
        return Scored(item, left_out=LeftOutReason(BidsError(Message("the log is too deeply nested or too large to score")),
                                            str(item)))


def _own(path: str, log: GameLog, read_errors: list[BidsError]) -> Scored:
    from . import api

    try:
        loaded, result = api.score_read(log, read_errors)  # the first error, as bids score stops; unfinished: refused
    except UnfinishedError as exc:  # the engine's advice names score's --allow-partial: season's own
        raise exc.advise(Message("a season counts finished games (`bids score FILE --allow-partial` shows its "
                                 "standings so far)")) from None
    seats = loaded.log.players
    return Scored(path, (game_of(path, loaded.log.date, result, seats, title=loaded.log.title,
                                 ruleset=loaded.ruleset.name),), seats)


def _replayed(path: str, log: GameLog, read_errors: list[BidsError], refs: Sequence[str], lenient: bool,
              loaded: tuple | None = None) -> Scored:
    from ..analysis import variants

    if read_errors:  # diff's deal is a log read whole
        raise read_errors[0]
    if loaded is None:
        from .api import loaded_rulesets

        loaded = loaded_rulesets(refs)
    rulesets, labels = loaded[0], loaded[1]
    pl = variants.plays(log, rulesets, labels, lenient=lenient, explain=False)
    seats = pl.deal.players
    date = pl.deal.log.date
    for label, o in zip(pl.labels, pl.outcomes):
        if not o.determined:
            u = o.undetermined
            # TRANSLATORS: {message} is the engine's account of the card the log never showed
            raise BidsError(Message("undetermined from this log under {ruleset}: {message}", ruleset=label,
                                    message=u["message"]), file=path, round=u["round"], trick=u["trick"])
        stop = o.result.stopped_at
        if stop is not None:
            rnd = pl.deal.rounds[stop[0] - 1] if stop[0] else None
            line = rnd.tricks[-1].line if rnd is not None and rnd.tricks else None
            raise UnfinishedError(PluralMessage(
                "the game is unfinished under {ruleset} after round {round}, trick {trick} (a round of {n} trick)",
                "the game is unfinished under {ruleset} after round {round}, trick {trick} (a round of {n} tricks)",
                o.result.deck.tricks, ruleset=label, round=stop[0], trick=stop[1]), advice=None, file=path,
                line=line, round=stop[0] or None, trick=stop[1] or None)
    title = pl.deal.log.title
    games = tuple(game_of(path, date, o.result, seats, title=title, ruleset=label)
                  for label, o in zip(pl.labels, pl.outcomes))
    change = None
    winners = [frozenset(o.result.winners) for o in pl.outcomes]
    if any(w != winners[0] for w in winners[1:]):
        change = _change(path, pl, winners, lenient)
    return Scored(path, games, seats, change=change)


def _change(path: str, pl, winners, lenient: bool) -> WinnerChange:
    """The winner change of one game: for each ruleset whose winners differ from the first's, the
    smallest set of knob groups that alone turns the first's winners into its own
    (analysis.season.deciding_groups); decided_by joins them, in order."""
    from ..analysis.season import deciding_groups

    decided: list = []
    notes: Message | None = None
    for i in range(1, len(pl.outcomes)):
        if winners[i] == winners[0]:
            continue
        groups, note = deciding_groups(pl.deal, pl.outcomes[0], pl.outcomes[i], pl.offered, lenient=lenient)
        decided.extend(g for g in groups if g not in decided)
        if note:
            if len(pl.outcomes) > 2:
                note = Message("{ruleset}: {note}", ruleset=pl.labels[i], note=note)
            # TRANSLATORS: two notes on one game's winner change, one after the other
            notes = note if notes is None else Message("{notes}; {note}", notes=notes, note=note)
    order = {p: i for i, p in enumerate(pl.deal.players)}
    return WinnerChange(path, {lab: tuple(sorted(w, key=order.__getitem__)) for lab, w in zip(pl.labels, winners)},
                        tuple(decided), notes)


def _once(items, notes: list) -> Iterable:
    """Each log counted once: a file named twice (``logs/`` and ``logs/g1.toml``) is walked once
    (noted), and a file with the same bytes as one counted before is left out as that same game."""
    import hashlib

    seen: dict = {}
    digests: dict = {}
    for item in items:
        if isinstance(item, PathProblem):
            yield item
            continue
        try:
            real = os.path.realpath(item)
        except (OSError, ValueError):
            yield item
            continue
        if real in seen:
            if seen[real] is not None:
                notes.append(Message("{path}: named twice: counted once", path=path_text(item)) if item == seen[real]
                             else Message("{path}: named twice (as {other} too): counted once", path=path_text(item),
                                          other=path_text(seen[real])))
                seen[real] = None  # one note a file
            continue
        seen[real] = item
        try:
            if os.path.isfile(real) and os.path.getsize(real) <= MAX_FILE_BYTES:
                with open(real, "rb") as fh:
                    digest = hashlib.sha256(fh.read()).digest()
                first = digests.setdefault(digest, item)
                if first is not item:
                    yield PathProblem(item, BidsError(Message("the same log as {other}, byte for byte: a second "
                                                              "copy of one game", other=path_text(first)), file=item))
                    continue
        except OSError:
            pass  # the scoring says what is wrong with it
        yield item


def game_name(path: str, arg: str, walked: bool) -> str:
    """A log's name where a page or table names it (when the log has no ``title``): its path
    relative to the folder given (``w1/game.toml``); a file named on its own, ``shared_path``'s
    (``week05.toml``, never an absolute path: a page is made to be shared)."""
    return path_in(path, arg) if walked else shared_path(path)


class _Where(NamedTuple):
    name: str  # game_name
    root: str  # the folder given, or the folder of a file named on its own ("" for none)


def _walked(args: Iterable[str], where: dict) -> Iterable:
    """``iter_log_paths(args)``, noting in ``where`` each path's name and the folder it was found in."""
    for arg in args:
        for item in iter_log_paths([arg]):
            path = str(item.path if isinstance(item, PathProblem) else item)
            walked = isinstance(item, WalkedPath)
            where[path] = _Where(game_name(path, str(arg), walked), str(arg) if walked else os.path.dirname(path))
            yield item


def shared_text(reason: LeftOutReason, path: str, where: Mapping) -> LeftOutReason:
    """``reason`` (a left-out log's) with no local path: the log's path as its name, and any
    other file under the folder it was found in (its ruleset) relative to that folder."""
    w = where.get(path)
    if w is None:
        return reason
    pairs = [(path_text(path), path_text(w.name))]
    if w.root:
        pairs += [(path_text(root.rstrip(os.sep) + os.sep), "") for root in dict.fromkeys((w.root,
                                                                                           os.path.abspath(w.root)))]
    return reason.shared(pairs)


def alias_map(texts: Iterable[str]) -> dict[str, str]:
    """``--alias OLD=NEW`` options as {OLD: NEW}; ValueError (a usage error) when two of them
    disagree: one OLD given two NEW names, or a NEW name that is another alias's OLD (a chain
    or a swap, ``Ben=Benny`` with ``Benny=Ben``, whose result would hang on their order)."""
    out: dict[str, str] = {}
    keys: dict[str, str] = {}  # name_key(OLD) -> the option that gave it
    for text in texts:
        old, new = parse_alias(text)
        k = name_key(old)
        if k in keys and name_key(out[keys[k]]) != name_key(new):
            raise ValueError(Message("--alias {given} and --alias {other} give {old} two names: give one",
                                     given=toml_value(text), other=toml_value(keys[k] + "=" + out[keys[k]]),
                                     old=toml_value(old)))
        keys[k] = old
        out[old] = new
    for old, new in out.items():
        if name_key(new) in keys and name_key(new) != name_key(old):
            other = keys[name_key(new)]
            raise ValueError(Message("--alias {given} and --alias {other}: {new} is both a new name and an old one: map "
                                     "every old name straight to the name the season shows",
                                     given=toml_value(old + "=" + new), other=toml_value(other + "=" + out[other]),
                                     new=toml_value(new)))
    return out


def look_alike_notes(players: Iterable[str]) -> list[Message]:
    """A warning for each two season players whose names look alike across scripts (core/lookalike.py:
    Latin "Ana" and Cyrillic "Аna"): one person written two ways, or two people nobody can tell apart.
    Names in ASCII are all Latin: the tables are not even loaded for them."""
    players = list(players)
    if all(p.isascii() for p in players):
        return []
    from ..core.lookalike import lookalikes, script_list
    from ..log.names import shown

    # TRANSLATORS: {scripts} and {other_scripts} are Unicode's names of scripts (Latin, Cyrillic)
    return [Message("players '{name}' ({scripts}) and '{other}' ({other_scripts}) look alike but are written in "
                    "different scripts: if they are one person, --alias \"{other}={name}\" makes them one",
                    name=shown(a), scripts=script_list(a), other=shown(b), other_scripts=script_list(b))
            for a, b in lookalikes(players)]


class _Names:
    """The season's names: a log's name matches as a log matches names (NFC, case-insensitive);
    ``--alias OLD=NEW`` makes OLD the player NEW. A player is shown as written in ``--alias`` (NEW),
    else as first written in the logs walked."""

    def __init__(self, aliases: Mapping[str, str]) -> None:
        self.alias = {name_key(old): new for old, new in aliases.items()}
        self.shown: dict[str, str] = {name_key(new): new for new in aliases.values()}
        self.used: set[str] = set()
        self.given = list(aliases)

    def unused(self) -> list[str]:
        """The aliases whose old name no game had (a misspelt --alias leaves two players apart)."""
        return [old for old in self.given if name_key(old) not in self.used]

    def __call__(self, name: str) -> str:
        self.used.add(name_key(name))
        name = self.alias.get(name_key(name), name)
        return self.shown.setdefault(name_key(name), name)


def run(args: Iterable[str], refs: Sequence[str] = (), aliases: Mapping[str, str] | None = None,
        jobs: int | None = 1, progress=None, lenient: bool = False, rank_by: str = DEFAULT_ORDER,
        min_games: int = 1) -> Season:
    """The season of the logs ``args`` names (see the module doc). ``progress(bad)`` after each log;
    ``rank_by``: the standings' order (``analysis.season.ORDERS``); ``min_games``: fewer games, unranked."""
    from .parallel import map_logs, prepare_gc

    prepare_gc()
    names = _Names(aliases or {})
    labels: list = [None]
    loaded = None
    if refs:  # read once for the whole season, not once a log
        from .api import loaded_rulesets

        rulesets, shown, _ = loaded_rulesets(refs)
        loaded = (tuple(rulesets), tuple(shown))
        labels = list(shown)
    notes: list[Message] = []
    where: dict = {}
    items = _once(_walked(args, where), notes)
    results: Iterable[Scored] = map_logs(score_one, items, (tuple(refs), lenient, loaded), jobs)
    rows: list = []
    left: list[LeftOut] = []
    changes: list[WinnerChange] = []
    left_seats: dict[str, list] = {}  # name_key of a player in a left-out log -> those logs' names
    for s in results:  # (a replayed game holds no reference cycle: each log's objects die as it is done)
        w = where.get(str(s.file))
        if s.left_out is None and s.games:
            shown = [names(p) for p in s.seats]
            twice = sorted({p for p in shown if shown.count(p) > 1})
            if twice:
                said = Message("{players} would play twice in this game (two players' names are the same season "
                               "player by --alias)", players=", ".join(twice))
                left.append(LeftOut(s.file, LeftOutReason(BidsError(said, file=str(s.file))), w and w.name))
            else:
                name = s.games[0].title or (w.name if w else None)
                rows.append(tuple(_renamed(g, shown, name) for g in s.games))
                if s.change is not None:
                    rename = dict(zip(s.seats, shown))
                    changes.append(dataclasses.replace(s.change, name=name, winners={
                        lab: tuple(rename[p] for p in w) for lab, w in s.change.winners.items()}))
        elif s.left_out is not None:
            left.append(LeftOut(s.file, s.left_out, w and w.name))
            for p in s.seats:
                left_seats.setdefault(name_key(p), []).append(w.name if w else str(s.file))
        if progress is not None:
            progress(s.left_out is not None)
    for old in names.unused():
        only = left_seats.get(name_key(old))
        if only:
            notes.append(PluralMessage("--alias {old}: {old} plays only in a game left out ({games}): see 'Left out'",
                                       "--alias {old}: {old} plays only in games left out ({games}): see 'Left out'",
                                       len(only), old=toml_value(old), games=", ".join(path_text(f) for f in only)))
        else:
            notes.append(Message("--alias {old}: no game has a player {old}", old=toml_value(old)))
    notes += look_alike_notes(names.shown.values())
    left = [dataclasses.replace(x, shared=shared_text(x.reason, str(x.file), where)) for x in left]
    return dataclasses.replace(season(rows, labels, left, changes, ORDERS[rank_by], min_games), notes=tuple(notes))


def _renamed(game: SeasonGame, shown: Sequence[str], name: str | None) -> SeasonGame:
    return dataclasses.replace(game, name=name, players=tuple(dataclasses.replace(p, player=who)
                                                              for p, who in zip(game.players, shown)))

