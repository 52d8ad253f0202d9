"""Shuffled, ruleset-valid deals, written as game logs with no tricks yet.

A deal follows rules.md section 2: the hand pool is the coloured cards, the
``black_in_hands`` black cards drawn at random from the black deck (specials
included) and the Ally when it is in play; each hand gets ``hand_size`` cards,
the rest of the pool is ``removed`` unseen, and the black cards left over make
the point pile, top first.

Reproducible everywhere. A round's randomness comes from
``random.Random(round_seed(seed, r))``, where the round seed is a SHA-256 of
the text ``"bids-deal:<seed>:<r>"`` (never ``hash()``, which is salted per
process). Only ``getrandbits`` is used (one call a round, cut into 64-bit words), on a
fixed list of every card of every deck (:data:`UNIVERSE`), giving each card two
random keys: one orders the
black deck (the first ``black_in_hands`` go to the hands, the rest is the pile
in that order), the other orders the hand pool (dealt in chunks of
``hand_size``: P1 gets the first chunk, and so on; the tail is removed).

Because a card's keys depend on the seed and the card only, never on the
ruleset, two rulesets with the same deck get the very same deal from the same
seed, and two decks that differ by a few cards (English adds -5 and 2x at four
players) get deals that differ only around those cards: the study compares
rulesets on common random numbers.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core.cards import (
    ALLY_CARD,
    COLOURS,
    DOUBLE_CARD,
    LOWEST_CARD,
    MAX_NUMBER,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    THIEF_CARD,
    Card,
    black_number,
    coloured,
)
from ..core.errors import LimitError, RulesetError
from ..core.i18n import Message, PluralMessage
from ..engine.replay import first_leader
from ..log.reader import beyond
from ..log.writer import log_text
from ..rules.ruleset import Deck, Ruleset, deck_for

# Every card any deck can hold, in a fixed order: the order random keys are drawn in.
UNIVERSE: tuple[Card, ...] = (
    tuple(coloured(c, n) for c in COLOURS for n in range(1, MAX_NUMBER + 1))
    + tuple(black_number(n) for n in range(1, MAX_NUMBER + 1))
    + (MINUS_FIVE_CARD, DOUBLE_CARD, LOWEST_CARD, SURPRISE_CARD, THIEF_CARD, ALLY_CARD)
)

class RoundDeal(NamedTuple):
    leader: str
    hands: dict  # player -> tuple of cards (sorted for reading)
    removed: tuple
    pile: tuple  # top first


class Deal(NamedTuple):
    ruleset: str
    players: tuple
    options: dict
    seed: int
    rounds: tuple  # of RoundDeal


def derive_seed(*parts) -> int:
    """A 63-bit seed from any parts, the same on every machine and Python version."""
    text = ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


def round_seed(seed: int, round_no: int) -> int:
    return derive_seed("bids-deal", seed, round_no)


def random_seed() -> int:
    """A fresh seed for a deal made without --seed (printed so it can be made again)."""
    return secrets.randbelow(10**12)


_WORDS = struct.Struct(f"<{2 * len(UNIVERSE)}Q")
_SORT_RANK = {c: i for i, c in enumerate(sorted(UNIVERSE, key=lambda c: c.sort_key))}
_BLACK_IDX = tuple(i for i, c in enumerate(UNIVERSE) if c.colour == "K")


class Orders(NamedTuple):
    """One round's random orders of :data:`UNIVERSE` (indices), shared by every deck."""

    black: tuple  # black cards, by their first key
    pool: tuple  # every card, by its second key


def round_orders(seed: int, round_no: int) -> Orders:
    """Two 64-bit keys per card of :data:`UNIVERSE` from one ``getrandbits`` call, as orders.

    The words are read little-endian from the low bits up: card i gets words
    2i (black order) and 2i+1 (pool order). Sorting a deck's cards by these
    keys is the same as keeping the deck's cards of these orders.
    """
    n = len(UNIVERSE)
    rng = random.Random(round_seed(seed, round_no))
    words = _WORDS.unpack(rng.getrandbits(128 * n).to_bytes(16 * n, "little"))
    black_key, pool_key = words[0::2], words[1::2]
    return Orders(tuple(sorted(_BLACK_IDX, key=black_key.__getitem__)),
                  tuple(sorted(range(n), key=pool_key.__getitem__)))


class _DeckMasks(NamedTuple):
    black: tuple  # UNIVERSE index -> in the black deck
    pool: tuple  # UNIVERSE index -> always in the hand pool (coloured cards, Ally when dealt)


_MASKS: dict = {}


def _masks(deck: Deck) -> _DeckMasks:
    m = _MASKS.get(id(deck))
    if m is None or m[0] is not deck:
        black, pool = deck.black_cards, deck.pool_cards
        m = (deck, _DeckMasks(tuple(c in black for c in UNIVERSE), tuple(c in pool for c in UNIVERSE)))
        _MASKS[id(deck)] = m
    return m[1]


def deal_round(deck: Deck, players: Sequence[str], orders: Orders, leader: str) -> RoundDeal:
    """Deal one round of ``deck`` to ``players`` (see the module docstring).

    The black deck in ``orders.black`` order: the first ``black_in_hands`` join
    the hand pool, the rest is the pile, top first. The hand pool in
    ``orders.pool`` order is dealt in chunks of ``hand_size``; the tail is removed.
    """
    masks = _masks(deck)
    k = deck.black_in_hands
    black = [UNIVERSE[i] for i in orders.black if masks.black[i]]
    in_hands = set(black[:k])
    pool_mask = masks.pool
    pool = [UNIVERSE[i] for i in orders.pool if pool_mask[i] or UNIVERSE[i] in in_hands]
    size = deck.hand_size
    rank = _SORT_RANK.__getitem__
    hands = {p: tuple(sorted(pool[i * size:(i + 1) * size], key=rank)) for i, p in enumerate(players)}
    removed = tuple(sorted(pool[len(players) * size:], key=rank))
    return RoundDeal(leader, hands, removed, tuple(black[k:]))


def default_names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(1, n + 1))


def check_fits_log(ruleset: Ruleset, players: int, deck: Deck, rounds: int) -> None:
    """Refuse a game that no log could hold (more than 20 tricks a round, 1,000 rounds): what
    bidscli writes it reads, so deal, simulate, record and study say so before they start."""
    problem = beyond(rounds, deck.tricks)
    if problem is not None:
        raise LimitError(PluralMessage("{ruleset} at {n} player: {problem}, so no log of this game could be read "
                                       "(expected a smaller deck.hand_size, game.rounds or --rounds)",
                                       "{ruleset} at {n} players: {problem}, so no log of this game could be read "
                                       "(expected a smaller deck.hand_size, game.rounds or --rounds)",
                                       players, ruleset=ruleset.name, problem=problem))


def make_deal(
    ruleset: Ruleset,
    players: Sequence[str],
    options: Mapping[str, bool] | None = None,
    *,
    rounds: int | None = None,
    seed: int = 0,
    orders: dict[int, Orders] | None = None,
) -> Deal:
    """A whole game's deal: ``rounds`` (default: the ruleset's game.rounds) fresh rounds.

    ``orders`` may be a dict shared by the deals of one seed under several
    rulesets (a study): each round's random orders are then drawn once.
    """
    players = tuple(players)
    opts = ruleset.table_options(options)
    ruleset.check_options(opts, len(players))
    deck = deck_for(ruleset, len(players), opts)
    n_rounds = ruleset.knobs["game.rounds"] if rounds is None else rounds
    if n_rounds < 1:
        raise RulesetError(PluralMessage("{n} round: a deal has at least one round (game.rounds or --rounds)",
                                         "{n} rounds: a deal has at least one round (game.rounds or --rounds)",
                                         n_rounds))
    check_fits_log(ruleset, len(players), deck, n_rounds)
    out = []
    for r in range(1, n_rounds + 1):
        if orders is None:
            o = round_orders(seed, r)
        elif (known := orders.get(r)) is not None:
            o = known
        else:
            o = orders[r] = round_orders(seed, r)
        out.append(deal_round(deck, players, o, first_leader(ruleset.knobs, players, r)[0]))
    return Deal(ruleset.name, players, opts, seed, tuple(out))


# -- a deal as a log (log.writer writes it) ----------------------------------------------


def deal_text(deal: Deal, command: str | None = None, lang: str = "en") -> str:
    """A deal as a log, its cards in the card words of ``lang`` (log.writer.log_text)."""
    header = [f"A deal of Bids made by bidscli (seed {deal.seed}): tricks = [] marks rounds not played yet."]
    if command:
        header.append(f"Made with: {command}")
    header.append("Play it with `bids simulate` or `bids record --deal` (both check the deal first),")
    header.append("or fill in the tricks by hand: `bids validate --allow-partial` checks the deal now")
    header.append("and the game as its tricks are written in.")
    return log_text(deal.ruleset, deal.players, deal.options, deal.rounds, header=header, lang=lang)


def parse_names(names: str | None, players: int | None) -> tuple[str, ...]:
    """``--names Ana,Ben,Cleo`` or P1..PN; the count must agree with --players when both are given."""
    from ..log import names as N

    if names is None:
        if players is None:
            raise ValueError(Message("give --players N or --names A,B,C"))
        return default_names(players)
    # Names as people write them (log.md 'Players'): spaces, any letters; the commas split them.
    out = tuple(N.nfc(n.strip()) for n in names.split(","))
    for n in out:
        why = N.fault(n)
        if why is not None:  # the log reader's own message for the same mistake
            raise ValueError(Message("player name '{name}' is not valid: {problem}; {rule}", name=N.shown(n),
                                     problem=why, rule=Message(N.RULE)))
    twice = [n for i, n in enumerate(out) if n in out[:i]]
    if twice:
        raise ValueError(Message("player names must be unique: '{name}' is given twice", name=N.shown(twice[0])))
    for a, b in N.same_up_to_case(out):
        raise ValueError(Message("player names '{first}' and '{second}' differ only in case: trick lines match "
                                 "names case-insensitively, so they must differ in more than case",
                                 first=N.shown(a), second=N.shown(b)))
    for alike in N.look_alike(out):
        raise ValueError(alike)
    if players is not None and players != len(out):
        raise ValueError(PluralMessage("--players {players} but {n} name", "--players {players} but {n} names",
                                       len(out), players=players))
    if not 3 <= len(out) <= 6:
        raise ValueError(PluralMessage("{n} player: Bids is for 3 to 6 players", "{n} players: Bids is for 3 to 6 players",
                                       len(out)))
    return out
