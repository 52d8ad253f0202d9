"""Issue 12: Ruleset, Deck and Knob are plain frozen classes (bidscli/frozen.py), not dataclasses.

``bids score FILE`` must not import ``dataclasses`` (nor ``inspect``, which it brings) again, and
the three classes must behave as the frozen dataclasses they replace: the same ``__init__``
parameters and defaults, equality, hash, repr, immutability, ``replace`` and pickling. Each is
checked against a reference dataclass written here as the class was written before.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import pytest

from bidscli.core.cards import Card
from bidscli.core.frozen import FrozenInstanceError
from bidscli.rules.knobs import KNOBS, PLAYER_COUNTS, Knob
from bidscli.rules.ruleset import BUNDLED, Deck, Ruleset, deck_for, load_ruleset

ROOT = Path(__file__).resolve().parent.parent


# -- the dataclasses as they were (same names, so that the reprs can be compared) ---------------

@dataclass(frozen=True)
class Knob_:
    name: str
    kind: str
    doc: str
    choices: tuple = ()


@dataclass(frozen=True)
class Ruleset_:
    name: str
    source: str
    title: str
    description: str
    knobs: Mapping[str, object]
    sources: Mapping[str, str]
    options: Mapping[str, bool]
    path: str | None = None
    chain: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deck_:
    ruleset: str
    players: int
    colours: tuple[str, ...]
    numbers: int
    black_deck: tuple[Card, ...]
    black_in_hands: int
    ally: bool
    hand_size: int
    removed: int
    pile_size: int
    tricks: int
    short_hands: bool
    short_pile: bool
    notes: tuple[str, ...] = ()
    _cards: frozenset = field(default=frozenset(), repr=False, compare=False)
    _knobs: Mapping | None = field(default=None, repr=False, compare=False)


for _cls in (Knob_, Ruleset_, Deck_):
    _cls.__qualname__ = _cls.__name__ = _cls.__name__.rstrip("_")

REF = {Knob: Knob_, Ruleset: Ruleset_, Deck: Deck_}
OPTIONS = [{}, {"ally": True, "minus_five": True, "lowest": True, "surprise": True, "thief": True}]


def _rulesets() -> list[Ruleset]:
    out = [load_ruleset(name) for name in BUNDLED]
    return out + [out[0].with_knobs({"thief.timing": "deferred"}), Ruleset("a", "b", "c", "d", {}, {}, {})]


def _decks() -> list[Deck]:
    return [deck_for(rs, n, opts) for rs in _rulesets()[:3] for n in PLAYER_COUNTS for opts in OPTIONS]


def _values() -> list:
    return list(KNOBS.values()) + _rulesets() + _decks()


def _ref(x):
    """The reference dataclass with the same field values as ``x``."""
    ref = REF[type(x)]
    return ref(*[getattr(x, f.name) for f in dataclasses.fields(ref)])


def _outcome(f):
    try:
        return ("value", f())
    except Exception as exc:  # noqa: BLE001 - the kind and message are what is compared
        return (type(exc).__name__, str(exc))


# -- start-up ---------------------------------------------------------------------------------

def test_score_imports_neither_dataclasses_nor_inspect():
    """dataclasses brings inspect, ast, dis, tokenize, linecache: ~15 ms of start-up (issue 12)."""
    code = ("import sys\nfrom bidscli.cli.entry import main\n"
            "try:\n    main(['score', 'examples/friday-4p.toml'])\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
            "late = sorted({'dataclasses', 'inspect'} & set(sys.modules))\n"
            "assert not late, late")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Winner: Dev with 48" in res.stdout


# -- the same class shape -----------------------------------------------------------------------

@pytest.mark.parametrize("cls", [Knob, Ruleset, Deck], ids=lambda c: c.__name__)
def test_same_fields_parameters_and_defaults(cls):
    ref = REF[cls]
    fields = dataclasses.fields(ref)
    assert cls._fields == tuple(f.name for f in fields)
    assert cls._compared == tuple(f.name for f in fields if f.compare)
    assert cls._compared == tuple(f.name for f in fields if f.repr)
    assert cls.__match_args__ == ref.__match_args__
    ours, theirs = inspect.signature(cls.__init__), inspect.signature(ref.__init__)
    assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == \
           [(p.name, p.kind, p.default) for p in theirs.parameters.values()]
    assert not hasattr(cls("x", "y", "z", *[0] * (len(fields) - 3)), "__dict__")  # slots only
    assert not dataclasses.is_dataclass(cls)


# -- values -------------------------------------------------------------------------------------

def test_repr_is_the_dataclass_repr():
    for x in _values():
        assert repr(x) == repr(_ref(x))


def test_hash_is_the_dataclass_hash():
    # A loaded ruleset's knobs are read-only mappings: neither hashes (the same TypeError).
    outcomes = [(_outcome(lambda x=x: hash(x)), _outcome(lambda x=x: hash(_ref(x)))) for x in _values()]
    assert all(ours == theirs for ours, theirs in outcomes)
    assert any(ours == ("TypeError", "unhashable type: 'mappingproxy'") for ours, _ in outcomes)
    assert len({hash(k) for k in KNOBS.values()}) == len(KNOBS)
    assert len({hash(d) for d in _decks()}) > 1


def test_equality_is_the_dataclass_equality():
    values = _values()
    refs = [_ref(x) for x in values]
    for x, rx in zip(values, refs):
        for y, ry in zip(values, refs):
            assert (x == y) is (rx == ry) and (x != y) is (rx != ry)
        assert x != 1 and x != rx and x.__eq__(None) is NotImplemented  # another class is never equal
    rs = values[len(KNOBS)]
    assert rs == Ruleset(**{f: getattr(rs, f) for f in Ruleset._fields})  # equal values, not identity


def test_deck_compares_without_its_card_set_and_knobs():
    deck = _decks()[0]
    other = deck.replace(_cards=frozenset(), _knobs=None)
    assert other == deck and hash(other) == hash(deck) and repr(other) == repr(deck)
    assert other.all_cards() == frozenset() and deck.all_cards()
    assert deck.replace(removed=deck.removed + 1) != deck


def test_immutable():
    for x in [next(iter(KNOBS.values())), *_rulesets()[:1], _decks()[0]]:
        ref = _ref(x)
        for name in (*type(x)._fields, "other"):
            before = getattr(x, name, None)
            with pytest.raises(AttributeError):
                setattr(x, name, 1)
            # ("FrozenInstanceError", "cannot assign to field 'name'") both ways
            assert _outcome(lambda: setattr(x, name, 1)) == _outcome(lambda: setattr(ref, name, 1))
            assert _outcome(lambda: delattr(x, name)) == _outcome(lambda: delattr(ref, name))
            assert _outcome(lambda: delattr(x, name))[0] == FrozenInstanceError.__name__
            assert getattr(x, name, None) is before


def test_replace_is_dataclasses_replace():
    for x in [*list(KNOBS.values())[:3], *_rulesets(), *_decks()[:8]]:
        ref = _ref(x)
        for name in type(x)._fields:
            value = MappingProxyType({"a": 1}) if name == "knobs" else "changed"
            changed, expected = x.replace(**{name: value}), dataclasses.replace(ref, **{name: value})
            assert type(changed) is type(x) and changed is not x
            assert [getattr(changed, f) for f in x._fields] == [getattr(expected, f) for f in x._fields]
            assert repr(changed) == repr(expected)
        assert x.replace() == x and x.replace() is not x
        assert _outcome(lambda x=x: x.replace(nope=1))[0] == _outcome(lambda r=ref: dataclasses.replace(r, nope=1))[0]


def test_replaced_deck_makes_its_own_card_sets():
    deck = deck_for(load_ruleset("english"), 4, {"ally": True})
    assert deck.black_cards == frozenset(deck.black_deck) and deck.black_cards is deck.black_cards
    assert deck.pool_cards == frozenset(deck.coloured_cards()) | {Card.parse("Ally")}
    fewer = deck.replace(numbers=deck.numbers - 1, black_deck=deck.black_deck[1:], ally=False)
    assert len(fewer.coloured_cards()) == len(deck.coloured_cards()) - len(deck.colours)
    assert fewer.black_cards == deck.black_cards - {deck.black_deck[0]}
    assert Card.parse("Ally") not in fewer.pool_cards


def test_pickle_and_copy():
    for x in [*KNOBS.values(), *_rulesets()[:4]]:  # loaded ones: pickling makes knobs read-only
        for back in (pickle.loads(pickle.dumps(x)), copy.copy(x), copy.deepcopy(x)):
            assert type(back) is type(x) and back == x and repr(back) == repr(x)
    rs = load_ruleset("italian")
    back = pickle.loads(pickle.dumps(rs))
    assert isinstance(back.knobs, MappingProxyType) and back.chain == rs.chain  # Ruleset.__reduce__ kept
    deck = _decks()[-1]
    assert copy.copy(deck) == deck and copy.copy(deck).all_cards() == deck.all_cards()
    plain = deck.replace(_knobs=None)  # a deck's _knobs is its ruleset's read-only mapping
    assert pickle.loads(pickle.dumps(plain)) == plain
