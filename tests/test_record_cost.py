"""`bids record` checks a trick at the same cost whatever the length of the game (issue 32 item 9):
it keeps the game between tricks and plays the trick on a copy, instead of replaying the whole
log after each line (200 rounds took 90 s).

Work is counted, not timed: the Python lines that checking a typed trick runs (``Recorder.feed``;
saving the file, the one cost that may grow with the game, is apart). The same trick of a round
costs about the same in round 4 as in round 60. bench/bench_record.py times 10, 100 and 1,000
rounds.
"""

from __future__ import annotations

import statistics
import sys

from bidscli.app.record import Recorder, RoundEntry
from bidscli.rules.ruleset import load_ruleset
from bidscli.sim.bots import play_game
from bidscli.sim.deal import make_deal

PLAYERS = ("Ana", "Ben", "Cleo", "Dev")
ROUNDS = 60


def _lines(rs) -> list[list[str]]:
    deal = make_deal(rs, PLAYERS, {}, rounds=ROUNDS, seed=7)
    return play_game(rs, PLAYERS, deal.options, deal.rounds, ("default",) * 4, 7, record=True)[1]


def _work(func) -> int:
    count = [0]

    def tracer(frame, event, arg):
        if event == "line":
            count[0] += 1
        return tracer

    sys.settrace(tracer)
    try:
        func()
    finally:
        sys.settrace(None)
    return count[0]


def test_a_trick_costs_the_same_at_the_end_of_a_long_game_as_at_its_start(tmp_path):
    rs = load_ruleset("english")
    rounds = _lines(rs)
    rec = Recorder(str(tmp_path / "g.toml"), "english", rs, PLAYERS, {}, [RoundEntry(added=False)],
                   game_rounds=ROUNDS)
    work: dict[int, list[int]] = {}
    for number, lines in enumerate(rounds, 1):
        for k, line in enumerate(lines):
            if k == 3 and (number <= 8 or number > ROUNDS - 8):  # a trick mid-round: the same kind of work
                done = []
                work.setdefault(number, []).append(_work(lambda line=line: done.append(rec.feed(line))))
                out = done[0]
            else:
                out = rec.feed(line)
            assert out.save and not out.error, out.lines
            rec.text()  # saved after every trick, as the driver does
    early = statistics.median(w for n, ws in work.items() if n <= 8 for w in ws)
    late = statistics.median(w for n, ws in work.items() if n > ROUNDS - 8 for w in ws)
    assert late < 1.3 * early, (early, late)
    assert rec.game_over() and rec.played() == sum(map(len, rounds))
