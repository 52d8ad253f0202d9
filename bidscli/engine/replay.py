"""The rules engine: a log replayed through ``game.Game`` (rules.md sections 3-4).

``replay`` plays a parsed log under a ruleset and returns its ``GameResult``;
``log_decider`` answers the engine's steal choices from a trick's recorded
actions (a ``thief.Decider``). The engine itself is split by what a reader looks up:

- ``game``: ``Game``, the state machine every caller drives (the flow is in its
  docstring): the plays and their checks, and what a search ahead asks;
- ``state``: the game's state as explicit types (setup, game, round, trick);
- ``resolution``: who wins a trick (``resolve``, plain and Color Bids, one pure
  function), what the winner takes or why it burns, and the explanation texts;
- ``thief``: the steals the engine offers and checks, and the default policy;
- ``scoring``: round end and game end (lucky loser, Ally split, 2x, -5 bonus);
- ``prize``: the pile cards a trick takes; ``pile``: the point pile as the log
  reveals it; ``deal``: a round's deal checked; ``missing``: a trick line left out;
- ``leaders``: who leads a round's first trick, and why; ``referee``: errors;
- ``view``: what one player has seen;
- ``results``: what a replay produces (trick, round and game results, reasons).

Everything callers use is imported from here (``from .engine import ...``), so
the split does not show outside the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.errors import (
    BidsError,
    IllegalPlayError,
    UnfinishedError,
    UnknownCard,
    _Abort,
)
from ..core.i18n import Message
from ..log.records import GameLog
from ..rules.ruleset import Ruleset
from .checks import implied_options
from .game import Game
from .leaders import first_leader
from .missing import round_length_message
from .resolution import Resolution, _take_text, lowest_in_force, resolve, winning_bids
from .results import GameResult, Reason, RoundResult, TrickResult
from .scoring import lucky_losers
from .state import GameState, RoundState, Setup, StealChoice, TrickState
from .thief import (
    DEFAULT_POLICY,
    NOTHING_RECORDED,
    Decider,
    LogDecider,
    default_steal_policy,
    log_decider,
    right_ends,
)

# Imported from here by callers (the modules above hold them).
__all__ = [
    "DEFAULT_POLICY",
    "NOTHING_RECORDED",
    "Decider",
    "Game",
    "GameResult",
    "GameState",
    "LogDecider",
    "Reason",
    "Resolution",
    "RoundResult",
    "RoundState",
    "Setup",
    "StealChoice",
    "TrickResult",
    "TrickState",
    "UnknownCard",
    "_Abort",
    "_take_text",
    "default_steal_policy",
    "first_leader",
    "log_decider",
    "lowest_in_force",
    "lucky_losers",
    "replay",
    "resolve",
    "right_ends",
    "round_length_message",
    "winning_bids",
]


# -- replaying a log ------------------------------------------------------------------


def _follows_a_guess(exc: BidsError, log: GameLog, ruleset: Ruleset, opts: Mapping[str, bool]) -> None:
    """A ruleset that refuses the options only with a misspelled option read as meant (the
    reader's ``guessed``): its error is put at the typo's line and marked as
    following from it (the typo, read first, stays the root cause that ``score`` stops at)."""
    guessed = getattr(log, "guessed", ())
    if not guessed or exc.follows is not None:
        return
    plain = {k: v for k, v in opts.items() if k not in {name for name, _ in guessed}}
    try:
        ruleset.check_options(plain, len(log.players))
    except BidsError:
        return  # refused without the guess too: a mistake of its own
    exc.located(line=guessed[0][1])
    exc.follows = guessed[0][1]


def replay(log: GameLog, ruleset: Ruleset, options: Mapping[str, bool] | None = None, *,
           collect: list[BidsError] | None = None, allow_partial: bool = True, explain: bool = True) -> GameResult | None:
    """Play a parsed log under a ruleset.

    With ``collect`` (a list), errors are appended and play goes on where it can
    (``validate``); without it the first error is raised (``score``).
    """
    opts = dict(log.options)
    opts.update(options or {})
    on_error = collect.append if collect is not None else None
    try:
        # Cards of options that are off: one error naming the options, then play as if on.
        implied, err = implied_options(log, ruleset, opts)
        if err is not None:
            if collect is None:
                raise err
            collect.append(err)
            opts.update(implied)
        game = Game(ruleset, log.players, opts, on_error=on_error, file=log.file, explain=explain)
    except BidsError as exc:
        _follows_a_guess(exc, log, ruleset, opts)
        exc.located(file=log.file, line=log.ruleset_line)
        if collect is None:
            raise
        collect.append(exc)
        return None
    # The played part ends at the last round with tricks: that round may be unfinished and
    # the rounds after it deal-only (tricks = [], as `bids deal` writes), with allow_partial.
    last = max((r.number for r in log.rounds if r.tricks), default=0)
    last_tricks = next((len(r.tricks) for r in log.rounds if r.number == last), 0)
    unfinished_told = False  # one message for an unfinished game, not one per round
    play_trick = game.play_trick
    for rec in log.rounds:
        game.start_round(leader=rec.leader, hands=rec.hands, pile=rec.pile, removed=rec.removed, line=rec.line)
        unread = rec.unread
        if rec.broken and unread is None:
            game.end_round(partial=True)
            continue
        expected = game.tricks_per_round
        written = len(rec.tricks) if unread is None else unread[2]
        todo = rec.tricks[:expected]
        if unread is not None:
            todo = rec.tricks[:min(unread[0] - 1, expected)]  # the lines before the unreadable one
        game.log_round(written, last, counted=unread is None)
        if len(rec.tricks) > expected and unread is None:
            too_many = round_length_message(rec.number, len(rec.tricks), expected, last, ruleset.name, game.n)
            if too_many is not None:  # (always: more lines than the deal plays)
                game.illegal(too_many)
        try:
            for _, line, _, revealed, plays, actions in todo:
                # (log_decider, inline: once a trick)
                play_trick(revealed, plays, line, LogDecider(actions) if actions else NOTHING_RECORDED)
        except _Abort:
            stopped = game.trick.number if game.trick is not None else 0
            rest = min(written, expected) - stopped
            if rest > 0 and collect is not None:
                # Say that the rest of the round went unchecked (a review found the silence
                # misleading): one marked follow-on, not a guess at how play would have gone on.
                at = rec.tricks[stopped - 1][1] if stopped else rec.line
                game.illegal(Message("{tricks} of round {round} not checked: play cannot go on past this trick",
                                     tricks=_later(stopped, rest), round=rec.number), follows=at)
            game.end_round(partial=True)
            continue
        except UnknownCard as exc:
            game.illegal(exc.msg)
            game.end_round(partial=True)
            continue
        if unread is not None:
            # A trick line that could not be read (the reader's error) stops the round there, as
            # any stop does: the lines after it are marked as not checked, not silently skipped
            # (unless none of them could be read either: each has its own error then).
            number, at, _ = unread
            rest = min(written, expected) - number
            if rest > 0 and len(rec.tricks) >= number and collect is not None:
                collect.append(IllegalPlayError(
                    Message("{tricks} of round {round} not checked: trick {trick} could not be read",
                            tricks=_later(number, rest), round=rec.number, trick=number),
                    follows=at, file=log.file, line=at, round=rec.number, trick=number))
            game.end_round(partial=True)
            continue
        short = len(rec.tricks) < expected
        rs = game.round_state
        assert rs is not None, "the round started above"
        if short and rs.missing_told and rec.number < last:
            pass  # the missing trick line was reported where it was noticed: one error for it
            # (in the last round played, the unfinished-game note still follows it)
        elif short and rec.number < last:
            too_few = round_length_message(rec.number, len(rec.tricks), expected, last, ruleset.name, game.n)
            if too_few is not None:  # (always: fewer lines before the last round played)
                game.illegal(too_few, at_round=True)
        elif short and not allow_partial and not unfinished_told:
            # Located at the last trick played, where the game stops: a mistake in an earlier
            # line (validate's file order) is the root cause to show first.
            unfinished_told = True
            stop = log.rounds[last - 1] if last else rec
            err = UnfinishedError(
                Message("the game is unfinished after round {last}, trick {trick} (round {round} has {logged} of "
                        "{tricks} tricks)", last=last, trick=last_tricks, round=rec.number, logged=len(rec.tricks),
                        tricks=expected),
                file=log.file, line=stop.tricks[-1].line if stop.tricks else stop.line, round=stop.number,
                trick=last_tricks or None)
            if collect is None:
                raise err
            collect.append(err)
        game.end_round(partial=short)
    return game.result()


def _later(done: int, rest: int) -> Message:
    """The tricks after trick ``done`` that were not checked, ``rest`` of them: "trick 4", "tricks 4-9"."""
    if rest == 1:
        return Message("trick {trick}", trick=done + 1)
    return Message("tricks {first}-{last}", first=done + 1, last=done + rest)
