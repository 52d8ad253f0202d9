"""Frozen value classes without the ``dataclasses`` module (issue 12: start-up).

``dataclasses`` imports ``inspect`` (and with it ast, dis, tokenize and
linecache): about 15 ms of a 75-100 ms ``bids score`` run, and each frozen
dataclass costs about 1.8 ms more to build at import. The value types on the
start-up path (``rules.Ruleset``, ``rules.Deck``, ``knobs.Knob``) derive from
``Frozen`` instead. Each writes its own ``__slots__`` and ``__init__`` (setting
its fields with ``object.__setattr__``) and names its fields; ``Frozen`` gives
them what ``@dataclass(frozen=True)`` gave: equality and a hash over the
compared fields, the dataclass repr, immutability, ``replace`` and pickling.
Modules off the start-up path keep their dataclasses.
"""

from __future__ import annotations


class FrozenInstanceError(AttributeError):
    """An attribute of a frozen value was set or deleted (as dataclasses.FrozenInstanceError)."""


class Frozen:
    """Base of a frozen value class; see the module docstring.

    ``_fields`` are the ``__init__`` parameters in order (dataclasses.fields);
    ``_compared`` are those in ``==``, ``hash`` and ``repr`` (a dataclass field
    with ``compare=False, repr=False`` is left out).
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _compared: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.__match_args__ = cls._fields

    def _key(self) -> tuple:
        return tuple([getattr(self, name) for name in self._compared])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._compared])
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):
        # Slots and a refusing __setattr__: pickle and copy rebuild through __init__.
        return (self.__class__, tuple([getattr(self, name) for name in self._fields]))

    def replace(self, **changes):
        """A copy with some fields changed, as ``dataclasses.replace(self, **changes)``."""
        for name in self._fields:
            if name not in changes:
                changes[name] = getattr(self, name)
        return self.__class__(**changes)
