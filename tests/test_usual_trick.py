"""Issue 12: the usual trick's short way gives what the general way gives.

``start_trick`` notices a trick whose one revealed card is the prize as it is, and ``finish_trick``
then ends the trick in ``_finish_usual`` unless a special card was played. That is compared here
with the general path (the usual trick never noticed) over generated logs
of every bundled configuration, with and without the deal, whose trick lines are then spoiled at
random: revealed cards replaced, added or dropped, and plays as in test_replay_paths. The results
are compared trick by trick (every field, the explanation texts too), and the errors in full.
"""

from __future__ import annotations

import random

import pytest

from bidscli.core.cards import BLACK
from bidscli.engine.game import Game
from bidscli.engine.results import TrickResult
from bidscli.log.reader import parse_trick
from bidscli.log.writer import format_trick
from bidscli.report import render as report
from tests.test_replay_paths import ALL_CARDS, ThreeCalls, _logs, _spoil, replayed


class GeneralGame(ThreeCalls):
    """Every trick the general way: ``_reveal`` for every prize, so ``finish_trick`` never takes
    its short way either (``_usual`` stays False), nor ``play_trick``."""

    def start_trick(self, revealed=None, line=None):
        t = super().start_trick(revealed, line)
        self._usual = False
        return t


def _spoil_revealed(line: str, rng: random.Random, cards_seen: list) -> str:
    rec = parse_trick(line)
    revealed = list(rec.revealed)
    what = rng.randrange(5)
    if what == 0 and revealed:  # any card at all (special, coloured, foreign to the deck)
        revealed[0] = rng.choice(ALL_CARDS)
    elif what == 1 and cards_seen:  # a card revealed or played earlier in the log
        revealed[-1 if revealed else 0:] = [rng.choice(cards_seen)]
    elif what == 2:  # one card too many
        revealed.append(rng.choice(ALL_CARDS))
    elif what == 3:  # nothing written
        revealed = []
    else:  # two earlier cards swapped places: the next line reveals this one's card
        revealed = list(reversed(revealed))
    return format_trick(revealed, rec.plays, rec.actions)


def _spoiled(text: str, rng: random.Random, rate: float) -> tuple[str, int]:
    lines = text.split("\n")
    seen: list = []
    spoiled = 0
    for k, line in enumerate(lines):
        if not (line.startswith('    "') and ": " in line):
            continue
        body = line.strip().rstrip(",").strip('"')
        rec = parse_trick(body)
        if rng.random() < rate:
            body = _spoil_revealed(body, rng, seen) if rng.random() < 0.6 else _spoil(
                body, rng, [p for p, _ in rec.plays])
            lines[k] = '    "' + body + '",'
            spoiled += 1
        seen.extend(rec.revealed)
        seen.extend(c for _, c in rec.plays)
    return "\n".join(lines), spoiled


def _trick_fields(t: TrickResult) -> dict:
    out = {}
    for slot in TrickResult.__slots__:
        v = getattr(t, slot)
        out[slot] = [(r.text, r.knob) for r in v] if slot == "reasons" else v
    return out


def _outcome(text: str, game_class, collect: bool):
    ruleset, result, errors = replayed(text, game_class, collect)
    if result is None:
        return None, errors
    tricks = [[_trick_fields(t) for t in r.tricks] for r in result.rounds]
    doc = report.result_json("t.toml", ruleset, result)
    return (doc, tricks), errors


@pytest.mark.parametrize("collect", [True, False])
def test_the_usual_trick_agrees_with_the_general_path(collect):
    spoiled = 0
    for i, text, rng in _logs(60, 21 if collect else 22):
        text, n = _spoiled(text, rng, 0.15)
        spoiled += n
        fast, general = _outcome(text, Game, collect), _outcome(text, GeneralGame, collect)
        assert fast == general, (i, text)
    assert spoiled > 150


def test_the_unspoiled_logs_agree_too():
    for i, text, _ in _logs(30, 23):
        assert _outcome(text, Game, True) == _outcome(text, GeneralGame, True), i


def test_both_ways_are_taken():
    """Most tricks of a clean log go the short way, and a special card, a Surprise revealed or
    a spoiled line sends a trick the general way (so a wrong short way shows above)."""
    calls = {"finish": 0, "usual": 0, "reveal": 0}

    class Counting(ThreeCalls):
        def finish_trick(self, decide=None):
            calls["finish"] += 1
            return super().finish_trick(decide)

        def _finish_usual(self, t, decide):
            calls["usual"] += 1
            return super()._finish_usual(t, decide)

        def _reveal(self, why):
            calls["reveal"] += 1
            return super()._reveal(why)

    for _, text, rng in _logs(20, 24):
        _outcome(_spoiled(text, rng, 0.1)[0], Counting, True)
    assert calls["finish"] / 2 < calls["usual"] < calls["finish"], calls
    assert calls["reveal"] > calls["finish"] / 10, calls


def test_a_wrong_short_way_is_caught():
    """The comparison can fail: a short end that forgets the black cards played gives another
    outcome."""

    class NoBlack(Game):
        def _finish_usual(self, t, decide):
            plays = t.plays
            t.plays = [(p, c) for p, c in plays if c.colour != BLACK]
            try:
                return super()._finish_usual(t, decide)
            finally:
                t.plays = plays

    for broken in (NoBlack,):
        differ = 0
        for _, text, rng in _logs(16, 25):
            text = _spoiled(text, rng, 0.15)[0]
            differ += _outcome(text, broken, True) != _outcome(text, Game, True)
        assert differ > 0, broken


def test_a_filled_reason_reads_as_its_f_string():
    """Explanations made only when read (results.filled) give the text the f-string gave,
    whatever the names hold (braces are arguments, never part of the template)."""
    from bidscli.core.cards import card
    from bidscli.engine.results import Reason, filled

    name, why, c, v = "Ana {0}", "weakest bid 3 by {Ben}", card("K5"), 5
    assert Reason(filled, None, ("{} leads trick 1: {}", name, why)).text == f"{name} leads trick 1: {why}"
    assert (Reason(filled, "thief.pool", ("{} steals {} ({:+d}) from {}: {}", name, c, v, "Bo", why)).text
            == f"{name} steals {c} ({v:+d}) from Bo: {why}")
    assert Reason(filled, None, ("{} won the -5 ({} so far)", name, 2)).text == f"{name} won the -5 (2 so far)"


def test_a_special_card_the_short_way_does_not_know_is_caught(monkeypatch):
    """The short way takes -5, 2x and Thief as a prize, and the Ally, -5, 2x and Thief played
    (``_finish_usual`` hands their award to ``_award``). Surprise and Lowest played it must leave
    to the general way: a short way that took them too is caught by the comparison."""

    def outcomes(seed):
        return [(_outcome(text, Game, True), _outcome(text, GeneralGame, True))
                for _, text, _ in _logs(30, seed)]

    assert all(fast == general for fast, general in outcomes(26))
    special = Game._special

    def keeps_the_short_way(self, t, player, card):
        usual = self._usual
        special(self, t, player, card)
        self._usual = usual

    monkeypatch.setattr(Game, "_special", keeps_the_short_way)
    assert any(fast != general for fast, general in outcomes(26))
