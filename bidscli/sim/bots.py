"""Simulated players: named strategies, each a plain function of what one player sees.

A strategy gets its :class:`Turn` (a small frozen value: the player's hand, the
centre card unless it is hidden, the plays so far this trick, everyone's round
points, totals and won cards, the Lowest mode, the knobs and table options) and
its own ``random.Random``; it returns the card to play. It also answers steal
offers (an engine ``StealChoice``) with a ``log.Steal`` or ``None`` (pass).
Nothing else of the game is visible to it, and the same view, choice and
random state always give the same answer.

Strategies (``bids simulate --bots``, ``bids study --bots``):

``random``
    a uniformly random card of the hand; steals at random (an optional right
    half of the time).
``greedy``
    goes for points: its strongest bid when the trick is worth something (the
    prize plus the black cards on the table), its weakest card otherwise; takes
    the most valuable card when it steals.
``lucky``
    aims for lucky-loser rounds: plays a card that loses the trick as it stands
    (the strongest such card, keeping weak ones for later), sheds special cards
    and the Ally, which never win; never uses an optional steal.
``default``
    a sensible player that reads the knobs: who wins under Lowest and Color
    Bids (it asks the engine which of its cards would win now,
    ``resolution.winning_bids``), what a 2x is worth under
    ``double.scope``, when a deferred Thief right is worth using and that it
    expires (``thief.right_lasts``), and it plays for the lucky loser late in a
    round while it still qualifies (``lucky_loser.condition``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from ..core.cards import ALLY_CARD, BLACK, DOUBLE_CARD, LOWEST_CARD, THIEF_CARD, Card
from ..core.errors import LogStructureError, suggestion
from ..core.i18n import Message, PluralMessage
from ..core.sanitize import quoted
from ..engine.replay import (
    Decider,
    Game,
    GameResult,
    StealChoice,
    log_decider,
    lucky_losers,
    right_ends,
    winning_bids,
)
from ..log.records import Steal
from ..log.writer import format_trick, log_text
from ..rules.ruleset import Ruleset, deck_for
from .deal import derive_seed


class Turn(NamedTuple):
    """A bot's turn: what ``player`` can see when it must play (or decide a steal). Not the
    engine's ``View`` (``Game.view``: what a player has seen of the round, its tricks included):
    a bot reads only this, built positionally for speed."""

    player: str
    players: tuple  # seating order
    hand: tuple  # the player's cards
    centre: Card | None  # the prize, None when hidden (Surprise) or the pile ran out
    hidden: bool  # the prize is hidden (Surprise revealed)
    plays: tuple  # ((player, card), ...) so far this trick, leader first
    leader: str
    trick: int  # trick number in the round, from 1
    tricks: int  # tricks a round
    round: int  # round number, from 1
    rounds: int | None  # rounds in the game, when known
    lowest: bool  # lowest-wins mode is on
    round_points: Mapping  # player -> points this round
    totals: Mapping  # player -> banked total
    held: Mapping  # player -> ((card, round won), ...): black cards won and still held
    tricks_won: Mapping  # player -> tricks won this round
    knobs: Mapping
    options: Mapping


assert len(Turn._fields) == 18  # _view builds the tuple positionally


Play = Callable[[Turn, random.Random], Card]
StealFn = Callable[[Turn, StealChoice, random.Random], "Steal | None"]


class Bot(NamedTuple):
    name: str
    play: Play
    steal: StealFn
    doc: str


# -- reading the table ----------------------------------------------------------------


def winning_now(view: Turn, weakest_first: Sequence[Card]) -> list[Card]:
    """The cards of ``weakest_first`` (the player's bids, weakest first) that would win the trick
    as it stands, played now with nobody after: the engine's ``winning_bids`` of the trick as
    this player sees it."""
    return winning_bids(view.plays, view.player, weakest_first, view.centre, view.knobs, view.lowest,
                        view.options.get("color_bids", False), view.leader, view.players)


def card_worth(view: Turn, card: Card | None) -> int:
    """What a card is worth to whoever takes it, as this player sees it."""
    if card is None:
        return 0
    if card is DOUBLE_CARD:
        mine = view.round_points[view.player]
        if view.knobs["double.scope"] == "game":
            mine += view.totals[view.player]
        return max(mine, 0)
    if card is THIEF_CARD:
        return 4
    return card.value


def prize_worth(view: Turn) -> int:
    """The centre card's worth; a guess of 4 while a Surprise hides it."""
    c = view.centre
    if view.hidden:
        return 4
    if c is None:
        return 0
    return c.value if c.special is None else card_worth(view, c)


def trick_worth(view: Turn) -> int:
    """The prize plus the black cards played so far."""
    worth = prize_worth(view)
    for _, c in view.plays:
        if c.colour == BLACK:
            worth += c.value if c.special is None else card_worth(view, c)
    return worth


def _bid_ranks() -> tuple[dict, dict]:
    """Sort ranks of every bid card, weakest first, per mode (coloured before black on equal numbers)."""
    from .deal import UNIVERSE

    order = "RGYBK"
    high, low = {}, {}
    for c in UNIVERSE:
        if c.number is not None:
            tail = (c.colour == BLACK) * 8 + order.index(c.colour)
            high[c] = c.number * 16 + tail
            low[c] = (100 - c.number) * 16 + tail
        else:
            high[c] = low[c] = 10_000  # not a bid: after every bid
    return high, low


_RANK_HIGH, _RANK_LOW = _bid_ranks()


def bids(hand: Sequence[Card], lowest: bool) -> list[Card]:
    """The bids of a hand, weakest first (coloured before black on equal numbers)."""
    out = sorted(hand, key=(_RANK_LOW if lowest else _RANK_HIGH).__getitem__)
    if out and out[-1].number is None:  # non-bids rank last
        return [c for c in out if c.number is not None]
    return out


def non_bids(hand: Sequence[Card]) -> list[Card]:
    return [c for c in hand if c.number is None]


def _weakest(view: Turn, b: list | None = None) -> Card:
    """The cheapest card to give away: the weakest coloured bid, then black, then specials."""
    if b is None:
        b = bids(view.hand, view.lowest)
    for c in b:
        if c.colour != BLACK:
            return c
    if b:
        return b[0]
    return non_bids(view.hand)[0]


def _losing(view: Turn) -> Card:
    """A card that loses the trick as it stands: specials first, then the strongest losing bid."""
    for c in view.hand:
        if c.number is None and c is not LOWEST_CARD:
            return c
    b = bids(view.hand, view.lowest)
    if not b:
        return view.hand[0]
    win = winning_now(view, b)
    if not win:
        return b[-1] if view.plays else b[0]
    losers = [c for c in b if c not in win]
    if losers:
        # Strongest loser when someone already leads the trick; the weakest when leading.
        return losers[-1] if view.plays else losers[0]
    return b[0]


def lucky_eligible(view: Turn) -> bool:
    """Whether the player still qualifies for the lucky loser this round (the engine's
    ``lucky_losers``, lucky_loser.condition)."""
    me = view.player
    return bool(lucky_losers(view.knobs["lucky_loser.condition"], view.tricks_won, view.held, view.round, (me,)))


# -- strategies ------------------------------------------------------------------------


def random_play(view: Turn, rng: random.Random) -> Card:
    return view.hand[rng.randrange(len(view.hand))]


def random_steal(view: Turn, choice: StealChoice, rng: random.Random) -> Steal | None:
    if not choice.victims:
        return None
    if not choice.mandatory and rng.random() < 0.5:
        return None
    victims = list(choice.victims)
    victim = victims[rng.randrange(len(victims))]
    cards = choice.victims[victim]
    return Steal(choice.thief, cards[rng.randrange(len(cards))], victim)


def best_steal(view: Turn, choice: StealChoice, min_value: int = 1) -> Steal | None:
    """The most valuable card on offer; an optional right only for at least ``min_value``."""
    best = None
    for victim, cards in choice.victims.items():
        for c in cards:
            v = card_worth(view, c) if c is not DOUBLE_CARD else 0
            if best is None or v > best[0]:
                best = (v, Steal(choice.thief, c, victim))
    if best is None:
        return None
    if not choice.mandatory and best[0] < min_value:
        return None
    return best[1]


def greedy_play(view: Turn, rng: random.Random) -> Card:
    if trick_worth(view) > 0:
        b = bids(view.hand, view.lowest)
        if b:
            return b[-1]
    return _weakest(view)


def greedy_steal(view: Turn, choice: StealChoice, rng: random.Random) -> Steal | None:
    return best_steal(view, choice)


def lucky_play(view: Turn, rng: random.Random) -> Card:
    return _losing(view)


def lucky_steal(view: Turn, choice: StealChoice, rng: random.Random) -> Steal | None:
    if not choice.mandatory:
        return None
    return best_steal(view, choice)


def default_play(view: Turn, rng: random.Random) -> Card:
    # This runs for every play of every simulated game: the view's fields read once.
    (player, players, hand, centre, _, plays, leader, trick, tricks, _, _, lowest, _, _, _, _, knobs,
     options) = view
    if len(hand) == 1:
        return hand[0]
    # One pass over the table: what the trick is worth (as trick_worth).
    worth = prize_worth(view)
    for _, c in plays:
        if c.colour == BLACK:
            worth += c.value if c.special is None else card_worth(view, c)
    left = tricks - trick + 1  # tricks left in the round, this one included
    # Late in the round, a player who still qualifies plays for the lucky loser.
    if left <= 3 and worth < 10 and lucky_eligible(view):
        return _losing(view)
    if worth < 0:
        return _losing(view)
    b = bids(hand, lowest)
    if worth == 0:
        return _weakest(view, b)
    # The bids that would win now (``winning_now``, the engine's ``winning_bids``).
    win = winning_bids(plays, player, b, centre, knobs, lowest, options.get("color_bids", False), leader, players)
    if not win:
        if worth >= 6 and ALLY_CARD in hand:
            return ALLY_CARD  # join whoever takes a rich trick
        return _weakest(view, b)
    if len(plays) == len(players) - 1:
        return win[0]  # last to play: the cheapest card that wins
    # Others still to play: a rich prize deserves the strongest card, a small one a cheap try.
    return win[-1] if worth >= 7 else win[len(win) // 2]


def default_steal(view: Turn, choice: StealChoice, rng: random.Random) -> Steal | None:
    if not choice.victims:
        return None
    if choice.mandatory or choice.immediate:
        return best_steal(view, choice, min_value=1)
    # A deferred right: spend it on a rich card, or before it ends unused (the engine's right_ends).
    last_trick = view.trick >= view.tricks
    expires = right_ends(view.knobs, last_trick, last_trick and view.rounds is not None and view.round >= view.rounds)
    return best_steal(view, choice, min_value=1 if expires else 7)


BOTS: dict[str, Bot] = {
    "random": Bot("random", random_play, random_steal, "a uniformly random card; random steals"),
    "greedy": Bot("greedy", greedy_play, greedy_steal, "its strongest bid whenever the trick is worth points"),
    "lucky": Bot("lucky", lucky_play, lucky_steal, "loses every trick it can: aims for the lucky loser"),
    "default": Bot("default", default_play, default_steal,
                   "a sensible player that reads the knobs (Lowest, Color Bids, 2x, Thief timing, lucky loser)"),
}


def parse_bots(spec: str | None, players: int) -> tuple[str, ...]:
    """``a,b,c`` (one per seat) or a single name for every seat; default ``default``."""
    if spec is None or not spec.strip():
        return ("default",) * players
    names = tuple(s.strip() for s in spec.split(","))
    for n in names:
        if n not in BOTS:
            raise ValueError(Message("unknown bot '{name}'{hint}: expected {bots}", name=quoted(n, len(n)),
                                     hint=suggestion(n, BOTS), bots=", ".join(BOTS)))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(PluralMessage("{n} bot for {players} players: give one per seat or a single name",
                                       "{n} bots for {players} players: give one per seat or a single name",
                                       len(names), players=players))
    return names


# -- playing a game ----------------------------------------------------------------------


def bot_rngs(seed: int, bots: Sequence[str]) -> list[random.Random]:
    """One random stream per seat, from the seed, the seat and the strategy."""
    return [random.Random(derive_seed("bids-bot", seed, i, name)) for i, name in enumerate(bots)]


def _table(game: Game, rounds: int | None, knobs: Mapping, options: Mapping, totals: Mapping) -> tuple:
    """The public state of the trick as it stands, shared by every view of it: the tail of a
    Turn (from ``leader`` on), the same for every player. ``totals``: the banked totals, which
    change only between rounds (a read-only copy made once a round)."""
    t = game.trick_state
    rs, state = game.round_state, game.state
    assert t is not None and rs is not None, "a view is asked for during a trick"
    return (
        t.leader, t.number, game.setup.deck.tricks, rs.result.number, rounds, rs.lowest,
        MappingProxyType(rs.round_points.copy()), totals,
        MappingProxyType({p: tuple(h) for p, h in state.held.items()}),
        MappingProxyType(rs.tricks_won.copy()), knobs, options,
    )


_new_view = tuple.__new__  # Turn(...) without the keyword machinery: views are made in the hot loop


def _view(game: Game, player: str, table: tuple) -> Turn:
    t, rs = game.trick_state, game.round_state
    assert t is not None and rs is not None and rs.hands is not None, "a bot plays a dealt round's trick"
    hidden = t.hidden
    return _new_view(Turn, (player, game.setup.players, tuple(rs.hands[player]),
                            None if hidden else t.centre, hidden, tuple(t.plays)) + table)


def play_game(
    ruleset: Ruleset,
    players: Sequence[str],
    options: Mapping[str, bool],
    rounds: Sequence,
    bots: Sequence[str],
    seed: int,
    *,
    record: bool = False,
    file: str | None = None,
    lang: str = "en",
    lang_of_log: str = "en",
    explain: bool = True,
) -> tuple[GameResult, list[list[str]]]:
    """Play a deal with bots: one seat per bot, in seating order.

    ``rounds`` holds the deal of each round (``leader``, ``hands``, ``pile``,
    ``removed``; an optional ``tricks`` of already played ``TrickRecord`` lines
    is replayed first, the bots play the rest). Returns the result and, with
    ``record``, each round's trick lines (log.writer.format_trick, steals included), in the card
    words of ``lang``; a line already played is kept as written when the deal's card words
    (``lang_of_log``) are the same, else written again in ``lang``'s. ``explain=False``: the result
    keeps no explanations nor running standings (``Game``), for a caller that reads only the
    scores (a study).
    """
    game = Game(ruleset, players, options, file=file, explain=explain)
    strategies = [BOTS[b] for b in bots]
    rngs = bot_rngs(seed, bots)
    seat_of = {p: i for i, p in enumerate(game.players)}
    knobs = ruleset.knobs
    opts = MappingProxyType(dict(game.options))
    n_rounds = len(rounds)
    n = game.n
    seats = game.players
    plays = [s.play for s in strategies]
    gplay = game.play

    def bot_steal(choice: StealChoice):
        # Steals come after the award: a fresh table shows the points and cards as they are now.
        i = seat_of[choice.thief]
        view = _view(game, choice.thief, _table(game, n_rounds, knobs, opts, totals))
        return strategies[i].steal(view, choice, rngs[i])

    decide = Decider(bot_steal)  # each thief's bot answers its steal
    totals: Mapping[str, int] = MappingProxyType({})  # the banked totals of the round being played

    lines: list[list[str]] = []
    for rd in rounds:
        if rd.hands is None or rd.pile is None:
            raise LogStructureError(Message("a deal needs hands and pile in every round (as `bids deal` writes "
                                            "them)"),
                            file=file, round=len(game.rounds) + 1, line=getattr(rd, "line", None))
        game.start_round(leader=rd.leader, hands=rd.hands, pile=rd.pile, removed=rd.removed,
                         line=getattr(rd, "line", None))
        out: list[str] = []
        done = list(getattr(rd, "tricks", ()) or ())
        for trec in done[: game.tricks_per_round]:
            game.play_trick(trec.revealed, trec.plays, trec.line, log_decider(trec.actions))
            out.append(trec.text if lang == lang_of_log else format_trick(trec.revealed, trec.plays, trec.actions, lang))
        totals = MappingProxyType(game.state.totals.copy())
        hands = game.round_state.hands if game.round_state is not None else None
        assert hands is not None, "a dealt round: the bots play from their hands"
        for _ in range(game.tricks_per_round - len(out)):
            t = game.start_trick()
            rest = _table(game, n_rounds, knobs, opts, totals)
            table_plays = t.plays
            first = seat_of[t.leader]
            for k in range(first, first + n):
                i = k % n
                p = seats[i]
                # Each player's view, as _view builds it (the prize read at each play: a Surprise
                # from hand may replace it).
                hidden = t.hidden
                view = _new_view(Turn, (p, seats, tuple(hands[p]), None if hidden else t.centre, hidden,
                                        tuple(table_plays)) + rest)
                gplay(p, plays[i](view, rngs[i]))

            game.finish_trick()
            game.decide_steals(decide)
            if record:
                out.append(format_trick(t.written, t.plays, t.steals, lang))
        game.end_round()
        lines.append(out)
    return game.result(), lines


class _PlayedRound(NamedTuple):
    leader: str | None
    hands: dict | None
    removed: tuple | None
    pile: tuple | None
    tricks: list


def simulate_log(log, ruleset: Ruleset, ruleset_ref: str | None, options: Mapping[str, bool],
                 bots: Sequence[str], seed: int, command: str | None = None,
                 lang: str | None = None) -> tuple[str, GameResult]:
    """Play a deal log (``bids deal``) with bots; returns the full log text and the result. The
    log is written in the card words of ``lang``, by default the deal's own (its ``lang``)."""
    lang = lang or log.lang
    from .deal import check_fits_log

    opts = dict(log.options)
    opts.update(options)
    check_fits_log(ruleset, len(log.players), deck_for(ruleset, len(log.players), ruleset.table_options(opts)),
                   len(log.rounds))
    result, lines = play_game(ruleset, log.players, opts, log.rounds, bots, seed, record=True, file=log.file,
                              lang=lang, lang_of_log=log.lang)
    played = [_PlayedRound(rd.leader or result.rounds[i].leader, rd.hands, rd.removed, rd.pile, lines[i])
              for i, rd in enumerate(log.rounds)]
    header = [f"Played by bidscli bots ({', '.join(f'{p}={b}' for p, b in zip(log.players, bots))}; seed {seed})"
              f" under {ruleset.name}."]
    if command:
        header.append(f"Made with: {command}")
    full_opts = {k: bool(opts.get(k, False)) for k in sorted(set(opts) | set(ruleset.options))}
    ref = ruleset_ref if ruleset_ref is not None else log.ruleset
    return log_text(ref, log.players, full_opts, played, header=header, lang=lang), result
