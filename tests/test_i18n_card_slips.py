"""A card the log reader cannot read (issue 34): said in the output language, with the nearest
special card's name among every language's (all are read in every log), for a log in a language's
card words and for an English one; the log's own tokens and words stay as it writes them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SLIPS = "tests/data/cardslips"
SAID = {  # (output language, log): the start of each error, trick by trick
    ("es", "es"): ["'Ladrn' no es una carta (¿quisiste decir 'Ladrón'?): un registro en español",
                   "'Theif' no es una carta (¿quisiste decir 'Thief'?): un registro en español",
                   "'R15' no es una carta: un registro en español", "'AZ' no es una carta: un registro en español"],
    ("it", "en"): ["'Thef' non è una carta (forse 'Thief'?): serve una lettera di colore inglese",
                   "'Ladra' non è una carta (forse 'Ladro'?): serve una lettera di colore inglese",
                   "'R15' non è una carta: serve", "'B' non è una carta: serve"],
    ("ja", "es"): ["'Ladrn' はカードではありません（もしかして 'Ladrón' ですか？）。スペイン語のゲーム記録",
                   "'Theif' はカードではありません（もしかして 'Thief' ですか？）。スペイン語のゲーム記録",
                   "'R15' はカードではありません。スペイン語のゲーム記録", "'AZ' はカードではありません。スペイン語のゲーム記録"],
    ("ja", "en"): ["'Thef' はカードではありません（もしかして 'Thief' ですか？）。英語の色の文字",
                   "'Ladra' はカードではありません（もしかして 'Ladro' ですか？）。英語の色の文字",
                   "'R15' はカードではありません。英語の色の文字", "'B' はカードではありません。英語の色の文字"],
    ("en", "en"): ["'Thef' is not a card (did you mean 'Thief'?): expected a colour",
                   "'Ladra' is not a card (did you mean 'Ladro'?): expected a colour",
                   "'R15' is not a card: expected", "'B' is not a card: expected"],
}
TRICK = {"en": "round 1, trick {n}: ", "it": "round 1, presa {n}: ", "es": "ronda 1, baza {n}: ",
         "ja": "ラウンド1、トリック{n}："}


@pytest.mark.parametrize("lang,log", sorted(SAID))
def test_a_card_slip_is_said_in_the_language_with_the_nearest_name(lang, log, monkeypatch):
    monkeypatch.chdir(ROOT)  # the log's path as the errors name it
    res = CliRunner().invoke(main, ["--lang", lang, "validate", f"{SLIPS}/{log}.toml"], env={"COLUMNS": "400"})
    assert res.exit_code == 1
    errors = [line.split(": ", 1)[1] for line in res.stdout.splitlines() if line.startswith(SLIPS)]
    assert len(errors) == 4, res.stdout
    for n, (error, said) in enumerate(zip(errors, SAID[lang, log]), 1):
        assert error.startswith(TRICK[lang].format(n=n) + said), error
        if lang != "en":
            assert " is not a card" not in error and "expected" not in error and " writes " not in error
