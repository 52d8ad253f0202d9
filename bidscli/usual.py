"""A whole trick line in one call, and the usual trick in one function (issue 12).

A log replay (``engine.replay``) plays each trick line with ``Game.play_trick``: the same as
``start_trick``, ``play_all`` and ``finish_trick`` one after the other, which is what it does
for anything unusual. Most lines of most logs are the usual trick, and that one is played
here with a few calls instead of about twenty. Kept apart from ``game`` and ``resolution``
because it is only a shorter way through them: every rule stays there.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BLACK, Card
from .results import TrickResult
from .thief import Decide


class UsualTrick:
    """``play_trick`` (part of ``game.Game``; ``self`` is the game)."""

    __slots__ = ()  # the game's slots are in game.Game

    def play_trick(self, revealed: Sequence[Card] | None, plays: Sequence[tuple[str, Card]],
                   line: int | None = None, decide: Decide | None = None) -> TrickResult:
        """``start_trick(revealed, line)``, ``play_all(plays)``, then ``finish_trick(decide)``.

        The usual trick takes a short way: ``start_trick`` finds its one revealed number card
        the usual way (``Game._reveal_usual``), and every player plays in turn a number card,
        from their known hand or, without hands, a coloured card of the deck new to the round
        (``play_all``'s short loop, without its ``_special`` case); ``_finish_usual`` then
        ends it. At the first pair that is not usual, the pairs before it stand (they are the
        same for ``play_all``) and ``play_all`` and ``finish_trick`` go on from there.
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
                if player != order[i] or card.special is not None or pair.__class__ is not tuple:
                    break
                try:
                    hands[player].remove(card)
                except (KeyError, ValueError):
                    break  # not in the hand: ``play`` reports it
                i += 1
        else:
            # A black card counts against the hands' share, a repeat or a card not in the deck
            # is an error, the Ally is special: ``play_all`` sees to those.
            seen = self.seen
            deck_cards = self._deck_cards
            for pair in plays:
                player, card = pair
                if (player != order[i] or card.colour == BLACK or card.special is not None
                        or pair.__class__ is not tuple or card not in deck_cards or card in seen):
                    break
                seen[card] = t  # the trick it was played in: put in words only if an error names it
                i += 1
        if i < n:
            t.plays.extend(plays[:i])
            self.play_all(plays[i:])
            return self.finish_trick(decide)
        t.plays.extend(plays)
        return self._finish_usual(t, decide)
