"""Color Bids (rules.md "Color Bids" and fine print): the EN and IT worked
examples, color_bids.mode, center_can_win, center_burn_leader, the Ally and the
special black cards, and Color Bids in lowest-wins mode, under each ruleset.

EN "Color Bids": the highest card of the colour that appears most on the table
wins; the count of black is always one more (the centre card), and the centre
card can win too (then nobody wins). IT "Colore delle Offerte": the most
frequent colour first, then the highest number of that colour; black cards
count in black with the centre card; same colour count and same number: burned,
and whoever burned it leads.
"""

import pytest

from . import kit

RULESETS = ["italian", "english", "japanese"]
P4 = ["Ana", "Ben", "Cleo", "Dev"]
COLOR = {"color_bids": True}


# -- the worked examples ---------------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_en_example_green_appears_twice(rs):
    # EN: R5, G4, Y7, G5: green twice (black once, the centre K3): G5 (Dev) wins, not Y7. 3 points.
    res = kit.play(rs, P4, [["K3: Ana R5, Ben G4, Cleo Y7, Dev G5"]], options=COLOR)
    assert kit.winners(res) == ["Dev"]
    assert res.rounds[0].tricks[0].reason == "Color Bids: G5 best of green"
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dev": 3}


@pytest.mark.parametrize("rs,knob,next_leader", [
    (rs, v, lead) for rs in RULESETS for v, lead in (("same", "Ana"), ("next", "Ben"))])
def test_en_example_centre_card_burns_and_who_leads(rs, knob, next_leader):
    # EN: centre K8; R5, G4, G7, K5: black 2 (K8, K5) and green 2; the best of them is K8, the
    # centre: nobody wins. color_bids.center_burn_leader: same -> Ana (its leader) leads again;
    # next -> the seat after her, Ben. Trick 2: every colour once (+ black K2): R9 (Ana) takes 2.
    second = {"Ana": "K2: Ana R9, Ben G2, Cleo Y3, Dev B4", "Ben": "K2: Ben G2, Cleo Y3, Dev B4, Ana R9"}
    res = kit.play(rs, P4, [["K8: Ana R5, Ben G4, Cleo G7, Dev K5", second[next_leader]]], options=COLOR,
                   knobs={"color_bids.center_burn_leader": knob})
    assert kit.winners(res) == [None, "Ana"]
    assert kit.leaders(res) == ["Ana", next_leader]
    assert res.rounds[0].tricks[0].reason == "Color Bids: the centre card K8 is best: burned"
    assert res.totals == {"Ana": 2, "Ben": 0, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_center_can_win_false(rs):
    # The same trick, the centre K8 still counts black (2) but cannot win: black's best is K5,
    # green's G7: G7 (Cleo) takes K8 + K5 = 13.
    res = kit.play(rs, P4, [["K8: Ana R5, Ben G4, Cleo G7, Dev K5"]], options=COLOR,
                   knobs={"color_bids.center_can_win": False})
    assert kit.winners(res) == ["Cleo"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 8 + 5, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_it_same_count_same_number_burns_and_the_burner_leads(rs):
    # IT: red, green, yellow, blue, black once each; R5 and G5 tie: burned, Ben (the later 5)
    # leads. Trick 2: Y8 (Cleo) takes K4.
    res = kit.play(rs, P4, [["K3: Ana R5, Ben G5, Cleo Y2, Dev B1", "K4: Ben G1, Cleo Y8, Dev B2, Ana R3"]],
                   options=COLOR)
    assert kit.winners(res) == [None, "Cleo"]
    assert kit.leaders(res) == ["Ana", "Ben"]
    assert res.rounds[0].tricks[0].reason == "Color Bids: tie R5 and G5: burned"
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 4, "Dev": 0}


@pytest.mark.parametrize("rs,knob", [(rs, v) for rs in RULESETS for v in ("same", "next")])
def test_tie_with_the_centre_card_burner_leads_whatever_center_burn_leader(rs, knob):
    # Fine print: every colour once; Y8 ties the centre K8: burned, Cleo (the last tied card)
    # leads; center_burn_leader applies only when the centre alone is best.
    res = kit.play(rs, P4, [["K8: Ana R1, Ben G2, Cleo Y8, Dev B3", "K4: Cleo Y1, Dev B2, Ana R3, Ben G9"]],
                   options=COLOR, knobs={"color_bids.center_burn_leader": knob})
    assert kit.winners(res) == [None, "Ben"]
    assert kit.leaders(res) == ["Ana", "Cleo"]


# -- color_bids.mode ----------------------------------------------------------------------


@pytest.mark.parametrize("rs,mode,winner", [
    (rs, m, w) for rs in RULESETS for m, w in (("majority_first", "Dev"), ("number_first", "Ana"))])
def test_mode_majority_first_vs_number_first(rs, mode, winner):
    # R9, G4, Y7, G5 (+ centre K3): majority_first: green (2) first, G5 (Dev) wins;
    # number_first: the highest number R9 (Ana) wins. 3 points either way.
    res = kit.play(rs, P4, [["K3: Ana R9, Ben G4, Cleo Y7, Dev G5"]], options=COLOR,
                   knobs={"color_bids.mode": mode})
    assert kit.winners(res) == [winner]
    assert res.totals[winner] == 3


@pytest.mark.parametrize("rs", RULESETS)
def test_number_first_equal_numbers_the_more_frequent_colour_wins(rs):
    # R5 and G5 are the highest; green counts 2 (G5, G2), red 1: G5 (Ben) takes K3.
    res = kit.play(rs, P4, [["K3: Ana R5, Ben G5, Cleo G2, Dev Y1"]], options=COLOR,
                   knobs={"color_bids.mode": "number_first"})
    assert kit.winners(res) == ["Ben"]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_number_first_centre_card_chosen_burns(rs):
    # R8 and the centre K8 are the highest; black counts 2 (K8, K5), red 1: the centre: burned.
    res = kit.play(rs, P4, [["K8: Ana R8, Ben G4, Cleo K5, Dev Y2"]], options=COLOR,
                   knobs={"color_bids.mode": "number_first"})
    assert kit.winners(res) == [None]
    assert res.rounds[0].tricks[0].reason == "Color Bids: the centre card K8 is best: burned"


# -- the Ally and special black cards ---------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_ally_counts_for_no_colour(rs):
    # R5, Ally, K2, R4 (+ centre K3): red 2, black 2; best R5 beats K3: Ana takes K3 + K2 = 5,
    # Ben is her ally. Had the Ally counted black (3), the centre K3 would have burned it.
    res = kit.play(rs, P4, [["K3: Ana R5, Ben Ally, Cleo K2, Dev R4"]], options={**COLOR, "ally": True})
    assert kit.winners(res) == ["Ana"]
    assert res.rounds[0].tricks[0].points == 5
    assert res.totals == {"Ana": 5, "Ben": 0, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs,players", [("italian", None), ("english", None), ("japanese", 6)])
def test_special_black_card_counts_black_but_never_wins(rs, players):
    # R5, -5, Y7, G4 (+ centre K3): black counts 2 (K3 and the -5), every other colour 1: black
    # leads, and its best card is the centre K3 (the -5 has no number): burned. Had the -5 not
    # counted, Y7 would win. (-5 in the deck: IT by the minus_five option, JA only at 6 players,
    # where Eve adds blue once and Fay the Ally, which counts for no colour.)
    names = P4 if players is None else P4 + ["Eve", "Fay"]
    plays = "Ana R5, Ben -5, Cleo Y7, Dev G4" + (", Eve B1, Fay Ally" if players else "")
    opts = {**COLOR, "minus_five": rs == "italian"}
    res = kit.play(rs, names, [[f"K3: {plays}"]], options=opts)
    assert kit.winners(res) == [None]
    # With center_can_win = false, black has no card that can win and is passed over:
    # Y7 (Cleo) takes K3 and the -5: 3 - 5 = -2.
    res = kit.play(rs, names, [[f"K3: {plays}"]], options=opts, knobs={"color_bids.center_can_win": False})
    assert kit.winners(res) == ["Cleo"]
    assert res.totals["Cleo"] == -2


@pytest.mark.parametrize("rs,players", [("italian", 6), ("english", None), ("japanese", 6)])
def test_special_centre_card_counts_black_but_never_wins(rs, players):
    # Centre 2x (IT and JA: only in the 6-player deck): black counts 2 (2x, K1): the best black
    # card is K1 (Cleo), who takes 2x + K1: 1 point, doubled to 2. (At 6 players Eve adds blue
    # once and Fay the Ally.)
    names = P4 if players is None else P4 + ["Eve", "Fay"]
    plays = "Ana R5, Ben G4, Cleo K1, Dev Y7" + (", Eve B2, Fay Ally" if players else "")
    res = kit.play(rs, names, [[f"2x: {plays}"]], options={**COLOR, "ally": bool(players)})
    assert kit.winners(res) == ["Cleo"]
    assert res.totals["Cleo"] == 2


# -- Color Bids in lowest-wins mode ----------------------------------------------------------


@pytest.mark.parametrize("rs", RULESETS)
def test_color_bids_in_lowest_mode(rs):
    # Lowest revealed, K3 the prize: green counts 2 and leads; its lowest card G4 (Ben) wins,
    # not Y1 (yellow counts 1). 3 points.
    opts = {**COLOR, "lowest": True}
    res = kit.play(rs, P4, [["Lowest K3: Ana R5, Ben G4, Cleo Y1, Dev G5"]], options=opts)
    assert kit.winners(res) == ["Ben"]
    assert res.totals == {"Ana": 0, "Ben": 3, "Cleo": 0, "Dev": 0}


@pytest.mark.parametrize("rs", RULESETS)
def test_centre_card_is_the_lowest_black_in_lowest_mode(rs):
    # Centre K1 with K3 played: black counts 2 and leads; the lowest black is the centre K1:
    # burned, Ana leads again. In highest mode the same plays give K3 (Dev) K1 + K3 = 4.
    opts = {**COLOR, "lowest": True}
    res = kit.play(rs, P4, [["Lowest K1: Ana R5, Ben G4, Cleo Y7, Dev K3"]], options=opts)
    assert kit.winners(res) == [None]
    assert res.rounds[0].tricks[0].next_leader == "Ana"
    res = kit.play(rs, P4, [["K1: Ana R5, Ben G4, Cleo Y7, Dev K3"]], options=opts)
    assert kit.winners(res) == ["Dev"]
    assert res.totals == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dev": 4}


def test_a_line_naming_a_player_twice_under_lowest_is_one_error_not_a_crash():
    # Cleo plays in Ben's place (the Ally), then her own card: the trick is resolved (Lowest,
    # Color Bids: green twice, G7 lowest) and her bid, not the Ally, says why she leads next.
    errs = kit.errors("english", ["Ana", "Ben", "Cleo", "Dev", "Eva"],
                      [["Lowest K9: Ana B6, Cleo Ally, Cleo G7, Dev G9, Eva Y4"]],
                      options={"color_bids": True, "lowest": True, "ally": True})
    assert [e.message for e in errs] == [
        "Cleo played in place of Ben: after Ana it is Ben's turn (clockwise from the leader Ana, seat 1 of players "
        "leads round 1: game.first_leader = rotate)"]
