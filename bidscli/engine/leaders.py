"""Who leads: trick 1 of a round (rules.md 4, round leaders), and why, as an error says it.

``first_leader`` is the one rule for the first leader of a round when the log does not
name one (``game.first_leader``): the engine, ``bids deal`` and ``bids record`` ask it.
The texts say why a player leads, so that a wrong-leader error shows the rule before the
reader's slip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.i18n import Message
from ..core.worded import Colour
from .results import TrickResult


def first_leader(knobs: Mapping[str, Any], players: Sequence[str], number: int) -> tuple[str, Message]:
    """Who leads trick 1 of round ``number`` when the log does not say, and why (the round's
    explanation): the seat for the round under ``game.first_leader = rotate``, else seat 1."""
    n = len(players)
    if knobs["game.first_leader"] == "rotate":
        return players[(number - 1) % n], Message("seat {seat} leads round {round} (game.first_leader = rotate)",
                                                  seat=(number - 1) % n + 1, round=number)
    return players[0], _FIRST_SEAT


_FIRST_SEAT = Message("the first seat leads every round (game.first_leader = first_seat)")


def leads_trick_one(leader: str, why: Message | None) -> Message:
    """The round's first explanation: who leads trick 1 and why (``first_leader``; None: the log names them)."""
    if why is None:
        return Message("{player} leads trick 1: named by the log", player=leader)
    return Message("{player} leads trick 1: {why}", player=leader, why=why)


def first_leader_why(why: Message | None, leader: str, number: int, n: int) -> Message:
    """Why ``leader`` leads trick 1 of round ``number``, as a wrong-leader error says it: the seat
    that leads this round and the knob that says so (``why`` from ``first_leader``), or the
    round's own ``leader`` key (``why`` None)."""
    if why is None:
        return Message('the round names its leader: leader = "{player}"', player=leader)
    if why is not _FIRST_SEAT:
        return Message("seat {seat} of players leads round {round}: game.first_leader = rotate",
                       seat=(number - 1) % n + 1, round=number)
    return _SEAT_ONE


_SEAT_ONE = Message("seat 1 of players leads every round: game.first_leader = first_seat")


def wrong_leader_text(leader: str, why: Message, first: str, fix: bool = True) -> Message:
    """A trick line led by the wrong player: who leads and why first, then what the line says,
    so the reader sees the rule before their slip. When the rule is the first leader's knob, a
    table that let someone else lead names them (``leader``, log.md)."""
    if fix and why.msgid in _BY_RULE:
        return Message('{leader} leads this trick ({why}); the line starts with {player}: if {player} led this '
                       'round, write leader = "{player}" in its [[rounds]]', leader=leader, why=why, player=first)
    return Message("{leader} leads this trick ({why}); the line starts with {player}", leader=leader, why=why,
                   player=first)


_BY_RULE = {_SEAT_ONE.msgid, "seat {seat} of players leads round {round}: game.first_leader = rotate"}


def out_of_turn_text(player: str, expected: str, last: str, leader: str, why: Message) -> Message:
    """A player who played in another's turn: whose turn it was, and why (clockwise from the leader)."""
    return Message("{player} played in place of {expected}: after {last} it is {expected}'s turn (clockwise "
                   "from the leader {leader}, {why})", player=player, expected=expected, last=last, leader=leader,
                   why=why)


def won_why(t: TrickResult, winner: str) -> Message:
    """Why the winner of trick ``t`` leads the next, as a wrong-leader error says it. Made at
    every trick and read only by an error: the usual texts are made once. Under Lowest, the bid
    that won ("won trick 3: lowest bid B1 while Lowest is in play"; Color Bids: the lowest card of
    the colour that won): a wrong leader after Lowest is the likely slip."""
    n = t.number
    if t.lowest:
        # The winner's bid (a line that names the winner twice was reported: its first bid).
        card = next(c for p, c in t.plays if p == winner and c.number is not None)
        if t.verdict is not None and t.verdict.msgid.startswith("Color Bids"):
            return Message("won trick {trick}: {card}, the lowest of {colour} (Color Bids), while Lowest is in play",
                           trick=n, card=card, colour=Colour(card.colour))
        return Message("won trick {trick}: lowest bid {card} while Lowest is in play", trick=n, card=card)
    return _WON_TRICK[n] if n < len(_WON_TRICK) else Message("won trick {trick}", trick=n)


def burned_why(burn: str | None, number: int) -> Message:
    """Why the player who leads after trick ``number`` burned does (``Resolution.burn``)."""
    if burn == "no_bid":
        return Message("led trick {trick}, which burned with no bid", trick=number)
    if burn == "centre":
        return Message("trick {trick} was burned by the centre card (color_bids.center_burn_leader)", trick=number)
    return Message("played the last tied card in trick {trick}, which burned", trick=number)


_WON_TRICK = tuple(Message("won trick {trick}", trick=n) for n in range(64))
