"""The comparison page names what differs at a trick whose winner is the same under every
ruleset (bids report -r A -r B): the cells alone would look alike."""

from __future__ import annotations

import html
import json
import re

from click.testing import CliRunner

from bidscli.cli.main import main


def bids(*args):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res.stdout


def page_text(path) -> str:
    """The page as a reader sees it: tags and scripts gone, spaces collapsed."""
    raw = path.read_text(encoding="utf-8")
    raw = re.sub(r"<(script|style)\b.*?</\1>", " ", raw, flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", raw)).split())


def trick_text(text: str, trick: str, following: str) -> str:
    start = text.index(f" {trick} parts")
    return text[start:text.index(f" {following} ", start)]


def test_thief_6p_italian_and_english_part_only_on_what_the_2x_doubles(tmp_path):
    # thief-6p, trick 3.5: Cy wins the 2x holding 3 round points under both rulesets; english
    # (double.scope = game) doubles the 15 Cy banked in rounds 1-2 too, italian (round) does not.
    out = tmp_path / "cmp.html"
    bids("report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "--out", out)
    row = trick_text(page_text(out), "3.5", "3.6")
    assert "2x doubles Cy’s round points 3 → 6 why" in row  # italian's cell
    assert "2x doubles Cy’s round points 3 → 6, banked total 15 → 30 why" in row  # english's cell
    assert row.endswith("Cy wins under both rulesets; what differs: what the 2x doubles.")
    doc = json.loads(bids("report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "--format", "json"))
    rows = {(r["round"], r["trick"]): r for r in doc["tricks"]}
    assert rows[(3, 5)]["differs"] == ["banked points (2x)"]
    assert [c["doubled"] for c in rows[(3, 5)]["cells"]] == [{"from": 3, "to": 6, "banked": None},
                                                            {"from": 3, "to": 6, "banked": 15}]
    assert all(r["same_winner"] is None for k, r in rows.items() if k != (3, 5))


def test_a_house_rule_that_parts_only_the_banked_total(tmp_path):
    # friday-4p under english and the house ruleset (double.scope = round): trick 3.9, Dev wins
    # the 2x with 0 round points; english doubles the 21 banked, the house rules do not.
    out = tmp_path / "cmp.html"
    bids("report", "examples/friday-4p.toml", "-r", "english", "-r", "examples/house.toml", "--out", out)
    row = trick_text(page_text(out), "3.9", "3.10")
    assert "banked total 21 → 42" in row
    assert row.endswith("Dev wins under both rulesets; what differs: what the 2x doubles.")


def test_no_sentence_where_the_winners_differ(tmp_path):
    doc = json.loads(bids("report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "-r", "japanese",
                          "--format", "json"))
    for r in doc["tricks"]:
        winners = {c["winner"] for c in r["cells"] if c["known"]}
        if len(winners) > 1:
            assert r["same_winner"] is None and "winner" in r["differs"]
        elif r["parts"] and all(c["known"] for c in r["cells"]):
            assert r["same_winner"].startswith(("Burned under every ruleset", f"{winners.pop()} wins under every "))
