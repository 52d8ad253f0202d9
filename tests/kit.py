"""Small helpers for rules tests: build a log from trick lines and play it.

    res = kit.play("english", ["Ana", "Ben", "Cleo"], [["K5: Ana R5, Ben G4, Cleo K7"]])
    assert res.totals == {...}

Rounds shorter than the deck's tricks are played as partial rounds unless
``complete=True`` (then the round must be full). Use ``kit.errors(...)`` to get
the list of problems validate would report.
"""

from __future__ import annotations

import tomli_w

from bidscli.engine.replay import replay
from bidscli.log.reader import read_log_text
from bidscli.rules.ruleset import load_ruleset


def log_text(ruleset, players, rounds, options=None, leaders=None, piles=None, hands=None, removed=None) -> str:
    doc = {"players": list(players)}
    if isinstance(ruleset, str):
        doc["ruleset"] = ruleset
    if options:
        doc["options"] = dict(options)
    doc["rounds"] = []
    for i, tricks in enumerate(rounds):
        rnd = {}
        if leaders and i < len(leaders) and leaders[i]:
            rnd["leader"] = leaders[i]
        if hands and i < len(hands) and hands[i]:
            rnd["hands"] = {p: list(h.split()) if isinstance(h, str) else list(h) for p, h in hands[i].items()}
        if removed and i < len(removed) and removed[i] is not None:
            rnd["removed"] = removed[i].split() if isinstance(removed[i], str) else list(removed[i])
        if piles and i < len(piles) and piles[i] is not None:
            rnd["pile"] = piles[i].split() if isinstance(piles[i], str) else list(piles[i])
        rnd["tricks"] = list(tricks)
        doc["rounds"].append(rnd)
    return tomli_w.dumps(doc)


def _ruleset(ruleset, knobs):
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return rs.with_knobs(knobs, origin="test") if knobs else rs


def play(ruleset, players, rounds, options=None, knobs=None, **kw):
    """Play trick lines under a ruleset (+ knob overrides); raises the first error."""
    text = log_text(ruleset, players, rounds, options, **kw)
    log, errs = read_log_text(text, "test.toml")
    if errs:
        raise errs[0]
    return replay(log, _ruleset(ruleset, knobs), options or {})


def errors(ruleset, players, rounds, options=None, knobs=None, allow_partial=True, **kw):
    """Every problem validate would report, as a list of BidsError."""
    text = log_text(ruleset, players, rounds, options, **kw)
    log, errs = read_log_text(text, "test.toml")
    if log is None:
        return errs
    found = list(errs)
    replay(log, _ruleset(ruleset, knobs), options or {}, collect=found, allow_partial=allow_partial)
    return found


def winners(result, round_no=1):
    """Trick winners of a round (None for a burned trick)."""
    return [t.winner for t in result.rounds[round_no - 1].tricks]


def leaders(result, round_no=1):
    return [t.leader for t in result.rounds[round_no - 1].tricks]
