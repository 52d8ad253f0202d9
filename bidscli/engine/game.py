"""One game of Bids, trick by trick (rules.md sections 3-4).

``Game`` is a small state machine that a log replay, a re-play under another
ruleset and a simulated player all drive the same way::

    game = Game(ruleset, players, options)
    game.start_round(leader=None, hands=None, pile=None)
    game.start_trick(revealed=None)        # reveal the prize (or check the log's)
    game.play(player, card)                 # in turn, from the leader clockwise
    game.finish_trick(decide)               # resolve, award, steals (decisions as data)
    ...
    game.end_round(); game.result()

The engine never guesses a decision: a steal is asked of ``decide`` (a function
of a ``StealChoice``), which a log answers from its recorded actions and a bot
from its strategy. Every rule the engine applies is recorded as a reason with
the knob that decided it, so reports can explain each trick.

``play_trick(revealed, plays, line, decide)`` is the middle three calls in one, what
a log replay, a re-play under another ruleset and the recorder use; a bot, which
chooses each card seeing the cards before it, calls them one by one.

``Game`` holds the deal and the plays; the end of a trick, the Thief and the
scoring are its mixins (``resolution``, ``thief``, ``scoring``) and the pile is a
``pile._Pile``, so that each module stays a size a reader can hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter

from ..core.cards import (
    ALLY_CARD,
    BLACK,
    LOWEST_CARD,
    SURPRISE_CARD,
    Card,
)
from ..core.errors import BidsError, DeckError, IllegalPlayError, _Abort
from ..rules.ruleset import Deck, Ruleset, deck_for
from .pile import UNSEEN, _Pile
from .resolution import TrickResolution
from .results import Reason, RoundResult, TrickResult, filled, taken_this_round
from .scoring import Scoring
from .thief import DEFAULT_POLICY, Decider, ThiefSteals, _Right


class Game(TrickResolution, ThiefSteals, Scoring):
    """One game of Bids under one ruleset. See the module docstring for the flow."""

    # Slots, not a __dict__ (docs/performance.md: why). ``plan.fork`` copies the slots (see there).
    __slots__ = (
        # the game: fixed by __init__ (``k`` and ``ruleset`` are replaced between rounds by variants)
        "ruleset", "k", "players", "n", "seat", "_orders", "options", "_colour_bids", "file", "on_error", "deck",
        "totals", "lucky_count", "minus_five_wins", "held", "rights", "expired_rights", "rounds", "round",
        "trick", "game_reasons", "_pending_thief", "explain",
        # the round (start_round)
        "missing_tricks", "missing_told", "one_short", "logged_tricks", "leader_unknown", "leader", "leader_why", "lowest",
        "allies", "round_points", "double_bonus", "tricks_won", "hands", "black_played_from_hand", "pool_open",
        "_deck_cards", "seen", "pile",
        # the trick (start_trick)
        "_order", "_surprise_from_hand", "_lowest_from_hand", "_ally_player", "_unwritten",
    )

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
        """``explain=False``: nobody reads the result, only the errors (``bids validate``), so
        no running standings are kept, nor the commonest explanations (what a winner takes,
        a tie, 2x, -5, the Ally, the round's leader, lucky losers and Ally split). Everything
        else, every check and every error, is the same."""
        opts = dict(ruleset.options)
        self.explain = explain
        opts.update(options or {})
        self.ruleset = ruleset
        self.k = ruleset.knobs
        self.players = tuple(players)
        self.n = len(self.players)
        players = self.players
        self.seat = dict(zip(players, range(self.n)))
        # Playing order for each leader's seat: the leader, then clockwise.
        self._orders = tuple(players[s:] + players[:s] for s in range(self.n))
        self.options = opts
        self._colour_bids = bool(opts.get("color_bids"))  # asked at every trick; options never change
        self.file = file
        self.on_error = on_error
        ruleset.check_options(opts, self.n)
        self.deck: Deck = deck_for(ruleset, self.n, opts)
        self.totals = dict.fromkeys(players, 0)
        self.lucky_count = dict.fromkeys(players, 0)
        self.minus_five_wins = dict.fromkeys(players, 0)
        self.held: dict[str, list[tuple[Card, int]]] = {p: [] for p in self.players}
        self.rights: list[_Right] = []
        self.expired_rights: set[str] = set()  # holders of unused rights ended by thief.right_lasts
        self.rounds: list[RoundResult] = []
        self.round: RoundResult | None = None
        self.trick: TrickResult | None = None
        self.game_reasons: list[Reason] = []
        self._pending_thief: str | None = None  # won the Thief, steals at once (thief.timing = immediate)

    # -- errors -----------------------------------------------------------------
    def where(self) -> dict:
        """Where play stands, for an error: the file, round, trick and line."""
        return {
            "file": self.file,
            "round": self.round.number if self.round else None,
            "trick": self.trick.number if self.trick else None,
            "line": (self.trick.line if self.trick and self.trick.line else (self.round.line if self.round else None)),
        }

    def illegal(self, message: str, player: str | None = None, cls=IllegalPlayError,
                 follows: int | None = None) -> None:
        """Report a mistake where play stands: raised, or handed to ``on_error`` (validate),
        after which play goes on where it can. ``follows``: the line of the mistake this one
        follows from (marked as a follow-on)."""
        err = cls(message, player=player, follows=follows, **self.where())
        if self.on_error is None:
            raise err
        self.on_error(err)

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
    ) -> None:
        """``pile_unknown``: the given ``pile`` is only the known top of the pile;
        that many unseen cards follow it (diffs rebuild a pile from the revealed
        cards; drawing one of the unseen cards raises ``UnknownCard``)."""
        number = len(self.rounds) + 1
        k = self.k
        why = "named by the log"
        if leader is None:
            if k["game.first_leader"] == "rotate":
                leader = self.players[(number - 1) % self.n]
                why = f"seat {(number - 1) % self.n + 1} leads round {number} (game.first_leader = rotate)"
            else:
                leader = self.players[0]
                why = "the first seat leads every round (game.first_leader = first_seat)"
        self.round = RoundResult(number, leader, line)
        # Set by a log replay when this round is short where it may not be: then a pile card or
        # a leader out of place is first read as a missing trick line (one error for it).
        self.missing_tricks = 0
        self.missing_told = False
        # The last round played is one trick short (it may be unfinished): a leader out of place
        # then asks whether a line is missing, a question the count alone supports; the pile's
        # evidence (skipped_to) is not asked for, nor loosened.
        self.one_short = False
        self.logged_tricks = 0
        self.leader_unknown = False
        if self.explain:
            self.round.reasons.append(Reason(filled, None if why == "named by the log" else "game.first_leader",
                                             ("{} leads trick 1: {}", leader, why)))
        self.trick = None
        self.leader = leader
        self.leader_why = _first_leader_why(why, leader, number, self.n)
        self.lowest = False
        self.allies: tuple[str, str] | None = None
        self.round_points = dict.fromkeys(self.players, 0)
        self.double_bonus = dict.fromkeys(self.players, 0)
        self.tricks_won = dict.fromkeys(self.players, 0)
        self.hands = dict(zip(hands, map(list, hands.values()))) if hands is not None else None
        self.black_played_from_hand = 0
        # ``removed`` without ``hands``: the plays are the rest of the hand pool, checked as far as
        # they go (``play``, and ``pool_shown`` at the end of a complete round; log.md).
        self.pool_open = hands is None and removed is not None
        deck = self.deck
        # Kept for the round (``card in self.deck`` is a Python call; a diff may widen the deck
        # between rounds, never within one).
        self._deck_cards = deck.all_cards()
        if hands is None and removed is None and pile is None:
            self.seen = {}  # no deal to check (a log written at the table): the plays fill it
        else:
            self.seen = self._place_deal(hands, removed, pile, pile_unknown)
        self.pile = _Pile(self, pile, deck.pile_size, pile_unknown)
        self.pile.seen = set(pile) if pile is not None else set()
        self.rounds.append(self.round)

    def _place_deal(self, hands, removed, pile, pile_unknown: int) -> dict:
        """Check the round's deal, card by card where needed, and return where each card is
        (``seen``: card -> "hand of Ana", "removed" or "pile")."""
        deck = self.deck
        # Cards accounted for this round: a card may be in one place only.
        seen: dict[Card, str] = {}
        deck_cards = self._deck_cards

        def place_all(group: Sequence[Card], where: str) -> None:
            # Fast path: all in the deck and new to the round (set operations in C).
            if not group:
                return
            fresh = set(group)
            if len(fresh) == len(group) and fresh <= deck_cards and fresh.isdisjoint(seen):
                seen.update(dict.fromkeys(group, where))
                return
            for c in group:
                if c not in deck_cards:
                    self.illegal(deck.why_not(c, self.options), cls=DeckError)
                if c in seen:
                    self.illegal(f"{c} appears twice in the round ({seen[c]} and {where})")
                seen[c] = where

        if hands is not None:
            black_in_hands = 0
            size = deck.hand_size
            black = deck.black_cards
            # Fast path: every hand the right size, every card in the deck and in one hand only.
            # ``seen`` is still empty: build it at once, card by card in hand order.
            if set(map(len, hands.values())) == {size}:
                seen = {c: where for p, h in hands.items() for where in ("hand of " + p,) for c in h}
                fast = len(seen) == size * len(hands) and seen.keys() <= deck_cards
            else:
                fast = False
            if fast:
                # The black cards in ``seen``, counted by what is left of ``black`` without them: a set
                # minus a dict looks up the few black cards in the dict, where an intersection would
                # look up every card of the hands in the set.
                black_in_hands = len(black) - len(black.difference(seen))
            else:
                seen = {}
                for p, h in hands.items():
                    if len(h) != size:
                        self.illegal(f"hand of {p} has {len(h)} cards, expected {size}", player=p)
                    place_all(h, "hand of " + p)
                    black_in_hands += len(black.intersection(h))
            if black_in_hands > deck.black_in_hands:
                self.illegal(
                    f"the hands hold {black_in_hands} black cards; the {self.ruleset.name} "
                    f"{self.n}-player deal has {deck.black_in_hands}", cls=DeckError)
        if removed is not None:
            if len(removed) != deck.removed:
                self.illegal(f"{len(removed)} removed cards, expected {deck.removed}", cls=DeckError)
            place_all(removed, "removed")
            if hands is None:
                # The removed black cards came from the hand pool: they count with those played.
                self.black_played_from_hand = black = sum(1 for c in removed if c.colour == BLACK)
                if black > deck.black_in_hands:
                    self.illegal(f"{black} black cards removed, but the {self.ruleset.name} {self.n}-player hand pool "
                                 f"holds {deck.black_in_hands}", cls=DeckError)
        if pile is not None:
            if len(pile) + pile_unknown != deck.pile_size:
                self.illegal(
                    f"the pile has {len(pile)} cards, expected {deck.pile_size} "
                    f"({len(deck.black_deck)} black cards - {deck.black_in_hands} dealt to hands)", cls=DeckError)
            if not deck.black_cards.issuperset(pile):
                for c in pile:
                    if c.colour != BLACK:
                        self.illegal(f"{c} in the pile: the point pile holds only black cards", cls=DeckError)
            place_all(pile, "pile")
        # The deal must place every pool card (checked in C without a new set).
        if hands is not None and removed is not None and not seen.keys() >= deck.pool_cards:
            missing = deck.pool_cards.difference(seen)
            self.illegal(f"the deal leaves out {', '.join(sorted(map(str, missing)))}: the {self.ruleset.name} "
                          f"{self.n}-player deal places every card of its hand pool in a hand or among the removed "
                          "cards (a deal made under another ruleset or other table options?)", cls=DeckError)
        return seen

    def pool_shown(self) -> None:
        """A complete round dealt with ``removed`` but without ``hands``: the cards played and
        removed are the whole hand pool (every coloured card, and the Ally when dealt, once; the
        black cards were counted as they came, in ``play``). Called by ``end_round``."""
        self.pool_open = False
        deck = self.deck
        missing = deck.pool_cards.difference(self.seen)
        if not missing:
            return
        names = " ".join(str(c) for c in sorted(missing, key=lambda c: c.sort_key))
        # A card played in place of a pool card (one already in the round, one not in the deck, a
        # black card too many) was reported at its trick: this follows from it (the same slip,
        # seen again at the round's end).
        follows = None
        shown = {c for c, w in self.seen.items() if w == "removed"}
        black = sum(1 for c in shown if c.colour == BLACK)
        cards = self._deck_cards
        for t in self.round.tricks:
            for _, c in t.plays:
                black += c.colour == BLACK
                if c in shown or c not in cards or black > deck.black_in_hands:
                    follows = t.line
                    break
                shown.add(c)
            if follows is not None:
                break
        # Located at the round's last trick, where the round shows itself complete.
        self.illegal(f"the round ends, but {names} {'was' if len(missing) == 1 else 'were'} neither played nor "
                     f"removed: with removed and no hands, the cards played and removed are the {self.ruleset.name} "
                     f"{self.n}-player hand pool (every coloured card{' and the Ally' if deck.ally else ''} once, and "
                     f"{deck.black_in_hands} black card{'s' if deck.black_in_hands != 1 else ''})",
                     cls=DeckError, follows=follows)

    # -- tricks ---------------------------------------------------------------------
    @property
    def tricks_per_round(self) -> int:
        return self.deck.tricks

    def start_trick(self, revealed: Sequence[Card] | None = None, line: int | None = None) -> TrickResult:
        """Reveal the prize. ``revealed``: what the log says was taken from the pile."""
        rnd = self.round
        number = len(rnd.tricks) + 1
        t = TrickResult(number, self.leader, line, self.lowest)
        self.trick = t
        rnd.tricks.append(t)
        pile = self.pile
        pile.feed = revealed  # pile.set_feed(revealed), without a call at every trick
        pile.fed = 0
        pile.feed_given = bool(revealed)
        self._order = self._orders[self.seat[self.leader]]
        self._surprise_from_hand = False
        self._lowest_from_hand = False
        self._ally_player = None
        self._unwritten = None  # a hidden prize the line leaves out (UNSEEN when nobody knows it)
        self.leader_unknown = False  # a trick line is missing just before: any player may lead
        self._reveal("the prize of this trick")
        return t

    def _reveal(self, why: str) -> None:
        """Take pile cards until there is a prize (rules.md 3.1)."""
        t = self.trick
        card = self._draw(why)
        while True:
            if card is None:
                t.centre, t.hidden = None, False
                if self.k["deck.short_pile"] == "error":
                    self.illegal("the point pile is empty (deck.short_pile = \"error\")", cls=DeckError)
                t.reasons.append(Reason("the point pile is empty: no centre card (deck.short_pile = empty_centre)",
                                        "deck.short_pile"))
                return
            if card.special is None:  # a number card: the prize (the usual case)
                t.centre, t.hidden = card, False
                return
            if card == LOWEST_CARD:
                self.lowest = True
                if self.k["lowest.reveal"] == "replace":
                    t.reasons.append(Reason("Lowest revealed: the lowest bid wins until the round ends; "
                                            "it moves aside and the next pile card is the prize", "lowest.reveal"))
                    card = self._draw("Lowest was set aside")
                    continue
                t.reasons.append(Reason("Lowest revealed: the lowest bid wins until the round ends; "
                                        "it stays as a 0-point prize", "lowest.reveal"))
                t.centre, t.hidden = card, False
                return
            if card == SURPRISE_CARD:
                t.reasons.append(Reason("Surprise revealed: the players bid for the next pile card unseen", None))
                # log.md: a burned trick whose hidden prize stays on the pile may be
                # written 'Surprise: ...' (the card was never turned over).
                hidden = self._draw("Surprise hides the next pile card",
                                    unwritten_ok=self.k["surprise.on_burn"] == "stays")
                if hidden is UNSEEN:
                    t.centre, t.hidden = None, True
                    self._unwritten = UNSEEN
                    return
                if self.pile.unwritten:
                    # Known from the log's pile, but nobody saw it: shown as unseen, the same as
                    # without a pile (the written log reads the same either way).
                    self.pile.unwritten = False
                    self._unwritten = hidden
                    t.revealed.pop()
                    t.centre, t.hidden = None, True
                    return
                if hidden is None:
                    # Surprise was the last pile card: no prize, as for an empty pile (deck.short_pile).
                    card = None
                    continue
                t.centre, t.hidden = hidden, True
                return
            t.centre, t.hidden = card, False
            return

    def _draw(self, why: str, unwritten_ok: bool = False) -> Card | None:
        pile = self.pile
        card = pile.draw(why, unwritten_ok)
        if card is UNSEEN:
            return card
        if card is not None:
            self.trick.revealed.append(card)
            if pile.unknown or card not in pile.seen:
                # A card named by the log: it must be new to the round and in the deck.
                seen = self.seen
                where = seen.get(card)
                if card not in self._deck_cards:
                    self.illegal(self.deck.why_not(card, self.options), cls=DeckError)
                elif card.colour != BLACK:
                    self.illegal(f"{card} revealed: the point pile holds only black cards", cls=DeckError)
                elif where is not None and where != "pile":
                    self.illegal(f"{card} revealed from the pile, but it is already in the round "
                                  f"({_place_text(where, card)})")
                seen[card] = "pile"
                self.pile.seen.add(card)
        return card

    def expected_player(self) -> str | None:
        t = self.trick
        return self._order[len(t.plays)] if len(t.plays) < self.n else None

    def legal_cards(self, player: str) -> list[Card]:
        return list(self.hands[player]) if self.hands is not None else []

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """A read-only snapshot of where this round's cards are (for tests and tools).

        ``hand:<p>`` (when the hands are known), ``pile`` (known pile cards, top first, then
        those put under it), ``centre`` and ``table`` (the prize and the cards played in the
        trick being played, empty between tricks) and ``held:<p>`` (black cards taken this
        round, by winning or stealing, oldest first). Cards set aside, discarded or removed
        at the deal are in none of these.
        """
        places: dict[str, tuple[Card, ...]] = {}
        if self.round is None:
            return places
        for p in self.players:
            if self.hands is not None:
                places[f"hand:{p}"] = tuple(self.hands.get(p, ()))
            places[f"held:{p}"] = taken_this_round(self.held[p], self.round.number)
        places["pile"] = tuple(self.pile.front) + tuple(self.pile.bottom)
        t = self.trick
        live = t is not None and t.next_leader is None
        places["centre"] = (t.centre,) if live and t.centre is not None else ()
        places["table"] = tuple(c for _, c in t.plays) if live else ()
        return places

    def play(self, player: str, card: Card) -> None:
        """``player`` plays ``card`` to the trick: their turn, a card of their hand (or, without
        hands, of the deck, new to the round, within the hands' black cards), then what a
        special card does (``_special``)."""
        t = self.trick
        plays = t.plays
        i = len(plays)
        try:
            expected = self._order[i]
        except IndexError:
            self.illegal(f"{player} played {card}, but every player has played this trick", player=player)
            return
        if player != expected:
            if i == 0:
                self.illegal(_wrong_leader_text(expected, self.leader_why, player), player=player)
                if player in self.seat:
                    # Follow the log's order for the rest of the trick: one error, not one per player.
                    self._order = self._orders[self.seat[player]]
            else:
                self.illegal(
                    f"{player} played in place of {expected}: after {plays[-1][0]} it is {expected}'s turn "
                    f"(clockwise from the leader {t.leader}, {self.leader_why})", player=player)
            if player in (p for p, _ in plays):
                raise _Abort()
        hands = self.hands
        if hands is not None:
            try:
                hands[player].remove(card)
            except (KeyError, ValueError):
                before = next((f" ({p} played it in trick {tr.number})" for tr in self.round.tricks[:-1]
                               for p, c in tr.plays if c == card), "")
                self.illegal(f"{player} played {card}, which is not in {player}'s hand{before}", player=player)
        else:
            if card not in self._deck_cards:
                self.illegal(self.deck.why_not(card, self.options), player=player, cls=DeckError)
            seen = self.seen
            where = seen.get(card)
            if where is None:
                seen[card] = t  # the trick it was played in: put in words only if an error names it
            else:  # a repeat keeps the first place: later repeats name the first holder
                self.illegal(f"{player} played {card}, but it is already in the round ({_place_text(where, card)})",
                             player=player)
            if card.colour == BLACK:
                self.black_played_from_hand += 1
                if self.black_played_from_hand > self.deck.black_in_hands:
                    n, deal = self.black_played_from_hand, f"the {self.ruleset.name} {self.n}-player deal"
                    gone = [str(c) for c, w in self.seen.items() if w == "removed" and c.colour == BLACK]
                    if gone:  # removed and no hands: the removed black cards came from the hand pool
                        text = (f"{player} played {card}, but {' '.join(gone)} {'is' if len(gone) == 1 else 'are'} "
                                f"removed: that makes {n} black cards of the hand pool this round, and {deal} "
                                f"puts {self.deck.black_in_hands} in the hands")
                    else:
                        text = (f"{player} played {card}: that makes {n} black cards from hands this round, but "
                                f"{deal} puts {self.deck.black_in_hands} in the hands")
                    self.illegal(text, player=player, cls=DeckError)
                    pile = self.pile
                    if not pile.given and pile.unknown:
                        pile.unknown -= 1  # taken as played: one black card fewer on the pile
        plays.append((player, card))
        if card.special is not None:
            self._special(t, player, card)

    def play_all(self, plays: Iterable[tuple[str, Card]]) -> None:
        """``play`` each (player, card) pair in turn, as a log's trick line lists them.

        A line that names the players still to play in another order gets one error for the
        trick (``_out_of_order``), and is then played as if written in order, each card with
        the player it names; anything else is ``play``'s to check, pair by pair."""
        if plays.__class__ is not tuple:
            plays = tuple(plays)
        play = self.play
        tplays = self.trick.plays
        if not tplays and tuple(map(_player_of, plays)) == self._order:
            for player, card in plays:  # in playing order, as most lines are: nothing to rearrange
                play(player, card)
            return
        n = self.n
        for k, (player, card) in enumerate(plays):
            i = len(tplays)
            if i < n and player != self._order[i]:
                rest = self._out_of_order(plays, k, i)
                if rest is not None:
                    self.play_all(rest)
                    return
            play(player, card)

    def play_trick(self, revealed: Sequence[Card] | None, plays: Iterable[tuple[str, Card]],
                   line: int | None = None, decide: Decider = DEFAULT_POLICY) -> TrickResult:
        """One trick line: ``start_trick(revealed, line)``, ``play_all(plays)``, then
        ``finish_trick(decide)``. What a log replay, a re-play under another ruleset and the
        recorder drive; a bot, which chooses each card seeing the ones before, calls the three."""
        self.start_trick(revealed, line)
        self.play_all(plays)
        return self.finish_trick(decide)

    def playing_order(self) -> tuple[str, ...]:
        """Who plays the next trick, its leader first, then clockwise (rules.md 3.2)."""
        return self._orders[self.seat[self.leader]]

    def _short_round_text(self) -> str:
        return f"round {self.round.number} has {self.logged_tricks} of {self.deck.tricks} tricks"

    def skipped_to(self, top: Card, written: Card, shown: bool = False) -> bool:
        """The log reveals ``written`` where the pile's next card is ``top``. In a round short of
        tricks where ``written`` lies further down the pile, a trick line is missing: the cards
        above it went to that trick. Then one error says so, the next trick's leader is unknown
        (that trick's winner), and True; else False (the pile reports a plain mismatch).
        ``shown``: the line itself shows the skip (the pile's rule of evidence), which the last
        round played needs: it may be unfinished, so its short count is no evidence."""
        if not (self.missing_tricks or shown) or self.missing_told or written not in self.pile.front:
            return False
        self._missing_trick_told()
        self.illegal(f"a trick line seems to be missing before this one: the pile's next card is {top}, "
                     f"but this line reveals {written}, which comes later ({self._short_round_text()})")
        self.leader_unknown = True
        return True

    def _missing_trick_told(self) -> None:
        self.missing_told = True
        self.missing_tricks = max(self.missing_tricks - 1, 0)  # 0 in the last round played

    def _out_of_order(self, plays, k: int, i: int):
        """The plays from ``plays[k]`` on, in playing order, when they are those of the players
        still to play but written in another order: one error for the trick, and checking goes
        on as if it had been written in order (each card stays with the player named). None
        when they are not (a player missing or named twice): ``play`` reports those one by one.
        """
        rest = tuple(plays)[k:]
        todo = self._order[i:]
        if len(rest) != len(todo) or sorted(p for p, _ in rest) != sorted(todo):
            return None
        player = rest[0][0]
        if i == 0 and self.leader_unknown:  # after a missing trick line: its winner leads, unknown
            self._order = self._orders[self.seat[player]]
            self.trick.leader = self.leader = player
            return rest
        if (self.missing_tricks or self.one_short) and not self.missing_told and i == 0:
            # A short round whose next line is led by someone else: a trick line is probably
            # missing before it (its winner would lead here). One error; the line's order stands.
            self._missing_trick_told()
            self.illegal(f"{_wrong_leader_text(todo[0], self.leader_why, player, fix=False)}: is a trick line "
                          f"missing before this one? ({self._short_round_text()})", player=player)
            pile = self.pile
            if not pile.given and pile.unknown:
                pile.unknown -= 1  # that line's prize: the pile does not run out a trick late
            self._order = self._orders[self.seat[player]]
            self.trick.leader = self.leader = player
            return rest
        # The wording of play()'s errors (the README shows it); the plays are then put in order.
        if i == 0:
            self.illegal(_wrong_leader_text(todo[0], self.leader_why, player), player=player)
        else:
            self.illegal(f"{player} played in place of {todo[0]}: after {self.trick.plays[-1][0]} it is "
                          f"{todo[0]}'s turn (clockwise from the leader {self.trick.leader}, {self.leader_why})",
                          player=player)
        at = {p: j for j, p in enumerate(todo)}
        return tuple(sorted(rest, key=lambda pc: at[pc[0]]))

    def _special(self, t: TrickResult, player: str, card: Card) -> None:
        """What a special card does when played from hand."""
        if card == SURPRISE_CARD:
            if self.k["surprise.from_hand"] == "replace_center":
                old = t.centre
                if old is not None:
                    if self.k["surprise.displaced"] == "bottom":
                        self.pile.put_bottom(old)
                        where = "goes to the bottom of the pile"
                    else:
                        where = "is discarded"
                    t.reasons.append(Reason(
                        f"{player} played Surprise: the centre {old} {where} (surprise.displaced) and the next "
                        "pile card is the prize at once", "surprise.from_hand"))
                    self._reveal("Surprise played from hand replaces the centre card")
                else:
                    t.reasons.append(Reason(f"{player} played Surprise, but there is no centre card to replace",
                                            "surprise.from_hand"))
            else:
                self._surprise_from_hand = True
        elif card == LOWEST_CARD and self.k["lowest.from_hand"] == "activate":
            self._lowest_from_hand = True
        elif card == ALLY_CARD:
            self._ally_player = player


_player_of = itemgetter(0)  # the player of a (player, card) pair


_BY_RULE = "game.first_leader = "  # in Game.leader_why when the first leader comes from the knob


def _first_leader_why(why: str, leader: str, number: int, n: int) -> str:
    """Why ``leader`` leads trick 1 of round ``number``, as a wrong-leader error says it: the seat
    that leads this round and the knob that says so (rules.md 4, round leaders), or the round's
    own ``leader`` key."""
    if why == "named by the log":
        return f'the round names its leader: leader = "{leader}"'
    if _BY_RULE + "rotate" in why:
        return f"seat {(number - 1) % n + 1} of players leads round {number}: {_BY_RULE}rotate"
    return f"seat 1 of players leads every round: {_BY_RULE}first_seat"


def _wrong_leader_text(leader: str, why: str, first: str, fix: bool = True) -> str:
    """A trick line led by the wrong player: who leads and why first, then what the line says,
    so the reader sees the rule before their slip. When the rule is the first leader's knob, a
    table that let someone else lead names them (``leader``, log.md)."""
    text = f"{leader} leads this trick ({why}); the line starts with {first}"
    if fix and _BY_RULE in why:
        text += f': if {first} led this round, write leader = "{first}" in its [[rounds]]'
    return text


def _place_text(where, card: Card) -> str:
    """Where ``card`` already is in the round: a place ("hand of Ana", "pile"), or the trick it
    was played in, worded only when an error names it. ``Game.seen`` keeps the trick of a played card: its
    player is the first in the trick's plays with that card, the one it was first seen with."""
    if isinstance(where, TrickResult):
        player = next(p for p, c in where.plays if c is card)
        return f"played by {player} in trick {where.number}"
    return where
