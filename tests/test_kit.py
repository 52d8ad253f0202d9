import pytest

from bidscli.core.errors import IllegalPlayError

from . import kit


def test_kit_plays_a_partial_round():
    res = kit.play("english", ["Ana", "Ben", "Cleo"], [["K5: Ana R5, Ben G4, Cleo K7"]])
    assert kit.winners(res) == ["Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 12}
    assert res.rounds[0].partial


def test_kit_reports_wrong_leader():
    with pytest.raises(IllegalPlayError) as exc:
        kit.play("english", ["Ana", "Ben", "Cleo"], [["K5: Ana R5, Ben G4, Cleo K7", "K3: Ana R1, Ben G1, Cleo Y2"]])
    assert "Cleo leads this trick" in exc.value.message
