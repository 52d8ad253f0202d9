"""One game of Bids, trick by trick (rules.md sections 3-4).

``Game`` is a small state machine that a log replay, a re-play under another
ruleset, the recorder and a simulated player all drive the same way::

    game = Game(ruleset, players, options)
    game.start_round(leader=None, hands=None, pile=None)
    game.start_trick(revealed=None)        # reveal the prize (or check the log's)
    game.play(player, card)                 # in turn, from the leader clockwise
    game.finish_trick()                     # resolve, award or burn
    while (choice := game.steal_offer()):   # the steals, decisions as data
        game.answer_steal(steal_or_pass)
    ...
    game.end_round(); game.result()

The engine never guesses a decision: a steal is offered (``steal_offer``) and the
caller answers it (``answer_steal``); ``decide_steals(decide)`` answers every offer of
a trick with a ``thief.Decider`` (a log's recorded actions, a bot's strategy, the
default policy). Every rule the engine applies is recorded as a reason with the knob
that decided it, so reports can explain each trick.

``play_trick(revealed, plays, line, decide)`` is a whole trick line in one, what a log
replay, a re-play under another ruleset and the recorder use; a bot, which chooses
each card seeing the cards before it, calls the steps one by one.

The game's state is explicit (``state``): ``Setup`` (the ruleset, the deck, the
seating), ``GameState`` (across rounds), ``RoundState`` and ``TrickState``; the rules
are functions over them: ``resolution`` (who wins, what the winner takes, a burn),
``thief`` (the steals), ``scoring`` (round and game end), ``prize`` (the pile cards a
trick takes), ``deal`` (a round's deal checked) and ``missing`` (a trick line left
out). Errors go through the ``referee.Referee``. For the players that search ahead,
the table app and the bots, the game also offers: ``legal_cards``, ``copy`` (safe
in the middle of a trick, and under another ruleset: a what-if), ``view(player)``,
``card_index`` and ``is_over``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from operator import attrgetter, itemgetter

from ..core.cards import ALLY_CARD, BLACK, LOWEST_CARD, SURPRISE_CARD, Card
from ..core.errors import BidsError, DeckError, IllegalPlayError, _Abort
from ..core.i18n import Listed, Message, PluralMessage
from ..core.worded import Joined
from ..log.records import Pass, Steal
from ..rules.ruleset import Deck, Ruleset, deck_for
from .deal import place_deal, place_text, pool_shown
from .leaders import (
    _WON_TRICK,
    burned_why,
    first_leader,
    first_leader_why,
    leads_trick_one,
    out_of_turn_text,
    won_why,
    wrong_leader_text,
)
from .missing import led_by_another, log_round, skipped_to
from .pile import Pile
from .prize import PRIZE, REPLACES, reveal
from .referee import Referee, Where
from .resolution import _resolve, award, burn, hidden_was_turned, lowest_in_force
from .results import (
    GameResult,
    Reason,
    RoundResult,
    TrickResult,
    taken_this_round,
)
from .scoring import end_round, result
from .state import GameState, Place, RoundState, Setup, StealChoice, TrickState
from .thief import DEFAULT_POLICY, Decider, answer, decline, offer, offers
from .view import View, seen_trick


class Game:
    """One game of Bids under one ruleset. See the module docstring for the flow."""

    __slots__ = ("setup", "state", "round_state", "trick_state", "referee")

    def __init__(
        self,
        ruleset: Ruleset,
        players: Sequence[str],
        options: Mapping[str, bool] | None = None,
        *,
        on_error: Callable[[BidsError], None] | None = None,
        file: str | None = None,
        explain: bool = True,
    ) -> None:
        """``explain=False``: nobody reads the explanations, only the errors (``bids validate``) or
        the scores (``bids study``), so no running standings are kept, nor the commonest
        explanations (what a winner takes, a tie, 2x, -5, the Ally, the round's leader, lucky
        losers and Ally split). Everything else, every check and every error, is the same."""
        opts = dict(ruleset.options)
        opts.update(options or {})
        players = tuple(players)
        n = len(players)
        ruleset.check_options(opts, n)
        deck = deck_for(ruleset, n, opts)
        self.setup = Setup(ruleset, ruleset.knobs, deck, opts, bool(opts.get("color_bids")), players, n,
                           dict(zip(players, range(n))), tuple(players[s:] + players[:s] for s in range(n)), explain)
        self.state = GameState.new(players)
        self.round_state: RoundState | None = None  # the round being played, or the last one played
        self.trick_state: TrickState | None = None  # the trick being played, or the round's last one
        self.referee = Referee(on_error, file)

    # -- what callers read --------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        return self.setup.ruleset

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def n(self) -> int:
        return self.setup.n

    @property
    def options(self) -> dict[str, bool]:
        return self.setup.options

    @property
    def deck(self) -> Deck:
        return self.setup.deck

    @property
    def tricks_per_round(self) -> int:
        return self.setup.deck.tricks

    @property
    def rounds(self) -> list[RoundResult]:
        return self.state.rounds

    @property
    def round(self) -> RoundResult | None:
        """The round being played, or the last one played."""
        return self.referee.round

    @property
    def trick(self) -> TrickResult | None:
        """The trick being played, or the last one of the round (None between rounds)."""
        return self.referee.trick

    @property
    def leader(self) -> str | None:
        """Who leads the next trick (None before the first round)."""
        return self.round_state.leader if self.round_state is not None else None

    # -- errors -----------------------------------------------------------------
    def where(self) -> Where:
        """Where play stands, for an error: the file, round, trick and line."""
        return self.referee.where()

    def illegal(self, message: Message | str, player: str | None = None, cls: type[BidsError] = IllegalPlayError,
                follows: int | None = None, at_round: bool = False) -> None:
        """Report a mistake where play stands (``Referee.illegal``)."""
        self.referee.illegal(message, player, cls, follows, at_round)

    # -- rounds -------------------------------------------------------------------
    def start_round(
        self,
        *,
        leader: str | None = None,
        hands: Mapping[str, Sequence[Card]] | None = None,
        pile: Sequence[Card] | None = None,
        removed: Sequence[Card] | None = None,
        line: int | None = None,
        pile_unknown: int = 0,
        deck: Deck | None = None,
    ) -> None:
        """``pile_unknown``: the given ``pile`` is only the known top of the pile;
        that many unseen cards follow it (diffs rebuild a pile from the revealed
        cards; drawing one of the unseen cards raises ``UnknownCard``). ``deck``: this
        round's deck from now on (a diff widens the ruleset's to hold a log's deal)."""
        setup = self.setup
        if deck is not None:
            setup.deck = deck
        deck = setup.deck
        number = len(self.state.rounds) + 1
        why = None
        if leader is None:
            leader, why = first_leader(setup.k, setup.players, number)
        rnd = RoundResult(number, leader, line)
        referee = self.referee
        referee.round, referee.trick = rnd, None
        self.trick_state = None
        if setup.explain:
            rnd.reasons.append(Reason(leads_trick_one, None if why is None else "game.first_leader", (leader, why)))
        players = setup.players
        # Kept for the round (``card in self.deck`` is a Python call; a diff may widen the deck
        # between rounds, never within one).
        deck_cards = deck.all_cards()
        seen: dict[Card, Place]
        if hands is None and removed is None and pile is None:
            seen, black = {}, 0  # no deal to check (a log written at the table): the plays fill it
        else:
            seen, black = place_deal(setup, deck_cards, referee, hands, removed, pile, pile_unknown)
        self.round_state = RoundState(
            rnd, leader, first_leader_why(why, leader, number, setup.n),
            dict(zip(hands, map(list, hands.values()))) if hands is not None else None, deck_cards, seen,
            Pile(referee, pile, deck.pile_size, pile_unknown), dict.fromkeys(players, 0),
            dict.fromkeys(players, 0), dict.fromkeys(players, 0), black_played_from_hand=black,
            pool_open=hands is None and removed is not None)
        state = self.state
        (state.rounds if state.owns_rounds else state.own_rounds()).append(rnd)

    def log_round(self, logged: int, last: int, counted: bool = True) -> None:
        """What the log says of this round's length: ``logged`` trick lines; ``last``: the number of
        the last round with tricks (which may be unfinished); ``counted=False``: a line could not
        be read. See ``missing``."""
        rs = self.round_state
        assert rs is not None, "start_round first"
        log_round(rs, logged, self.setup.deck.tricks, last, counted)

    def end_round(self, partial: bool | None = None) -> RoundResult:
        """The round's scores (``scoring.end_round``); ``partial``: an unfinished round (default: one
        shorter than the deal). A complete round dealt with removed and no hands shows its whole
        hand pool (``deal.pool_shown``)."""
        rs, setup = self.round_state, self.setup
        assert rs is not None, "start_round first"
        if partial is None:
            partial = len(rs.result.tricks) < setup.deck.tricks
        if rs.pool_open and not partial:
            pool_shown(setup, rs, self.referee)
        rnd = end_round(setup, self.state, rs, partial)
        rs.ended = True
        self.trick_state = None
        self.referee.trick = None
        return rnd

    def result(self) -> GameResult:
        return result(self.setup, self.state)

    # -- tricks ---------------------------------------------------------------------
    def start_trick(self, revealed: Sequence[Card] | None = None, line: int | None = None) -> TrickResult:
        """Reveal the prize. ``revealed``: what the log says was taken from the pile."""
        ts = self.trick_state
        if ts is not None and ts.pending_steals is not None and ts.pending_steals.pending():
            raise RuntimeError(f"the steals of trick {ts.number} are still to answer (steal_offer)")
        rs = self.round_state
        assert rs is not None, "start_round first"
        rnd = rs.result
        setup = self.setup
        leader = rs.leader
        t = self.trick_state = TrickState(len(rnd.tricks) + 1, leader, setup.orders[setup.seat[leader]], line, rs.lowest)
        rnd.tricks.append(t)
        self.referee.trick = t
        pile = rs.pile
        pile.feed = revealed  # pile.start_trick(revealed), without a call at every trick
        pile.fed = 0
        pile.feed_given = bool(revealed)
        reveal(setup, rs, t, self.referee, PRIZE, self)
        return t

    def missing_line(self, top: Card, written: Card, why: Message) -> bool:
        """The pile's mismatch judged (``pile.Judge``): a trick line missing before this one?
        (``missing.skipped_to``)"""
        rs, ts = self.round_state, self.trick_state
        assert rs is not None and ts is not None, "asked during a trick"
        return skipped_to(rs, ts, self.referee, self.setup.deck.tricks, top, written,
                          rs.pile.shows_one_trick_on(top, written))

    def expected_player(self) -> str | None:
        """Who plays next in the trick being played (None: every player has played)."""
        ts = self.trick_state
        if ts is None:
            return None
        i = len(ts.plays)
        return ts.order[i] if i < self.setup.n else None

    def legal_cards(self, player: str) -> list[Card]:
        """What ``player`` may legally play now: nothing when it is not their turn, else
        ``cards_of(player)``."""
        if self.expected_player() != player:
            return []
        return self.cards_of(player)

    def cards_of(self, player: str) -> list[Card]:
        """The cards ``player`` may hold as far as the game knows: their hand when the deal is known;
        else every card of the deck still unseen this round (a black card only while the deal's
        black cards in hands are not all played), in the deck's order."""
        rs = self.round_state
        if rs is None:
            return []
        if rs.hands is not None:
            return list(rs.hands[player])
        seen = rs.seen
        black_left = rs.black_played_from_hand < self.setup.deck.black_in_hands
        return [c for c in sorted(rs.deck_cards, key=_sort_key) if c not in seen and (black_left or c.colour != BLACK)]

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """A read-only snapshot of where this round's cards are (for tests and tools).

        ``hand:<p>`` (when the hands are known), ``pile`` (known pile cards, top first, then
        those put under it), ``centre`` and ``table`` (the prize and the cards played in the
        trick being played, empty between tricks) and ``held:<p>`` (black cards taken this
        round, by winning or stealing, oldest first). Cards set aside, discarded or removed
        at the deal are in none of these.
        """
        places: dict[str, tuple[Card, ...]] = {}
        rs = self.round_state
        if rs is None:
            return places
        number = rs.result.number
        for p in self.setup.players:
            if rs.hands is not None:
                places[f"hand:{p}"] = tuple(rs.hands.get(p, ()))
            places[f"held:{p}"] = taken_this_round(self.state.held[p], number)
        places["pile"] = tuple(rs.pile.front) + tuple(rs.pile.bottom)
        t = self.trick
        live = t is not None and t.next_leader is None
        places["centre"] = (t.centre,) if t is not None and live and t.centre is not None else ()
        places["table"] = tuple(c for _, c in t.plays) if t is not None and live else ()
        return places

    def play(self, player: str, card: Card) -> None:
        """``player`` plays ``card`` to the trick: their turn, a card of their hand (or, without
        hands, of the deck, new to the round, within the hands' black cards), then what a
        special card does (``_special``)."""
        ts, rs = self.trick_state, self.round_state
        assert ts is not None and rs is not None, "start_trick first"
        self._play(ts, rs, ((player, card),))

    def _play(self, ts: TrickState, rs: RoundState, pairs: Iterable[tuple[str, Card]]) -> None:
        """``play`` each (player, card) pair of ``pairs`` in turn, the trick's and the round's state
        at hand (``play_all`` plays a whole line in one call)."""
        plays = ts.plays
        hands = rs.hands
        for player, card in pairs:
            i = len(plays)
            try:
                expected = ts.order[i]
            except IndexError:
                self.referee.illegal(Message("{player} played {card}, but every player has played this trick",
                                             player=player, card=card), player=player)
                continue
            if player != expected:
                setup = self.setup
                if i == 0:
                    self.referee.illegal(wrong_leader_text(expected, rs.leader_why, player), player=player)
                    if player in setup.seat:
                        # Follow the log's order for the rest of the trick: one error, not one per player.
                        ts.order = setup.orders[setup.seat[player]]
                else:
                    self.referee.illegal(out_of_turn_text(player, expected, plays[-1][0], ts.leader, rs.leader_why),
                                         player=player)
                if player in map(_player_of, plays):
                    raise _Abort()
            if hands is not None:
                try:
                    hands[player].remove(card)
                except (KeyError, ValueError):
                    self.referee.illegal(_not_in_hand(rs, player, card), player=player)
            else:
                setup = self.setup
                if card not in rs.deck_cards:
                    self.referee.illegal(setup.deck.not_in_deck(card, setup.options), player=player, cls=DeckError)
                seen = rs.seen
                where = seen.get(card)
                if where is None:
                    seen[card] = ts  # the trick it was played in: put in words only if an error names it
                else:  # a repeat keeps the first place: later repeats name the first holder
                    self.referee.illegal(Message("{player} played {card}, but it is already in the round ({place})",
                                                 player=player, card=card, place=place_text(where, card)),
                                         player=player)
                if card.colour == BLACK:
                    rs.black_played_from_hand += 1
                    if rs.black_played_from_hand > setup.deck.black_in_hands:
                        self.referee.illegal(_black_too_many(setup, rs, player, card), player=player,
                                             cls=DeckError)
                        pile = rs.pile
                        if not pile.given and pile.unknown:
                            pile.unknown -= 1  # taken as played: one black card fewer on the pile
            plays.append((player, card))
            if card.special is not None:
                self._special(ts, player, card)

    def play_all(self, plays: Iterable[tuple[str, Card]]) -> None:
        """``play`` each (player, card) pair in turn, as a log's trick line lists them.

        A line that names the players still to play in another order gets one error for the
        trick (``_out_of_order``), and is then played as if written in order, each card with
        the player it names; anything else is ``play``'s to check, pair by pair."""
        if plays.__class__ is not tuple:
            plays = tuple(plays)
        ts, rs = self.trick_state, self.round_state
        assert ts is not None and rs is not None, "start_trick first"
        tplays = ts.plays
        if not tplays and tuple(map(_player_of, plays)) == ts.order:
            self._play(ts, rs, plays)  # in playing order, as most lines are: nothing to rearrange
            return
        play = self.play
        n = self.setup.n
        for k, (player, card) in enumerate(plays):
            i = len(tplays)
            if i < n and player != ts.order[i]:
                rest = self._out_of_order(plays, k, i)
                if rest is not None:
                    self.play_all(rest)
                    return
            play(player, card)

    def _out_of_order(self, plays: Sequence[tuple[str, Card]], k: int, i: int) -> tuple[tuple[str, Card], ...] | None:
        """The plays from ``plays[k]`` on, in playing order, when they are those of the players
        still to play but written in another order: one error for the trick, and checking goes
        on as if it had been written in order (each card stays with the player named). None
        when they are not (a player missing or named twice): ``play`` reports those one by one.
        A line led by another player may say that a line is missing before it (``missing``).
        """
        ts = self.trick_state
        assert ts is not None, "start_trick first"
        rest = tuple(plays)[k:]
        todo = ts.order[i:]
        if len(rest) != len(todo) or sorted(p for p, _ in rest) != sorted(todo):
            return None
        player = rest[0][0]
        rs, setup, referee = self.round_state, self.setup, self.referee
        assert rs is not None, "start_round first"
        if i == 0 and led_by_another(rs, ts, referee, setup.deck.tricks, todo[0], player):
            ts.order = setup.orders[setup.seat[player]]
            ts.leader = rs.leader = player
            return rest
        # The wording of play()'s errors (the README shows it); the plays are then put in order.
        if i == 0:
            referee.illegal(wrong_leader_text(todo[0], rs.leader_why, player), player=player)
        else:
            referee.illegal(out_of_turn_text(player, todo[0], ts.plays[-1][0], ts.leader, rs.leader_why),
                            player=player)
        at = {p: j for j, p in enumerate(todo)}
        return tuple(sorted(rest, key=lambda pc: at[pc[0]]))

    def _special(self, ts: TrickState, player: str, card: Card) -> None:
        """What a special card does when played from hand."""
        k = self.setup.k
        if card == SURPRISE_CARD:
            if k["surprise.from_hand"] == "replace_center":
                t = ts
                old = t.centre
                rs = self.round_state
                assert rs is not None, "start_round first"
                if old is not None:
                    if k["surprise.displaced"] == "bottom":
                        rs.pile.put_bottom(old)
                        said = Message("{player} played Surprise: the centre {card} goes to the bottom of the pile "
                                       "(surprise.displaced) and the next pile card is the prize at once",
                                       player=player, card=old)
                    else:
                        said = Message("{player} played Surprise: the centre {card} is discarded "
                                       "(surprise.displaced) and the next pile card is the prize at once",
                                       player=player, card=old)
                    t.reasons.append(Reason(said, "surprise.from_hand"))
                    reveal(self.setup, rs, ts, self.referee, REPLACES, self)
                else:
                    t.reasons.append(Reason(Message("{player} played Surprise, but there is no centre card to "
                                                    "replace", player=player), "surprise.from_hand"))
            else:
                _from_hand(ts).setdefault(card, player)  # (a card played twice: its first player)
        elif card == ALLY_CARD:
            _from_hand(ts)[card] = player  # (an Ally played twice: its last player)

    def finish_trick(self) -> TrickResult:
        """Resolve the trick (``resolution.resolve``, under Lowest or not: ``resolution.lowest_in_force``),
        give the winner what they take or burn it, then offer the steals (``steal_offer``): the
        trick is over once they are answered."""
        t = self.trick_state
        setup, rs = self.setup, self.round_state
        assert t is not None and rs is not None, "start_trick first"
        plays = t.plays
        if len(plays) < setup.n:
            missing = _missing(t.order, plays)
            self.referee.illegal(Message("{players} did not play: each player plays one card a trick",
                                         players=Listed(missing, ",")), player=missing[0])
            raise _Abort()
        lowest = lowest_in_force(rs.lowest, plays, setup.k)
        if lowest and not rs.lowest:
            rs.lowest = True  # a Lowest played from hand: on from this trick (its first player named)
            t.reasons.append(Reason(Message("{player} played Lowest: the lowest bid wins from this trick until the "
                                            "round ends", player=next(p for p, c in plays if c is LOWEST_CARD)),
                                    "lowest.from_hand"))
        t.lowest = lowest
        winner, next_leader, t.verdict, reasons, burned = _resolve(
            plays, None if t.hidden else t.centre, setup.k, lowest, setup.colour_bids, t.leader, setup.players,
            setup.explain)
        if reasons:
            t.reasons.extend(reasons)
        t.winner = winner
        if winner is not None:
            if t.unwritten is not None:
                hidden_was_turned(rs, t, self.referee, winner)
            award(setup, self.state, rs, t, self.referee, winner, self)
            n = t.number
            rs.leader_why = _WON_TRICK[n] if n < 64 and not lowest else won_why(t, winner)
        else:
            rs.leader_why = burned_why(burned, t.number)
            burn(setup, rs, t)
        rs.pile.end_trick()
        state = self.state
        if state.pending_thief is not None or state.rights:
            offers(setup, state, rs, t, next_leader)
            steals = t.pending_steals
            if steals is not None and steals.pending():
                return t
        t.next_leader = rs.leader = next_leader  # the trick is over (``_trick_over``)
        if setup.explain:  # the running standings are an explanation too (validate reads none)
            t.running = dict(rs.round_points)
        return t

    def _trick_over(self, ts: TrickState) -> None:
        """The trick's steals are answered: the next leader leads."""
        t = ts
        if t.next_leader is not None:
            return
        rs, steals = self.round_state, ts.pending_steals
        assert rs is not None and steals is not None, "asked once the trick's steals are answered"
        t.next_leader = rs.leader = steals.next_leader
        if self.setup.explain:  # the running standings are an explanation too (validate reads none)
            t.running = dict(rs.round_points)

    # -- steals: decisions the caller answers ----------------------------------------------
    def steal_offer(self) -> StealChoice | None:
        """The steal offered now at the end of the trick (``state.StealChoice``), or None when
        there is none left: answer it with ``answer_steal``."""
        ts, rs = self.trick_state, self.round_state
        if ts is None or rs is None or ts.pending_steals is None:
            return None
        return offer(self.setup, self.state, rs, ts)

    def answer_steal(self, action: Steal | Pass | None) -> None:
        """Answer the steal offered now: a ``log.Steal``, or a pass (``log.Pass`` or None). A steal
        that breaks a rule is an error and moves nothing."""
        ts, rs = self.trick_state, self.round_state
        if ts is None or rs is None or self.steal_offer() is None:
            raise RuntimeError("no steal is offered now")
        answer(self.setup, self.state, rs, ts, self.referee, action)
        steals = ts.pending_steals
        if steals is not None and not steals.pending():
            self._trick_over(ts)

    def decline_steals(self) -> None:
        """Pass on every optional steal of this trick without being offered it (a mandatory one
        is still offered)."""
        ts = self.trick_state
        assert ts is not None, "start_trick first"
        decline(self.setup, ts)
        if ts.pending_steals is not None and not ts.pending_steals.pending():
            self._trick_over(ts)

    def decide_steals(self, decide: Decider) -> None:
        """Answer every steal of this trick with ``decide`` (a ``thief.Decider``), then let it check
        what it was given and did not use (a log's leftover actions)."""
        ts = self.trick_state
        if ts is not None and ts.pending_steals is not None:
            if decide.passes_all:
                self.decline_steals()
            offered = self.steal_offer
            while (choice := offered()) is not None:
                self.answer_steal(decide(choice))
        decide.leftovers(self.referee, self.state)

    def play_trick(self, revealed: Sequence[Card] | None, plays: Iterable[tuple[str, Card]],
                   line: int | None = None, decide: Decider = DEFAULT_POLICY) -> TrickResult:
        """One trick line: ``start_trick(revealed, line)``, ``play_all(plays)``, ``finish_trick()``,
        then ``decide_steals(decide)``. What a log replay, a re-play under another ruleset and the
        recorder drive; a bot, which chooses each card seeing the ones before, calls the steps."""
        t = self.start_trick(revealed, line)
        self.play_all(plays)
        self.finish_trick()
        ts = self.trick_state
        assert ts is not None, "the trick just played"
        if ts.pending_steals is not None:
            self.decide_steals(decide)
        elif decide.has_leftovers:
            decide.leftovers(self.referee, self.state)
        return t

    def playing_order(self) -> tuple[str, ...]:
        """Who plays the next trick, its leader first, then clockwise (rules.md 3.2)."""
        setup, rs = self.setup, self.round_state
        assert rs is not None, "start_round first"
        return setup.orders[setup.seat[rs.leader]]

    # -- for players that search ahead -----------------------------------------------------
    def copy(self, ruleset: Ruleset | None = None) -> Game:
        """A copy that plays on without touching the original, at any point: between rounds, between
        tricks or in the middle of a trick, its steals still to answer. ``ruleset``: the copy plays
        on under it (a what-if: the table options and the deck stay the game's)."""
        g = Game.__new__(Game)
        setup = self.setup
        g.setup = replace(setup) if ruleset is None else replace(setup, ruleset=ruleset, k=ruleset.knobs)
        g.state = state = self.state.copy()
        g.referee = referee = self.referee.copy()
        rs, ts = self.round_state, self.trick_state
        g.trick_state = None
        twins: dict[int, TrickResult] = {}
        if ts is not None:
            g.trick_state = twin = ts.copy()
            twins[id(ts)] = twin
            if referee.trick is ts:
                referee.trick = twin
        if rs is None or rs.ended:
            g.round_state = rs  # a round over is never changed again (the next start_round replaces it)
        else:
            g.round_state = copied = rs.copy(referee, twins)
            rnd = rs.result
            if referee.round is rnd:
                referee.round = copied.result
            if state.rounds and state.rounds[-1] is rnd:
                state.own_rounds()[-1] = copied.result
        return g

    def view(self, player: str) -> View:
        """What ``player`` has seen (``view.View``): their hand, the trick so far with a hidden
        prize masked, the round's finished tricks as the table saw them, and the standings."""
        rs, ts, setup = self.round_state, self.trick_state, self.setup
        if rs is None:
            raise RuntimeError("no round has started")
        t = ts if ts is not None and ts.next_leader is None else None
        done = rs.result.tricks if t is None else rs.result.tricks[:-1]
        return View(
            player, setup.players, None if rs.hands is None else tuple(rs.hands[player]), rs.result.number,
            None if t is None else t.number, rs.leader if t is None else t.leader, self.expected_player(),
            None if t is None else seen_trick(t, live=True), rs.lowest,
            tuple(seen_trick(x) for x in done), dict(rs.round_points), dict(self.state.totals),
            {p: tuple(c for c, _ in h) for p, h in self.state.held.items()}, dict(rs.tricks_won), self.steal_offer())

    def card_index(self) -> dict[Card, int]:
        """Each card of the deck and its index, 0 up, in the deck's sort order (for encodings)."""
        return {c: i for i, c in enumerate(sorted(self.setup.deck.all_cards(), key=_sort_key))}

    def is_over(self, rounds: int | None = None) -> bool:
        """Whether the game is over: ``rounds`` rounds (default ``game.rounds``) played to their end."""
        rs = self.round_state
        if rs is not None and not rs.ended:
            return False
        return len(self.state.rounds) >= (self.setup.k["game.rounds"] if rounds is None else rounds)


def _black_too_many(setup: Setup, rs: RoundState, player: str, card: Card) -> Message:
    """``card`` is one black card more than the deal puts in the hands."""
    n, name, players = rs.black_played_from_hand, setup.ruleset.name, setup.n
    in_hands = setup.deck.black_in_hands
    gone = [c for c, w in rs.seen.items() if w == "removed" and c.colour == BLACK]
    if gone:  # removed and no hands: the removed black cards came from the hand pool
        return PluralMessage(
            "{player} played {card}, but {cards} is removed: that makes {count} black cards of the hand pool this "
            "round, and the {ruleset} {players}-player deal puts {in_hands} in the hands",
            "{player} played {card}, but {cards} are removed: that makes {count} black cards of the hand pool this "
            "round, and the {ruleset} {players}-player deal puts {in_hands} in the hands", len(gone), player=player,
            card=card, cards=Joined(gone), count=n, ruleset=name, players=players, in_hands=in_hands)
    return Message("{player} played {card}: that makes {count} black cards from hands this round, but the {ruleset} "
                   "{players}-player deal puts {in_hands} in the hands", player=player, card=card, count=n,
                   ruleset=name, players=players, in_hands=in_hands)


def _missing(order: tuple[str, ...], plays: Iterable[tuple[str, Card]]) -> list[str]:
    """The players of ``order`` who have not played (``plays``)."""
    played = set(map(_player_of, plays))
    return [p for p in order if p not in played]


def _not_in_hand(rs: RoundState, player: str, card: Card) -> Message:
    for tr in rs.result.tricks[:-1]:
        for p, c in tr.plays:
            if c == card:
                return Message("{player} played {card}, which is not in {player}'s hand ({holder} played it in "
                               "trick {trick})", player=player, card=card, holder=p, trick=tr.number)
    return Message("{player} played {card}, which is not in {player}'s hand", player=player, card=card)


def _from_hand(ts: TrickState) -> dict[Card, str]:
    if ts.from_hand is None:
        ts.from_hand = {}
    return ts.from_hand


_player_of = itemgetter(0)  # the player of a (player, card) pair
_sort_key = attrgetter("sort_key")  # a card's place in the deck's order
