"""bids diff and bids disputes in each language (issue 34 item 1): the text is the player's
language (the goldens, tests/golden/cli/lang/<lang>/diff.txt and disputes.txt), the JSON stays
English, byte for byte, whatever the language."""

from __future__ import annotations

import re

import pytest

from . import golden_cli as G

RUNS = [["diff", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "--format", "json", "--explain"],
        ["disputes", "examples/thief-6p.toml", "-r", "italian", "--format", "json"]]


@pytest.mark.parametrize("lang", ["it", "es", "ja"])
@pytest.mark.parametrize("argv", RUNS, ids=["diff", "disputes"])
def test_the_json_is_english_in_every_language(lang, argv):
    def run(code: str) -> str:  # (the time a search took is no part of what is compared)
        return re.sub(r'"seconds": [0-9.e-]+', '"seconds": 0', G.run(["--lang", code, *argv]))

    assert run(lang).replace(f"--lang {lang}", "--lang en") == run("en")


SAID = {
    "it": ("Prima divergenza: round 3, presa 5", "Chi vince: ", "Ogni parametro cambiato da solo:"),
    "es": ("Primera divergencia: ronda 3, baza 5", "Quién gana: ", "Cada parámetro cambiado por sí solo:"),
    "ja": ("最初に分かれるところ：ラウンド3、トリック5", "勝者：", "設定項目を1つずつ変えた場合："),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_text_is_in_the_language(lang):
    diff = (G.GOLDEN / "lang" / lang / "diff.txt").read_text(encoding="utf-8")
    disputes = (G.GOLDEN / "lang" / lang / "disputes.txt").read_text(encoding="utf-8")
    first, who, alone = SAID[lang]
    assert first in diff and who in diff and alone in disputes
    for english in ("First divergence", "Who wins:", "Every other place", "Scores (round by round",
                    "Each knob changed alone", "Smallest sets of knob changes", "Base result"):
        assert english not in diff + disputes, english


# What a rule's value means, in the language's words, and the rule named by its title alone
# (the label "2x doubles: this round / the whole game" split at its colon, which Japanese writes "："):
WORDS = {
    "it": ("    italian: questo round (round;", "= il 2x raddoppia (double.scope)"),
    "es": ("    italian: esta ronda (round;", "= el 2x dobla (double.scope)"),
    "ja": ("    italian：このラウンド（round;", "= 2x で2倍になる得点（double.scope）"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_knob_s_values_are_said_in_the_language_and_its_title_alone(lang):
    diff = (G.GOLDEN / "lang" / lang / "diff.txt").read_text(encoding="utf-8")
    value, title = WORDS[lang]
    assert value in diff and title in diff
    for english in ("this round", "the whole game", "for enough -5 wins", "shared by the most"):
        assert english not in diff, english


def test_a_japanese_list_in_a_sentence_is_joined_with_the_japanese_comma():
    replay = G.run(["--lang", "ja", "replay", "examples/first-game-ja.toml"])
    assert "合計：アキラ 48、ユミ 14、ケン 14" in replay
    disputes = (G.GOLDEN / "lang" / "ja" / "disputes.txt").read_text(encoding="utf-8")
    assert "順位 Ada 46、Bo 42、Eli 41、Fay 39、Cy 32、Dee 22" in disputes
    assert "Totals: Anna 48, Bruno 14, Carla 14" in G.run(["--lang", "en", "replay", "examples/first-game-it.toml"])


def test_a_japanese_and_sets_names_apart_but_not_japanese_words():
    # と written without spaces meets a name or a card with one, as Japanese sets Latin text apart
    # ("Ana と Ben"), and stays close to Japanese words ("キリル文字とラテン文字").
    from bidscli.core.i18n import Listed

    assert Listed(["Ana", "Ben"]).in_language("ja") == "Ana と Ben"
    assert Listed(["Ana", "Ben", "Cy"]).in_language("ja") == "Ana、Ben と Cy"
    assert Listed(["キリル文字", "ラテン文字"]).in_language("ja") == "キリル文字とラテン文字"
    assert Listed(["english", "japanese"]).in_language("en") == "english and japanese"
    disputes = (G.GOLDEN / "lang" / "ja" / "disputes.txt").read_text(encoding="utf-8")
    assert "english と japanese" in disputes and "englishとjapanese" not in disputes
