"""The rules' own texts in the players' languages (issue 34 items 1 and 4): a bundled ruleset's
title, description and every knob's source citation are worded in the output language by
`bids rules show|list|diff`; the source's id, its section's title and its quoted words stay in the
source's language; `unstated` and a house rule are worded wherever a knob is cited (replay
--explain too); a house file's own texts are shown as written; JSON stays English.
(The whole outputs in each language: tests/golden/cli/lang/*/rules-*.txt.)"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core.i18n import worded
from bidscli.report.table import display_width
from bidscli.rules.knobs import KNOBS
from bidscli.rules.ruleset import BUNDLED, load_ruleset

LANGS = ("it", "es", "ja")
# A citation's frame: the source's id and its section's title, as the source writes them.
FRAME = re.compile(r"^([A-Z]{2}(?:/[A-Z]{2})?(?: \"[^\"]+\"| '[^']+')?)")


def bids(*args, width=400):
    res = CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": str(width)})
    assert res.exit_code == 0, res.output
    return res.stdout


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", BUNDLED)
def test_every_citation_of_every_bundled_ruleset_is_worded_keeping_its_frame(name, lang):
    ruleset = load_ruleset(name)
    for knob in KNOBS:
        english = ruleset.source_of(knob)
        shown = worded(english, lang)
        assert shown != english or not re.search(r"[a-z]{3}", english), (knob, shown)  # no English left
        frame = FRAME.match(english)
        if frame and not english.startswith(("unstated", "house")):
            assert shown.startswith(frame.group(1)), (knob, shown)  # the source's own words stay
        meaning = shown[frame.end():] if frame else shown  # what bidscli reads in the source
        assert not re.search(r"\b(unstated|players?|cards?|points?|the|and)\b", meaning), (knob, shown)


SAID = {  # (language, ruleset): a citation (its meaning in the language) and the source's words under it
    ("it", "italian"): ('IT "Carta Ladro": deve rubare', "«deve rubare una carta nera» (italiano)"),
    ("es", "english"): ('EN "Thief card" (Ladrón): tiene derecho a robar', "«tiene derecho a robar una de las cartas"),
    ("ja", "japanese"): ('EN "Thief Card"（シーフカード）：盗む権利がある', "“The player who wins this card has the right"),
}


@pytest.mark.parametrize("lang,name", sorted(SAID))
def test_rules_show_says_the_meaning_in_the_language_and_the_words_in_the_source_s(lang, name):
    shown = bids("--lang", lang, "rules", "show", name)
    citation, words = SAID[lang, name]
    lines = shown.splitlines()
    at = next(i for i, line in enumerate(lines) if citation in line)  # one cell: the words right under it
    column = display_width(lines[at][:lines[at].index(citation)])  # in screen columns
    below = lines[at + 1]
    assert any(display_width(below[:i]) == column and below[i:].startswith(words) for i in range(len(below)))


def test_an_english_title_is_glossed_in_the_other_languages():
    assert '  fonte: EN "Scoring" (Punteggio): non prendendo nessuna carta punto nera\n' in bids(
        "--lang", "it", "rules", "show", "english", width=80)
    assert '  source: EN "Scoring": by not getting any black point card\n' in bids("rules", "show", "english", width=80)


def test_a_japanese_title_is_not_glossed_in_japanese_but_is_in_italian():
    assert '  出典：JA "手札内の黒カード"：1, 1, 2, 3\n' in bids("--lang", "ja", "rules", "show", "japanese", width=80)
    assert '  fonte: JA "手札内の黒カード" (carte nere in mano): 1, 1, 2, 3\n' in bids(
        "--lang", "it", "rules", "show", "japanese", width=80)


@pytest.mark.parametrize("lang,title,description", [
    ("it", "Riassunto di un giocatore italiano delle regole online", "Ladro immediato e obbligatorio;"),
    ("es", "Resumen de un jugador italiano de las reglas en línea", "Ladrón inmediato y obligatorio;"),
    ("ja", "イタリアのプレイヤーによるオンラインルールのまとめ", "Thief を獲得したら、すぐに盗まなければなりません。"),
])
def test_title_and_description_in_the_language(lang, title, description):
    shown = bids("--lang", lang, "rules", "show", "italian").splitlines()
    assert shown[0] == (f"italian（IT）：{title}" if lang == "ja" else f"italian (IT): {title}")
    assert shown[1].startswith(description)
    listed = bids("--lang", lang, "rules", "list")  # wrapped in its column: its first words
    assert title[:10] in listed and description[:10] in listed


@pytest.mark.parametrize("lang,said", [
    ("it", ["  english: EN: nessuna incompatibilità indicata", '  italian: IT "Carta Ladro": deve rubare']),
    ("es", ["  english: EN: no se indica ninguna incompatibilidad", '  italian: IT "Carta Ladro": debe robar']),
    ("ja", ["  english：EN：併用できないとの記載はない", '  italian：IT "Carta Ladro"：盗まなければならない']),
])
def test_rules_diff_words_each_side_s_citation(lang, said):
    shown = bids("--lang", lang, "rules", "diff", "english", "italian").splitlines()
    assert all(line in shown for line in said), shown


@pytest.mark.parametrize("lang,note", [("it", "NON INDICATO: scelta predefinita della casa (non usato con split_most)"),
                                       ("es", "NO INDICADO: valor predeterminado de la casa (no se usa con split_most)"),
                                       ("ja", "記載なし（既定の選択、split_most では使わない）")])
def test_rules_show_words_an_unstated_knob_s_note(lang, note):
    shown = bids("--lang", lang, "rules", "show", "english", width=80)  # the note wraps: read it whole
    assert re.sub(r"\s", "", note) in re.sub(r"\s", "", shown)


def test_a_house_file_s_own_texts_stay_as_written(tmp_path):
    english = load_ruleset("english")
    path = tmp_path / "house.toml"
    # its own description is a bundled one word for word, and still the house's words
    path.write_text(f'extends = "italian"\ndescription = "{english.description}"\n\n[double]\nscope = "game"\n\n'
                    '[sources]\n"double.scope" = \'IT "Carta nera 2X": must steal\'\n', encoding="utf-8")
    shown = bids("--lang", "it", "rules", "show", path)
    assert shown.splitlines()[0] == "house (casa): regole della casa basate su italian"
    assert english.description in shown
    assert 'IT "Carta nera 2X": must steal' in shown  # as the house file writes it
    assert 'IT "Carta Ladro": deve rubare' in shown  # what it takes from italian: worded


def test_a_knob_set_on_the_command_line_is_a_house_rule_in_the_language():
    shown = bids("--lang", "es", "replay", "examples/thief-6p.toml", "--explain", "-o", "ally.rounding=ceil")
    assert "[ally.rounding = ceil; regla de la casa: línea de comandos]" in shown
    assert "[game.first_leader = rotate; no indicado]" in shown
    assert "unstated" not in shown and "house" not in shown


@pytest.mark.parametrize("args", [("rules", "show", "italian"), ("rules", "list"), ("rules", "diff", "italian", "japanese"),
                                  ("replay", "examples/thief-6p.toml")])
def test_json_stays_english(args):
    english = bids(*args, "--format", "json")
    assert bids("--lang", "ja", *args, "--format", "json") == english
    assert "unstated" in english or "Italian player's summary" in english or "house" not in english
    json.loads(english)


# -- a ruleset file's mistakes (rules/ruleset.py, rules/knobs.py): located, in the language ----------

HOUSE_MISTAKES = {  # what the house file says after extends = "english", and the message in each language
    "wrong-type": ('[thief]\nmandatory = "yes"\n', 3, {
        "en": "'yes' is not a value of thief.mandatory: expected true | false",
        "it": "'yes' non è un valore di thief.mandatory: serve true | false",
        "es": "'yes' no es un valor de thief.mandatory: se esperaba true | false",
        "ja": "'yes' は thief.mandatory の値ではありません。true | false を指定してください"}),
    "out-of-range": ("[deck]\nhand_size = 5000\n", 3, {
        "en": "5000 is not a value of deck.hand_size: expected an integer 0-1000",
        "it": "5000 non è un valore di deck.hand_size: serve un intero da 0 a 1000",
        "es": "5000 no es un valor de deck.hand_size: se esperaba un entero de 0 a 1000",
        "ja": "5000 は deck.hand_size の値ではありません。0〜1000の整数を指定してください"}),
    "choice-typo": ('[thief]\ntiming = "defered"\n', 3, {
        "en": "'defered' is not a value of thief.timing: expected immediate | deferred (did you mean 'deferred'?)",
        "it": "'defered' non è un valore di thief.timing: serve immediate | deferred (forse 'deferred'?)",
        "es": "'defered' no es un valor de thief.timing: se esperaba immediate | deferred (¿quisiste decir 'deferred'?)",
        "ja": "'defered' は thief.timing の値ではありません（もしかして 'deferred' ですか？）。"
              "immediate | deferred のいずれかを指定してください"}),
    "knob-typo": ('[thief]\ntimng = "deferred"\n', 3, {
        "en": "unknown knob 'thief.timng' (did you mean 'thief.timing'?): expected one of thief.timing, "
              "thief.mandatory, thief.first_chance, thief.pool, thief.fallback, thief.with_color_bids, thief.right_lasts",
        "it": "parametro 'thief.timng' sconosciuto (forse 'thief.timing'?): serve uno tra thief.timing, "
              "thief.mandatory, thief.first_chance, thief.pool, thief.fallback, thief.with_color_bids, thief.right_lasts",
        "es": "parámetro 'thief.timng' desconocido (¿quisiste decir 'thief.timing'?): se esperaba uno de "
              "thief.timing, thief.mandatory, thief.first_chance, thief.pool, thief.fallback, "
              "thief.with_color_bids, thief.right_lasts",
        "ja": "不明な設定項目 'thief.timng' です（もしかして 'thief.timing' ですか？）。thief.timing, "
              "thief.mandatory, thief.first_chance, thief.pool, thief.fallback, thief.with_color_bids, "
              "thief.right_lasts のいずれかを使ってください"}),
    "player-count": ("[lucky_loser]\npoints = { 3 = 1, 4 = 2 }\n", 3, {
        "en": "lucky_loser.points: no value for 5, 6 players: expected a table of integers by player count, "
              "e.g. { 3 = 1, 4 = 1, 5 = 2, 6 = 3 }",
        "it": "lucky_loser.points: nessun valore per 5, 6 giocatori: serve una tabella di interi per numero di "
              "giocatori, ad es. { 3 = 1, 4 = 1, 5 = 2, 6 = 3 }",
        "es": "lucky_loser.points: no hay valor para 5, 6 jugadores: se esperaba una tabla de enteros por número "
              "de jugadores, p. ej. { 3 = 1, 4 = 1, 5 = 2, 6 = 3 }",
        "ja": "lucky_loser.points：5, 6人の値がありません。プレイ人数ごとの整数の表"
              "（例：{ 3 = 1, 4 = 1, 5 = 2, 6 = 3 }） を指定してください"}),
    "section-typo": ('[thef]\ntiming = "deferred"\n', 2, {
        "en": "unknown key 'thef': expected a knob section (ally, color_bids, deck, double, game, lowest, "
              "lucky_loser, minus_five, specials, surprise, thief) or one of name, source, title, description, "
              "extends, aliases, options, sources, quotes (did you mean 'thief'?)",
        "it": "chiave 'thef' sconosciuta: serve una sezione di parametri (ally, color_bids, deck, double, game, "
              "lowest, lucky_loser, minus_five, specials, surprise, thief) o una tra name, source, title, "
              "description, extends, aliases, options, sources, quotes (forse 'thief'?)",
        "es": "clave 'thef' desconocida: se esperaba una sección de parámetros (ally, color_bids, deck, double, "
              "game, lowest, lucky_loser, minus_five, specials, surprise, thief) o una de name, source, title, "
              "description, extends, aliases, options, sources, quotes (¿quisiste decir 'thief'?)",
        "ja": "不明なキー 'thef' です（もしかして 'thief' ですか？）。設定項目のセクション（ally, color_bids, deck, "
              "double, game, lowest, lucky_loser, minus_five, specials, surprise, thief）か、name, source, title, "
              "description, extends, aliases, options, sources, quotes のいずれかを使ってください"}),
    "toml": ("[thief\n", 2, {
        "en": "invalid TOML: Expected ']' at the end of a table declaration (at line 2, column 7)",
        "it": "TOML non valido: serve ']' alla fine della dichiarazione di una tabella (riga 2, colonna 7)",
        "es": "TOML no válido: se esperaba ']' al final de la declaración de una tabla (línea 2, columna 7)",
        "ja": "TOML が正しくありません：表の宣言の終わりに ']' が必要です（2行目、7列目）"}),
    "title-type": ("title = 3\n", 2, {
        "en": "'title' must be a string",
        "it": "'title' deve essere una stringa",
        "es": "'title' debe ser una cadena",
        "ja": "'title' は文字列でなければなりません"}),
}
ERROR_WORD = {"en": "error: ", "it": "errore: ", "es": "error: ", "ja": "エラー："}


@pytest.mark.parametrize("lang", ("en", *LANGS))
@pytest.mark.parametrize("case", sorted(HOUSE_MISTAKES))
def test_a_ruleset_file_s_mistake_is_located_and_said_in_the_language(tmp_path, case, lang):
    body, line, said = HOUSE_MISTAKES[case]
    (tmp_path / "house.toml").write_text(f'extends = "english"\n{body}', encoding="utf-8")
    res = _run_in(tmp_path, lang)
    assert res.exit_code in (1, 2)
    assert res.stderr == f"{ERROR_WORD[lang]}house.toml:{line}: {said[lang]}\n"


def _run_in(folder, lang):
    import os

    here = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, ["--lang", lang, "rules", "show", "house.toml"], env={"COLUMNS": "400"})
    finally:
        os.chdir(here)


def test_an_extended_file_s_mistake_is_worded_inside_the_extending_file_s(tmp_path):
    (tmp_path / "base.toml").write_text('extends = "english"\n[deck]\nhand_size = -1\n', encoding="utf-8")
    (tmp_path / "house.toml").write_text('extends = "base.toml"\n', encoding="utf-8")
    res = _run_in(tmp_path, "it")
    assert res.stderr.startswith("errore: house.toml: in 'base.toml' (esteso da house.toml): ")
    assert res.stderr.endswith("base.toml:3: -1 non è un valore di deck.hand_size: serve un intero da 0 a 1000\n")


def test_a_knob_value_on_the_command_line_is_said_in_the_language():
    res = CliRunner().invoke(main, ["--lang", "es", "rules", "show", "english", "-o", "thief.timing=later"])
    assert res.exit_code == 2
    assert "'later' no es un valor de thief.timing: se esperaba immediate | deferred" in res.stderr


@pytest.mark.parametrize("lang,said", [
    ("en", "round 1: the log's deal does not fit the italian deck: 2x is not in the italian 4-player deck (2x is in "
           "the italian deck only at 6 players: deck.double_always); the log has it in the round's pile of round 1 "
           "(--lenient-deck plays it as recorded)"),
    ("it", "round 1: la distribuzione del registro non rientra nel mazzo italian: 2x non è nel mazzo italian a 4 "
           "giocatori (il 2x è nel mazzo italian solo a 6 giocatori: deck.double_always); nel registro compare nella "
           "pila del round 1 (--lenient-deck la gioca come è registrata)"),
    ("es", "ronda 1: el reparto del registro no cabe en la baraja italian: 2x no está en la baraja italian de 4 "
           "jugadores"),
    ("ja", "ラウンド1：ゲーム記録の配札が italian のデッキに合いません：2x は italian の4人用のデッキにありません"
           "（italian のデッキに 2x があるのは6人のときだけです：deck.double_always）。ゲーム記録での場所：ラウンド1"
           "の山札（--lenient-deck を付けると記録どおりに遊びます）"),
])
def test_a_deal_that_does_not_fit_another_ruleset_s_deck_is_said_in_the_language(lang, said, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    res = CliRunner().invoke(main, ["--lang", lang, "diff", "examples/friday-4p.toml", "-r", "italian", "-r", "english"])
    assert res.exit_code == 1
    assert f"examples/friday-4p.toml:19: {said}" in res.stderr, res.stderr


def test_the_pages_word_a_bundled_ruleset_s_title_and_citations(tmp_path):
    page, game = tmp_path / "confronto.html", tmp_path / "partita.html"
    bids("--lang", "it", "report", "examples/thief-6p.toml", "-r", "italian", "-r", "english", "--out", page)
    bids("--lang", "it", "report", "examples/thief-6p.toml", "--out", game)
    assert "Carta Ladro&#34;: deve rubare" in page.read_text(encoding="utf-8")
    assert "(IT)</span>: Riassunto di un giocatore italiano delle regole online" in game.read_text(encoding="utf-8")
    english = tmp_path / "game.html"
    bids("report", "examples/thief-6p.toml", "--out", english)
    assert "(IT)</span>: Italian player&#39;s summary of the online rules" in english.read_text(encoding="utf-8")
