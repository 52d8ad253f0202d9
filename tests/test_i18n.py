"""The output language (issue 34): --lang, BIDS_LANG, the locale; messages as data (issue 33 item 6);
click's own words; JSON stays English; the suite's own language is pinned (conftest.py)."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.core import i18n
from bidscli.core.cards import card
from bidscli.core.errors import BidsError, UnfinishedError
from bidscli.core.i18n import Message, PluralMessage

ROOT = Path(__file__).resolve().parent.parent
LOCALE_VARIABLES = ("BIDS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def bids(*args, **env):
    """``python -m bidscli ARGS`` with the suite's environment, less the language variables, plus ``env``."""
    base = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    return subprocess.run([sys.executable, "-m", "bidscli", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**base, "COLUMNS": "100", **env}, encoding="utf-8")


# -- which language ----------------------------------------------------------------------------


@pytest.mark.parametrize("env,expected", [
    ({}, "en"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),  # gettext's order: LC_MESSAGES before LANG
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LC_ALL": "es_AR.UTF-8"}, "es"),  # LC_ALL before LC_MESSAGES
    ({"LC_ALL": "es_AR.UTF-8", "LANGUAGE": "it"}, "it"),  # LANGUAGE first
    ({"LANGUAGE": "fr:de:es", "LANG": "it_IT.UTF-8"}, "es"),  # the first of ours in LANGUAGE's list
    ({"LANGUAGE": "fr", "LANG": "it_IT.UTF-8"}, "en"),  # the first variable set decides, as gettext's
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"BIDS_LANG": "ja", "LANGUAGE": "it"}, "ja"),  # BIDS_LANG before the locale
    ({"BIDS_LANG": "ES"}, "es"),
    ({"BIDS_LANG": "fr", "LANG": "it_IT.UTF-8"}, "it"),  # not ours: passed over (the CLI refuses it)
])
def test_language_from_the_environment(env, expected):
    assert i18n.from_environment(env) == expected


def test_a_bids_lang_that_is_no_language_of_ours_is_refused_when_strict():
    with pytest.raises(ValueError):
        i18n.from_environment({"BIDS_LANG": "fr"}, strict=True)


def test_lang_beats_bids_lang_which_beats_the_locale():
    it = bids("--lang", "it", "score", BIDS_LANG="ja", LANG="es_ES.UTF-8")
    ja = bids("score", BIDS_LANG="ja", LANG="es_ES.UTF-8")
    es = bids("score", LANG="es_ES.UTF-8")
    en = bids("score")
    assert "Errore: Manca l'argomento 'LOG_OR_DIR...'." in it.stderr
    assert "エラー：必須の引数がありません： 'LOG_OR_DIR...'." in ja.stderr
    assert "Error: Falta el argumento 'LOG_OR_DIR...'." in es.stderr
    assert "Error: Missing argument 'LOG_OR_DIR...'." in en.stderr
    assert {it.returncode, ja.returncode, es.returncode, en.returncode} == {2}


def test_an_unknown_lang_is_a_usage_error_naming_the_four():
    res = bids("--lang", "fr", "validate", "examples/broken.toml")
    assert res.returncode == 2
    assert "Invalid value for '--lang': 'fr' is not one of 'it', 'es', 'ja', 'en'." in res.stderr
    assert res.stdout == ""


def test_an_unknown_bids_lang_is_a_usage_error_naming_the_four():
    res = bids("validate", "examples/broken.toml", BIDS_LANG="fr")
    assert res.returncode == 2
    assert "BIDS_LANG='fr' is not a language bids speaks: expected one of it, es, ja, en" in res.stderr
    assert bids("--lang", "en", "validate", "examples/broken.toml", BIDS_LANG="fr").returncode == 1  # --lang wins


def test_lang_is_case_insensitive_and_may_be_given_with_an_equals_sign():
    assert "Uso:" in bids("--lang=IT", "score").stderr
    assert "Uso:" in bids("--lang", "Es", "score").stderr


# -- what follows the language -----------------------------------------------------------------


def test_json_stays_english_in_every_language():
    english = bids("validate", "examples/broken.toml", "--format", "json")
    for lang in ("it", "es", "ja"):
        res = bids("--lang", lang, "validate", "examples/broken.toml", "--format", "json")
        assert res.stdout == english.stdout
        assert json.loads(res.stdout)["errors"][1]["message"].startswith("Cleo leads this trick")
    assert english.stderr.strip() == "1 file, 0 valid, 1 invalid, 9 errors"


def test_the_summary_line_follows_the_language_and_its_plurals():
    lines = {lang: bids("--lang", lang, "validate", "examples/broken.toml", "examples/friday-4p.toml").stdout
             .splitlines()[-1] for lang in ("en", "it", "es", "ja")}
    assert lines == {"en": "2 files, 1 valid, 1 invalid, 9 errors",
                     "it": "2 file, 1 valido, 1 non valido, 9 errori",
                     "es": "2 archivos, 1 válido, 1 no válido, 9 errores",
                     "ja": "ファイル2件、正常1、問題あり1、エラー9件"}
    one = bids("--lang", "it", "validate", "examples/friday-4p.toml").stdout.splitlines()
    assert one == ["examples/friday-4p.toml: valido", "1 file, 1 valido, 0 non validi, 0 errori"]


def test_the_summary_lines_notes_are_bracketed_as_the_language_writes_a_note():
    """Each note after the counts in the language's brackets: a space before ( in English, Italian and
    Spanish; Japanese （…） right after its text."""
    from bidscli.app.batch import ValidateSummary

    summary = ValidateSummary(files=3, valid=3, skipped=1, empty_folders=2)
    lines = {lang: summary.line().text(lang) for lang in ("en", "it", "es", "ja")}
    assert lines == {
        "en": "3 files, 3 valid, 0 invalid, 0 errors (1 ruleset file skipped) (2 folders with no .toml logs)",
        "it": "3 file, 3 validi, 0 non validi, 0 errori (1 file di regolamento saltato) (2 cartelle senza registri "
              ".toml)",
        "es": "3 archivos, 3 válidos, 0 no válidos, 0 errores (1 archivo de reglamento omitido) (2 carpetas sin "
              "registros .toml)",
        "ja": "ファイル3件、正常3、問題あり0、エラー0件（ルールセットのファイル1件はスキップしました）（.toml の記録がない"
              "フォルダー2件）"}


def test_an_errors_place_follows_the_language():
    line = bids("--lang", "es", "validate", "examples/broken.toml").stdout.splitlines()[1]
    assert line.startswith("examples/broken.toml:23: ronda 1, baza 2: ")


def test_help_in_each_language_with_clicks_own_words():
    it = bids("--lang", "it", "--help").stdout
    assert it.startswith("Uso: bids [OPTIONS] COMMAND [ARGS]...")
    assert "Opzioni:" in it and "Comandi:" in it and "Mostra questo messaggio ed esce." in it
    assert "Per cominciare (da qualsiasi cartella):" in it
    ja = bids("--lang", "ja", "validate", "--help").stdout
    assert "使い方：bids validate [OPTIONS] LOG_OR_DIR..." in ja and "例：" in ja and "[既定：table]" in ja
    assert "  bids validate examples/broken.toml" in ja  # the examples stay commands


def test_one_process_words_each_run_in_its_own_language():
    """click keeps a command's --help option once made; its words still follow each run's language."""
    runner = CliRunner()
    first = runner.invoke(main, ["--lang", "it", "validate", "--help"])
    second = runner.invoke(main, ["validate", "--help"])
    third = runner.invoke(main, ["--lang", "es", "validate", "--help"])
    assert "Mostra questo messaggio ed esce." in first.output
    assert "Show this message and exit." in second.output and "Mostra" not in second.output
    assert "Muestra este mensaje y sale." in third.output
    assert i18n.output_language() == "en"  # put back after each run (conftest: BIDS_LANG=en)
    assert "LANGUAGE" not in os.environ


def test_the_catalog_is_read_once_and_only_when_a_text_is_shown():
    """--lang it costs nothing until a text is worded; then the catalog is read once, for our words
    and click's alike (an audit hook counts the opens of .mo files)."""
    script = ("import sys\n"
              "opened = []\n"
              "sys.addaudithook(lambda e, a: e == 'open' and str(a[0]).endswith('.mo') and opened.append(a[0]))\n"
              "from bidscli.cli.main import main\n"
              "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
              "print(len(opened), file=sys.stderr)\n")
    base = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}

    def opens(*args):
        res = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, cwd=ROOT,
                             env=base)
        return int(res.stderr.strip().splitlines()[-1])

    assert opens("--lang", "it", "rules", "list", "--format", "json") == 0
    assert opens("--lang", "it", "--help") == 1  # our help texts and click's words: one read
    assert opens("--lang", "en", "--help") == 0


# -- messages as data --------------------------------------------------------------------------


def test_a_message_is_worded_when_shown():
    msg = PluralMessage("{n} error", "{n} errors", 3)
    assert msg.text("en") == "3 errors" and msg.text("it") == "3 errori" and msg.text("ja") == "エラー3件"
    assert PluralMessage("{n} error", "{n} errors", 1).text("es") == "1 error"
    nested = Message("{files}, {valid}, {invalid}, {errors}{notes}", files=PluralMessage("{n} file", "{n} files", 1),
                     valid=PluralMessage("{n} valid", "{n} valid", 0), invalid=PluralMessage("{n} invalid", "{n} invalid", 1),
                     errors=msg, notes="")
    assert nested.text("it") == "1 file, 0 validi, 1 non valido, 3 errori"
    assert Message("a message no catalog has {x}", x=1).text("ja") == "a message no catalog has 1"


def test_a_card_argument_is_worded_through_the_card_function():
    """The card words (i18n.card_text, log.md's table): G5 is giallo 5 in Italian text
    (tests/test_i18n_reader.py has every card in every language)."""
    assert card("Y5").in_language("it") == i18n.card_text(card("Y5"), "it") == "G5"
    assert Message("{card} of {player}", card=card("Thief"), player="Ana").text("es") == "Ladrón of Ana"


def test_an_error_carries_its_message_as_data_and_json_stays_english():
    err = BidsError(Message("round {round}, trick {trick}", round=1, trick=2), file="a.toml", line=3, round=4,
                    trick=5, follows=2)
    assert err.message == "round 1, trick 2"
    assert err.to_json()["message"] == "round 1, trick 2"
    assert err.text("it") == "round 1, presa 2 (conseguenza della riga 2)"
    assert err.where("ja") == "a.toml:3: ラウンド4、トリック5"
    back = pickle.loads(pickle.dumps(err))  # errors cross to and from worker processes
    assert back.msg == err.msg and str(back) == str(err)
    plain = BidsError("a message not converted yet", line=4)
    assert plain.text("es") == "a message not converted yet" and plain.where("es") == "línea 4"


def test_an_unfinished_errors_advice_may_be_a_message():
    err = UnfinishedError("round 2 stops after trick 3", advice=Message("Examples:"))
    assert err.text("it") == "round 2 stops after trick 3: Esempi:"
    assert err.message == "round 2 stops after trick 3: Examples:"
    assert UnfinishedError("stops").message == "stops: use --allow-partial to see the standings so far"


# -- the suite's own language --------------------------------------------------------------------


def test_the_suite_runs_in_english_on_an_italian_machine(tmp_path):
    """conftest.py pins BIDS_LANG=en and clears the locale: a run of some goldens with an Italian
    environment passes."""
    env = {**os.environ, "LANG": "it_IT.UTF-8", "LANGUAGE": "it", "LC_ALL": "it_IT.UTF-8"}
    env.pop("BIDS_LANG", None)
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/test_golden_cli.py::test_output_matches_golden[examples/broken.validate.txt]",
                          "tests/test_help_examples.py::test_score_and_replay_of_a_ruleset_file_say_so_as_validate_does"],
                         capture_output=True, text=True, cwd=ROOT, env=env)
    assert res.returncode == 0, res.stdout[-2000:]
    assert res.stdout.startswith("..")  # both ran (unpinned, the first fails: "round 1, presa 2")


# -- the pages -----------------------------------------------------------------------------------


def test_numbers_and_dates_as_each_language_writes_them():
    from bidscli.report import numbers

    assert [numbers.number(12.345, 1, lang) for lang in ("en", "it", "es", "ja")] == ["12.3", "12,3", "12,3", "12.3"]
    assert [numbers.percent(0.125, 1, lang) for lang in ("en", "it", "es", "ja")] == [
        "12.5%", "12,5%", "12,5\u00a0%", "12.5%"]
    assert numbers.number(None) == "-" and numbers.percent(None) == "-"
    assert [numbers.date("2026-12-06", lang) for lang in ("en", "it", "es", "ja")] == [
        "2026-12-06", "6 dicembre 2026", "6 de diciembre de 2026", "2026年12月6日"]
    assert numbers.date("next friday", "it") == "next friday"  # not a date: as written


def test_a_page_says_its_language_and_names_cjk_fonts(tmp_path):
    for lang in ("en", "ja", "it"):
        out = tmp_path / f"friday-{lang}.html"
        res = bids("--lang", lang, "report", "examples/friday-4p.toml", "--out", str(out))
        assert res.returncode == 0, res.stderr
        page = out.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in page
        assert '"Noto Sans CJK JP"' in page and "html:lang(ja) body" in page


def test_a_study_page_writes_its_rates_in_the_language(tmp_path):
    pages = {}
    for lang in ("en", "it", "es"):
        out = tmp_path / f"study-{lang}.html"
        res = bids("--lang", lang, "study", "-r", "italian", "-r", "english", "-p", "4", "-g", "40",
                   "--html", str(out), "--format", "json")
        assert res.returncode == 0, res.stderr
        pages[lang] = out.read_text(encoding="utf-8")
        rate = json.loads(res.stdout)["rulesets"][0]["burn_rate"]["rate"]
    shown = {lang: f"{100 * rate:.1f}" for lang in pages}
    assert f">{shown['en']}% " in pages["en"]
    assert f">{shown['it'].replace('.', ',')}% " in pages["it"]
    assert f">{shown['es'].replace('.', ',')}\u00a0% " in pages["es"]


@pytest.mark.parametrize("columns", [60, 100])
def test_japanese_help_fits_the_terminal_in_screen_columns(columns):
    """A kanji takes two columns: every line of every command's help fits, broken between
    characters, and no line starts with closing punctuation."""
    from wcwidth import wcswidth

    for words in ([], ["validate"], ["score"], ["record"], ["rules"], ["rules", "show"], ["diff"]):
        res = bids("--lang", "ja", *words, "--help", COLUMNS=str(columns))
        assert res.returncode == 0, res.stderr
        for line in res.stdout.splitlines():
            assert wcswidth(line) <= columns or "bids " in line, (words, line)  # examples stay whole
            assert not line.strip()[:1] in ("、", "。", "）"), (words, line)
        if not words:  # the list of commands: a first sentence that fits, whole
            assert "  disputes  このゲームを決めたのはどのルールか。\n" in res.stdout


def test_a_season_page_writes_its_dates_in_the_language(tmp_path):
    text = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "a.toml").write_text(f"date = 2026-12-04\n{text}", encoding="utf-8")
    pages = {}
    for lang in ("en", "it", "ja"):
        res = bids("--lang", lang, "season", str(tmp_path / "logs"), "--html", str(tmp_path / f"{lang}.html"))
        assert res.returncode == 0, res.stderr
        pages[lang] = (tmp_path / f"{lang}.html").read_text(encoding="utf-8")
    assert ">2026-12-04</td>" in pages["en"]
    assert ">4 dicembre 2026</td>" in pages["it"]
    assert ">2026年12月4日</td>" in pages["ja"]
    assert bids("--lang", "it", "season", str(tmp_path / "logs"), "--format", "json").stdout == bids(
        "season", str(tmp_path / "logs"), "--format", "json").stdout  # JSON: ISO, English


def test_worker_processes_speak_the_language_of_the_command():
    one = bids("--lang", "es", "validate", "tests/outside", "--jobs", "1")
    two = bids("--lang", "es", "validate", "tests/outside", "--jobs", "2")
    assert one.stdout == two.stdout and "ronda 1, baza" in one.stdout
