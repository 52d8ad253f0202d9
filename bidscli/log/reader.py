"""Reading game logs (spec log.md) into plain records.

The reader is forgiving in one way only: it collects every problem it finds
instead of stopping at the first (``validate`` shows them all; ``score`` shows
the first). Each record keeps the TOML line of its round or trick, so that
later errors from the engine can point at the line too (``lines=False`` leaves
them out: api.validate's first pass, for a log that turns out valid).

TOML parsers do not report positions, so lines are found by scanning the text
(logpos.py): ``[[rounds]]`` headers give the rounds, and each trick string is
searched for in order after its round header.
"""

from __future__ import annotations

import re
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up (issue 12)
    from pathlib import Path
from typing import NamedTuple

from ..core.cards import _CANONICAL as _EXACT
from ..core.cards import Card
from ..core.errors import (
    BidsError,
    LimitError,
    LogStructureError,
    LogSyntaxError,
    did_you_mean,
)
from ..files import tomlhints
from ..files.bounds import check_toml
from ..files.safe import decode, read_bytes
from ..files.tomlread import (
    TOMLDecodeError,  # tomli's compiled wheel if present (issue 12)
)
from ..files.tomlread import loads as toml_loads
from ..rules.knobs import TABLE_OPTIONS
from .names import RULE as NAME_RULE
from .names import Names, nfc, same_up_to_case
from .names import all_plain as all_plain_names
from .names import problem as name_problem
from .names import shown as shown_name
from .positions import _KEY_RE, LogPositions  # noqa: F401 - _KEY_RE: the key lines, also for tests

MAX_FILE_BYTES = 5_000_000
MAX_ROUNDS = 1_000
MAX_TRICKS = 20
_first = itemgetter(0)  # the player of a (player, card) play
_canonical = _EXACT.__getitem__  # a card from its canonical token; KeyError otherwise
_ONE_CARD = {tok: (c,) for tok, c in _EXACT.items()}  # canonical token -> a revealed part of that card
_canonical_comma = {tok + ",": c for tok, c in _EXACT.items()}.__getitem__  # "R5," -> R5 (a play before a comma)
_new_tuple = tuple.__new__  # builds a record without the Python-level NamedTuple.__new__

TOP_KEYS = ("ruleset", "players", "options", "rounds", "title", "date", "notes", "meta")
ROUND_KEYS = ("leader", "hands", "removed", "pile", "tricks", "notes")
_ROUND_KEY_SET = frozenset(ROUND_KEYS)


class Steal(NamedTuple):
    thief: str
    card: Card
    victim: str

    def __str__(self) -> str:
        return f"{self.thief} steals {self.card} from {self.victim}"


class Pass(NamedTuple):
    thief: str

    def __str__(self) -> str:
        return f"{self.thief} passes"


class TrickRecord(NamedTuple):
    number: int
    line: int | None
    text: str
    revealed: tuple[Card, ...]
    plays: tuple[tuple[str, Card], ...]
    actions: tuple  # of Steal | Pass


class RoundRecord(NamedTuple):
    number: int
    line: int | None
    leader: str | None
    hands: dict[str, tuple[Card, ...]] | None
    removed: tuple[Card, ...] | None
    pile: tuple[Card, ...] | None
    tricks: tuple[TrickRecord, ...]
    broken: bool = False  # a trick line could not be read: the engine skips this round


class GameLog(NamedTuple):
    file: str
    ruleset: str | None
    players: tuple[str, ...]
    options: dict[str, bool]
    rounds: tuple[RoundRecord, ...]
    ruleset_line: int | None = None


# -- trick lines -----------------------------------------------------------


def parse_trick(text: str, number: int = 0, line: int | None = None) -> TrickRecord:
    """Parse ``<revealed>: <player> <card>, ... [; <action>]...``."""
    if not isinstance(text, str):
        raise LogStructureError(f"a trick must be a string like \"K5: Ana R5, Ben G4\", not {type(text).__name__}")
    head, colon, rest = text.partition(":")
    if not colon:
        raise LogSyntaxError(
            f"trick '{_short(text)}' has no ':': expected '<revealed>: <player> <card>, ...' "
            "(leave the revealed part empty as ': Ana R5, ...' when the pile says it)"
        )
    exact = _EXACT
    try:
        tokens = head.split()
        # One card is the usual prize: its shared 1-tuple (tuples are immutable), else one per card.
        revealed = _ONE_CARD[tokens[0]] if len(tokens) == 1 else tuple(map(_canonical, tokens))
    except KeyError:  # an alias or a bad token: parse each for its error
        revealed = tuple(exact.get(tok) or Card.parse(tok) for tok in head.split())
    parts = rest.split(";")
    # Fast path, all in C: "Ana R5, Ben G4" -> ["Ana", "R5,", "Ben", "G4"]. When the words
    # pair up, every card but the last is canonical with a comma right after it, the last is
    # canonical and the text has no other comma, this is what the loop below would read;
    # anything else goes through the loop and its errors.
    body = parts[0]
    words = body.split()
    n = len(words) >> 1
    if n and not len(words) & 1 and body.count(",") == n - 1:
        try:
            cards = list(map(_canonical_comma, words[1:-1:2]))
            cards.append(_canonical(words[-1]))
            plays = tuple(zip(words[0::2], cards))
        except KeyError:
            pass
        else:
            return _new_tuple(TrickRecord, (number, line, text, revealed, plays,
                                            _actions(parts) if len(parts) > 1 else ()))
    plays = []
    chunks = parts[0].split(",")
    for i, chunk in enumerate(chunks):
        words = chunk.split()
        if len(words) < 2:
            if not words and i == len(chunks) - 1 and i > 0:  # the format is strict (log.md): say what to fix
                raise LogSyntaxError(f"trailing comma after the last play in '{_short(text)}': remove it")
            if not words:
                raise LogSyntaxError(f"empty play in '{_short(text)}': expected '<player> <card>' between commas")
            raise LogSyntaxError(
                f"'{chunk.strip()}' is not a play: expected '<player> <card>' (e.g. 'Ana R5')"
            )
        # The card is the last word; the name is all before it (names may hold spaces: log.md).
        who = words[0] if len(words) == 2 else " ".join(words[:-1])
        try:
            plays.append((who, exact.get(words[-1]) or Card.parse(words[-1])))
        except LogSyntaxError as e:  # a mistyped card: name who played it (log.md: the player)
            raise e.located(player=who)
    return TrickRecord(number, line, text, revealed, tuple(plays), _actions(parts))


# The plays _plain_trick has met: "<name> <card>" -> (name, card), for any one-word name. A pure
# function of the text, so it is shared by every log of a process (a league's logs share their
# players' names, whoever sits at the table); whether each name is one of the log's players is
# checked for each line. It is emptied when it holds _PLAYS_MAX plays, so memory stays flat over
# any number of logs (about 0.8 MB at most; 36 names and 70 cards make 2,520).
_PLAYS: dict[str, tuple[str, Card]] = {}
_PLAYS_MAX = 5_000
_name_of = itemgetter(0)


def _learn_plays(chunks: list[str]) -> bool:
    """Put each of ``chunks`` in _PLAYS if it is one play in the usual form; False if one is not.

    The usual form: a name of one word (no ','), one space, a canonical card token, and nothing
    else (no other space or whitespace). parse_trick reads such a piece, between two commas, as
    (name, card); _plain_trick checks that the names are the log's players.
    """
    if len(_PLAYS) + len(chunks) > _PLAYS_MAX:
        _PLAYS.clear()  # the same dict: a caller's bound look-up stays right
    for chunk in chunks:
        if chunk in _PLAYS:
            continue
        name, _, tok = chunk.partition(" ")
        card = _EXACT.get(tok)
        if card is None or "," in name or chunk.split() != [name, tok]:
            return False
        _PLAYS[chunk] = (name, card)
    return True


# The plays _plain_trick has read for each set of players: "<name> <card>" -> (name, card), each
# name one of that set as spelled there. A line whose pieces are all here is read with one look-up a
# piece and no check of the names (issue 12: checking them was a fifth of reading a trick line); a
# piece met for the first time is read from _PLAYS and its name checked, then kept here. At most
# _PLAYER_SETS_MAX sets are kept, each of at most 6 players' plays of the 76 card tokens.
# The first log of a set reads every line the older way (_new_plays) and keeps its plays: trying
# the new table first would fail on most lines of that log, and a failed look-up raises. A league
# whose tables change from game to game then costs what it did before the table (6.14 M
# instructions a log on 100 logs of six of 36 names; 6.62 M when every log tried the table first).
_KNOWN: dict[frozenset, dict[str, tuple[str, Card]]] = {}
_PLAYER_SETS_MAX = 16


def _known_plays(players: frozenset) -> tuple[dict[str, tuple[str, Card]], bool]:
    """The plays known to be by ``players`` (a dict _plain_trick fills), and whether that set is
    new (then _plain_trick learns its plays without trying the table first)."""
    known = _KNOWN.get(players)
    if known is not None:
        return known, False
    if len(_KNOWN) >= _PLAYER_SETS_MAX:
        _KNOWN.clear()  # memory stays flat over any number of tables
    known = _KNOWN[players] = {}
    return known, True


def _plain_trick(text: str, number: int, line: int | None, players: frozenset,
                 known: dict | None = None, learning: bool = False) -> TrickRecord | None:
    """The record of a trick line in the usual form, or None: then parse_trick reads it.

    The usual form (issue 12: most lines of most logs): a canonical revealed part, ': ', then
    plays in _learn_plays' form joined by ', ', each by one of ``players`` as spelled there, then
    maybe actions in _plain_actions' form, each after a ';'. parse_trick splits such a line at
    the first ':' (the head has none), then at each ';', and the commas of its plays are exactly
    those of the ', ' separators (a play holds none): so it reads the plays _PLAYS holds for the
    pieces, and _rounds' check of the names passes them. Each piece is looked up whole (one
    hash), not split into words. ``known``, ``learning``: ``_known_plays(players)``, which _rounds
    looks up once a log.
    """
    head, colon, rest = text.partition(": ")
    if not colon or ":" in head:
        return None
    body, actions = rest, ()
    if ";" in rest:  # a steal or a pass (a search in C first: most lines have none)
        body, _, tail = rest.partition(";")
        actions = _plain_actions(tail.split(";"), players)
        if actions is None:
            return None
    chunks = body.split(", ")
    if known is None:
        known, learning = _known_plays(players)
    try:
        if learning:  # the first log of these players: see _KNOWN
            raise KeyError
        # One call for the whole tuple (issue 12: a third cheaper than tuple(map(...)); with one
        # piece, itemgetter gives the piece itself, not a tuple of it).
        plays = itemgetter(*chunks)(known) if len(chunks) > 1 else (known[chunks[0]],)
    except KeyError:  # a piece not read for these players yet (kept from now on), or not a play
        plays = _new_plays(chunks, players)
        if plays is None:
            return None
        known.update(zip(chunks, plays))
    revealed = _ONE_CARD.get(head)  # "K5", the usual prize, written without spaces: no split
    if revealed is None:
        tokens = head.split()
        try:
            revealed = _ONE_CARD[tokens[0]] if len(tokens) == 1 else tuple(map(_canonical, tokens))
        except KeyError:  # an alias or a mistyped card: parse_trick says which
            return None
    return _new_tuple(TrickRecord, (number, line, text, revealed, plays, actions))


def _new_plays(chunks: list[str], players: frozenset) -> tuple | None:
    """The plays of ``chunks`` from _PLAYS (learnt there if need be) when every one is a play in
    the usual form by one of ``players``; else None."""
    try:
        plays = tuple(map(_play_of, chunks))
    except KeyError:  # a play not met yet (learnt here), or not in the usual form
        if not _learn_plays(chunks):
            return None
        plays = tuple(map(_play_of, chunks))
    if not players.issuperset(map(_name_of, plays)):
        return None  # a name spelled otherwise, or nobody's: _rounds' name check says which
    return plays


_play_of = _PLAYS.__getitem__


def _plain_actions(pieces: list[str], players: frozenset) -> tuple | None:
    """The actions of a trick line in the usual form (``pieces``: the text after each ';'), or None.

    The usual form: '<thief> steals <card> from <victim>' or '<thief> passes', each name one
    word and a player as spelled in ``players``, the card canonical, the other words in lower
    case. _actions splits a piece into words the same way and reads the same action, and
    _names finds each name a player as it is (issue 12: a Thief game has a few in each log).
    """
    out = []
    for piece in pieces:
        words = piece.split()
        if len(words) == 5 and words[1] == "steals" and words[3] == "from":
            card = _EXACT.get(words[2])
            if card is None or words[0] not in players or words[4] not in players:
                return None
            out.append(_new_tuple(Steal, (words[0], card, words[4])))
        elif len(words) == 2 and words[1] in ("passes", "pass") and words[0] in players:
            out.append(_new_tuple(Pass, (words[0],)))
        else:
            return None
    return tuple(out)


def _actions(parts: list[str]) -> tuple:
    """The actions of a trick line: ``parts`` is the line split at ';' (plays first)."""
    actions = []
    for chunk in parts[1:]:
        words = chunk.split()
        low = [w.lower() for w in words]
        # "<thief> steals <card> from <victim>", names of one or more words.
        at = next((i for i in range(1, len(words) - 3) if low[i] == "steals" and low[i + 2] == "from"), None)
        if at is not None:
            actions.append(Steal(" ".join(words[:at]), Card.parse(words[at + 1]), " ".join(words[at + 3:])))
        elif len(words) >= 2 and low[-1] in ("passes", "pass"):
            actions.append(Pass(" ".join(words[:-1])))
        else:
            raise LogSyntaxError(
                f"'{chunk.strip()}' is not an action: expected '<thief> steals <card> from <victim>' "
                "or '<thief> passes'"
            )
    return tuple(actions)


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


# -- whole logs --------------------------------------------------------------


class LogReader(LogPositions):
    """Reads one log, collecting errors (``errors``) instead of stopping. Lines: logpos.py."""

    def __init__(self, text: str, file: str, lines: bool = True) -> None:
        self.text = text
        self.file = file
        # lines=False: no line is found for the records (their line is None) nor for the errors,
        # which are the same errors otherwise (api.validate: a valid log shows no line).
        self.with_lines = lines
        self.errors: list[BidsError] = []
        self._header_offsets: list[int] | None = None  # set by _round_lines when every break is a "\n"

    def error(self, cls, message: str, **where) -> None:
        self.errors.append(cls(message, file=self.file, **where))

    # Reading ------------------------------------------------------------------
    def read(self) -> GameLog | None:
        too_big = check_toml(self.text, "log")  # bounds.py: before the parser, which is not linear
        if too_big is not None:
            self.errors.append(too_big.located(file=self.file))
            return None
        try:
            data = toml_loads(self.text)
        except TOMLDecodeError as exc:
            line = getattr(exc, "lineno", None)
            if line is None:
                m = re.search(r"line (\d+)", str(exc))
                line = int(m.group(1)) if m else None
                if line is None and "end of document" in str(exc):
                    line = max(1, len(self._lines))
            probable = tomlhints.hint(self.text, str(exc))
            if probable is not None:  # the slip a person probably made, and the reader's position
                line, what = probable
                self.error(LogSyntaxError, f"invalid TOML: {what} (TOML reader: {exc})", line=line)
                return None
            self.error(LogSyntaxError, f"invalid TOML: {exc}", line=line)
            return None
        except ValueError:  # an integer of more than 4300 digits
            big = re.compile(r"\d{1000}")
            line = next((i for i, l in enumerate(self._lines, 1) if big.search(l)), None)
            self.error(LimitError, "invalid TOML: a number with thousands of digits is too large to read",
                       line=line)
            return None
        except (RecursionError, MemoryError):
            self.error(LimitError, "TOML nesting is too deep to read")
            return None

        meant = set()  # required keys written with a typo: one error for each, not two
        for key in data:
            if key not in TOP_KEYS:
                # A close misspelling of a key the log needs (ruleset, players, rounds).
                import difflib  # only for this hint: start-up (issue 12)

                near = next(iter(difflib.get_close_matches(key, ("ruleset", "players", "rounds"), 1, 0.75)), None)
                value = data[key]
                if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                    shown, want = f"[[{key}]] tables", f"[[{near}]]"  # an array of tables
                elif isinstance(value, dict):
                    shown, want = f"table [{key}]", f"[{near}]"
                else:
                    shown, want = f"key '{key}'", f"'{near}'"
                lacks = near is not None and near not in data
                if lacks or (near == "rounds" and shown.startswith("[[")):
                    meant.add(near)
                    why = ("(the log has none)" if lacks else
                           "(its round is left out of the count, so the rounds are checked once it is fixed)")
                    err = LogStructureError(f"unknown {shown}: probably a typo for {want} {why}",
                                            file=self.file, line=self._key_line(key))
                    err.meant = near
                    self.errors.append(err)
                    continue
                self.error(
                    LogStructureError,
                    f"unknown key '{key}'{did_you_mean(key, TOP_KEYS)}: expected {', '.join(TOP_KEYS[:4])}",
                    line=self._key_line(key),
                )

        ruleset = data.get("ruleset")
        if ruleset is not None and not isinstance(ruleset, str):
            self.error(LogStructureError, "'ruleset' must be a string (a bundled name or a path)",
                       line=self._key_line("ruleset"))
            ruleset = None

        if "players" in meant:
            return None  # no players: nothing else can be checked
        players = self._players(data.get("players"))
        options = self._options(data.get("options", {}))
        if "rounds" in meant:
            return None  # the rounds are under another key: playing the rest would only mislead
        rounds = self._rounds(data.get("rounds"), players)
        if players is None:
            return None
        ruleset_line = self._ruleset_line() if ruleset and self.with_lines else None
        return GameLog(self.file, ruleset, players, options, rounds, ruleset_line)

    def _players(self, value) -> tuple[str, ...] | None:
        # The line of 'players', found only for an error.
        if value is None:
            self.error(LogStructureError, "no 'players': expected players = [\"Ana\", \"Ben\", ...] in seating order")
            return None
        if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
            self.error(LogStructureError, "'players' must be a list of names in seating order", line=self._key_line("players"))
            return None
        if 3 <= len(value) <= 6 and all_plain_names(value):  # the usual names: every check below passes
            return tuple(value)
        ok = True
        value = [nfc(p) for p in value]  # an NFD "José" is the same player (log.md)
        for p in value:
            why = name_problem(p)
            if why is not None:
                self.error(LogStructureError, f"player name '{shown_name(p)}' is not valid: it {why}; {NAME_RULE}",
                           line=self._key_line("players"))
                ok = False
        seen = set()
        for p in value:
            if p in seen:
                self.error(LogStructureError, f"player '{shown_name(p)}' appears twice: names must be unique",
                           line=self._key_line("players"), player=p)
                ok = False
            seen.add(p)
        for a, b in same_up_to_case(dict.fromkeys(value)):
            self.error(LogStructureError,
                       f"players '{shown_name(a)}' and '{shown_name(b)}' differ only in case: trick lines match "
                       "names case-insensitively, so two players need names that differ in more than case",
                       line=self._key_line("players"), player=b)
            ok = False
        if not 3 <= len(value) <= 6:
            self.error(LogStructureError, f"{len(value)} players: Bids is for 3 to 6 players", line=self._key_line("players"))
            ok = False
        return tuple(value) if ok else None

    def _options(self, value) -> dict[str, bool]:
        if not isinstance(value, dict):
            self.error(LogStructureError, "'options' must be a table ([options])", line=self._key_line("options"))
            return {}
        out = {}
        for key, v in value.items():
            if key not in TABLE_OPTIONS:
                self.error(
                    LogStructureError,
                    f"unknown option '{key}'{did_you_mean(key, TABLE_OPTIONS)}: expected one of {', '.join(TABLE_OPTIONS)}",
                    line=self._option_line(key),
                )
            elif not isinstance(v, bool):
                self.error(LogStructureError, f"option '{key}' must be true or false", line=self._option_line(key))
            else:
                out[key] = v
        return out

    def _names(self, rec: TrickRecord, names: Names, line, rnum: int, t: int) -> TrickRecord | None:
        """``rec`` with every name in the spelling of ``players``; None (and errors) if one is nobody."""
        resolve = names.resolve
        ok = True

        def who(name: str, card: Card | None = None) -> str:
            nonlocal ok
            p = resolve(name)
            if p is None:
                msg = _not_a_play(name, card, names) if card is not None else None
                if msg is not None:
                    self.error(LogSyntaxError, msg, line=line, round=rnum, trick=t)
                else:
                    self.error(LogStructureError, f"'{name}' is not a player{did_you_mean(name, names.players)}",
                               line=line, round=rnum, trick=t, player=name)
                ok = False
                return name
            return p

        plays = tuple((who(p, c), c) for p, c in rec.plays)
        actions = tuple(Steal(who(a.thief), a.card, who(a.victim)) if isinstance(a, Steal) else Pass(who(a.thief))
                        for a in rec.actions)
        return rec._replace(plays=plays, actions=actions) if ok else None

    def _cards(self, value, what: str, rnum: int, line) -> tuple[Card, ...] | None:
        """A list of card tokens; ``line`` may be a function, called only on error."""
        if isinstance(value, list):
            exact = _EXACT
            try:  # fast path: every token a canonical card string (only strings are keys)
                return tuple(map(_canonical, value))
            except (KeyError, TypeError):  # another token, or an unhashable one: the loop reports it
                pass
            out = []
            for tok in value:
                c = exact.get(tok) if isinstance(tok, str) else None
                if c is None:
                    if not isinstance(tok, str):
                        break
                    try:
                        c = Card.parse(tok)
                    except BidsError as exc:
                        self.error(LogSyntaxError, f"{what}: {exc.message}", line=_call(line), round=rnum)
                        return None
                out.append(c)
            else:
                return tuple(out)
        self.error(LogStructureError, f"{what} must be a list of card strings", line=_call(line), round=rnum)
        return None

    def _hands(self, h, rnum: int, start: int | None, s: int, end: int | None, players, pset, names):
        """The hands of round ``rnum`` (``h``: its ``hands`` table), or None (and errors)."""
        def hl():
            return self._key_line("hands", s, end) or start

        if not isinstance(h, dict):
            self.error(LogStructureError, "hands must be a table: hands.Ana = [...]", line=_call(hl), round=rnum)
            return None
        hands = {}
        for p, cards in h.items():
            if pset is not None and p not in pset:
                who = names.resolve(p)
                if who is None or who in h or who in hands:
                    why = (f"'{p}' is not a player{did_you_mean(p, players)}" if who is None else
                           f"a second hand for {who} (names match case-insensitively)")
                    self.error(LogStructureError, f"hands.{p}: {why}", line=_call(hl), round=rnum,
                               player=who or p)
                    continue
                p = who
            parsed = _plain_cards(cards)
            if parsed is None:
                parsed = self._cards(cards, f"hands.{p}", rnum, hl)
            if parsed is not None:
                hands[p] = parsed
        if players and set(hands) != set(players):
            missing = [p for p in players if p not in hands]
            if missing:
                self.error(LogStructureError, f"hands: no hand for {', '.join(missing)} (give every hand or none)",
                           line=_call(hl), round=rnum)
            return None
        return hands

    def _rounds(self, value, players) -> tuple[RoundRecord, ...]:
        if value is None:
            self.error(LogStructureError, "no rounds: expected at least one [[rounds]] table with tricks = [...]")
            return ()
        if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
            self.error(LogStructureError, "'rounds' must be an array of tables ([[rounds]])", line=self._key_line("rounds"))
            return ()
        if len(value) > MAX_ROUNDS:
            self.error(LimitError, f"{len(value)} rounds: bidscli reads at most {MAX_ROUNDS} rounds a log")
            return ()
        with_lines = self.with_lines
        headers = self._round_lines() if with_lines else ()
        out = []
        pset = frozenset(players) if players else None
        known, learning = _known_plays(pset) if pset is not None else (None, False)
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
                            f"unknown round key '{key}'{did_you_mean(key, ROUND_KEYS)}: expected "
                            f"{', '.join(ROUND_KEYS[:5])}",
                            line=self._key_line(key, s, end) or start, round=rnum,
                        )
            leader = rnd.get("leader")
            if isinstance(leader, str) and names is not None:
                leader = names.resolve(leader) or leader
            if leader is not None and (not isinstance(leader, str) or (players and leader not in players)):
                self.error(
                    LogStructureError,
                    f"leader {leader!r} is not a player{did_you_mean(str(leader), players or ())}",
                    line=self._key_line("leader", s, end) or start, round=rnum,
                )
                leader = None
            hands = None
            if "hands" in rnd:
                h = rnd["hands"]
                # Every player's hand, under the name as spelled, of canonical cards: one call
                # (issue 12); _hands would read the same, with nothing to report.
                if pset is not None and h.__class__ is dict and len(h) == len(pset) and pset.issuperset(h):
                    hands = _plain_hands(h)
                if hands is None:
                    hands = self._hands(h, rnum, start, s, end, players, pset, names)
            removed = pile = None
            if "removed" in rnd:
                removed = _plain_cards(rnd["removed"])
                if removed is None:
                    removed = self._cards(rnd["removed"], "removed", rnum,
                                          lambda s=s, end=end, start=start: self._key_line("removed", s, end) or start)
            if "pile" in rnd:
                pile = _plain_cards(rnd["pile"])
                if pile is None:
                    pile = self._cards(rnd["pile"], "pile", rnum,
                                       lambda s=s, end=end, start=start: self._key_line("pile", s, end) or start)
            tricks_val = rnd.get("tricks")
            tl = start if start is not None or not with_lines else self._key_line("tricks", s, end)
            broken = False
            tricks = []
            if tricks_val is None:
                self.error(LogStructureError, "round has no tricks = [...]", line=start, round=rnum)
                broken = True
            elif not isinstance(tricks_val, list):
                self.error(LogStructureError, "tricks must be a list of trick strings", line=tl, round=rnum)
                broken = True
            else:
                if len(tricks_val) > MAX_TRICKS:
                    self.error(LimitError, f"{len(tricks_val)} tricks: a round has at most {MAX_TRICKS}", line=tl, round=rnum)
                    broken = True
                    tricks_val = []
                lines = self._trick_lines(i, start, s, end, tl, tricks_val) if with_lines else repeat(None)
                for t, (text, line) in enumerate(zip(tricks_val, lines), 1):
                    rec = (_plain_trick(text, t, line, pset, known, learning)
                           if pset is not None and text.__class__ is str else None)
                    if rec is None:  # not the usual form: parse_trick, then the names
                        try:
                            rec = parse_trick(text, t, line)
                        except BidsError as exc:
                            self.errors.append(exc.located(file=self.file, line=line, round=rnum, trick=t))
                            broken = True
                            continue
                        # Every name a player as spelled in `players` (one set check in C), or
                        # _names matches the others (case, NFC, spaces) and names who is not a player.
                        if pset is not None and (rec.actions or not pset.issuperset(map(_first, rec.plays))):
                            rec = self._names(rec, names, line, rnum, t)
                            if rec is None:
                                broken = True
                                continue
                    tricks.append(rec)
            out.append(_new_tuple(RoundRecord, (rnum, start or tl, leader, hands, removed, pile, tuple(tricks), broken)))
        return tuple(out)


def _plain_hands(hands: dict) -> dict[str, tuple[Card, ...]] | None:
    """Each hand of ``hands`` (a list of canonical card strings) as cards, or None (_plain_cards'
    answer for every hand, in one comprehension)."""
    if not _LIST_TYPE.issuperset(map(type, hands.values())):
        return None  # a hand that is not a list: _cards reports it
    try:
        return {p: _cards_of(cards) for p, cards in hands.items()}
    except (KeyError, TypeError):  # another token, or an unhashable one: _cards reports it
        return None


_LIST_TYPE = frozenset((list,))


def _cards_of(tokens: list) -> tuple[Card, ...]:
    """``tuple(map(_canonical, tokens))``: the cards of canonical tokens (KeyError or TypeError for
    another token). itemgetter makes the tuple in one call (issue 12: a sixth cheaper for a hand
    of ten), but gives a lone item itself, so a list of one or none takes the map."""
    return itemgetter(*tokens)(_EXACT) if len(tokens) > 1 else tuple(map(_canonical, tokens))


def _plain_cards(value) -> tuple[Card, ...] | None:
    """A list of canonical card strings as cards (_cards' fast path, without its arguments), or None."""
    if value.__class__ is list:
        try:
            return _cards_of(value)
        except (KeyError, TypeError):  # another token, or an unhashable one: _cards reports it
            pass
    return None


def _not_a_play(who: str, card: Card, names: Names) -> str | None:
    """The message for a play whose 'name' is a player and more words, or None."""
    words = who.split()
    # "Ben R7 Cleo G8" (a comma left out): a player, then more than a card: not a play at all.
    for n in range(len(words) - 1, 0, -1):
        if names.resolve(" ".join(words[:n])) is not None:
            return f"'{who} {card}' is not a play: expected '<player> <card>' (e.g. 'Ana R5')"
    return None


def _call(line):
    return line() if callable(line) else line


def read_log_text(text: str, file: str = "<log>", lines: bool = True) -> tuple[GameLog | None, list[BidsError]]:
    """The log in ``text`` and every problem found; ``lines=False``: without lines (LogReader)."""
    reader = LogReader(text, file, lines)
    log = reader.read()
    return log, reader.errors


def read_log(path: str | Path, lines: bool = True) -> tuple[GameLog | None, list[BidsError]]:
    """Read a log file; returns the log (None if unusable) and every problem found.

    The file is read under bidscli's input policy (files.read_bytes: a regular file, at most
    MAX_FILE_BYTES, never a FIFO or a device).
    """
    name = str(path)
    try:
        text = decode(read_bytes(path, MAX_FILE_BYTES, "log", LogStructureError), name, LogSyntaxError)
    except BidsError as exc:
        return None, [exc]
    return read_log_text(text, name, lines)
