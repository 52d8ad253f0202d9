"""Property tests: random deals and random legal play under random knobs and options.

For 3-6 players under each bundled ruleset (with random knob overrides and table
options), a game is dealt from a hypothesis-drawn seed and played with uniformly
random legal cards through ``engine.Game``; steals are made by the default policy
or at random. Then:

(a) every card of the round is in exactly one place at every step (hands, pile,
    centre, table, held by a player, out: discarded or set aside, removed);
(b) the points of each round equal the values of the black cards each player
    took, moved by steals, doubled by 2x, split by the Ally, plus lucky-loser
    points, and the totals add up (an independent model of the scoring);
(c) a log written from the game replays to the same result, with and without
    the deal written in it, and validates without error;
(d) the same input gives the same output.

The default hypothesis profile is small; ``make fuzz`` runs many more examples.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import tomli_w
from hypothesis import given, note
from hypothesis import strategies as st

from bidscli.core.cards import ALLY_CARD, DOUBLE_CARD, MINUS_FIVE_CARD, Card
from bidscli.engine.replay import (
    Decider,
    Game,
    StealChoice,
    default_steal_policy,
    replay,
)
from bidscli.log.reader import read_log_text
from bidscli.log.records import Pass, Steal
from bidscli.log.writer import format_trick
from bidscli.report import render as report
from bidscli.rules.knobs import KNOBS, TABLE_OPTIONS
from bidscli.rules.ruleset import BUNDLED, deck_for, load_ruleset

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eva", "Finn")
# Knobs with a choice of values that a table may set; deck sizes stay as the ruleset says.
FREE_KNOBS = sorted(
    name for name, k in KNOBS.items()
    if k.kind in ("choice", "bool") and not name.startswith("deck.") and (k.kind == "bool" or len(k.choices) > 1)
)


class Setup(NamedTuple):
    ruleset: object
    base: str
    knobs: dict
    players: tuple
    options: dict
    rounds: int
    seed: int
    steals: str  # "policy" or "random"

    def __repr__(self) -> str:
        return (f"Setup({self.base!r}, knobs={self.knobs!r}, players={len(self.players)}, options={self.options!r}, "
                f"rounds={self.rounds}, seed={self.seed}, steals={self.steals!r})")


@st.composite
def setups(draw):
    base = draw(st.sampled_from(BUNDLED))
    n = draw(st.integers(3, 6))
    knobs = {}
    for name in draw(st.lists(st.sampled_from(FREE_KNOBS), max_size=10, unique=True)):
        k = KNOBS[name]
        knobs[name] = draw(st.booleans()) if k.kind == "bool" else draw(st.sampled_from(k.choices))
    rs = load_ruleset(base)
    if knobs:
        rs = rs.with_knobs(knobs, origin="property test")
    options = {o: draw(st.booleans()) for o in TABLE_OPTIONS}
    if options["ally"] and n not in rs.knobs["deck.ally_allowed"] and n not in rs.knobs["deck.ally_always"]:
        options["ally"] = False
    if options["thief"] and options["color_bids"] and rs.knobs["thief.with_color_bids"] == "refuse":
        options["color_bids"] = False
    return Setup(rs, base, knobs, NAMES[:n], options, draw(st.integers(1, 3)),
                 draw(st.integers(0, 2**32 - 1)), draw(st.sampled_from(["policy", "random"])))


def deal(deck, players, rng):
    black = list(deck.black_deck)
    rng.shuffle(black)
    in_hands, pile = black[:deck.black_in_hands], black[deck.black_in_hands:]
    pool = deck.coloured_cards() + in_hands + ([ALLY_CARD] if deck.ally else [])
    rng.shuffle(pool)
    h = deck.hand_size
    hands = {p: pool[i * h:(i + 1) * h] for i, p in enumerate(players)}
    return hands, pool[len(players) * h:], pile


class Held(NamedTuple):
    card: Card
    round: int
    physical: bool  # a card of this round's deal (not a card of an earlier round stolen now)


class Played(NamedTuple):
    result: object
    rounds: list  # per round: dict(leader, hands, removed, pile, tricks=[(revealed, plays, actions)])
    checked: int  # place checks made


def check_places(game, universe, out, removed, sim, rnum, live_trick=None):
    """(a): each card of the round in exactly one place."""
    places = game.card_places()
    where: dict = {}
    for name, cards in places.items():
        if name.startswith("held:"):
            p = name[5:]
            # The engine's held cards of this round are the model's, in the same order.
            assert list(cards) == [h.card for h in sim[p] if h.round == rnum], (name, cards, sim[p])
            cards = [h.card for h in sim[p] if h.round == rnum and h.physical]
        for c in cards:
            where.setdefault(c, []).append(name)
    for c in out:
        where.setdefault(c, []).append("out")
    for c in removed:
        where.setdefault(c, []).append("removed")
    twice = {str(c): w for c, w in where.items() if len(w) > 1}
    assert not twice, f"cards in two places: {twice}"
    assert set(where) <= universe, f"cards not in the deck: {set(where) - universe}"
    missing = universe - set(where)
    if live_trick is not None:
        missing -= set(live_trick.revealed)  # set aside during the trick (Lowest, Surprise, displaced)
    assert not missing, f"cards in no place: {sorted(map(str, missing))}"


def play(setup: Setup, check: bool = True) -> Played:
    rng = random.Random(setup.seed)
    rs, players = setup.ruleset, setup.players
    game = Game(rs, players, setup.options)
    deck = deck_for(rs, len(players), game.options)
    universe = set(deck.all_cards())
    sim = {p: [] for p in players}
    rounds, checked = [], 0
    for rnum in range(1, setup.rounds + 1):
        hands, removed, pile = deal(deck, players, rng)
        leader = rng.choice(list(players) + [None])
        game.start_round(leader=leader, hands=hands, pile=pile, removed=removed)
        rec = {"leader": leader, "hands": hands, "removed": removed, "pile": pile, "tricks": []}
        rounds.append(rec)
        out: set = set()
        if check:
            check_places(game, universe, out, removed, sim, rnum)
            checked += 1
        for _ in range(game.tricks_per_round):
            t = game.start_trick()
            while (p := game.expected_player()) is not None:
                game.play(p, rng.choice(game.legal_cards(p)))
                if check:
                    check_places(game, universe, out, removed, sim, rnum, live_trick=t)
                    checked += 1
            actions = []

            def decide(choice: StealChoice):
                if setup.steals == "policy":
                    action = default_steal_policy(choice)
                elif choice.victims and (choice.mandatory or rng.random() < 0.7):
                    victim = rng.choice(sorted(choice.victims))
                    action = Steal(choice.thief, rng.choice(choice.victims[victim]), victim)
                elif choice.victims:
                    action = Pass(choice.thief)
                else:
                    action = None
                if action is not None:
                    actions.append(action)
                return action

            game.finish_trick()
            game.decide_steals(Decider(decide))
            # The model: the winner takes t.taken; steals move the most recent matching card.
            if t.winner is not None:
                sim[t.winner].extend(Held(c, rnum, True) for c in t.taken)
            for s in t.steals:
                held = sim[s.victim]
                idx = max(i for i, h in enumerate(held) if h.card == s.card)
                h = held.pop(idx)
                sim[s.thief].append(Held(s.card, rnum, h.physical and h.round == rnum))
            pile_now = set(game.card_places()["pile"])
            out |= (set(t.revealed) | {c for _, c in t.plays}) - set(t.taken) - pile_now
            rec["tricks"].append((list(t.revealed), list(t.plays), actions))
            if check:
                check_places(game, universe, out, removed, sim, rnum)
                checked += 1
        game.end_round()
    return Played(game.result(), rounds, checked)


def expected_scores(setup: Setup, result) -> None:
    """(b): an independent model of the scoring, trick by trick and round by round."""
    k = setup.ruleset.knobs
    players = setup.players
    n = len(players)
    totals = {p: 0 for p in players}
    lucky_count = {p: 0 for p in players}
    m5 = {p: 0 for p in players}
    sim = {p: [] for p in players}  # (card, round)
    for rnd in result.rounds:
        rnum = rnd.number
        rp = {p: 0 for p in players}
        dbl = {p: 0 for p in players}
        won = {p: 0 for p in players}
        allies = []
        doubled = False
        old_stolen = {p: 0 for p in players}
        for t in rnd.tricks:
            if t.winner is not None:
                w = t.winner
                pts = sum(c.value for c in t.taken)
                assert t.points == pts
                won[w] += 1
                if DOUBLE_CARD in t.taken:
                    doubled = True
                    if k["double.includes_trick"]:
                        rp[w] = (rp[w] + pts) * 2
                    else:
                        rp[w] = rp[w] * 2 + pts
                    if k["double.scope"] == "game":
                        dbl[w] += totals[w]
                else:
                    rp[w] += pts
                if MINUS_FIVE_CARD in t.taken:
                    m5[w] += 1
                sim[w].extend((c, rnum) for c in t.taken)
                if any(c == ALLY_CARD for _, c in t.plays):
                    ally = next(p for p, c in t.plays if c == ALLY_CARD)
                    allies = [ally, w]
            else:
                assert t.points == 0 and not t.taken
            for s in t.steals:
                assert s.value == s.card.value
                rp[s.victim] -= s.value
                rp[s.thief] += s.value
                idx = max(i for i, (c, _) in enumerate(sim[s.victim]) if c == s.card)
                c, r = sim[s.victim].pop(idx)
                if r != rnum:
                    old_stolen[s.victim] += s.value
                sim[s.thief].append((c, rnum))
            assert t.running == rp, (rnum, t.number, t.running, rp)
        if not doubled:
            # The round's points are the black cards each player holds from this round, less
            # the cards of earlier rounds stolen from them now.
            for p in players:
                assert rp[p] == sum(c.value for c, r in sim[p] if r == rnum) - old_stolen[p]
        assert dict(rnd.round_points) == rp
        final = dict(rp)
        lucky = {}
        if not rnd.partial:
            def is_lucky(p):
                if k["lucky_loser.condition"] == "no_tricks":
                    return won[p] == 0
                return not any(r == rnum for _, r in sim[p])

            base = k["lucky_loser.points"][n]
            for p in players:
                if is_lucky(p):
                    lucky_count[p] += 1
                    lucky[p] = base * lucky_count[p] if k["lucky_loser.progression"] == "progressive" else base
            if k["lucky_loser.shared_with_ally"]:
                for p, v in lucky.items():
                    final[p] += v
            if allies:  # an Ally player who wins the trick allies with themself: a no-op split
                a, b = allies
                s = final[a] + final[b]
                final[a] = final[b] = s // 2 if k["ally.rounding"] == "floor" else -(-s // 2)
            if not k["lucky_loser.shared_with_ally"]:
                for p, v in lucky.items():
                    final[p] += v
        assert dict(rnd.lucky_losers) == lucky, (rnum, rnd.lucky_losers, lucky)
        assert list(rnd.allies) == (allies if not rnd.partial else [])
        for p in players:
            final[p] += dbl[p]
            totals[p] += final[p]
        assert dict(rnd.scores) == final, (rnum, rnd.scores, final)
    bonuses = {p: 0 for p in players}
    if setup.options.get("minus_five"):
        pts = k["minus_five.points"]
        if k["minus_five.bonus"] == "threshold":
            bonuses = {p: pts if m5[p] >= k["minus_five.threshold"] else 0 for p in players}
        elif max(m5.values()) > 0:
            top = [p for p in players if m5[p] == max(m5.values())]
            share = pts // len(top) if k["minus_five.rounding"] == "floor" else -(-pts // len(top))
            bonuses.update({p: share for p in top})
    assert dict(result.minus_five_wins) == m5
    assert dict(result.bonuses) == bonuses
    assert dict(result.totals) == {p: totals[p] + bonuses[p] for p in players}
    assert sum(result.totals.values()) == sum(sum(r.scores.values()) for r in result.rounds) + sum(bonuses.values())


def log_of(setup: Setup, played: Played, with_deal: bool) -> str:
    doc = {"ruleset": setup.base, "players": list(setup.players),
           "options": {k: bool(v) for k, v in setup.options.items()}, "rounds": []}
    for rec in played.rounds:
        rnd = {"leader": rec["leader"]} if rec["leader"] else {}
        if with_deal:
            rnd["hands"] = {p: [str(c) for c in h] for p, h in rec["hands"].items()}
            rnd["removed"] = [str(c) for c in rec["removed"]]
            rnd["pile"] = [str(c) for c in rec["pile"]]
        rnd["tricks"] = [format_trick(rev, plays, actions) for rev, plays, actions in rec["tricks"]]
        doc["rounds"].append(rnd)
    return tomli_w.dumps(doc)


def result_doc(setup: Setup, result) -> dict:
    return report.result_json("game.toml", setup.ruleset, result)


@given(setups())
def test_property_every_card_in_one_place(case_counter, setup):
    note(repr(setup))
    played = play(setup)
    assert played.checked > 0
    case_counter["property: card places (games)"] += 1
    case_counter["property: card places (checks)"] += played.checked


@given(setups())
def test_property_points_follow_the_cards(case_counter, setup):
    note(repr(setup))
    expected_scores(setup, play(setup, check=False).result)
    case_counter["property: points follow the cards"] += 1


@given(setups(), st.booleans())
def test_property_replaying_the_written_log_gives_the_same_result(case_counter, setup, with_deal):
    note(repr(setup))
    played = play(setup, check=False)
    text = log_of(setup, played, with_deal)
    note(text)
    log, errors = read_log_text(text, "game.toml")
    assert not errors, [str(e) for e in errors]
    found: list = []
    again = replay(log, setup.ruleset, {}, collect=found, allow_partial=False)
    assert not found, [str(e) for e in found]
    assert result_doc(setup, again) == result_doc(setup, played.result)
    case_counter["property: log round trip"] += 1


@given(setups())
def test_property_same_input_same_output(case_counter, setup):
    a, b = play(setup, check=False), play(setup, check=False)
    assert result_doc(setup, a.result) == result_doc(setup, b.result)
    text = log_of(setup, a, True)
    assert text == log_of(setup, b, True)
    docs = []
    for _ in range(2):
        log, _ = read_log_text(text, "game.toml")
        docs.append(result_doc(setup, replay(log, setup.ruleset, {})))
    assert docs[0] == docs[1]
    case_counter["property: deterministic"] += 1


def test_regression_steal_takes_this_rounds_card_not_an_earlier_rounds_twin(case_counter):
    # Found by the property: Cleo won K3 in round 1 and again in round 2; the Italian Thief
    # (thief.pool = round) stole this round's K3, but the engine removed round 1's entry,
    # so Cleo still "held" K3 this round (twice in play; lucky loser and later steals wrong).
    rs = load_ruleset("italian")
    options = {o: o in ("surprise", "thief") for o in TABLE_OPTIONS}
    setup = Setup(rs, "italian", {}, NAMES[:3], options, 2, 0, "policy")
    played = play(setup)
    expected_scores(setup, played.result)
    case_counter["property: regression games"] += 1
