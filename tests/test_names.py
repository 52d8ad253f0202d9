"""Player names as people write them (log.md 'Players', issue 8 item 2).

Spaces and any letters, NFC-normalised (an NFD "José" in the file is the same
player), matched case-insensitively in trick lines with the whole text before
the card as the name (so the longest listed name wins), output in the spelling
of ``players``. Refused: ',' ':' ';', a space at either end, 33+ characters,
invisible or control characters, and two names equal up to case.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.cli.main import main
from bidscli.log import names as N
from bidscli.log.reader import read_log_text
from bidscli.sim.deal import parse_names

from . import kit

JOSE_NFD = unicodedata.normalize("NFD", "José")
assert JOSE_NFD != "José" and len(JOSE_NFD) == 5


def bids(*args):
    return CliRunner().invoke(main, list(args))


# The "done when" log: "Ana Maria", an NFD "José" and "ben", written in the tricks
# as Ben, BEN, ana maria, "Ana  Maria" and an NFC or upper-case JOSÉ.
#  1. K5: Ana Maria R5, José G4, Ben Y7  -> ben takes 5 (highest bid Y7); ben leads
#  2. K3: BEN R9, ana maria G2, JOSÉ Y1  -> ben takes 3 (R9); ben leads
#  3. K8: ben R1, Ana  Maria G9, José Y2 -> Ana Maria takes 8 (G9)
# Standings after round 1, trick 3: ben 8, Ana Maria 8, José 0.
DONE_WHEN = ['K5: Ana Maria R5, José G4, Ben Y7', 'K3: BEN R9, ana maria G2, JOSÉ Y1',
             f'K8: ben R1, Ana  Maria G9, {JOSE_NFD} Y2']


@pytest.mark.parametrize("rs", ["italian", "english", "spanish", "japanese"])
def test_names_as_people_write_them(rs):
    res = kit.play(rs, ["Ana Maria", JOSE_NFD, "ben"], [DONE_WHEN])
    assert res.players == ("Ana Maria", "José", "ben")  # NFC, spelled as in players
    assert kit.winners(res) == ["ben", "ben", "Ana Maria"]
    assert kit.leaders(res) == ["Ana Maria", "ben", "ben"]
    assert [p for p, _ in res.rounds[0].tricks[1].plays] == ["ben", "Ana Maria", "José"]
    assert res.totals == {"Ana Maria": 8, "José": 0, "ben": 8}


def test_the_file_with_nfd_names_scores_on_the_command_line(tmp_path):
    path = tmp_path / "names.toml"
    path.write_text(kit.log_text("english", ["Ana Maria", JOSE_NFD, "ben"], [DONE_WHEN]), encoding="utf-8")
    assert JOSE_NFD in path.read_text(encoding="utf-8")
    res = bids("score", str(path), "--allow-partial")
    assert res.exit_code == 0, res.output
    assert "José" in res.stdout and JOSE_NFD not in res.stdout and "Ana Maria" in res.stdout
    doc = json.loads(bids("score", str(path), "--allow-partial", "--format", "json").stdout)
    assert doc["players"] == ["Ana Maria", "José", "ben"]
    assert doc["ranking"] == [["Ana Maria", 8], ["ben", 8], ["José", 0]]


def test_the_longest_listed_name_wins():
    # Ana Maria's G7 beats Ana's R5 and Ben's Y2: 'Ana Maria G7' is no play of Ana's.
    res = kit.play("english", ["Ana", "Ana Maria", "Ben"], [["K5: Ana R5, Ana Maria G7, Ben Y2",
                                                            "K6: ana maria R1, ben G9, ANA Y3"]])
    assert kit.winners(res) == ["Ana Maria", "Ben"]
    assert res.totals == {"Ana": 0, "Ana Maria": 5, "Ben": 6}


def test_punctuation_digits_and_other_scripts():
    players = ["O'Brien", "Dr. Nø (host)", "李小龍"]
    res = kit.play("italian", players, [["K5: o'brien R5, DR. NØ (HOST) G7, 李小龍 Y2"]])
    assert res.rounds[0].tricks[0].plays[1][0] == "Dr. Nø (host)"
    assert res.totals == {"O'Brien": 0, "Dr. Nø (host)": 5, "李小龍": 0}


def test_steals_and_leaders_with_spaces_and_case():
    # Italian Thief (immediate): José takes K5; Ana Maria wins the Thief (G9) and steals K5
    # from the weakest bid, José's Y1. Ana Maria 5, José 0, ben 0.
    res = kit.play("italian", ["Ana Maria", JOSE_NFD, "ben"],
                   [["K5: Ana Maria R5, José G7, Ben Y4",
                     "Thief: josé Y1, Ben R8, ana maria G9; ana maria steals K5 from JOSÉ"]],
                   options={"thief": True}, leaders=["ana MARIA"])
    steal = res.rounds[0].tricks[1].steals[0]
    assert (steal.thief, str(steal.card), steal.victim) == ("Ana Maria", "K5", "José")
    assert res.totals == {"Ana Maria": 5, "José": 0, "ben": 0}
    assert res.rounds[0].leader == "Ana Maria"


def test_hands_keys_match_names_too():
    text = ('ruleset = "italian"\nplayers = ["Ana Maria", "Ben", "Cleo"]\n[[rounds]]\n'
            'hands."ana maria" = ["R5"]\nhands.BEN = ["G7"]\nhands.Cleo = ["Y2"]\n'
            'tricks = ["K5: Ana Maria R5, Ben G7, Cleo Y2"]\n')
    log, errs = read_log_text(text, "h.toml")
    assert errs == [] and set(log.rounds[0].hands) == {"Ana Maria", "Ben", "Cleo"}


@pytest.mark.parametrize("name,why", [
    ("Ana, Maria", "holds ','"), ("Ana: x", "holds ':'"), ("a;b", "holds ';'"),
    (" Ana", "starts or ends with a space"), ("Ana ", "starts or ends with a space"),
    ("N" * 33, "has 33 characters (at most 32)"), ("", "is empty"),
    ("Ana\tB", "holds an invisible or control character"),
    ("Ana\u202e", "holds an invisible or control character"),
])
def test_names_the_trick_syntax_cannot_carry_are_refused(name, why):
    errs = kit.errors("english", [name, "Ben", "Cleo"], [["K5: Ben R5, Cleo G4, Ben Y2"]])
    assert len(errs) == 1
    assert "is not valid: it " + why in errs[0].message
    assert errs[0].message.endswith(N.RULE)
    assert errs[0].line == 1


def test_names_equal_up_to_case_are_refused_with_the_rule():
    errs = kit.errors("english", ["Ana", "ana", "Ben"], [["K5: Ana R5, ana G4, Ben Y2"]])
    assert [e.message for e in errs] == [
        "players 'Ana' and 'ana' differ only in case: trick lines match names case-insensitively, "
        "so two players need names that differ in more than case"]
    # An NFD and an NFC spelling are the very same name.
    errs = kit.errors("english", ["José", JOSE_NFD, "Ben"], [["K5: José R5, Ben G4"]])
    assert [e.message for e in errs] == ["player 'José' appears twice: names must be unique"]


def test_a_misspelled_name_is_one_located_error():
    errs = kit.errors("english", ["Ana Maria", "Ben", "Cleo"], [["K5: Ana R5, Ben G4, Cleo Y2"]])
    assert [(e.trick, e.player, e.message) for e in errs] == [
        (1, "Ana", "'Ana' is not a player (did you mean 'Ana Maria'?)")]


def test_deal_and_simulate_take_such_names(tmp_path):
    assert parse_names(f"Ana Maria, {JOSE_NFD},ben", None) == ("Ana Maria", "José", "ben")
    with pytest.raises(ValueError, match="differ only in case"):
        parse_names("Ana,ana,Ben", None)
    with pytest.raises(ValueError, match="has 33 characters"):
        parse_names("A" * 33 + ",B,C", None)
    out = tmp_path / "deal.toml"
    res = bids("deal", "-r", "italian", "--names", "Ana Maria,José,Dr. No", "--seed", "3", "--out", str(out))
    assert res.exit_code == 0, res.output
    played = tmp_path / "played.toml"
    res = bids("simulate", str(out), "--seed", "1", "--out", str(played))
    assert res.exit_code == 0, res.output
    assert 'hands."Ana Maria"' in played.read_text(encoding="utf-8")
    res = bids("validate", str(played))
    assert res.exit_code == 0, res.output
    res = bids("score", str(played), "--format", "json")
    assert res.exit_code == 0 and '"Dr. No"' in res.stdout


# -- property: the way a name is written in the tricks does not change the score ----------------

_LETTERS = st.sampled_from(list("aeiouAEIOUéÉèçÇñÑøØßxyzXYZ"))
_WORD = st.text(_LETTERS, min_size=1, max_size=6)
_NAME = st.lists(_WORD, min_size=1, max_size=3).map(" ".join).filter(lambda n: len(n) <= 32)


def _variant(name: str, how: int) -> str:
    """One way of writing ``name`` in a trick line: case, NFD, doubled spaces."""
    if how == 0:
        return name.upper()
    if how == 1:
        return name.lower()
    if how == 2:
        return unicodedata.normalize("NFD", name)
    return name.replace(" ", "  ")


@settings(deadline=None)
@given(st.lists(_NAME, min_size=3, max_size=3, unique_by=N.key), st.lists(st.integers(0, 3), min_size=9,
                                                                            max_size=9))
def test_names_written_any_way_score_the_same(players, hows):
    a, b, c = players
    lines = ["K5: {a} R5, {b} G4, {c} Y7", "K3: {c} R9, {a} G2, {b} Y1", "K8: {c} R1, {a} G9, {b} Y2"]
    plain = [ln.format(a=a, b=b, c=c) for ln in lines]
    it = iter(hows)
    written = [ln.format(**{k: _variant(v, next(it)) for k, v in (("a", a), ("b", b), ("c", c))}) for ln in lines]
    base = kit.play("english", players, [plain])
    other = kit.play("english", [unicodedata.normalize("NFD", p) for p in players], [written])
    assert other.players == base.players == tuple(unicodedata.normalize("NFC", p) for p in players)
    assert other.totals == base.totals
    assert kit.winners(other) == kit.winners(base) == [c, c, a]


def test_a_name_misspelled_in_players_is_one_error_at_the_players_line(tmp_path):
    # Issue 23, item 7: one error at `players`, not one per trick line.
    from bidscli.app import api

    text = (Path(__file__).parent.parent / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    p = tmp_path / "typo.toml"
    p.write_text(text.replace('players = ["Ana"', 'players = ["Aan"', 1), encoding="utf-8")
    errors = [str(e) for e in api.validate(p)]
    line = text[: text.index("players = [")].count("\n") + 1
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{p}:{line}: 'Aan' in players, but the rounds name 'Ana' on ")
    assert errors[0].endswith("lines and never 'Aan': probably a typo in players (expected \"Ana\")")
