"""A game's state as explicit types: what each step of the engine reads and changes (rules.md 3-4).

``game.Game`` drives the steps; the rules are functions over these types (``resolution``,
``thief``, ``scoring``, ``prize``), each taking the parts it reads and changing only those:

- ``Setup``: what the game is played under: the ruleset, its knobs and deck, the table
  options and the seating. Fixed when the game starts; a what-if copy (``Game.copy``) may
  play on under another ruleset, and a diff may widen the deck between rounds.
- ``GameState``: what lasts from round to round: banked totals, lucky rounds, -5 wins, the
  black cards each player holds, Thief rights, the results of the rounds played.
- ``RoundState``: one round: its leader, the Lowest mode, the alliance, the round points, the
  hands, where each card of the round is, the point pile, and what the log says of its length.
- ``TrickState``: one trick being played: its result as it is filled in (a ``TrickResult``),
  the playing order, what the special cards played from hand do at its end, and the steals
  still to answer.

Where a mistake goes is the ``referee.Referee``'s.

Each ``copy`` gives a state that plays on without touching the original (a what-if, a search).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeAlias

from ..core.cards import Card
from ..core.i18n import Message
from ..log.records import Steal
from ..rules.ruleset import Deck, Ruleset
from .pile import Pile, _Unseen
from .referee import Referee
from .results import _NO_POINTS, Reason, RoundResult, TrickResult

# Where a card is in the round (``RoundState.seen``): a hand (``deal.hand_of``), "removed", "pile", or
# the trick it was played in (``deal.place_text`` words it).
Place: TypeAlias = Message | str | TrickResult


class Right(NamedTuple):
    """A deferred Thief's right to steal once (thief.timing = deferred)."""

    holder: str
    round: int
    first_trick: int  # first trick number (in that round) at whose end it may be used


@dataclass(slots=True, eq=False)
class Setup:
    """What a game is played under (see the module doc)."""

    ruleset: Ruleset
    k: Mapping[str, Any]  # the ruleset's knobs (a what-if's may record which are read)
    deck: Deck  # this round's deck (a diff with --lenient-deck widens it between rounds)
    options: dict[str, bool]  # the table options, the ruleset's defaults under the log's
    colour_bids: bool  # asked at every trick; options never change
    players: tuple[str, ...]  # seating order
    n: int
    seat: dict[str, int]  # player -> seat index
    orders: tuple[tuple[str, ...], ...]  # playing order for each leader's seat: the leader, then clockwise
    explain: bool  # keep the explanations (False: only errors are read, ``bids validate``)


@dataclass(slots=True, eq=False)
class GameState:
    """What lasts from round to round.

    A copy shares the lists that grow with the game (each player's held cards, the rounds played)
    until it changes one: a copy costs what a round holds, not what the game does. Whoever adds to
    them asks ``held_of`` and ``own_rounds`` first."""

    totals: dict[str, int]  # banked scores
    lucky_count: dict[str, int]  # lucky-loser rounds so far (lucky_loser.progression)
    minus_five_wins: dict[str, int]
    held: dict[str, list[tuple[Card, int]]]  # black cards taken and still held, with the round taken
    rights: list[Right] = field(default_factory=list)  # unused deferred Thief rights
    expired_rights: set[str] = field(default_factory=set)  # holders of rights ended by thief.right_lasts
    rounds: list[RoundResult] = field(default_factory=list)
    pending_thief: str | None = None  # won the Thief, steals at once (thief.timing = immediate)
    # Which of ``held``'s lists, and whether ``rounds``, are this state's own (None: all, as made).
    owned: set[str] | None = None
    owns_rounds: bool = True

    @classmethod
    def new(cls, players: tuple[str, ...]) -> GameState:
        return cls(dict.fromkeys(players, 0), dict.fromkeys(players, 0), dict.fromkeys(players, 0),
                   {p: [] for p in players})

    def held_of(self, player: str) -> list[tuple[Card, int]]:
        """``player``'s held cards, to change: made this state's own first if a copy shares them."""
        owned = self.owned
        if owned is not None and player not in owned:
            self.held[player] = self.held[player].copy()
            owned.add(player)
        return self.held[player]

    def own_rounds(self) -> list[RoundResult]:
        """The rounds played, to change: made this state's own first if a copy shares them."""
        if not self.owns_rounds:
            self.rounds = self.rounds.copy()
            self.owns_rounds = True
        return self.rounds

    def copy(self) -> GameState:
        """A copy that plays on alone (finished rounds are never changed again: shared; so are the
        lists that grow with the game, until one of the two changes them)."""
        self.owned = set()
        self.owns_rounds = False
        return GameState(self.totals.copy(), self.lucky_count.copy(), self.minus_five_wins.copy(), self.held.copy(),
                         self.rights.copy(), self.expired_rights.copy(), self.rounds, self.pending_thief, set(), False)


@dataclass(slots=True, eq=False)
class RoundState:
    """One round being played."""

    result: RoundResult
    leader: str  # who leads the next trick
    leader_why: Message  # why, as a wrong-leader error says it (leaders.py)
    hands: dict[str, list[Card]] | None  # the cards each player still holds, when the log gives them
    deck_cards: frozenset[Card]  # the round's deck (``card in deck_cards`` without a Python call)
    seen: dict[Card, Place]  # card -> where it is in the round
    pile: Pile
    round_points: dict[str, int]
    double_bonus: dict[str, int]  # banked totals doubled by a 2x (double.scope = game)
    tricks_won: dict[str, int]
    lowest: bool = False  # the lowest bid wins (Lowest revealed or played)
    allies: tuple[str, str] | None = None
    black_played_from_hand: int = 0  # without hands: black cards played, checked against the deal
    # What the log says of the round's length (a log replay sets it, ``Game.log_round``): a round
    # short where it may not be reads a pile card or a leader out of place as a missing trick line.
    logged_tricks: int = 0
    missing_tricks: int = 0
    missing_told: bool = False  # the missing line was reported (one error for it)
    # The last round played is one trick short (it may be unfinished): a leader out of place
    # then asks whether a line is missing, a question the count alone supports; the pile's
    # evidence (missing.skipped_to) is not asked for, nor loosened.
    one_short: bool = False
    # ``removed`` without ``hands``: the plays are the rest of the hand pool, checked as far as
    # they go (``Game.play``, and ``deal.pool_shown`` at the end of a complete round; log.md).
    pool_open: bool = False
    ended: bool = False  # end_round has scored it

    def copy(self, referee: Referee, tricks: Mapping[int, TrickResult] | None = None) -> RoundState:
        """A copy that plays on alone, its pile reporting to ``referee``; ``tricks``: copies of the
        round's live tricks, by id (its finished ones are never changed again: shared)."""
        rnd = self.result.copy(tricks)
        hands = None if self.hands is None else {p: h.copy() for p, h in self.hands.items()}
        return RoundState(rnd, self.leader, self.leader_why, hands, self.deck_cards, self.seen.copy(),
                          self.pile.copy(referee), self.round_points.copy(), self.double_bonus.copy(),
                          self.tricks_won.copy(), self.lowest, self.allies, self.black_played_from_hand,
                          self.logged_tricks, self.missing_tricks, self.missing_told, self.one_short, self.pool_open,
                          self.ended)


class StealChoice(NamedTuple):
    """A steal the engine offers a thief at the end of a trick (``thief.offer``): a decision the caller
    answers (``Game.answer_steal``)."""

    thief: str
    victims: dict[str, tuple[Card, ...]]  # victim -> the cards that can be taken from them
    mandatory: bool
    immediate: bool
    because: Message  # who the victims are and why


@dataclass(slots=True, eq=False)
class Steals:
    """The steals still to answer at the end of a trick (``Game.steal_offer``): the offer made
    now, then the holders of deferred rights (each offered in turn, with the victims as the
    steals before left them)."""

    next_leader: str  # decided at resolution: the trick is over once its steals are answered
    offer: StealChoice | None = None
    holders: list[str] = field(default_factory=list)

    def pending(self) -> bool:
        return self.offer is not None or bool(self.holders)

    def copy(self) -> Steals:
        return Steals(self.next_leader, self.offer, self.holders.copy())


class TrickState(TrickResult):
    """One trick being played: its result as it is filled in (it is the ``TrickResult`` the round
    keeps), and what the engine still needs while it is played."""

    __slots__ = ("order", "from_hand", "unwritten", "leader_unknown", "pending_steals")

    def __init__(self, number: int, leader: str, order: tuple[str, ...], line: int | None = None,
                 lowest: bool = False) -> None:
        # The result (TrickResult's fields), filled in as the trick is played.
        self.number = number
        self.leader = leader
        self.line = line
        self.revealed: list[Card] = []
        self.centre: Card | None = None
        self.hidden = False
        self.plays: list[tuple[str, Card]] = []
        self.winner: str | None = None
        self.points = 0
        self.verdict: Message | None = None  # the short verdict, e.g. "highest bid K7" (resolution.resolve)
        self.reasons: list[Reason] = []
        self.taken: list[Card] = []
        self._steals: list[Steal] | None = None  # made at the first steal: most tricks have none
        self.next_leader: str | None = None
        # Lowest-wins as this trick was resolved (finish_trick sets it): who won and who made the
        # weakest bid (the Thief) read it here, never the game's mode, which a won hidden Lowest
        # turns on only for the next trick (rules.md "Lowest", FINE PRINT).
        self.lowest = lowest
        self.burned = False
        self.stayed = False  # burned: the hidden prize stayed on the pile (surprise.on_burn = stays)
        self.running: Mapping[str, int] = _NO_POINTS  # the round points after it (with explanations)
        # Won 2x: (round points before, after, the banked total doubled too or None).
        self.doubled: tuple[int, int, int | None] | None = None
        # What the engine needs while the trick is played.
        self.order = order  # who plays, the leader first (a wrong leader's order once one error said so)
        # Special cards played from hand whose effect comes at the trick's end, card -> player: Surprise
        # (surprise.from_hand = next_card), the Ally. None: none. (Lowest: ``resolution.lowest_in_force``.)
        self.from_hand: dict[Card, str] | None = None
        self.unwritten: Card | _Unseen | None = None  # a hidden prize the line leaves out (UNSEEN: nobody knows it)
        self.leader_unknown = False  # a trick line is missing just before: its winner, unknown, leads
        self.pending_steals: Steals | None = None  # a Thief won or a right held: the steals asked at its end

    def copy(self) -> TrickState:
        twin = TrickResult.copy(self)
        if self.from_hand is not None:
            twin.from_hand = dict(self.from_hand)
        if self.pending_steals is not None:
            twin.pending_steals = self.pending_steals.copy()
        return twin
