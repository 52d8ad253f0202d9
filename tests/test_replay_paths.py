"""Issue 12: the replay's fast paths give what the general paths give, result and errors alike.

``Game.play_all`` takes the usual pairs of a trick line in a short loop and hands the rest to
``Game._play_each``; ``checks._first_sightings`` skips tricks and hands in C. Each is compared
here with the general path it shortens, over generated logs (with and without hands) whose trick
lines are then spoiled at random: players swapped, cards replaced (black, special, foreign,
repeated), plays dropped or doubled.
"""

from __future__ import annotations

import random

import pytest

from bench.gen import CONFIGS, random_game_log, strip_deal
from bidscli.core.cards import _CANONICAL
from bidscli.core.errors import BidsError
from bidscli.engine import checks
from bidscli.engine import replay as engine
from bidscli.engine.game import Game
from bidscli.log.reader import parse_trick, read_log_text
from bidscli.log.writer import format_trick
from bidscli.report import render as report
from bidscli.rules.ruleset import load_ruleset

ALL_CARDS = list(_CANONICAL.values())


class ThreeCalls(Game):
    """``play_trick`` as the three calls it stands for, without its short way for the usual trick
    (so that the paths below are the ones a replay takes)."""

    def play_trick(self, revealed, plays, line=None, decide=None):
        self.start_trick(revealed, line)
        self.play_all(plays)
        return self.finish_trick(decide)


class GeneralGame(ThreeCalls):
    """``play_all`` as it was before its short loop: every pair through ``_play_each``."""

    def play_all(self, plays):
        self._play_each(tuple(plays))


def _first_sightings_general(log, cards):
    """checks._first_sightings card by card, without the C checks."""
    seen: dict = {}
    for rnd in log.rounds:
        for t in rnd.tricks:
            for c in (*t.revealed, *(c for _, c in t.plays)):
                if c in cards and c not in seen:
                    seen[c] = (t.line, rnd.number, t.number)
        for group in ((rnd.hands or {}).values(), (rnd.removed or (),), (rnd.pile or (),)):
            for cs in group:
                for c in cs:
                    if c in cards and c not in seen:
                        seen[c] = (rnd.line, rnd.number, None)
        if len(seen) == len(cards):
            break
    return seen


def _spoil(line: str, rng: random.Random, players: list[str]) -> str:
    rec = parse_trick(line)
    plays = list(rec.plays)
    for _ in range(rng.choice((1, 1, 2))):
        what = rng.randrange(6)
        i = rng.randrange(len(plays))
        if what == 0:  # two players swapped
            j = rng.randrange(len(plays))
            plays[i], plays[j] = plays[j], plays[i]
        elif what == 1:  # any card at all (black, special, foreign to the deck)
            plays[i] = (plays[i][0], rng.choice(ALL_CARDS))
        elif what == 2:  # a card played twice in the trick
            plays[i] = (plays[i][0], plays[rng.randrange(len(plays))][1])
        elif what == 3 and len(plays) > 1:
            del plays[i]
        elif what == 4:
            plays.insert(i, plays[rng.randrange(len(plays))])
        else:  # someone else's name
            plays[i] = (rng.choice(players + ["Nobody"]), plays[i][1])
    return format_trick(rec.revealed, plays, rec.actions)


def _logs(count: int, seed: int):
    rng = random.Random(seed)
    for i in range(count):
        name, opts = CONFIGS[i % len(CONFIGS)]
        try:
            text = random_game_log(name, rng.choice((3, 4, 5, 6)), 2, opts, seed=seed * 1000 + i)
        except BidsError:  # an option refused at that player count
            text = random_game_log(name, 6, 2, opts, seed=seed * 1000 + i)
        if i % 2:
            text = strip_deal(text)
        yield i, text, rng


def replayed(text: str, game_class, collect: bool):
    """(ruleset, result, errors as JSON) of replaying ``text`` with ``game_class`` as the engine's
    Game; the ruleset and result are None when the log cannot be read or the replay raises."""
    log, read_errors = read_log_text(text, "t.toml")
    if log is None:
        return None, None, [e.to_json() for e in read_errors]
    ruleset = load_ruleset(log.ruleset)
    errors: list = []
    saved = engine.Game
    engine.Game = game_class
    try:
        result = engine.replay(log, ruleset, collect=errors if collect else None)
    except BidsError as exc:
        return None, None, [exc.to_json()]
    finally:
        engine.Game = saved
    return ruleset, result, [e.to_json() for e in errors]


def _outcome(text: str, game_class, collect: bool):
    ruleset, result, errors = replayed(text, game_class, collect)
    return (report.result_json("t.toml", ruleset, result) if result is not None else None), errors


@pytest.mark.parametrize("collect", [True, False])
def test_play_all_agrees_with_the_general_path_on_spoiled_logs(collect):
    spoiled = 0
    for i, text, rng in _logs(60, 7 if collect else 8):
        lines = text.split("\n")
        for k, line in enumerate(lines):
            if line.startswith('    "') and ": " in line and rng.random() < 0.3:
                body = line.strip().rstrip(",").strip('"')
                players = [p for p, _ in parse_trick(body).plays]
                lines[k] = '    "' + _spoil(body, rng, players) + '",'
                spoiled += 1
        text = "\n".join(lines)
        fast, general = _outcome(text, Game, collect), _outcome(text, GeneralGame, collect)
        assert fast == general, (i, text)
    assert spoiled > 250


def test_both_paths_are_taken():
    """The short loop takes most lines whole; spoiled ones reach ``_play_each`` (so a wrong
    short loop shows as a difference above)."""
    calls = {"all": 0, "each": 0}

    class Counting(ThreeCalls):
        def play_all(self, plays):
            calls["all"] += 1
            super().play_all(plays)

        def _play_each(self, plays):
            calls["each"] += 1
            super()._play_each(plays)

    for _, text, rng in _logs(20, 5):
        lines = [('    "' + _spoil(line.strip().rstrip(",").strip('"'), rng, []) + '",'
                  if line.startswith('    "') and ": " in line and rng.random() < 0.2 else line)
                 for line in text.split("\n")]
        _outcome("\n".join(lines), Counting, True)
    assert 0 < calls["each"] < calls["all"] / 2, calls


def test_the_general_path_is_really_different():
    """The comparison above can fail: a play_all that drops the Ally's effect is caught."""

    class Broken(Game):
        def _special(self, t, player, card):
            pass

    differ = 0
    for _, text, _ in _logs(12, 9):
        differ += _outcome(text, Broken, True) != _outcome(text, Game, True)
    assert differ > 0


def test_first_sightings_agree_with_the_card_by_card_scan():
    rng = random.Random(3)
    specials = [c for c in ALL_CARDS if c.special is not None]
    for i, text, _ in _logs(30, 11):
        log, _ = read_log_text(text, "t.toml")
        for _ in range(4):
            cards = frozenset(rng.sample(specials, rng.randrange(1, len(specials) + 1)))
            assert checks._first_sightings(log, cards) == _first_sightings_general(log, cards), i


@pytest.mark.parametrize("more", [0, 1, 2])
def test_black_cards_in_the_hands_are_counted_on_the_short_way(more):
    """start_round counts the hands' black cards in C when every hand is well formed: one black
    card too many (moved from the pile into a hand) is reported with the right count."""
    from bidscli.core.cards import BLACK

    text = random_game_log("english", 6, 1, {}, seed=3)
    log, _ = read_log_text(text, "t.toml")
    rec = log.rounds[0]
    hands = {p: list(h) for p, h in rec.hands.items()}
    pile = list(rec.pile)
    for p in list(hands)[:more]:
        i = next(i for i, c in enumerate(hands[p]) if c.colour != BLACK)
        hands[p][i] = pile.pop()
    errors: list = []
    game = Game(load_ruleset(log.ruleset), log.players, log.options, on_error=errors.append)
    game.start_round(hands=hands, pile=pile, removed=rec.removed)
    told = [e.message for e in errors if "black cards; the" in e.message]
    expected = game.deck.black_in_hands + more
    assert told == ([f"the hands hold {expected} black cards; the english 6-player deal has "
                     f"{game.deck.black_in_hands}"] if more else [])


def _validated(text: str, explain: bool):
    """What validate reports for ``text``, replayed with or without explanations (api._check)."""
    from bidscli.app import api

    log, read_errors = read_log_text(text, "t.toml")
    if log is None:
        return None, [e.to_json() for e in read_errors]
    result, errors = api._check(log, read_errors, load_ruleset(log.ruleset), dict(log.options), False,
                                explain=explain)
    return result, [e.to_json() for e in errors]


def test_validate_without_explanations_reports_the_same_errors():
    """``bids validate`` replays with explain=False (nobody reads its result): every error, its
    text, place and order, is the same as with the explanations, on spoiled logs too; and the
    result really leaves them out (the usual tricks have no reasons and no running standings)."""
    left_out = kept = 0
    for i, text, rng in _logs(60, 13):
        lines = text.split("\n")
        for k, line in enumerate(lines):
            if line.startswith('    "') and ": " in line and rng.random() < 0.2:
                body = line.strip().rstrip(",").strip('"')
                lines[k] = '    "' + _spoil(body, rng, [p for p, _ in parse_trick(body).plays]) + '",'
        text = "\n".join(lines)
        (quiet, quiet_errors), (full, full_errors) = _validated(text, False), _validated(text, True)
        assert quiet_errors == full_errors, (i, text)
        for q, f in zip(quiet.rounds if quiet else (), full.rounds if full else ()):
            for tq, tf in zip(q.tricks, f.tricks):
                assert (tq.winner, tq.points, tq.reason, tq.next_leader) == (tf.winner, tf.points, tf.reason, tf.next_leader)
                left_out += not tq.reasons and not tq.running
                kept += bool(tf.reasons) and bool(tf.running)
    assert left_out > 300 and kept > left_out
