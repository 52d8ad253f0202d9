"""Who leads: trick 1 of a round (rules.md 4, round leaders), and why, as an error says it.

``first_leader`` is the one rule for the first leader of a round when the log does not
name one (``game.first_leader``): the engine, ``bids deal`` and ``bids record`` ask it.
The texts say why a player leads, so that a wrong-leader error shows the rule before the
reader's slip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.cards import COLOUR_NAMES
from .results import TrickResult

_BY_RULE = "game.first_leader = "  # in a leader's why when the first leader comes from the knob


def first_leader(knobs: Mapping, players: Sequence[str], number: int) -> tuple[str, str]:
    """Who leads trick 1 of round ``number`` when the log does not say, and why (the round's
    explanation): the seat for the round under ``game.first_leader = rotate``, else seat 1."""
    n = len(players)
    if knobs["game.first_leader"] == "rotate":
        return players[(number - 1) % n], f"seat {(number - 1) % n + 1} leads round {number} (game.first_leader = rotate)"
    return players[0], "the first seat leads every round (game.first_leader = first_seat)"


def first_leader_why(why: str | None, leader: str, number: int, n: int) -> str:
    """Why ``leader`` leads trick 1 of round ``number``, as a wrong-leader error says it: the seat
    that leads this round and the knob that says so (``why`` from ``first_leader``), or the
    round's own ``leader`` key (``why`` None)."""
    if why is None:
        return f'the round names its leader: leader = "{leader}"'
    if _BY_RULE + "rotate" in why:
        return f"seat {(number - 1) % n + 1} of players leads round {number}: {_BY_RULE}rotate"
    return f"seat 1 of players leads every round: {_BY_RULE}first_seat"


def wrong_leader_text(leader: str, why: str, first: str, fix: bool = True) -> str:
    """A trick line led by the wrong player: who leads and why first, then what the line says,
    so the reader sees the rule before their slip. When the rule is the first leader's knob, a
    table that let someone else lead names them (``leader``, log.md)."""
    text = f"{leader} leads this trick ({why}); the line starts with {first}"
    if fix and _BY_RULE in why:
        text += f': if {first} led this round, write leader = "{first}" in its [[rounds]]'
    return text


def won_why(t: TrickResult, winner: str) -> str:
    """Why the winner of trick ``t`` leads the next, as a wrong-leader error says it. Made at
    every trick and read only by an error: the usual texts are made once. Under Lowest, the bid
    that won ("won trick 3: lowest bid B1 while Lowest is in play"; Color Bids: the lowest card of
    the colour that won): a wrong leader after Lowest is the likely slip."""
    n = t.number
    if t.lowest:
        # The winner's bid (a line that names the winner twice was reported: its first bid).
        card = next(c for p, c in t.plays if p == winner and c.number is not None)
        if t.reason.startswith("Color Bids"):
            return (f"won trick {n}: {card}, the lowest of {COLOUR_NAMES[card.colour]} (Color Bids), "
                    "while Lowest is in play")
        return f"won trick {n}: lowest bid {card} while Lowest is in play"
    return _WON_TRICK[n] if n < len(_WON_TRICK) else f"won trick {n}"


def burned_why(burn: str, number: int) -> str:
    """Why the player who leads after trick ``number`` burned does (``Resolution.burn``)."""
    if burn == "no_bid":
        return f"led trick {number}, which burned with no bid"
    if burn == "centre":
        return f"trick {number} was burned by the centre card (color_bids.center_burn_leader)"
    return f"played the last tied card in trick {number}, which burned"


_WON_TRICK = tuple(f"won trick {n}" for n in range(64))
