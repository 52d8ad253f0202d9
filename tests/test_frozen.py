"""Ruleset, Deck and Knob are frozen values: compared and hashed by value, immutable, copied with
``replace`` (a replaced deck makes its own card sets) and picklable (a study sends rulesets to
its workers)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from types import MappingProxyType

import pytest

from bidscli.core.cards import Card
from bidscli.rules.knobs import KNOBS, PLAYER_COUNTS
from bidscli.rules.ruleset import BUNDLED, Ruleset, deck_for, load_ruleset


def _rulesets() -> list[Ruleset]:
    out = [load_ruleset(name) for name in BUNDLED]
    return out + [out[0].with_knobs({"thief.timing": "deferred"}), Ruleset("a", "b", "c", "d", {}, {}, {})]


def test_values_are_immutable():
    deck = deck_for(load_ruleset("english"), 4, {})
    for value in (next(iter(KNOBS.values())), _rulesets()[0], deck):
        for f in dataclasses.fields(value):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(value, f.name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(value, f.name)
        assert not hasattr(value, "__dict__")  # slots


def test_equal_values_are_equal_and_hash_alike():
    assert load_ruleset("italian") == load_ruleset("italian") and load_ruleset("italian") != load_ruleset("english")
    assert len({hash(k) for k in KNOBS.values()}) == len(KNOBS)
    with pytest.raises(TypeError):  # a loaded ruleset's knobs are a read-only mapping, not hashable
        hash(load_ruleset("english"))
    decks = [deck_for(rs, n, {}) for rs in _rulesets()[:3] for n in PLAYER_COUNTS]
    assert all(d == deck_for(load_ruleset(d.ruleset), d.players, {}) for d in decks)
    assert len({hash(d) for d in decks}) > 1


def test_a_deck_compares_without_its_card_set_and_knobs():
    deck = deck_for(load_ruleset("english"), 4, {"ally": True})
    other = deck.replace(_cards=frozenset(), _knobs=None)
    assert other == deck and hash(other) == hash(deck) and repr(other) == repr(deck)
    assert other.all_cards() == frozenset() and deck.all_cards()
    assert deck.replace(removed=deck.removed + 1) != deck
    assert "_cards" not in repr(deck) and "players=4" in repr(deck)


def test_a_replaced_deck_makes_its_own_card_sets():
    deck = deck_for(load_ruleset("english"), 4, {"ally": True})
    assert deck.black_cards == frozenset(deck.black_deck) and deck.black_cards is deck.black_cards
    assert deck.pool_cards == frozenset(deck.coloured_cards()) | {Card.parse("Ally")}
    fewer = deck.replace(numbers=deck.numbers - 1, black_deck=deck.black_deck[1:], ally=False)
    assert len(fewer.coloured_cards()) == len(deck.coloured_cards()) - len(deck.colours)
    assert fewer.black_cards == deck.black_cards - {deck.black_deck[0]}
    assert Card.parse("Ally") not in fewer.pool_cards


def test_replace_changes_only_what_it_is_given():
    rs = load_ruleset("english")
    changed = rs.replace(knobs=MappingProxyType({"a": 1}))
    assert changed.knobs == {"a": 1} and changed.name == rs.name and rs.knobs["thief.timing"]
    with pytest.raises(TypeError):
        rs.replace(nope=1)


def test_pickle_and_copy():
    for x in [*KNOBS.values(), *_rulesets()[:4]]:  # loaded ones (pickling makes knobs read-only)
        for back in (pickle.loads(pickle.dumps(x)), copy.copy(x), copy.deepcopy(x)):
            assert type(back) is type(x) and back == x and repr(back) == repr(x)
    rs = load_ruleset("italian")
    back = pickle.loads(pickle.dumps(rs))
    assert isinstance(back.knobs, MappingProxyType) and back.chain == rs.chain  # read-only again
    deck = deck_for(rs, 6, {"ally": True, "thief": True})
    assert copy.copy(deck) == deck and copy.copy(deck).all_cards() == deck.all_cards()
    plain = deck.replace(_knobs=None)  # a deck's _knobs is its ruleset's read-only mapping
    assert pickle.loads(pickle.dumps(plain)) == plain


def test_cards_are_frozen_and_one_of_each():
    """A card is a frozen value, and there is one of each: parsed in any spelling, pickled
    (a worker's result) or copied, it is the same card, so equality is identity."""
    from bidscli.core.cards import card

    r5 = card("R5")
    assert card("r5") is r5 and card(" R5 ") is r5
    for back in (pickle.loads(pickle.dumps(r5)), copy.copy(r5), copy.deepcopy(r5)):
        assert back is r5
    with pytest.raises(dataclasses.FrozenInstanceError):
        r5.value = 9
    assert (card("K7").value, card("-5").value, card("2x").value, card("Ally").value) == (7, -5, 0, 0)
    assert card("R5") != card("G5") and len({card("R5"), card("r5"), card("G5")}) == 2
