"""What a player reads from reading a file, in each language (issue 34 item 1, issue 33 item 6):
the log reader's messages and hints, the TOML reader's words, the file policy's refusals, the
card words in messages and the legend that names them. Each language's sentences are here as a
person who knows it reads them; JSON stays English. The golden runs of every family of the
reader's messages are tests/golden/cli/lang/*/validate-messages.txt (tests/data/messages/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bidscli.core import i18n
from bidscli.core.cards import card
from bidscli.core.cardwords import legend, shows_cards
from bidscli.core.errors import BidsError
from bidscli.core.i18n import Amount, Grouped, Listed, Message
from bidscli.core.sanitize import shorten, text_fault, text_problem
from bidscli.files.refused import FileError
from bidscli.files.safe import read_bytes, write_atomic
from bidscli.files.tomlread import ReaderWords
from bidscli.log.reader import read_log_text

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = ROOT / "tests" / "data" / "messages"
LOCALE_VARIABLES = ("BIDS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def bids(*args, **env):
    base = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    return subprocess.run([sys.executable, "-m", "bidscli", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**base, "COLUMNS": "100", **env}, encoding="utf-8")


def said(lang: str, log: str) -> list[str]:
    """The messages of ``bids --lang LANG validate`` for one log of tests/data/messages, without
    their file, line, round and trick."""
    import re

    res = bids("--lang", lang, "validate", f"tests/data/messages/{log}")
    place = re.compile(r"\S+?:\d+: (?:(?:round |ronda |ラウンド)\d+(?:(?:, |、)(?:presa |baza |トリック)\d+)?(?:: |：))?")
    return [place.sub("", line, count=1) for line in res.stdout.splitlines()[:-1]]


def messages(text: str, lang: str) -> list[str]:
    return [e.text(lang) for e in read_log_text(text, "game.toml")[1]]


# -- the card words in messages ------------------------------------------------------------------


def test_a_card_argument_is_worded_in_the_card_words_of_the_language():
    """log.md's table: Italian R/V/G/B/N, Spanish R/V/AM/AZ/N, Japanese 赤/緑/黄/青/黒, and the
    special cards' words; -5 and 2x everywhere; English the token."""
    cards = ["R5", "G5", "Y5", "B5", "K5", "Lowest", "Surprise", "Thief", "Ally", "-5", "2x"]
    got = {lang: [card(c).in_language(lang) for c in cards] for lang in ("en", "it", "es", "ja")}
    assert got == {
        "en": ["R5", "G5", "Y5", "B5", "K5", "Lowest", "Surprise", "Thief", "Ally", "-5", "2x"],
        "it": ["R5", "V5", "G5", "B5", "N5", "Bassa", "Sorpresa", "Ladro", "Alleato", "-5", "2x"],
        "es": ["R5", "V5", "AM5", "AZ5", "N5", "Baja", "Sorpresa", "Ladrón", "Aliado", "-5", "2x"],
        "ja": ["赤5", "緑5", "黄5", "青5", "黒5", "Lowest", "Surprise", "Thief", "アリー", "-5", "2x"],
    }
    msg = Message("{card} of {player}", card=card("Y5"), player="Ana")
    assert msg.text("it") == "G5 of Ana" and msg.text("en") == "Y5 of Ana"


def test_the_legend_names_the_card_words_once_in_each_language_and_is_none_in_english():
    assert legend("en") is None
    assert legend("it").text("it") == ("Carte: R rosso, V verde, G giallo, B blu, N nero; Bassa, Sorpresa, Ladro, "
                                       "Alleato; -5, 2x (il testo di un registro è citato così come è scritto)")
    assert legend("es").text("es") == ("Cartas: R rojo, V verde, AM amarillo, AZ azul, N negro; Baja, Sorpresa, "
                                       "Ladrón, Aliado; -5, 2x (el texto de un registro se cita tal como está escrito)")
    assert legend("ja").text("ja") == ("カード：赤・緑・黄・青・黒、Lowest、Surprise、Thief、アリー、-5、2x"
                                       "（ゲーム記録の文字列は書かれたとおりに引用します）")


def test_a_message_shows_cards_when_a_card_is_among_its_arguments_at_any_depth():
    inner = Message("{card} of {player}", card=card("G5"), player="Ana")
    assert shows_cards(Message("{message}; {advice}", message=inner, advice="x"))
    assert not shows_cards(Message("'{token}' is not a card", token="G5"))  # a token as written: text
    assert not shows_cards("G5")


# -- numbers, lists -------------------------------------------------------------------------------


def test_counts_and_sizes_are_written_as_each_language_writes_them():
    assert [Grouped(1234567).in_language(lang) for lang in ("en", "it", "es", "ja")] == [
        "1,234,567", "1.234.567", "1.234.567", "1,234,567"]
    assert [Amount(6.04).in_language(lang) for lang in ("en", "it", "es", "ja")] == ["6.0", "6,0", "6,0", "6.0"]
    assert shorten("x" * 5000, lang="it").count("[... 4.040 caratteri tagliati ...]") == 1
    assert shorten("x" * 5000, lang="en").count("[... 4,040 characters cut ...]") == 1


def test_lists_are_joined_with_the_words_of_each_language():
    three = Listed(["A", "B", "C"], "or")
    assert [three.in_language(lang) for lang in ("en", "it", "es", "ja")] == [
        "A, B or C", "A, B o C", "A, B o C", "A、B または C"]
    assert Listed(["','", "':'"]).in_language("it") == "',' e ':'"


# -- the reader's messages -----------------------------------------------------------------------


def test_an_italian_table_reads_the_log_readers_mistakes_in_italian():
    assert said("it", "keys.toml")[:4] == [
        "chiave 'titel' sconosciuta (forse 'title'?): serve una tra ruleset, players, options, rounds, title, date, "
        "notes, meta, lang",
        "l'opzione 'thief' dev'essere true o false senza virgolette: scrivi thief = true (il registro viene "
        "controllato come se lo fosse)",
        "opzione 'minus_fiv' sconosciuta: probabilmente un errore di battitura per 'minus_five' (il registro viene "
        "controllato come se fosse minus_five = true)",
        "opzione 'speed' sconosciuta: serve una tra ally, minus_five, color_bids, lowest, surprise, thief"]
    assert said("it", "toml-comma.toml") == [
        "TOML non valido: manca una virgola dopo questa riga di presa? (lettore TOML: array non chiuso (riga 9, "
        "colonna 3))"]


def test_a_spanish_table_reads_a_misspelt_card_with_its_suggestion_and_the_slips_fixes():
    assert said("es", "cards.toml")[:4] == [
        "'Theif' no es una carta (¿quisiste decir 'Thief'?): se esperaba una letra de color inglesa, R/G/Y/B (rojo, "
        "verde, amarillo, azul) o K (negro), y un número del 1 al 14 (p. ej. R5, K7), o uno de -5, 2x, Lowest, "
        "Surprise, Thief, Ally",
        "'6R' no es una carta: el color va primero: 'R6'",
        "'K 9' no es una carta: escríbela sin el espacio: 'K9'",
        "'Ben G7 Cleo Y6' no es una jugada: ¿falta una coma? escribe 'Ben G7, Cleo Y6'"]


def test_a_japanese_table_reads_the_card_word_collision_naming_both_readings():
    """An Italian table that forgot lang = "it": one message for the log, each reading in Japanese words
    (the log's own tokens as written)."""
    assert said("ja", "words.toml") == [
        "'N1' は英語のゲーム記録（lang の指定なし）ではカードではありません：イタリア語またはスペイン語のゲーム記録では"
        "黒1（nero, negro）です。英語のゲーム記録での書き方：K1（ほかに同じようなカードが4枚：N8, V10, N5, "
        "V5）。テーブルでイタリア語のカード表記を使ったなら、先頭に lang = \"it\" を追加してください（そうすると G5 は"
        "黄5（giallo）と読まれます。今は緑5と読まれています）"]


def test_the_colour_of_a_card_read_in_another_language_is_said_in_the_output_language():
    text = ('ruleset = "english"\nlang = "it"\nplayers = ["Ana", "Ben", "Cleo"]\n[[rounds]]\n'
            'tricks = ["N1: Ana G5, Ben Y10, Cleo R10"]\n')
    assert [m.split(": ", 1)[1] for m in messages(text, "es")] == [
        "en un registro en inglés es amarillo 10; un registro en italiano escribe G10 (giallo); atención: G5 en "
        "este registro se lee como amarillo 5 (giallo), pero como verde 5 en un registro en inglés"]
    assert messages(text, "en")[0].endswith("in an English log it is yellow 10; an Italian log writes G10 (giallo); "
                                            "beware: G5 reads as yellow 5 (giallo) in this log, but as green 5 in an "
                                            "English log")


def test_two_readings_of_a_card_in_japanese_end_in_one_desu():
    """Two other languages' readings, one sentence: the readings joined with 、, one です at its end."""
    text = ('ruleset = "english"\nlang = "es"\nplayers = ["Ana", "Ben", "Cleo"]\n[[rounds]]\n'
            'tricks = ["N1: Ana G9, Ben AM10, Cleo R10"]\n')
    assert messages(text, "ja") == [
        "'G9' はスペイン語のゲーム記録（lang = \"es\"）ではカードではありません：英語のゲーム記録では緑9、イタリア語の"
        "ゲーム記録では黄9（giallo）です。スペイン語のゲーム記録での書き方：V9（verde）、AM9（amarillo）"]


def test_names_a_table_cannot_use_in_each_language():
    assert said("it", "names.toml")[0] == (
        "il nome del giocatore 'Be,n' non è valido: contiene ',' (le righe di presa usano ',' ':' ';' come "
        "separatori); un nome ha da 1 a 32 caratteri: lettere, cifre, spazi e punteggiatura tranne ',' ':' ';', "
        "senza spazi all'inizio o alla fine")
    assert said("es", "names-lookalike.toml") == [
        "los jugadores 'Ana' (latino) y 'Аna' (cirílico y latino) parecen iguales pero están escritos en alfabetos "
        "distintos: nadie en la mesa podría distinguirlos (da a uno de ellos otro nombre)"]
    assert said("ja", "names-typo.toml") == [
        "players には 'Bem' とありますが、ラウンドでは3行で 'Ben' と書かれ、'Bem' は一度も出てきません。players の"
        "打ち間違いでしょう（\"Ben\" と書いてください）"]


def test_a_player_count_is_a_plural_in_english_too():
    text = 'ruleset = "english"\nplayers = ["Ana"]\n[[rounds]]\ntricks = []\n'
    assert messages(text, "en") == ["1 player: Bids is for 3 to 6 players"]
    assert messages(text, "it") == ["1 giocatore: Bids si gioca da 3 a 6 giocatori"]
    assert messages(text.replace('["Ana"]', '["Ana", "Ben"]'), "it") == ["2 giocatori: Bids si gioca da 3 a 6 giocatori"]


def test_the_toml_readers_own_words_stay_as_it_says_them_in_english_and_are_translated_elsewhere():
    words = ReaderWords("Cannot declare ('rounds',) twice (at line 4, column 1)")
    assert words.in_language("en") == "Cannot declare ('rounds',) twice (at line 4, column 1)"
    assert words.in_language("it") == "impossibile dichiarare ('rounds',) due volte (riga 4, colonna 1)"
    assert ReaderWords("Unclosed array (at end of document)").in_language("ja") == "配列が閉じていません（文書の末尾）"
    assert ReaderWords("A message tomli may add one day").in_language("es") == "A message tomli may add one day"


def test_text_read_from_a_log_is_refused_in_the_language_and_in_english_without_its_subject():
    fault = text_fault("a\nb", 200, "title")
    assert fault.text("en") == "'title' holds a line break (U+000A): one line is expected"
    assert fault.text("es") == "'title' contiene un salto de línea (U+000A): se esperaba una sola línea"
    assert text_problem("a\nb", 200) == "holds a line break (U+000A): one line is expected"
    assert text_fault("x" * 1234, 200, "notes").text("it") == "'notes' ha 1.234 caratteri (al massimo 200)"


def test_json_keeps_the_readers_messages_in_english_in_every_language():
    english = bids("validate", "tests/data/messages", "--format", "json").stdout
    for lang in ("it", "es", "ja"):
        assert bids("--lang", lang, "validate", "tests/data/messages", "--format", "json").stdout == english
    doc = json.loads(english)
    keys = next(d for d in doc if d["file"].endswith("keys.toml"))
    assert keys["errors"][0]["message"] == ("unknown key 'titel' (did you mean 'title'?): expected one of ruleset, "
                                            "players, options, rounds, title, date, notes, meta, lang")


def test_worker_processes_word_the_readers_messages_in_the_language_of_the_command():
    one = bids("--lang", "ja", "validate", "tests/data/messages", "--jobs", "1")
    two = bids("--lang", "ja", "validate", "tests/data/messages", "--jobs", "2")
    assert one.stdout == two.stdout and "不明なキー 'titel' です" in one.stdout


# -- the file policy's refusals ----------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_in_each_language(tmp_path):
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    with pytest.raises(FileError) as caught:
        read_bytes(fifo, 1000)
    err = caught.value
    assert err.text("en") == "is a FIFO (named pipe), not a regular file: bidscli reads only regular files"
    assert err.text("it") == "è una FIFO (pipe con nome), non un file normale: bidscli legge solo file normali"
    assert err.text("ja") == "FIFO（名前付きパイプ）です。通常のファイルではありません。bidscli は通常のファイルしか読みません"


def test_a_file_too_big_a_folder_and_a_missing_file_are_refused_in_each_language(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2_500_000)
    with pytest.raises(BidsError) as caught:
        read_bytes(big, 2_000_000, "ruleset")
    assert caught.value.text("en") == "file is 2.5 MB: bidscli reads rulesets of at most 2 MB"
    assert caught.value.text("es") == "el archivo ocupa 2,5 MB: bidscli lee reglamentos de 2 MB como máximo"
    with pytest.raises(BidsError) as caught:
        read_bytes(tmp_path, 1000)
    assert caught.value.text("it") == "è una cartella, non un file di registro"
    res = bids("--lang", "es", "score", "tests/data/messages/no-such-log.toml")
    assert res.stderr == "error: tests/data/messages/no-such-log.toml: no se puede leer: no existe el archivo o la carpeta\n"
    assert bids("score", "tests/data/messages/no-such-log.toml").stderr == (
        "error: tests/data/messages/no-such-log.toml: cannot read: No such file or directory\n")


def test_a_write_refused_says_so_in_the_language(tmp_path):
    target = tmp_path / "game.toml"
    target.write_text("x", encoding="utf-8")
    with pytest.raises(FileError) as caught:
        write_atomic(target, "y")
    assert caught.value.text("it") == f"{target} esiste già: non lo sovrascrivo (usa --force per sostituirlo)"
    assert caught.value.text("en") == f"{target} exists: not overwriting it (use --force to replace it)"


def test_the_output_language_is_put_back():
    assert i18n.output_language() == "en"
