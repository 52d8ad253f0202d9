"""``bids record``: a game typed in trick by trick, checked as typed, saved after every trick.

:class:`Recorder` holds the game being recorded and answers each typed line
with an :class:`Outcome` (text to show, whether to save). It does no I/O and
knows nothing of click or terminals: the drivers in :mod:`bidscli.cli.recordio`
read lines and write the file.

The check of a typed trick is the engine itself and the log reader, as ``bids validate
--allow-partial`` checks the saved file: the round the trick goes into is written out as
text (the same :func:`bidscli.log.writer.log_text` that ``deal`` uses, its lines numbered as
in the file), read back by the log reader, and the trick is played on a copy of the game as it
stands (``Game.copy``), errors collected. So a line is accepted exactly when validate would
accept the saved file, and a refused line gets validate's own messages, located at the typed
line ("input line N: round R, trick T: ..."), not at a line of a file that never holds it.
The game is kept between tricks, so a trick costs the same at the end of a long game as at
its start; only writing the file grows with the game (each round's text is written once and
kept). ``undo`` and a new ``leader`` replay the game from its log (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.cards import ALLY_CARD, THIEF_CARD, Card
from ..core.cardwords import CardWords, card_words
from ..core.errors import BidsError, LogStructureError, LogSyntaxError
from ..core.i18n import N_, Grouped, Message, PluralMessage, worded
from ..core.sanitize import MAX_MESSAGE, terminal
from ..engine.replay import (
    NOTHING_RECORDED,
    Game,
    GameResult,
    LogDecider,
    StealChoice,
    TrickResult,
    UnknownCard,
    _Abort,
    replay,
)
from ..log.reader import GameLog, Pass, Steal, parse_trick, read_log_text
from ..log.writer import format_trick, head_text, round_text
from ..report.render import terminal_width
from ..report.table import display_width
from ..report.table import wrap as wrap_lines
from ..rules.ruleset import Ruleset, deck_for
from ..sim.deal import check_fits_log

WIDTH = 100  # the widest a line shown is; narrower when the terminal is (width())
ECHO = 200  # at most, characters of typed text shown back (a longer line is cut in the middle)
# The longest line read: its TOML form (a character is at most 6 there, as a \u escape) stays
# within bounds.MAX_LINE_CHARS, so the reader's limit never speaks of a line nobody typed.
MAX_TYPED = 4_096
HEADER = (
    "Recorded with `bids record`, saved after every trick (an unfinished game is a valid log:",
    "`bids validate --allow-partial`). Go on with: bids record THIS_FILE --resume",
)
COMMANDS = ("undo", "score", "leader", "hand", "save", "reload", "help", "quit")
# The commands are typed in English in every language (they are what a player types, as the
# options are); the cards of the examples are the log's own card words.
HELP = Message("""\
Type one trick a line, in playing order from the leader:
  {prize}: {four}                     the revealed card(s), a colon, then each player's card
  {prize} {four}, {prize}: {four_commas}  the same, without the colon or with commas
  {prize}: {named}  the log's own form, with the names
  {thief}: {thief_play}; {steal_example}   actions after ';' (or answer when asked)
  {four}                          with --deal: the recorder reveals the pile card itself
Commands: undo (remove the last trick), score (standings so far), leader NAME (who leads
the next round, before its first trick), hand NAME (with --deal: the cards NAME still holds),
help, quit (or end of input). The file is saved after every accepted trick.
When a save fails: save (try again), save NEWFILE (save into a new file and go on there),
reload (read the file as it is now, then type again what it lacks: when another program
changed it).""")


class Said:
    """A line (or a paragraph) the recorder says, worded when it is shown: in the output language
    at a terminal, in the table's language for ``bids serve`` (``i18n.text(said)``).

    ``message``: a ``Message``, a text already worded (typed text, a table) or any worded value.
    On a screen it is wrapped to width() columns, ``indent`` before its first line and ``hang``
    before the others; with ``hang=None`` it is one line, never wrapped (validate's messages),
    cut in the middle past ``limit`` characters."""

    __slots__ = ("message", "indent", "hang", "limit")

    def __init__(self, message: Any, indent: str = "", hang: str | None = "    ", limit: int | None = None) -> None:
        self.message, self.indent, self.hang, self.limit = message, indent, hang, limit

    def text(self, lang: str | None = None) -> str:
        said = self.indent + str(worded(self.message, lang))
        return said if self.limit is None else shown(said, self.limit)

    in_language = text

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Said({self.message!r})"

    def screen(self, lang: str | None = None) -> list[str]:
        """The screen lines it takes, worded in ``lang`` (default: the output language)."""
        said = self.text(lang)
        if self.hang is None:
            return [said if self.limit is not None else clean(said)]
        return wrap(said, self.hang)


# The names of the card words' languages (cardnames.LANG_NAMES), worded in the legend.
LANGUAGE_NAMES = (N_("Italian"), N_("Spanish"), N_("Japanese"))
ANSWER_FIRST = Message("answer the question first (or type undo to drop this trick)")

# What an outcome says, a line at a time: a message (worded, then wrapped under a 4-space
# indent), a ``Said`` (worded, then laid out as it says) or a text already worded
# (shown as it is).
Line = Message | Said | str


def screen_lines(lines: Iterable[Line], lang: str | None = None) -> list[str]:
    """An outcome's lines as a terminal shows them, worded in ``lang`` (default: the output language)."""
    out: list[str] = []
    for line in lines:
        if isinstance(line, str):
            out.append(line)
        elif isinstance(line, Said):
            out += line.screen(lang)
        else:
            out += wrap(line.text(lang))
    return out


def either(names: Sequence[str]) -> Any:
    """``A or B or C``, worded in the language shown."""
    said: Any = names[0]
    for name in names[1:]:
        said = Message("{first} or {second}", first=said, second=name)
    return said


class _Parts(Said):
    """Parts said on one line, joined by ' | ', when they fit; else one part a line (``join_parts``)."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Message) -> None:
        super().__init__(None)
        self.parts = parts

    def text(self, lang: str | None = None) -> str:
        return " | ".join(p.text(lang) for p in self.parts)

    in_language = text

    def screen(self, lang: str | None = None) -> list[str]:
        return join_parts([p.text(lang) for p in self.parts])


class _Place:
    """Where a refused line is said to be, then what is wrong, joined by ': ' (as an error's place
    is: ``input line 3: round 1, trick 2: ...``), each part worded in the language shown; parts
    that are empty are left out."""

    __slots__ = ("parts", "sep")

    def __init__(self, *parts: Any, sep: str = ": ") -> None:
        self.parts, self.sep = parts, sep

    def in_language(self, lang: str | None = None) -> str:
        return self.sep.join(str(worded(p, lang)) for p in self.parts if p)


class _ErrorText:
    """An error's message (not its place) as a worded value."""

    __slots__ = ("error",)

    def __init__(self, error: BidsError) -> None:
        self.error = error

    def in_language(self, lang: str | None = None) -> str:
        return self.error.text(lang)


def clean(text: str) -> str:
    """Text shown to the user, control characters escaped (typed input is echoed in messages)."""
    return terminal(text)


def shown(text: str, limit: int = ECHO, length: int | None = None) -> str:
    """Typed text to show back: sanitised once, at most about ``limit`` characters.

    A longer text keeps its start and end (as :func:`bidscli.core.sanitize.shorten`), measured
    after escaping (a NUL shows as 4 characters), and says how many of its own characters
    were cut, so a 300,000-character line is neither printed nor miscounted.

    ``length``: the real length of a line that was cut while it was read (``text`` then
    holds at least ``limit`` of its first and of its last characters).
    """
    if length is None:
        length = len(text)
    if length <= limit:
        safe = terminal(text)
        if len(safe) <= limit:
            return safe
    room = max(limit - 40, 2)  # 40: the marker, with room for any count
    head_room = room * 2 // 3
    tail_room = room - head_room
    head, tail = _fit(text, head_room), _fit(reversed(text), tail_room)
    cut = length - head - tail
    marker = Message("[... {count} characters cut ...]", count=Grouped(cut)).text()
    return f"{terminal(text[:head])} {marker} {terminal(text[len(text) - tail:])}"


def _fit(chars, room: int) -> int:
    """How many of ``chars`` fit in ``room`` columns once escaped."""
    n = used = 0
    for ch in chars:
        used += len(terminal(ch))
        if used > room:
            break
        n += 1
    return n


def width() -> int:
    """The screen columns the recorder's lines fit: the terminal's (COLUMNS, else its size; 100
    for a pipe), at most WIDTH. Japanese text counts two columns a character (display_width)."""
    return min(WIDTH, terminal_width())


def wrap(text: str, indent: str = "    ") -> list[str]:
    """One logical line as screen lines of at most width() columns."""
    return wrap_lines(clean(text), width(), hang=indent) or [""]


def join_parts(parts: Sequence[str]) -> list[str]:
    """Parts on one line joined by ' | ' when they fit, else one part a line (each wrapped)."""
    line = " | ".join(parts)
    if display_width(line) <= width() and line.isprintable():
        return [line]
    out = wrap(parts[0])
    for part in parts[1:]:
        out += wrap("    " + part, "      ")
    return out


@dataclass
class RoundEntry:
    """One ``[[rounds]]`` table as it will be written (the attributes ``log_text`` reads)."""

    leader: str | None = None
    hands: dict | None = None
    removed: tuple | None = None
    pile: tuple | None = None
    tricks: list = field(default_factory=list)
    added: bool = True  # opened by the recorder (not from a deal or a resumed log): undo may drop it


@dataclass
class Outcome:
    """What one typed line did: the lines to show, and what the driver must do."""

    said: list[Line] = field(default_factory=list)  # worded when shown: ``lines``
    error: bool = False  # the line was refused (scripted use exits 1 at the end)
    save: bool = False  # the log changed: write it now
    done: bool = False  # quit
    asking: bool = False  # a question waits for an answer (a steal)
    # What changed the log (with save): ("trick", LINE), ("leader", NAME) or ("undo",), each
    # a line to type again (reload carries what was not saved into the file as it is now).
    change: tuple | None = None
    # A file command for the driver: ("save", NAME or "") or ("reload",).
    request: tuple | None = None

    @property
    def lines(self) -> list[str]:
        """What it says, as screen lines in the output language."""
        return screen_lines(self.said)


@dataclass
class Trial:
    """A typed trick checked against the game, which is left as it was (``Recorder.trial``)."""

    text: str  # as typed
    line: str  # as the log holds it (names written, cards canonical); as typed when it could not be read
    target: int  # the round it goes into (0 for the first)
    rounds: list  # the rounds with the line in them
    problems: list[Said]  # validate's messages for the line, located; empty when it is accepted
    game: Game | None  # the game with the trick played (its round ended when complete); None when refused
    steal: StealChoice | None = None  # with ``offer``: a steal offered that the line does not record
    wrapped: bool = False  # problems in the recorder's words (wrapped on a terminal), not validate's
    offered: list = field(default_factory=list)  # the steals the engine offered at the trick
    _result: GameResult | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def result(self) -> GameResult | None:
        """The game with the trick in it, as ``bids score --allow-partial`` gives it (the round
        being played ended as a partial one); None when refused."""
        if self.game is None:
            return None
        if self._result is None:
            g = self.game.copy()  # the trial's game plays on when committed: its own result
            rs = g.round_state
            if rs is not None and not rs.ended:
                g.end_round(partial=True)
            self._result = g.result()
        return self._result

    @property
    def trick(self) -> TrickResult | None:
        """The trick's result (its winner, points and reasons) when the line is accepted."""
        return self.result.rounds[self.target].tricks[-1] if self.result is not None and not self.problems else None


@dataclass
class _Pending:
    """A trick waiting for a thief's decision."""

    rounds: list  # the candidate rounds, the trick line in them without this decision
    target: int
    line: str
    choice: StealChoice


class Recorder:
    """The game being recorded. ``feed(line)`` for each line typed; ``text()`` is the log to save."""

    def __init__(self, file: str, ruleset_ref: str | None, ruleset: Ruleset, players: Sequence[str],
                 options: dict, rounds: list[RoundEntry] | None = None, *, interactive: bool = False,
                 game_rounds: int | None = None, date=None, title: str | None = None,
                 lang: str | None = None, log_lang: str = "en") -> None:
        self.file = file
        # The card words typed, shown and written (log.md "Card words in the players' languages"):
        # the log says lang = "it" when they are not English. Cards are echoed with their colour
        # word (G5 (giallo)), so a slip shows at once. (``lang`` is the pages' language, below.)
        self.log_lang = log_lang
        self.vocab: CardWords = card_words(log_lang)
        # The game's day, written into the log (log-format.md): today for a new game; a resumed
        # log keeps its own (or none).
        self.date = date
        # The game's name (log.md ``title``) and the table's language for the pages (``bids serve``,
        # kept in ``[meta] lang``): carried over by every save.
        self.title = title
        self.lang = lang
        self.ruleset_ref = ruleset_ref
        self.ruleset = ruleset
        self.players = tuple(players)
        self.options = {k: bool(v) for k, v in sorted(ruleset.table_options(options).items())}
        ruleset.check_options(self.options, len(self.players))
        self.deck = deck_for(ruleset, len(self.players), self.options)
        self.tricks = self.deck.tricks
        self.rounds = rounds if rounds else [RoundEntry(added=False)]
        self.interactive = interactive
        # A deal (or a resumed log) of more rounds than game.rounds is played to its end.
        self.game_rounds = max(game_rounds or ruleset.knobs["game.rounds"], len(self.rounds))
        # --rounds (or a resumed log's [meta] rounds) is written into the log, so --resume knows it.
        self.rounds_given = game_rounds
        check_fits_log(ruleset, len(self.players), self.deck, self.game_rounds)
        self.pending: _Pending | None = None
        # The game as it stands before the next trick (its round started), kept between tricks:
        # a trick is played on a copy of it, which becomes it when the trick is accepted. None
        # after a change that is not a trick (undo, a leader): replayed from the log when asked.
        self._live: Game | None = None
        # Each round's text as the file holds it, kept while the round is unchanged: round index
        # -> (the RoundEntry, its trick count, its leader, its text, its line count).
        self._blocks: dict[int, tuple[RoundEntry, int, str | None, str, int]] = {}
        # What changes only with the rounds before the one being played: how many lines of the
        # file come before each round's table (round index -> lines), and the first round not
        # finished (its rounds before are finished): both kept until a change that is not a trick.
        self._before: list[int] = [0]
        self._done = 0
        self._heads: tuple[tuple, str, int] | None = None  # the text before the rounds, kept
        self.accepted = 0  # tricks accepted in this session
        # Where a refused line is said to be: the line as typed (its number in this session's
        # input, or --leader), never a line of the saved file, which does not hold it.
        self.typed = 0
        self.at: Any = Message("input line {n}", n=0)

    # -- the log ------------------------------------------------------------------------
    def text(self, rounds: list[RoundEntry] | None = None) -> str:
        rounds = self.rounds if rounds is None else rounds
        return self._head() + "".join(self._block(i, r)[0] for i, r in enumerate(rounds))

    def _head(self) -> str:
        return self._head_and_lines()[0]

    def _head_and_lines(self) -> tuple[str, int]:
        """The text before the rounds and its line count, made again only when what it says changes
        (``save NEWFILE`` may write the ruleset relative to another folder)."""
        meta = self.meta()
        key = (self.ruleset_ref, self.date, self.title, self.log_lang, tuple(sorted(meta.items())))
        if self._heads is None or self._heads[0] != key:
            text = head_text(self.ruleset_ref, self.players, self.options, header=HEADER, date=self.date,
                             meta=meta or None, title=self.title, lang=self.log_lang)
            self._heads = (key, text, text.count("\n"))
        return self._heads[1], self._heads[2]

    def _block(self, i: int, rnd: RoundEntry) -> tuple[str, int]:
        """Round ``i``'s text as the file holds it, and its line count: written once while it stays
        the same round (the same entry, trick count and leader)."""
        kept = self._blocks.get(i)
        if kept is not None and kept[0] is rnd and kept[1] == len(rnd.tricks) and kept[2] == rnd.leader:
            return kept[3], kept[4]
        text = round_text(rnd, self.players, self.log_lang)
        lines = text.count("\n")
        self._blocks[i] = (rnd, len(rnd.tricks), rnd.leader, text, lines)
        return text, lines

    def meta(self) -> dict:
        """The ``[meta]`` table written: the game's length when given, the table's language."""
        out: dict = {}
        if self.rounds_given:
            out["rounds"] = self.rounds_given
        if self.lang:
            out["lang"] = self.lang
        return out

    def check(self, rounds: list[RoundEntry] | None = None) -> tuple[list[BidsError], GameResult | None]:
        """Every problem ``validate --allow-partial`` finds in the log, and the replayed result (the
        whole log read and replayed: for commands, not for each trick)."""
        log, errors = read_log_text(self.text(rounds), self.file)
        if log is None:
            return errors, None
        collected: list[BidsError] = []
        result = replay(log, self.ruleset, self.options, collect=collected, allow_partial=True)
        return _sorted(errors + collected), result

    def played(self) -> int:
        return sum(len(r.tricks) for r in self.rounds)

    def _target(self, rounds: list[RoundEntry]) -> int:
        """The round the next trick goes into: the first unfinished one, or a new one. (The rounds
        before ``_done`` are finished, unless a change that is not a trick came since.)"""
        tricks = self.tricks
        for i in range(min(self._done, len(rounds)), len(rounds)):
            if len(rounds[i].tricks) < tricks:
                if rounds is self.rounds:
                    self._done = i
                return i
        return len(rounds)

    def _changed(self) -> None:
        """The rounds changed otherwise than by a trick (undo, a leader): the game is replayed when
        next asked, and what was kept of the rounds before is counted again."""
        self._live = None
        self._before = [0]
        self._done = 0

    def _ready(self) -> Game:
        """The game as it stands before the next trick, its round started (kept between tricks)."""
        game = self._live
        if game is None:
            game = self._live = self._replayed()
        rs = game.round_state
        if (rs is None or rs.ended) and not self.game_over():
            # The next round starts on a copy: the game a trial handed out stays as it was.
            target = self._target(self.rounds)
            rnd = self.rounds[target] if target < len(self.rounds) else RoundEntry()
            game = self._live = game.copy()
            self._start(game, self.rounds, target, rnd)
        return game

    def _start(self, game: Game, rounds: list[RoundEntry], target: int, rnd: RoundEntry) -> None:
        """Start round ``target`` (``rnd``) on ``game``, at its line in the file."""
        game.start_round(leader=rnd.leader, hands=rnd.hands, pile=rnd.pile, removed=rnd.removed,
                         line=self._lines_before(rounds, target) + 2)

    def _lines_before(self, rounds: list[RoundEntry], target: int) -> int:
        """How many lines of the file come before round ``target``'s table (the rounds before it
        are those of the game, finished: counted once, from the last round counted)."""
        before = self._before  # before[i]: the lines of the rounds before round i
        for i in range(len(before) - 1, target):
            before.append(before[i] + self._block(i, rounds[i])[1])
        return self._head_and_lines()[1] + before[target]

    def _replayed(self) -> Game:
        """The game replayed from the log as it is: its finished rounds ended, the round being
        played started with its tricks played (``undo`` and a new leader come here)."""
        log, errors = read_log_text(self.text(), self.file)
        if log is None:  # cannot happen for a log this class wrote: say so plainly
            raise errors[0]
        game = Game(self.ruleset, self.players, self.options, on_error=_ignored, file=self.file)
        target = self._target(self.rounds)
        last = target + 1 if target < len(self.rounds) and self.rounds[target].tricks else target
        for rec in log.rounds[: target + 1]:
            if rec.number == target + 1 and not rec.tricks:
                break  # a round with no trick yet: started when asked (``_ready``)
            game.start_round(leader=rec.leader, hands=rec.hands, pile=rec.pile, removed=rec.removed,
                             line=rec.line)
            game.log_round(len(rec.tricks), last)
            try:
                for trec in rec.tricks:
                    game.play_trick(trec.revealed, trec.plays, trec.line,
                                    LogDecider(trec.actions) if trec.actions else NOTHING_RECORDED)
            except (BidsError, _Abort):  # (a log this class wrote plays: it was checked trick by trick)
                pass
            if len(rec.tricks) >= self.tricks:
                game.end_round()
        return game

    def _check_trick(self, rounds: list[RoundEntry], target: int,
                     watch: list | None = None) -> tuple[list[BidsError], Game]:
        """What validate finds in the log ``rounds`` whose round ``target`` ends with a new trick line,
        and the game with it played: the round read as the file holds it (its lines numbered as
        there), the trick played on a copy of the game as it stands. ``watch``: the steal choices
        the engine offers at the trick are appended to it."""
        rnd = rounds[target]
        before = self._lines_before(rounds, target)
        head, lines = self._head_and_lines()
        shift = before - lines  # the round's lines in the file, against the round alone after the head
        log, errors = read_log_text(head + round_text(rnd, self.players, self.log_lang), self.file)
        for e in errors:
            e.located()
            if e.line is not None:
                e.line += shift
            if e.round == 1:
                e.round = target + 1
            if e.follows is not None:
                e.follows += shift
        game = self._ready().copy()
        found: list[BidsError] = []
        game.referee.on_error = found.append
        if log is None or not log.rounds or log.rounds[0].broken or len(log.rounds[0].tricks) < len(rnd.tricks):
            return _sorted(errors), game  # the line could not be read: the reader's errors
        rec = log.rounds[0]
        rs = game.round_state
        if rs is None or rs.ended:
            self._start(game, rounds, target, rnd)
        game.log_round(len(rec.tricks), target + 1)
        trec = rec.tricks[-1]
        decide = (_Watching(trec.actions, watch) if watch is not None
                  else LogDecider(trec.actions) if trec.actions else NOTHING_RECORDED)
        try:
            game.play_trick(trec.revealed, trec.plays, None if trec.line is None else trec.line + shift, decide)
        except _Abort:
            pass
        except UnknownCard as exc:
            game.illegal(exc.message)
        else:
            if len(rec.tricks) >= self.tricks:
                game.end_round()
        return _sorted(errors + found), game

    def next_turn(self) -> tuple[int, int, str]:
        """(round, trick, leader) of the next trick to type."""
        r, t, game = self.next_game()
        leader = game.leader
        assert leader is not None, "the next trick's round has started"
        return r, t, leader

    def next_game(self) -> tuple[int, int, Game]:
        """(round, trick) of the next trick to type, and the game as it stands before it (its
        round started): who leads, the playing order, where the round's cards are. The game is
        the recorder's own: to read, not to play on (``Game.copy`` for that)."""
        target = self._target(self.rounds)
        number = len(self.rounds[target].tricks) + 1 if target < len(self.rounds) else 1
        return target + 1, number, self._ready()

    def game_over(self) -> bool:
        return len(self.rounds) >= self.game_rounds and self._target(self.rounds) == len(self.rounds)

    def prompt(self) -> str:
        """The prompt before the next line, in the output language."""
        return self.prompt_message().text()

    def prompt_message(self) -> Message:
        """The prompt before the next line, as a message."""
        if self.pending is not None:
            c = self.pending.choice
            # TRANSLATORS: the prompt while a thief decides (the answer is typed after it)
            return Message("{thief} steals? > ", thief=c.thief)
        if self.game_over():
            # TRANSLATORS: quit, score and undo are commands, typed in English
            return Message("game over (quit, score, undo)> ")
        r, t, leader = self.next_turn()
        # TRANSLATORS: the prompt: R round, T trick (R2 T3: round 2, trick 3)
        return Message("R{round} T{trick} {leader} leads> ", round=r, trick=t, leader=leader)

    def help(self) -> Message:
        """The ``help`` text, with this log's card words in its examples."""
        word = self.vocab.word
        four = [word(Card.parse(c)) for c in ("R5", "G4", "K7", "Y2")]
        names = ("Ana", "Ben", "Cleo", "Dev")
        thief = word(THIEF_CARD)
        steal = self.vocab.action(Steal("Ben", Card.parse("K5"), "Cleo"))
        return Message(HELP.msgid, prize=word(Card.parse("K5")), four=" ".join(four), four_commas=", ".join(four),
                       named=", ".join(f"{n} {c}" for n, c in zip(names, four)), thief=thief,
                       thief_play=" ".join(word(Card.parse(c)) for c in ("R10", "G2", "Y3", "K1")),
                       steal_example=steal)

    def words(self) -> list[str]:
        """What Tab completes: commands, player names and the names of this deck's cards still in
        play (not yet revealed, played or set aside in the round being typed)."""
        word = self.vocab.word
        if self.pending is not None:  # the answer to a steal: the cards that can be taken
            c = self.pending.choice
            cards = sorted({card for cs in c.victims.values() for card in cs}, key=lambda x: x.sort_key)
            return [*map(word, cards), *self._action_words(), *c.victims, *COMMANDS]
        gone: set = set()  # the cards this round has shown: no longer in play
        target = self._target(self.rounds)
        if target < len(self.rounds):
            rnd = self.rounds[target]
            gone.update(rnd.removed or ())
            for line in rnd.tricks:
                try:
                    rec = parse_trick(line, vocab=self.vocab)
                except BidsError:
                    continue
                gone.update(rec.revealed)
                gone.update(c for _, c in rec.plays)
        cards = sorted((c for c in self.deck.all_cards() if c not in gone), key=lambda c: c.sort_key)
        return [*COMMANDS, *self._action_words(), *self.players, *map(word, cards)]

    def _action_words(self) -> list[str]:
        """The action words of the log's language, then the English ones (read in every log)."""
        v = self.vocab
        return list(dict.fromkeys([*v.steal_words, *v.from_words, *v.pass_words, "pass"]))

    # -- one line ---------------------------------------------------------------------------
    def feed(self, line: str, length: int | None = None) -> Outcome:
        """Answer one typed line. ``length``: the real length of a line the driver cut while
        reading it (the drivers read at most MAX_TYPED + 1 characters of a line)."""
        self.typed += 1
        self.at = Message("input line {n}", n=self.typed)
        # The limit counts the line as typed, without its line ending: the drivers cut a line
        # there while reading it, before any stripping.
        n = length if length is not None else len(line.rstrip("\r\n"))
        if n > MAX_TYPED:  # the real length, before any escaping
            return Outcome([self._too_long(n)], error=True, asking=self.pending is not None)
        text = line.strip()
        if self.pending is not None and not _is_command(text):
            return self._answer(self.pending, text)
        if not text or text.startswith("#"):
            return Outcome()
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "q"):
            out = Outcome(done=True)
            if self.pending is not None:
                out.said.append(Said(Message("round {round}: the trick waiting for {thief}'s decision is not "
                                              "recorded", round=self.pending.target + 1,
                                              thief=self.pending.choice.thief), hang=None))
                self.pending = None
            return out
        if word in ("help", "?"):
            # Its lines as written where they fit; a wider one wrapped under its own indent and more.
            return Outcome([x for line in self.help().text().splitlines()
                            for x in ([line] if display_width(line) <= width()
                                      else wrap(line, " " * (len(line) - len(line.lstrip()) + 4)))])
        if word == "undo" and not rest:
            return self._undo()
        if word == "score" and not rest:
            return self.standings()
        if word == "leader" and ":" not in rest:
            return self._complete_game() if self.game_over() else self._leader(rest)
        if word == "hand" and ":" not in rest:
            return self._hand(rest)
        if word in ("save", "reload") and (word == "save" or not rest):
            if self.pending is not None:
                return Outcome([Said(ANSWER_FIRST, hang=None)], error=True, asking=True)
            # The file itself is the driver's: it saves, or reads the file again.
            return Outcome(request=(word, rest) if word == "save" else (word,))
        if self.pending is not None:
            return Outcome([Said(ANSWER_FIRST, hang=None)], error=True, asking=True)
        if self.game_over():
            # A trick (or a leader) now would open a round past the game's end, and the saved
            # file would no longer score (`bids score`: unfinished). The file must always score.
            return self._complete_game()
        return self._trick(text)

    def _complete_game(self) -> Outcome:
        n = len(self.rounds)
        return Outcome([Said(PluralMessage("the game is complete ({n} round): nothing more to record; quit to stop",
                                           "the game is complete ({n} rounds): nothing more to record; quit to "
                                           "stop", n), hang=None)], error=True)

    def retype(self, change: tuple) -> Outcome:
        """Type a change again (``reload`` carries what the file lacks): an Outcome's ``change``.

        Located at "reload" (not at an input line), and no question is asked: a trick line
        holds the thief's decisions already (a right left open there is not taken, as in a log).
        """
        at, interactive = self.at, self.interactive
        self.at, self.interactive = "reload", False  # the command's name, as typed
        try:
            if change[0] == "undo":
                return self._undo()
            if self.game_over():
                return self._complete_game()
            return self._leader(change[1]) if change[0] == "leader" else self._trick(change[1])
        finally:
            self.at, self.interactive = at, interactive

    def _too_long(self, n: int) -> Said:
        return self._at(Message("a line of {n} characters: record reads lines of at most {most}",
                                n=Grouped(n), most=Grouped(MAX_TYPED)))

    def undo(self) -> Outcome:
        """Remove the last trick, as the typed ``undo`` does (with ``save`` when one went)."""
        return self._undo()

    def _at(self, *parts: Any) -> Said:
        """Where a refused line is said to be: the input line (``at``; none for the table's
        server, whose answers go to the request that sent the line), then ``parts``; one line."""
        return Said(_Place(self.at, *parts), hang=None)

    def choose_leader(self, name: str) -> Outcome:
        """``--leader NAME`` on the command line (not an input line)."""
        self.at = "--leader"
        return self._leader(name)

    def located(self, e: BidsError) -> Said:
        """A refused line's message, located at the input: 'input line N: round R, trick T: ...'
        (one line, not wrapped, as validate says it)."""
        where = None
        if e.round is not None:
            where = (Message("round {round}, trick {trick}", round=e.round, trick=e.trick) if e.trick is not None
                     else Message("round {round}", round=e.round))
        return Said(_Place(self.at, where, _ErrorText(e)), hang=None, limit=MAX_MESSAGE)

    # -- commands ------------------------------------------------------------------------------
    def _player(self, name: str) -> str | None:
        for p in self.players:
            if p == name:
                return p
        folded = [p for p in self.players if p.casefold() == name.casefold()]
        return folded[0] if len(folded) == 1 else None

    def _undo(self) -> Outcome:
        if self.pending is not None:
            self.pending = None
            return Outcome([Said(Message("the trick waiting for a decision is dropped; nothing was recorded"),
                                 hang=None)])
        idx = max((i for i, r in enumerate(self.rounds) if r.tricks), default=None)
        if idx is None:
            return Outcome([Said(Message("nothing to undo: no trick recorded yet"), hang=None)], error=True)
        rnd = self.rounds[idx]
        number = len(rnd.tricks)
        gone = rnd.tricks.pop()
        # Rounds the recorder opened after it (a chosen leader) go too; its own round goes
        # when the recorder opened it and nothing in it is left to keep. A deal's rounds stay.
        while len(self.rounds) > idx + 1 and self.rounds[-1].added:
            self.rounds.pop()
        if len(self.rounds) == idx + 1 and not rnd.tricks and rnd.added and rnd.leader is None and idx > 0:
            del self.rounds[idx]
        self._changed()  # (undo replays the game from its log)
        r, t, leader = self.next_turn()
        return Outcome([Said(Message("undone: round {round}, trick {trick}: {line}", round=idx + 1, trick=number,
                                     line=clean(gone)), hang=None),
                        Said(Message("round {round}, trick {trick}: {leader} leads", round=r, trick=t, leader=leader),
                             hang=None)], save=True, change=("undo",))

    def standings(self) -> Outcome:
        """The standings as `bids score OUT --allow-partial` prints them."""
        from ..report.render import score_table

        _, result = self.check()
        if result is None or not self.played():
            return Outcome([Said(Message("no trick recorded yet"), hang=None)])
        return Outcome([*score_table(self.file, self.ruleset, result, more_to_come=not self.game_over()).splitlines()])

    def _leader(self, name: str) -> Outcome:
        who = self._player(name)
        if who is None:
            return Outcome([Said(Message("leader {name}: expected a player name ({players})", name=shown(name, 60),
                                         players=", ".join(self.players)), hang=None)], error=True)
        target = self._target(self.rounds)
        if target < len(self.rounds) and self.rounds[target].tricks:
            return Outcome([Said(Message("leader {name}: round {round} has started (trick {trick} is next); the "
                                         "table chooses a leader before the first trick of a round", name=who,
                                         round=target + 1, trick=len(self.rounds[target].tricks) + 1),
                                 hang=None)], error=True)
        rounds = [replace(r, tricks=list(r.tricks)) for r in self.rounds]
        if target == len(rounds):
            rounds.append(RoundEntry(leader=who))
        else:
            rounds[target].leader = who
        errors, _ = self.check(rounds)
        if errors:
            return self._refuse(errors)
        self.rounds = rounds
        self._changed()
        return Outcome([Said(Message("round {round}: {leader} leads trick {trick}", round=target + 1, leader=who,
                                     trick=1), hang=None)], save=True, change=("leader", who))

    def _hand(self, name: str) -> Outcome:
        who = self._player(name)
        if who is None:
            return Outcome([Said(Message("hand {name}: expected a player name ({players})", name=shown(name, 60),
                                         players=", ".join(self.players)), hang=None)], error=True)
        target = self._target(self.rounds)
        if target == len(self.rounds) or self.rounds[target].hands is None:
            return Outcome([Said(Message("the hands are not known: start with --deal DEAL.toml (from `bids deal`) to "
                                         "check each play against the hand"), hang=None)], error=True)
        rs = self._ready().round_state
        assert rs is not None and rs.hands is not None, "the round started, dealt with its hands"
        cards = sorted(rs.hands[who], key=lambda c: c.sort_key)
        return Outcome([Message("round {round}: {player} holds {n}: {cards}", round=target + 1, player=who,
                                n=len(cards), cards=" ".join(map(self.vocab.word, cards)))])

    # -- tricks ----------------------------------------------------------------------------------
    def _trick(self, text: str) -> Outcome:
        tr = self.trial(text, offer=self.interactive)
        if tr.problems:
            lines: list[Line] = [Said(p.message, p.indent) for p in tr.problems] if tr.wrapped else list(tr.problems)
            out = Outcome(lines, error=True)
        elif tr.steal is not None:
            self.pending = _Pending(tr.rounds, tr.target, tr.line, tr.steal)
            out = self._question(tr.steal)
        else:
            out = self.commit(tr)
        first = text.split()[0]
        if out.error and ":" not in text and _card_or_none(first, self.vocab) is None:
            out.said.append(Message("('{word}' is not a command either: undo, score, leader NAME, hand NAME, save, "
                                     "reload, help, quit)", word=shown(first, 60)))
        return out

    def trial(self, text: str, offer: bool = False) -> Trial:
        """A trick typed now, checked as ``feed`` checks it, the game left as it is.

        ``offer``: a steal the engine offers at this trick that the line does not record is
        returned in ``steal`` (the rest of the line checked with a legal steal in its place when
        it is mandatory), rather than refused as a log would refuse it. ``commit`` records it.
        """
        target = self._target(self.rounds)
        rounds = list(self.rounds)  # the rounds before stay the same objects (their texts are kept)
        if len(text) > MAX_TYPED:
            return Trial(text, text, target, rounds, [self._too_long(len(text))], None)
        if target == len(rounds):
            rounds.append(RoundEntry())
        else:
            rounds[target] = replace(rounds[target], tricks=list(rounds[target].tricks))
        rnd = rounds[target]
        order = self._ready().playing_order()
        where = Message("round {round}, trick {trick}", round=target + 1, trick=len(rnd.tricks) + 1)
        line, problem = self._complete(text, order, rnd.pile is not None)
        if not problem and rnd.tricks and _same_cards(line, rnd.tricks[-1], self.vocab):
            # The last line again (pasted or typed twice): one message, not one per card.
            problem = Message("the same cards as trick {trick} (typed twice?): nothing recorded; type trick {next}, "
                              "or undo to change trick {trick}", trick=len(rnd.tricks), next=len(rnd.tricks) + 1)
        if problem:
            return Trial(text, line, target, rounds, [self._at(where, problem)], None, wrapped=True)
        rnd.tricks.append(line)
        if not line.split(":", 1)[0].strip() and rnd.pile is not None:
            # The pile is known (--deal): write the cards the engine took from it.
            errors, checked = self._check_trick(rounds, target)
            if errors:
                return Trial(text, line, target, rounds, [self.located(e) for e in errors], None)
            assert checked.round_state is not None, "the trick's round started"
            t = checked.round_state.result.tricks[-1]
            rec = parse_trick(line, vocab=self.vocab)
            line = format_trick(t.written, rec.plays, rec.actions, self.log_lang)  # the canonical form (log.md)
            rnd.tricks[-1] = line
        problems, game, steal, offered = self._examine(rounds, target, line, offer)
        # The reader's advice is the log's form (names, commas): say the recorder's instead.
        problems = [self._own_form(x, order, rnd.pile is not None) for x in problems]
        return Trial(text, line, target, rounds, problems, None if problems else game, steal, offered=offered)

    def _own_form(self, problem: Said, order: Sequence[str], pile_known: bool) -> Said:
        """A reader's message that advises the log's form ("expected '<player> <card>'"), with the
        recorder's short form as its advice instead."""
        place = problem.message
        if not isinstance(place, _Place) or not isinstance(place.parts[-1], _ErrorText):
            return problem
        english = place.parts[-1].error.message
        if ": expected '<" not in english:
            return problem
        what = english.partition(": expected '<")[0]
        return Said(_Place(*place.parts[:-1], what, self.form(order, pile_known)), hang=None, limit=problem.limit)

    def commit(self, trial: Trial, report: bool = True) -> Outcome:
        """Record a trick that ``trial`` accepted: what ``feed`` shows for it, with ``save``
        (``report=False``: nothing to show, for a front end that shows the game's state). The
        trial's game is the game from now on."""
        self.rounds = trial.rounds
        self._live = trial.game
        self.accepted += 1
        out = self._report(trial) if report else Outcome(save=True)
        out.change = ("trick", trial.line)
        return out

    def _complete(self, text: str, order: Sequence[str], pile_known: bool) -> tuple[str, Any]:
        """The trick line to write for a typed one: names filled in, card names canonical.

        Returns (line, None), or ("", why) for a short form that cannot be completed. A line
        the log reader cannot read is returned as typed: the check gives the reader's message.
        """
        if self.vocab.separators is not None:  # Japanese punctuation: 、，：； for , : ;
            text = text.translate(self.vocab.separators)
        main, semi, actions = text.partition(";")
        head, colon, body = main.partition(":")
        names = {p.casefold() for p in self.players}
        if not colon:
            # A table's shorthand: the revealed card(s), then one card each, no colon
            # (`K7 R10 R9 R8 R7`). Cards only: a line with names needs the log's colon.
            words = _joined(main.replace(",", " ").split())
            cards = bool(words) and all(_card_or_none(w, self.vocab) is not None for w in words)
            extra = len(words) - len(order)
            if cards and extra >= 1:
                head, body = " ".join(words[:extra]), " ".join(words[extra:])
            elif pile_known and not any(w.casefold() in names for w in words):
                head, body = "", main
            elif cards:
                return "", _Place(PluralMessage("{n} card and no revealed card", "{n} cards and no revealed card",
                                                len(words)), self.form(order, pile_known))
            else:
                return "", _Place(Message("'{text}' is not a trick", text=shown(main.strip(), 60)),
                                  self.form(order, pile_known))
        tokens = _joined(body.replace(",", " ").split())
        if tokens and not any(t.casefold() in names for t in tokens):
            # The short form: cards only, in playing order from the leader.
            if len(tokens) != len(order):
                return "", PluralMessage("{n} card for {players} players: expected one each, in playing order from "
                                         "{leader}", "{n} cards for {players} players: expected one each, in "
                                         "playing order from {leader}", len(tokens), players=len(order),
                                         leader=order[0])
            body = ", ".join(f"{p} {_card_text(t, self.vocab)}" for p, t in zip(order, tokens))
        line = f"{head.strip()}: {body.strip()}" + (f"; {actions.strip()}" if semi else "")
        try:
            rec = parse_trick(line, vocab=self.vocab)
        except BidsError as exc:
            if "expected '<" not in exc.message:
                return line, None  # the reader's own message says what is wrong
            # The reader's advice is the log's form: say the recorder's instead.
            return "", _Place(exc.message.partition(": expected")[0], self.form(order, pile_known))
        # Names as seated (log.md: names match case-insensitively), cards canonical.
        plays = [(self._player(p) or p, c) for p, c in rec.plays]
        named = [a._replace(thief=self._player(a.thief) or a.thief, victim=self._player(a.victim) or a.victim)
                 if isinstance(a, Steal) else a._replace(thief=self._player(a.thief) or a.thief)
                 for a in rec.actions]
        return format_trick(rec.revealed, plays, named, self.log_lang), None

    def form(self, order: Sequence[str], pile_known: bool = False) -> Message:
        """What a trick line is, in the recorder's own short form (no names), in the log's card words."""
        word = self.vocab.word
        sample = " ".join(word(Card.parse(c)) for c in ["R5", "G4", "K7", "Y2", "B9", "R8"][: len(order)])
        prize = word(Card.parse("K5"))
        if pile_known:
            return Message("expected the revealed card(s), then one card for each player in playing order from "
                           "{leader}: '{prize}: {sample}' or '{prize} {sample}'; with the deal: '{sample}'",
                           leader=order[0], prize=prize, sample=sample)
        return Message("expected the revealed card(s), then one card for each player in playing order from "
                       "{leader}: '{prize}: {sample}' or '{prize} {sample}'", leader=order[0], prize=prize,
                       sample=sample)

    def _refuse(self, errors: list[BidsError]) -> Outcome:
        # Validate's messages (one line each, not wrapped), sanitised, located at the typed line.
        return Outcome([self.located(e) for e in errors], error=True)

    def _examine(self, rounds: list[RoundEntry], target: int, line: str,
                 offer: bool) -> tuple[list[Said], Game | None, StealChoice | None, list]:
        """Check a candidate trick: (located problems, the game with it, a steal to ask first or
        None, the steals offered at it)."""
        rounds[target].tricks[-1] = line
        offered: list[StealChoice] = []
        errors, game = self._check_trick(rounds, target, offered)
        if offer:
            acted = {a.thief for a in _actions_of(line, self.vocab)}
            open_ = [c for c in offered if c.victims and c.thief not in acted]
            if open_:
                # Check the rest of the line first: with a legal steal for each mandatory one.
                steals = "".join(f"; {self.vocab.action(_any_steal(c))}" for c in open_ if c.mandatory)
                more = errors
                if steals:
                    rounds[target].tricks[-1] = line + steals
                    more, game = self._check_trick(rounds, target)
                    rounds[target].tricks[-1] = line
                if more:
                    return [self.located(e) for e in errors], None, None, offered
                return [], game, open_[0], offered
        return [self.located(e) for e in errors], game, None, offered

    def _offer(self, rounds: list[RoundEntry], target: int, line: str) -> Outcome:
        """Check a candidate trick; ask a thief's decision first when one is open (interactively)."""
        problems, game, steal, offered = self._examine(rounds, target, line, self.interactive)
        if problems:
            return Outcome([*problems], error=True)
        if steal is not None:
            self.pending = _Pending(rounds, target, line, steal)
            return self._question(steal)
        return self.commit(Trial(line, line, target, rounds, [], game, offered=offered))

    def _question(self, c: StealChoice, note: Message | Said | None = None) -> Outcome:
        lines: list[Line] = [] if note is None else [note]
        if c.mandatory:
            lines.append(Message("{thief} must steal ({why}):", thief=c.thief, why=c.why))
        else:
            lines.append(Message("{thief} may steal ({why}):", thief=c.thief, why=c.why))
        word = self.vocab.word
        for victim, cards in c.victims.items():
            lines.append(Said(Message("from {victim}: {cards}", victim=victim, cards=" ".join(map(word, cards))),
                              indent="  ", hang="      "))
        first = word(next(iter(c.victims.values()))[0])
        frm = self.vocab.from_words[0]
        only = _only_choice(c)
        if c.mandatory and only is not None:
            answer = Message("type {card} or press Enter to take it (the only card {thief} can take)",
                             card=word(only[1]), thief=c.thief)
        elif c.mandatory:
            # TRANSLATORS: {from} is the log's word for "from" in a steal (da, de, から), as typed
            answer = Message("type the card to take ({card}; '{card} {from} NAME' when two players hold it)",
                             card=first, **{"from": frm})
        else:
            # TRANSLATORS: {from} is the log's word for "from" in a steal, {pass} its word for a pass, as typed
            answer = Message("type the card to take ({card}; '{card} {from} NAME' when two players hold it), or "
                             "{pass} (or Enter)", card=first, **{"from": frm, "pass": self.vocab.pass_answer})
        lines.append(answer)
        return Outcome(lines, asking=True, error=note is not None)

    def _answer(self, p: _Pending, text: str) -> Outcome:
        """``text`` answers the steal ``p`` waits for."""
        c = p.choice
        words = text.replace(",", " ").split()
        low = [w.lower() for w in words]
        if low and low[0] == c.thief.lower():
            words, low = words[1:], low[1:]
        only = _only_choice(c)
        vocab = self.vocab
        if not words and c.mandatory and only is not None:
            token = vocab.word(only[1])
            words, low = [token], [token.lower()]  # one possible steal: Enter takes it
        words = _joined(words)  # a two-word card name ("Più bassa") is one word here
        low = [w.lower() for w in words]
        if not words or (len(low) == 1 and (low[0] in vocab.pass_words or low[0] == "pass")):
            if c.mandatory:
                return self._question(c, Message("{thief} cannot pass here: the steal is mandatory "
                                                 "(thief.mandatory = true)", thief=c.thief))
            action = vocab.action(Pass(c.thief))
        else:
            if low[0] in vocab.steal_words:
                words, low = words[1:], low[1:]
            victim = None
            if len(words) == 3 and low[1] in vocab.from_words:
                card_tok, victim = words[0], words[2]
            elif len(words) == 2:
                card_tok, victim = (words[0], words[1]) if self._player(words[1]) else (words[1], words[0])
            elif len(words) == 1:
                card_tok = words[0]
            else:
                return self._question(c, Message("'{text}' is not an answer", text=shown(text, 60)))
            try:
                card = vocab.card(card_tok)
            except LogSyntaxError as exc:
                return self._question(c, Said(_ErrorText(exc)))
            if victim is not None:
                who = self._player(victim)
                if who is None or who not in c.victims:
                    return self._question(c, Message("{name} cannot be robbed here: the victim is {victims}",
                                                     name=shown(victim, 60), victims=either(list(c.victims))))
                victim = who
            else:
                holders = [v for v, cards in c.victims.items() if card in cards]
                if not holders:
                    return self._question(c, Message("{card}: nobody here can give it", card=vocab.word(card)))
                if len(holders) != 1:
                    return self._question(c, Message("{card}: two players hold it: say '{from} NAME'",
                                                     card=vocab.word(card), **{"from": vocab.from_words[0]}))
                victim = holders[0]
            if card not in c.victims[victim]:
                return self._question(c, Message("{victim} holds no {card} to take", victim=victim,
                                                 card=vocab.word(card)))
            action = vocab.action(Steal(c.thief, card, victim))
        self.pending = None
        return self._offer(p.rounds, p.target, f"{p.line}; {action}")

    # -- what an accepted trick shows ----------------------------------------------------------
    def _report(self, trial: Trial) -> Outcome:
        target, game = trial.target, trial.game
        assert game is not None and game.round_state is not None, "an accepted trick has its game"
        rnd = game.round_state.result  # the trick's round, ended when the trick finished it
        t = rnd.tricks[-1]
        out = Outcome(save=True)
        out.said += self.echo(t)
        # TRANSLATORS: a trick's result: R round, T trick (as the prompt writes them), then the verdict
        head = Message("R{round} T{trick}: {verdict}", round=rnd.number, trick=t.number, verdict=verdict(t, vocab=self.vocab))
        # TRANSLATORS: each player's points in the round so far ("round: Ana 5, Ben 0")
        points = Message("round: {scores}", scores=_scores(t.running))
        done = len(self.rounds[target].tricks) >= self.tricks
        if not done:
            # TRANSLATORS: T trick, as the prompt writes it ("Ben leads T3")
            nxt = Message("{leader} leads T{trick}", leader=t.next_leader, trick=t.number + 1)
            out.said.append(_Parts(head, points, nxt))
            out.said += self._alliance(t, game)
            out.said += self._right_kept(t, trial, done)
            return out
        out.said.append(_Parts(head, points))
        out.said += self._alliance(t, game)
        out.said += self._right_kept(t, trial, done)
        out.said.append(round_message(rnd))
        if self.game_over():
            from ..report.render import score_table

            out.said.append("")
            out.said += score_table(self.file, self.ruleset, game.result()).splitlines()
            out.said.append("")
            n = len(self.rounds)
            out.said.append(Said(PluralMessage("game over ({n} round); type quit to stop",
                                                "game over ({n} rounds); type quit to stop", n), hang=None))
        else:
            totals = game.state.totals  # the rounds' scores so far
            out.said.append(Message("Totals so far: {scores}", scores=_scores({p: totals[p] for p in self.players})))
            r, n, leader = self.next_turn()
            out.said.append(Said(Message("round {round}: {leader} leads trick {trick}", round=r, leader=leader,
                                          trick=n), hang=None))
        return out

    def legend(self) -> list[Line]:
        """A note at the start of a session in another language's card words: what its letters are,
        since the results name cards in English tokens (G green there, giallo here)."""
        if self.log_lang == "en":
            return []
        v = self.vocab
        en = card_words("en")
        colours = ", ".join(f"{letter} {v.colour_words[c] if v.colour_words[c] != letter else en.colour_words[c]}"
                            for c, letter in v.letters.items())
        english = ", ".join(f"{en.letters[c]} {en.colour_words[c]}" for c in en.letters)
        # TRANSLATORS: {language} is the name of the log's language (Italian, Spanish, Japanese);
        # {colours} its colour letters and words, {english} the English letters and words (as they are)
        return [Message("note: cards are typed and saved in {language} card words (lang = \"{code}\" in the log: "
                        "{colours}); the results name cards in English tokens: {english}",
                        language=Message(v.name), code=self.log_lang, colours=colours, english=english)]

    def echo(self, t: TrickResult) -> list[str]:
        """The trick as recorded, each card played with its colour word ("Ana G5 (giallo)"), so that
        a card typed in another language's words (G for giallo in an English log) shows at once."""
        vocab = self.vocab
        head = " ".join(map(vocab.word, t.written))
        return wrap(f"  {head}: " + ", ".join(f"{p} {vocab.echo(c)}" for p, c in t.plays), "      ")

    def _right_kept(self, t: TrickResult, trial: Trial, last: bool) -> list[Line]:
        """A Thief won and not used at once, where a right is kept (thief.timing = deferred):
        said as soon as it is won, so the table knows the steal is still to come (rules.md 'Thief')."""
        k = self.ruleset.knobs
        w = t.winner
        if (w is None or THIEF_CARD not in t.taken or k["thief.timing"] != "deferred"
                or any(s.thief == w for s in t.steals)):
            return []
        mine = next((c for c in trial.offered if c.thief == w), None)
        why: Message
        if mine is None:  # thief.first_chance = next_trick
            why = Message("first usable at the end of trick {trick} (thief.first_chance = next_trick)",
                          trick=t.number + 1)
        elif not mine.victims:
            why = Message("nothing to steal now: {why}", why=mine.why)
        else:
            why = Message("not used at this trick")
        lasts = k["thief.right_lasts"]
        if last and lasts == "round":
            return [Message("{player} won the Thief ({why}): the round ends here, and an unused right ends with it "
                            "(thief.right_lasts = round)", player=w, why=why)]
        if lasts == "round":
            return [Message("{player} keeps the Thief: one steal at the end of a later trick of this round ({why}; "
                            "thief.timing = deferred, thief.right_lasts = {lasts})", player=w, why=why, lasts=lasts)]
        return [Message("{player} keeps the Thief: one steal at the end of a later trick of the game ({why}; "
                        "thief.timing = deferred, thief.right_lasts = {lasts})", player=w, why=why, lasts=lasts)]

    def _alliance(self, t: TrickResult, game: Game) -> list[Line]:
        """Who is allied, said as soon as the Ally is played (the engine's own alliance in ``game``,
        which played ``t``)."""
        ally = next((p for p, c in t.plays if c == ALLY_CARD), None)
        if ally is None:
            return []
        rs = game.round_state
        assert rs is not None, "the trick's round started"
        allies = rs.allies  # (the trick's round, ended or not)
        if allies is not None and allies[0] == ally:
            return [Message("{player} plays Ally: allied with {partner} for this round", player=ally,
                            partner=allies[1])]
        return [Message("{player} plays Ally into a burned trick: no alliance this round", player=ally)]



def verdict(t: TrickResult, steals: bool = True, vocab: CardWords | None = None) -> str:
    """A trick's result in one line, in the output language: who took how much and why, or why
    it burned; what a 2x did; its steals (as the log writes them, in ``vocab``'s words: English by
    default; ``steals=False``: not them, for a trick whose thief is still to decide)."""
    if t.winner is not None:
        points = f"{t.points:+d}"
        why: Any = t.verdict if t.verdict is not None else t.reason  # the engine's words, worded here
        text = Message("{player} {points} ({why})", player=t.winner, points=points, why=why).text()
    else:
        burned_by = t.burned_by
        why = burned_by if burned_by is not None else t.reason.removesuffix(": burned")
        text = Message("burned: {why}", why=why).text()
    if t.doubled is not None:  # what the 2x did, in replay's words
        from ..report.render import doubled_text

        text += "; " + doubled_text(t)
    for s in t.steals if steals else ():
        text += f"; {s if vocab is None else vocab.action(s)} ({s.value:+d})"
    return text


def round_summary(rnd) -> str:
    """A finished round in one line, in the output language: its scores, the Ally split and the
    lucky losers."""
    return round_message(rnd).text()


def round_message(rnd) -> Message:
    """A finished round in one line (``round_summary``), as a message."""
    extra: list[Message] = []
    if rnd.allies:
        extra.append(Message("Ally split {first} + {second}", first=rnd.allies[0], second=rnd.allies[1]))
    if rnd.lucky_losers:
        extra.append(Message("lucky loser {players}", players=_scores(rnd.lucky_losers)))
    scores = _scores(rnd.scores)
    if extra:
        return Message("Round {number} scores: {scores} ({extra})", number=rnd.number, scores=scores,
                       extra=_Place(*extra, sep="; "))
    return Message("Round {number} scores: {scores}", number=rnd.number, scores=scores)


def _scores(points) -> str:
    """``Ana 5, Ben -2``: each player's points, in seating order."""
    return ", ".join(f"{p} {v}" for p, v in points.items())


def _sorted(errors: list[BidsError]) -> list[BidsError]:
    """Errors once each, in the file's order (as ``bids validate`` lists them)."""
    seen, out = set(), []
    for e in errors:
        key = (e.line, e.round, e.trick, e.message)
        if key not in seen:
            seen.add(key)
            out.append(e)
    out.sort(key=lambda e: (e.line or 0, e.round or 0, e.trick or 0))
    return out


def _ignored(error: BidsError) -> None:
    """A replay of a log this class wrote: its errors were said when its lines were typed."""


def _only_choice(c: StealChoice) -> tuple[str, Card] | None:
    """(victim, card) when the steal offers exactly one choice, else None."""
    pairs = [(v, card) for v, cards in c.victims.items() for card in cards]
    return pairs[0] if len(pairs) == 1 else None


def _is_command(text: str) -> bool:
    word = text.partition(" ")[0].lower()
    return word in ("quit", "exit", "q", "help", "?", "undo", "score", "hand")


def _card_or_none(token: str, vocab: CardWords) -> Card | None:
    try:
        return vocab.card(token)
    except LogSyntaxError:
        return None


def _card_text(token: str, vocab: CardWords) -> str:
    """A typed card in the log's words as writers write them ("g5" -> "G5", "piu' bassa" -> "Bassa")."""
    try:
        return vocab.word(vocab.card(token))
    except LogSyntaxError:
        return token  # left as typed: the reader's message names it


def _joined(words: list[str]) -> list[str]:
    """Typed words with each two-word card name ("Più bassa") joined into one."""
    from ..core.cardwords import join_two_words

    return join_two_words(words)


def _actions_of(line: str, vocab: CardWords) -> tuple:
    try:
        return parse_trick(line, vocab=vocab).actions
    except BidsError:
        return ()


def _any_steal(c: StealChoice) -> Steal:
    victim, cards = next(iter(c.victims.items()))
    return Steal(c.thief, cards[0], victim)


# -- starting ---------------------------------------------------------------------------------


def rounds_of(log: GameLog) -> list[RoundEntry]:
    """A read log's rounds as the recorder keeps them (trick lines as written)."""
    return [RoundEntry(rec.leader, rec.hands, rec.removed, rec.pile, [t.text for t in rec.tricks], added=False)
            for rec in log.rounds]


def meta_rounds(log: GameLog) -> int | None:
    """The game's length a recorded log keeps in ``[meta] rounds`` (None when it keeps none).

    A value that is not a whole number of rounds 1-1000 is refused, located at the file."""
    value = (log.meta or {}).get("rounds")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
        raise LogStructureError(Message("[meta] rounds = {value}: expected the number of rounds in the game, 1 to "
                                        "1000 (`bids record --rounds N` writes it)", value=shown(repr(value), 40)),
                                file=log.file)
    return value


__all__ = ["Line", "Outcome", "Pass", "Recorder", "RoundEntry", "Said", "Trial", "clean", "meta_rounds", "round_message",
           "round_summary", "rounds_of", "screen_lines", "shown", "verdict"]


def _same_cards(line: str, before: str, vocab: CardWords) -> bool:
    """Two trick lines with the same revealed cards and the same cards played (a line entered twice)."""
    try:
        a, b = parse_trick(line, vocab=vocab), parse_trick(before, vocab=vocab)
    except BidsError:
        return False
    return (a.revealed == b.revealed and bool(a.plays)
            and sorted(map(str, (c for _, c in a.plays))) == sorted(map(str, (c for _, c in b.plays))))


class _Watching(LogDecider):
    """A trick's recorded actions, noting each steal choice the engine offers (``_check_trick``)."""

    __slots__ = ("offered",)

    def __init__(self, actions, offered: list) -> None:
        super().__init__(actions)
        self.offered = offered

    def __call__(self, choice):
        self.offered.append(choice)
        return super().__call__(choice)
