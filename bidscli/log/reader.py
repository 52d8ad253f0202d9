"""Reading game logs (spec log.md) into plain records.

The reader is forgiving in one way only: it collects every problem it finds
instead of stopping at the first (``validate`` shows them all; ``score`` shows
the first). Each record keeps the TOML line of its round or trick, so that
later errors from the engine can point at the line too.

TOML parsers do not report positions, so lines are found by searching the text
(positions.py): ``[[rounds]]`` headers give the rounds, and each trick string is
searched for in order after its round header.

The records it makes are in records.py; a trick line is read by trickline.py (``parse_trick``),
the table's names checked by names.py, a slip's likely fix said by slips.py.
"""

from __future__ import annotations

from datetime import date as _date
from operator import itemgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up
    from collections.abc import Callable, Sequence
    from pathlib import Path

from ..core.cards import Card
from ..core.cardwords import (
    LANGS,
    LANGUAGE_NAMES,
    SEPARATOR_CHARS,
    CardWordError,
    CardWords,
    card_words,
)
from ..core.errors import (
    BidsError,
    LimitError,
    LogStructureError,
    LogSyntaxError,
    suggestion,
)
from ..core.i18n import Listed, Message, PluralMessage
from ..core.sanitize import quoted, short_value, text_fault, toml_value
from ..files import tomlhints
from ..files.bounds import check_toml
from ..files.safe import decode, read_bytes
from ..files.tomlread import ReaderWords, TOMLDecodeError, error_at, number_line
from ..files.tomlread import loads as toml_loads
from ..rules.knobs import TABLE_OPTIONS
from . import slips
from .names import RULE as NAME_RULE
from .names import Names, look_alike, nfc, same_up_to_case
from .names import fault as name_fault
from .names import shown as shown_name
from .positions import LogPositions
from .records import GameLog, Pass, RoundRecord, Steal, TrickRecord
from .trickline import ENGLISH, card_tuple, no_play, parse_trick

MAX_FILE_BYTES = 5_000_000
MAX_ROUNDS = 1_000
MAX_TRICKS = 20


def beyond(rounds: int, tricks: int) -> Message | None:
    """Why the reader would refuse a log of ``rounds`` rounds of ``tricks`` tricks, or None.

    What bidscli writes it reads: the commands that deal or play a game (deal, simulate,
    record, study) ask first, and refuse a ruleset whose game no log could hold."""
    if tricks > MAX_TRICKS:
        return Message("{count} tricks: a round has at most {limit}", count=tricks, limit=MAX_TRICKS)
    if rounds > MAX_ROUNDS:
        return Message("{count} rounds: bidscli reads at most {limit} rounds a log", count=rounds, limit=MAX_ROUNDS)
    return None


_first = itemgetter(0)  # the player of a (player, card) play
_new_tuple = tuple.__new__  # builds a record without the Python-level NamedTuple.__new__

TOP_KEYS = ("ruleset", "players", "options", "rounds", "title", "date", "notes", "meta", "lang")
# The texts a log brings in, checked where they are read (core.sanitize.text_fault): the most
# characters, and whether line breaks are allowed. log-format.md 'The date and the title'.
MAX_TITLE = 200
MAX_NOTES = 10_000
MAX_RULESET_REF = 1_000
ROUND_KEYS = ("leader", "hands", "removed", "pile", "tricks", "notes")
_ROUND_KEY_SET = frozenset(ROUND_KEYS)


def _meant_option(key: str, table: dict[str, object]) -> str | None:
    """The table option ``key`` is a close misspelling of (``theif``, ``Thief``, ``minus-five``),
    when the table does not also set that option; else None."""
    if key in TABLE_OPTIONS:
        return None
    import difflib  # only for this hint: not at start-up

    near = next(iter(difflib.get_close_matches(key.lower(), TABLE_OPTIONS, 1, 0.75)), None)
    return near if near is not None and near not in table else None


# -- whole logs --------------------------------------------------------------


class LogReader(LogPositions):
    """Reads one log, collecting errors (``errors``) instead of stopping. Lines: positions.py."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.errors: list[BidsError] = []
        self.guessed: list[tuple[str, int | None]] = []  # misspelled options read as meant (_options)
        self.vocab = ENGLISH  # the log's card words (``lang``)

    def error(self, cls: type[BidsError], message: str | Message, **where: Any) -> None:
        self.errors.append(cls(message, file=self.file, **where))

    # Reading ------------------------------------------------------------------
    def read(self) -> GameLog | None:
        text = self.text
        too_big = check_toml(text, "log")  # bounds.py: before the parser, which is not linear
        if too_big is not None:
            self.errors.append(too_big.located(file=self.file))
            return None
        try:
            data = toml_loads(text)
        except TOMLDecodeError as exc:
            probable = tomlhints.hint(text, str(exc))
            if probable is not None:  # the slip a person probably made, and the reader's position
                line, what = probable
                # TRANSLATORS: {reader} is the TOML reader's own message ("Invalid value (at line 2,
                # column 5)"), which {what}, the probable slip, explains.
                self.error(LogSyntaxError, Message("invalid TOML: {what} (TOML reader: {reader})", what=what,
                                                   reader=ReaderWords(str(exc))), line=line)
                return None
            self.error(LogSyntaxError, Message("invalid TOML: {reader}", reader=ReaderWords(str(exc))),
                       line=error_at(str(exc), text).line)
            return None
        except ValueError:  # an integer of more than 4300 digits
            self.error(LimitError, Message("invalid TOML: a number with thousands of digits is too large to read"),
                       line=number_line(text))
            return None
        except (RecursionError, MemoryError):
            self.error(LimitError, Message("TOML nesting is too deep to read"))
            return None

        meant: set[str | None] = set()  # required keys written with a typo: one error for each, not two
        for key in data:
            if key not in TOP_KEYS:
                # A close misspelling of a key the log needs (ruleset, players, rounds).
                import difflib  # only for this hint: start-up

                near = next(iter(difflib.get_close_matches(key, ("ruleset", "players", "rounds"), 1, 0.75)), None)
                value = data[key]
                tables = isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)
                lacks = near is not None and near not in data
                if lacks or (near == "rounds" and tables):
                    meant.add(near)
                    err = LogStructureError(_typo_in_key(quoted(key), near or "", tables, isinstance(value, dict),
                                                         lacks), file=self.file, line=self._key_line(key))
                    err.meant = near
                    self.errors.append(err)
                    continue
                self.error(
                    LogStructureError,
                    Message("unknown key '{key}'{hint}: expected one of {keys}", key=quoted(key),
                            hint=suggestion(key, TOP_KEYS), keys=", ".join(TOP_KEYS)),
                    line=self._key_line(key),
                )

        ruleset = data.get("ruleset")
        if ruleset is not None and not isinstance(ruleset, str):
            self.error(LogStructureError, Message("'ruleset' must be a string (a bundled name or a path)"),
                       line=self._key_line("ruleset"))
            ruleset = None
        elif ruleset is not None:
            # What it holds first: a control character is no space ('\x0b' strips to nothing).
            why = text_fault(ruleset, MAX_RULESET_REF, "ruleset") or (
                Message("'{name}' is empty", name="ruleset") if not ruleset.strip() else None)
            if why is not None:
                err = LogStructureError(Message("{problem}: expected a bundled name (italian, english, spanish, "
                                                "japanese) or a path to a ruleset file", problem=why),
                                        file=self.file, line=self._key_line("ruleset"))
                err.meant = "ruleset"  # the root cause: "no ruleset" after it would only repeat it
                self.errors.append(err)
                ruleset = None

        date = data.get("date")
        if date is not None and not isinstance(date, _date):  # a datetime is a date too
            self.error(LogStructureError, Message("'date' must be a TOML date, unquoted (date = 2026-12-01)"),
                       line=self._key_line("date"))
            date = None
        title = data.get("title")
        if title is not None and not isinstance(title, str):
            self.error(LogStructureError, Message('title must be a string, in quotes (title = "Friday at Marta\'s")'),
                       line=self._key_line("title"))
            title = None
        why = text_fault(title, MAX_TITLE, "title") if title is not None else None
        if why is not None:
            self.error(LogStructureError, why, line=self._key_line("title"))
            title = None
        if "notes" in data:
            self._notes(data["notes"], self._key_line)

        if "lang" in data:
            vocab = self._lang(data["lang"])
            if vocab is None:
                return None  # cards in words bidscli does not know: reading them would only mislead
            self.vocab = vocab
        if "players" in meant:
            return None  # no players: nothing else can be checked
        players = self._players(data.get("players"))
        options = self._options(data.get("options", {}))
        if "rounds" in meant:
            return None  # the rounds are under another key: playing the rest would only mislead
        rounds = self._rounds(data.get("rounds"), players)
        if players is None:
            return None
        self._typo_in_players(players, rounds)
        self._foreign_cards(rounds)
        ruleset_line = self._ruleset_line() if ruleset else None
        meta = data.get("meta")
        return GameLog(self.file, ruleset, players, options, rounds, ruleset_line, date,
                       meta if isinstance(meta, dict) else None, (title or "").strip() or None,
                       tuple(self.guessed), self.vocab.lang)

    def _lang(self, value: object) -> CardWords | None:
        """The card words of ``lang = "it"`` (log.md); None (and an error) for a language bidscli
        does not read. A spelling of a known one ("IT", "italian") is one error, and the log is
        read in it."""
        line = self._key_line("lang")
        if isinstance(value, str) and value in LANGS:
            return card_words(value)
        expected = Listed([Message('"{code}" ({language})', code=lang, language=Message(LANGUAGE_NAMES[lang]))
                           for lang in LANGS], ",")
        meant = _meant_lang(value)
        if meant is not None:
            self.error(LogStructureError, Message('lang = {value}: expected lang = "{code}" (the log is read as if it '
                                                  'said so); bidscli reads card words in {languages}',
                                                  value=_shown_value(value), code=meant, languages=expected), line=line)
            return card_words(meant)
        self.error(LogStructureError, Message("lang = {value}: bidscli reads card words in {languages}",
                                              value=_shown_value(value), languages=expected), line=line)
        return None

    def _foreign_cards(self, rounds: tuple[RoundRecord, ...]) -> None:
        """Cards written in another language's words (log.md: colour letters are read only in the
        log's language). When one language reads them all (the table wrote its words and the log
        does not say so), one error for the log, at the first, naming both readings and that
        lang, instead of one error a line; else each is a slip with its own message."""
        foreign = [e for e in self.errors if isinstance(e, CardWordError) and e.readings]
        if not foreign:
            return
        first = foreign[0]
        vocab = self.vocab
        seen = {c for r in rounds for t in r.tricks for c in (*t.revealed, *(c for _, c in t.plays))}
        for r in rounds:
            for cards in (*(r.hands or {}).values(), r.removed or (), r.pile or ()):
                seen.update(cards)
        tokens: dict[str, dict[str, Card]] = {}  # every foreign token of the lines that hold one, in order
        for e in foreign:
            own, other = vocab.scan(e.context)
            seen.update(own)
            tokens.update(other)
        advice = vocab.advice(list(tokens.values()), seen)
        if advice is None:  # no language reads them all: slips, each with its own message, and
            note = vocab.collision(list(tokens.values()), seen)  # once, a card read two ways
            if note is not None:
                first.message = Message("{message}; {advice}", message=first.msg, advice=note)
            return
        others = [t for t in tokens if t != first.token]
        message: Message | str = first.msg
        if others:
            shown = ", ".join(others[:5]) + (", ..." if len(others) > 5 else "")
            # TRANSLATORS: {tokens} are the log's other cards of another language's words, as written.
            message = PluralMessage("{message} (and {n} more such card: {tokens})",
                                    "{message} (and {n} more such cards: {tokens})", len(others), message=message,
                                    tokens=shown)
        drop = {id(e) for e in foreign}
        at = self.errors.index(first)
        first.message = Message("{message}; {advice}", message=message, advice=advice)
        self.errors = [e for e in self.errors[:at] if id(e) not in drop] + [first] + \
            [e for e in self.errors[at + 1:] if id(e) not in drop]

    def _typo_in_players(self, players: tuple[str, ...], rounds: tuple[RoundRecord, ...]) -> None:
        """A name misspelled in ``players``: the rounds name someone else on many lines
        and never the listed name. One error at the ``players`` line, instead of one a line."""
        import re

        pattern = re.compile(r"'([^']+)' is not a player \(did you mean '([^']+)'\?\)")
        found: dict[tuple[str, str], list[BidsError]] = {}
        for e in self.errors:
            m = pattern.search(e.message)
            if m and m.group(2) in players:
                found.setdefault((m.group(1), m.group(2)), []).append(e)
        used = {p for r in rounds for t in r.tricks for p, _ in t.plays}
        for (named, listed), errs in found.items():
            if len(errs) < 2 or listed in used:
                continue
            drop = {id(e) for e in errs}
            gone = f"no hand for {listed} "
            self.errors = [e for e in self.errors if id(e) not in drop and gone not in e.message]
            self.error(LogStructureError,
                       PluralMessage("'{listed}' in players, but the rounds name '{named}' on {n} line and never "
                                     "'{listed}': probably a typo in players (expected \"{named}\")",
                                     "'{listed}' in players, but the rounds name '{named}' on {n} lines and never "
                                     "'{listed}': probably a typo in players (expected \"{named}\")", len(errs),
                                     listed=listed, named=named),
                       line=self._key_line("players"), player=listed)

    def _notes(self, value: object, line: Callable[[str], int | None], rnum: int | None = None) -> None:
        """``notes`` (of the log or of a round): a text, or a list of texts, that nothing reads but
        that is checked as any text from a file (lines allowed). ``line(key)``: where it is."""
        values = value if isinstance(value, list) else [value]
        texts = [t for t in values if isinstance(t, str)]
        if len(texts) != len(values):
            self.error(LogStructureError, Message('notes must be a string, or a list of strings (notes = "...")'),
                       line=line("notes"), round=rnum)
            return
        for t in texts:
            why = text_fault(t, MAX_NOTES, "notes", lines=True)
            if why is not None:
                self.error(LogStructureError, why, line=line("notes"), round=rnum)
                return

    def _players(self, value: object) -> tuple[str, ...] | None:
        # The line of 'players', found only for an error.
        if value is None:
            self.error(LogStructureError,
                       Message("no 'players': expected players = [\"Ana\", \"Ben\", ...] in seating order"))
            return None
        if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
            self.error(LogStructureError, Message("'players' must be a list of names in seating order"),
                       line=self._key_line("players"))
            return None
        ok = True
        value = [nfc(p) for p in value]  # an NFD "José" is the same player (log.md)
        for p in value:
            why = name_fault(p)
            marks = SEPARATOR_CHARS.get(self.vocab.lang, "")
            if why is None and any(c in p for c in marks):  # a ja log's trick lines read 、 as ','
                held = Listed([f"'{c}'" for c in marks if c in p])
                why = Message("it holds {marks}, which the trick lines of {log} read as a separator", marks=held,
                              log=self.vocab.where())
            if why is not None:
                self.error(LogStructureError, Message("player name '{name}' is not valid: {problem}; {rule}",
                                                      name=shown_name(p), problem=why, rule=Message(NAME_RULE)),
                           line=self._key_line("players"))
                ok = False
        seen = set()
        for p in value:
            if p in seen:
                self.error(LogStructureError, Message("player '{name}' appears twice: names must be unique",
                                                      name=shown_name(p)), line=self._key_line("players"), player=p)
                ok = False
            seen.add(p)
        for a, b in same_up_to_case(dict.fromkeys(value)):
            if " ".join(a.split()).casefold() == " ".join(b.split()).casefold():
                why = Message("players '{first}' and '{second}' differ only in case: trick lines match names "
                              "case-insensitively, so two players need names that differ in more than case",
                              first=shown_name(a), second=shown_name(b))
            else:
                why = Message("players '{first}' and '{second}' differ only in invisible joiners (U+200C, U+200D): "
                              "they look the same", first=shown_name(a), second=shown_name(b))
            self.error(LogStructureError, why, line=self._key_line("players"), player=b)
            ok = False
        if ok:
            for why in look_alike(value):
                self.error(LogStructureError, why, line=self._key_line("players"))
                ok = False
        if not 3 <= len(value) <= 6:
            self.error(LogStructureError, PluralMessage("{n} player: Bids is for 3 to 6 players",
                                                        "{n} players: Bids is for 3 to 6 players", len(value)),
                       line=self._key_line("players"))
            ok = False
        return tuple(value) if ok else None

    def _options(self, value: object) -> dict[str, bool]:
        if not isinstance(value, dict):
            self.error(LogStructureError, Message("'options' must be a table ([options])"),
                       line=self._key_line("options"))
            return {}
        out: dict[str, bool] = {}
        for key, v in value.items():
            near = _meant_option(key, value)
            if near is not None and isinstance(v, bool) and near not in out:
                # A close misspelling of an option the table does not set: one error, and the
                # log is checked as if the option were set (as a log without [options] is
                # checked with the options its cards imply), so that what remains are the log's
                # own mistakes, not one "not in the deck" error per card.
                line = self._option_line(key)
                self.error(LogStructureError, Message("unknown option '{key}': probably a typo for '{near}' (the log "
                                                      "is checked as if {near} = {value})", key=key, near=near,
                                                      value=str(v).lower()), line=line)
                out[near] = v
                self.guessed.append((near, line))
            elif key not in TABLE_OPTIONS:
                self.error(
                    LogStructureError,
                    Message("unknown option '{key}'{hint}: expected one of {options}", key=key,
                            hint=suggestion(key, TABLE_OPTIONS), options=", ".join(TABLE_OPTIONS)),
                    line=self._option_line(key),
                )
            elif isinstance(v, str) and v.strip().lower() in _WORDS_FOR_BOOLS:
                # ally = "true": the table meant the option; one error, and the log is checked as
                # if it were written without quotes (else every Ally card is one more error).
                meant = _WORDS_FOR_BOOLS[v.strip().lower()]
                line = self._option_line(key)
                self.error(LogStructureError, Message("option '{key}' must be true or false without quotes: expected "
                                                      "{key} = {value} (the log is checked as if it were)", key=key,
                                                      value=str(meant).lower()), line=line)
                out[key] = meant
                self.guessed.append((key, line))
            elif not isinstance(v, bool):
                self.error(LogStructureError, Message("option '{key}' must be true or false", key=key),
                           line=self._option_line(key))
            else:
                out[key] = v
        return out

    def _names(self, rec: TrickRecord, names: Names, line: int | None, rnum: int, t: int) -> TrickRecord | None:
        """``rec`` with every name in the spelling of ``players``; None (and errors) if one is nobody."""
        resolve = names.resolve
        ok = True

        def who(name: str, card: Card | None = None) -> str:
            nonlocal ok
            p = resolve(name)
            if p is None:
                msg = _not_a_play(name, card, names, self.vocab) if card is not None else None
                if msg is not None:
                    self.error(LogSyntaxError, msg, line=line, round=rnum, trick=t)
                else:
                    self.error(LogStructureError, _not_a_player(name, names.players),
                               line=line, round=rnum, trick=t, player=name)
                ok = False
                return name
            return p

        plays = tuple((who(p, c), c) for p, c in rec.plays)
        actions = tuple(Steal(who(a.thief), a.card, who(a.victim)) if isinstance(a, Steal) else Pass(who(a.thief))
                        for a in rec.actions)
        return rec._replace(plays=plays, actions=actions) if ok else None

    def _cards(self, value: object, what: str, rnum: int, line: Callable[[], int | None]) -> tuple[Card, ...] | None:
        """A list of card tokens as cards, or None (and an error); ``line`` may be a function,
        called only on error."""
        if value.__class__ is list:
            try:
                return card_tuple(value, self.vocab)
            except CardWordError as exc:  # a card of another language: kept whole, for _foreign_cards
                exc.message = Message("{key}: {message}", key=what, message=exc.msg)
                exc.context = " ".join(v for v in value if isinstance(v, str))
                self.errors.append(exc.located(file=self.file, line=line(), round=rnum))
                return None
            except BidsError as exc:  # a string that is no card
                self.error(LogSyntaxError, Message("{key}: {message}", key=what, message=exc.msg), line=line(),
                           round=rnum)
                return None
            except TypeError:  # a value that is not a string: as for a value that is no list
                pass
        self.error(LogStructureError, Message("{key} must be a list of card strings", key=what), line=line(),
                   round=rnum)
        return None

    def _hands(self, h: object, rnum: int, start: int | None, s: int, end: int | None, players: tuple[str, ...] | None,
               pset: frozenset[str] | None, names: Names | None) -> dict[str, tuple[Card, ...]] | None:
        """The hands of round ``rnum`` (``h``: its ``hands`` table), or None (and errors)."""
        def hl() -> int | None:
            return self._key_line("hands", s, end) or start

        if not isinstance(h, dict):
            self.error(LogStructureError, Message("hands must be a table: hands.Ana = [...]"), line=hl(), round=rnum)
            return None
        hands: dict[str, tuple[Card, ...]] = {}
        for p, cards in h.items():
            if pset is not None and names is not None and p not in pset:
                who = names.resolve(p)
                if who is None or who in h or who in hands:
                    why = (_not_a_player(p, names.players) if who is None else
                           Message("a second hand for {player} (names match case-insensitively)", player=who))
                    key = "hands." + p
                    self.error(LogStructureError, Message("{key}: {message}", key=key, message=why),
                               line=hl(), round=rnum, player=who or p)
                    continue
                p = who
            parsed = self._cards(cards, f"hands.{p}", rnum, hl)
            if parsed is not None:
                hands[p] = parsed
        if players and set(hands) != set(players):
            missing = [p for p in players if p not in hands]
            if missing:
                self.error(LogStructureError, Message("hands: no hand for {players} (give every hand or none)",
                                                      players=", ".join(missing)), line=hl(), round=rnum)
            return None
        return hands

    def _rounds(self, value: object, players: tuple[str, ...] | None) -> tuple[RoundRecord, ...]:
        if value is None:
            self.error(LogStructureError, Message("no rounds: expected at least one [[rounds]] table with tricks = [...]"))
            return ()
        if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
            self.error(LogStructureError, Message("'rounds' must be an array of tables ([[rounds]])"),
                       line=self._key_line("rounds"))
            return ()
        too_many = beyond(len(value), 0)
        if too_many is not None:
            self.error(LimitError, too_many)
            return ()
        headers, offsets = self._round_lines()
        upto_end = len(self._nl)
        out = []
        pset = frozenset(players) if players else None
        names = Names(players, pset) if players else None  # names as written (case, NFC) -> players' spelling
        for i, rnd in enumerate(value):
            rnum = i + 1
            start = headers[i] if i < len(headers) else None
            end = headers[i + 1] - 1 if i + 1 < len(headers) else None  # None: to the end of the text
            s = start or 1
            if not _ROUND_KEY_SET.issuperset(rnd):  # an unknown key (told by one C call)
                for key in rnd:
                    if key not in ROUND_KEYS:
                        self.error(
                            LogStructureError,
                            Message("unknown round key '{key}'{hint}: expected one of {keys}", key=quoted(key),
                                    hint=suggestion(key, ROUND_KEYS), keys=", ".join(ROUND_KEYS)),
                            line=self._key_line(key, s, end) or start, round=rnum,
                        )

            def line_of(key: str, s: int = s, end: int | None = end, start: int | None = start) -> int | None:
                return self._key_line(key, s, end) or start  # of a key of this round (on error only)

            if "notes" in rnd:
                self._notes(rnd["notes"], line_of, rnum)
            leader = rnd.get("leader")
            if isinstance(leader, str) and names is not None:
                leader = names.resolve(leader) or leader
            if leader is not None and (not isinstance(leader, str) or (players and leader not in players)):
                self.error(
                    LogStructureError,
                    _not_a_player(str(leader), players or (), leader=toml_value(leader)),
                    line=self._key_line("leader", s, end) or start, round=rnum,
                )
                leader = None
            hands = removed = pile = None
            if "hands" in rnd:
                hands = self._hands(rnd["hands"], rnum, start, s, end, players, pset, names)
            if "removed" in rnd:
                removed = self._cards(rnd["removed"], "removed", rnum, lambda: line_of("removed"))
            if "pile" in rnd:
                pile = self._cards(rnd["pile"], "pile", rnum, lambda: line_of("pile"))
            tricks_val = rnd.get("tricks")
            tl = start if start is not None else self._key_line("tricks", s, end)
            broken = False
            unread = None
            tricks = []
            if tricks_val is None:
                self.error(LogStructureError, Message("round has no tricks = [...]"), line=start, round=rnum)
                broken = True
            elif not isinstance(tricks_val, list):
                self.error(LogStructureError, Message("tricks must be a list of trick strings"), line=tl, round=rnum)
                broken = True
            else:
                too_many = beyond(0, len(tricks_val))
                if too_many is not None:
                    self.error(LimitError, too_many, line=tl, round=rnum)
                    broken = True
                    tricks_val = []
                lines = self._trick_lines(tricks_val, offsets[i] if i < len(offsets) else None,
                                          offsets[i + 1] if i + 1 < len(offsets) else upto_end, tl)
                for t, (text, line) in enumerate(zip(tricks_val, lines), 1):
                    try:
                        rec = parse_trick(text, t, line, self.vocab)
                    except BidsError as exc:
                        if isinstance(exc, CardWordError):
                            exc.context = text  # the line's other cards tell its language (_foreign_cards)
                        self.errors.append(exc.kept().located(file=self.file, line=line, round=rnum, trick=t))
                        broken = True
                        unread = unread or (t, line, len(tricks_val))
                        continue
                    # Every name a player as spelled in `players` (one set check in C), or _names
                    # matches the others (case, NFC, spaces) and names who is not a player.
                    if names is not None and pset is not None and (
                            rec.actions or not pset.issuperset(map(_first, rec.plays))):
                        named = self._names(rec, names, line, rnum, t)
                        if named is None:
                            broken = True
                            unread = unread or (t, line, len(tricks_val))
                            continue
                        rec = named
                    tricks.append(rec)
            out.append(_new_tuple(RoundRecord, (rnum, start or tl, leader, hands, removed, pile, tuple(tricks), broken,
                                                  unread)))
        return tuple(out)


def _typo_in_key(key: str, near: str, tables: bool, table: bool, lacks: bool) -> Message:
    """The message for a top-level ``key`` that is a typo for ``near``, a key the log needs: as
    ``[[key]]`` tables (``tables``), a table ``[key]`` (``table``) or a key; ``lacks``: the log
    has no ``near`` (else its [[rounds]] tables are apart from the others)."""
    if tables and not lacks:
        return Message("unknown [[{key}]] tables: probably a typo for [[{near}]] (its round is left out of the "
                       "count, so the rounds are checked once it is fixed)", key=key, near=near)
    if tables:
        return Message("unknown [[{key}]] tables: probably a typo for [[{near}]] (the log has none)", key=key,
                       near=near)
    if table:
        return Message("unknown table [{key}]: probably a typo for [{near}] (the log has none)", key=key, near=near)
    return Message("unknown key '{key}': probably a typo for '{near}' (the log has none)", key=key, near=near)


def _shown_value(value: object) -> str:
    """A TOML value for a message: a string in double quotes, cut to 40 characters."""
    return short_value(f'"{value}"' if isinstance(value, str) else repr(value), 40)


def _meant_lang(value: object) -> str | None:
    """The language code a ``lang`` value means ("IT", "italiano", "it_IT"), or None."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower().replace("_", "-")
    names = {"english": "en", "inglese": "en", "italian": "it", "italiano": "it", "spanish": "es", "español": "es",
             "espanol": "es", "castellano": "es", "japanese": "ja", "日本語": "ja", "jp": "ja"}
    code = names.get(text, text.split("-")[0])
    return code if code in LANGS else None


# What a table writes for true or false in quotes ("true", "yes"): the option it meant.
_WORDS_FOR_BOOLS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def _not_a_play(who: str, card: Card, names: Names, vocab: CardWords = ENGLISH) -> Message | None:
    """The message for a play whose 'name' is a player and more words, or None (the card and the
    fix in the log's card words ``vocab``)."""
    words = who.split()
    played = f"{who} {vocab.word(card)}"
    # "Ben R7 Cleo G8" (a comma left out): a player, then more than a card: not a play at all.
    for n in range(len(words) - 1, 0, -1):
        if names.resolve(" ".join(words[:n])) is not None:
            return slips.plays_run_together(played, vocab.card, vocab.word) or no_play(played)
    return None


def _not_a_player(name: str, players: Sequence[str], leader: str | None = None) -> Message:
    """"'Zed' is not a player", with the nearest name when one is near, else who the players are.
    ``leader``: the value of a round's ``leader`` that is no player, as the message shows it."""
    hint = suggestion(name, players)
    if leader is not None:
        if hint or not players:
            return Message("leader {value} is not a player{hint}", value=leader, hint=hint)
        return Message("leader {value} is not a player: expected one of {players}", value=leader,
                       players=", ".join(players))
    if hint or not players:
        return Message("'{name}' is not a player{hint}", name=name, hint=hint)
    return Message("'{name}' is not a player: expected one of {players}", name=name, players=", ".join(players))


def read_log_text(text: str, file: str = "<log>") -> tuple[GameLog | None, list[BidsError]]:
    """The log in ``text`` and every problem found."""
    reader = LogReader(text, file)
    log = reader.read()
    return log, reader.errors


def read_log(path: str | Path) -> tuple[GameLog | None, list[BidsError]]:
    """Read a log file; returns the log (None if unusable) and every problem found.

    The file is read under bidscli's input policy (files.read_bytes: a regular file, at most
    MAX_FILE_BYTES, never a FIFO or a device).
    """
    name = str(path)
    try:
        text = decode(read_bytes(path, MAX_FILE_BYTES, "log", LogStructureError), name, LogSyntaxError)
    except BidsError as exc:
        return None, [exc]
    return read_log_text(text, name)
