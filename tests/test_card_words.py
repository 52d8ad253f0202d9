"""The table's card words (log.md "Card words in the players' languages"): a log that says
``lang = "it"`` (or ``es``, ``ja``) is read in that language's words, scores exactly as the
English one, and the writers (deal, simulate, record) write them."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core.cardwords import card_words
from bidscli.log.reader import read_log, read_log_text
from bidscli.log.writer import format_trick, log_text

from . import recordkit as rk
from .test_examples import ACCEPTS, RULESETS
from .test_width import screen_width

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "cardwords"
LANGS = ("it", "es", "ja")
CASES = [(ex, rs) for ex, names in ACCEPTS.items() for rs in names]


def bids(*args, columns="100"):
    return CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": columns})


def doc(args) -> dict:
    res = bids(*args, "--format", "json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    out.pop("file", None)
    return out


class _Round(NamedTuple):
    leader: str | None
    hands: dict | None
    removed: tuple | None
    pile: tuple | None
    tricks: list


def rewritten(example: Path, lang: str, folder: Path) -> Path:
    """``example`` written again by the log writer in the card words of ``lang``."""
    log, errors = read_log(example)
    assert log is not None and not errors
    rounds = [_Round(r.leader, r.hands, r.removed, r.pile,
                     [format_trick(t.revealed, t.plays, t.actions, lang) for t in r.tricks]) for r in log.rounds]
    out = folder / f"{example.stem}.{lang}.toml"
    out.write_text(log_text(log.ruleset, log.players, log.options, rounds, date=log.date, lang=lang), encoding="utf-8")
    return out


# -- every example, in every language -------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example,ruleset", CASES)
def test_every_example_in_every_language_scores_as_the_english_one(tmp_path, example, ruleset, lang):
    english = ROOT / "examples" / f"{example}.toml"
    other = rewritten(english, lang, tmp_path)
    text = other.read_text(encoding="utf-8")
    assert f'lang = "{lang}"' in text
    assert text != rewritten(english, "en", tmp_path).read_text(encoding="utf-8")
    r = str(ROOT / RULESETS[ruleset]) if ruleset == "house" else RULESETS[ruleset]
    assert bids("validate", other, "-r", r).exit_code == 0
    assert doc(["score", other, "-r", r]) == doc(["score", english, "-r", r])
    # Every card read as the same card: the replay (which names each card played) is the same.
    assert doc(["replay", other, "-r", r]) == doc(["replay", english, "-r", r])


# Hand-written logs (tests/data/cardwords): what a table in each language writes, with the
# forms the writer never writes (lower case, accents left out, two-word names, full-width
# digits, Japanese punctuation and names).
HAND_WRITTEN = {
    "it-thief-6p": ("thief-6p", {}),
    "es-lowest-3p": ("lowest-3p", {}),
    "es-colour-5p": ("colour-5p", {}),
    "ja-friday-4p": ("friday-4p", {"アナ": "Ana", "ベン": "Ben", "クレオ": "Cleo", "デヴ": "Dev"}),
}


def _renamed(value, names: dict):
    text = json.dumps(value, ensure_ascii=False)
    for a, b in names.items():
        text = text.replace(a, b)
    return json.loads(text)


@pytest.mark.parametrize("name", sorted(HAND_WRITTEN))
def test_hand_written_logs_score_as_the_examples(name):
    example, names = HAND_WRITTEN[name]
    path = DATA / f"{name}.toml"
    assert f'lang = "{name[:2]}"' in path.read_text(encoding="utf-8")
    for ruleset in ACCEPTS[example]:
        r = str(ROOT / RULESETS[ruleset]) if ruleset == "house" else RULESETS[ruleset]
        english = ROOT / "examples" / f"{example}.toml"
        assert _renamed(doc(["score", path, "-r", r]), names) == doc(["score", english, "-r", r])
        assert _renamed(doc(["replay", path, "-r", r]), names) == doc(["replay", english, "-r", r])


def test_the_hand_written_logs_use_the_forms_a_table_writes():
    it = (DATA / "it-thief-6p.toml").read_text(encoding="utf-8")
    assert "ruba" in it and "alleato" in it and "LADRO" in it
    es = (DATA / "es-lowest-3p.toml").read_text(encoding="utf-8") + (DATA / "es-colour-5p.toml").read_text("utf-8")
    assert all(w in es for w in ("Más baja", "mas baja", "Baja", "Ladron", "roba", "Sorpresa"))
    ja = (DATA / "ja-friday-4p.toml").read_text(encoding="utf-8")
    assert all(w in ja for w in ("黒５", "、", "：", "アリー", "味方", "２ｘ", "\u3000"))


# -- what a token is ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang,token,card", [
    ("it", "G5", "Y5"), ("it", "v5", "G5"), ("it", "N7", "K7"), ("it", "b3", "B3"), ("it", "Ladro", "Thief"),
    ("it", "Bassa", "Lowest"), ("it", "Più bassa", "Lowest"), ("it", "Piu' bassa", "Lowest"),
    ("it", "PIU BASSA", "Lowest"), ("it", "Alleato", "Ally"), ("it", "Sorpresa", "Surprise"),
    ("it", "Ｇ５", "Y5"), ("it", "-5", "-5"), ("it", "2x", "2x"),
    ("es", "AM5", "Y5"), ("es", "az10", "B10"), ("es", "V2", "G2"), ("es", "Ladrón", "Thief"),
    ("es", "Ladron", "Thief"), ("es", "Más baja", "Lowest"), ("es", "mas baja", "Lowest"), ("es", "Aliado", "Ally"),
    ("ja", "赤5", "R5"), ("ja", "緑５", "G5"), ("ja", "黄10", "Y10"), ("ja", "青1", "B1"), ("ja", "黒７", "K7"),
    ("ja", "アリー", "Ally"), ("ja", "味方", "Ally"), ("ja", "ｼｰﾌ", "Thief"), ("ja", "サプライズ", "Surprise"),
    ("ja", "ｻﾌﾟﾗｲｽﾞ", "Surprise"), ("ja", "ロウエスト", "Lowest"), ("ja", "２ｘ", "2x"), ("ja", "－５", "-5"),
    # The special cards' one-word names of every language are read in every log.
    ("en", "Ladro", "Thief"), ("en", "Aliado", "Ally"), ("en", "サプライズ", "Surprise"), ("it", "Thief", "Thief"),
    ("es", "Lowest", "Lowest"), ("ja", "Sorpresa", "Surprise"), ("en", "Più bassa", "Lowest"),
])
def test_card_words_are_read_as_log_md_says(lang, token, card):
    assert str(card_words(lang).card(token)) == card


@pytest.mark.parametrize("lang,token", [
    ("ja", "サフライス"),  # sound marks are never stripped: this is not サプライズ
    ("it", "K-5"), ("it", "K2x"), ("it", "W"),  # the K-prefixed forms and W are English only
    ("it", "Y5"), ("it", "K5"), ("es", "G5"), ("es", "B5"), ("ja", "R5"), ("en", "V5"), ("en", "N5"),
])
def test_tokens_of_other_languages_are_not_read(lang, token):
    with pytest.raises(Exception, match="is not a card"):
        card_words(lang).card(token)


def test_the_writer_writes_the_first_form_of_each_word():
    cards = ["R5", "G5", "Y5", "B5", "K5", "Lowest", "Surprise", "Thief", "Ally", "-5", "2x"]
    got = {lang: [card_words(lang).word(card_words("en").card(c)) for c in cards] for lang in ("it", "es", "ja")}
    assert got == {
        "it": ["R5", "V5", "G5", "B5", "N5", "Bassa", "Sorpresa", "Ladro", "Alleato", "-5", "2x"],
        "es": ["R5", "V5", "AM5", "AZ5", "N5", "Baja", "Sorpresa", "Ladrón", "Aliado", "-5", "2x"],
        "ja": ["赤5", "緑5", "黄5", "青5", "黒5", "Lowest", "Surprise", "Thief", "アリー", "-5", "2x"],
    }


# -- messages ---------------------------------------------------------------------------------------


def _log(tricks: list[str], *, lang: str | None = None, players=("Ana", "Ben", "Cleo"), ruleset="english",
         options: str = "") -> str:
    head = f'ruleset = "{ruleset}"\n' + (f'lang = "{lang}"\n' if lang else "")
    names = ", ".join(f'"{p}"' for p in players)
    body = ",\n".join(f'  "{t}"' for t in tricks)
    return f"{head}players = [{names}]\n{options}\n[[rounds]]\ntricks = [\n{body},\n]\n"


def validate(tmp_path: Path, text: str, *args) -> list[str]:
    path = tmp_path / "log.toml"
    path.write_text(text, encoding="utf-8")
    res = bids("validate", path, "--allow-partial", *args)
    return [line.split(": ", 1)[1] for line in res.stdout.splitlines() + res.stderr.splitlines()
            if line.startswith(str(path)) and line != f"{path}: valid"]


def test_an_english_log_in_italian_words_gets_one_message_naming_both_readings(tmp_path):
    # An Italian table that forgot lang = "it": V and N are no English letters, and G (giallo) would
    # be read as green. One message for the whole log, not one a line.
    text = _log(["N1: Ana G5, Ben G10, Cleo R10", "N8: Cleo R1, Ana V10, Ben R9", "N5: Ana V5, Ben G8, Cleo G7"])
    assert validate(tmp_path, text) == [
        "round 1, trick 1: 'N1' is not a card in an English log (the log has no lang): in an Italian or Spanish "
        "log it is black 1 (nero, negro); an English log writes K1 (and 4 more such cards: N8, V10, N5, V5); if the "
        "table "
        "wrote Italian card words, add lang = \"it\" at the top (then G5 reads as yellow 5 (giallo), not green 5 "
        "as now)"]
    assert validate(tmp_path, text.replace('ruleset = "english"\n', 'ruleset = "english"\nlang = "it"\n')) == []


def test_a_letter_of_another_language_in_an_italian_log_names_both_readings(tmp_path):
    text = _log(["N1: Ana G5, Ben Y10, Cleo R10", "K8: Cleo R1, Ana V10, Ben R9"], lang="it")
    assert validate(tmp_path, text) == [
        "round 1, trick 1: 'Y10' is not a card in an Italian log (lang = \"it\"): in an English log it is "
        "yellow 10; an Italian log writes G10 (giallo); beware: G5 reads as yellow 5 (giallo) in this log, but as "
        "green 5 in an English log",
        "round 1, trick 2: 'K8' is not a card in an Italian log (lang = \"it\"): in an English log it is black 8; "
        "an Italian log writes N8 (nero)"]


def test_g_in_a_spanish_log_names_the_english_and_the_italian_reading(tmp_path):
    text = _log(["N1: Ana G5, Ben AM10, Cleo R10"], lang="es")
    assert validate(tmp_path, text) == [
        "round 1, trick 1: 'G5' is not a card in a Spanish log (lang = \"es\"): in an English log it is green 5, "
        "and in an Italian log it is yellow 5 (giallo); a Spanish log writes V5 (verde), AM5 (amarillo)"]


def test_a_g_card_beside_a_slip_of_italian_words_names_both_readings(tmp_path):
    # issue 34: G in an English log next to V cards (slips, not a whole log in Italian words: Y and K
    # are English) is read as green, but the table may have meant giallo; the V slip says so, once.
    text = _log(["K1: Ana G5, Ben V10, Cleo R10", "K8: Cleo R1, Ana Y10, Ben G9"])
    assert validate(tmp_path, text) == [
        "round 1, trick 1: 'V10' is not a card in an English log (the log has no lang): in an Italian or Spanish "
        "log it is green 10 (verde); an English log writes G10; beware: G5 reads as green 5 in this log, but as "
        "yellow 5 (giallo) in an Italian log",
        "round 1, trick 1: trick 2 of round 1 not checked: trick 1 could not be read (follows from line 6)"]
    assert validate(tmp_path, text.replace("V10", "Y3")) == []


def test_a_whole_english_log_under_lang_it_is_told_to_drop_lang(tmp_path):
    text = _log(["K1: Ana Y5, Ben G10, Cleo R10", "K8: Cleo R1, Ana Y10, Ben R9"], lang="it")
    assert validate(tmp_path, text) == [
        "round 1, trick 1: 'K1' is not a card in an Italian log (lang = \"it\"): in an English log it is black 1; "
        "an Italian log writes N1 (nero) (and 3 more such cards: Y5, K8, Y10); if the log is written in English "
        "card words, remove lang = \"it\" (then G10 reads as green 10, not yellow 10 (giallo) as now)"]


def test_lang_is_checked(tmp_path):
    text = _log(["N1: Ana G5, Ben V10, Cleo R10"], lang="Italian")
    assert validate(tmp_path, text) == [
        'lang = "Italian": expected lang = "it" (the log is read as if it said so); bidscli reads card words in '
        '"en" (English), "it" (Italian), "es" (Spanish), "ja" (Japanese)']
    text = _log(["N1: Ana G5, Ben V10, Cleo R10"], lang="fr")
    assert validate(tmp_path, text) == [
        'lang = "fr": bidscli reads card words in "en" (English), "it" (Italian), "es" (Spanish), "ja" (Japanese)']


def test_a_mistyped_card_word_names_the_language_and_the_nearest_word(tmp_path):
    text = _log(["N1: Ana Ladra, Ben V10, Cleo R10"], lang="it", options="[options]\nthief = true\n")
    assert validate(tmp_path, text) == [
        "round 1, trick 1: 'Ladra' is not a card (did you mean 'Ladro'?): an Italian log (lang = \"it\") writes a "
        "colour R (rosso), V (verde), G (giallo), B (blu), N (nero) and a number 1-14 (e.g. R5, N7), or one of -5, "
        "2x, Bassa, Sorpresa, Ladro, Alleato"]


def test_without_lang_a_log_is_read_as_before(tmp_path):
    text = _log(["K1: Ana Y5, Ben Y10, Cleo R10", "K8: Cleo R1, Ana G10, Ben R9"])
    assert validate(tmp_path, text) == []
    assert read_log_text(text)[0].lang == "en"


# -- names, separators, two-word cards ---------------------------------------------------------


def test_names_are_never_folded(tmp_path):
    # A full-width name is that name: "Kai" in a trick line is someone else.
    text = _log(["黒5: Ｋａｉ 赤5, Lin 緑4, Mo 黄2", "黒3: Kai 赤9, Lin 緑9, Mo 黄1"], lang="ja",
                players=("Ｋａｉ", "Lin", "Mo"), ruleset="japanese")
    msgs = validate(tmp_path, text)
    assert len(msgs) == 1 and msgs[0].startswith("round 1, trick 2: 'Kai' is not a player"), msgs


def test_japanese_punctuation_separates_and_a_japanese_name_may_not_hold_it(tmp_path):
    text = _log(["黒5：カイ 赤5、リン 緑4，モ 黄2"], lang="ja", players=("カイ", "リン", "モ"), ruleset="japanese")
    assert validate(tmp_path, text) == []
    text = _log(["黒5: カ、イ 赤5, リン 緑4, モ 黄2"], lang="ja", players=("カ、イ", "リン", "モ"), ruleset="japanese")
    assert validate(tmp_path, text)[:1] == [
        "player name 'カ、イ' is not valid: it holds '、', which the trick lines of a Japanese log (lang = \"ja\") "
        "read as a separator; a name is 1-32 characters: letters, digits, spaces and punctuation except ',' ':' "
        "';', with no space at either end"]
    # In any other log 、 is a character like another.
    text = _log(["K5: カ、イ R5, リン G4, モ Y2"], players=("カ、イ", "リン", "モ"), ruleset="japanese")
    assert validate(tmp_path, text) == []


def test_a_two_word_card_is_one_card_after_a_name_of_two_words(tmp_path):
    options = "[options]\nlowest = true\n"
    text = _log(["N5: Ana Maria Più bassa, Ben V4, Cleo R3"], lang="it", players=("Ana Maria", "Ben", "Cleo"),
                ruleset="japanese", options=options)
    assert validate(tmp_path, text) == []
    log, _ = read_log_text(text)
    assert [(p, str(c)) for p, c in log.rounds[0].tricks[0].plays] == [
        ("Ana Maria", "Lowest"), ("Ben", "G4"), ("Cleo", "R3")]
    text = _log(["Piu' bassa N7: Ana Maria R1, Ben V2, Cleo G1"], lang="it", players=("Ana Maria", "Ben", "Cleo"),
                ruleset="japanese", options=options)
    assert validate(tmp_path, text) == []
    assert [str(c) for c in read_log_text(text)[0].rounds[0].tricks[0].revealed] == ["Lowest", "K7"]


def test_steal_and_pass_words_of_the_log_language_and_english(tmp_path):
    it = card_words("it")
    for line in ("Ladro: Ana R5, Ben V4; Ana ruba N5 a Ben", "Ladro: Ana R5, Ben V4; Ana steals N5 from Ben"):
        log, errors = read_log_text(_log([line], lang="it", players=("Ana", "Ben", "Cleo")))
        assert [str(a) for a in log.rounds[0].tricks[0].actions] == ["Ana steals K5 from Ben"]
    log, _ = read_log_text(_log(["Ladrón: Ana R5, Ben V4; Ana pasa"], lang="es"))
    assert [str(a) for a in log.rounds[0].tricks[0].actions] == ["Ana passes"]
    log, _ = read_log_text(_log(["Ladro: Ana R5, Ben V4; Ana passa"], lang="it"))
    assert [str(a) for a in log.rounds[0].tricks[0].actions] == ["Ana passes"]
    action = log.rounds[0].tricks[0].actions[0]
    assert it.action(action) == "Ana passa"
    assert card_words("ja").action(action) == "Ana passes"


# -- writers -------------------------------------------------------------------------------------------


def test_deal_and_simulate_write_the_card_words_of_log_lang(tmp_path):
    english = bids("deal", "-r", "italian", "--players", "4", "--seed", "7", "--rounds", "1")
    assert english.exit_code == 0 and "lang" not in english.stdout  # English by default, as before
    res = bids("deal", "-r", "italian", "--players", "4", "--seed", "7", "--rounds", "1", "--log-lang", "it")
    assert res.exit_code == 0
    assert 'lang = "it"' in res.stdout and "--log-lang it" in res.stdout
    assert 'pile = ["N6", "N2", "N4",' in res.stdout
    deal_it, deal_en = tmp_path / "deal-it.toml", tmp_path / "deal-en.toml"
    deal_it.write_text(res.stdout, encoding="utf-8")
    deal_en.write_text(english.stdout, encoding="utf-8")
    games = {}
    for name, deal, args in [("en", deal_en, []), ("it", deal_it, []), ("es", deal_it, ["--log-lang", "es"]),
                             ("ja", deal_en, ["--log-lang", "ja"])]:
        res = bids("simulate", deal, *args)
        assert res.exit_code == 0, res.output
        games[name] = tmp_path / f"game-{name}.toml"
        games[name].write_text(res.stdout, encoding="utf-8")
        if name != "en":
            assert f'lang = "{name}"' in res.stdout  # simulate keeps the deal's words unless --log-lang
    assert "V10" in games["it"].read_text("utf-8") and "AM" in games["es"].read_text("utf-8")
    assert "黒" in games["ja"].read_text("utf-8")
    base = doc(["score", games["en"]])
    for name in ("it", "es", "ja"):
        assert doc(["score", games[name]]) == base


def test_simulate_writes_a_deal_s_played_tricks_in_the_new_words(tmp_path):
    deal = tmp_path / "deal.toml"
    deal.write_text(bids("deal", "-r", "italian", "--players", "3", "--seed", "3", "--rounds", "1").stdout, "utf-8")
    first = bids("simulate", deal).stdout
    log, _ = read_log_text(first)
    played = log.rounds[0].tricks[0].text
    partly = first.replace("tricks = [\n", "tricks = [\n  " + json.dumps(played) + ",\n#", 1)
    cut = tmp_path / "partly.toml"
    cut.write_text(partly.split("#  ")[0] + "]\n", encoding="utf-8")
    res = bids("simulate", cut, "--log-lang", "it")
    assert res.exit_code == 0, res.output
    assert format_trick(log.rounds[0].tricks[0].revealed, log.rounds[0].tricks[0].plays, (), "it") in res.stdout


# -- the recorder ----------------------------------------------------------------------------------


def test_record_reads_writes_and_echoes_the_log_language(tmp_path):
    out = tmp_path / "venerdi.toml"
    res = rk.record(out, ["--players", "Ana,Ben,Cleo,Dev", "-r", "english", "--log-lang", "it"],
                    ["N5: R5 V4 N7 G2", "n3: r9 v9 g1 b2", "N6: dev r1, ana v1, ben g10, cleo b10"])
    assert res.returncode == 0, res.stderr
    lines = res.stderr.splitlines()
    assert lines[:3] == [
        'note: cards are typed and saved in Italian card words (lang = "it" in the log: R rosso, V verde, G',
        "    giallo, B blu, N nero); the results name cards in English tokens: R red, G green, Y yellow, B",
        "    blue, K black"]
    # Each card is said back with its colour word: a G typed for green shows as giallo at once.
    assert "  N5: Ana R5 (rosso), Ben V4 (verde), Cleo N7 (nero), Dev G2 (giallo)" in lines
    assert "  N3: Cleo R9 (rosso), Dev V9 (verde), Ana G1 (giallo), Ben B2 (blu)" in lines
    text = out.read_text(encoding="utf-8")
    assert 'lang = "it"' in text
    assert '"N5: Ana R5, Ben V4, Cleo N7, Dev G2"' in text and '"N3: Cleo R9, Dev V9, Ana G1, Ben B2"' in text
    english = tmp_path / "friday.toml"
    res = rk.record(english, ["--players", "Ana,Ben,Cleo,Dev", "-r", "english"],
                    ["K5: R5 G4 K7 Y2", "K3: R9 G9 Y1 B2", "K6: dev r1, ana g1, ben y10, cleo b10"])
    assert res.returncode == 0, res.stderr
    assert "  K5: Ana R5 (red), Ben G4 (green), Cleo K7 (black), Dev Y2 (yellow)" in res.stderr
    assert doc(["score", out, "--allow-partial"]) == doc(["score", english, "--allow-partial"])
    # --resume goes on in the log's own words; another --log-lang is refused.
    res = rk.record(out, ["--resume"], ["N8: R2 V2 G3 B3"])
    assert res.returncode == 0 and "  N8: Cleo R2 (rosso), Dev V2 (verde), Ana G3 (giallo), Ben B3 (blu)" in \
        res.stderr, res.stderr
    res = rk.record(out, ["--resume", "--log-lang", "es"], [])
    assert res.returncode == 2
    assert "--log-lang es, but" in res.stderr and 'written in Italian card words (it says lang = "it")' in res.stderr


def test_record_in_japanese_reads_japanese_punctuation_and_steals_in_spanish(tmp_path):
    out = tmp_path / "ja.toml"
    res = rk.record(out, ["--players", "アナ,ベン,クレオ", "-r", "english", "--log-lang", "ja"],
                    ["黒5：赤5、緑4、黒7"])
    assert res.returncode == 0, res.stderr
    assert "  黒5: アナ 赤5, ベン 緑4, クレオ 黒7" in res.stderr.splitlines()
    assert '"黒5: アナ 赤5, ベン 緑4, クレオ 黒7"' in out.read_text(encoding="utf-8")


def test_a_steal_is_typed_in_the_log_language(tmp_path):
    # The pipe kit, line by line (Live): a deferred Thief under english, the steal written in Spanish.
    out = tmp_path / "es.toml"
    live = rk.Live([out.name, "--players", "Ana,Ben,Cleo", "-r", "english", "-o", "thief=true", "--log-lang", "es"],
                   tmp_path)
    live.send("N5: R5 V4 N7", "R1 T1:")
    live.send("N8: R1 V10 AM1", "R1 T2:")
    got = live.send("Ladrón: R9 AM8 V2", "R1 T3:")
    assert "  Ladrón: Ana R9 (rojo), Ben AM8 (amarillo), Cleo V2 (verde)" in got
    got = live.send("N3: R4 AM3 V1; Ana roba N5 a Cleo", "R1 T4:")
    assert got[-1].startswith("R1 T4: Ana +3 (highest bid R4); Ana roba N5 a Cleo (+5)"), got
    code, err = live.finish()
    assert code == 0, err
    assert '"N3: Ana R4, Ben AM3, Cleo V1; Ana roba N5 a Cleo"' in out.read_text(encoding="utf-8")


# -- widths ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", ["80", "100"])
@pytest.mark.parametrize("command", ["score", "replay", "disputes"])
def test_japanese_names_and_cards_keep_the_table_widths(command, columns):
    res = bids(command, DATA / "ja-friday-4p.toml", columns=columns)
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines and all(screen_width(x) <= int(columns) for x in lines), "\n".join(lines)
    if command == "score" and columns == "80":  # the columns line up on screen: the totals end together
        table = [x for x in lines if re.match(r"\s+(rank|\d+)\s", x)]
        assert len(table) == 5 and len({screen_width(x) for x in table}) == 1, "\n".join(table)


def test_slips_are_fixed_in_the_log_s_own_card_words(tmp_path):
    # The likely fix of a slip (log.md 'A trick line') is written as the log writes its cards:
    # in an Italian log 5G is G5 (giallo), not Y5; a missing comma's fix keeps V7 and G8.
    msgs = validate(tmp_path, _log(["N1: Ana 5G, Ben V10, Cleo R10"], lang="it"))
    assert msgs == ["round 1, trick 1: '5G' is not a card: the colour comes first: 'G5'"]
    msgs = validate(tmp_path, _log(["N1: Ana N 5, Ben V10, Cleo R10"], lang="it"))
    assert msgs == ["round 1, trick 1: 'N 5' is not a card: write it without the space: 'N5'"]
    msgs = validate(tmp_path, _log(["N1: Ana R1, Ben V7 Cleo G8"], lang="it"))
    assert msgs == ["round 1, trick 1: 'Ben V7 Cleo G8' is not a play: a comma missing? write 'Ben V7, Cleo G8'"]
    msgs = validate(tmp_path, _log(["黒1： アナ 5赤、ベン 緑10、クレオ 赤10"], lang="ja", players=("アナ", "ベン", "クレオ")))
    assert msgs == ["round 1, trick 1: '5赤' is not a card: the colour comes first: '赤5'"]


@pytest.mark.parametrize("lang,turned,plays,word", [
    ("it", "N5", "R5 V4 N7 G2", "giallo"),
    ("es", "N5", "R5 V4 N7 AM2", "amarillo"),
])
def test_record_without_log_lang_writes_the_output_languages_card_words(tmp_path, lang, turned, plays, word):
    # Issue 34 item 3: `bids record` reads and writes the card words of the output language unless
    # --log-lang says otherwise (`bids --lang it record`, or BIDS_LANG=it).
    out = tmp_path / "serata.toml"
    res = subprocess.run([*rk.bids_cmd(), "--lang", lang, "record", str(out), "--players", "Ana,Ben,Cleo,Dev",
                          "-r", "english"], input=f"{turned}: {plays}\n", capture_output=True, text=True,
                         env=rk.env(), timeout=300)
    assert res.returncode == 0, res.stderr
    assert f"({word})" in res.stderr
    text = out.read_text(encoding="utf-8")
    assert f'lang = "{lang}"' in text
    assert f'"{turned}: Ana ' in text
    # In English, the log stays as it always was: no lang key.
    english = tmp_path / "friday.toml"
    res = subprocess.run([*rk.bids_cmd(), "--lang", "en", "record", str(english), "--players", "Ana,Ben,Cleo,Dev",
                          "-r", "english"], input="K5: R5 G4 K7 Y2\n", capture_output=True, text=True,
                         env=rk.env(), timeout=300)
    assert res.returncode == 0, res.stderr
    assert "lang =" not in english.read_text(encoding="utf-8")
