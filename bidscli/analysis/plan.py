"""The deal of a log, played under any ruleset: ``build_deal`` and ``play_deal``, which ``bids diff``,
``bids disputes`` and the attribution replay many times.

The deal (log.md "Diffing the same deal under other rulesets") is rebuilt once
from the log: seating, and per round the leader, hands, removed cards and the
point pile. A missing pile is rebuilt from the revealed cards in first
appearance order; it is then only *known for a prefix* and the engine raises
``UnknownCard`` when a ruleset needs one of the unseen cards after it (that
ruleset is "undetermined from this log" from that trick on).

Under each ruleset every player plays the card they played in the same trick
number, in the order that ruleset's leaders give. A recorded steal is kept
where it is still legal; a recorded pass, or silence where the log's own game
offered the choice, stays a pass; anything else is decided by the engine's
``default_steal_policy`` and marked as such.

Deck differences (a card the ruleset's deck does not have, rounds longer or
shorter than its deal) stop ``diff`` with a plain message, unless
``lenient=True`` (``--lenient-deck``): then the ruleset's deck is *widened*
round by round to hold the log's deal as recorded: foreign cards are played
and revealed as if they were in the deck, with their usual value, foreign pile
cards lengthen the pile, and the round length is the log's.

Disputes and the attribution replay the deal many times through
``variantcache.VariantCache``; ``play_deal`` helps it with round-boundary
checkpoints (``on_point``, ``resume``: a copy of the game, ``Game.copy``, played on
under another ruleset).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core.cards import BLACK, Card
from ..core.errors import BidsError, DeckError
from ..core.i18n import ENGLISH, Listed, Message
from ..core.worded import Joined
from ..engine.replay import (
    Decider,
    Game,
    GameResult,
    StealChoice,
    UnknownCard,
    default_steal_policy,
    round_length_message,
)
from ..log.records import GameLog, Pass, Steal
from ..rules.ruleset import (
    Deck,
    Ruleset,
    deck_for,
    load_ruleset,
)

# -- the deal ---------------------------------------------------------------------


class TrickPlan(NamedTuple):
    number: int
    line: int | None
    revealed: tuple[Card, ...]
    plays: dict  # player -> card (the first each player named plays)
    actions: tuple  # Steal | Pass as recorded
    written: tuple = ()  # the (player, card) pairs as the line lists them
    complete: bool = True  # every player at the table plays once: ``plays`` is the trick


class RoundPlan(NamedTuple):
    number: int
    line: int | None
    leader: str | None
    hands: dict | None  # as given by the log
    removed: tuple | None
    pile: tuple | None  # as given by the log (the whole pile)
    prefix: tuple  # the known top of the pile: the log's pile, or its revealed cards in first-appearance order
    tricks: tuple  # of TrickPlan
    rebuilt_hands: dict  # player -> cards played, in trick order (the log's hands when given)

    def places(self):
        """Every card of the round and where the log shows it, unformatted: (card, kind, player,
        trick), kind one of hand, removed, pile, revealed, played (player and trick None where
        they do not apply). The one walk of a round's cards: ``cards`` and ``shown`` read it."""
        if self.hands is not None:
            for p, h in self.hands.items():
                for c in h:
                    yield c, "hand", p, None
        for c in self.removed or ():
            yield c, "removed", None, None
        if self.pile is not None:
            for c in self.prefix:
                yield c, "pile", None, None
        for t in self.tricks:
            if self.pile is None:
                for c in t.revealed:
                    yield c, "revealed", None, t
            for p, c in t.plays.items():
                yield c, "played", p, t

    def cards(self):
        """Every card of the round with where the log shows it (for deck checks)."""
        for c, kind, p, t in self.places():
            if kind == "hand":
                yield c, {"player": p}, Message("in the hand of {player} of round {round}", player=p,
                                                    round=self.number)
            elif kind == "removed":
                yield c, {}, Message("removed at the deal of round {round}", round=self.number)
            elif kind == "pile":
                yield c, {}, Message("in the round's pile of round {round}", round=self.number)
            elif kind == "revealed":
                yield c, {"trick": t.number, "line": t.line}, Message(
                    "revealed in trick {trick} of round {round}", trick=t.number, round=self.number)
            else:
                yield c, {"trick": t.number, "line": t.line, "player": p}, Message(
                    "played by {player} in trick {trick} of round {round}", player=p, trick=t.number, round=self.number)

    def shown(self) -> set:
        """Every card the round shows (``places`` without where)."""
        return {c for c, _, _, _ in self.places()}


class DealPlan(NamedTuple):
    """A log's deal as every ruleset plays it: its rounds (``RoundPlan``), each trick's plays by
    player (``TrickPlan``) and recorded actions. ``sim.deal.Deal`` is a shuffled deal instead."""

    file: str
    players: tuple
    options: dict
    rounds: tuple  # of RoundPlan
    log: GameLog
    all_cards: frozenset = frozenset()  # every card the log shows (a quick deck check)

    @property
    def tricks_a_round(self) -> int:
        return max((len(r.tricks) for r in self.rounds), default=0)


def build_deal(log: GameLog, options: Mapping[str, bool] | None = None) -> DealPlan:
    """The deal of a log, with hands and pile rebuilt where the log leaves them out."""
    opts = dict(log.options)
    opts.update(options or {})
    rounds = []
    at_table = frozenset(log.players)
    for rec in log.rounds:
        tricks = []
        for t in rec.tricks:
            # A line's plays as written: a player missing or named twice is the engine's to tell
            # (``play_deal`` plays the line as written, in this ruleset's order).
            plays: dict = {}
            for p, c in t.plays:
                plays.setdefault(p, c)
            complete = len(plays) == len(t.plays) and plays.keys() == at_table
            tricks.append(TrickPlan(t.number, t.line, tuple(t.revealed), plays, tuple(t.actions), tuple(t.plays),
                                    complete))
        if rec.pile is not None:
            prefix = tuple(rec.pile)
        else:
            seen: dict = {}
            for t in rec.tricks:
                for c in t.revealed:
                    seen.setdefault(c, None)
            prefix = tuple(seen)
        if rec.hands is not None:
            rebuilt = {p: tuple(h) for p, h in rec.hands.items()}
        else:
            rebuilt = {p: tuple(t.plays[p] for t in tricks if p in t.plays) for p in log.players}
        rounds.append(RoundPlan(rec.number, rec.line, rec.leader, rec.hands, rec.removed, rec.pile, prefix,
                                tuple(tricks), rebuilt))
    shown = frozenset().union(*(r.shown() for r in rounds))
    return DealPlan(log.file, tuple(log.players), opts, tuple(rounds), log, shown)


def deal_json(deal: DealPlan) -> list[dict]:
    return [{
        "round": r.number,
        "leader": r.leader,
        "hands": {p: [str(c) for c in h] for p, h in r.rebuilt_hands.items()},
        "hands_from": "log" if r.hands is not None else "plays",
        "removed": None if r.removed is None else [str(c) for c in r.removed],
        "pile": [str(c) for c in r.prefix],
        "pile_from": "log" if r.pile is not None else "revealed cards (first appearance; the rest unseen)",
    } for r in deal.rounds]


# -- deck fit -----------------------------------------------------------------------


def deck_problems(deal: DealPlan, ruleset: Ruleset, options: Mapping[str, bool]) -> list[BidsError]:
    """Where the log's deal does not fit the ruleset's deck (one error per card, first place)."""
    n = len(deal.players)
    deck = deck_for(ruleset, n, options)
    out: list[BidsError] = []
    # Every card fits (the usual case): no card by card look, which walks every card of the log.
    if not (deal.all_cards and deal.all_cards <= deck.all_cards()):
        named: set = set()
        for r in deal.rounds:
            for c, where, text in r.cards():
                if c not in deck and c not in named:
                    named.add(c)
                    msg = Message("{why}; the log has it {where}", why=deck.not_in_deck(c, options), where=text)
                    out.append(DeckError(msg, file=deal.file, round=r.number, **({"line": r.line} | where)))
    played = [r for r in deal.rounds if r.tricks]  # deal-only rounds (tricks = []) are not short rounds
    last = played[-1].number if played else 0
    for r in played:
        wrong = round_length_message(r.number, len(r.tricks), deck.tricks, last, ruleset.name, n)
        if wrong is not None:
            out.append(DeckError(wrong, file=deal.file, line=r.line, round=r.number))
            break
    for r in deal.rounds:
        if r.pile is None and len(r.prefix) > deck.pile_size:
            out.append(DeckError(Message(
                "round {round} reveals {count} different pile cards, but the {ruleset} {players}-player point pile "
                "holds {pile}", round=r.number, count=len(r.prefix), ruleset=ruleset.name, players=n,
                pile=deck.pile_size), file=deal.file, line=r.line, round=r.number))
            break
    return out


def _by_card(text: str) -> tuple:
    return (text[0], int(text[1:]) if text[1:].isdigit() else 0, text)


def widened_deck(deck: Deck, r: RoundPlan, tricks: int,
                 shown: frozenset[Card] = frozenset()) -> tuple[Deck, list[Message]]:
    """``--lenient-deck``: the ruleset's deck stretched to hold the log's deal of one round.
    ``shown``: every card the whole log shows (``DealPlan.all_cards``); when the deck holds them all, no
    round has a foreign card and the round's cards are not walked one by one."""
    cards = deck.all_cards()
    foreign = set() if shown and shown <= cards else r.shown() - cards
    from_pile = {c for c in r.prefix if c not in cards and c.colour == BLACK}
    black_hands = sum(1 for t in r.tricks for c in t.plays.values() if c.colour == BLACK)
    if r.hands is not None:
        black_hands = max(black_hands, sum(1 for h in r.hands.values() for c in h if c.colour == BLACK))
    pile_size = len(r.pile) if r.pile is not None else max(deck.pile_size + len(from_pile), len(r.prefix))
    changes: dict[str, Any] = {}  # Deck fields
    notes = []
    if foreign:
        changes["_cards"] = cards | foreign
        notes.append(Message("round {round}: {cards} not in the {ruleset} {players}-player deck, played as recorded",
                             round=r.number, cards=Joined(sorted(foreign, key=str), ", "), ruleset=deck.ruleset,
                             players=deck.players))
    if tricks != deck.tricks:
        changes.update(tricks=tricks, hand_size=tricks)
        notes.append(Message("round {round}: {n} tricks as in the log ({ruleset} deals {tricks})", round=r.number,
                             n=tricks, ruleset=deck.ruleset, tricks=deck.tricks))
    if pile_size != deck.pile_size:
        changes["pile_size"] = pile_size
    if black_hands > deck.black_in_hands:
        changes["black_in_hands"] = black_hands
    if r.removed is not None and len(r.removed) != deck.removed:
        changes["removed"] = len(r.removed)
    if r.removed is not None and (r.hands is not None or len(r.tricks) >= tricks):
        # A deal made for a smaller deck (italian's 1-10 at five players under english's 1-12)
        # places fewer cards: the cards it has are the pool. Without hands, a complete round's
        # plays are the hands (the engine checks them against the pool: Game.pool_shown).
        held = (r.hands.values() if r.hands is not None else (t.plays.values() for t in r.tricks))
        placed = frozenset(c for h in held for c in h).union(r.removed)
        missing = deck.pool_cards - placed
        if missing:
            changes["_pool"] = deck.pool_cards & placed
            notes.append(Message("round {round}: the deal has no {cards}, which the {ruleset} {players}-player deck "
                                 "deals: played as dealt", round=r.number,
                                 cards=Joined(sorted(missing, key=lambda c: _by_card(str(c))), ", "),
                                 ruleset=deck.ruleset, players=deck.players))
    if not changes:
        return deck, []
    return deck.replace(**changes), notes


# -- one ruleset over the deal --------------------------------------------------------


class StealNote(NamedTuple):
    round: int
    trick: int
    thief: str
    text: Message  # worded when shown (English in JSON)
    steal: str | None  # what the policy did ("Ben steals K5 from Cleo") or None
    dropped: bool = False  # a recorded action dropped (no steal offered there), not a policy's choice

    def to_json(self, lang: str = ENGLISH) -> dict:
        return {"round": self.round, "trick": self.trick, "thief": self.thief, "note": self.text.text(lang),
                "steal": self.steal}


class RulesetPlay(NamedTuple):
    """One ruleset's play of the deal."""

    ruleset: Ruleset
    result: GameResult | None  # None when not playable
    error: BidsError | None  # why it is not playable
    undetermined: dict | None  # {"round", "trick", "message"}: from that trick on
    notes: list  # StealNote: policy steals, dropped recorded actions
    deck_notes: list  # --lenient-deck stretches (Messages)
    offered: frozenset  # (round, trick, thief) of every steal choice offered
    after: dict  # (round, trick) -> (round points, banked 2x bonus, Thief rights) after the trick

    @property
    def playable(self) -> bool:
        return self.result is not None

    @property
    def determined(self) -> bool:
        return self.result is not None and self.undetermined is None


class Checkpoint(NamedTuple):
    """A game stopped at a round boundary (see ``VariantCache``): ``pos`` is (round index, 0) before
    the round starts, (round index, 1) before it ends, (number of rounds, 0) before the result."""

    pos: tuple
    game: Game
    notes: list
    asked: set
    undetermined: dict | None
    base_deck: Deck
    before: dict  # the knobs read before this point, with their effective values


def start_game(deal: DealPlan, ruleset: Ruleset, *, lenient: bool = False, options: Mapping[str, bool] | None = None,
               explain: bool = True) -> tuple[Game | None, BidsError | None]:
    """The game ``play_deal`` plays, before its first round: (game, None), or (None, the error
    that makes the ruleset refuse this table or, without ``lenient``, this deal) as ``play_deal``'s
    outcome carries it."""
    opts = deal.options if options is None else options
    try:
        game = Game(ruleset, deal.players, opts, file=deal.file, explain=explain)
    except BidsError as exc:
        return None, exc.kept().located(file=deal.file)
    if not lenient:
        problems = deck_problems(deal, ruleset, game.options)
        if problems:
            return None, problems[0]
    return game, None


def play_deal(deal: DealPlan, ruleset: Ruleset, *, lenient: bool = False, offered: frozenset | None = None,
              options: Mapping[str, bool] | None = None, track: bool = True,
              on_point=None, resume: Checkpoint | None = None, memo: dict | None = None,
              explain: bool = True) -> RulesetPlay:
    """Play the deal under one ruleset; never raises a BidsError (see ``RulesetPlay``).

    ``offered``: the steal choices the log's own game offered; silence there is a
    recorded pass. ``None``: this *is* the log's game (silence is always a pass).
    ``on_point(pos, game, notes, asked, undetermined, base_deck)`` is called at every round
    boundary (see ``Checkpoint``); ``resume`` plays on from a copy of such a checkpoint.
    ``memo``: a dict kept by the caller across plays of this deal (widened decks).
    ``explain=False``: the game keeps no explanation (``Game``), for callers that read only the
    scores (the variant cache); a resumed game keeps its checkpoint's setting.
    """
    opts = deal.options if options is None else options
    deck_notes: list[Message] = []
    after: dict = {}
    start = (0, 0)
    undetermined = None
    if resume is not None:
        game = resume.game.copy(ruleset)
        notes: list[StealNote] = list(resume.notes)
        asked: set = set(resume.asked)
        base_deck = resume.base_deck
        start = resume.pos
        undetermined = resume.undetermined
    else:
        notes = []
        asked = set()
        started, error = start_game(deal, ruleset, lenient=lenient, options=opts, explain=explain)
        if started is None:  # the error says why
            return RulesetPlay(ruleset, None, error, None, notes, deck_notes, frozenset(), after)
        game = started
        base_deck = game.deck
    length = deal.tricks_a_round
    decider = _Decider(offered, notes, asked, ruleset.name)
    rounds = deal.rounds
    play_trick, playing_order = game.play_trick, game.playing_order  # looked up once, not at every trick
    deck = game.deck
    for idx in range(start[0], len(rounds)):
        r = rounds[idx]
        if lenient:
            # The round length is the log's when its rounds do not fit this deal.
            tricks = base_deck.tricks
            played = [x for x in rounds if x.tricks]
            if length > base_deck.tricks or any(len(x.tricks) < base_deck.tricks for x in played[:-1]):
                tricks = length
            key = (idx, tricks, base_deck)
            widened = memo.get(key) if memo is not None else None
            if widened is None:
                widened = widened_deck(base_deck, r, tricks, deal.all_cards)
                if memo is not None:
                    memo[key] = widened
            deck, more = widened
            deck_notes.extend(more)
        if (idx, 1) != start:
            if on_point is not None:
                on_point((idx, 0), game, notes, asked, None, base_deck)
            try:
                if r.pile is not None:
                    game.start_round(leader=r.leader, hands=r.hands, pile=r.pile, removed=r.removed, line=r.line,
                                     deck=deck)
                else:
                    unknown = max(0, deck.pile_size - len(r.prefix))
                    game.start_round(leader=r.leader, hands=r.hands, pile=r.prefix, removed=r.removed,
                                     line=r.line, pile_unknown=unknown, deck=deck)
                rs, state = game.round_state, game.state
                assert rs is not None, "start_round began a round"
                for t in r.tricks[:deck.tricks]:
                    plays = t.plays  # player -> card: played in this ruleset's order
                    decider.trick(r.number, t)
                    play_trick(None, [(p, plays[p]) for p in playing_order()] if t.complete
                               else _in_order(t.written, playing_order()), t.line, decider)
                    if track:
                        after[(r.number, t.number)] = (tuple(rs.round_points.items()),
                                                       tuple(rs.double_bonus.items()),
                                                       tuple((x.holder, x.round) for x in state.rights))
            except UnknownCard as exc:
                tn = game.trick.number if game.trick is not None else 1
                undetermined = {"round": r.number, "trick": tn, "message": exc.msg}  # worded when shown
                break
            except BidsError as exc:
                exc.kept().located(file=deal.file, round=r.number,
                                   trick=game.trick.number if game.trick is not None else None)
                return RulesetPlay(ruleset, None, exc, None, notes, deck_notes, frozenset(asked), after)
            if on_point is not None:
                on_point((idx, 1), game, notes, asked, None, base_deck)
        game.end_round()
    # An interrupted round (undetermined) stays as far as it got; the game result is still
    # built (for what is known) but must not be read as a result.
    if on_point is not None:
        on_point((len(rounds), 0), game, notes, asked, undetermined, base_deck)
    try:
        result = game.result()
    except BidsError as exc:
        return RulesetPlay(ruleset, None, exc.kept().located(file=deal.file), None, notes, deck_notes, frozenset(asked),
                       after)
    return RulesetPlay(ruleset, result, None, undetermined, notes, deck_notes, frozenset(asked), after)


def _in_order(written: tuple, order: tuple) -> list:
    """A line's (player, card) pairs in ``order``, as the engine checks them: a player named
    twice plays twice, one missing does not play (the engine says so), and a name not at the
    table comes last."""
    at = {p: i for i, p in enumerate(order)}
    return sorted(written, key=lambda pc: at.get(pc[0], len(order)))


class _Decider(Decider):
    """Answers the engine's steal choices for one trick at a time (see ``play_deal``): the
    log's recorded actions where this ruleset allows them, else the default policy, noted."""

    __slots__ = ("offered", "notes", "asked", "rname", "rnum", "t", "pending")
    has_leftovers = True
    t: TrickPlan  # the trick being answered, set by ``trick`` before any choice is asked

    def __init__(self, offered, notes: list, asked: set, rname: str):
        self.offered = offered
        self.notes = notes
        self.asked = asked
        self.rname = rname
        self.rnum = 0
        self.pending: list = []

    def trick(self, rnum: int, t: TrickPlan) -> None:
        self.rnum = rnum
        self.t = t
        self.pending = list(t.actions) if t.actions else []

    def __call__(self, choice: StealChoice):
        rnum, t, rname, pending = self.rnum, self.t, self.rname, self.pending
        self.asked.add((rnum, t.number, choice.thief))
        action = None
        for i, a in enumerate(pending):
            if a.thief == choice.thief:
                action = pending.pop(i)
                break
        must = choice.mandatory and bool(choice.victims)
        if isinstance(action, Steal):
            if choice.victims.get(action.victim) and action.card in choice.victims[action.victim]:
                return action
            if not choice.victims:
                why = Message("recorded '{action}' is not possible under {ruleset}: {why}", action=action_text(action),
                              ruleset=rname, why=choice.because)
            elif action.victim not in choice.victims:
                why = Message("recorded '{action}' is not legal under {ruleset}: the victim must be {victims} ({why})",
                              action=action_text(action), ruleset=rname, victims=Listed(list(choice.victims), "or"),
                              why=choice.because)
            else:
                why = Message("recorded '{action}' is not legal under {ruleset}: {victim} holds only {cards} to take",
                              action=action_text(action), ruleset=rname, victim=action.victim,
                              cards=Joined(choice.victims[action.victim], ", "))
        elif isinstance(action, Pass):
            if not must:
                return action
            why = Message("recorded '{action}', but the steal is mandatory under {ruleset} ({why})",
                          action=action_text(action), ruleset=rname, why=choice.because)
        else:
            if not choice.victims:
                return None
            if not must and (self.offered is None or (rnum, t.number, choice.thief) in self.offered):
                return None  # the log's own game offered this choice: silence is a pass
            why = (Message("a mandatory steal that the log's game never offered ({why})", why=choice.because) if must
                   else Message("a steal right that the log's game never offered ({why})", why=choice.because))
        steal = default_steal_policy(choice)
        done = None if steal is None else steal._replace(policy=True)
        said = (Message("{why}; default policy: {steal}", why=why, steal=action_text(done)) if done else
                Message("{why}; default policy: no card worth taking: passes", why=why))
        self.notes.append(StealNote(rnum, t.number, choice.thief, said, None if done is None else str(done)))
        return done

    def leftovers(self, referee=None, state=None) -> None:
        for a in self.pending:
            self.notes.append(StealNote(self.rnum, self.t.number, a.thief,
                                        Message("recorded '{action}' dropped: no steal is offered to {thief} here "
                                                "under {ruleset}", action=action_text(a), thief=a.thief,
                                                ruleset=self.rname), None, dropped=True))
        self.pending = []


def action_text(action: Steal | Pass) -> Message:
    """A steal or a pass as a message says it ("Ben steals K5 from Cleo", its card in the card words
    of the message's language)."""
    if isinstance(action, Pass):
        return Message("{thief} passes", thief=action.thief)
    return Message("{thief} steals {card} from {victim}", thief=action.thief, card=action.card, victim=action.victim)


# -- comparing -------------------------------------------------------------------------


def ruleset_labels(rulesets: Sequence[Ruleset], refs: Sequence[str]) -> list[str]:
    """How reports and pages name each ruleset: its name; a second ruleset of the same name, its
    path as ``shared_path`` gives it (no local folder: a page is made to be shared), else NAME#N."""
    from ..core.paths import shared_path

    labels: list[str] = []
    for rs, ref in zip(rulesets, refs):
        label = rs.name
        if label in labels:
            label = shared_path(ref)
            if label in labels:
                label = f"{rs.name}#{len(labels) + 1}"
        labels.append(label)
    return labels


def reference_play(deal: DealPlan, log: GameLog, rulesets, lenient, *, explain: bool = True,
                   track: bool = True) -> tuple[RulesetPlay | None, str | None]:
    """The log's own game, played, and the name of its ruleset: its ``offered`` are the steal
    choices it offered (silence there is a pass).

    Its outcome is also the outcome under ``offered`` = its own offered choices: every choice
    the game asks is among them, so silence is a pass at each, as it was here (``_Decider``),
    and the game plays the same. So ``bids diff`` need not play that ruleset a second time."""
    candidates = []
    if log.ruleset:
        try:
            from pathlib import Path

            candidates.append(load_ruleset(log.ruleset, base_dir=Path(log.file).parent))
        except BidsError:
            pass
    candidates.extend(rulesets)
    for rs in candidates:
        o = play_deal(deal, rs, lenient=lenient, offered=None, explain=explain, track=track)
        if o.determined and not o.notes:
            return o, rs.name
    return None, None
