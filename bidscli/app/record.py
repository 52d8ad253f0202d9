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

Beside it: what a typed line means (``recordtyped``: the commands, the short forms of a trick
line, Tab's words), the Thief's question and its answer (``recordsteal``), what an accepted
trick and a round say (``recordresults``), how every line is worded and laid out
(``recordlines``: ``Remark``, ``Outcome``), and the file (``recordfile``: lock, read, resume).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.cardwords import CardWords, card_words
from ..core.errors import BidsError
from ..core.i18n import Grouped, Message, PluralMessage
from ..core.sanitize import MAX_MESSAGE, shorten
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
from ..log.reader import read_log_text
from ..log.trickline import parse_trick
from ..log.writer import format_trick, head_text, round_text
from ..rules.ruleset import Ruleset, deck_for
from ..sim.deal import check_fits_log
from .recordlines import (
    ErrorText,
    Line,
    Outcome,
    Parts,
    Place,
    Remark,
    clean,
)
from .recordresults import (
    alliance,
    echo,
    legend,
    points_text,
    right_kept,
    round_message,
    verdict,
)
from .recordsteal import Pending, answer, any_steal, question
from .recordtyped import (
    actions_of,
    card_or_none,
    complete,
    completions,
    form,
    help_lines,
    is_command,
    same_cards,
    seated,
)

# The longest line read: its TOML form (a character is at most 6 there, as a \u escape) stays
# within bounds.MAX_LINE_CHARS, so the reader's limit never speaks of a line nobody typed.
MAX_TYPED = 4_096
HEADER = (
    "Recorded with `bids record`, saved after every trick (an unfinished game is a valid log:",
    "`bids validate --allow-partial`). Go on with: bids record THIS_FILE --resume",
)
ANSWER_FIRST = Message("answer the question first (or type undo to drop this trick)")


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
class Trial:
    """A typed trick checked against the game, which is left as it was (``Recorder.trial``)."""

    text: str  # as typed
    line: str  # as the log holds it (names written, cards canonical); as typed when it could not be read
    target: int  # the round it goes into (0 for the first)
    rounds: list  # the rounds with the line in them
    problems: list[Remark]  # validate's messages for the line, located; empty when it is accepted
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
        self.pending: Pending | None = None
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

    def words(self) -> list[str]:
        """What Tab completes (``recordtyped.completions``) before the next line."""
        target = self._target(self.rounds)
        rnd = self.rounds[target] if target < len(self.rounds) else None
        choice = None if self.pending is None else self.pending.choice
        return completions(self.vocab, self.players, self.deck, rnd, choice)

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
        if self.pending is not None and not is_command(text):
            return self._answer(self.pending, text)
        if not text or text.startswith("#"):
            return Outcome()
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "q"):
            out = Outcome(done=True)
            if self.pending is not None:
                out.said.append(Remark(Message("round {round}: the trick waiting for {thief}'s decision is not "
                                              "recorded", round=self.pending.target + 1,
                                              thief=self.pending.choice.thief), hang=None))
                self.pending = None
            return out
        if word in ("help", "?"):
            return Outcome(help_lines(self.vocab))
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
                return Outcome([Remark(ANSWER_FIRST, hang=None)], error=True, asking=True)
            # The file itself is the driver's: it saves, or reads the file again.
            return Outcome(request=(word, rest) if word == "save" else (word,))
        if self.pending is not None:
            return Outcome([Remark(ANSWER_FIRST, hang=None)], error=True, asking=True)
        if self.game_over():
            # A trick (or a leader) now would open a round past the game's end, and the saved
            # file would no longer score (`bids score`: unfinished). The file must always score.
            return self._complete_game()
        return self._trick(text)

    def _complete_game(self) -> Outcome:
        n = len(self.rounds)
        return Outcome([Remark(PluralMessage("the game is complete ({n} round): nothing more to record; quit to stop",
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

    def _too_long(self, n: int) -> Remark:
        return self._at(Message("a line of {n} characters: record reads lines of at most {most}",
                                n=Grouped(n), most=Grouped(MAX_TYPED)))

    def undo(self) -> Outcome:
        """Remove the last trick, as the typed ``undo`` does (with ``save`` when one went)."""
        return self._undo()

    def _at(self, *parts: Any) -> Remark:
        """Where a refused line is said to be: the input line (``at``; none for the table's
        server, whose answers go to the request that sent the line), then ``parts``; one line."""
        return Remark(Place(self.at, *parts), hang=None)

    def choose_leader(self, name: str) -> Outcome:
        """``--leader NAME`` on the command line (not an input line)."""
        self.at = "--leader"
        return self._leader(name)

    def located(self, e: BidsError) -> Remark:
        """A refused line's message, located at the input: 'input line N: round R, trick T: ...'
        (one line, not wrapped, as validate says it)."""
        where = None
        if e.round is not None:
            where = (Message("round {round}, trick {trick}", round=e.round, trick=e.trick) if e.trick is not None
                     else Message("round {round}", round=e.round))
        return Remark(Place(self.at, where, ErrorText(e)), hang=None, limit=MAX_MESSAGE)

    # -- commands ------------------------------------------------------------------------------
    def _undo(self) -> Outcome:
        if self.pending is not None:
            self.pending = None
            return Outcome([Remark(Message("the trick waiting for a decision is dropped; nothing was recorded"),
                                 hang=None)])
        idx = max((i for i, r in enumerate(self.rounds) if r.tricks), default=None)
        if idx is None:
            return Outcome([Remark(Message("nothing to undo: no trick recorded yet"), hang=None)], error=True)
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
        return Outcome([Remark(Message("undone: round {round}, trick {trick}: {line}", round=idx + 1, trick=number,
                                     line=clean(gone)), hang=None),
                        Remark(Message("round {round}, trick {trick}: {leader} leads", round=r, trick=t, leader=leader),
                             hang=None)], save=True, change=("undo",))

    def standings(self) -> Outcome:
        """The standings as `bids score OUT --allow-partial` prints them."""
        from ..report.render import score_table

        _, result = self.check()
        if result is None or not self.played():
            return Outcome([Remark(Message("no trick recorded yet"), hang=None)])
        return Outcome([*score_table(self.file, self.ruleset, result, more_to_come=not self.game_over()).splitlines()])

    def _leader(self, name: str) -> Outcome:
        who = seated(self.players, name)
        if who is None:
            return Outcome([Remark(Message("leader {name}: expected a player name ({players})", name=shorten(name, 60, escaped=True),
                                         players=", ".join(self.players)), hang=None)], error=True)
        target = self._target(self.rounds)
        if target < len(self.rounds) and self.rounds[target].tricks:
            return Outcome([Remark(Message("leader {name}: round {round} has started (trick {trick} is next); the "
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
        return Outcome([Remark(Message("round {round}: {leader} leads trick {trick}", round=target + 1, leader=who,
                                     trick=1), hang=None)], save=True, change=("leader", who))

    def _hand(self, name: str) -> Outcome:
        who = seated(self.players, name)
        if who is None:
            return Outcome([Remark(Message("hand {name}: expected a player name ({players})", name=shorten(name, 60, escaped=True),
                                         players=", ".join(self.players)), hang=None)], error=True)
        target = self._target(self.rounds)
        if target == len(self.rounds) or self.rounds[target].hands is None:
            return Outcome([Remark(Message("the hands are not known: start with --deal DEAL.toml (from `bids deal`) to "
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
            lines: list[Line] = [Remark(p.message, p.indent) for p in tr.problems] if tr.wrapped else list(tr.problems)
            out = Outcome(lines, error=True)
        elif tr.steal is not None:
            self.pending = Pending(tr.rounds, tr.target, tr.line, tr.steal)
            out = question(tr.steal, self.vocab)
        else:
            out = self.commit(tr)
        first = text.split()[0]
        if out.error and ":" not in text and card_or_none(first, self.vocab) is None:
            out.said.append(Message("('{word}' is not a command either: undo, score, leader NAME, hand NAME, save, "
                                     "reload, help, quit)", word=shorten(first, 60, escaped=True)))
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
        line, problem = complete(text, order, rnd.pile is not None, self.players, self.vocab)
        if not problem and rnd.tricks and same_cards(line, rnd.tricks[-1], self.vocab):
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

    def _own_form(self, problem: Remark, order: Sequence[str], pile_known: bool) -> Remark:
        """A reader's message that advises the log's form ("expected '<player> <card>'"), with the
        recorder's short form as its advice instead."""
        place = problem.message
        if not isinstance(place, Place) or not isinstance(place.parts[-1], ErrorText):
            return problem
        english = place.parts[-1].error.message
        if ": expected '<" not in english:
            return problem
        what = english.partition(": expected '<")[0]
        return Remark(Place(*place.parts[:-1], what, form(self.vocab, order, pile_known)), hang=None, limit=problem.limit)

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

    def _refuse(self, errors: list[BidsError]) -> Outcome:
        # Validate's messages (one line each, not wrapped), sanitised, located at the typed line.
        return Outcome([self.located(e) for e in errors], error=True)

    def _examine(self, rounds: list[RoundEntry], target: int, line: str,
                 offer: bool) -> tuple[list[Remark], Game | None, StealChoice | None, list]:
        """Check a candidate trick: (located problems, the game with it, a steal to ask first or
        None, the steals offered at it)."""
        rounds[target].tricks[-1] = line
        offered: list[StealChoice] = []
        errors, game = self._check_trick(rounds, target, offered)
        if offer:
            acted = {a.thief for a in actions_of(line, self.vocab)}
            open_ = [c for c in offered if c.victims and c.thief not in acted]
            if open_:
                # Check the rest of the line first: with a legal steal for each mandatory one.
                steals = "".join(f"; {self.vocab.action(any_steal(c))}" for c in open_ if c.mandatory)
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
            self.pending = Pending(rounds, target, line, steal)
            return question(steal, self.vocab)
        return self.commit(Trial(line, line, target, rounds, [], game, offered=offered))

    def _answer(self, p: Pending, text: str) -> Outcome:
        """``text`` answers the steal ``p`` waits for: the trick with its action, or the question again."""
        action = answer(p.choice, text, self.vocab, self.players)
        if isinstance(action, Outcome):
            return action
        self.pending = None
        return self._offer(p.rounds, p.target, f"{p.line}; {action}")


    # -- what an accepted trick shows ----------------------------------------------------------
    def _report(self, trial: Trial) -> Outcome:
        target, game = trial.target, trial.game
        assert game is not None and game.round_state is not None, "an accepted trick has its game"
        rnd = game.round_state.result  # the trick's round, ended when the trick finished it
        t = rnd.tricks[-1]
        out = Outcome(save=True)
        out.said += echo(t, self.vocab)
        # TRANSLATORS: a trick's result: R round, T trick (as the prompt writes them), then the verdict
        head = Message("R{round} T{trick}: {verdict}", round=rnd.number, trick=t.number, verdict=verdict(t, vocab=self.vocab))
        # TRANSLATORS: each player's points in the round so far ("round: Ana 5, Ben 0")
        points = Message("round: {scores}", scores=points_text(t.running))
        done = len(self.rounds[target].tricks) >= self.tricks
        if not done:
            # TRANSLATORS: T trick, as the prompt writes it ("Ben leads T3")
            nxt = Message("{leader} leads T{trick}", leader=t.next_leader, trick=t.number + 1)
            out.said.append(Parts(head, points, nxt))
            out.said += alliance(t, game)
            out.said += right_kept(t, trial.offered, self.ruleset, False, False)
            return out
        out.said.append(Parts(head, points))
        out.said += alliance(t, game)
        out.said += right_kept(t, trial.offered, self.ruleset, True, self.game_over())
        out.said.append(round_message(rnd))
        if self.game_over():
            from ..report.render import score_table

            out.said.append("")
            out.said += score_table(self.file, self.ruleset, game.result()).splitlines()
            out.said.append("")
            n = len(self.rounds)
            out.said.append(Remark(PluralMessage("game over ({n} round); type quit to stop",
                                                "game over ({n} rounds); type quit to stop", n), hang=None))
        else:
            totals = game.state.totals  # the rounds' scores so far
            out.said.append(Message("Totals so far: {scores}", scores=points_text({p: totals[p] for p in self.players})))
            r, n, leader = self.next_turn()
            out.said.append(Remark(Message("round {round}: {leader} leads trick {trick}", round=r, leader=leader,
                                          trick=n), hang=None))
        return out

    def legend(self) -> list[Line]:
        """The note at the start of a session in another language's card words (``recordresults.legend``)."""
        return legend(self.vocab)


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


__all__ = ["HEADER", "MAX_TYPED", "Recorder", "RoundEntry", "Trial"]



class _Watching(LogDecider):
    """A trick's recorded actions, noting each steal choice the engine offers (``_check_trick``)."""

    __slots__ = ("offered",)

    def __init__(self, actions, offered: list) -> None:
        super().__init__(actions)
        self.offered = offered

    def __call__(self, choice):
        self.offered.append(choice)
        return super().__call__(choice)

