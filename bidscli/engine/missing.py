"""A trick line left out of a log: the one rule that says so, once (log.md, one mistake).

A round shorter than the deal plays, before the last round played, has lost a line; so
may the last round played when a line shows it itself. The first sign of it in the round
is read as that missing line, with one error: a revealed card further down the pile
(``skipped_to``, asked by the pile through the game) or a line led by someone else
(``led_by_another``). After it, the missing trick's winner leads, unknown to the log.
"""

from __future__ import annotations

from ..core.cards import Card
from ..core.i18n import Message, PluralMessage
from .leaders import wrong_leader_text
from .referee import Referee
from .state import RoundState, TrickState


def log_round(rs: RoundState, logged: int, tricks: int, last: int, counted: bool = True) -> None:
    """What the log says of the round's length: ``logged`` trick lines of the deal's ``tricks``;
    ``last``: the number of the last round with tricks (which may be unfinished). Short before
    it: a line was left out, not a game unfinished; the last round one trick short: a leader
    out of place asks whether a line is missing. ``counted=False``: a line could not be read
    (the count says nothing)."""
    rs.logged_tricks = logged
    rs.missing_tricks, rs.one_short = 0, False  # (a recorder says it again as its lines come)
    if not counted:
        return
    number = rs.result.number
    if logged < tricks and number < last:
        rs.missing_tricks = tricks - logged
    elif logged == tricks - 1 and number == last:
        rs.one_short = True


def round_length_message(number: int, logged: int, tricks: int, last: int, ruleset: str,
                         players: int) -> Message | None:
    """What is wrong with round ``number`` of ``logged`` trick lines where the ``ruleset``
    ``players``-player deal plays ``tricks`` a round, ``last`` being the last round with tricks:
    more lines than the deal plays, or fewer before the last round played (only the last round
    played may be unfinished). None: nothing. The one wording of it: a replay says it (``replay``)
    and a deal played under another ruleset (``analysis.plan.deck_problems``)."""
    if logged > tricks:
        return PluralMessage("round {round} has {n} trick; the {ruleset} {players}-player deal plays {tricks} a round",
                             "round {round} has {n} tricks; the {ruleset} {players}-player deal plays {tricks} a "
                             "round", logged, round=number, ruleset=ruleset, players=players, tricks=tricks)
    if logged < tricks and number < last:
        return PluralMessage("round {round} has {n} trick; the {ruleset} {players}-player deal plays {tricks} a round "
                             "(only the last round played may be unfinished)",
                             "round {round} has {n} tricks; the {ruleset} {players}-player deal plays {tricks} a "
                             "round (only the last round played may be unfinished)", logged, round=number,
                             ruleset=ruleset, players=players, tricks=tricks)
    return None


def short_round_text(rs: RoundState, tricks: int) -> Message:
    return Message("round {round} has {logged} of {tricks} tricks", round=rs.result.number, logged=rs.logged_tricks,
                   tricks=tricks)


def _told(rs: RoundState) -> None:
    rs.missing_told = True
    rs.missing_tricks = max(rs.missing_tricks - 1, 0)  # 0 in the last round played


def skipped_to(rs: RoundState, ts: TrickState, referee: Referee, tricks: int, top: Card, written: Card,
               evidence: bool) -> bool:
    """The log reveals ``written``, further down the pile, where the pile's next card is ``top``.
    In a round short of tricks a trick line is missing: the cards above ``written`` went to that
    trick. Then one error says so, the next trick's leader is unknown (that trick's winner), and
    True; else False (the pile reports a plain mismatch).

    ``evidence``: the pile's part of the line showing the skip itself (``Pile.shows_one_trick_on``),
    which the last round played needs: it may be unfinished, so its short count is no evidence.
    The line shows it when, besides, this is not the round's first line and the round is short.
    Any player may lead after a skipped trick (its winner), so the line's leader can neither
    confirm nor refute it."""
    shown = evidence and 0 < rs.logged_tricks < tricks and ts.number > 1
    if not (rs.missing_tricks or shown) or rs.missing_told:
        return False
    _told(rs)
    referee.illegal(Message("a trick line seems to be missing before this one: the pile's next card is {top}, but "
                            "this line reveals {written}, which comes later ({count})", top=top, written=written,
                            count=short_round_text(rs, tricks)))
    ts.leader_unknown = True
    return True


def led_by_another(rs: RoundState, ts: TrickState, referee: Referee, tricks: int, expected: str,
                   player: str) -> bool:
    """A line led by ``player`` where ``expected`` leads: True when that is read as a missing line
    before it (the line's leader then stands): after a line found missing (its winner leads,
    unknown), or as the first sign of one in a short round (one error). False: a wrong leader."""
    if ts.leader_unknown:
        return True
    if (rs.missing_tricks or rs.one_short) and not rs.missing_told:
        # A short round whose next line is led by someone else: a trick line is probably
        # missing before it (its winner would lead here). One error; the line's order stands.
        _told(rs)
        referee.illegal(Message("{wrong}: is a trick line missing before this one? ({count})",
                                wrong=wrong_leader_text(expected, rs.leader_why, player, fix=False),
                                count=short_round_text(rs, tricks)), player=player)
        pile = rs.pile
        if not pile.given and pile.unknown:
            pile.unknown -= 1  # that line's prize: the pile does not run out a trick late
        return True
    return False
