"""A burned Surprise written as seen (log.md, issue 8 item 1).

When a revealed Surprise's trick burns and its hidden prize stays on the pile
(surprise.on_burn = stays, every bundled ruleset), nobody turned the hidden card
over: the canonical line is ``Surprise: ...`` and the next trick reveals the card
as usual. ``Surprise K8: ...`` stays accepted when the next prize is that K8.

The hand-worked round (3 players, Surprise option), plays in seating order from
each leader:
  1. K5: Ana R5, Ben G4, Cleo Y7      -> Cleo takes 5 (highest bid Y7); Cleo leads
  2. Surprise: Cleo R6, Ana G6, Ben Y1 -> tie on 6 (Cleo R6, Ana G6): burned; Ana played the
     last tied card and leads; the hidden K8 stays on the pile
  3. K8: Ana R9, Ben G2, Cleo Y3      -> Ana takes 8 (highest bid R9); Ana leads
  4. K3: Ana Y2, Ben R8, Cleo G1      -> Ben takes 3 (highest bid R8)
Standings after round 1, trick 4 (an unfinished round: no lucky loser):
Ana 8, Ben 3, Cleo 5.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.core.errors import IllegalPlayError
from bidscli.rules.ruleset import deck_for, load_ruleset

from . import kit
from .test_bots import simulated, validate_text

# Every bundled ruleset (and the spanish alias) keeps a burned hidden prize: surprise.on_burn = stays.
ACCEPTING = ["italian", "english", "spanish", "japanese"]
P3 = ["Ana", "Ben", "Cleo"]
SUR = {"surprise": True}
SEEN = ["K5: Ana R5, Ben G4, Cleo Y7", "Surprise: Cleo R6, Ana G6, Ben Y1",
        "K8: Ana R9, Ben G2, Cleo Y3", "K3: Ana Y2, Ben R8, Cleo G1"]
TURNED = [SEEN[0], "Surprise K8: Cleo R6, Ana G6, Ben Y1"] + SEEN[2:]
BLANK = [": " + line.split(": ", 1)[1] for line in SEEN]  # a pile given, revealed parts left out
WINNERS = ["Cleo", None, "Ana", "Ben"]
LEADERS = ["Ana", "Cleo", "Ana", "Ana"]
TOTALS = {"Ana": 8, "Ben": 3, "Cleo": 5}


def pile_for(rs: str, top=("K5", "Surprise", "K8", "K3"), in_hands="K10") -> list[str]:
    """A full pile for this deck: ``top`` first, then the other black cards but one (in a hand)."""
    deck = deck_for(load_ruleset(rs), 3, load_ruleset(rs).table_options(SUR))
    rest = [str(c) for c in deck.black_deck if str(c) not in top and str(c) != in_hands]
    pile = list(top) + rest
    assert len(pile) == deck.pile_size
    return pile


def check(res):
    assert kit.winners(res) == WINNERS
    assert kit.leaders(res) == LEADERS
    assert res.totals == TOTALS
    assert [p for p, _ in res.ranking] == ["Ana", "Cleo", "Ben"]
    burned = res.rounds[0].tricks[1]
    assert burned.hidden and burned.burned and burned.points == 0
    assert [str(c) for c in burned.written] == ["Surprise"]
    assert [str(c) for c in res.rounds[0].tricks[2].revealed] == ["K8"]


@pytest.mark.parametrize("rs", ACCEPTING)
def test_surprise_written_as_seen_without_a_pile(rs):
    check(kit.play(rs, P3, [SEEN], options=SUR))


@pytest.mark.parametrize("rs", ACCEPTING)
def test_surprise_written_turned_over_is_still_accepted(rs):
    res = kit.play(rs, P3, [TURNED], options=SUR)
    check(res)
    # The turned-over form shows the card it names; the canonical form is written back.
    assert [str(c) for c in res.rounds[0].tricks[1].revealed] == ["Surprise", "K8"]


@pytest.mark.parametrize("rs", ACCEPTING)
@pytest.mark.parametrize("lines", [SEEN, TURNED, BLANK, [BLANK[0], SEEN[1]] + BLANK[2:]],
                         ids=["seen", "turned", "blank", "seen-then-blank"])
def test_surprise_written_as_seen_with_a_pile(rs, lines):
    check(kit.play(rs, P3, [lines], options=SUR, piles=[pile_for(rs)]))


@pytest.mark.parametrize("rs", ACCEPTING)
def test_the_given_pile_must_agree(rs):
    # The pile says K9 is under the Surprise: 'Surprise K8' disagrees with it, and so does trick 3.
    pile = pile_for(rs, top=("K5", "Surprise", "K9", "K8", "K3"))
    errs = kit.errors(rs, P3, [TURNED], options=SUR, piles=[pile])
    assert errs[0].message == "revealed K8, but the next pile card is K9 (Surprise hides the next pile card)"
    assert errs[0].trick == 2
    # Written as seen, the hidden card is the pile's K9: trick 3 must reveal it.
    errs = kit.errors(rs, P3, [SEEN], options=SUR, piles=[pile])
    assert (errs[0].trick, errs[0].message) == (3, "revealed K8, but the next pile card is K9 (the prize of this trick)")


@pytest.mark.parametrize("rs", ACCEPTING)
def test_turned_over_form_needs_the_same_card_next(rs):
    lines = [TURNED[0], TURNED[1], "K2: Ana R9, Ben G2, Cleo Y3"]
    errs = kit.errors(rs, P3, [lines], options=SUR)
    assert [(e.trick, e.message) for e in errs] == [(3, "revealed K2, but the next pile card is K8 (the prize of this trick)")]


@pytest.mark.parametrize("rs", ACCEPTING)
def test_a_won_hidden_prize_must_be_written(rs):
    # Trick 2 without the tie: Cleo's R7 wins the hidden card, so it was turned over.
    lines = [SEEN[0], "Surprise: Cleo R7, Ana G6, Ben Y1"]
    errs = kit.errors(rs, P3, [lines], options=SUR)
    assert [e.message for e in errs] == [
        "Cleo won the hidden prize, so it was turned over: write 'Surprise <card>: ...' "
        "(only a burned trick leaves it unseen on the pile, surprise.on_burn = stays)"]
    assert isinstance(errs[0], IllegalPlayError) and (errs[0].round, errs[0].trick, errs[0].player) == (1, 2, "Cleo")
    # With a pile the card is known, and the message names it.
    errs = kit.errors(rs, P3, [lines], options=SUR, piles=[pile_for(rs)])
    assert [e.message for e in errs] == [
        "Cleo won the hidden prize, so it was turned over: write 'Surprise K8: ...' "
        "(only a burned trick leaves it unseen on the pile, surprise.on_burn = stays)"]


@pytest.mark.parametrize("rs", ACCEPTING)
def test_discarded_hidden_prize_is_still_written(rs):
    # surprise.on_burn = discard: the card leaves the round, so the log must say which it was.
    errs = kit.errors(rs, P3, [SEEN], options=SUR, knobs={"surprise.on_burn": "discard"})
    assert errs and errs[0].trick == 2 and "write 'Surprise <card>'" in errs[0].message


@pytest.mark.parametrize("rs", ["italian", "english", "japanese"])
def test_simulate_writes_the_canonical_form(rs):
    # Bots burn a revealed Surprise now and then: every such trick is written 'Surprise: ...'
    # (its hidden card stayed, unseen), every won one 'Surprise <card>: ...', and the log
    # scores as the bots' game did.
    opts = {"surprise": True}
    seen = turned = 0
    for seed in range(60):
        text, result = simulated(rs, 3, opts, seed=seed, bots=["random"] * 3)
        lines = [line.strip().rstrip(",")[1:-1] for line in text.splitlines() if line.startswith('  "')]
        tricks = [t for r in result.rounds for t in r.tricks]
        assert len(lines) == len(tricks)
        for line, t in zip(lines, tricks):
            head = line.split(":", 1)[0].split()
            if t.hidden and t.centre is not None:
                if t.stayed:
                    seen += 1
                    assert head[-1] == "Surprise", line
                else:
                    turned += 1
                    assert head[-2:] == ["Surprise", str(t.centre)], line
        errors, replayed = validate_text(text, rs)
        assert errors == [] and replayed.totals == result.totals
        if seen and turned:
            break
    assert seen and turned, (seen, turned)


# -- property: the two forms of a burned Surprise score the same, with or without the deal ------

def _turned_over(text: str) -> tuple[str, int]:
    """``text`` with every 'Surprise: ...' written 'Surprise <card>: ...', the card being the
    first one the next trick of the round reveals; and how many lines were rewritten."""
    lines = text.splitlines()
    count = 0
    for i, line in enumerate(lines[:-1]):
        nxt = lines[i + 1]
        if line.startswith('  "Surprise:') and nxt.startswith('  "') and not nxt.startswith('  ":'):
            card = nxt.strip().strip('"').split(":", 1)[0].split()[0]
            lines[i] = line.replace('"Surprise:', f'"Surprise {card}:', 1)
            count += 1
    return "\n".join(lines) + "\n", count


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), rs=st.sampled_from(["italian", "english", "japanese"]), deal=st.booleans())
def test_both_forms_of_a_burned_surprise_score_the_same(seed, rs, deal):
    text, result = simulated(rs, 3, SUR, seed=seed, bots=["random"] * 3)
    if not deal:
        text = re.sub(r"(hands\.\w+ *=.*|removed =.*|pile =.*)\n", "", text)
    turned, _ = _turned_over(text)
    for form in (text, turned):
        errors, replayed = validate_text(form, rs)
        assert errors == [], [str(e) for e in errors]
        assert replayed.totals == result.totals


@pytest.mark.parametrize("rs,seed", [("italian", 0), ("english", 1), ("japanese", 0)])
def test_a_game_with_a_burned_surprise_in_both_forms(rs, seed):
    # The property above on games known to burn a revealed Surprise (it is not vacuous).
    text, result = simulated(rs, 3, SUR, seed=seed, bots=["random"] * 3)
    turned, count = _turned_over(text)
    assert count == 1 and turned != text
    for form in (text, turned, re.sub(r"(hands\.\w+ *=.*|removed =.*|pile =.*)\n", "", turned)):
        errors, replayed = validate_text(form, rs)
        assert errors == [] and replayed.totals == result.totals
