"""What a player who reads only Italian, Spanish or Japanese stumbled on, read as they read it
(issue 34, "a fresh pair of eyes"): each text here was English, or said the opposite of what
the program does, in that language."""

from __future__ import annotations

import subprocess

import pytest

from . import recordkit as rk


def bids(args: list[str], lines: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """`bids ARGS...` as a player runs it (COLUMNS=100), with LINES on standard input (a pipe)."""
    return subprocess.run([*rk.bids_cmd(), *args], input="".join(f"{x}\n" for x in lines), capture_output=True,
                          text=True, encoding="utf-8", env=rk.env(), cwd=rk.ROOT, timeout=300)

# `bids record --log-lang X` in another output language: the note at the start says in which
# card words the results name cards; they are the output language's (i18n.card_text), not the
# English tokens the note used to name.
LEGEND = {
    ("it", "es"): ('nota: le carte si scrivono e si salvano con i nomi delle carte in spagnolo (lang = "es" '
                   "nel registro: R rojo, V verde, AM amarillo, AZ azul, N negro); i risultati scrivono le "
                   "carte con i nomi delle carte in italiano: R rosso, V verde, G giallo, B blu, N nero"),
    ("es", "ja"): ('nota: las cartas se escriben y se guardan con los nombres de cartas en japonés (lang = '
                   '"ja" en el registro: 赤, 緑, 黄, 青, 黒); los resultados escriben las cartas con los '
                   "nombres de cartas en español: R rojo, V verde, AM amarillo, AZ azul, N negro"),
    ("ja", "it"): ('注意：カードはイタリア語のカード名で入力・保存されます（ゲーム記録の lang = "it"：R rosso、'
                   "V verde、G giallo、B blu、N nero）。結果ではカードを日本語のカード名で表します：赤、緑、黄、青、黒"),
}
PLAYED = {"it": "offerta più alta N7", "es": "puja más alta N7", "ja": "一番高いカード 黒7"}
TRICK = {"es": "N5: R5 V4 N7", "ja": "黒5：赤5、緑4、黒7", "it": "N5: R5 V4 N7"}


@pytest.mark.parametrize(("lang", "log_lang"), sorted(LEGEND))
def test_the_recorder_says_in_which_card_words_its_results_name_cards(tmp_path, lang, log_lang):
    res = bids(["--lang", lang, "record", str(tmp_path / "game.toml"), "--players", "Ana,Ben,Cleo", "-r",
                "english", "--log-lang", log_lang], (TRICK[log_lang],))
    assert res.returncode == 0, res.stderr
    said = " ".join(line.strip() for line in res.stderr.splitlines())
    said = said.replace("、 ", "、")  # (a Japanese line may end at its comma: no space was there)
    assert LEGEND[lang, log_lang] in said
    assert PLAYED[lang] in said  # and the results do name cards so


NOTHING_TO_SCORE = {
    "it": "niente da contare: non è stata ancora giocata nessuna presa (ogni round ha tricks = [])",
    "es": "nada que puntuar: todavía no se ha jugado ninguna baza (cada ronda tiene tricks = [])",
    "ja": "得点を計算できません：まだトリックが1つもプレイされていません（どのラウンドも tricks = [] です）",
    "en": "nothing to score: no trick has been played yet (every round has tricks = [])",
}


@pytest.mark.parametrize("lang", sorted(NOTHING_TO_SCORE))
def test_a_deal_not_played_yet_has_nothing_to_score_in_the_language(tmp_path, lang):
    deal = tmp_path / "deal.toml"
    assert bids(["deal", "-r", "italian", "-p", "4", "--seed", "7", "--out", str(deal)]).returncode == 0
    res = bids(["--lang", lang, "validate", str(deal)])
    assert res.returncode == 1
    assert f"deal.toml:17: {NOTHING_TO_SCORE[lang]}" in res.stdout + res.stderr


REQUIRED = {"it": "[obbligatorio]", "es": "[obligatorio]", "ja": "[必須]", "en": "[required]"}
WRITE_ONE_OUT = {
    "it": "Per scriverne uno su file: bids examples NAME --out NAME.toml (o per mostrarlo: bids examples NAME)",
    "es": "Para escribir uno en un archivo: bids examples NAME --out NAME.toml (o para mostrarlo: bids examples "
          "NAME)",
    "ja": "ファイルに書き出すには：bids examples NAME --out NAME.toml（表示だけなら：bids examples NAME）",
    "en": "Write one out with: bids examples NAME --out NAME.toml (or print it: bids examples NAME)",
}


@pytest.mark.parametrize("lang", sorted(REQUIRED))
def test_a_required_option_is_marked_in_the_language(lang):
    res = bids(["--lang", lang, "study", "--help"])
    assert res.returncode == 0
    assert REQUIRED[lang] in "".join(res.stdout.split())  # (however the help wraps it)


@pytest.mark.parametrize("lang", sorted(WRITE_ONE_OUT))
def test_the_examples_list_says_how_to_write_one_out_in_the_language(lang):
    res = bids(["--lang", lang, "examples"])
    assert res.returncode == 0
    assert " ".join(res.stdout.split()).endswith(WRITE_ONE_OUT[lang])
