"""What the recorder says about an accepted trick: a won 2x, a Thief kept for later, the end.

Hand-worked games, typed in the recorder's short form (cards only, from the leader).
"""

from __future__ import annotations

import pytest

from bidscli.app.record import Recorder
from bidscli.rules.ruleset import load_ruleset

SIX = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay")
THREE = ("Vale", "Ana", "Ben")


def recorder(path, ruleset, players, rounds=None, options=None):
    rs = load_ruleset(str(ruleset))
    return Recorder(str(path), str(ruleset), rs, players, {"thief": True} if options is None else options,
                    game_rounds=rounds)


def said(out) -> str:
    """An outcome's lines as one text, the wrapping undone, without the echo of the cards played
    that comes first (indented; test_card_words checks it)."""
    assert not out.error, out.lines
    lines = list(out.lines)
    while lines and lines[0].startswith(" "):
        lines.pop(0)
    return " ".join(" ".join(lines).split())


# Round 1 at three players (english): Vale wins every trick with 10s, 9s, 8s and R7 (K9, then
# K1 to K8: 45), Ana and Ben win none (lucky losers, 12 each); the Thief turns up last.
ROUND_ONE = [
    f"{k}: {v} {a} {b}" for k, v, a, b in zip(
        ["K9", "K1", "K2", "K3", "K4", "K5", "K6", "K7", "K8", "Thief"],
        ["R10", "G10", "Y10", "R9", "G9", "Y9", "R8", "G8", "Y8", "R7"],
        ["R1", "G1", "Y1", "R2", "G2", "Y2", "R3", "G3", "Y3", "R4"],
        ["G4", "Y4", "R5", "G5", "Y5", "R6", "G7", "Y6", "Y7", "G6"])]


def test_a_won_2x_says_what_it_doubled_round_and_banked_total(tmp_path):
    rec = recorder(tmp_path / "g.toml", "english", THREE)
    outs = [rec.feed(x) for x in ROUND_ONE]
    assert said(outs[-1]).startswith("R1 T10: Vale +0 (highest bid R7)")
    assert "Round 1 scores: Vale 45, Ana 12, Ben 12 (lucky loser Ana 12, Ben 12)" in said(outs[-1])
    assert said(rec.feed("K9: R1 R2 R10")).startswith("R2 T1: Vale +9 (highest bid R10)")  # Ana leads round 2
    # double.scope = game (EN): the round's 9 and the banked 45 both double, in replay's words.
    assert said(rec.feed("2x: R9 R3 R4")) == (
        "R2 T2: Vale +0 (highest bid R9); 2x doubles Vale's round points 9 -> 18, banked total 45 -> 90 "
        "round: Vale 18, Ana 0, Ben 0 Vale leads T3")


@pytest.mark.parametrize("ruleset, banked", [("italian", ""), ("english", ", banked total 0 -> 0"),
                                             ("japanese", ", banked total 0 -> 0")])
def test_a_won_2x_at_six_players_under_each_ruleset(tmp_path, ruleset, banked):
    # 2x is in every bundled 6-player deck. Cy takes K5 (5), then the 2x: 5 -> 10; the banked
    # total doubles too where double.scope = game (EN, JA), not under italian (round).
    rec = recorder(tmp_path / "g.toml", ruleset, SIX)
    assert said(rec.feed("K5: R5 G4 Y7 B1 R2 G2")).startswith("R1 T1: Cy +5 (highest bid Y7)")
    assert said(rec.feed("2x: R14 G3 Y3 B2 R3 G5")) == (
        f"R1 T2: Cy +0 (highest bid R14); 2x doubles Cy's round points 5 -> 10{banked} "
        "round: Ada 0, Bo 0, Cy 10, Dee 0, Eli 0, Fay 0 Cy leads T3")


@pytest.mark.parametrize("ruleset", ["english", "japanese"])
def test_a_thief_won_with_nothing_to_steal_is_kept_where_the_right_waits(tmp_path, ruleset):
    rec = recorder(tmp_path / "g.toml", ruleset, SIX)
    rec.feed("K5: R5 G4 Y7 B1 R2 G2")  # Cy +5
    # Cy leads and wins the Thief with B14; the weakest bid is Dee's B3, and Dee holds nothing.
    text = said(rec.feed("Thief: B14 B3 Y4 Y5 Y6 B4"))
    assert text.startswith("R1 T2: Cy +0 (highest bid B14) | round: Ada 0, Bo 0, Cy 5, Dee 0, Eli 0, "
                           "Fay 0 | Cy leads T3")
    assert text.endswith(
        "Cy keeps the Thief: one steal at the end of a later trick of this round (nothing to steal now: "
        "the weakest bidder (Dee) holds no black card to take (thief.pool = game); thief.timing = "
        "deferred, thief.right_lasts = round)")


def test_italian_thief_with_nothing_to_steal_is_not_kept(tmp_path):
    # IT: the Thief steals at once or not at all (thief.timing = immediate); the fallback finds
    # no bidder with a card (Cy, the only one, is never their own victim): nothing is kept.
    rec = recorder(tmp_path / "g.toml", "italian", SIX)
    rec.feed("K5: R5 G4 Y7 B1 R2 G2")
    text = said(rec.feed("Thief: B14 B3 Y4 Y5 Y6 B4"))
    assert text == "R1 T2: Cy +0 (highest bid B14) | round: Ada 0, Bo 0, Cy 5, Dee 0, Eli 0, Fay 0 | Cy leads T3"


@pytest.mark.parametrize("ruleset", ["english", "japanese"])
def test_a_thief_passed_on_is_kept_and_used_later(tmp_path, ruleset):
    rec = recorder(tmp_path / "g.toml", ruleset, SIX)
    rec.feed("K5: R5 G4 Y7 B1 R2 G2")  # Cy +5
    assert said(rec.feed("K3: R3 R14 Y3 B2 R4 G3")).startswith("R1 T2: Dee +3")
    # Eli wins the Thief; Dee's R1 is the weakest bid and Dee holds K3: Eli may steal, and passes.
    text = said(rec.feed("Thief: R1 B14 Y4 Y5 Y6 B4; Eli passes"))
    assert text.startswith("R1 T3: Eli +0 (highest bid B14)")
    assert text.endswith("Eli keeps the Thief: one steal at the end of a later trick of this round (not used "
                         "at this trick; thief.timing = deferred, thief.right_lasts = round)")
    # At the end of the next trick Eli uses it: Dee's Y2 is the weakest bid again.
    assert said(rec.feed("K4: R12 R11 R10 R9 R8 Y2; Eli steals K3 from Dee")) == (
        "R1 T4: Eli +4 (highest bid R12); Eli steals K3 from Dee (+3) round: Ada 0, Bo 0, Cy 5, Dee 0, "
        "Eli 7, Fay 0 Eli leads T5")


def test_a_thief_won_at_the_last_trick_of_a_round_ends_with_it(tmp_path):
    rec = recorder(tmp_path / "g.toml", "english", THREE)
    outs = [rec.feed(x) for x in ROUND_ONE]
    assert "Vale won the Thief (nothing to steal now: the weakest bidder (Ana) holds no black card to take " \
           "(thief.pool = game)): the round ends here, and an unused right ends with it " \
           "(thief.right_lasts = round)" in said(outs[-1])


def test_a_right_first_usable_at_the_next_trick_says_so(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('name = "house"\nextends = "english"\n[thief]\nfirst_chance = "next_trick"\n', encoding="utf-8")
    rec = recorder(tmp_path / "g.toml", house, SIX)
    rec.feed("K5: R5 G4 Y7 B1 R2 G2")
    text = said(rec.feed("Thief: B14 R1 Y4 Y5 Y6 B4"))  # Dee's R1 is weakest and Dee holds nothing
    assert text.endswith("Cy keeps the Thief: one steal at the end of a later trick of this round (first usable "
                         "at the end of trick 3 (thief.first_chance = next_trick); thief.timing = deferred, "
                         "thief.right_lasts = round)")


def test_game_over_after_one_round_says_one_round(tmp_path):
    rec = recorder(tmp_path / "g.toml", "english", THREE, rounds=1)
    outs = [rec.feed(x) for x in ROUND_ONE]
    assert outs[-1].lines[-1] == "game over (1 round); type quit to stop"


@pytest.mark.parametrize("base", ["italian", "english", "japanese"])
@pytest.mark.parametrize("rounds, said_then", [
    # The game's last trick: no later trick is left to use the right in (thief.right_ends).
    (1, "Vale won the Thief (nothing to steal now: the weakest bidder (Ana) holds no black card to take "
        "(thief.pool = game)): the game ends here, and an unused right ends with it"),
    # A round's last trick, more to come: the right outlives its round.
    (2, "Vale keeps the Thief: one steal at the end of a later trick of the game (nothing to steal now: the "
        "weakest bidder (Ana) holds no black card to take (thief.pool = game); thief.timing = deferred, "
        "thief.right_lasts = game)"),
])
def test_a_right_that_lasts_the_game_won_at_a_rounds_last_trick(tmp_path, base, rounds, said_then):
    house = tmp_path / "house.toml"
    house.write_text(f'name = "house"\nextends = "{base}"\n[thief]\ntiming = "deferred"\nright_lasts = "game"\n'
                     'pool = "game"\n', encoding="utf-8")
    rec = recorder(tmp_path / "g.toml", house, THREE, rounds=rounds)
    outs = [rec.feed(x) for x in ROUND_ONE]
    assert said_then in said(outs[-1])
    assert ("game over" in said(outs[-1])) == (rounds == 1)


@pytest.mark.parametrize("lang, words", [
    ("it", "Vale ha preso il Ladro (niente da rubare ora: "),
    ("es", "Vale se ha llevado el Ladrón (nada que robar ahora: "),
    ("ja", "Vale が Thief を取りました（今は盗めるものがありません："),
])
def test_a_right_ended_by_the_games_end_in_each_language(tmp_path, lang, words):
    from bidscli.core.i18n import set_language

    house = tmp_path / "house.toml"
    house.write_text('name = "house"\nextends = "english"\n[thief]\nright_lasts = "game"\npool = "game"\n',
                     encoding="utf-8")
    rec = recorder(tmp_path / "g.toml", house, THREE, rounds=1)
    outs = [rec.feed(x) for x in ROUND_ONE]
    before = set_language(lang)
    try:
        text = said(outs[-1])
    finally:
        set_language(before)
    ending = {"it": "la partita finisce qui, e un diritto non usato finisce con lei",
              "es": "la partida termina aquí, y un derecho sin usar termina con ella",
              "ja": "ゲームはここで終わり、使っていない権利も一緒に消えます"}[lang]
    # Compared without spaces: a wrapped Japanese line breaks between two characters, and said()
    # joins the lines with a space.
    squashed = "".join(text.split())
    assert "".join(words.split()) in squashed and "".join(ending.split()) in squashed, text
