"""Issue 12: ``Game.play_trick`` (a whole trick line in one call, the usual trick in one function)
gives what ``start_trick``, ``play_all`` and ``finish_trick`` give; and ``_steals`` passes at once
on a line that records no action when every steal is optional.

Compared over generated logs of every bundled configuration, with and without the deal, whose
trick lines are spoiled at random (revealed cards, plays and recorded actions): the results trick
by trick (every field, the explanations too) and the errors in full.
"""

from __future__ import annotations

import random

import pytest

from bidscli.engine.game import Game
from bidscli.engine.thief import _record_nothing
from bidscli.log.reader import parse_trick
from bidscli.log.writer import format_trick
from tests.test_replay_paths import ThreeCalls, _logs
from tests.test_usual_trick import _outcome, _spoiled


def _without_actions(text: str, rng: random.Random, rate: float) -> str:
    """``text`` with the recorded steals and passes of some trick lines left out."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if line.startswith('    "') and ";" in line and rng.random() < rate:
            rec = parse_trick(line.strip().rstrip(",").strip('"'))
            lines[k] = '    "' + format_trick(rec.revealed, rec.plays) + '",'
    return "\n".join(lines)


def _cases(count: int, seed: int):
    for i, text, rng in _logs(count, seed):
        text = _without_actions(_spoiled(text, rng, 0.15)[0], rng, 0.5)
        yield i, text


@pytest.mark.parametrize("collect", [True, False])
def test_play_trick_agrees_with_the_three_calls(collect):
    for i, text in _cases(60, 31 if collect else 32):
        assert _outcome(text, Game, collect) == _outcome(text, ThreeCalls, collect), (i, text)


def test_play_trick_takes_its_short_way():
    """Most tricks end in ``play_trick``'s own loop (so a wrong loop shows above)."""
    calls = {"tricks": 0, "short": 0}

    class Counting(Game):
        def play_trick(self, revealed, plays, line=None, decide=None):
            calls["tricks"] += 1
            return super().play_trick(revealed, plays, line, decide)

        def play_all(self, plays):
            calls["short"] -= 1  # not the short way (or not all of it)
            return super().play_all(plays)

    for _, text in _cases(20, 33):
        _outcome(text, Counting, True)
    calls["short"] += calls["tricks"]
    assert calls["tricks"] / 2 < calls["short"] < calls["tricks"], calls


def test_a_wrong_play_trick_is_caught():
    """The comparison can fail: a short way that takes the plays without their hands and turns
    gives another outcome."""

    class Unchecked(Game):
        def play_trick(self, revealed, plays, line=None, decide=None):
            t = self.start_trick(revealed, line)
            if self._usual and len(plays) == self.n:
                t.plays.extend(plays)
                return self._finish_usual(t, decide)
            self.play_all(plays)
            return self.finish_trick(decide)

    differ = sum(_outcome(text, Unchecked, True) != _outcome(text, Game, True) for _, text in _cases(16, 34))
    assert differ > 0


class OfferEverySteal(ThreeCalls):
    """``_steals`` without its pass for a line with no action: every steal is offered."""

    def _steals(self, t, decide):
        if decide is _record_nothing:
            decide = lambda choice: None  # noqa: E731 (the same answer, another function)
        return super()._steals(t, decide)


def test_a_line_without_actions_passes_as_when_each_steal_is_offered():
    for i, text in _cases(60, 35):
        assert _outcome(text, ThreeCalls, True) == _outcome(text, OfferEverySteal, True), (i, text)


def test_a_mandatory_steal_is_still_offered():
    """The comparison can fail: passing at once on a mandatory steal (italian) misses its error."""

    class PassAlways(ThreeCalls):
        def _steals(self, t, decide):
            if decide is _record_nothing:
                self._pending_thief = None
                return None
            return super()._steals(t, decide)

    differ = sum(_outcome(text, PassAlways, True) != _outcome(text, ThreeCalls, True) for _, text in _cases(30, 36))
    assert differ > 0


def test_a_card_played_again_names_who_played_it_first():
    """``Game.seen`` keeps the trick a card was played in (no pair made for each card played):
    the message still names the first player of it, in the same trick or a later one, and a
    card revealed after it was played too."""
    from tests.test_replay_paths import replayed

    text = '''ruleset = "english"
players = ["Ana", "Ben", "Cleo", "Dev"]

[[rounds]]
leader = "Ana"
tricks = [
  "K5: Ana R5, Ben G9, Cleo R5, Dev Y2",
  "K3: Ben G1, Cleo R5, Dev B2, Ana R9",
  "K8: Ana B9, Ben G1, Cleo Y7, Dev Y6",
]
'''
    for game_class in (Game, ThreeCalls):
        messages = [e["message"] for e in replayed(text, game_class, True)[2]]
        assert messages[:3] == [
            "Cleo played R5, but it is already in the round (played by Ana in trick 1)",
            "Cleo played R5, but it is already in the round (played by Ana in trick 1)",
            "Ben played G1, but it is already in the round (played by Ben in trick 2)",
        ], messages


def test_surprise_or_lowest_played_on_the_short_way_is_caught(monkeypatch):
    """``play_trick``'s loop takes the Ally, -5, 2x and Thief played (``_special`` for the Ally);
    one that took Surprise and Lowest too (whose effects ``_finish_usual`` does not see to)
    gives another outcome."""
    from bidscli.core.cards import LOWEST_CARD, SURPRISE_CARD
    from bidscli.engine import usual

    cases = list(_cases(30, 37))
    expected = [_outcome(text, ThreeCalls, True) for _, text in cases]
    assert [_outcome(text, Game, True) for _, text in cases] == expected
    monkeypatch.setattr(usual, "_PLAYED_AS_USUAL", usual._PLAYED_AS_USUAL | {LOWEST_CARD, SURPRISE_CARD})
    assert [_outcome(text, Game, True) for _, text in cases] != expected
