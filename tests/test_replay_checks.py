"""What a replay reports on spoiled logs, and that ``bids validate`` (which replays without
explanations) reports exactly what a replay with them reports.

The logs are generated for every bundled configuration, with and without the deal, and their
trick lines are then spoiled at random: players swapped, cards replaced (black, special,
foreign, repeated), plays dropped or doubled.
"""

from __future__ import annotations

import random

import pytest

from bench.gen import CONFIGS, random_game_log, strip_deal
from bidscli.core.cards import BLACK, Card, card
from bidscli.core.errors import BidsError
from bidscli.core.i18n import Message
from bidscli.engine.game import Game
from bidscli.engine.replay import replay
from bidscli.engine.results import Reason
from bidscli.log.reader import read_log_text
from bidscli.log.trickline import parse_trick
from bidscli.log.writer import format_trick
from bidscli.rules.ruleset import load_ruleset


def _every_card() -> list[Card]:
    """Every card the notation knows: colours and black numbers, and the special cards."""
    out = []
    for text in [f"{c}{n}" for c in "RGBYK" for n in range(16)] + [
            "Ally", "-5", "2x", "Lowest", "Surprise", "Thief"]:
        try:
            out.append(card(text))
        except (BidsError, KeyError, ValueError):
            pass
    return out


ALL_CARDS = _every_card()


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


def _spoiled(text: str, rng: random.Random, rate: float) -> str:
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if line.startswith('    "') and ": " in line and rng.random() < rate:
            body = line.strip().rstrip(",").strip('"')
            lines[k] = '    "' + _spoil(body, rng, [p for p, _ in parse_trick(body).plays]) + '",'
    return "\n".join(lines)


def _replayed(text: str, explain: bool = True):
    """(result, errors as JSON) of replaying ``text`` and collecting every error, as validate does."""
    log, read_errors = read_log_text(text, "t.toml")
    if log is None:
        return None, [e.to_json() for e in read_errors]
    errors: list = []
    result = replay(log, load_ruleset(log.ruleset), collect=errors, explain=explain)
    return result, [e.to_json() for e in errors]


def test_validate_without_explanations_reports_the_same_errors():
    """``bids validate`` replays with explain=False (nobody reads its result): every error, its
    text, place and order, is the same as with the explanations, on spoiled logs too; and the
    result really leaves them out (no running standings)."""
    left_out = kept = 0
    for i, text, rng in _logs(60, 13):
        text = _spoiled(text, rng, 0.2)
        (quiet, quiet_errors), (full, full_errors) = _replayed(text, False), _replayed(text, True)
        assert quiet_errors == full_errors, (i, text)
        for q, f in zip(quiet.rounds if quiet else (), full.rounds if full else ()):
            for tq, tf in zip(q.tricks, f.tricks):
                assert (tq.winner, tq.points, tq.reason, tq.next_leader) == (tf.winner, tf.points, tf.reason,
                                                                              tf.next_leader)
                left_out += not tq.running
                kept += bool(tf.running)
    assert left_out > 300 and kept > 300


def test_a_spoiled_line_gives_located_errors_and_play_goes_on():
    """Every error a spoiled log gives is located (line, round and trick) and the replay
    reaches the end of the log: one bad line does not stop the checking of the others."""
    spoiled = 0
    for i, text, rng in _logs(40, 7):
        text = _spoiled(text, rng, 0.3)
        result, errors = _replayed(text)
        spoiled += bool(errors)
        for e in errors:
            assert e["line"] is not None and e["round"] is not None, (i, e)
        if result is not None:
            assert len(result.rounds) == 2, i
    assert spoiled > 30


def test_a_card_played_again_names_who_played_it_first():
    """The message names the first player of the card, in the same trick or a later one."""
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
    messages = [e["message"] for e in _replayed(text)[1]]
    assert messages[:3] == [
        "Cleo played R5, but it is already in the round (played by Ana in trick 1)",
        "Cleo played R5, but it is already in the round (played by Ana in trick 1)",
        "Ben played G1, but it is already in the round (played by Ben in trick 2)",
    ], messages


def test_a_line_in_another_order_gives_one_error_and_counts_as_written_in_order():
    """A line naming the right players in the wrong order: one error for the trick, and each
    card stays with the player the line names."""
    text = '''ruleset = "english"
players = ["Ana", "Ben", "Cleo", "Dev"]

[[rounds]]
leader = "Ana"
tricks = [
  "K5: Ben G9, Ana R10, Cleo R5, Dev Y2",
]
'''
    result, errors = _replayed(text)
    assert [e["message"] for e in errors if "partial" not in e["message"]][:1] == [
        'Ana leads this trick (the round names its leader: leader = "Ana"); the line starts with Ben']
    assert result.rounds[0].tricks[0].winner == "Ana"


@pytest.mark.parametrize("more", [0, 1, 2])
def test_black_cards_in_the_hands_are_counted(more):
    """One black card too many (moved from the pile into a hand) is reported with the right count."""
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


def test_a_reasons_words_read_as_its_f_string():
    """An explanation is a message worded when read: its arguments fill the template as the
    f-string it replaced did, whatever the names hold (braces are arguments, never part of it)."""
    name, why, c, v = "Ana {0}", "weakest bid 3 by {Ben}", card("K5"), 5
    assert Reason(Message("{player} leads trick 1: {why}", player=name, why=why)).text == f"{name} leads trick 1: {why}"
    assert (Reason(Message("{thief} steals {card} ({value:+d}) from {victim}: {why}", thief=name, card=c, value=v,
                           victim="Bo", why=why), "thief.pool").text
            == f"{name} steals {c} ({v:+d}) from Bo: {why}")
    made = Reason(lambda p, n: Message("{player} won the -5 ({n} so far)", player=p, n=n), None, (name, 2))
    assert made.text == f"{name} won the -5 (2 so far)"
