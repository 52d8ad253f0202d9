"""Write trick lines in seating order for the option rules tests.

Full rounds (needed when a rule spans rounds: Lowest resets, Thief pool and
right over the game) are long; ``round_lines`` writes each trick's plays from
its leader clockwise and follows the winner, so a test only lists who plays
what. It knows plain highest/lowest bids only: the tricks it writes must have a
single best coloured bid (it refuses ties), and the test asserts the engine's
winners anyway.
"""

from __future__ import annotations

from bidscli.core.cards import Card
from bidscli.rules.ruleset import deck_for, load_ruleset


def line(revealed: str, leader: str, players, cards: dict, actions: str = "") -> str:
    """``<revealed>: <plays from leader clockwise>[; actions]``."""
    i = players.index(leader)
    seats = [players[(i + k) % len(players)] for k in range(len(players))]
    body = ", ".join(f"{p} {cards[p]}" for p in seats)
    return f"{revealed}: {body}" + (f"; {actions}" if actions else "")


def round_lines(players, leader: str, tricks, lowest: bool = False) -> list[str]:
    """``tricks``: (revealed, {player: card}[, actions]) each; plain bids only."""
    out = []
    for trick in tricks:
        revealed, cards = trick[0], trick[1]
        actions = trick[2] if len(trick) > 2 else ""
        out.append(line(revealed, leader, players, cards, actions))
        nums = {p: Card.parse(c).number for p, c in cards.items()}
        nums = {p: n for p, n in nums.items() if n is not None}
        best = (min if lowest else max)(nums.values())
        top = [p for p, n in nums.items() if n == best]
        assert len(top) == 1, f"round_lines writes no ties: {cards}"
        leader = top[0]
    return out


def rotation(players, count: int = 10, numbers: int = 10, colours: str = "RGYB") -> list[dict]:
    """``count`` tricks where seat s plays colour s, number (t + s) mod numbers + 1.

    Every colour runs through 1..numbers once, and the numbers of one trick
    are all different, so these tricks never tie. Highest wins: seat n-1 takes
    tricks 1..numbers-n+1, then seat n-2, ... down to seat 0 the last trick.
    """
    return [{p: f"{colours[s]}{(t + s) % numbers + 1}" for s, p in enumerate(players)} for t in range(count)]


def pile_size(ruleset: str, players: int, options: dict) -> int:
    return deck_for(load_ruleset(ruleset), players, options).pile_size
