"""What the engine offers players that search ahead, the table app and the bots (``engine.Game``):
what a player may play now, a copy that plays on alone at any point (mid-trick, steals still to
answer, under another ruleset), a steal as a decision the caller answers, what one player has
seen, an index of the deck's cards, and whether the game is over."""

from __future__ import annotations

import pytest

from bidscli.core.cards import Card
from bidscli.engine.replay import Decider, Game, default_steal_policy
from bidscli.log.records import Pass, Steal
from bidscli.rules.ruleset import load_ruleset

P3 = ["Ana", "Ben", "Cleo"]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def dealt(ruleset: str = "english", options=None) -> Game:
    """A 3-player game whose first round is dealt from the deck in order (hands, pile, removed)."""
    game = Game(load_ruleset(ruleset), P3, options or {})
    deck = game.deck
    pool = sorted(deck.pool_cards, key=lambda c: c.sort_key)
    black = sorted(deck.black_deck, key=lambda c: c.sort_key)
    in_hands, pile = black[:deck.black_in_hands], black[deck.black_in_hands:]
    pool = sorted(set(pool) | set(in_hands), key=lambda c: c.sort_key)
    size = deck.hand_size
    hands = {p: pool[i * size:(i + 1) * size] for i, p in enumerate(P3)}
    game.start_round(hands=hands, pile=pile, removed=pool[3 * size:])
    return game


def test_a_copy_mid_trick_plays_on_alone():
    game = dealt()
    game.start_trick()
    first = game.expected_player()
    game.play(first, game.legal_cards(first)[0])
    before = game.card_places()
    twin = game.copy()
    assert twin.card_places() == before
    while (p := twin.expected_player()) is not None:
        twin.play(p, twin.legal_cards(p)[-1])
    twin.finish_trick()
    twin.decide_steals(Decider())
    twin.end_round(partial=True)
    assert game.card_places() == before  # the original's trick, hands and pile are as they were
    assert len(game.round.tricks[-1].plays) == 1 and game.trick.winner is None
    while (p := game.expected_player()) is not None:
        game.play(p, game.legal_cards(p)[0])
    t = game.finish_trick()
    assert len(t.plays) == 3 and t.reason and twin.trick is None


def test_legal_cards_are_the_hand_of_the_player_to_play_and_nothing_else():
    game = dealt()
    game.start_trick()
    leader = game.expected_player()
    others = [p for p in P3 if p != leader]
    assert game.legal_cards(leader) == game.cards_of(leader) and len(game.cards_of(leader)) == game.deck.hand_size
    assert all(game.legal_cards(p) == [] for p in others)


def test_without_hands_the_cards_a_player_may_hold_are_those_unseen_this_round():
    game = Game(load_ruleset("english"), P3, {})
    game.start_round()
    game.start_trick(cards("K5"))
    game.play("Ana", Card.parse("R5"))
    left = game.cards_of("Ben")
    assert Card.parse("R5") not in left and Card.parse("K5") not in left and Card.parse("R6") in left
    assert left == sorted(left, key=lambda c: c.sort_key) and game.legal_cards("Ben") == left


def test_a_steal_is_an_offer_the_caller_answers():
    # Deferred Thief (english): Ana takes the Thief in trick 1; at the end of trick 2 her right is
    # offered, with the weakest bidder's cards to take.
    game = Game(load_ruleset("english"), P3, {"thief": True})
    game.start_round()
    game.play_trick(cards("Thief"), [("Ana", Card.parse("R9")), ("Ben", Card.parse("G2")),
                                     ("Cleo", Card.parse("Y3"))])
    game.start_trick(cards("K7"))
    for p, c in [("Ana", "R1"), ("Ben", "G9"), ("Cleo", "Y8")]:
        game.play(p, Card.parse(c))
    t = game.finish_trick()
    assert t.winner == "Ben" and t.next_leader is None  # not over: a steal waits
    offer = game.steal_offer()
    assert offer.thief == "Ana" and not offer.mandatory
    assert offer.victims == {} and "Ana made the weakest bid" in offer.because.text("en")
    with pytest.raises(RuntimeError):
        game.start_trick()
    branch = game.copy()  # a search branches on the decision
    branch.answer_steal(Pass("Ana"))
    assert branch.steal_offer() is None and branch.trick.next_leader == "Ben"
    assert game.steal_offer() == offer  # the original still waits
    game.answer_steal(None)
    assert game.trick.next_leader == "Ben" and game.state.rights  # the right is kept


def test_an_immediate_thief_is_offered_the_weakest_bidders_cards():
    game = Game(load_ruleset("italian"), P3, {"thief": True})
    game.start_round()
    game.play_trick(cards("K8"), [("Ana", Card.parse("R2")), ("Ben", Card.parse("G9")), ("Cleo", Card.parse("Y3"))])
    game.start_trick(cards("Thief"))
    for p, c in [("Ben", "G1"), ("Cleo", "Y9"), ("Ana", "R3")]:
        game.play(p, Card.parse(c))
    game.finish_trick()
    offer = game.steal_offer()
    assert offer.thief == "Cleo" and offer.immediate and offer.victims == {"Ben": (Card.parse("K8"),)}
    game.answer_steal(default_steal_policy(offer))
    assert game.steal_offer() is None and [str(s) for s in game.trick.steals] == ["Cleo steals K8 from Ben"]
    assert game.round_state.round_points == {"Ana": 0, "Ben": 0, "Cleo": 8}


def test_a_steal_that_breaks_a_rule_is_an_error_and_moves_nothing():
    errors = []
    game = Game(load_ruleset("italian"), P3, {"thief": True}, on_error=errors.append)
    game.start_round()
    game.play_trick(cards("K8"), [("Ana", Card.parse("R2")), ("Ben", Card.parse("G9")), ("Cleo", Card.parse("Y3"))])
    game.start_trick(cards("Thief"))
    for p, c in [("Ben", "G1"), ("Cleo", "Y9"), ("Ana", "R3")]:
        game.play(p, Card.parse(c))
    game.finish_trick()
    game.answer_steal(Steal("Cleo", Card.parse("K8"), "Ana"))
    assert [e.message for e in errors] == [
        "Cleo steals from Ana, but the victim must be Ben (weakest bid 1 by Ben (thief.pool = round))"]
    assert game.round_state.round_points["Cleo"] == 0 and game.trick.steals == []


def test_what_one_player_has_seen():
    game = Game(load_ruleset("english"), P3, {"surprise": True})
    game.start_round()
    game.play_trick(cards("K5"), [("Ana", Card.parse("R9")), ("Ben", Card.parse("G2")), ("Cleo", Card.parse("Y3"))])
    game.start_trick(cards("Surprise K9"))
    game.play("Ana", Card.parse("R1"))
    seen = game.view("Ben")
    assert seen.player == "Ben" and seen.hand is None and seen.round == 1 and seen.trick == 2
    assert seen.table.hidden and seen.table.centre is None and Card.parse("K9") not in seen.table.revealed
    assert seen.table.plays == (("Ana", Card.parse("R1")),) and seen.to_play == "Ben"
    assert [t.winner for t in seen.history] == ["Ana"] and seen.history[0].taken == (Card.parse("K5"),)
    assert seen.round_points == {"Ana": 5, "Ben": 0, "Cleo": 0} and seen.held["Ana"] == (Card.parse("K5"),)


def test_each_card_of_the_deck_has_an_index():
    game = Game(load_ruleset("english"), ["Ana", "Ben", "Cleo", "Dev"], {"ally": True})
    index = game.card_index()
    assert set(index) == set(game.deck.all_cards()) and sorted(index.values()) == list(range(len(index)))


def test_the_game_is_over_when_its_rounds_are_played():
    game = dealt()
    assert not game.is_over(1)
    for _ in range(game.tricks_per_round):
        game.start_trick()
        while (p := game.expected_player()) is not None:
            game.play(p, game.legal_cards(p)[0])
        game.finish_trick()
        game.decide_steals(Decider())
    assert not game.is_over(1)  # the round is not scored yet
    game.end_round()
    assert game.is_over(1) and not game.is_over(2)


def test_a_what_if_copy_plays_on_under_another_ruleset():
    # Lowest revealed at once: under english (replace) the next card is the prize; the copy made
    # before the trick plays it under the same ruleset with lowest.reveal = prize.
    stays = load_ruleset("english").with_knobs({"lowest.reveal": "prize"}, origin="test")
    game = Game(load_ruleset("english"), P3, {"lowest": True})
    game.start_round()
    twin = game.copy(stays)
    game.play_trick(cards("Lowest K5"), [("Ana", Card.parse("R9")), ("Ben", Card.parse("G2")),
                                         ("Cleo", Card.parse("Y3"))])
    twin.play_trick(cards("Lowest"), [("Ana", Card.parse("R9")), ("Ben", Card.parse("G2")),
                                      ("Cleo", Card.parse("Y3"))])
    assert (game.trick.winner, game.trick.centre) == ("Ben", Card.parse("K5"))
    assert (twin.trick.winner, twin.trick.centre) == ("Ben", Card.parse("Lowest"))
    assert game.ruleset.name == twin.ruleset.name and twin.ruleset.knobs["lowest.reveal"] == "prize"
