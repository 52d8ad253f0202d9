"""A whole trick line in one call, and the usual trick in one function (issue 12).

A log replay (``engine.replay``) plays each trick line with ``Game.play_trick``: the same as
``start_trick``, ``play_all`` and ``finish_trick`` one after the other, which is what it does
for anything unusual. Most lines of most logs are the usual trick, and that one is played
here with a few calls instead of about twenty. Kept apart from ``game`` and ``resolution``
because it is only a shorter way through them: every rule stays there.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import (
    ALLY_CARD,
    BLACK,
    DOUBLE_CARD,
    MINUS_FIVE_CARD,
    THIEF_CARD,
    Card,
)
from .results import TrickResult
from .thief import Decide

# Special cards that do nothing when played but the Ally's alliance (``Game._special``):
# ``_finish_usual`` sees to their award.
_PLAYED_AS_USUAL = frozenset((ALLY_CARD, MINUS_FIVE_CARD, DOUBLE_CARD, THIEF_CARD))


class UsualTrick:
    """``play_trick`` (part of ``game.Game``; ``self`` is the game)."""

    __slots__ = ()  # the game's slots are in game.Game

    def play_trick(self, revealed: Sequence[Card] | None, plays: Sequence[tuple[str, Card]],
                   line: int | None = None, decide: Decide | None = None) -> TrickResult:
        """``start_trick(revealed, line)``, ``play_all(plays)``, then ``finish_trick(decide)``.

        The usual trick takes a short way: ``start_trick`` notices that its one revealed card
        is the prize as it is, and every player plays in turn a card from their known hand or, without hands, a card of the deck new to the round (within the hands'
        share of black cards), none of them Surprise or Lowest (``play_all``'s checks, with
        ``_special`` for the Ally); ``_finish_usual`` then ends it. At the first pair that is
        not usual, the pairs before it stand (they are the same for ``play_all``) and
        ``play_all`` and ``finish_trick`` go on from there.
        """
        t = self.start_trick(revealed, line)
        n = self.n
        if not self._usual or plays.__class__ is not tuple or len(plays) != n:
            self.play_all(plays)
            return self.finish_trick(decide)
        order = self._order
        hands = self.hands
        i = 0  # the usual pairs so far
        if hands is not None:
            for pair in plays:
                player, card = pair
                if player != order[i] or pair.__class__ is not tuple:
                    break
                special = card.special is not None
                if special and card not in _PLAYED_AS_USUAL:
                    break
                try:
                    hands[player].remove(card)
                except (KeyError, ValueError):
                    break  # not in the hand: ``play`` reports it
                i += 1
                if special:
                    self._special(t, player, card)  # the Ally's alliance (nothing for the others)
        else:
            # A card not in the deck or a repeat is an error, and so is a black card past the
            # hands' share: ``play_all`` sees to those.
            seen = self.seen
            deck_cards = self._deck_cards
            for pair in plays:
                player, card = pair
                if (player != order[i] or pair.__class__ is not tuple or card not in deck_cards
                        or card in seen):
                    break
                special = card.special is not None
                if special and card not in _PLAYED_AS_USUAL:
                    break
                if card.colour == BLACK:
                    if self.black_played_from_hand >= self.deck.black_in_hands:
                        break
                    self.black_played_from_hand += 1
                seen[card] = t  # the trick it was played in: put in words only if an error names it
                i += 1
                if special:
                    self._special(t, player, card)  # the Ally's alliance (nothing for the others)
        if i < n:
            t.plays.extend(plays[:i])
            self.play_all(plays[i:])
            return self.finish_trick(decide)
        t.plays.extend(plays)
        return self._finish_usual(t, decide)
