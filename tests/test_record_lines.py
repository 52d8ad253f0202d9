"""What the recorder says about a typed trick line that cannot be the next trick."""

from __future__ import annotations

from bidscli.app.record import Recorder
from bidscli.rules.ruleset import load_ruleset

from . import recordkit as rk


def recorder(path, ruleset="english", players=rk.PLAYERS):
    return Recorder(str(path), ruleset, load_ruleset(ruleset), players, {})


def test_the_last_line_typed_again_is_one_message(tmp_path):
    # Pasted twice: the same revealed card and the same cards. One message, not one per card
    # (six before: the pile card and every card already played).
    rec = recorder(tmp_path / "g.toml")
    assert not rec.feed("K5: R5 G4 K7 Y2").error
    out = rec.feed("K5: R5 G4 K7 Y2")
    assert out.error and not out.save
    assert " ".join(" ".join(out.lines).split()) == (
        "input line 2: round 1, trick 2: the same cards as trick 1 (typed twice?): nothing recorded; type "
        "trick 2, or undo to change trick 1")
    assert len(rec.rounds[0].tricks) == 1
    # The same cards in another order are the same line too (the order follows the leader).
    assert rec.feed("K5: G4 R5 Y2 K7").error
    assert not rec.feed("K3: R9 G9 Y1 B2").error  # the next trick is taken as usual
